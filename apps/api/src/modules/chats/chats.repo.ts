import { and, count, desc, eq, isNull, notInArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../../db/database';
import { chatMessages, origins, plannerChatMessages, profiles, transactions, users } from '../../db/schema';
import { buildClientOwnedWhere, type ClientScope } from '../../lib/scope';
import type { Caller } from '../../plugins/authentication';
import { chatPageSize } from './chat-pages';

type Executor = Database | Transaction;

const plannerUsers = alias(users, 'planner_users');

/** The planner of the scope's client, within the client's organization; null when none. */
export async function findClientPlanner(db: Executor, scope: ClientScope) {
  const [planner] = await db
    .select({
      id: plannerUsers.id,
      firstName: plannerUsers.firstName,
      lastName: plannerUsers.lastName,
      phone: plannerUsers.phone,
    })
    .from(profiles)
    .innerJoin(plannerUsers, eq(plannerUsers.id, profiles.plannerUserId))
    .where(
      and(
        eq(profiles.userId, scope.clientUserId),
        eq(profiles.accessLevel, 'client'),
        eq(plannerUsers.organizationId, scope.organizationId),
      ),
    );
  return planner ?? null;
}

export async function insertChatMessage(
  transaction: Transaction,
  scope: ClientScope,
  values: { author: 'client' | 'planner'; authorUserId: number; body: string },
) {
  const [created] = await transaction
    .insert(chatMessages)
    .values({ ...values, organizationId: scope.organizationId, clientUserId: scope.clientUserId })
    .returning({ id: chatMessages.id });
  if (!created) throw new Error('INSERT … RETURNING gave no row for a chat message');
  return created.id;
}

/** A page of the client's conversation, newest first, with each author's name. */
export async function findChatMessages(db: Executor, scope: ClientScope, page: number, onlyId?: number) {
  const where = and(
    buildClientOwnedWhere(chatMessages, scope),
    onlyId === undefined ? undefined : eq(chatMessages.id, onlyId),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: chatMessages.id,
        author: chatMessages.author,
        body: chatMessages.body,
        createdAt: chatMessages.createdAt,
        authorFirstName: users.firstName,
        authorLastName: users.lastName,
      })
      .from(chatMessages)
      .innerJoin(users, eq(users.id, chatMessages.authorUserId))
      .where(where)
      .orderBy(desc(chatMessages.id))
      .limit(chatPageSize)
      .offset(page * chatPageSize),
    db.select({ total: count() }).from(chatMessages).where(where),
  ]);
  return { rows, count: total?.total ?? 0 };
}

export async function insertPlannerChatMessage(
  transaction: Transaction,
  caller: Caller,
  values: { question: string; questionAt: Date; response: string; responseAt: Date },
) {
  const [created] = await transaction
    .insert(plannerChatMessages)
    .values({ ...values, organizationId: caller.organizationId, plannerUserId: caller.userId })
    .returning();
  if (!created) throw new Error('INSERT … RETURNING gave no row for a planner chat message');
  return created;
}

/** A page of the caller's own conversation with the assistant, newest first. */
export async function findPlannerChatMessages(db: Executor, caller: Caller, page: number) {
  const where = and(
    eq(plannerChatMessages.organizationId, caller.organizationId),
    eq(plannerChatMessages.plannerUserId, caller.userId),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(plannerChatMessages)
      .where(where)
      .orderBy(desc(plannerChatMessages.id))
      .limit(chatPageSize)
      .offset(page * chatPageSize),
    db.select({ total: count() }).from(plannerChatMessages).where(where),
  ]);
  return { rows, count: total?.total ?? 0 };
}

/**
 * The client's lines without a category, newest first, as the cash flow counts them: ignored lines
 * and lines of ignored accounts aside.
 */
export async function findUncategorizedLines(db: Database, scope: ClientScope, limit: number) {
  const where = and(
    buildClientOwnedWhere(transactions, scope),
    isNull(transactions.categoryId),
    eq(transactions.ignored, false),
    notInArray(
      transactions.originId,
      db
        .select({ id: origins.id })
        .from(origins)
        .where(and(buildClientOwnedWhere(origins, scope), eq(origins.ignored, true))),
    ),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ date: transactions.date, name: transactions.name, amountCents: transactions.amountCents })
      .from(transactions)
      .where(where)
      .orderBy(desc(transactions.date), desc(transactions.id))
      .limit(limit),
    db.select({ total: count() }).from(transactions).where(where),
  ]);
  return { rows, count: total?.total ?? 0 };
}
