import type { Debt } from '@prumo/contract/debts';
import type { CardBill } from '@prumo/contract/my-assets';
import { formatCents } from '@prumo/domain/money/cents';

/** A bill's state as the client reads it, and its badge's colour. */
export const billStateLabels: Record<CardBill['state'], { label: string; color: string }> = {
  future: { label: 'Futura', color: 'gray' },
  open: { label: 'Aberta', color: 'blue' },
  closed: { label: 'Fechada', color: 'orange' },
  paid: { label: 'Paga', color: 'teal' },
};

/** "2028-03" → "03/2028". */
export function formatMonthKey(month: string): string {
  const match = /^(\d{4})-(\d{2})/.exec(month);
  return match ? `${match[2]}/${match[1]}` : month;
}

/** When a debt ends at its current payment, in one line: "03/2028 (em 28 meses)". */
export function describeDebtPayoff(debt: Debt): string {
  if (!debt.payoff) {
    const interest = debt.monthly_interest === null ? '' : ` (${formatCents(debt.monthly_interest)})`;
    return `Não termina: a parcela não cobre os juros do mês${interest}`;
  }
  const { months, payoff_month: month } = debt.payoff;
  const count = months === 1 ? '1 mês' : `${months} meses`;
  return `${formatMonthKey(month)} (em ${count})`;
}

/** 1.99 → "1,99 % ao mês". */
export function formatMonthlyRate(percent: number): string {
  const text = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 4 }).format(percent);
  return `${text} % ao mês`;
}

/** "3 contas", "1 conta", "Nenhuma conta": a group's count beside its title. */
export function countItems(count: number, singular: string, plural: string, none: string): string {
  if (count === 0) return none;
  return `${count} ${count === 1 ? singular : plural}`;
}

/** What is owed (positive cents) as the screen shows it: negative, and zero as plain zero (never "-R$ 0,00"). */
export function showOwed(cents: number): number {
  return cents === 0 ? 0 : -cents;
}
