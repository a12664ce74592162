import type { NetWorth, NetWorthParts } from '@prumo/contract/my-assets';
import { formatMonthKey, showOwed } from './holdings-labels';

/** The parts of net worth as the header lists them: what the client has, then what they owe (negative). */
export function listNetWorthParts(parts: NetWorthParts): { label: string; amount: number }[] {
  return [
    { label: 'Contas', amount: parts.accounts },
    { label: 'Investimentos', amount: parts.investments },
    { label: 'Outros bens', amount: parts.other_balances },
    { label: 'Dívidas', amount: showOwed(parts.debts) },
    { label: 'Faturas de cartão', amount: showOwed(parts.card_bills) },
  ];
}

/** One row a month for the chart: net worth, what the client has and what they owe (positive). */
export function buildNetWorthChartData(netWorth: NetWorth) {
  return netWorth.months.map((month) => ({
    month: formatMonthKey(month.month),
    net_worth: month.net_worth,
    assets: month.accounts + month.investments + month.other_balances,
    owed: month.debts + month.card_bills,
  }));
}

/** How net worth moved from the first month shown to today; null with fewer than two months. */
export function findNetWorthChange(netWorth: NetWorth): { since: string; amount: number } | null {
  const first = netWorth.months[0];
  if (!first || netWorth.months.length < 2) return null;
  return { since: formatMonthKey(first.month), amount: netWorth.current.net_worth - first.net_worth };
}

/** True when nothing has been counted yet: no account, investment, belonging, debt or bill in any month. */
export function isNetWorthEmpty(netWorth: NetWorth): boolean {
  const allParts = [netWorth.current, ...netWorth.months];
  return allParts.every((parts) => listNetWorthParts(parts).every((part) => part.amount === 0));
}
