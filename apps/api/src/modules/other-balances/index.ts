/** The other balances module's public face: its routes and the balances with history (net worth). */
export { registerOtherBalanceRoutes } from './other-balances.routes';
export { listOtherBalances } from './other-balances.service';
