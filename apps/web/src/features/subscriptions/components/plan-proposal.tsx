import { Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { Plan } from '@prumo/contract/plans';
import type { Subscription } from '@prumo/contract/subscriptions';
import { formatCents } from '@prumo/domain/money/cents';
import { computePlanTotalCents } from '@prumo/domain/payments/plan-rules';
import type { ReactNode } from 'react';

function describeMonths(months: number): string {
  return months === 1 ? '1 mês' : `${months} meses`;
}

/**
 * The plan as proposed: its name, description, services and what is paid each month. A
 * subscription keeps the amounts it was proposed with, so they win over the plan's current ones.
 */
export function PlanProposal({
  plan,
  subscription,
  actions,
}: {
  plan: Plan;
  subscription: Subscription | null;
  actions?: ReactNode;
}) {
  const total = computePlanTotalCents(subscription ?? plan);
  const titleId = `plano-proposto-${plan.id}`;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Stack gap={4}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Plano proposto
          </Text>
          <Title order={2} size="h3" id={titleId} style={{ overflowWrap: 'anywhere' }}>
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
        <Group gap={6} align="baseline" wrap="wrap">
          <Text size="sm">Total:</Text>
          <Text fz={24} fw={700} aria-label="Total do plano proposto">
            {formatCents(total)}
          </Text>
          <Text size="sm" c="dimmed">
            por mês
          </Text>
        </Group>
        {actions}
      </Stack>
    </Paper>
  );
}
