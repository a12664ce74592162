import { Alert, Anchor, Button, Group, Skeleton, Stack, Stepper } from '@mantine/core';
import type { Plan } from '@prumo/contract/plans';
import type { Subscription } from '@prumo/contract/subscriptions';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { usePhoneLayout } from '../../../components/data-table';
import { ErrorState } from '../../../components/error-state';
import { describeError } from '../../../lib/errors';
import { notifyMutationError } from '../../../lib/mutation-errors';
import { notifySuccess } from '../../../lib/notifications';
import { usePersona } from '../../../lib/persona';
import { useAcceptSubscription } from '../api/accept-subscription';
import { useCreateSubscription } from '../api/create-subscription';
import { usePlanByHash } from '../api/get-plan-by-hash';
import { useSubscription } from '../api/get-subscription';
import { useSubscriptions } from '../api/get-subscriptions';
import { useRejectSubscription } from '../api/reject-subscription';
import { buildSubscriptionQueryKey } from '../api/subscriptions-query-keys';
import { PaymentDone } from './payment-done';
import { PaymentForm, paymentFailedMessage } from './payment-form';
import { PaymentProcessing } from './payment-processing';
import { PlanProposal } from './plan-proposal';
import { findPaymentStep, isSubscriptionOpen, pickPlanSubscription } from './subscription-rules';

export interface SubscriptionPaymentLinks {
  plansHref: string;
  subscriptionHref: string;
  dashboardHref: string;
}

interface SubscriptionPaymentProps extends SubscriptionPaymentLinks {
  organization: string;
  planHash: string;
}

/** payment/{planHash}: a client subscribes to a plan. Planners and managers see the plan only. */
export function SubscriptionPayment({ organization, planHash, ...links }: SubscriptionPaymentProps) {
  const persona = usePersona();
  const plan = usePlanByHash(planHash);
  const isClient = persona.data?.view === 'client';
  const subscriptions = useSubscriptions({ enabled: isClient });

  if (plan.isPending || persona.isPending || (isClient && subscriptions.isPending)) return <Skeleton h={360} />;
  if (plan.isError) {
    return (
      <Stack gap="sm">
        <ErrorState message={describeError(plan.error)} onRetry={() => plan.refetch()} />
        <Anchor component={Link} to={links.plansHref} size="sm">
          Ver os planos
        </Anchor>
      </Stack>
    );
  }
  if (!isClient) {
    return (
      <Stack gap="md" maw={720}>
        <Alert color="blue" variant="light">
          Somente clientes assinam planos. Compartilhe este endereço com o cliente para que ele assine.
        </Alert>
        <PlanProposal plan={plan.data} subscription={null} />
      </Stack>
    );
  }
  if (subscriptions.isError) {
    return <ErrorState message={describeError(subscriptions.error)} onRetry={() => subscriptions.refetch()} />;
  }
  if (!subscriptions.data) return <Skeleton h={360} />;
  return (
    <PaymentSteps
      organization={organization}
      plan={plan.data}
      found={pickPlanSubscription(subscriptions.data.results, planHash)}
      {...links}
    />
  );
}

function PaymentSteps({
  organization,
  plan,
  found,
  plansHref,
  subscriptionHref,
  dashboardHref,
}: SubscriptionPaymentLinks & { organization: string; plan: Plan; found: Subscription | null }) {
  const phone = usePhoneLayout();
  const queryClient = useQueryClient();
  // Once created or accepted here, the subscription is followed by its id (the list may lag).
  const [trackedId, setTrackedId] = useState<number | null>(null);
  // A payment that failed before comes back at the payment form, with its reason.
  const [paymentOpened, setPaymentOpened] = useState(found?.status === 'failed');
  const subscriptionId = trackedId ?? found?.id ?? null;
  const detail = useSubscription(subscriptionId);
  const subscription = detail.data ?? (found?.id === subscriptionId ? found : null);
  const create = useCreateSubscription();
  const acceptPlatform = useAcceptSubscription();
  const reject = useRejectSubscription();
  const step = findPaymentStep(subscription, paymentOpened);
  const canReject = subscription !== null && (subscription.status === 'pending' || subscription.status === 'failed');

  const follow = (next: Subscription) => {
    queryClient.setQueryData(buildSubscriptionQueryKey(next.id), next);
    setTrackedId(next.id);
  };

  const goOn = async () => {
    let current = subscription && isSubscriptionOpen(subscription) ? subscription : null;
    if (!current) {
      try {
        current = await create.mutateAsync({ plan: plan.id });
      } catch (error) {
        notifyMutationError(error);
        return;
      }
      follow(current);
    }
    if (current.plan.type !== 'platform') {
      setPaymentOpened(true);
      return;
    }
    // A platform plan needs no card: accepted right here.
    acceptPlatform.mutate(
      { id: current.id, body: { accepts: true } },
      { onSuccess: follow, onError: (error) => notifyMutationError(error) },
    );
  };

  const declinePlan = () => {
    if (!subscription) return;
    reject.mutate(subscription.id, {
      onSuccess: () => {
        notifySuccess('Plano recusado');
        // Start over from what the server says now.
        setTrackedId(null);
        setPaymentOpened(false);
        queryClient.removeQueries({ queryKey: buildSubscriptionQueryKey(subscription.id) });
      },
      onError: (error) => notifyMutationError(error),
    });
  };

  const lastFailure =
    subscription?.status === 'failed' ? (subscription.charges[0]?.failure_message ?? paymentFailedMessage) : null;

  return (
    <Stack gap="lg" maw={760}>
      <Stepper
        active={step === 3 ? 3 : step - 1}
        orientation={phone ? 'vertical' : 'horizontal'}
        size="sm"
        allowNextStepsSelect={false}
        aria-label="Etapas da assinatura"
      >
        <Stepper.Step label="Plano proposto" />
        <Stepper.Step label="Pagamento e assinatura" />
        <Stepper.Step label="Concluído" />
      </Stepper>

      {step === 1 ? (
        <PlanProposal
          plan={plan}
          subscription={subscription && isSubscriptionOpen(subscription) ? subscription : null}
          actions={
            <Group justify="space-between" gap="sm">
              {canReject ? (
                <Button variant="subtle" color="red" onClick={declinePlan} loading={reject.isPending}>
                  Recusar
                </Button>
              ) : (
                <Button component={Link} to={plansHref} variant="default">
                  Ver outros planos
                </Button>
              )}
              <Button
                onClick={() => void goOn()}
                loading={create.isPending || acceptPlatform.isPending}
                disabled={reject.isPending}
              >
                {plan.type === 'platform' ? 'Aceitar plano' : 'Continuar para o pagamento'}
              </Button>
            </Group>
          }
        />
      ) : null}

      {step === 2 && subscription?.status === 'processing' ? <PaymentProcessing /> : null}
      {step === 2 && subscription && subscription.status !== 'processing' ? (
        <PaymentForm
          // Kept while the card is declined: what was typed stays for another try.
          key={subscription.id}
          organization={organization}
          subscription={subscription}
          failureMessage={lastFailure}
          onAccepted={follow}
          onBack={() => setPaymentOpened(false)}
          onReject={declinePlan}
          rejecting={reject.isPending}
        />
      ) : null}

      {step === 3 && subscription ? (
        <PaymentDone subscription={subscription} subscriptionHref={subscriptionHref} dashboardHref={dashboardHref} />
      ) : null}
    </Stack>
  );
}
