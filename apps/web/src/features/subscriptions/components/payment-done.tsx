import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Subscription } from '@prumo/contract/subscriptions';
import { Link } from 'react-router';

/** Step 3: the plan is the client's; from here to the subscription's page or the dashboard. */
export function PaymentDone({
  subscription,
  subscriptionHref,
  dashboardHref,
}: {
  subscription: Subscription;
  subscriptionHref: string;
  dashboardHref: string;
}) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="assinatura-concluida">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h3" id="assinatura-concluida">
            Assinatura concluída
          </Title>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            Você assinou o plano <strong>{subscription.plan.name}</strong>.
            {subscription.next_payment_date_formatted
              ? ` A próxima cobrança será em ${subscription.next_payment_date_formatted}.`
              : ''}
          </Text>
        </Stack>
        <Group gap="sm">
          <Button component={Link} to={subscriptionHref}>
            Ver minha assinatura
          </Button>
          <Button component={Link} to={dashboardHref} variant="default">
            Ir para o início
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
