import type { Origin, OriginWithMonths } from '@prumo/contract/origins';
import { findBankByCode } from '@prumo/domain/banks/brazilian-banks';
import { readSummedCents } from '@prumo/domain/money/cents';
import type { AppDependencies } from '../../dependencies';
import { failNotFound } from '../../lib/domain-errors';
import type { ClientScope } from '../../lib/scope';
import { describeOrigin } from './origin-name';
import {
  deleteManualOrigin,
  findOrigins,
  insertManualOrigin,
  type OriginRow,
  sumOriginMonths,
  updateOriginIgnored,
} from './origins.repo';

export const originMessages = { notFound: 'Conta não encontrada.' };

function presentOrigin(origin: OriginRow): Origin {
  return {
    id: origin.id,
    name: describeOrigin(origin),
    nickname: origin.nickname,
    kind: origin.kind,
    bank_code: origin.bankCode || null,
    bank_name: findBankByCode(origin.bankCode)?.name ?? null,
    branch: origin.branch || null,
    account_number: origin.accountNumber || null,
    ignored: origin.ignored,
    balance: origin.balanceCents,
    balance_date: origin.balanceDate,
    due_day: origin.dueDay,
    closing_day: origin.closingDay,
  };
}

/** The client's accounts and cards, imported and typed by hand. */
export async function listOrigins(deps: AppDependencies, scope: ClientScope): Promise<Origin[]> {
  return (await findOrigins(deps.db, scope)).map(presentOrigin);
}

export async function ignoreOrigin(
  deps: AppDependencies,
  scope: ClientScope,
  originId: number,
  ignored: boolean,
): Promise<{ id: number; ignored: boolean }> {
  if (!(await updateOriginIgnored(deps.db, scope, originId, ignored))) failNotFound(originMessages.notFound);
  return { id: originId, ignored };
}

export async function createManualAccount(
  deps: AppDependencies,
  scope: ClientScope,
  nickname: string,
): Promise<Origin> {
  const originId = await insertManualOrigin(deps.db, scope, nickname);
  const created = (await listOrigins(deps, scope)).find((origin) => origin.id === originId);
  if (!created) throw new Error("a new origin is missing from its client's list");
  return created;
}

export async function deleteManualAccount(deps: AppDependencies, scope: ClientScope, originId: number): Promise<void> {
  if (!(await deleteManualOrigin(deps.db, scope, originId))) failNotFound(originMessages.notFound);
}

/** Every account, with its months that have lines in the period. */
export async function listOriginsByMonth(
  deps: AppDependencies,
  scope: ClientScope,
  period: { start: string; end: string },
): Promise<OriginWithMonths[]> {
  const [months, accounts] = await Promise.all([sumOriginMonths(deps.db, scope, period), listOrigins(deps, scope)]);
  return accounts.map((account) => ({
    ...account,
    months: months
      .filter((month) => month.originId === account.id)
      .map((month) => ({
        month: month.month,
        transactions: month.lines,
        income: readSummedCents(month.incomeText),
        expense: readSummedCents(month.expenseText),
      })),
  }));
}
