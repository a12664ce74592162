import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database';
import { plans, type StoredPlanService } from '../../db/schema';
import { buildVisiblePlansWhere } from '../../lib/scope';
import type { Caller } from '../../plugins/authentication';

export type PlanRow = typeof plans.$inferSelect;

/** The fields a manager sets; the organization comes from the call, the hashed id is made once. */
export interface PlanFields {
  name: string;
  description: string;
  type: 'platform' | 'service';
  platformAmountCents: number;
  serviceAmountCents: number;
  recurrentAmountCents: number;
  serviceMonths: number;
  isActive: boolean;
  payday: number | null;
  services: StoredPlanService[];
}

export async function findVisiblePlans(db: Database, caller: Caller): Promise<PlanRow[]> {
  return db.select().from(plans).where(buildVisiblePlansWhere(caller)).orderBy(asc(plans.id));
}

export async function findActivePlansOfOrganization(db: Database, organizationId: number): Promise<PlanRow[]> {
  return db
    .select()
    .from(plans)
    .where(and(eq(plans.organizationId, organizationId), eq(plans.isActive, true)))
    .orderBy(asc(plans.id));
}

export async function findVisiblePlanById(db: Database, caller: Caller, planId: number): Promise<PlanRow | null> {
  const [row] = await db
    .select()
    .from(plans)
    .where(and(eq(plans.id, planId), buildVisiblePlansWhere(caller)));
  return row ?? null;
}

export async function findVisiblePlanByHashedId(
  db: Database,
  caller: Caller,
  hashedId: string,
): Promise<PlanRow | null> {
  const [row] = await db
    .select()
    .from(plans)
    .where(and(eq(plans.hashedId, hashedId), buildVisiblePlansWhere(caller)));
  return row ?? null;
}

/** The organization's plan, held until the transaction ends (a change is checked on the whole plan). */
export async function findPlanForChange(
  transaction: Transaction,
  organizationId: number,
  planId: number,
): Promise<PlanRow | null> {
  const [row] = await transaction
    .select()
    .from(plans)
    .where(and(eq(plans.id, planId), eq(plans.organizationId, organizationId)))
    .for('update');
  return row ?? null;
}

export async function insertPlan(
  transaction: Transaction,
  organizationId: number,
  hashedId: string,
  fields: PlanFields,
): Promise<PlanRow> {
  const [created] = await transaction
    .insert(plans)
    .values({ ...fields, organizationId, hashedId })
    .returning();
  if (!created) throw new Error('INSERT … RETURNING gave no row for a new plan');
  return created;
}

export async function updatePlan(
  transaction: Transaction,
  organizationId: number,
  planId: number,
  changes: Partial<PlanFields>,
): Promise<PlanRow> {
  const [updated] = await transaction
    .update(plans)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(eq(plans.id, planId), eq(plans.organizationId, organizationId)))
    .returning();
  if (!updated) throw new Error('UPDATE … RETURNING gave no row for a plan held in the transaction');
  return updated;
}
