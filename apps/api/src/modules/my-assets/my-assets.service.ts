import type {
  AccountDetails,
  CardBill,
  CardBillDetails,
  CardBillLine,
  CreditCardDetails,
  MyAccount,
  NetWorth,
  NetWorthParts as NetWorthAnswerParts,
} from '@prumo/contract/my-assets';
import { findBankByCode } from '@prumo/domain/banks/brazilian-banks';
import { findTodayInBrazil } from '@prumo/domain/br/date';
import { findMonthBounds, findMonthOfDay, shiftMonth } from '@prumo/domain/budget/target-month';
import {
  type AccountBalanceHistory,
  type AccountMonthSums,
  computeAccountBalanceHistory,
} from '@prumo/domain/holdings/account-balances';
import {
  computeBillAmountCents,
  computeBillClosingDate,
  computeBillDueDate,
  findBillPaymentWindow,
  findCardBillState,
  type ProjectedInstalment,
  projectInstalments,
  readInstalment,
} from '@prumo/domain/holdings/card-bills';
import {
  computeNetWorth,
  findValueOnDay,
  type NetWorthParts,
  sumCardOwedOnDay,
  type ValuePoint,
} from '@prumo/domain/holdings/net-worth';
import { readSummedCents } from '@prumo/domain/money/cents';
import { gt, lte } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database';
import { transactions } from '../../db/schema';
import type { AppDependencies } from '../../dependencies';
import { failNotFound, failOnField } from '../../lib/domain-errors';
import type { ClientScope } from '../../lib/scope';
import { describeClientQuery, findClientVersions, reuseAtVersion } from '../cash-flow/index';
import { listDebts } from '../debts/index';
import { listInvestments } from '../investments/index';
import { describeOrigin } from '../origins/index';
import { listOtherBalances } from '../other-balances/index';
import {
  type CardBillRow,
  deleteEmptyCardBills,
  findBillLines,
  findBillPaymentCandidates,
  findCardBills,
  findCardInstalmentLines,
  findCardPurchaseDays,
  findClientBill,
  findClientOrigin,
  findClientOrigins,
  findNextCardBill,
  findPreviousCardBill,
  hasCardBillDueOn,
  insertCardBills,
  lockClientBills,
  markLineAsOwnTransfer,
  moveCardLines,
  type OriginRow,
  sumAccountMonths,
  sumCardBillLines,
  updateCardBill,
  updateCardCashDates,
  updateCardSettings,
  updateOriginNickname,
} from './my-assets.repo';

export const myAssetsMessages = {
  accountNotFound: 'Conta não encontrada.',
  cardNotFound: 'Cartão não encontrado.',
  billNotFound: 'Fatura não encontrada.',
  cardDaysRequired: 'Informe o dia de fechamento e o dia de vencimento da fatura.',
  dueDateTaken: 'Este cartão já tem uma fatura com este vencimento.',
  closingNotBeforeDue: 'O fechamento deve ser antes do vencimento.',
  closingOutsidePeriod: 'O fechamento deve ficar entre o fechamento da fatura anterior e o vencimento desta.',
};

function findToday(): string {
  return findTodayInBrazil(new Date());
}

interface CardDays {
  closingDay: number;
  dueDay: number;
}

function readCardDays(card: OriginRow): CardDays | null {
  return card.closingDay !== null && card.dueDay !== null ? { closingDay: card.closingDay, dueDay: card.dueDay } : null;
}

// ——— Card bills ———

/** A card's bills as the screens show them, with what their lines add up to and what is projected on them. */
interface CardBillsView {
  card: OriginRow;
  bills: CardBill[];
}

interface CardLineFacts {
  sums: Map<string, { sumCents: number; lines: number }>;
  projected: ProjectedInstalment[];
}

async function readCardLineFacts(db: Database | Transaction, scope: ClientScope, cards: readonly OriginRow[]) {
  const cardIds = cards.map((card) => card.id);
  const [sums, instalmentLines] = await Promise.all([
    sumCardBillLines(db, scope, cardIds),
    findCardInstalmentLines(db, scope, cardIds),
  ]);
  const facts = new Map<number, CardLineFacts>(cards.map((card) => [card.id, { sums: new Map(), projected: [] }]));
  for (const row of sums) {
    facts.get(row.originId)?.sums.set(row.cashDate, { sumCents: readSummedCents(row.sumText), lines: row.lines });
  }
  for (const [cardId, projected] of projectCardInstalments(cards, instalmentLines)) {
    const cardFacts = facts.get(cardId);
    if (cardFacts) cardFacts.projected = projected;
  }
  return facts;
}

/** Each card's instalments still to come, on its bill's due day (a card without days has none). */
function projectCardInstalments(
  cards: readonly OriginRow[],
  instalmentLines: Awaited<ReturnType<typeof findCardInstalmentLines>>,
): Map<number, ProjectedInstalment[]> {
  const projected = new Map<number, ProjectedInstalment[]>();
  for (const card of cards) {
    const days = readCardDays(card);
    if (!days) continue;
    const lines = instalmentLines
      .filter((line) => line.originId === card.id)
      .map((line) => ({ name: line.name, amountCents: line.amountCents, billDueDate: line.cashDate }));
    projected.set(card.id, projectInstalments(lines, days.dueDay));
  }
  return projected;
}

interface CardsState {
  facts: Map<number, CardLineFacts>;
  stored: CardBillRow[];
}

async function readCardsState(db: Database | Transaction, scope: ClientScope, cards: readonly OriginRow[]) {
  const [facts, stored] = await Promise.all([
    readCardLineFacts(db, scope, cards),
    findCardBills(
      db,
      scope,
      cards.map((card) => card.id),
    ),
  ]);
  return { facts, stored };
}

/**
 * Puts the cards' bills in order: a bill row for each due date that has lines, for the bill open
 * today and for each bill a projected instalment falls on; then a closed bill not yet paid is
 * matched to an outgoing line of the client's accounts for its exact amount, within its payment
 * window — that line becomes an own transfer (neither income nor expense) and the bill is paid.
 * A read with nothing to put in order writes nothing and answers what it read; otherwise the work
 * is done under the client's bills lock and the state read again.
 */
async function settleCardBills(
  deps: AppDependencies,
  scope: ClientScope,
  cards: readonly OriginRow[],
  today: string,
): Promise<CardsState> {
  const read = await readCardsState(deps.db, scope, cards);
  const cardsWithDays = cards.filter((card) => readCardDays(card) !== null);
  const missing = listMissingBills(cardsWithDays, read.facts, read.stored, today);
  const payable = listPayableBills(read, today);
  const payments = payable.length > 0 ? await findBillPayments(deps.db, scope, payable) : [];
  if (missing.length === 0 && payments.length === 0) return read;
  await deps.db.transaction(async (transaction) => {
    await lockClientBills(transaction, scope);
    await insertCardBills(transaction, scope, missing);
    // Found again under the lock: another call may have just paid a bill with the same line.
    for (const { bill, payment } of await findBillPayments(transaction, scope, payable)) {
      await updateCardBill(transaction, bill.id, { paidOn: payment.cashDate, paymentTransactionId: payment.id });
      await markLineAsOwnTransfer(transaction, scope, payment.id);
    }
  });
  return readCardsState(deps.db, scope, cards);
}

/** Closed bills not yet paid that ask for something. */
function listPayableBills(state: CardsState, today: string) {
  return state.stored
    .filter((bill) => bill.paidOn === null && bill.closingDate < today)
    .map((bill) => ({ bill, amountCents: findStoredBillAmount(bill, state.facts) }))
    .filter((entry) => entry.amountCents > 0);
}

function listMissingBills(
  cards: readonly OriginRow[],
  facts: Map<number, CardLineFacts>,
  stored: readonly CardBillRow[],
  today: string,
) {
  const missing: { originId: number; closingDate: string; dueDate: string }[] = [];
  for (const card of cards) {
    const days = readCardDays(card);
    const cardFacts = facts.get(card.id);
    if (!days || !cardFacts) continue;
    const known = new Set(stored.filter((bill) => bill.originId === card.id).map((bill) => bill.dueDate));
    const wanted = new Set([
      ...cardFacts.sums.keys(),
      computeBillDueDate(today, days.closingDay, days.dueDay),
      ...cardFacts.projected.map((instalment) => instalment.billDueDate),
    ]);
    for (const dueDate of wanted) {
      if (known.has(dueDate)) continue;
      missing.push({
        originId: card.id,
        dueDate,
        closingDate: computeBillClosingDate(dueDate, days.closingDay, days.dueDay),
      });
    }
  }
  return missing;
}

function findStoredBillAmount(bill: CardBillRow, facts: Map<number, CardLineFacts>): number {
  const sum = facts.get(bill.originId)?.sums.get(bill.dueDate);
  return computeBillAmountCents(sum?.sumCents ?? 0, bill.correctedAmountCents);
}

/** Each payable bill's payment among the outgoing lines of its window, one line per bill at most. */
async function findBillPayments(
  db: Database | Transaction,
  scope: ClientScope,
  payable: readonly { bill: CardBillRow; amountCents: number }[],
) {
  const windows = payable.map(({ bill }) => findBillPaymentWindow(bill));
  const start = windows.map((window) => window.start).sort()[0];
  const end = windows
    .map((window) => window.end)
    .sort()
    .at(-1);
  if (start === undefined || end === undefined) return [];
  const candidates = await findBillPaymentCandidates(db, scope, { start, end });
  const taken = new Set<number>();
  const payments: { bill: CardBillRow; payment: (typeof candidates)[number] }[] = [];
  for (const [index, { bill, amountCents }] of payable.entries()) {
    const window = windows[index];
    if (!window) continue;
    const payment = candidates.find(
      (line) =>
        !taken.has(line.id) &&
        line.amountCents === -amountCents &&
        line.cashDate >= window.start &&
        line.cashDate <= window.end,
    );
    if (!payment) continue;
    taken.add(payment.id);
    payments.push({ bill, payment });
  }
  return payments;
}

function presentBills(rows: readonly CardBillRow[], facts: CardLineFacts | undefined, today: string): CardBill[] {
  const ordered = [...rows].sort((a, b) => a.dueDate.localeCompare(b.dueDate));
  return ordered
    .map((bill, index) => {
      const sum = facts?.sums.get(bill.dueDate);
      const linesSumCents = sum?.sumCents ?? 0;
      const projectedCents = (facts?.projected ?? [])
        .filter((instalment) => instalment.billDueDate === bill.dueDate)
        .reduce((total, instalment) => total - instalment.amountCents, 0);
      return {
        id: bill.id,
        card_id: bill.originId,
        closing_date: bill.closingDate,
        due_date: bill.dueDate,
        state: findCardBillState(
          {
            closingDate: bill.closingDate,
            previousClosingDate: ordered[index - 1]?.closingDate ?? null,
            paid: bill.paidOn !== null,
          },
          today,
        ),
        amount: computeBillAmountCents(linesSumCents, bill.correctedAmountCents),
        lines_amount: -linesSumCents,
        corrected: bill.correctedAmountCents !== null,
        lines: sum?.lines ?? 0,
        projected_instalments: projectedCents,
        paid_on: bill.paidOn,
        payment_transaction_id: bill.paymentTransactionId,
      };
    })
    .reverse();
}

/** Every card of the client with its bills in order (settled first). */
async function readCardsBills(
  deps: AppDependencies,
  scope: ClientScope,
  cards: readonly OriginRow[],
  today: string,
): Promise<CardBillsView[]> {
  if (cards.length === 0) return [];
  const { facts, stored } = await settleCardBills(deps, scope, cards, today);
  return cards.map((card) => ({
    card,
    bills: presentBills(
      stored.filter((bill) => bill.originId === card.id),
      facts.get(card.id),
      today,
    ),
  }));
}

/** What a card owes now: its open and closed bills not yet paid, as a negative balance. */
function sumCardOwed(bills: readonly CardBill[]): number {
  return -bills
    .filter((bill) => bill.state === 'open' || bill.state === 'closed')
    .reduce((total, bill) => total + bill.amount, 0);
}

/** Bills still to pay (closed and open, not paid, with something to pay) of cards that count, soonest due first. */
function listBillsToPay(cardViews: readonly CardBillsView[]) {
  return cardViews
    .filter((view) => !view.card.ignored)
    .flatMap((view) =>
      view.bills
        .filter((bill) => (bill.state === 'open' || bill.state === 'closed') && bill.amount > 0)
        .map((bill) => ({ ...bill, card_name: describeOrigin(view.card) })),
    )
    .sort((a, b) => a.due_date.localeCompare(b.due_date));
}

/** Every card's instalments still to come, each on its bill (the future flow shows them). */
export async function listProjectedInstalments(
  deps: AppDependencies,
  scope: ClientScope,
): Promise<ProjectedInstalment[]> {
  const cards = (await findClientOrigins(deps.db, scope)).filter(
    (origin) => origin.kind === 'credit_card' && !origin.ignored,
  );
  if (cards.length === 0) return [];
  const instalmentLines = await findCardInstalmentLines(
    deps.db,
    scope,
    cards.map((card) => card.id),
  );
  return [...projectCardInstalments(cards, instalmentLines).values()].flat();
}

// ——— Accounts ———

async function readAccountHistories(
  deps: AppDependencies,
  scope: ClientScope,
  accounts: readonly OriginRow[],
  today: string,
): Promise<Map<number, AccountBalanceHistory>> {
  const versions = await findClientVersions(deps.db, scope.clientUserId);
  // The sums change with the client's lines (the cash-flow version) and their accounts' known balances.
  const balances = accounts.map((account) => [account.id, account.balanceDate]);
  const rows = await reuseAtVersion(
    deps.db,
    describeClientQuery('account-months', scope, [today, balances]),
    versions.cashFlow,
    () => sumAccountMonths(deps.db, scope, today),
  );
  const histories = new Map<number, AccountBalanceHistory>();
  for (const account of accounts) {
    const sums: AccountMonthSums[] = rows
      .filter((row) => row.originId === account.id)
      .map((row) => ({
        month: row.month,
        onOrBeforeKnownCents: readSummedCents(row.onOrBeforeKnownText),
        afterKnownCents: readSummedCents(row.afterKnownText),
      }));
    histories.set(account.id, computeAccountBalanceHistory(readKnownBalance(account), sums, today));
  }
  return histories;
}

function readKnownBalance(account: OriginRow) {
  return account.balanceCents !== null && account.balanceDate !== null
    ? { balanceCents: account.balanceCents, date: account.balanceDate }
    : null;
}

function presentAccount(origin: OriginRow, balance: { cents: number | null; date: string | null; known: boolean }) {
  const number = [origin.branch, origin.accountNumber].filter(Boolean).join(' ');
  const typed = origin.kind === 'manual';
  return {
    id: origin.id,
    kind: origin.kind === 'credit_card' ? 'credit_card' : 'bank_account',
    name: describeOrigin(origin),
    nickname: origin.nickname,
    bank: findBankByCode(origin.bankCode)?.name ?? (origin.bankCode || null),
    number: typed ? null : number || null,
    typed,
    ignored: origin.ignored,
    balance: balance.cents,
    balance_date: balance.date,
    balance_known: balance.known,
    closing_day: origin.closingDay,
    due_day: origin.dueDay,
    limit: origin.creditLimitCents,
  } satisfies MyAccount;
}

function presentAccountBalance(origin: OriginRow, history: AccountBalanceHistory | undefined, today: string) {
  const last = history?.points.at(-1);
  if (!last) return { cents: origin.balanceCents, date: origin.balanceDate, known: origin.balanceCents !== null };
  return { cents: last.balanceCents, date: last.date === today ? today : last.date, known: last.known };
}

/** The client's accounts and cards with today's balances: an account's derived from its known one, a card's what it owes. */
export async function listMyAccounts(deps: AppDependencies, scope: ClientScope): Promise<MyAccount[]> {
  return (await readMyAccountsAndBillsToPay(deps, scope)).accounts;
}

/** The accounts and cards as listMyAccounts gives them, and the cards' bills still to pay, from one read. */
export async function readMyAccountsAndBillsToPay(deps: AppDependencies, scope: ClientScope) {
  const today = findToday();
  const origins = await findClientOrigins(deps.db, scope);
  const bankAccounts = origins.filter((origin) => origin.kind !== 'credit_card');
  const cards = origins.filter((origin) => origin.kind === 'credit_card');
  const [histories, cardBills] = await Promise.all([
    readAccountHistories(deps, scope, bankAccounts, today),
    readCardsBills(deps, scope, cards, today),
  ]);
  const owedByCard = new Map(cardBills.map((view) => [view.card.id, sumCardOwed(view.bills)]));
  const accounts: MyAccount[] = origins.map((origin) =>
    origin.kind === 'credit_card'
      ? presentAccount(origin, {
          cents: readCardDays(origin) ? (owedByCard.get(origin.id) ?? 0) : null,
          date: today,
          known: false,
        })
      : presentAccount(origin, presentAccountBalance(origin, histories.get(origin.id), today)),
  );
  return { accounts, billsToPay: listBillsToPay(cardBills) };
}

// ——— Net worth ———

/** Months of net worth shown: a year, so the change over a year reads at a glance. */
export const netWorthMonths = 12;

function presentNetWorthParts(parts: NetWorthParts): NetWorthAnswerParts {
  return {
    accounts: parts.accountsCents,
    investments: parts.investmentsCents,
    other_balances: parts.otherBalancesCents,
    debts: parts.debtsCents,
    card_bills: parts.cardBillsCents,
    net_worth: computeNetWorth(parts),
  };
}

/**
 * Net worth today and at the end of each of the last 12 months, from the same figures the lists
 * show: accounts' balances over time (ignored accounts left out), cards' bills not yet paid then,
 * investments' and other balances' histories. Debts keep no history: what is owed today counts in
 * every month.
 */
export async function readNetWorth(deps: AppDependencies, scope: ClientScope): Promise<NetWorth> {
  const today = findToday();
  const versions = await findClientVersions(deps.db, scope.clientUserId);
  // Made of the client's lines (the cash-flow version) and of what they hold and owe (the holdings
  // version): kept until either changes, or the day does.
  return reuseAtVersion(
    deps.db,
    describeClientQuery('net-worth', scope, [today, versions.cashFlow]),
    versions.holdings,
    () => assembleNetWorth(deps, scope, today),
  );
}

async function assembleNetWorth(deps: AppDependencies, scope: ClientScope, today: string): Promise<NetWorth> {
  const origins = (await findClientOrigins(deps.db, scope)).filter((origin) => !origin.ignored);
  const accounts = origins.filter((origin) => origin.kind !== 'credit_card');
  const cards = origins.filter((origin) => origin.kind === 'credit_card');
  const [histories, cardViews, investments, otherBalances, debts] = await Promise.all([
    readAccountHistories(deps, scope, accounts, today),
    readCardsBills(deps, scope, cards, today),
    listInvestments(deps, scope, null),
    listOtherBalances(deps, scope),
    listDebts(deps, scope),
  ]);
  const accountPoints = [...histories.values()].map((history) =>
    history.points.map((point) => ({ date: point.date, balanceCents: point.balanceCents })),
  );
  const cardBillLists = cardViews.map((view) =>
    view.bills.map((bill) => ({ closingDate: bill.closing_date, amountCents: bill.amount, paidOn: bill.paid_on })),
  );
  const investmentPoints = investments.map((investment) =>
    investment.history.map((point) => ({ date: point.date, balanceCents: point.balance })),
  );
  const otherPoints = otherBalances.map((balance) =>
    balance.history.map((point) => ({ date: point.date, balanceCents: point.balance })),
  );
  const debtsCents = debts.reduce((total, debt) => total + debt.balance, 0);
  const sumOnDay = (pointLists: ValuePoint[][], day: string) =>
    pointLists.reduce((total, points) => total + findValueOnDay(points, day), 0);
  const partsOnDay = (day: string): NetWorthParts => ({
    accountsCents: sumOnDay(accountPoints, day),
    investmentsCents: sumOnDay(investmentPoints, day),
    otherBalancesCents: sumOnDay(otherPoints, day),
    debtsCents,
    cardBillsCents: cardBillLists.reduce((total, bills) => total + sumCardOwedOnDay(bills, day), 0),
  });
  const currentMonth = findMonthOfDay(today);
  const months = Array.from({ length: netWorthMonths }, (_, index) =>
    shiftMonth(currentMonth, index - netWorthMonths + 1).slice(0, 7),
  );
  return {
    date: today,
    current: presentNetWorthParts(partsOnDay(today)),
    months: months.map((month) => {
      // This month ends today; the others on their last day.
      const date = month === today.slice(0, 7) ? today : findMonthBounds(`${month}-01`).end;
      return { month, date, ...presentNetWorthParts(partsOnDay(date)) };
    }),
  };
}

export async function renameAccount(
  deps: AppDependencies,
  scope: ClientScope,
  originId: number,
  nickname: string | null,
): Promise<MyAccount> {
  if (!(await updateOriginNickname(deps.db, scope, originId, nickname))) failNotFound(myAssetsMessages.accountNotFound);
  const renamed = (await listMyAccounts(deps, scope)).find((account) => account.id === originId);
  if (!renamed) failNotFound(myAssetsMessages.accountNotFound);
  return renamed;
}

/** Each account's balance month by month (cards apart: their bills are in credit-card-details/). */
export async function listAccountDetails(deps: AppDependencies, scope: ClientScope): Promise<AccountDetails[]> {
  const today = findToday();
  const accounts = (await findClientOrigins(deps.db, scope)).filter((origin) => origin.kind !== 'credit_card');
  const histories = await readAccountHistories(deps, scope, accounts, today);
  return accounts.map((account) => {
    const history = histories.get(account.id);
    const known = readKnownBalance(account);
    return {
      id: account.id,
      name: describeOrigin(account),
      typed: account.kind === 'manual',
      ignored: account.ignored,
      balance: history?.currentCents ?? null,
      known_balance: known ? { balance: known.balanceCents, date: known.date } : null,
      history: (history?.points ?? []).map((point) => ({
        date: point.date,
        balance: point.balanceCents,
        known: point.known,
      })),
    };
  });
}

// ——— Cards ———

export async function getCreditCardDetails(
  deps: AppDependencies,
  scope: ClientScope,
  cardId: number,
): Promise<CreditCardDetails> {
  const card = await findClientOrigin(deps.db, scope, cardId, { cardOnly: true });
  if (!card) failNotFound(myAssetsMessages.cardNotFound);
  const today = findToday();
  const [view] = await readCardsBills(deps, scope, [card], today);
  const bills = view?.bills ?? [];
  return {
    card: presentAccount(card, { cents: readCardDays(card) ? sumCardOwed(bills) : null, date: today, known: false }),
    needs_days: readCardDays(card) === null,
    bills,
  };
}

export interface CardSettings {
  closingDay?: number;
  dueDay?: number;
  creditLimitCents?: number | null;
}

/**
 * A card's closing day, due day and limit. New days put the card's lines on their bills again from
 * the first bill not yet closed on: closed and paid bills keep the dates they had.
 */
export async function editCreditCard(
  deps: AppDependencies,
  scope: ClientScope,
  cardId: number,
  changes: CardSettings,
): Promise<CreditCardDetails> {
  const today = findToday();
  await deps.db.transaction(async (transaction) => {
    const card = await findClientOrigin(transaction, scope, cardId, { cardOnly: true, lock: true });
    if (!card) failNotFound(myAssetsMessages.cardNotFound);
    const closingDay = changes.closingDay ?? card.closingDay;
    const dueDay = changes.dueDay ?? card.dueDay;
    const daysChanged = changes.closingDay !== undefined || changes.dueDay !== undefined;
    if (daysChanged && (closingDay === null || dueDay === null))
      failOnField('closing_day', myAssetsMessages.cardDaysRequired);
    await updateCardSettings(transaction, card.id, changes);
    if (!daysChanged || closingDay === null || dueDay === null) return;
    await lockClientBills(transaction, scope);
    const lastClosed = (await findCardBills(transaction, scope, [card.id]))
      .filter((bill) => bill.closingDate < today)
      .at(-1);
    await assignCardLinesToBills(transaction, card.id, { closingDay, dueDay }, lastClosed?.closingDate ?? null);
    await deleteEmptyCardBills(transaction, card.id, lastClosed?.dueDate ?? null);
  });
  return getCreditCardDetails(deps, scope, cardId);
}

/**
 * Puts a card's lines bought after `afterDate` (all when null) on their bills by the card's days:
 * each line's cash date becomes its bill's due date, when the money leaves the client's account.
 */
export async function assignCardLinesToBills(
  transaction: Transaction,
  cardId: number,
  days: CardDays,
  afterDate: string | null,
): Promise<void> {
  const purchaseDays = await findCardPurchaseDays(transaction, cardId, afterDate);
  await updateCardCashDates(
    transaction,
    cardId,
    purchaseDays.map((date) => ({ date, cashDate: computeBillDueDate(date, days.closingDay, days.dueDay) })),
  );
}

// ——— One bill ———

export async function getCardBillDetails(
  deps: AppDependencies,
  scope: ClientScope,
  billId: number,
): Promise<CardBillDetails> {
  const found = await findClientBill(deps.db, scope, billId);
  if (!found) failNotFound(myAssetsMessages.billNotFound);
  const today = findToday();
  const [view] = await readCardsBills(deps, scope, [found.card], today);
  const bill = view?.bills.find((candidate) => candidate.id === billId);
  if (!bill) failNotFound(myAssetsMessages.billNotFound);
  const [lines, facts] = await Promise.all([
    findBillLines(deps.db, scope, found.card.id, bill.due_date),
    readCardLineFacts(deps.db, scope, [found.card]),
  ]);
  const stored: CardBillLine[] = lines.map((line) => {
    const instalment = readInstalment(line.name);
    return {
      id: line.id,
      date: line.date,
      name: line.name,
      amount: line.amountCents,
      ignored: line.ignored,
      projected: false,
      instalment: instalment ? { number: instalment.number, count: instalment.count } : null,
    };
  });
  const projected: CardBillLine[] = (facts.get(found.card.id)?.projected ?? [])
    .filter((instalment) => instalment.billDueDate === bill.due_date)
    .map((instalment) => ({
      id: null,
      date: null,
      name: instalment.name,
      amount: instalment.amountCents,
      ignored: false,
      projected: true,
      instalment: { number: instalment.number, count: instalment.count },
    }));
  return { ...bill, card_name: describeOrigin(found.card), lines_list: [...stored, ...projected] };
}

export interface BillChanges {
  closingDate?: string;
  dueDate?: string;
  correctedAmountCents?: number | null;
}

/**
 * A bill's dates and amount as the client corrects them. A new due date carries its lines along; a
 * new closing date moves the lines bought after it to the next bill, and brings back from the next
 * bill the lines bought up to it. The amount the client types wins over the lines' sum; null clears it.
 */
export async function editCardBill(
  deps: AppDependencies,
  scope: ClientScope,
  billId: number,
  changes: BillChanges,
): Promise<CardBillDetails> {
  await deps.db.transaction(async (transaction) => {
    await lockClientBills(transaction, scope);
    const found = await findClientBill(transaction, scope, billId, { lock: true });
    if (!found) failNotFound(myAssetsMessages.billNotFound);
    const { bill, card } = found;
    const dueDate = changes.dueDate ?? bill.dueDate;
    const closingDate = changes.closingDate ?? bill.closingDate;
    if (closingDate >= dueDate) failOnField('closing_date', myAssetsMessages.closingNotBeforeDue);
    if (dueDate !== bill.dueDate) {
      if (await hasCardBillDueOn(transaction, card.id, dueDate, bill.id)) {
        failOnField('due_date', myAssetsMessages.dueDateTaken);
      }
      await moveCardLines(transaction, card.id, bill.dueDate, dueDate);
    }
    if (closingDate !== bill.closingDate) {
      await moveLinesAcrossClosing(transaction, scope, { ...bill, dueDate }, card, closingDate);
    }
    await updateCardBill(transaction, bill.id, {
      closingDate,
      dueDate,
      ...(changes.correctedAmountCents !== undefined ? { correctedAmountCents: changes.correctedAmountCents } : {}),
    });
  });
  return getCardBillDetails(deps, scope, billId);
}

async function moveLinesAcrossClosing(
  transaction: Transaction,
  scope: ClientScope,
  bill: CardBillRow,
  card: OriginRow,
  closingDate: string,
) {
  const previous = await findPreviousCardBill(transaction, bill);
  if (previous && closingDate <= previous.closingDate) {
    failOnField('closing_date', myAssetsMessages.closingOutsidePeriod);
  }
  const days = readCardDays(card);
  let next = await findNextCardBill(transaction, bill);
  if (!next && days) {
    const dueDate = computeBillDueDate(closingDate, days.closingDay, days.dueDay);
    const nextDueDate =
      dueDate > bill.dueDate ? dueDate : computeBillDueDate(bill.dueDate, days.closingDay, days.dueDay);
    await insertCardBills(transaction, scope, [
      {
        originId: card.id,
        dueDate: nextDueDate,
        closingDate: computeBillClosingDate(nextDueDate, days.closingDay, days.dueDay),
      },
    ]);
    next = await findNextCardBill(transaction, bill);
  }
  if (next && closingDate >= next.closingDate) failOnField('closing_date', myAssetsMessages.closingOutsidePeriod);
  if (!next) return;
  // Bought after the new closing: the next bill's. Bought up to it: this one's.
  await moveCardLines(transaction, card.id, bill.dueDate, next.dueDate, gt(transactions.date, closingDate));
  await moveCardLines(transaction, card.id, next.dueDate, bill.dueDate, lte(transactions.date, closingDate));
}
