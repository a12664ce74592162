import type { ClientHome, UpcomingBill } from '@prumo/contract/home';
import { findTodayInBrazil, shiftDay } from '@prumo/domain/br/date';
import { findMonthOfDay } from '@prumo/domain/budget/target-month';
import type { AppDependencies } from '../../dependencies';
import type { ClientScope } from '../../lib/scope';
import { listFutureFlowMonths } from '../future-flow/index';
import { readMyAccountsAndBillsToPay, readNetWorth } from '../my-assets/index';
import { listReminders } from '../reminders/index';
import { listTasks } from '../tasks/index';

/** How far ahead the home page looks for bills: a month, so every monthly bill shows once. */
export const upcomingBillsDays = 30;

/** The latest open tasks the home page lists; the rest are in Tarefas e avisos. */
const latestTasks = 5;

/**
 * The client's home page, from the same services as the screens it links to (Meu patrimônio,
 * Fluxo futuro's month, bill reminders, tasks), so its figures are theirs.
 */
export async function readClientHome(deps: AppDependencies, scope: ClientScope): Promise<ClientHome> {
  const today = findTodayInBrazil(new Date());
  const currentMonth = findMonthOfDay(today);
  const horizon = shiftDay(today, upcomingBillsDays);
  const [{ accounts, billsToPay: cardBills }, reminders, months, tasks, netWorth] = await Promise.all([
    readMyAccountsAndBillsToPay(deps, scope),
    listReminders(deps, scope),
    listFutureFlowMonths(
      deps,
      scope,
      { startMonth: currentMonth, endMonth: currentMonth, currentMonth },
      { ideal: false },
    ),
    listTasks(deps, scope, { statuses: ['pending'], types: null, limit: latestTasks, offset: 0 }),
    readNetWorth(deps, scope),
  ]);
  const counted = accounts.filter((account) => !account.ignored);
  const upcomingBills: UpcomingBill[] = [
    ...cardBills
      .filter((bill) => bill.due_date <= horizon)
      .map((bill) => ({
        kind: 'card_bill' as const,
        id: bill.id,
        title: `Fatura ${bill.card_name}`,
        due_date: bill.due_date,
        amount: bill.amount,
        state: bill.state,
        card_id: bill.card_id,
      })),
    ...reminders
      // A proposal is the client's to accept first; a paid occurrence is no longer due.
      .filter((reminder) => reminder.status === 'ACTIVE')
      .filter((reminder) => reminder.next_occurrence !== null && reminder.next_occurrence <= horizon)
      .map((reminder) => ({
        kind: 'reminder' as const,
        id: reminder.id,
        title: reminder.title,
        due_date: reminder.next_occurrence ?? today,
        amount: reminder.amount,
        state: null,
        card_id: null,
      })),
  ].sort((a, b) => a.due_date.localeCompare(b.due_date) || a.title.localeCompare(b.title));
  const [month] = months.results;
  if (!month) throw new Error('the future flow gave no current month');
  const lastMonth = netWorth.months.at(-2)?.net_worth ?? 0;
  return {
    date: today,
    accounts: counted.map((account) => ({
      id: account.id,
      name: account.name,
      kind: account.kind,
      balance: account.balance,
      balance_known: account.balance_known,
    })),
    accounts_total: counted
      .filter((account) => account.kind === 'bank_account')
      .reduce((total, account) => total + (account.balance ?? 0), 0),
    cards_owed: -counted
      .filter((account) => account.kind === 'credit_card')
      .reduce((total, account) => total + (account.balance ?? 0), 0),
    month: {
      month: currentMonth.slice(0, 7),
      summary: month.summary,
      planned: month.planned,
      has_plan: month.plannedFrom !== null,
    },
    upcoming_bills: upcomingBills,
    open_tasks: { count: tasks.count, latest: tasks.results },
    net_worth: {
      net_worth: netWorth.current.net_worth,
      last_month: lastMonth,
      change: netWorth.current.net_worth - lastMonth,
    },
  };
}
