import { Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { Subscription, SubscriptionCharge } from '@prumo/contract/subscriptions';
import { formatCents } from '@prumo/domain/money/cents';
import { computePlanTotalCents } from '@prumo/domain/payments/plan-rules';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataCell, type DataColumn, DataRow, DataTable } from '../../../components/data-table';
import { ErrorState } from '../../../components/error-state';
import { SectionHeader } from '../../../components/section-header';
import { describeError, isApiError } from '../../../lib/errors';
import { formatIsoDate } from '../../../lib/format';
import { notifyMutationError } from '../../../lib/mutation-errors';
import { notifySuccess } from '../../../lib/notifications';
import { usePersona } from '../../../lib/persona';
import { useCancelSubscription } from '../api/cancel-subscription';
import { useSubscription } from '../api/get-subscription';
import { useReactivateSubscription } from '../api/reactivate-subscription';
import { ChangeCardDialog } from './change-card-dialog';
import {
  chargeStatusColors,
  chargeStatusLabels,
  describeCard,
  subscriptionStatusColors,
  subscriptionStatusLabels,
} from './subscription-labels';
import { canCancelSubscription, canChangeSubscriptionCard, canReactivateSubscription } from './subscription-rules';

export const subscriptionMessages = {
  canceled: 'Assinatura cancelada',
  cancelFailed: 'Não foi possível cancelar sua assinatura',
  reactivated: 'Assinatura reativada',
  reactivateFailed: 'Erro ao reativar subscrição',
} as const;

const chargeColumns: DataColumn[] = [
  { key: 'date', header: 'Data', phone: 'title', nowrap: true },
  { key: 'amount', header: 'Valor', phone: 'aside', align: 'right', nowrap: true },
  { key: 'status', header: 'Situação', phone: 'field' },
  { key: 'reason', header: 'Motivo da recusa', phone: 'field' },
];

const dateFormatter = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short' });

/** The day a charge was made (or paid), in the browser's time zone. */
function formatChargeDate(charge: SubscriptionCharge): string {
  const date = new Date(charge.paid_at ?? charge.created_at);
  return Number.isNaN(date.getTime()) ? formatIsoDate(charge.due_date) : dateFormatter.format(date);
}

/** The profile's Assinatura: the client's current plan, its card and payments, and what they can do with it. */
export function SubscriptionOverview({ organization, plansHref }: { organization: string; plansHref: string }) {
  const persona = usePersona();
  const currentId = persona.data?.current_subscription?.id ?? null;
  const subscription = useSubscription(currentId);
  if (persona.isPending || (currentId !== null && subscription.isPending)) return <Skeleton h={320} />;
  if (persona.isError) return <ErrorState message={describeError(persona.error)} onRetry={() => persona.refetch()} />;
  if (currentId === null) return <NoSubscription plansHref={plansHref} />;
  if (subscription.isError || !subscription.data) {
    return <ErrorState message={describeError(subscription.error)} onRetry={() => subscription.refetch()} />;
  }
  return <SubscriptionDetails organization={organization} subscription={subscription.data} plansHref={plansHref} />;
}

function NoSubscription({ plansHref }: { plansHref: string }) {
  return (
    <Paper withBorder p="md">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h4">
          Você ainda não tem uma assinatura
        </Title>
        <Text size="sm" c="dimmed">
          Conheça os planos disponíveis e escolha o que combina com você.
        </Text>
        <Button component={Link} to={plansHref}>
          Ver planos
        </Button>
      </Stack>
    </Paper>
  );
}

function SummaryItem({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Stack>
  );
}

function SubscriptionDetails({
  organization,
  subscription,
  plansHref,
}: {
  organization: string;
  subscription: Subscription;
  plansHref: string;
}) {
  const cancel = useCancelSubscription();
  const reactivate = useReactivateSubscription();
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [changingCard, setChangingCard] = useState(false);
  const isCardPlan = subscription.plan.type !== 'platform';

  const confirmCancel = () =>
    cancel.mutate(undefined, {
      onSuccess: (answer) => {
        setConfirmingCancel(false);
        notifySuccess(answer?.detail || subscriptionMessages.canceled);
      },
      onError: (error) => {
        setConfirmingCancel(false);
        notifyMutationError(error, subscriptionMessages.cancelFailed);
      },
    });

  const reactivateSubscription = () =>
    reactivate.mutate(undefined, {
      onSuccess: () => notifySuccess(subscriptionMessages.reactivated),
      // A declined card (402) says why, after the screen's own message.
      onError: (error) =>
        notifyMutationError(
          error,
          isApiError(error) && error.status === 402
            ? `${subscriptionMessages.reactivateFailed}: ${describeError(error)}`
            : subscriptionMessages.reactivateFailed,
        ),
    });

  return (
    <Stack gap="md">
      <Paper withBorder p="md" component="section" aria-labelledby="assinatura-atual">
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" gap="sm">
            <Stack gap={2} miw={0}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                Plano atual
              </Text>
              <Title order={2} size="h3" id="assinatura-atual" style={{ overflowWrap: 'anywhere' }}>
                {subscription.plan.name}
              </Title>
            </Stack>
            <Badge
              color={subscriptionStatusColors[subscription.status]}
              variant="light"
              aria-label={`Situação: ${subscriptionStatusLabels[subscription.status]}`}
            >
              {subscriptionStatusLabels[subscription.status]}
            </Badge>
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
            <SummaryItem label="Valor por mês" value={formatCents(computePlanTotalCents(subscription))} />
            <SummaryItem label="Próxima cobrança" value={subscription.next_payment_date_formatted ?? '—'} />
            <SummaryItem label="Último pagamento" value={subscription.last_payment_date_formatted ?? '—'} />
            {isCardPlan ? (
              <SummaryItem label="Cartão" value={subscription.card ? describeCard(subscription.card) : '—'} />
            ) : null}
          </SimpleGrid>
          {subscription.status === 'canceled' && subscription.access_ends_on ? (
            <Text size="sm" c="dimmed">
              Cancelada: o plano pode ser usado até {formatIsoDate(subscription.access_ends_on)}.
            </Text>
          ) : null}
          <Group gap="sm">
            {canChangeSubscriptionCard(subscription) ? (
              <Button variant="light" onClick={() => setChangingCard(true)}>
                Trocar cartão
              </Button>
            ) : null}
            {canReactivateSubscription(subscription) ? (
              <Button onClick={reactivateSubscription} loading={reactivate.isPending}>
                Reativar
              </Button>
            ) : null}
            {canCancelSubscription(subscription) ? (
              <Button variant="subtle" color="red" onClick={() => setConfirmingCancel(true)}>
                Cancelar assinatura
              </Button>
            ) : null}
            <Button component={Link} to={plansHref} variant="default">
              Ver planos
            </Button>
          </Group>
        </Stack>
      </Paper>

      <Paper withBorder p="md" component="section" aria-label="Histórico de cobranças">
        <SectionHeader title="Histórico de cobranças" />
        {subscription.charges.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nenhuma cobrança ainda.
          </Text>
        ) : (
          <DataTable label="Cobranças" columns={chargeColumns} minWidth={560}>
            {subscription.charges.map((charge) => (
              <DataRow key={charge.id} label={`Cobrança de ${formatChargeDate(charge)}`}>
                <DataCell column="date">
                  <Text size="sm">{formatChargeDate(charge)}</Text>
                </DataCell>
                <DataCell column="amount">
                  <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {formatCents(charge.amount)}
                  </Text>
                </DataCell>
                <DataCell column="status">
                  <Badge color={chargeStatusColors[charge.status]} variant="light">
                    {chargeStatusLabels[charge.status]}
                  </Badge>
                </DataCell>
                <DataCell column="reason">
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {charge.failure_message ?? '—'}
                  </Text>
                </DataCell>
              </DataRow>
            ))}
          </DataTable>
        )}
      </Paper>

      <ConfirmDialog
        opened={confirmingCancel}
        title="Cancelar assinatura"
        message={
          subscription.next_payment_date_formatted
            ? `Nenhuma nova cobrança será feita. Você continua com o plano até ${subscription.next_payment_date_formatted}.`
            : 'Nenhuma nova cobrança será feita.'
        }
        confirmLabel="Cancelar assinatura"
        cancelLabel="Manter assinatura"
        danger
        loading={cancel.isPending}
        onConfirm={confirmCancel}
        onClose={() => setConfirmingCancel(false)}
      />
      {isCardPlan ? (
        <ChangeCardDialog
          opened={changingCard}
          organization={organization}
          subscription={subscription}
          onClose={() => setChangingCard(false)}
        />
      ) : null}
    </Stack>
  );
}
