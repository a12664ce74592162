import { Group, Paper, SegmentedControl, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { findTodayInBrazil, formatBrazilianDate } from '@prumo/domain/br/date';
import { IndicatorPeriodQuerySchema } from '@prumo/domain/indicators/manager-indicators';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { PageLoader } from '../../../components/page-loader';
import { SectionHeader } from '../../../components/section-header';
import { describeError } from '../../../lib/errors';
import { type IndicatorPeriod, useIndicators } from '../api/get-indicators';
import { ExportIndicatorsButton } from './export-indicators-button';
import { IndicatorCards } from './indicator-cards';
import { buildPresetPeriod, findPreset, type PeriodPreset, periodPresetLabels, periodPresets } from './period-presets';
import { PlannersTable } from './planners-table';

const IndicatorCharts = lazy(() =>
  import('./indicator-charts').then((module) => ({ default: module.IndicatorCharts })),
);

/** The period is kept in the address (`?inicio=2026-01-01&fim=2026-12-31`), so it survives a reload. */
const startParameter = 'inicio';
const endParameter = 'fim';

function readPeriod(parameters: URLSearchParams, today: string): IndicatorPeriod {
  const read = (name: string) => {
    const value = parameters.get(name);
    return value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;
  };
  const fallback = buildPresetPeriod('year', today);
  return { start: read(startParameter) ?? fallback.start, end: read(endParameter) ?? fallback.end };
}

/** The period's own rules (the API's), so a wrong end is told beside it before anything is asked. */
function findPeriodErrors(period: IndicatorPeriod): { start?: string; end?: string } {
  const checked = IndicatorPeriodQuerySchema.safeParse(period);
  if (checked.success) return {};
  const errors: { start?: string; end?: string } = {};
  for (const issue of checked.error.issues) {
    const field = issue.path[0];
    if ((field === 'start' || field === 'end') && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

function PeriodPicker({
  period,
  today,
  errors,
  onChange,
}: {
  period: IndicatorPeriod;
  today: string;
  errors: { start?: string; end?: string };
  onChange: (change: Partial<IndicatorPeriod>) => void;
}) {
  return (
    <Stack gap="xs">
      <SegmentedControl
        aria-label="Período"
        value={findPreset(period, today) ?? ''}
        onChange={(value) => onChange(buildPresetPeriod(value as PeriodPreset, today))}
        data={periodPresets.map((preset) => ({ value: preset, label: periodPresetLabels[preset] }))}
        fullWidth
      />
      <Group gap="xs" grow wrap="nowrap">
        <TextInput
          type="date"
          label="De"
          value={period.start}
          error={errors.start}
          onChange={(event) => {
            const start = event.currentTarget.value;
            if (start) onChange({ start });
          }}
        />
        <TextInput
          type="date"
          label="Até"
          value={period.end}
          error={errors.end}
          onChange={(event) => {
            const end = event.currentTarget.value;
            if (end) onChange({ end });
          }}
        />
      </Group>
    </Stack>
  );
}

/**
 * dashboard-indicadores (managers, dashboard_indicators): the organization's figures over a period,
 * charts, each planner's row and the spreadsheet.
 */
export function IndicatorsPanel() {
  const [searchParameters, setSearchParameters] = useSearchParams();
  const today = findTodayInBrazil(new Date());
  // The screen's own state, written to the address after each change: two quick changes (both days
  // typed) both hold, which reading the address back between them would not promise.
  const [period, setPeriod] = useState(() => readPeriod(searchParameters, today));
  const choosePeriod = (change: Partial<IndicatorPeriod>) => setPeriod((current) => ({ ...current, ...change }));
  useEffect(() => {
    if (searchParameters.get(startParameter) === period.start && searchParameters.get(endParameter) === period.end)
      return;
    const parameters = new URLSearchParams(searchParameters);
    parameters.set(startParameter, period.start);
    parameters.set(endParameter, period.end);
    setSearchParameters(parameters, { replace: true });
  }, [period.start, period.end, searchParameters, setSearchParameters]);
  const periodErrors = findPeriodErrors(period);
  const periodIsValid = !periodErrors.start && !periodErrors.end;
  const indicators = useIndicators(period, periodIsValid);
  const data = indicators.data;

  return (
    <Stack gap="md">
      <SectionHeader
        title="Indicadores"
        description="Clientes, prospects, importações, categorização, orçamento, planejamentos e assinaturas da organização e de cada planejador no período."
        actions={periodIsValid ? <ExportIndicatorsButton period={period} /> : null}
      />
      <Paper withBorder p="md" maw={520}>
        <PeriodPicker period={period} today={today} errors={periodErrors} onChange={choosePeriod} />
      </Paper>
      {!periodIsValid ? null : indicators.isPending ? (
        <PageLoader />
      ) : indicators.isError || !data ? (
        <ErrorState message={describeError(indicators.error)} onRetry={() => indicators.refetch()} />
      ) : (
        <Stack gap="md" opacity={indicators.isPlaceholderData ? 0.6 : 1}>
          <Text size="sm" c="dimmed">
            De {formatBrazilianDate(data.start)} a {formatBrazilianDate(data.end)}; clientes ativos, importações e
            orçamento na situação de {formatBrazilianDate(data.reference_day)}.
          </Text>
          <IndicatorCards figures={data.organization} budgetMonth={data.budget_month} />
          <Paper withBorder p="md">
            <Suspense fallback={<Skeleton h={480} />}>
              <IndicatorCharts indicators={data} />
            </Suspense>
          </Paper>
          <Paper withBorder p="md">
            <SectionHeader title="Por planejador" />
            <PlannersTable planners={data.planners} />
          </Paper>
        </Stack>
      )}
    </Stack>
  );
}
