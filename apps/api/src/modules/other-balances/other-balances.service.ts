import type { OtherBalance } from '@prumo/contract/other-balances';
import { findTodayInBrazil } from '@prumo/domain/br/date';
import type { Transaction } from '../../db/database';
import { otherBalances } from '../../db/schema';
import type { AppDependencies } from '../../dependencies';
import { failInvalid, failNotFound } from '../../lib/domain-errors';
import { type ClientScope, countRowsHoldingClient } from '../../lib/scope';
import {
  type BalancePoint,
  deleteOtherBalance as deleteOtherBalanceRow,
  findBalancePoints,
  findOtherBalanceHolding,
  findOtherBalances,
  insertOtherBalance,
  type OtherBalanceRow,
  renameOtherBalance,
  upsertBalancePoint,
} from './other-balances.repo';

/** A household keeps a handful of such balances; the cap keeps one client's list small. */
export const maximumOtherBalancesPerClient = 100;

/** Three years of monthly values: enough for a chart, bounded however long the history grows. */
export const maximumHistoryPoints = 36;

export const otherBalanceMessages = {
  notFound: 'Saldo não encontrado.',
  tooMany: `Limite de ${maximumOtherBalancesPerClient} saldos atingido: apague um para criar outro.`,
};

export interface NewOtherBalance {
  name: string;
  balanceCents: number;
  date: string;
}

export type OtherBalanceChanges = Partial<NewOtherBalance>;

function presentOtherBalance(row: OtherBalanceRow, points: BalancePoint[]): OtherBalance {
  const [latest] = points;
  // Every balance is created with a value and values go only with their balance.
  if (!latest) throw new Error(`Other balance ${row.id} has no value`);
  return {
    id: row.id,
    name: row.name,
    balance: latest.balanceCents,
    date: latest.date,
    history: points.map((point) => ({ balance: point.balanceCents, date: point.date })),
  };
}

async function presentOne(db: Transaction, scope: ClientScope, row: OtherBalanceRow): Promise<OtherBalance> {
  const points = await findBalancePoints(db, scope, [row.id], maximumHistoryPoints);
  return presentOtherBalance(row, points.get(row.id) ?? []);
}

/** The client's balances in the order they were made, each with its latest values. */
export async function listOtherBalances(deps: AppDependencies, scope: ClientScope): Promise<OtherBalance[]> {
  const rows = await findOtherBalances(deps.db, scope);
  const points = await findBalancePoints(
    deps.db,
    scope,
    rows.map((row) => row.id),
    maximumHistoryPoints,
  );
  return rows.map((row) => presentOtherBalance(row, points.get(row.id) ?? []));
}

export async function createOtherBalance(
  deps: AppDependencies,
  scope: ClientScope,
  fields: NewOtherBalance,
): Promise<OtherBalance> {
  return deps.db.transaction(async (transaction) => {
    if ((await countRowsHoldingClient(transaction, otherBalances, scope)) >= maximumOtherBalancesPerClient) {
      failInvalid(otherBalanceMessages.tooMany);
    }
    const created = await insertOtherBalance(transaction, scope, fields.name);
    await upsertBalancePoint(transaction, scope, created.id, { balanceCents: fields.balanceCents, date: fields.date });
    return presentOne(transaction, scope, created);
  });
}

/**
 * Renames the balance and, when a value or a day is given, records a new value: the value left out is
 * the latest one, the day left out is today in Brazil; a value on a day already recorded replaces it.
 */
export async function changeOtherBalance(
  deps: AppDependencies,
  scope: ClientScope,
  balanceId: number,
  changes: OtherBalanceChanges,
): Promise<OtherBalance> {
  return deps.db.transaction(async (transaction) => {
    const row = await findOtherBalanceHolding(transaction, scope, balanceId);
    if (!row) failNotFound(otherBalanceMessages.notFound);
    if (changes.name !== undefined) await renameOtherBalance(transaction, scope, row.id, changes.name);
    if (changes.balanceCents !== undefined || changes.date !== undefined) {
      const [latest] = (await findBalancePoints(transaction, scope, [row.id], 1)).get(row.id) ?? [];
      await upsertBalancePoint(transaction, scope, row.id, {
        balanceCents: changes.balanceCents ?? latest?.balanceCents ?? 0,
        date: changes.date ?? findTodayInBrazil(new Date()),
      });
    }
    return presentOne(transaction, scope, { ...row, name: changes.name ?? row.name });
  });
}

export async function deleteOtherBalance(deps: AppDependencies, scope: ClientScope, balanceId: number): Promise<void> {
  if (!(await deleteOtherBalanceRow(deps.db, scope, balanceId))) failNotFound(otherBalanceMessages.notFound);
}
