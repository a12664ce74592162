import { Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { formatCents } from '@prumo/domain/money/cents';
import { computePlanTotalCents } from '@prumo/domain/payments/plan-rules';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessages } from '../../../lib/errors';
import { notifyError, notifySuccess } from '../../../lib/notifications';
import { useSubscriptions } from '../api/get-subscriptions';
import { useRejectSubscription } from '../api/reject-subscription';
import { pickPendingSubscription } from './subscription-rules';

export const pendingSubscriptionMessages = {
  declineFailed: 'Tente novamente mais tarde.',
  notFound: errorMessages.unavailable,
} as const;

interface PendingSubscriptionModalProps {
  /** me/ says the client has a subscription waiting for them. */
  hasPendingSubscription: boolean;
  buildPaymentHref: (planHash: string) => string;
}

/**
 * A plan proposed to the client and not yet answered: continue to its payment screen, or decline
 * it. Once dismissed it stays closed until the page is loaded again; me/ stops asking once it is
 * answered.
 */
export function PendingSubscriptionModal({ hasPendingSubscription, buildPaymentHref }: PendingSubscriptionModalProps) {
  const [dismissed, setDismissed] = useState(false);
  const opened = hasPendingSubscription && !dismissed;
  const subscriptions = useSubscriptions({ enabled: opened });
  const reject = useRejectSubscription();
  const navigate = useNavigate();
  const pending = subscriptions.data ? pickPendingSubscription(subscriptions.data.results) : null;
  const lookedUp = subscriptions.isSuccess || subscriptions.isError;

  const continueToPayment = () => {
    if (!pending) {
      notifyError(pendingSubscriptionMessages.notFound);
      return;
    }
    setDismissed(true);
    navigate(buildPaymentHref(pending.plan.hashed_id));
  };

  const decline = () => {
    if (!pending) {
      notifyError(pendingSubscriptionMessages.notFound);
      return;
    }
    reject.mutate(pending.id, {
      onSuccess: () => {
        notifySuccess('Plano recusado');
        setDismissed(true);
      },
      onError: () => notifyError(pendingSubscriptionMessages.declineFailed),
    });
  };

  return (
    <Modal opened={opened} onClose={() => setDismissed(true)} title="Assinatura pendente" centered>
      <Stack gap="md">
        {!lookedUp ? <Skeleton h={40} /> : null}
        {lookedUp && pending ? (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            Você tem o plano <strong>{pending.plan.name}</strong> aguardando sua resposta, por{' '}
            {formatCents(computePlanTotalCents(pending))} por mês. Deseja continuar para a assinatura?
          </Text>
        ) : null}
        {lookedUp && !pending ? <Text size="sm">Você tem uma assinatura aguardando sua resposta.</Text> : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={decline} loading={reject.isPending} disabled={!lookedUp}>
            Recusar
          </Button>
          <Button onClick={continueToPayment} disabled={!lookedUp || reject.isPending}>
            Continuar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
