import { describe, expect, it } from 'vitest';
import {
  computeDietzReturn,
  computeSavingsRate,
  findReturnBalances,
  performanceMessages,
  resolvePerformanceRange,
  sumPeriodFigures,
} from './performance-figures';

// 23:30 of 31 March 2027 in Brasília, already April in UTC: the current month is March.
const now = new Date('2027-04-01T02:30:00Z');

describe('the period of Meu desempenho', () => {
  it('defaults to the last twelve months up to the current one in Brasília', () => {
    expect(resolvePerformanceRange({}, now)).toEqual({ ok: true, startMonth: '2026-04-01', endMonth: '2027-03-01' });
  });

  it('keeps twelve months from or up to a lone month, and takes up to 36', () => {
    expect(resolvePerformanceRange({ start: '2026-01' }, now)).toEqual({
      ok: true,
      startMonth: '2026-01-01',
      endMonth: '2026-12-01',
    });
    expect(resolvePerformanceRange({ end: '2026-06' }, now)).toMatchObject({ startMonth: '2025-07-01' });
    expect(resolvePerformanceRange({ start: '2024-01', end: '2026-12' }, now)).toMatchObject({ ok: true });
    expect(resolvePerformanceRange({ start: '2026-05', end: '2026-05' }, now)).toMatchObject({ ok: true });
  });

  it('refuses a month not typed as YYYY-MM, a reversed period and one over 36 months', () => {
    for (const start of ['2026-13', '03/2026', '2026-03-01', 'março', '1999-12']) {
      expect(resolvePerformanceRange({ start }, now)).toEqual({
        ok: false,
        field: 'start',
        message: performanceMessages.monthInvalid,
      });
    }
    expect(resolvePerformanceRange({ start: '2026-06', end: '2026-05' }, now)).toEqual({
      ok: false,
      field: 'end',
      message: 'O mês final deve ser igual ou posterior ao inicial.',
    });
    expect(resolvePerformanceRange({ start: '2024-01', end: '2027-01' }, now)).toEqual({
      ok: false,
      field: 'end',
      message: 'O período pode ter no máximo 36 meses.',
    });
  });
});

describe('what was saved', () => {
  it('is the result over income, null without income, negative when more was spent', () => {
    expect(computeSavingsRate({ incomeCents: 800_000, resultCents: 200_000 })).toBe(0.25);
    expect(computeSavingsRate({ incomeCents: 300_000, resultCents: 100_000 })).toBe(0.3333);
    expect(computeSavingsRate({ incomeCents: 500_000, resultCents: -100_000 })).toBe(-0.2);
    expect(computeSavingsRate({ incomeCents: 0, resultCents: -50_000 })).toBeNull();
  });

  it("adds a period's months under the month rule: result = income − expense, investments apart", () => {
    expect(
      sumPeriodFigures([
        { incomeCents: 800_000, expenseCents: 600_000, assetTransferCents: 100_000, resultCents: 200_000 },
        { incomeCents: 0, expenseCents: 50_000, assetTransferCents: -20_000, resultCents: -50_000 },
      ]),
    ).toEqual({ incomeCents: 800_000, expenseCents: 650_000, assetTransferCents: 80_000, resultCents: 150_000 });
  });
});

describe("the investments' return (simple Dietz)", () => {
  it('is the gain beyond what was put in, over the initial balance and half the contributions', () => {
    // R$ 10.000 at the start, R$ 2.000 put in, R$ 12.500 at the end: R$ 500 gained over R$ 11.000.
    expect(
      computeDietzReturn({ initialCents: 1_000_000, finalCents: 1_250_000, netContributionsCents: 200_000 }),
    ).toEqual({ gainCents: 50_000, rate: 0.0455 });
    // Money taken out is a negative contribution: not a loss.
    expect(
      computeDietzReturn({ initialCents: 1_000_000, finalCents: 850_000, netContributionsCents: -200_000 }),
    ).toEqual({ gainCents: 50_000, rate: 0.0556 });
  });

  it('has no rate when nothing was at work', () => {
    expect(computeDietzReturn({ initialCents: 0, finalCents: 0, netContributionsCents: 0 })).toEqual({
      gainCents: 0,
      rate: null,
    });
  });

  it('measures from the period start when every investment had a balance before it', () => {
    const points = [
      { investmentId: 1, date: '2026-02-10', balanceCents: 900_000 },
      { investmentId: 1, date: '2026-03-31', balanceCents: 1_000_000 },
      { investmentId: 1, date: '2026-08-15', balanceCents: 1_100_000 },
      // After the period: left out.
      { investmentId: 1, date: '2027-04-02', balanceCents: 5_000_000 },
      { investmentId: 2, date: '2025-06-01', balanceCents: 300_000 },
      { investmentId: 2, date: '2027-03-31', balanceCents: 320_000 },
    ];
    expect(findReturnBalances(points, { startMonth: '2026-04-01', endMonth: '2027-03-01' })).toEqual({
      fromMonth: '2026-04-01',
      initialCents: 1_300_000,
      finalCents: 1_420_000,
      investments: 2,
    });
  });

  it('starts the month after an investment first recorded inside the period, holding what it had', () => {
    const points = [
      { investmentId: 1, date: '2026-01-10', balanceCents: 1_000_000 },
      { investmentId: 1, date: '2026-06-30', balanceCents: 1_050_000 },
      // Registered on 20 June with R$ 3.000 it already had.
      { investmentId: 2, date: '2026-06-20', balanceCents: 300_000 },
      { investmentId: 1, date: '2026-12-31', balanceCents: 1_200_000 },
      { investmentId: 2, date: '2026-12-31', balanceCents: 310_000 },
    ];
    expect(findReturnBalances(points, { startMonth: '2026-04-01', endMonth: '2027-03-01' })).toEqual({
      fromMonth: '2026-07-01',
      initialCents: 1_350_000,
      finalCents: 1_510_000,
      investments: 2,
    });
    // Recorded in the period's last month: nothing to measure yet.
    expect(findReturnBalances(points, { startMonth: '2026-04-01', endMonth: '2026-06-01' })).toEqual({
      fromMonth: null,
      initialCents: 1_350_000,
      finalCents: 1_350_000,
      investments: 2,
    });
    expect(findReturnBalances([], { startMonth: '2026-04-01', endMonth: '2027-03-01' })).toEqual({
      fromMonth: '2026-04-01',
      initialCents: 0,
      finalCents: 0,
      investments: 0,
    });
  });
});
