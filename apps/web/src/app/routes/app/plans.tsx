import { Stack, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { PlanCards } from '../../../features/plans/components/plan-cards';
import { useSubscription } from '../../../features/subscriptions/api/get-subscription';
import { usePersona } from '../../../lib/persona';

/** Planos (everyone): the organization's active plans, each leading to its payment screen; the caller's own marked. */
export function PlansRoute() {
  const { organization = '' } = useParams();
  const persona = usePersona();
  // me/ names the current subscription; the subscription names its plan.
  const currentSubscription = useSubscription(persona.data?.current_subscription?.id ?? null);
  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        Escolha o plano que combina com você. O total é o valor cobrado por mês.
      </Text>
      <PlanCards
        buildPaymentHref={(hashedId) => paths.app.routes.payment.getHref(organization, { planHash: hashedId })}
        currentPlanId={currentSubscription.data?.plan.id ?? null}
      />
    </Stack>
  );
}
