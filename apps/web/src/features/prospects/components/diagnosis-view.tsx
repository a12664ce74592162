import { Button, Group, List, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatBrazilianDate } from '@prumo/domain/br/date';
import { formatCents } from '@prumo/domain/money/cents';
import { lazy, Suspense } from 'react';
import { AmountText } from '../../../components/amount-text';
import { ErrorState } from '../../../components/error-state';
import { PageLoader } from '../../../components/page-loader';
import { describeError } from '../../../lib/errors';
import { notifyMutationError } from '../../../lib/mutation-errors';
import { useDownloadDiagnosisPdf, useProspectDiagnosis } from '../api/get-prospect-diagnosis';

const DiagnosisCharts = lazy(() =>
  import('./diagnosis-charts').then((module) => ({ default: module.DiagnosisCharts })),
);

function formatPercent(value: number | null): string {
  return value === null ? '—' : `${String(value).replace('.', ',')}%`;
}

function SummaryCard({ label, amount, note }: { label: string; amount: number; note?: string }) {
  return (
    <Paper withBorder p="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <AmountText amount={amount} fw={700} size="lg" />
      {note ? (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      ) : null}
    </Paper>
  );
}

/** The diagnosis on screen: the month's averages, charts, fixed costs and recurring charges; the PDF to download. */
export function DiagnosisView({ prospectId }: { prospectId: number }) {
  const diagnosis = useProspectDiagnosis(prospectId);
  const download = useDownloadDiagnosisPdf();
  if (diagnosis.isPending) return <PageLoader label="Calculando o diagnóstico…" />;
  if (diagnosis.isError) {
    return <ErrorState message={describeError(diagnosis.error)} onRetry={() => diagnosis.refetch()} />;
  }
  const data = diagnosis.data;
  return (
    <Stack gap="md" aria-label="Diagnóstico">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Title order={3} size="h5">
            Diagnóstico
          </Title>
          <Text size="sm" c="dimmed">
            {data.period
              ? `Extratos de ${formatBrazilianDate(data.period.start)} a ${formatBrazilianDate(data.period.end)} · ${data.lines_counted} lançamentos`
              : 'Envie extratos para ver o diagnóstico.'}
          </Text>
        </Stack>
        <Button
          variant="light"
          loading={download.isPending}
          disabled={!data.period}
          onClick={() => download.mutate(prospectId, { onError: (error) => notifyMutationError(error) })}
        >
          Baixar PDF
        </Button>
      </Group>
      {data.period ? (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
            <SummaryCard label="Renda média por mês" amount={data.monthly_income} />
            <SummaryCard label="Despesa média por mês" amount={-data.monthly_expense} />
            <SummaryCard label="Custos fixos por mês" amount={-data.monthly_fixed_costs} />
            <SummaryCard
              label="Capacidade de poupança por mês"
              amount={data.monthly_savings}
              note={`${formatPercent(data.savings_rate_percent)} da renda`}
            />
          </SimpleGrid>
          <Suspense fallback={<Loader size="sm" aria-label="Carregando gráficos" />}>
            <DiagnosisCharts diagnosis={data} />
          </Suspense>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Stack gap="xs">
              <Text size="sm" fw={600}>
                Custos fixos
              </Text>
              {data.fixed_costs.length === 0 ? (
                <Text size="sm" c="dimmed">
                  Nenhum custo fixo encontrado.
                </Text>
              ) : (
                <List size="sm" spacing={4}>
                  {data.fixed_costs.map((cost) => (
                    <List.Item key={`${cost.source}-${cost.title}`}>
                      {cost.title}: {formatCents(cost.monthly_amount)}/mês
                    </List.Item>
                  ))}
                </List>
              )}
            </Stack>
            <Stack gap="xs">
              <Text size="sm" fw={600}>
                Maiores cobranças recorrentes
              </Text>
              {data.largest_recurring_charges.length === 0 ? (
                <Text size="sm" c="dimmed">
                  Nenhuma cobrança mensal recorrente (são precisos 3 meses de extrato).
                </Text>
              ) : (
                <List size="sm" spacing={4}>
                  {data.largest_recurring_charges.map((charge) => (
                    <List.Item key={charge.title}>
                      {charge.title}: {formatCents(charge.amount)} todo dia {charge.due_day}
                    </List.Item>
                  ))}
                </List>
              )}
            </Stack>
          </SimpleGrid>
        </>
      ) : null}
    </Stack>
  );
}
