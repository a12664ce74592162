import type { NetWorth, NetWorthParts } from '@prumo/contract/my-assets';
import { describe, expect, it } from 'vitest';
import { buildNetWorthChartData, findNetWorthChange, isNetWorthEmpty, listNetWorthParts } from './net-worth-summary';

const zero: NetWorthParts = { accounts: 0, investments: 0, other_balances: 0, debts: 0, card_bills: 0, net_worth: 0 };

function buildParts(parts: Omit<NetWorthParts, 'net_worth'>): NetWorthParts {
  const net_worth = parts.accounts + parts.investments + parts.other_balances - parts.debts - parts.card_bills;
  return { ...parts, net_worth };
}

const october = buildParts({
  accounts: 500_00,
  investments: 1_000_00,
  other_balances: 0,
  debts: 300_00,
  card_bills: 50_00,
});
const november = buildParts({
  accounts: 800_00,
  investments: 1_200_00,
  other_balances: 2_000_00,
  debts: 300_00,
  card_bills: 100_00,
});

const netWorth: NetWorth = {
  date: '2026-11-25',
  current: november,
  months: [
    { ...october, month: '2026-10', date: '2026-10-31' },
    { ...november, month: '2026-11', date: '2026-11-25' },
  ],
};

describe('net worth summary', () => {
  it('lists what the client has, then what they owe as negative amounts', () => {
    expect(listNetWorthParts(november)).toEqual([
      { label: 'Contas', amount: 800_00 },
      { label: 'Investimentos', amount: 1_200_00 },
      { label: 'Outros bens', amount: 2_000_00 },
      { label: 'Dívidas', amount: -300_00 },
      { label: 'Faturas de cartão', amount: -100_00 },
    ]);
  });

  it('draws net worth, what is had and what is owed, month by month', () => {
    expect(buildNetWorthChartData(netWorth)).toEqual([
      { month: '10/2026', net_worth: 1_150_00, assets: 1_500_00, owed: 350_00 },
      { month: '11/2026', net_worth: 3_600_00, assets: 4_000_00, owed: 400_00 },
    ]);
  });

  it('tells how much net worth moved since the first month shown', () => {
    expect(findNetWorthChange(netWorth)).toEqual({ since: '10/2026', amount: 2_450_00 });
    expect(findNetWorthChange({ ...netWorth, months: netWorth.months.slice(1) })).toBeNull();
  });

  it('is empty only when no part of any month holds money', () => {
    expect(isNetWorthEmpty(netWorth)).toBe(false);
    const nothing: NetWorth = {
      date: '2026-11-25',
      current: zero,
      months: [{ ...zero, month: '2026-11', date: '2026-11-25' }],
    };
    expect(isNetWorthEmpty(nothing)).toBe(true);
    // A debt alone is something: net worth is negative.
    const onlyDebt = { ...nothing, current: buildParts({ ...zero, debts: 100 }) };
    expect(isNetWorthEmpty(onlyDebt)).toBe(false);
  });
});
