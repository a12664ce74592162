/** The investments module's public face: the investments' routes. */
export { registerInvestmentRoutes } from './investments.routes';
