import type { Pendency } from '@prumo/contract/imports';
import { DatabaseIdTextSchema } from '@prumo/domain/records/database-id';
import { computeBillDueDate } from '@prumo/domain/statements/card-bill-due-date';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { origins, transactions } from '../../db/schema';
import type { AppDependencies } from '../../dependencies';
import { failInvalid, failNotFound, failOnField } from '../../lib/domain-errors';
import type { ClientScope } from '../../lib/scope';
import { describeOrigin } from '../origins/index';
import { clearSettledReadStatus, findPendingFileOrigins, markPendencyCompleted } from './imports.repo';
import { readStatementAccountKind } from './imports.service';

const pendencyMessages = {
  fileWithoutPendency: 'Não encontramos pendências para este arquivo.',
  accountNotPending: 'Esta conta não está entre as pendências deste arquivo.',
  balanceRequired: 'Informe o saldo da conta.',
  cardDaysRequired: 'Informe o dia de fechamento e o dia de vencimento da fatura.',
};

/** Several accounts of one file are never completed with one answer: each has its own balance or days. */
function describeAmbiguousFile(pendingAccounts: number): string {
  return `Este arquivo tem ${pendingAccounts} contas pendentes: informe qual delas completar (originId).`;
}

/**
 * A file that brought a new account or card leaves a pendency: an account's opening balance, a
 * card's closing day and bill due date — what the statement could not say and the cash flow needs.
 * One entry per file and account, named so a person can tell a file's accounts apart.
 */
export async function listPendencies(deps: AppDependencies, scope: ClientScope): Promise<Pendency[]> {
  const rows = await findPendingFileOrigins(deps.db, scope);
  return rows.map((row) => ({
    filename: row.fileName,
    fileId: row.fileId,
    originId: row.originId,
    name: describeOrigin(row),
    kind: readStatementAccountKind(row.kind),
    balance: row.balanceCents,
    dueDate: row.dueDay,
    closeDay: row.closingDay,
    newAccount: row.newAccount,
  }));
}

const dayOfMonthMessage = 'Informe um dia entre 1 e 31.';

/**
 * A day of the month: a whole number from 1 to 31, as a number or as its digits (a form's text).
 * Nothing else is turned into a day (`true`, `[5]`, `''` and `null` are not 1, 5 or 0): a wrong day is
 * refused with the field's message, never clamped or guessed.
 */
const dayOfMonth = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{1,2}$/, dayOfMonthMessage),
    ],
    { error: dayOfMonthMessage },
  )
  .transform(Number)
  .pipe(z.number().int(dayOfMonthMessage).min(1, dayOfMonthMessage).max(31, dayOfMonthMessage));

export const CompletePendencySchema = z.object({
  /** Balance in integer cents (money on the wire is always cents). */
  balance: z.coerce
    .number({ error: 'Valor inválido' })
    .int('Valor inválido')
    .refine(Number.isSafeInteger, 'Valor inválido')
    .optional(),
  /** The card bill's due day of the month. */
  dueDate: dayOfMonth.optional(),
  closeDay: dayOfMonth.optional(),
  /** Which of the file's pending accounts (pendency/'s `originId`); required when it has several. */
  originId: DatabaseIdTextSchema.optional(),
});
export type CompletePendency = z.infer<typeof CompletePendencySchema>;

function choosePendingAccount<Pending extends { originId: number }>(
  pending: Pending[],
  originId: number | undefined,
): Pending {
  const [first] = pending;
  if (!first) failNotFound(pendencyMessages.fileWithoutPendency);
  if (originId === undefined) {
    if (pending.length > 1) failOnField('originId', describeAmbiguousFile(pending.length));
    return first;
  }
  const chosen = pending.find((candidate) => candidate.originId === originId);
  if (!chosen) failNotFound(pendencyMessages.accountNotPending);
  return chosen;
}

/**
 * Completes one pending account of the file: the one `originId` names, or the file's only one.
 * The pendency is the account's, so it leaves pendency/ for every file that lists it.
 */
export async function completePendency(
  deps: AppDependencies,
  scope: ClientScope,
  fileId: number,
  input: CompletePendency,
) {
  await deps.db.transaction(async (transaction) => {
    const pending = await findPendingFileOrigins(transaction, scope, { fileId, lock: true });
    const origin = choosePendingAccount(pending, input.originId);
    if (origin.kind === 'credit_card') {
      if (input.dueDate === undefined || input.closeDay === undefined) {
        failInvalid(pendencyMessages.cardDaysRequired);
      }
      await transaction
        .update(origins)
        .set({ dueDay: input.dueDate, closingDay: input.closeDay })
        .where(eq(origins.id, origin.originId));
      // Card purchases weigh on the cash flow when their bill is paid.
      const purchaseDays = await transaction
        .selectDistinct({ date: transactions.date })
        .from(transactions)
        .where(eq(transactions.originId, origin.originId));
      for (const { date } of purchaseDays) {
        await transaction
          .update(transactions)
          .set({ cashDate: computeBillDueDate(date, input.closeDay, input.dueDate) })
          .where(and(eq(transactions.originId, origin.originId), eq(transactions.date, date)));
      }
    } else {
      if (input.balance === undefined) failInvalid(pendencyMessages.balanceRequired);
      await transaction
        .update(origins)
        .set({ balanceCents: input.balance, balanceDate: sql`current_date` })
        .where(eq(origins.id, origin.originId));
    }
    await markPendencyCompleted(transaction, origin.originId);
    await clearSettledReadStatus(transaction, scope, origin.originId);
  });
}
