import type { ClientStatus } from '@prumo/domain/clients/client-status';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { clientStatuses } from '../../db/schema';
import type { ClientScope } from '../../lib/scope';

/** Sets the planner's standing with the scope's client (already checked within the caller's reach). */
export async function upsertClientStatus(db: Database, scope: ClientScope, status: ClientStatus): Promise<void> {
  await db
    .insert(clientStatuses)
    .values({
      clientUserId: scope.clientUserId,
      organizationId: scope.organizationId,
      status,
      changedByUserId: scope.caller.userId,
    })
    .onConflictDoUpdate({
      target: clientStatuses.clientUserId,
      set: { status, changedByUserId: scope.caller.userId, changedAt: sql`now()` },
    });
}
