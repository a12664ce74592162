/**
 * The investments module's public face: the investments' routes, their list with history (net
 * worth), and the points of their history a period's return needs (Meu desempenho's return).
 */
export { findPeriodPoints } from './investments.repo';
export { registerInvestmentRoutes } from './investments.routes';
export { listInvestments, type SyncedInvestment, storeSyncedInvestments } from './investments.service';
