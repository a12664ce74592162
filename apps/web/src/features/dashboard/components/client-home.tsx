import { Anchor, Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { ClientHome, UpcomingBill } from '@prumo/contract/home';
import type { AppRouteName } from '@prumo/domain/auth/routes';
import { formatBrazilianDate } from '@prumo/domain/br/date';
import { formatCents } from '@prumo/domain/money/cents';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AmountText } from '../../../components/amount-text';
import { ErrorState } from '../../../components/error-state';
import { SectionHeader } from '../../../components/section-header';
import { paths } from '../../../config/paths';
import { addClientQuery } from '../../../lib/client-scope';
import { describeError } from '../../../lib/errors';
import { useClientHome } from '../api/get-client-home';

const billStateLabels: Record<NonNullable<UpcomingBill['state']>, string> = {
  future: 'Futura',
  open: 'Aberta',
  closed: 'Fechada',
  paid: 'Paga',
};

interface ClientHomeProps {
  organization: string;
  /** The client a planner is viewing; null for the client themself. */
  clientId: string | null;
  /** Whether a link to the screen leads somewhere for this person (built, their role, its toggle). */
  canOpen: (route: AppRouteName) => boolean;
}

/** Balances, this month so far, the bills due soon, open tasks and net worth, each linking to its screen. */
export function ClientHomePanels({ organization, clientId, canOpen }: ClientHomeProps) {
  const home = useClientHome();
  if (home.isError) return <ErrorState message={describeError(home.error)} onRetry={() => home.refetch()} />;
  if (!home.data) {
    return (
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} height={160} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  // A link only where the screen opens for this person: no link to nothing.
  const link = (route: AppRouteName, label: string) =>
    canOpen(route) ? (
      <Anchor component={Link} to={addClientQuery(paths.app.routes[route].getHref(organization), clientId)} size="sm">
        {label}
      </Anchor>
    ) : null;
  // The month opens in Fluxo futuro, else in Meu orçamento (a client's own, without the future flow).
  const monthLink = link('fluxo-futuro', 'Ver fluxo futuro') ?? link('meu-orcamento', 'Ver meu orçamento');
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <BalancesPanel home={home.data} action={link('meu-patrimonio', 'Ver meu patrimônio')} />
      <MonthPanel home={home.data} action={monthLink} />
      <UpcomingBillsPanel
        home={home.data}
        action={link('meu-patrimonio', 'Ver faturas') ?? link('fluxo-futuro', 'Ver fluxo futuro')}
      />
      <Stack gap="md">
        <NetWorthPanel home={home.data} action={link('meu-patrimonio', 'Ver patrimônio')} />
        <TasksPanel home={home.data} action={link('tarefas-e-avisos', 'Ver tarefas e avisos')} />
      </Stack>
    </SimpleGrid>
  );
}

function Panel({ title, action, children }: { title: string; action: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder p="md">
      <SectionHeader title={title} actions={action} />
      {children}
    </Paper>
  );
}

function Row({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {label}
      </Text>
      {children}
    </Group>
  );
}

function BalancesPanel({ home, action }: { home: ClientHome; action: ReactNode }) {
  const accounts = home.accounts.filter((account) => account.kind === 'bank_account');
  return (
    <Panel title="Saldos" action={action}>
      {home.accounts.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhuma conta ainda. Importe um extrato em Meu caixa para ver seus saldos aqui.
        </Text>
      ) : (
        <Stack gap={6}>
          {accounts.map((account) => (
            <Row key={account.id} label={account.name}>
              {account.balance === null ? (
                <Text size="sm" c="dimmed">
                  sem saldo
                </Text>
              ) : (
                <AmountText amount={account.balance} />
              )}
            </Row>
          ))}
          <Row label={<strong>Total em contas</strong>}>
            <AmountText amount={home.accounts_total} fw={700} />
          </Row>
          {home.cards_owed > 0 ? (
            <Row label="Faturas de cartão a pagar">
              <AmountText amount={-home.cards_owed} />
            </Row>
          ) : null}
          <Text size="xs" c="dimmed">
            Saldos de hoje, calculados a partir do último saldo do extrato e das transações desde então.
          </Text>
        </Stack>
      )}
    </Panel>
  );
}

function MonthPanel({ home, action }: { home: ClientHome; action: ReactNode }) {
  const { summary, planned, has_plan: hasPlan } = home.month;
  const [year, month] = home.month.month.split('-');
  return (
    <Panel title={`Este mês (${month}/${year})`} action={action}>
      <Stack gap={6}>
        <Row label="Receitas até agora">
          <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
            {formatCents(summary.income)}
            {hasPlan ? ` de ${formatCents(planned.income)}` : ''}
          </Text>
        </Row>
        <Row label="Despesas até agora">
          <Text
            size="sm"
            fw={500}
            c={hasPlan && summary.expense > planned.expense ? 'red.8' : undefined}
            style={{ whiteSpace: 'nowrap' }}
          >
            {formatCents(summary.expense)}
            {hasPlan ? ` de ${formatCents(planned.expense)}` : ''}
          </Text>
        </Row>
        <Row label={<strong>Resultado do período</strong>}>
          <AmountText amount={summary.result} fw={700} />
        </Row>
        <Text size="xs" c="dimmed">
          {hasPlan
            ? `Resultado planejado: ${formatCents(planned.result)}.`
            : 'Sem orçamento para este mês: planeje-o para comparar o que entra e sai com o previsto.'}
        </Text>
      </Stack>
    </Panel>
  );
}

function UpcomingBillsPanel({ home, action }: { home: ClientHome; action: ReactNode }) {
  return (
    <Panel title="Próximas contas" action={action}>
      {home.upcoming_bills.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhuma conta nos próximos 30 dias. Faturas de cartão e lembretes de contas aparecem aqui.
        </Text>
      ) : (
        <Stack gap={6}>
          {home.upcoming_bills.map((bill) => (
            <Row
              key={`${bill.kind}-${bill.id}-${bill.due_date}`}
              label={
                <>
                  {bill.title}
                  <Text span size="xs" c={bill.due_date < home.date ? 'red.8' : 'dimmed'} ml={6}>
                    vence {formatBrazilianDate(bill.due_date)}
                  </Text>
                  {bill.state ? (
                    <Badge size="xs" variant="light" ml={6} color={bill.state === 'closed' ? 'orange' : 'blue'}>
                      {billStateLabels[bill.state]}
                    </Badge>
                  ) : null}
                </>
              }
            >
              {bill.amount === null ? (
                <Text size="sm" c="dimmed">
                  —
                </Text>
              ) : (
                <AmountText amount={-bill.amount} />
              )}
            </Row>
          ))}
        </Stack>
      )}
    </Panel>
  );
}

function NetWorthPanel({ home, action }: { home: ClientHome; action: ReactNode }) {
  const { net_worth: netWorth, change } = home.net_worth;
  return (
    <Panel title="Patrimônio líquido" action={action}>
      <Text size="xl" fw={700}>
        {formatCents(netWorth)}
      </Text>
      <Text size="sm" c={change < 0 ? 'red.8' : 'green.9'}>
        {change === 0
          ? 'Igual ao fim do mês passado'
          : `${change > 0 ? '+' : ''}${formatCents(change)} desde o fim do mês passado`}
      </Text>
    </Panel>
  );
}

function TasksPanel({ home, action }: { home: ClientHome; action: ReactNode }) {
  const { count, latest } = home.open_tasks;
  return (
    <Panel title="Tarefas abertas" action={action}>
      {count === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhuma tarefa pendente.
        </Text>
      ) : (
        <Stack gap={4}>
          <Text size="sm">{count === 1 ? '1 tarefa pendente' : `${count} tarefas pendentes`}</Text>
          {latest.map((task) => (
            <Text key={task.id} size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              • {task.title}
            </Text>
          ))}
        </Stack>
      )}
    </Panel>
  );
}
