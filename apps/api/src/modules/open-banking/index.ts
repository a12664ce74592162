/** Open Finance connections: the directory, the consent and the bank's return, the client's connections. */

export { registerOpenBankingRoutes } from './open-banking.routes';
export { removeAbandonedConsentRequests } from './open-banking.service';
export { openBankingDailySyncJob, openBankingRevocationsJob, openBankingSyncJob } from './open-banking-jobs';
export { syncConnection } from './open-banking-sync';
