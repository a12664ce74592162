import { findMonthOfDay, shiftMonth } from '../budget/target-month';
import { projectDebtPayoff } from '../holdings/debt-payoff';
import { listReminderOccurrences, type ReminderPeriodicity } from '../reminders/reminder-occurrences';

/**
 * What the client already knows is due in the months ahead, beside the plan (ADR 24): each
 * occurrence of a bill reminder shown in the future flow that has an amount, and each debt's payment
 * until its payoff. They are shown, never added to the planned or projected money: neither says
 * its category, so nothing tells which planned line already foresees it.
 */

/** A bill reminder the client wants in the future flow (`cashflow_reminder`) and whose amount is known. */
export interface ReminderToShow {
  id: number;
  title: string;
  /** The first due date, "YYYY-MM-DD". */
  firstDate: string;
  periodicity: ReminderPeriodicity;
  amountCents: number;
}

export interface DebtToShow {
  id: number;
  name: string;
  balanceCents: number;
  monthlyPaymentCents: number;
  installmentsLeft: number | null;
  monthlyInterestPercent: number;
}

export interface ReminderDue {
  id: number;
  name: string;
  /** The occurrence's due day. */
  date: string;
  amountCents: number;
}

export interface DebtPaymentDue {
  id: number;
  name: string;
  amountCents: number;
  /** The payoff month's payment (what is left); never true for a debt the payment does not pay off. */
  lastPayment: boolean;
}

export interface MonthExpectedPayments {
  reminders: ReminderDue[];
  debts: DebtPaymentDue[];
  remindersCents: number;
  debtsCents: number;
}

function buildEmptyMonth(): MonthExpectedPayments {
  return { reminders: [], debts: [], remindersCents: 0, debtsCents: 0 };
}

/**
 * For each of `months` from the current month on, the reminders' occurrences due in it (the
 * reminders' own rule, ADR 19) and the debts' payments (`projectDebtPayoff`, ADR 20: the first one
 * next month, the last in the payoff month; a debt its payment never pays off keeps its payment in
 * every month). Months before the current one are left empty: what was due then is in the cash flow.
 */
export function listExpectedPayments(input: {
  months: readonly string[];
  currentMonth: string;
  reminders: readonly ReminderToShow[];
  debts: readonly DebtToShow[];
}): Map<string, MonthExpectedPayments> {
  const byMonth = new Map<string, MonthExpectedPayments>(input.months.map((month) => [month, buildEmptyMonth()]));
  const monthAhead = (month: string) => (month >= input.currentMonth ? byMonth.get(month) : undefined);
  for (const reminder of input.reminders) {
    for (const date of listReminderOccurrences(reminder.firstDate, reminder.periodicity)) {
      const month = monthAhead(findMonthOfDay(date));
      if (!month) continue;
      month.reminders.push({ id: reminder.id, name: reminder.title, date, amountCents: reminder.amountCents });
      month.remindersCents += reminder.amountCents;
    }
  }
  const lastMonth = input.months.at(-1);
  for (const debt of input.debts) {
    const payoff = projectDebtPayoff(debt);
    const payments =
      payoff.kind === 'paid-off'
        ? payoff.payments.map((payment, index) => ({
            monthOffset: payment.monthOffset,
            amountCents: payment.amountCents,
            lastPayment: index === payoff.payments.length - 1,
          }))
        : listOpenEndedPayments(input.currentMonth, lastMonth, debt.monthlyPaymentCents);
    for (const payment of payments) {
      const month = monthAhead(shiftMonth(input.currentMonth, payment.monthOffset));
      if (!month) continue;
      month.debts.push({
        id: debt.id,
        name: debt.name,
        amountCents: payment.amountCents,
        lastPayment: payment.lastPayment,
      });
      month.debtsCents += payment.amountCents;
    }
  }
  for (const month of byMonth.values()) month.reminders.sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);
  return byMonth;
}

/** A debt the payment does not pay off: the same payment every month up to the last month shown. */
function listOpenEndedPayments(currentMonth: string, lastMonth: string | undefined, amountCents: number) {
  const payments: { monthOffset: number; amountCents: number; lastPayment: boolean }[] = [];
  if (!lastMonth) return payments;
  for (let monthOffset = 1; shiftMonth(currentMonth, monthOffset) <= lastMonth; monthOffset++) {
    payments.push({ monthOffset, amountCents, lastPayment: false });
  }
  return payments;
}
