import { describe, expect, it } from 'vitest';
import { computeAccountBalanceHistory } from './account-balances';

describe('an account’s balance over time', () => {
  it('derives each month’s closing balance backward and forward from the known one', () => {
    // Known: R$ 1.000,00 at the end of 10 October. Lines: September +500, October −200 up to the
    // 10th and −100 after it, November +300.
    const history = computeAccountBalanceHistory(
      { balanceCents: 100_000, date: '2026-10-10' },
      [
        { month: '2026-09-01', onOrBeforeKnownCents: 50_000, afterKnownCents: 0 },
        { month: '2026-10-01', onOrBeforeKnownCents: -20_000, afterKnownCents: -10_000 },
        { month: '2026-11-01', onOrBeforeKnownCents: 0, afterKnownCents: 30_000 },
      ],
      '2026-11-15',
    );
    expect(history.points).toEqual([
      { date: '2026-09-30', balanceCents: 120_000, known: false },
      { date: '2026-10-10', balanceCents: 100_000, known: true },
      { date: '2026-10-31', balanceCents: 90_000, known: false },
      { date: '2026-11-15', balanceCents: 120_000, known: false },
    ]);
    expect(history.currentCents).toBe(120_000);
  });

  it('keeps a month without lines at the previous balance', () => {
    const history = computeAccountBalanceHistory(
      { balanceCents: 5_000, date: '2026-08-31' },
      [{ month: '2026-08-01', onOrBeforeKnownCents: 1_000, afterKnownCents: 0 }],
      '2026-10-02',
    );
    expect(history.points).toEqual([
      { date: '2026-08-31', balanceCents: 5_000, known: true },
      { date: '2026-09-30', balanceCents: 5_000, known: false },
      { date: '2026-10-02', balanceCents: 5_000, known: false },
    ]);
  });

  it('starts at zero before the first line when no balance is known', () => {
    const history = computeAccountBalanceHistory(
      null,
      [
        { month: '2026-10-01', onOrBeforeKnownCents: 0, afterKnownCents: -3_000 },
        { month: '2026-11-01', onOrBeforeKnownCents: 0, afterKnownCents: 10_000 },
      ],
      '2026-11-15',
    );
    expect(history.points.map((point) => [point.balanceCents, point.known])).toEqual([
      [-3_000, false],
      [7_000, false],
    ]);
    expect(history.currentCents).toBe(7_000);
  });

  it('has no points for an account with no line and no balance', () => {
    expect(computeAccountBalanceHistory(null, [], '2026-11-15')).toEqual({ currentCents: null, points: [] });
  });
});
