/** The other balances module's public face: its routes. */
export { registerOtherBalanceRoutes } from './other-balances.routes';
