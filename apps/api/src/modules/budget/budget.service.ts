import { compareBudgetWithActual } from '@prumo/domain/budget/budget-comparison';
import { groupBudgetItems, sumBudgetItems } from '@prumo/domain/budget/budget-plan';
import type { BudgetItemRecurrence } from '@prumo/domain/budget/budget-recurrence';
import { findMonthBounds, formatMonthNumber, targetMonthNotFound } from '@prumo/domain/budget/target-month';
import { isMovedBetweenOwnAssets } from '@prumo/domain/categorization/default-categories';
import type { Database, Transaction } from '../../db/database';
import type { AppDependencies } from '../../dependencies';
import { fail, failConflict, failInvalid, failNotFound, failOnField } from '../../lib/domain-errors';
import type { ClientScope } from '../../lib/scope';
import { isUniqueViolation } from '../../lib/validation';
import { sumCashFlowByDescription } from '../cash-flow/index';
import {
  type BudgetItemRow,
  type BudgetKind,
  type BudgetRow,
  countBudgetItems,
  deleteAllBudgetItems,
  deleteBudgetItems,
  findBudget,
  findBudgetItem,
  findBudgetItems,
  findCategoryChoice,
  findIdealBudget,
  findItemsPlannedForMonth,
  findMonthBudget,
  findOrCreateIdealBudget,
  findOrCreateMonthBudget,
  insertBudgetItems,
  updateBudgetItem,
} from './budget.repo';

type Executor = Database | Transaction;

export const budgetMessages = {
  budgetNotFound: 'Orçamento não encontrado.',
  itemNotCreated: 'Não foi possível criar item',
  itemNotEdited: 'Não foi possível editar o valor',
  itemNotDeleted: 'Não foi possível deletar',
  categoryNotFound: 'Categorias não encontradas',
  descriptionNotInCategory: 'A descrição não pertence a esta categoria.',
  ownTransferNotPlanned: 'Transferências entre as suas contas não entram no orçamento: planeje as compras do cartão.',
  targetMonthNotFound,
};

/** A budget holds at most this many items: a month's plan is a few dozen lines, not thousands. */
export const maximumItemsPerBudget = 300;

export function presentBudgetItem(item: BudgetItemRow) {
  return {
    id: item.id,
    budget: item.budgetId,
    category: item.categoryId,
    category_name: item.categoryName,
    description: item.descriptionId,
    description_name: item.descriptionName,
    amount: item.amountCents,
    recurrence: item.recurrence,
    kind: item.categoryKind,
    is_expense: item.categoryKind === 'expense',
    is_asset_transfer: isMovedBetweenOwnAssets(item.categoryKind),
  };
}

export type BudgetItemView = ReturnType<typeof presentBudgetItem>;

function presentItems(
  budget: Omit<BudgetRow, 'id'> & { id: number | null },
  items: BudgetItemRow[],
  options: { includeAssetTransfers: boolean },
) {
  const grouped = groupBudgetItems(items, options);
  const totals = sumBudgetItems(items);
  return {
    id: budget.id,
    client: budget.clientUserId,
    target_month: budget.targetMonth,
    is_ideal: budget.isIdeal,
    expense_items_by_category: grouped.expenseGroups.map((group) => ({
      category: { id: group.categoryId, name: group.categoryName },
      total: group.totalCents,
      expense_items: group.items.map(presentBudgetItem),
    })),
    income_items: grouped.incomeItems.map(presentBudgetItem),
    total_income: totals.incomeCents,
    total_expense: totals.expenseCents,
    total_asset_transfer: totals.assetTransferCents,
    result: totals.resultCents,
  };
}

export interface BudgetViewOptions {
  /** List asset-transfer items (money set aside) among the expense groups. */
  asset: boolean;
  /** Add the client's ideal budget beside a monthly one. */
  ideal: boolean;
}

export async function presentBudget(db: Executor, scope: ClientScope, budget: BudgetRow, options: BudgetViewOptions) {
  const items = await findBudgetItems(db, scope, budget.id);
  const view = presentItems(budget, items, { includeAssetTransfers: options.asset });
  if (!options.ideal || budget.isIdeal) return view;
  const idealBudget = await findIdealBudget(db, scope);
  const ideal = idealBudget
    ? presentItems(idealBudget, await findBudgetItems(db, scope, idealBudget.id), {
        includeAssetTransfers: options.asset,
      })
    : null;
  return { ...view, ideal };
}

export async function findScopedBudget(
  db: Executor,
  scope: ClientScope,
  id: number,
  options: { lock?: boolean } = {},
): Promise<BudgetRow> {
  const budget = await findBudget(db, scope, id, options);
  if (!budget) failNotFound(budgetMessages.budgetNotFound);
  return budget;
}

export async function presentMonthBudget(
  deps: AppDependencies,
  scope: ClientScope,
  targetMonth: string,
  options: BudgetViewOptions,
) {
  const budget = await findOrCreateMonthBudget(deps.db, scope, targetMonth);
  return presentBudget(deps.db, scope, budget, options);
}

export async function presentIdealBudget(deps: AppDependencies, scope: ClientScope, options: { asset: boolean }) {
  const budget = await findIdealBudget(deps.db, scope);
  // None yet: nothing planned, and no id until a planner plans something.
  if (!budget) {
    const missing = { id: null, clientUserId: scope.clientUserId, targetMonth: null, isIdeal: true };
    return presentItems(missing, [], { includeAssetTransfers: options.asset });
  }
  return presentBudget(deps.db, scope, budget, { asset: options.asset, ideal: false });
}

/**
 * Planned against actual for a monthly budget: the planned side is what the month plans (its own
 * items, or the plan it follows), the actual side the cash flow of that month under its own rules
 * (cash date in the month, ignored lines and ignored accounts left out).
 */
export async function compareBudget(
  deps: AppDependencies,
  scope: ClientScope,
  id: number,
  options: { asset: boolean },
) {
  const budget = await findScopedBudget(deps.db, scope, id);
  if (!budget.targetMonth) failInvalid(budgetMessages.targetMonthNotFound);
  const { start, end } = findMonthBounds(budget.targetMonth);
  const [planned, actualSums] = await Promise.all([
    findItemsPlannedForMonth(deps.db, scope, budget.targetMonth, budget),
    sumCashFlowByDescription(deps, scope, { start, end, limit: 1, offset: 0 }),
  ]);
  const comparison = compareBudgetWithActual(planned.items, actualSums, { includeAssetTransfers: options.asset });
  const presentGroup = (categories: typeof comparison.expense) =>
    categories.map((category) => ({
      category: { id: category.categoryId, name: category.categoryName },
      planned: category.plannedCents,
      actual: category.actualCents,
      difference: category.differenceCents,
      descriptions: category.descriptions.map((row) => ({
        description: { id: row.descriptionId, name: row.descriptionName },
        planned: row.plannedCents,
        actual: row.actualCents,
        difference: row.differenceCents,
      })),
    }));
  const presentAmounts = (amounts: { plannedCents: number; actualCents: number; differenceCents: number }) => ({
    planned: amounts.plannedCents,
    actual: amounts.actualCents,
    difference: amounts.differenceCents,
  });
  return {
    budget: budget.id,
    client: budget.clientUserId,
    target_month: budget.targetMonth,
    planned_from: planned.from?.targetMonth
      ? {
          budget: planned.from.id,
          month: planned.from.targetMonth,
          date: formatMonthNumber(planned.from.targetMonth),
        }
      : null,
    carried: planned.from !== null && planned.from.id !== budget.id,
    start,
    end,
    expense: presentGroup(comparison.expense),
    income: presentGroup(comparison.income),
    asset_transfer: presentGroup(comparison.assetTransfer),
    totals: {
      expense: presentAmounts(comparison.totals.expense),
      income: presentAmounts(comparison.totals.income),
      asset_transfer: presentAmounts(comparison.totals.assetTransfer),
      result: { planned: comparison.totals.result.plannedCents, actual: comparison.totals.result.actualCents },
    },
  };
}

/**
 * The current month's plan against its cash flow as the budget comparison has it (the plan the
 * month follows, or none), for other features that must show the same figures (insights).
 */
export async function compareMonthWithPlan(deps: AppDependencies, scope: ClientScope, month: string) {
  const { start, end } = findMonthBounds(month);
  const ownBudget = await findMonthBudget(deps.db, scope, month);
  const [planned, actualSums] = await Promise.all([
    findItemsPlannedForMonth(deps.db, scope, month, ownBudget),
    sumCashFlowByDescription(deps, scope, { start, end, limit: 1, offset: 0 }),
  ]);
  return {
    hasPlan: planned.items.length > 0,
    comparison: compareBudgetWithActual(planned.items, actualSums, { includeAssetTransfers: true }),
  };
}

async function resolveCategoryChoice(
  db: Executor,
  scope: ClientScope,
  categoryId: number,
  descriptionId: number | null,
) {
  const choice = await findCategoryChoice(db, scope.organizationId, categoryId, descriptionId);
  if (!choice.found) {
    failOnField(
      choice.field,
      choice.field === 'category' ? budgetMessages.categoryNotFound : budgetMessages.descriptionNotInCategory,
    );
  }
  // Paying a card bill is neither earned, spent nor invested: an item there would count nowhere.
  if (choice.kind === 'own_transfer') failOnField('category', budgetMessages.ownTransferNotPlanned);
  return choice;
}

export interface NewItemInput {
  category: number;
  description: number | null;
  amount: number;
  recurrence: BudgetItemRecurrence;
}

/** Where a new item goes: the ideal budget, a budget named by id, or the budget of a month. */
export type ItemDestination = { ideal: true } | { budgetId: number } | { targetMonth: string };

export async function createBudgetItem(
  deps: AppDependencies,
  scope: ClientScope,
  destination: ItemDestination,
  input: NewItemInput,
) {
  const choice = await resolveCategoryChoice(deps.db, scope, input.category, input.description);
  try {
    return await deps.db.transaction(async (transaction) => {
      let budget: BudgetRow;
      if ('ideal' in destination) budget = await findOrCreateIdealBudget(transaction, scope);
      else if ('budgetId' in destination) {
        budget = await findScopedBudget(transaction, scope, destination.budgetId);
        // The ideal budget has calls of its own (budget_ideal=True), which only planners make.
        if (budget.isIdeal) failNotFound(budgetMessages.budgetNotFound);
      } else budget = await findOrCreateMonthBudget(transaction, scope, destination.targetMonth);
      if ((await countBudgetItems(transaction, scope, budget.id)) >= maximumItemsPerBudget) {
        fail('notCreated', budgetMessages.itemNotCreated);
      }
      const [id] = await insertBudgetItems(transaction, scope, budget.id, [
        {
          categoryId: choice.categoryId,
          descriptionId: choice.descriptionId,
          amountCents: input.amount,
          recurrence: input.recurrence,
        },
      ]);
      const item = await findBudgetItem(transaction, scope, budget.isIdeal ? 'ideal' : 'monthly', id as number);
      if (!item) throw new Error('the new budget item vanished');
      return presentBudgetItem(item);
    });
  } catch (error) {
    // The same category and description planned twice in one budget: the amount is edited instead.
    if (isUniqueViolation(error)) fail('notCreated', budgetMessages.itemNotCreated);
    throw error;
  }
}

export interface ItemChanges {
  category?: number;
  description?: number | null;
  amount?: number;
  recurrence?: BudgetItemRecurrence;
}

export async function editBudgetItem(
  deps: AppDependencies,
  scope: ClientScope,
  kind: BudgetKind,
  id: number,
  input: ItemChanges,
) {
  const current = await findBudgetItem(deps.db, scope, kind, id);
  if (!current) failNotFound(budgetMessages.itemNotEdited);
  const changes: Partial<{
    categoryId: number;
    descriptionId: number | null;
    amountCents: number;
    recurrence: BudgetItemRecurrence;
  }> = {};
  if (input.category !== undefined || input.description !== undefined) {
    const categoryId = input.category ?? current.categoryId;
    // A new category without a description plans the whole category; a kept one keeps its description.
    const descriptionId =
      input.description !== undefined
        ? input.description
        : categoryId === current.categoryId
          ? current.descriptionId
          : null;
    const choice = await resolveCategoryChoice(deps.db, scope, categoryId, descriptionId);
    changes.categoryId = choice.categoryId;
    changes.descriptionId = choice.descriptionId;
  }
  if (input.amount !== undefined) changes.amountCents = input.amount;
  if (input.recurrence !== undefined) changes.recurrence = input.recurrence;
  try {
    const updated = await updateBudgetItem(deps.db, scope, kind, id, changes);
    if (!updated) failNotFound(budgetMessages.itemNotEdited);
  } catch (error) {
    if (isUniqueViolation(error)) failInvalid(budgetMessages.itemNotEdited);
    throw error;
  }
  const item = await findBudgetItem(deps.db, scope, kind, id);
  if (!item) failNotFound(budgetMessages.itemNotEdited);
  return presentBudgetItem(item);
}

export async function deleteBudgetItem(deps: AppDependencies, scope: ClientScope, kind: BudgetKind, id: number) {
  const deleted = await deleteBudgetItems(deps.db, scope, kind, [id]);
  if (deleted === 0) failNotFound(budgetMessages.itemNotDeleted);
}

/** Deletes items of one monthly budget, all or none. */
export async function deleteItemsOfBudget(deps: AppDependencies, scope: ClientScope, budgetId: number, ids: number[]) {
  const uniqueIds = [...new Set(ids)];
  return deps.db.transaction(async (transaction) => {
    const deleted = await deleteBudgetItems(transaction, scope, 'monthly', uniqueIds, budgetId);
    if (deleted !== uniqueIds.length) failNotFound(budgetMessages.itemNotDeleted);
    return deleted;
  });
}

/**
 * future-flow/budget-ideal/: makes the client's ideal budget; from a monthly budget, the ideal
 * becomes a copy of that month's plan (its former items are replaced, in one transaction).
 */
/**
 * Runs a write that replaces a budget's items. The budget row's lock orders such writes; should two
 * still collide on a line (budget_items_line_unique), the caller gets a 4xx to try again, not a 500.
 */
async function runReplacingItems<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) failConflict(budgetMessages.itemNotCreated);
    throw error;
  }
}

export async function createIdealBudget(
  deps: AppDependencies,
  scope: ClientScope,
  sourceBudgetId: number | undefined,
  options: { asset: boolean },
) {
  const ideal = await runReplacingItems(() =>
    deps.db.transaction(async (transaction) => {
      const created = await findOrCreateIdealBudget(transaction, scope);
      if (sourceBudgetId === undefined) return created;
      // Copies racing into the ideal budget wait here for each other; each replaces what the last wrote.
      const target = await findScopedBudget(transaction, scope, created.id, { lock: true });
      const source = await findScopedBudget(transaction, scope, sourceBudgetId);
      if (source.isIdeal) return target;
      const sourceItems = await findBudgetItems(transaction, scope, source.id);
      await deleteAllBudgetItems(transaction, scope, target.id);
      await insertBudgetItems(
        transaction,
        scope,
        target.id,
        sourceItems.map((item) => ({
          categoryId: item.categoryId,
          descriptionId: item.descriptionId,
          amountCents: item.amountCents,
          recurrence: item.recurrence,
        })),
      );
      return target;
    }),
  );
  return presentBudget(deps.db, scope, ideal, { asset: options.asset, ideal: false });
}
