/** The investments module's public face: the investments' routes and their list with history (net worth). */
export { registerInvestmentRoutes } from './investments.routes';
export { listInvestments } from './investments.service';
