/** The debts module's public face: the debts' routes, and the scale their interest rates are stored in. */
export { registerDebtRoutes } from './debts.routes';
export { interestRateScale } from './debts.service';
