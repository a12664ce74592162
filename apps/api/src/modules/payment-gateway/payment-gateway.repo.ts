import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database';
import { gatewayEvents } from '../../db/schema';

export type GatewayEventRow = typeof gatewayEvents.$inferSelect;

/**
 * Keeps the event unless its id was kept already: the row when it is new, else null (and the stored
 * row's id and state through `findEvent`).
 */
export async function insertEventOnce(
  db: Database,
  event: Omit<typeof gatewayEvents.$inferInsert, 'id' | 'receivedAt' | 'processedAt'>,
): Promise<GatewayEventRow | null> {
  const [row] = await db
    .insert(gatewayEvents)
    .values({ id: randomUUID(), ...event })
    .onConflictDoNothing({ target: [gatewayEvents.provider, gatewayEvents.eventId] })
    .returning();
  return row ?? null;
}

export async function findEventByGatewayId(db: Database, provider: string, eventId: string) {
  const [row] = await db
    .select()
    .from(gatewayEvents)
    .where(and(eq(gatewayEvents.provider, provider), eq(gatewayEvents.eventId, eventId)));
  return row;
}

/** The event locked for its job: a second job for it waits, then finds it processed. */
export async function lockEvent(transaction: Transaction, id: string) {
  const [row] = await transaction.select().from(gatewayEvents).where(eq(gatewayEvents.id, id)).for('update');
  return row;
}

export async function markEventProcessed(transaction: Transaction, id: string, now: Date): Promise<void> {
  await transaction.update(gatewayEvents).set({ processedAt: now }).where(eq(gatewayEvents.id, id));
}
