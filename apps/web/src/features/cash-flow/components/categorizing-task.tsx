import { Anchor, Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { CashFlowLine } from '@prumo/contract/cash-flow';
import { earliestDayYear, latestDayYear } from '@prumo/domain/br/date';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { AmountText } from '../../../components/amount-text';
import { DataCell, type DataColumn, DataRow, DataTable } from '../../../components/data-table';
import { ErrorState } from '../../../components/error-state';
import { PageLoader } from '../../../components/page-loader';
import { PaginationControls } from '../../../components/pagination-controls';
import { describeError } from '../../../lib/errors';
import { formatIsoDate } from '../../../lib/format';
import { notifyMutationError } from '../../../lib/mutation-errors';
import { type CashFlowFilter, cashFlowPageSize, filterFailedMessage, useCashFlow } from '../api/get-cash-flow';
import { editLineFailedMessage, useUpdateCashFlowLine } from '../api/update-cash-flow-line';
import { LineCategoryPicker } from './line-category-picker';

/**
 * The lines left to categorize, whatever their date, as the API's categorizing task counts them
 * (tasks/categorizing/{id}/): an old statement imported today, or a card bill due next year, too.
 */
const taskFilter: CashFlowFilter = {
  start: `${earliestDayYear}-01-01`,
  end: `${latestDayYear}-12-31`,
  origins: [],
  categories: [],
  descriptions: [],
  flow: 'all',
  uncategorized: true,
  search: '',
  showIgnored: false,
};

const taskColumns: DataColumn[] = [
  { key: 'date', header: 'Data', nowrap: true },
  { key: 'name', header: 'Nome', phone: 'title' },
  { key: 'origin', header: 'Conta' },
  { key: 'amount', header: 'Valor', align: 'right', phone: 'aside' },
  { key: 'category', header: 'Categoria', phone: 'wide' },
  { key: 'ignore', header: 'Ignorar', phone: 'actions' },
];

function describeLeft(count: number): string {
  if (count === 1) return 'Falta 1 transação para categorizar';
  return `Faltam ${count} transações para categorizar`;
}

/** tarefa-de-categorizacao: every line without category, one list, until none is left. */
export function CategorizingTask({ cashRegisterHref }: { cashRegisterHref: string }) {
  const [offset, setOffset] = useState(0);
  const [applyToSimilar, setApplyToSimilar] = useState(true);
  const lines = useCashFlow(taskFilter, offset);
  const emptyPage = lines.data !== undefined && lines.data.results.length === 0;

  // Categorized lines leave the list; a page left empty goes back to the first one.
  useEffect(() => {
    if (emptyPage && offset > 0) setOffset(0);
  }, [emptyPage, offset]);

  if (lines.isPending) return <PageLoader label="Carregando transações…" />;
  if (lines.isError) {
    return (
      <ErrorState title={filterFailedMessage} message={describeError(lines.error)} onRetry={() => lines.refetch()} />
    );
  }
  if (lines.data.count === 0) {
    return (
      <Paper withBorder p="xl">
        <Stack align="center" gap="sm" ta="center">
          <Title order={2} size="h3">
            Tudo categorizado!
          </Title>
          <Text c="dimmed">Não há transações sem categoria.</Text>
          <Button component={Link} to={cashRegisterHref}>
            Ir para Meu caixa
          </Button>
        </Stack>
      </Paper>
    );
  }

  return (
    <Paper withBorder p="md">
      <Group justify="space-between" align="flex-start" mb="sm">
        <Stack gap={2}>
          <Text fw={600} size="lg" role="status">
            {describeLeft(lines.data.count)}
          </Text>
          <Text size="sm" c="dimmed">
            Escolha a descrição de cada transação. Elas saem da lista quando categorizadas.
          </Text>
        </Stack>
        <Anchor component={Link} to={cashRegisterHref} size="sm">
          Voltar ao Meu caixa
        </Anchor>
      </Group>
      <Checkbox
        mb="sm"
        label="Aplicar às transações parecidas"
        description="Categoriza também as outras transações sem categoria do mesmo estabelecimento."
        checked={applyToSimilar}
        onChange={(event) => setApplyToSimilar(event.currentTarget.checked)}
      />
      <DataTable label="Transações sem categoria" columns={taskColumns} minWidth={760} dimmed={lines.isPlaceholderData}>
        {lines.data.results.map((line) => (
          <TaskRow key={line.id} line={line} applyToSimilar={applyToSimilar} />
        ))}
      </DataTable>
      <PaginationControls
        count={lines.data.count}
        offset={offset}
        pageSize={cashFlowPageSize}
        hasPrevious={Boolean(lines.data.previous) || offset > 0}
        hasNext={Boolean(lines.data.next)}
        onOffsetChange={setOffset}
        singularNoun="transação"
        pluralNoun="transações"
      />
    </Paper>
  );
}

function TaskRow({ line, applyToSimilar }: { line: CashFlowLine; applyToSimilar: boolean }) {
  const ignore = useUpdateCashFlowLine();
  return (
    <DataRow label={line.name}>
      <DataCell column="date">{formatIsoDate(line.date)}</DataCell>
      <DataCell column="name">
        <Text size="sm">{line.name}</Text>
      </DataCell>
      <DataCell column="origin">
        <Text size="sm" c="dimmed">
          {line.origin_name}
        </Text>
      </DataCell>
      <DataCell column="amount">
        <AmountText amount={line.amount} />
      </DataCell>
      <DataCell column="category">
        <LineCategoryPicker line={line} applyToSimilar={applyToSimilar} />
      </DataCell>
      <DataCell column="ignore">
        <Button
          size="compact-xs"
          variant="subtle"
          color="gray"
          aria-label={`Ignorar ${line.name}`}
          loading={ignore.isPending}
          onClick={() =>
            ignore.mutate(
              { id: line.id, changes: { ignored: true } },
              {
                onError: (error) => {
                  notifyMutationError(error, editLineFailedMessage);
                },
              },
            )
          }
        >
          Ignorar
        </Button>
      </DataCell>
    </DataRow>
  );
}
