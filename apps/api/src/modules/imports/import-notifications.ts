import type { Database, Transaction } from '../../db/database';
import type { ClientScope } from '../../lib/scope';
import { findPlannerOfClient, raiseNotification } from '../notifications/index';

type Executor = Database | Transaction;

/** Who hears of an import: the client's planner when the client sent it, the client when an adviser did. */
async function findImportAudience(db: Executor, scope: ClientScope): Promise<number | null> {
  if (scope.caller.role !== 'client') return scope.clientUserId;
  return findPlannerOfClient(db, scope.clientUserId);
}

/** A statement file was imported: told in the transaction that stores it. */
export async function notifyImportFinished(
  db: Executor,
  scope: ClientScope,
  file: { id: number; name: string; added: number },
): Promise<void> {
  const userId = await findImportAudience(db, scope);
  if (userId === null) return;
  await raiseNotification(db, {
    userId,
    clientUserId: userId === scope.clientUserId ? null : scope.clientUserId,
    eventKey: `import-file:${file.id}:finished`,
    kind: 'notice',
    title: 'Extrato importado',
    body: `O extrato "${file.name}" foi importado com ${file.added} ${file.added === 1 ? 'transação nova' : 'transações novas'}.`,
    screen: 'arquivo',
  });
}

/** A statement file could not be imported; the same file failing again is told once. */
export async function notifyImportFailed(
  db: Database,
  scope: ClientScope,
  file: { name: string; sha256: string; reason: string },
): Promise<void> {
  await db.transaction(async (transaction) => {
    const userId = await findImportAudience(transaction, scope);
    if (userId === null) return;
    await raiseNotification(transaction, {
      userId,
      clientUserId: userId === scope.clientUserId ? null : scope.clientUserId,
      eventKey: `import-file:${scope.clientUserId}:${file.sha256}:failed`,
      kind: 'notice',
      title: 'Extrato não importado',
      body: `O extrato "${file.name}" não pôde ser importado: ${file.reason}`,
      screen: 'arquivo',
    });
  });
}
