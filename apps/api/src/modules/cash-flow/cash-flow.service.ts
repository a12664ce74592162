import { randomBytes } from 'node:crypto';
import type { CashFlowLine } from '@prumo/contract/cash-flow';
import { computeMonthResult, findMonthGroup } from '@prumo/domain/budget/month-figures';
import { findMonthBounds, findMonthOfDay } from '@prumo/domain/budget/target-month';
import { isMovedBetweenOwnAssets } from '@prumo/domain/categorization/default-categories';
import { normalizeMerchantName } from '@prumo/domain/categorization/merchant-name';
import { type CashDateAccount, findLineCashDate } from '@prumo/domain/holdings/card-bills';
import { emptyUpdateMessage } from '@prumo/domain/records/update-fields';
import type { transactions } from '../../db/schema';
import type { AppDependencies } from '../../dependencies';
import { failNotFound, failOnField } from '../../lib/domain-errors';
import type { ClientScope } from '../../lib/scope';
import { findItemsPlannedForMonth, findMonthBudget } from '../budget/index';
import { describeOrigin } from '../origins/index';
import { closeCategorizingTask } from '../tasks/index';
import {
  buildNothingToCategorizeCondition,
  type CashFlowRow,
  categorizeSimilarLines,
  countAndSumCashFlow,
  countCashFlow,
  deleteCashFlowLines,
  findCashFlowLine,
  findCashFlowPage,
  findCashFlowVersion,
  findCashOrigin,
  findCategorization,
  findClientOrigin,
  findClientVersions,
  findLineToEdit,
  insertCashOrigin,
  insertManualLines,
  sumByDescription,
  updateCashFlowLines,
} from './cash-flow.repo';
import { describeCashFlowQuery, describeClientQuery, findCashFlowCache, reuseAtVersion } from './cash-flow-cache';
import type { CashFlowFilter } from './cash-flow-filters';

export const cashFlowMessages = {
  notFound: 'Não encontramos o cashflow baseado no ID passado',
  invalidCategorization: 'Categoria ou descrição inválida.',
  deleted: 'Transação deletada',
  originNotFound: 'Conta não encontrada.',
  importedAmount: 'O valor de uma transação importada não pode ser alterado: ele vem do extrato.',
  importedDate: 'A data de uma transação importada não pode ser alterada: ela vem do extrato.',
  importedOrigin: 'A conta de uma transação importada não pode ser alterada: ela vem do extrato.',
};

export function presentCashFlowLine(row: CashFlowRow): CashFlowLine {
  return {
    id: row.id,
    name: row.name,
    category: row.categoryId,
    category_name: row.categoryName,
    description: row.descriptionId,
    description_name: row.descriptionName,
    flow_type: row.amountCents < 0 ? 'expense' : 'income',
    is_expense: row.amountCents < 0,
    is_fixed: row.isFixed,
    ignored: row.ignored,
    amount: row.amountCents,
    date: row.date,
    cash_date: row.cashDate,
    // A text column that only Prumo writes: 'import' for a statement's lines, 'manual' for typed ones.
    created_from: row.createdFrom as CashFlowLine['created_from'],
    client: row.clientUserId,
    is_asset_transfer: row.isAssetTransfer,
    origins: row.originId,
    origin_kind: row.originKind,
    origin_name: describeOrigin({
      kind: row.originKind,
      bankCode: row.originBankCode,
      branch: row.originBranch,
      accountNumber: row.originAccountNumber,
      nickname: row.originNickname,
    }),
    categorized_by: row.categorizedBy,
  };
}

/**
 * A page of lines and what `computeTotals` finds of the whole filter (its count, its sums), reused
 * while the client's lines stay as they were: kept under `key` at the version it was computed at.
 */
async function readPageWithReusedTotals<Totals>(
  deps: AppDependencies,
  scope: ClientScope,
  filter: CashFlowFilter,
  key: string,
  computeTotals: () => Promise<{ totals: Totals; version: number }>,
) {
  const cache = findCashFlowCache(deps.db);
  if (!cache.has(key)) {
    // Nothing to reuse: page and totals side by side, on two connections.
    const [page, computed] = await Promise.all([findCashFlowPage(deps.db, scope, filter), computeTotals()]);
    cache.write(key, computed.version, computed.totals);
    return { totals: computed.totals, rows: page.rows.map(presentCashFlowLine) };
  }
  const page = await findCashFlowPage(deps.db, scope, filter);
  let totals = page.version === null ? undefined : cache.read<Totals>(key, page.version);
  if (totals === undefined) {
    const computed = await computeTotals();
    cache.write(key, computed.version, computed.totals);
    totals = computed.totals;
  }
  return { totals, rows: page.rows.map(presentCashFlowLine) };
}

/** A page of lines and how many the filter finds; the count is reused while the client's lines stay as they were. */
export async function listCashFlow(deps: AppDependencies, scope: ClientScope, filter: CashFlowFilter) {
  const { totals, rows } = await readPageWithReusedTotals(
    deps,
    scope,
    filter,
    describeCashFlowQuery('count', scope, filter),
    async () => {
      const counted = await countCashFlow(deps.db, scope, filter);
      return { totals: counted.count, version: counted.version };
    },
  );
  return { count: totals, rows };
}

/**
 * cash-flow/transfer-asset/: the period's lines between the client's own assets (categories of
 * kind `asset_transfer`) under the cash-flow filter, with their count and money: `total_out` put
 * into assets (negative), `total_in` taken out of them, `total` the net. All reused like counts.
 */
export async function listAssetTransfers(deps: AppDependencies, scope: ClientScope, filter: CashFlowFilter) {
  const transfersFilter = { ...filter, isAssetTransfer: true };
  const { totals, rows } = await readPageWithReusedTotals(
    deps,
    scope,
    transfersFilter,
    describeCashFlowQuery('totals', scope, transfersFilter),
    async () => {
      const { version, ...totals } = await countAndSumCashFlow(deps.db, scope, transfersFilter);
      return { totals, version };
    },
  );
  return {
    count: totals.count,
    rows,
    totalOutCents: totals.outCents,
    totalInCents: totals.inCents,
  };
}

/**
 * `compute`'s value for this client, computed once per cash-flow version and reused until their
 * lines or accounts change. The version is read before computing, so what is kept under it is never
 * older than it. Only for values made of the client's lines and accounts (categories and
 * descriptions, whose names may come along, are never renamed or deleted).
 */
export async function reuseAtCashFlowVersion<Value>(
  deps: AppDependencies,
  scope: ClientScope,
  key: string,
  compute: () => Promise<Value>,
): Promise<Value> {
  return reuseAtVersion(deps.db, key, await findCashFlowVersion(deps.db, scope.clientUserId), compute);
}

/**
 * Sums by category and description (ignored lines left out), reused at the same cash-flow version
 * (the one given, read by the caller before, or read now).
 */
export async function sumCashFlowByDescription(
  deps: AppDependencies,
  scope: ClientScope,
  filter: CashFlowFilter,
  cashFlowVersion?: number,
) {
  const sumsFilter = { ...filter, showIgnored: false };
  const key = describeCashFlowQuery('sums', scope, sumsFilter);
  const compute = () => sumByDescription(deps.db, scope, sumsFilter);
  if (cashFlowVersion === undefined) return reuseAtCashFlowVersion(deps, scope, key, compute);
  return reuseAtVersion(deps.db, key, cashFlowVersion, compute);
}

type SummaryGroupName = 'expense' | 'income' | 'asset_transfer' | 'own_transfer';

/**
 * What the client planned per category and description when the period is one whole month with a
 * plan (its own, or the one it follows, as the budget comparison has it); null otherwise. Reused at
 * the same planning version, which every write to their budgets and plannings changes.
 */
async function findPlannedAmounts(
  deps: AppDependencies,
  scope: ClientScope,
  filter: CashFlowFilter,
  planningVersion: number,
): Promise<ReadonlyMap<string, number> | null> {
  const targetMonth = findMonthOfDay(filter.start);
  const bounds = findMonthBounds(targetMonth);
  if (bounds.start !== filter.start || bounds.end !== filter.end) return null;
  const key = describeClientQuery('summary-planned', scope, [targetMonth]);
  return reuseAtVersion(deps.db, key, planningVersion, async () => {
    const { from, items } = await findItemsPlannedForMonth(
      deps.db,
      scope,
      targetMonth,
      await findMonthBudget(deps.db, scope, targetMonth),
    );
    if (!from) return null;
    const planned = new Map<string, number>();
    for (const item of items) {
      const itemKey = `${item.categoryId}/${item.descriptionId}`;
      planned.set(itemKey, (planned.get(itemKey) ?? 0) + item.amountCents);
    }
    return planned;
  });
}

/**
 * cash-flow/summary/: actual amounts by category and description for the period. A category's
 * kind says its group; lines without category go by their sign. Only the income and expense groups
 * make the totals: investments and money between the client's own accounts are neither. Planned amounts come from the
 * month's budget when the period is one whole month (null when there is no such budget).
 */
export async function summarizeCashFlow(deps: AppDependencies, scope: ClientScope, filter: CashFlowFilter) {
  const versions = await findClientVersions(deps.db, scope.clientUserId);
  const [rows, plannedAmounts] = await Promise.all([
    sumCashFlowByDescription(deps, scope, filter, versions.cashFlow),
    findPlannedAmounts(deps, scope, filter, versions.planning),
  ]);
  const groups: Record<
    SummaryGroupName,
    Map<
      string,
      {
        categoryId: number | null;
        categoryName: string;
        categoryTotal: number;
        descriptions: Map<
          string,
          {
            descriptionId: number | null;
            descriptionName: string;
            descriptionTotal: number;
            descriptionAmountActual: number;
            descriptionAmountPlanned: number | null;
          }
        >;
      }
    >
  > = { expense: new Map(), income: new Map(), asset_transfer: new Map(), own_transfer: new Map() };
  for (const row of rows) {
    const monthGroup = findMonthGroup(row.categoryKind, row.direction);
    // A transfer between the client's own accounts is neither earned, spent nor invested: it is
    // listed in a group of its own, outside every total.
    const groupName: SummaryGroupName =
      monthGroup === null ? 'own_transfer' : monthGroup === 'assetTransfer' ? 'asset_transfer' : monthGroup;
    const categoryKey = String(row.categoryId);
    const group = groups[groupName];
    const category = group.get(categoryKey) ?? {
      categoryId: row.categoryId,
      categoryName: row.categoryName ?? 'Sem categoria',
      categoryTotal: 0,
      descriptions: new Map(),
    };
    category.categoryTotal += row.totalCents;
    const descriptionKey = String(row.descriptionId);
    const description = category.descriptions.get(descriptionKey) ?? {
      descriptionId: row.descriptionId,
      descriptionName: row.descriptionName ?? 'Sem descrição',
      descriptionTotal: 0,
      descriptionAmountActual: 0,
      descriptionAmountPlanned: plannedAmounts
        ? (plannedAmounts.get(`${row.categoryId}/${row.descriptionId}`) ?? 0)
        : null,
    };
    description.descriptionTotal += row.totalCents;
    description.descriptionAmountActual += row.totalCents;
    category.descriptions.set(descriptionKey, description);
    group.set(categoryKey, category);
  }
  const present = (name: SummaryGroupName) =>
    [...groups[name].values()].map((category) => ({ ...category, descriptions: [...category.descriptions.values()] }));
  const total = (name: SummaryGroupName) =>
    [...groups[name].values()].reduce((sum, category) => sum + category.categoryTotal, 0);
  const totalIncome = total('income');
  const totalExpense = total('expense');
  return {
    start: filter.start,
    end: filter.end,
    expense: present('expense'),
    income: present('income'),
    asset_transfer: present('asset_transfer'),
    own_transfer: present('own_transfer'),
    total_income: totalIncome,
    total_expense: totalExpense,
    // The month rule's result: income less expense (total_expense is signed, money out).
    total_savings: computeMonthResult({ incomeCents: totalIncome, expenseCents: -totalExpense }),
  };
}

export interface Categorization {
  category?: number | null;
  description?: number | null;
  is_fixed?: boolean;
  ignored?: boolean;
  apply_to_similar?: boolean;
}

async function resolveCategorization(deps: AppDependencies, scope: ClientScope, input: Categorization) {
  if (input.category === undefined && input.description === undefined) return null;
  const found = await findCategorization(
    deps.db,
    scope.organizationId,
    input.category ?? null,
    input.description ?? null,
  );
  if (!found) failOnField('category', cashFlowMessages.invalidCategorization);
  return found;
}

/** When nothing is left to categorize, the client's categorizing task is done. */
async function closeCategorizingTaskWhenDone(deps: AppDependencies, scope: ClientScope): Promise<void> {
  await closeCategorizingTask(deps.db, scope, buildNothingToCategorizeCondition(scope));
}

/**
 * PUT cash-flow/{id}/ and the bulk form: a person's categorization, which Prumo learns from.
 * With `apply_to_similar`, the client's other uncategorized lines of the same merchant follow.
 */
export async function categorizeLines(deps: AppDependencies, scope: ClientScope, ids: number[], input: Categorization) {
  const categorization = await resolveCategorization(deps, scope, input);
  const changes: Partial<typeof transactions.$inferInsert> = {};
  if (categorization) {
    changes.categoryId = categorization.categoryId;
    changes.descriptionId = categorization.descriptionId;
    changes.categorizedBy = categorization.categoryId === null ? null : 'person';
    changes.categorizedAt = categorization.categoryId === null ? null : new Date();
    changes.isAssetTransfer = isMovedBetweenOwnAssets(categorization.kind);
  }
  if (input.is_fixed !== undefined) changes.isFixed = input.is_fixed;
  if (input.ignored !== undefined) changes.ignored = input.ignored;
  if (Object.keys(changes).length === 0) failOnField('non_field_errors', emptyUpdateMessage);
  const updated = await deps.db.transaction(async (transaction) => {
    const count = await updateCashFlowLines(transaction, scope, ids, changes);
    if (count !== countDistinct(ids)) failNotFound(cashFlowMessages.notFound);
    if (input.apply_to_similar && categorization?.categoryId) {
      await categorizeSimilarLines(transaction, scope, ids, {
        categoryId: categorization.categoryId,
        descriptionId: categorization.descriptionId,
        isAssetTransfer: isMovedBetweenOwnAssets(categorization.kind),
      });
    }
    return count;
  });
  await closeCategorizingTaskWhenDone(deps, scope);
  return updated;
}

/** A line named twice is still one line: the database touches it once. */
function countDistinct(ids: number[]): number {
  return new Set(ids).size;
}

export async function findPresentedLine(deps: AppDependencies, scope: ClientScope, id: number) {
  const row = await findCashFlowLine(deps.db, scope, id);
  if (!row) failNotFound(cashFlowMessages.notFound);
  return presentCashFlowLine(row);
}

export async function deleteLines(deps: AppDependencies, scope: ClientScope, ids: number[]) {
  const deleted = await deps.db.transaction(async (transaction) => {
    const count = await deleteCashFlowLines(transaction, scope, ids);
    if (count !== countDistinct(ids)) failNotFound(cashFlowMessages.notFound);
    return count;
  });
  await closeCategorizingTaskWhenDone(deps, scope);
  return deleted;
}

export async function renameLine(deps: AppDependencies, scope: ClientScope, id: number, name: string) {
  const updated = await updateCashFlowLines(deps.db, scope, [id], { name, merchantKey: normalizeMerchantName(name) });
  if (updated === 0) failNotFound(cashFlowMessages.notFound);
  return findPresentedLine(deps, scope, id);
}

/** The client's cash account ("Dinheiro"), made on first use, for lines typed by hand. */
async function findOrCreateCashOrigin(deps: AppDependencies, scope: ClientScope): Promise<number> {
  const existing = await findCashOrigin(deps.db, scope);
  if (existing !== null) return existing;
  // Two first typed lines at once: the one that loses the insert finds the other's account.
  return (await insertCashOrigin(deps.db, scope)) ?? findOrCreateCashOrigin(deps, scope);
}

export interface ManualLine {
  name: string;
  amount: number;
  date: string;
  category?: number | null;
  description?: number | null;
  origin?: number;
  is_fixed?: boolean;
}

/** One line typed by hand, as the cash flow lists it. */
export async function createManualLine(deps: AppDependencies, scope: ClientScope, line: ManualLine) {
  const [created] = await createManualLines(deps, scope, [line]);
  return created as CashFlowLine;
}

export async function createManualLines(deps: AppDependencies, scope: ClientScope, lines: ManualLine[]) {
  const accounts = new Map<number, CashDateAccount>();
  for (const line of lines) {
    if (!line.origin || accounts.has(line.origin)) continue;
    const origin = await findClientOrigin(deps.db, scope, line.origin);
    if (!origin) failOnField('origin', cashFlowMessages.originNotFound);
    accounts.set(origin.id, origin);
  }
  const cashOrigin = lines.some((line) => !line.origin) ? await findOrCreateCashOrigin(deps, scope) : null;
  const prepared: (typeof transactions.$inferInsert)[] = [];
  for (const line of lines) {
    const categorization = await resolveCategorization(deps, scope, line);
    prepared.push({
      organizationId: scope.organizationId,
      clientUserId: scope.clientUserId,
      originId: line.origin ?? (cashOrigin as number),
      date: line.date,
      // A line typed into a card counts on its bill's due date, as the card's imported lines do.
      cashDate: line.origin ? findLineCashDate(line.date, accounts.get(line.origin) as CashDateAccount) : line.date,
      amountCents: line.amount,
      name: line.name,
      merchantKey: normalizeMerchantName(line.name),
      categoryId: categorization?.categoryId ?? null,
      descriptionId: categorization?.descriptionId ?? null,
      categorizedBy: categorization?.categoryId ? ('person' as const) : null,
      categorizedAt: categorization?.categoryId ? new Date() : null,
      isAssetTransfer: isMovedBetweenOwnAssets(categorization?.kind),
      isFixed: line.is_fixed ?? false,
      createdFrom: 'manual',
      // Typed lines are never duplicates of each other: each gets an identity of its own.
      identityKey: randomBytes(8).readBigInt64BE(0),
    });
  }
  const createdIds = await insertManualLines(deps.db, prepared);
  return Promise.all(createdIds.map((id) => findPresentedLine(deps, scope, id)));
}

export interface LineChanges {
  name?: string;
  amount?: number;
  date?: string;
  origin?: number;
}

/**
 * PUT transactions/edit/{id}/: a typed line changes in any of its fields and may move to any of
 * the client's accounts; an imported line only in its name — its amount, day and account are the
 * statement's (sending them unchanged is not a change). A line moved or redated gets the cash date
 * of its account (a card's bill due date).
 */
export async function editLine(deps: AppDependencies, scope: ClientScope, id: number, changes: LineChanges) {
  await deps.db.transaction(async (transaction) => {
    const line = await findLineToEdit(transaction, scope, id);
    if (!line) failNotFound(cashFlowMessages.notFound);
    if (line.createdFrom !== 'manual') {
      if (changes.amount !== undefined && changes.amount !== line.amountCents) {
        failOnField('amount', cashFlowMessages.importedAmount);
      }
      if (changes.date !== undefined && changes.date !== line.date) failOnField('date', cashFlowMessages.importedDate);
      if (changes.origin !== undefined && changes.origin !== line.originId) {
        failOnField('origin', cashFlowMessages.importedOrigin);
      }
    }
    const update: Partial<typeof transactions.$inferInsert> = {};
    if (changes.name !== undefined) {
      update.name = changes.name;
      update.merchantKey = normalizeMerchantName(changes.name);
    }
    if (line.createdFrom === 'manual') {
      if (changes.amount !== undefined) update.amountCents = changes.amount;
      if (changes.date !== undefined || changes.origin !== undefined) {
        const origin = await findClientOrigin(transaction, scope, changes.origin ?? line.originId);
        if (!origin) failOnField('origin', cashFlowMessages.originNotFound);
        const date = changes.date ?? line.date;
        update.originId = origin.id;
        update.date = date;
        update.cashDate = findLineCashDate(date, origin);
      }
    }
    if (Object.keys(update).length > 0) await updateCashFlowLines(transaction, scope, [id], update);
  });
  return findPresentedLine(deps, scope, id);
}
