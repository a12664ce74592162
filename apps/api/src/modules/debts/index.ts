/** The debts module's public face: the debts' routes, their list (net worth), and the scale their interest rates are stored in. */
export { registerDebtRoutes } from './debts.routes';
export { interestRateScale, listDebts } from './debts.service';
