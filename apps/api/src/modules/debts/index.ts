/** The debts module's public face: the debts' routes. */
export { registerDebtRoutes } from './debts.routes';
