import { formatBrazilianDate } from '@prumo/domain/br/date';
import { formatCents } from '@prumo/domain/money/cents';
import { createQueuedMailer } from '../../jobs/email-delivery';
import { findPublicOrigin, sendBrandedEmail } from '../accounts/index';
import { findOrganizationById } from '../organizations/index';
import type { SubscriptionRuntime } from './subscription-charges';
import {
  type ChargeRow,
  findCardWithCustomer,
  findClientUser,
  findPlanNameOfSubscription,
  type SubscriptionRow,
} from './subscriptions.repo';

/** The profile's subscription view, on Prumo's public address (never a request's Host). */
function buildSubscriptionLink(runtime: SubscriptionRuntime, slug: string): string {
  return `${findPublicOrigin(runtime.deps)}/app/${slug}/configuracao/meu-perfil/assinatura`;
}

/**
 * Tells the client a renewal attempt failed: why, and when it is tried again, or that the
 * subscription is suspended after the last attempt. Queued as any e-mail (a delivery job).
 */
export async function emailRenewalFailure(
  runtime: SubscriptionRuntime,
  subscription: SubscriptionRow,
  charge: ChargeRow,
): Promise<void> {
  const { db } = runtime.deps;
  const [organization, client, planName, card] = await Promise.all([
    findOrganizationById(db, subscription.organizationId),
    findClientUser(db, subscription.organizationId, subscription.clientUserId),
    findPlanNameOfSubscription(db, subscription.id),
    charge.cardId === null ? Promise.resolve(null) : findCardWithCustomer(db, charge.cardId),
  ]);
  if (!organization || !client) return;
  const onCard = card ? ` no cartão final ${card.card.lastFourDigits}` : '';
  const reason = charge.failureMessage ? ` Motivo: ${charge.failureMessage}` : '';
  const next =
    subscription.status === 'suspended'
      ? 'Esta era a última tentativa: sua assinatura foi suspensa. Cadastre outro cartão e reative a assinatura para voltar a usar o plano.'
      : subscription.scheduledOn
        ? `Vamos tentar de novo em ${formatBrazilianDate(subscription.scheduledOn)}. Se preferir, troque o cartão antes disso.`
        : 'Troque o cartão da assinatura para tentarmos de novo.';
  const mailer = createQueuedMailer(db, runtime.jobs);
  await sendBrandedEmail({ ...runtime.deps, mailer }, { log: runtime.log }, organization.organization, client, {
    subject:
      subscription.status === 'suspended'
        ? `Sua assinatura foi suspensa — ${organization.organization.name}`
        : `Não conseguimos cobrar sua assinatura — ${organization.organization.name}`,
    lead: `A cobrança de ${formatCents(charge.amountCents)} do plano ${planName}${onCard} não foi aprovada.${reason} ${next}`,
    action: 'Ver minha assinatura',
    link: buildSubscriptionLink(runtime, organization.organization.slug),
    note: 'Você recebe este aviso porque uma cobrança da sua assinatura não foi aprovada.',
  });
}
