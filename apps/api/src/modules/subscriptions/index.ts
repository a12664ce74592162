/**
 * The subscriptions module's public face: its routes, the gateway events' handler, its jobs
 * (renewals, unfinished charges), and what me/ and the client lists show of a client's plan.
 */

export { handleSubscriptionGatewayEvent } from './subscription-events';
export { subscriptionChargesRecoveryJob, subscriptionRenewalsJob } from './subscription-jobs';
export { buildClientOnPlanWhere } from './subscriptions.repo';
export { registerSubscriptionRoutes } from './subscriptions.routes';
export {
  type ClientSubscriptionSummary,
  describeClientSubscription,
  findCurrentPlans,
} from './subscriptions.service';
