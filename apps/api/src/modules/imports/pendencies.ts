import { DatabaseIdTextSchema } from '@prumo/domain/records/database-id';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { origins, statementFileOrigins, statementFiles, transactions } from '../../db/schema';
import type { AppDependencies } from '../../dependencies';
import type { ClientScope } from '../../lib/client-scope';
import { failWithDetail } from '../../lib/http-errors';
import { findPendingFileOrigins } from './imports.repo';

/**
 * A file that brought a new account or card leaves a pendency: an account's opening balance, a
 * card's closing day and bill due date — what the statement could not say and the cash flow needs.
 */
export async function listPendencies(deps: AppDependencies, scope: ClientScope) {
  const rows = await findPendingFileOrigins(deps.db, scope);
  return rows.map((row) => ({
    filename: row.fileName,
    fileId: row.fileId,
    originId: row.originId,
    kind: row.kind,
    balance: row.balanceCents,
    dueDate: row.dueDay,
    closeDay: row.closingDay,
    newAccount: row.newAccount,
  }));
}

const dayOfMonth = z.coerce
  .number({ error: 'Informe um dia entre 1 e 31.' })
  .int('Informe um dia entre 1 e 31.')
  .min(1, 'Informe um dia entre 1 e 31.')
  .max(31, 'Informe um dia entre 1 e 31.');

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
  originId: DatabaseIdTextSchema.optional(),
});
export type CompletePendency = z.infer<typeof CompletePendencySchema>;

/** The first due date on or after the purchase that falls after the closing day. */
export function computeBillDueDate(purchaseDate: string, closingDay: number, dueDay: number): string {
  const [year, month, day] = purchaseDate.split('-').map(Number) as [number, number, number];
  // Purchases after the closing day go to the next bill.
  let billMonth = day > closingDay ? month + 1 : month;
  // The due day comes after the closing day; when it is smaller, it falls in the following month.
  if (dueDay <= closingDay) billMonth += 1;
  const due = new Date(Date.UTC(year, billMonth - 1, 1));
  const lastDay = new Date(Date.UTC(due.getUTCFullYear(), due.getUTCMonth() + 1, 0)).getUTCDate();
  due.setUTCDate(Math.min(dueDay, lastDay));
  return due.toISOString().slice(0, 10);
}

export async function completePendency(
  deps: AppDependencies,
  scope: ClientScope,
  fileId: number,
  input: CompletePendency,
) {
  await deps.db.transaction(async (transaction) => {
    const pending = await transaction
      .select({ originId: origins.id, kind: origins.kind })
      .from(statementFileOrigins)
      .innerJoin(statementFiles, eq(statementFiles.id, statementFileOrigins.fileId))
      .innerJoin(origins, eq(origins.id, statementFileOrigins.originId))
      .where(
        and(
          eq(statementFileOrigins.fileId, fileId),
          eq(statementFiles.organizationId, scope.organizationId),
          eq(statementFiles.clientUserId, scope.clientUserId),
          isNull(statementFileOrigins.completedAt),
          input.originId ? eq(origins.id, input.originId) : undefined,
        ),
      );
    if (pending.length === 0) failWithDetail(404, 'Não encontramos pendências para este arquivo.');
    for (const origin of pending) {
      if (origin.kind === 'credit_card') {
        if (input.dueDate === undefined || input.closeDay === undefined) {
          failWithDetail(400, 'Informe o dia de fechamento e o dia de vencimento da fatura.');
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
      } else if (input.balance !== undefined) {
        await transaction
          .update(origins)
          .set({ balanceCents: input.balance, balanceDate: sql`current_date` })
          .where(eq(origins.id, origin.originId));
      } else {
        failWithDetail(400, 'Informe o saldo da conta.');
      }
    }
    await transaction
      .update(statementFileOrigins)
      .set({ completedAt: new Date() })
      .where(
        and(
          eq(statementFileOrigins.fileId, fileId),
          inArray(
            statementFileOrigins.originId,
            pending.map((origin) => origin.originId),
          ),
        ),
      );
    // With nothing left to complete, the file reads as plainly done.
    await transaction
      .update(statementFiles)
      .set({ readStatus: 'Leitura concluída' })
      .where(
        and(
          eq(statementFiles.id, fileId),
          sql`not exists (select 1 from ${statementFileOrigins} where ${statementFileOrigins.fileId} = ${fileId} and ${statementFileOrigins.newAccount} and ${statementFileOrigins.completedAt} is null)`,
        ),
      );
  });
}
