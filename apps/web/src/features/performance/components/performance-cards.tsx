import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { InvestmentReturn, MyPerformance, NetWorthChange } from '@prumo/contract/performance';
import { formatMonthNumber } from '@prumo/domain/budget/target-month';
import { formatCents } from '@prumo/domain/money/cents';
import type { ReactNode } from 'react';
import { amountColors, pickAmountColor } from '../../../components/amount-text';
import { formatIsoDate } from '../../../lib/format';
import { formatRate } from './rate-format';

function FigureCard({
  label,
  value,
  color,
  children,
}: {
  label: string;
  value: string;
  color?: string;
  children?: ReactNode;
}) {
  return (
    <Paper withBorder p="md">
      <Stack gap={4}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {label}
        </Text>
        <Text fz="xl" fw={700} c={color} style={{ overflowWrap: 'anywhere' }}>
          {value}
        </Text>
        {children}
      </Stack>
    </Paper>
  );
}

/** "2026-06" → "06/2026". */
function formatMonth(month: string): string {
  return formatMonthNumber(`${month}-01`);
}

function Note({ children }: { children: ReactNode }) {
  return (
    <Text size="xs" c="dimmed">
      {children}
    </Text>
  );
}

function NetWorthCard({ netWorth }: { netWorth: NetWorthChange }) {
  const { from, to, change } = netWorth;
  if (change === null || !from || !to) {
    return (
      <FigureCard label="Variação do patrimônio" value="—">
        <Note>
          {to
            ? `Patrimônio em ${formatIsoDate(to.date)}: ${formatCents(to.amount)}. É preciso mais de um mês conhecido para medir a variação.`
            : 'O patrimônio é conhecido mês a mês nos últimos 12 meses: escolha um período que chegue até eles.'}
        </Note>
      </FigureCard>
    );
  }
  return (
    <FigureCard label="Variação do patrimônio" value={formatCents(change)} color={pickAmountColor(change)}>
      <Note>
        De {formatCents(from.amount)} em {formatIsoDate(from.date)} para {formatCents(to.amount)} em{' '}
        {formatIsoDate(to.date)}.
      </Note>
    </FigureCard>
  );
}

function InvestmentReturnCard({ investments, end }: { investments: InvestmentReturn; end: string }) {
  if (investments.investments === 0) {
    return (
      <FigureCard label="Rentabilidade dos investimentos" value="—">
        <Note>
          Nenhum investimento com saldo até o fim do período. Cadastre seus investimentos em Meu patrimônio para ver a
          rentabilidade.
        </Note>
      </FigureCard>
    );
  }
  if (investments.measuredFrom === null) {
    return (
      <FigureCard label="Rentabilidade dos investimentos" value="—">
        <Note>
          Os investimentos foram cadastrados no último mês do período: a rentabilidade é medida a partir do mês seguinte
          ao cadastro. Saldo atual: {formatCents(investments.finalBalance)}.
        </Note>
        <Note>{investments.explanation}</Note>
      </FigureCard>
    );
  }
  return (
    <FigureCard
      label="Rentabilidade dos investimentos"
      value={formatRate(investments.rate)}
      color={investments.rate === null ? undefined : pickAmountColor(investments.rate)}
    >
      <Text size="sm">
        Ganho de {formatCents(investments.gain)} de {formatMonth(investments.measuredFrom)} a {formatMonth(end)}: saldo
        de {formatCents(investments.initialBalance)} para {formatCents(investments.finalBalance)}, com{' '}
        {formatCents(investments.netContributions)} de aportes líquidos.
      </Text>
      {investments.rate === null ? <Note>Sem saldo aplicado no período: não há rentabilidade a calcular.</Note> : null}
      <Note>{investments.explanation}</Note>
    </FigureCard>
  );
}

/** The period's figures: what came in and went out, what was saved, net worth and the investments' return. */
export function PerformanceCards({ performance }: { performance: MyPerformance }) {
  const { period } = performance;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
      <FigureCard label="Receitas" value={formatCents(period.income)} color={amountColors.income}>
        <Note>Planejado: {formatCents(period.planned.income)}</Note>
      </FigureCard>
      <FigureCard label="Despesas" value={formatCents(period.expense)} color={amountColors.expense}>
        <Note>Planejado: {formatCents(period.planned.expense)}</Note>
      </FigureCard>
      <FigureCard
        label="Guardado (resultado)"
        value={formatCents(period.result)}
        color={pickAmountColor(period.result)}
      >
        <Note>
          Receitas menos despesas. Investido no período: {formatCents(period.invested)} (fica fora do resultado).
        </Note>
      </FigureCard>
      <FigureCard label="Taxa de poupança" value={formatRate(period.savingsRate)}>
        <Note>
          {period.savingsRate === null
            ? 'Sem receitas no período: não há taxa a calcular.'
            : 'O quanto das receitas foi guardado: resultado ÷ receitas.'}
        </Note>
      </FigureCard>
      <NetWorthCard netWorth={performance.netWorth} />
      <InvestmentReturnCard investments={performance.investments} end={performance.end} />
    </SimpleGrid>
  );
}
