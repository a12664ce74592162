import { Badge, Button, Card, Group, List, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { Plan } from '@prumo/contract/plans';
import { formatCents } from '@prumo/domain/money/cents';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { describeError } from '../../../lib/errors';
import { usePlans } from '../api/get-plans';

function describeMonths(months: number): string {
  return months === 1 ? '1 mês' : `${months} meses`;
}

function PlanCard({ plan, paymentHref, isCurrent }: { plan: Plan; paymentHref: string; isCurrent: boolean }) {
  const titleId = `plano-${plan.id}`;
  return (
    <Card
      withBorder
      padding="lg"
      component="article"
      aria-labelledby={titleId}
      style={isCurrent ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined}
    >
      <Stack gap="sm" h="100%">
        <Stack gap={4}>
          {isCurrent ? (
            <Badge variant="filled" w="fit-content">
              Plano atual
            </Badge>
          ) : null}
          <Title order={2} size="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
            {plan.name}
          </Title>
          {plan.description ? (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {plan.description}
            </Text>
          ) : null}
        </Stack>
        {plan.serviceProvision.length > 0 ? (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Serviços incluídos
            </Text>
            <List size="sm" spacing={6} aria-label={`Serviços do plano ${plan.name}`}>
              {plan.serviceProvision.map((service, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: services have no id; their order is fixed
                <List.Item key={index}>
                  <Text size="sm" fw={500} span>
                    {service.name}
                  </Text>{' '}
                  <Text size="xs" c="dimmed" span>
                    ({describeMonths(service.period)})
                  </Text>
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {service.description}
                  </Text>
                </List.Item>
              ))}
            </List>
          </Stack>
        ) : (
          <Badge variant="light" color="gray" w="fit-content">
            Acesso à plataforma
          </Badge>
        )}
        <Stack gap={2} mt="auto">
          <Group gap={6} align="baseline" wrap="wrap">
            <Text fz={24} fw={700} aria-label={`Total do plano ${plan.name}`}>
              {formatCents(plan.total_amount)}
            </Text>
            <Text size="sm" c="dimmed">
              por mês
            </Text>
          </Group>
          {plan.service_amount > 0 && plan.service_months > 0 ? (
            <Text size="xs" c="dimmed">
              Serviços cobrados por {describeMonths(plan.service_months)}.
            </Text>
          ) : null}
        </Stack>
        <Button component={Link} to={paymentHref} fullWidth aria-label={`Assinar ${plan.name}`}>
          Assinar
        </Button>
      </Stack>
    </Card>
  );
}

/**
 * The organization's active plans as cards, each with its total per month and the way to subscribe;
 * the caller's current plan (`currentPlanId`) is marked "Plano atual". Managers read every plan;
 * this screen shows what clients see, the active ones.
 */
export function PlanCards({
  buildPaymentHref,
  currentPlanId = null,
}: {
  buildPaymentHref: (hashedId: string) => string;
  currentPlanId?: number | null;
}) {
  const plans = usePlans();
  if (plans.isPending) return <Skeleton h={240} />;
  if (plans.isError) return <ErrorState message={describeError(plans.error)} onRetry={() => plans.refetch()} />;
  const active = plans.data.filter((plan) => plan.is_active);
  if (active.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Nenhum plano disponível no momento.
      </Text>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      {active.map((plan) => (
        <PlanCard
          key={plan.id}
          plan={plan}
          paymentHref={buildPaymentHref(plan.hashed_id)}
          isCurrent={plan.id === currentPlanId}
        />
      ))}
    </SimpleGrid>
  );
}
