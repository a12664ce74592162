import { describe, expect, it } from 'vitest';
import { type DiagnosisLine, diagnoseProspect } from './prospect-diagnosis';
import { checkStageMove, listNextStages, ProspectStageSchema } from './prospect-stages';

describe('prospect stages', () => {
  it('moves one step forward, back between diagnosis and proposal, to lost and back to new', () => {
    expect(checkStageMove('novo', 'diagnostico')).toBeNull();
    expect(checkStageMove('diagnostico', 'proposta')).toBeNull();
    expect(checkStageMove('proposta', 'diagnostico')).toBeNull();
    expect(checkStageMove('proposta', 'perdido')).toBeNull();
    expect(checkStageMove('perdido', 'novo')).toBeNull();
    expect(checkStageMove('novo', 'novo')).toBeNull();
  });

  it('refuses a stage out of order with the stages it may go to', () => {
    expect(checkStageMove('novo', 'proposta')).toBe(
      'Não é possível passar de Novo para Proposta: de Novo, o prospect vai para Diagnóstico ou Perdido.',
    );
    expect(checkStageMove('perdido', 'proposta')).toMatch(/^Não é possível passar de Perdido para Proposta/);
  });

  it('reaches convertido only through conversion, and never leaves it', () => {
    expect(checkStageMove('proposta', 'convertido')).toBe(
      'Um prospect só passa a Convertido quando se cadastra pelo convite do planejador.',
    );
    expect(checkStageMove('convertido', 'novo')).toBe('Este prospect já é cliente: a etapa Convertido não muda mais.');
    expect(listNextStages('convertido')).toEqual([]);
  });

  it('refuses an unknown stage with a pt-BR message', () => {
    const parsed = ProspectStageSchema.safeParse('ganho');
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(
      'Etapa inválida. Use novo, diagnostico, proposta, convertido ou perdido.',
    );
  });
});

function line(date: string, amountCents: number, name: string, extra: Partial<DiagnosisLine> = {}): DiagnosisLine {
  return {
    date,
    amountCents,
    name,
    merchantKey: name.toUpperCase(),
    categoryName: null,
    descriptionName: null,
    isAssetTransfer: false,
    ...extra,
  };
}

describe('diagnoseProspect', () => {
  it('gives zeros and no period without lines', () => {
    const diagnosis = diagnoseProspect([]);
    expect(diagnosis.period).toBeNull();
    expect(diagnosis.monthlySavingsCents).toBe(0);
    expect(diagnosis.savingsRatePercent).toBeNull();
  });

  it('counts income and expense by month, leaving own transfers out', () => {
    const diagnosis = diagnoseProspect([
      line('2024-01-05', 500_000, 'SALARIO', { categoryName: 'Renda', descriptionName: 'Salário' }),
      line('2024-01-10', -120_000, 'ALUGUEL', { categoryName: 'Moradia', descriptionName: 'Aluguel' }),
      line('2024-01-20', -30_000, 'MERCADO', { categoryName: 'Alimentação' }),
      line('2024-01-25', -200_000, 'PAGTO FATURA', { isAssetTransfer: true }),
      line('2024-02-05', 500_000, 'SALARIO', { categoryName: 'Renda' }),
      line('2024-02-10', -120_000, 'ALUGUEL', { categoryName: 'Moradia', descriptionName: 'Aluguel' }),
      line('2024-02-15', -10_000, 'PADARIA'),
    ]);
    expect(diagnosis.period).toEqual({ start: '2024-01-05', end: '2024-02-15' });
    expect(diagnosis.months).toEqual([
      { month: '2024-01', incomeCents: 500_000, expenseCents: 150_000, balanceCents: 350_000 },
      { month: '2024-02', incomeCents: 500_000, expenseCents: 130_000, balanceCents: 370_000 },
    ]);
    expect(diagnosis.totalExpenseCents).toBe(280_000);
    expect(diagnosis.linesCounted).toBe(6);
    expect(diagnosis.expenseByCategory).toEqual([
      { category: 'Moradia', amountCents: 240_000, sharePercent: 85.7 },
      { category: 'Alimentação', amountCents: 30_000, sharePercent: 10.7 },
      { category: 'Sem categoria', amountCents: 10_000, sharePercent: 3.6 },
    ]);
    // 42 days are 1.38 months: the averages divide by the period, not by the calendar months touched.
    expect(diagnosis.monthsCovered).toBe(1.4);
    expect(diagnosis.monthlyIncomeCents).toBe(Math.round(1_000_000 / (42 / 30.4375)));
    expect(diagnosis.monthlySavingsCents).toBe(diagnosis.monthlyIncomeCents - diagnosis.monthlyExpenseCents);
    expect(diagnosis.fixedCosts).toEqual([
      { title: 'Aluguel', monthlyCents: Math.round(240_000 / (42 / 30.4375)), source: 'categoria' },
    ]);
  });

  it('finds monthly bills as fixed costs and lists the largest recurring charges, counted once', () => {
    const lines: DiagnosisLine[] = [];
    for (const month of ['01', '02', '03', '04']) {
      lines.push(line(`2024-${month}-05`, 600_000, 'SALARIO'));
      lines.push(line(`2024-${month}-10`, -150_000, 'ALUGUEL IMOVEL', { descriptionName: 'Aluguel' }));
      lines.push(line(`2024-${month}-12`, -5_590, 'NETFLIX'));
      lines.push(line(`2024-${month}-20`, -25_000, 'ACADEMIA FIT'));
    }
    const diagnosis = diagnoseProspect(lines);
    expect(diagnosis.largestRecurringCharges.map((charge) => [charge.title, charge.amountCents])).toEqual([
      ['ALUGUEL IMOVEL', 150_000],
      ['ACADEMIA FIT', 25_000],
      ['NETFLIX', 5_590],
    ]);
    // The rent is a bill: not counted again under its description.
    expect(diagnosis.fixedCosts.map((cost) => cost.title)).toEqual(['ALUGUEL IMOVEL', 'ACADEMIA FIT', 'NETFLIX']);
    expect(diagnosis.monthlyFixedCostsCents).toBe(180_590);
    expect(diagnosis.savingsRatePercent).toBeGreaterThan(60);
  });

  it('diagnoses 10,000 lines quickly enough to answer at once', () => {
    const lines: DiagnosisLine[] = [];
    for (let index = 0; index < 10_000; index += 1) {
      const month = String((index % 12) + 1).padStart(2, '0');
      const day = String((index % 28) + 1).padStart(2, '0');
      lines.push(
        line(`2024-${month}-${day}`, index % 7 === 0 ? 300_000 : -((index % 500) + 100), `LOJA ${index % 400}`),
      );
    }
    const diagnosis = diagnoseProspect(lines);
    expect(diagnosis.linesCounted).toBe(10_000);
    expect(diagnosis.months).toHaveLength(12);
  });
});
