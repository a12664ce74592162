/**
 * The plans module's public face: the routes of plans, the organization's bank accounts and managing
 * partners (the Financeiro screen), and what the gateway and subscriptions read of them.
 */

export { registerBankAccountRoutes } from './bank-accounts.routes';
export { findBankDataChangedAt, findDefaultBankAccount } from './bank-accounts.service';
export { registerManagingPartnerRoutes } from './managing-partners.routes';
export { listManagingPartners } from './managing-partners.service';
export { registerPlanRoutes } from './plans.routes';
export { findPlan, findPlanByHashedId, presentPlan } from './plans.service';
