import { Alert, Anchor, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { hasSomethingToCopy } from '@prumo/domain/budget/ideal-budget';
import { formatMonthNumber } from '@prumo/domain/budget/target-month';
import { formatCents } from '@prumo/domain/money/cents';
import { Link } from 'react-router';
import { useIsReadOnlyClientView } from '../../../lib/client-scope';
import { notifyMutationError } from '../../../lib/mutation-errors';
import { notifySuccess } from '../../../lib/notifications';
import { type NewMonthPlan, useCreateMonthPlan } from '../api/create-month-plan';
import { useFutureFlow } from '../api/get-future-flow';

interface MonthPlanNoticeProps {
  month: string;
  onCreated: () => void;
  /** The ideal budget's screen, where what the copy takes is made. */
  idealBudgetHref: string;
}

/**
 * Where a month's plan comes from (ADR 7: a plan holds until replaced). A month that follows an
 * earlier plan, or has none, can become its own plan as a copy of that one or of the ideal budget
 * (offered only when the ideal plans something).
 */
export function MonthPlanNotice({ month, onCreated, idealBudgetHref }: MonthPlanNoticeProps) {
  const monthKey = month.slice(0, 7);
  const flow = useFutureFlow({ startDate: monthKey, endDate: monthKey, withIdeal: true });
  const readOnly = useIsReadOnlyClientView();
  const create = useCreateMonthPlan();
  const copy = (from: NewMonthPlan['from']) =>
    create.mutate(
      { date: monthKey, from },
      {
        onSuccess: () => {
          notifySuccess('Orçamento do mês criado');
          onCreated();
        },
        onError: (error) => {
          notifyMutationError(error);
        },
      },
    );

  if (flow.isPending) return <Skeleton h={72} />;
  if (flow.isError) return null;
  const current = flow.data.results[0];
  if (!current || (current.plannedFrom && !current.carried)) return null;
  const hasIdeal = hasSomethingToCopy(flow.data.ideal);
  const copyIdeal =
    hasIdeal && !readOnly ? (
      <Button variant="default" size="xs" loading={create.isPending} onClick={() => copy('ideal')}>
        Copiar o orçamento ideal
      </Button>
    ) : null;
  if (!current.plannedFrom) {
    return (
      <Alert color="gray" variant="light" title="Nenhum orçamento até este mês">
        <Stack gap="sm">
          {readOnly ? (
            <Text size="sm">Este mês ainda não tem orçamento.</Text>
          ) : hasIdeal ? (
            <Text size="sm">Adicione itens abaixo ou comece pelo orçamento ideal.</Text>
          ) : (
            <Text size="sm">
              Adicione itens abaixo, ou defina o{' '}
              <Anchor component={Link} to={idealBudgetHref} size="sm">
                orçamento ideal
              </Anchor>{' '}
              para começar os meses por ele.
            </Text>
          )}
          {copyIdeal ? <Group gap="xs">{copyIdeal}</Group> : null}
        </Stack>
      </Alert>
    );
  }
  const from = formatMonthNumber(current.plannedFrom.month);
  return (
    <Alert color="blue" variant="light" title={`Este mês segue o orçamento de ${from}`}>
      <Stack gap="sm">
        <Text size="sm">
          Planejado: {formatCents(current.planned.income)} de receitas, {formatCents(current.planned.expense)} de
          despesas (resultado de {formatCents(current.planned.result)}) e {formatCents(current.planned.assetTransfer)}{' '}
          de investimentos.
          {readOnly
            ? ''
            : ' Para ajustar este mês, faça dele um orçamento próprio; ao adicionar um item abaixo, o mês passa a ter só os itens dele.'}
        </Text>
        {readOnly ? null : (
          <Group gap="xs">
            <Button size="xs" loading={create.isPending} onClick={() => copy('previous')}>
              Copiar o orçamento de {from}
            </Button>
            {copyIdeal}
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
