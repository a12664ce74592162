import { type GatewayEventHandler, readEventCharge } from '../payment-gateway/index';
import { isRenewalFailureNews, settleChargeInTransaction } from './subscription-charges';
import { emailRenewalFailure } from './subscription-emails';
import { subscriptionChargesRecoveryJob } from './subscription-jobs';
import { findChargeByGatewayId } from './subscriptions.repo';

/** How long after the event's transaction the refunds it asked for are made (it must have committed by then). */
const refundDelaySeconds = 30;

/**
 * A verified webhook event (`charge.paid`, `charge.payment_failed`, `charge.refunded`…): the charge
 * it tells of is found by the gateway's id (an unknown one, or another kind of event, is ignored)
 * and its news applied through the state machine, in the event's own transaction, so each event
 * changes things once. A repeat of news already recorded changes nothing.
 */
export const handleSubscriptionGatewayEvent: GatewayEventHandler = async (event, { deps, jobs, log, transaction }) => {
  const charge = readEventCharge(event);
  if (!charge) return;
  const row = await findChargeByGatewayId(transaction, event.provider, charge.id);
  if (!row) return;
  const settlement = await settleChargeInTransaction(transaction, row.id, { type: 'answered', charge }, new Date());
  if (settlement.refundChargeIds.length > 0) {
    await jobs.send(subscriptionChargesRecoveryJob, {}, { startAfterSeconds: refundDelaySeconds });
  }
  if (isRenewalFailureNews(settlement)) {
    await emailRenewalFailure({ deps, jobs, log }, settlement.subscription, settlement.charge);
  }
  if (settlement.moved) {
    log.info(
      { subscription: settlement.subscription.id, charge: row.id, status: settlement.charge.status },
      'subscription charge settled by webhook',
    );
  }
};
