import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { findTodayInBrazil } from '../br/date';
import type { ExpenseLine } from '../reminders/recurring-bills';
import {
  findBillAmountChanges,
  findCategoriesOverBudget,
  findInsights,
  findLargePurchases,
  findMissingBills,
  findNewSubscriptions,
  findProjectedLowPoint,
  findSpendingAboveIncome,
  type InsightDraft,
  type InsightFigures,
} from './insight-rules';

// 10:00 of 20 May 2026 in Brasília.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-05-20T13:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

function buildFigures(changes: Partial<InsightFigures> = {}): InsightFigures {
  return {
    today: findTodayInBrazil(new Date()),
    projection: [],
    lowBalanceThresholdCents: 0,
    currentMonth: { incomeCents: 500_000, expenseCents: 300_000, assetTransferCents: 0, resultCents: 200_000 },
    budget: null,
    expenseLines: [],
    ...changes,
  };
}

let nextId = 1;
function line(date: string, amountCents: number, name: string, merchantKey = name.toUpperCase()): ExpenseLine {
  nextId += 1;
  return { id: nextId, date, amountCents, name, merchantKey };
}

/** Runs the rules twice over the same figures, as two runs of the job would: the windows must agree. */
function expectSameWindows(find: (figures: InsightFigures) => InsightDraft[], figures: InsightFigures) {
  const keys = (drafts: InsightDraft[]) => drafts.map((draft) => `${draft.rule}|${draft.windowKey}`);
  expect(keys(find(figures))).toEqual(keys(find(figures)));
  expect(new Set(keys(find(figures))).size).toBe(find(figures).length);
}

describe('the projected low point', () => {
  const projection = [
    { month: '2026-05-01', projectedResultCents: -100_000, projectedBalanceCents: 250_000 },
    { month: '2026-06-01', projectedResultCents: -150_000, projectedBalanceCents: 100_000 },
    { month: '2026-07-01', projectedResultCents: -180_000, projectedBalanceCents: -80_000 },
    { month: '2026-08-01', projectedResultCents: -50_000, projectedBalanceCents: -130_000 },
  ];

  it('names the first month projected below zero, by how much, linking to the future flow', () => {
    const [draft] = findProjectedLowPoint(buildFigures({ projection }));
    expect(draft).toMatchObject({
      rule: 'projected-low-point',
      windowKey: '2026-07-01',
      title: 'Saldo negativo previsto em julho de 2026',
      body: 'Pelo fluxo futuro, seu saldo projetado chega a -R$ 800,00 no fim de julho de 2026: R$ 800,00 abaixo de zero.',
      link: { route: 'fluxo-futuro', month: '2026-07-01' },
    });
    expect(draft?.evidence).toMatchObject({ month: '2026-07-01', projectedBalanceCents: -80_000, shortCents: 80_000 });
    expect(draft?.evidence.months).toHaveLength(3);
    expectSameWindows(findProjectedLowPoint, buildFigures({ projection }));
  });

  it('takes the client threshold: the first month below it, short by the difference', () => {
    const [draft] = findProjectedLowPoint(buildFigures({ projection, lowBalanceThresholdCents: 150_000 }));
    expect(draft?.windowKey).toBe('2026-06-01');
    expect(draft?.title).toBe('Saldo abaixo do seu limite em junho de 2026');
    expect(draft?.body).toContain('R$ 500,00 abaixo do limite de R$ 1.500,00');
  });

  it('says nothing while every month stays above, nor of past months', () => {
    expect(findProjectedLowPoint(buildFigures({ projection: projection.slice(0, 2) }))).toEqual([]);
    const past = [{ month: '2026-04-01', projectedResultCents: -1, projectedBalanceCents: -1 }];
    expect(findProjectedLowPoint(buildFigures({ projection: past }))).toEqual([]);
  });
});

describe('spending above income this month', () => {
  it('is raised once for the month with its figures', () => {
    const currentMonth = { incomeCents: 300_000, expenseCents: 420_050, assetTransferCents: 0, resultCents: -120_050 };
    const drafts = findSpendingAboveIncome(buildFigures({ currentMonth }));
    expect(drafts).toEqual([
      {
        rule: 'spending-above-income',
        windowKey: '2026-05-01',
        title: 'Gastos acima da renda em maio de 2026',
        body: 'Em maio de 2026 você gastou R$ 4.200,50 e recebeu R$ 3.000,00: R$ 1.200,50 a mais do que entrou.',
        link: { route: 'meu-caixa', month: '2026-05-01' },
        evidence: { month: '2026-05-01', incomeCents: 300_000, expenseCents: 420_050, resultCents: -120_050 },
      },
    ]);
    expectSameWindows(findSpendingAboveIncome, buildFigures({ currentMonth }));
  });

  it('is quiet while the month result is not negative', () => {
    expect(findSpendingAboveIncome(buildFigures())).toEqual([]);
  });
});

describe('a category over its budget', () => {
  const budget = {
    expense: [
      {
        categoryId: 7,
        categoryName: 'Lazer',
        plannedCents: 50_000,
        actualCents: 73_000,
        differenceCents: -23_000,
        descriptions: [],
      },
      {
        categoryId: 8,
        categoryName: 'Moradia',
        plannedCents: 200_000,
        actualCents: 200_000,
        differenceCents: 0,
        descriptions: [],
      },
      {
        categoryId: 9,
        categoryName: 'Saúde',
        plannedCents: 0,
        actualCents: 9_000,
        differenceCents: -9_000,
        descriptions: [],
      },
    ],
  };

  it('raises each planned category spent past its plan, per month and category', () => {
    const drafts = findCategoriesOverBudget(buildFigures({ budget }));
    expect(drafts).toHaveLength(1);
    expect(drafts[0]).toMatchObject({
      windowKey: '2026-05-01|7',
      title: 'Lazer passou do orçamento',
      body: 'Em maio de 2026, Lazer soma R$ 730,00 para R$ 500,00 planejados: R$ 230,00 acima.',
      link: { route: 'orcamento-do-mes', month: '2026-05-01' },
      evidence: { plannedCents: 50_000, actualCents: 73_000, overCents: 23_000 },
    });
    expectSameWindows(findCategoriesOverBudget, buildFigures({ budget }));
  });
});

describe('recurring bills', () => {
  const internet = (date: string, amountCents: number) => line(date, amountCents, 'Provedor Net', 'NET');
  const history = [
    internet('2026-01-10', -9_990),
    internet('2026-02-10', -9_990),
    internet('2026-03-10', -9_990),
    internet('2026-04-10', -9_990),
  ];

  it('tells a bill whose amount changed, with the lines it compared', () => {
    const expenseLines = [...history, internet('2026-05-10', -11_990)];
    const drafts = findBillAmountChanges(buildFigures({ expenseLines }));
    expect(drafts).toHaveLength(1);
    expect(drafts[0]).toMatchObject({
      rule: 'bill-amount-changed',
      windowKey: '2026-05-01|NET',
      title: 'Provedor Net subiu',
      body: 'Provedor Net veio R$ 119,90 em 10/05/2026, contra R$ 99,90 na vez anterior: R$ 20,00 a mais.',
      evidence: { previousCents: 9_990, latestCents: 11_990, changeCents: 2_000 },
    });
    expect(drafts[0]?.evidence.lines).toHaveLength(5);
    expectSameWindows(findBillAmountChanges, buildFigures({ expenseLines }));
  });

  it('does not tell a bill charged the same', () => {
    expect(findBillAmountChanges(buildFigures({ expenseLines: [...history, internet('2026-05-10', -9_990)] }))).toEqual(
      [],
    );
  });

  it('tells a bill that did not come in its month, once the due date and tolerance passed', () => {
    const expenseLines = history.slice(0, 3);
    // Due 10 April, told from 16 April; still alive (last line 10 March, within the 62 days).
    vi.setSystemTime(new Date('2026-04-20T13:00:00Z'));
    const drafts = findMissingBills(buildFigures({ expenseLines }));
    expect(drafts).toHaveLength(1);
    expect(drafts[0]).toMatchObject({
      rule: 'missing-bill',
      windowKey: '2026-04-01|NET',
      title: 'Provedor Net não apareceu',
      body: 'Provedor Net costuma vir por volta do dia 10, perto de R$ 99,90, e não apareceu em abril de 2026 (esperada em 10/04/2026).',
      evidence: { expectedDate: '2026-04-10', amountCents: 9_990, monthsFound: 3 },
    });
    expectSameWindows(findMissingBills, buildFigures({ expenseLines }));
  });

  it('does not tell a bill still within its tolerance, nor one that came', () => {
    vi.setSystemTime(new Date('2026-04-14T13:00:00Z'));
    expect(findMissingBills(buildFigures({ expenseLines: history.slice(0, 3) }))).toEqual([]);
    vi.setSystemTime(new Date('2026-04-20T13:00:00Z'));
    expect(findMissingBills(buildFigures({ expenseLines: history }))).toEqual([]);
  });
});

describe('a new subscription', () => {
  it('is a merchant new to the window charging the same about a month apart, told once per merchant', () => {
    const expenseLines = [
      line('2026-04-18', -3_990, 'Streaming Plus', 'STREAMING'),
      line('2026-05-18', -3_990, 'Streaming Plus', 'STREAMING'),
    ];
    const drafts = findNewSubscriptions(buildFigures({ expenseLines }));
    expect(drafts).toHaveLength(1);
    expect(drafts[0]).toMatchObject({
      rule: 'new-subscription',
      windowKey: 'STREAMING',
      title: 'Nova cobrança mensal: Streaming Plus',
      body: 'Streaming Plus cobrou R$ 39,90 em 18/04/2026 e R$ 39,90 em 18/05/2026. Parece uma assinatura nova.',
      evidence: { merchantKey: 'STREAMING', amountCents: 3_990 },
    });
    expectSameWindows(findNewSubscriptions, buildFigures({ expenseLines }));
  });

  it('is not a merchant charged before, nor two different amounts', () => {
    const older = [
      line('2026-01-18', -3_990, 'Streaming Plus', 'STREAMING'),
      line('2026-04-18', -3_990, 'Streaming Plus', 'STREAMING'),
      line('2026-05-18', -3_990, 'Streaming Plus', 'STREAMING'),
    ];
    expect(findNewSubscriptions(buildFigures({ expenseLines: older }))).toEqual([]);
    const different = [line('2026-04-18', -3_990, 'Loja', 'LOJA'), line('2026-05-18', -25_000, 'Loja', 'LOJA')];
    expect(findNewSubscriptions(buildFigures({ expenseLines: different }))).toEqual([]);
  });
});

describe('an unusually large purchase', () => {
  const usual = Array.from({ length: 12 }, (_, index) =>
    line(`2026-0${1 + (index % 4)}-${String(3 + index).padStart(2, '0')}`, -(8_000 + index * 100), `Mercado ${index}`),
  );

  it('is a line of this month past five times the typical line and the floor, with its reference', () => {
    const big = line('2026-05-12', -480_000, 'Loja de Eletro');
    const drafts = findLargePurchases(
      buildFigures({ expenseLines: [...usual, big, line('2026-05-13', -9_000, 'Padaria')] }),
    );
    expect(drafts).toHaveLength(1);
    expect(drafts[0]).toMatchObject({
      rule: 'large-purchase',
      windowKey: `line:${big.id}`,
      title: 'Compra fora do comum: Loja de Eletro',
      body: 'Loja de Eletro custou R$ 4.800,00 em 12/05/2026, mais de 5 vezes o seu gasto típico de R$ 85,50.',
      evidence: { typicalCents: 8_550, limitCents: 50_000, historyLines: 12 },
    });
    expectSameWindows(findLargePurchases, buildFigures({ expenseLines: [...usual, big] }));
  });

  it('needs a history to compare with', () => {
    expect(findLargePurchases(buildFigures({ expenseLines: [line('2026-05-12', -480_000, 'Loja')] }))).toEqual([]);
  });
});

describe('all the rules at once', () => {
  it('answer nothing for a client whose money is in order', () => {
    expect(findInsights(buildFigures())).toEqual([]);
  });
});
