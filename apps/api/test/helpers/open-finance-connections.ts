import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { transactions } from '../../src/db/schema';
import { call, type TestContext } from './test-app';

interface ListedAccount {
  name: string;
  balance: number | null;
  pending_lines: number;
}

/** A connection as the client's Open Finance list shows it (GET open-banking/v2/links-connect/). */
export async function findListedConnection(context: TestContext, token: string, connectionId: number) {
  const listed = await call(context, 'GET', '/api/open-banking/v2/links-connect/', { token });
  expect(listed.statusCode).toBe(200);
  return listed.json().results.find((row: { id: number }) => row.id === connectionId) as {
    status: string;
    sync_status: string;
    sync_error: string | null;
    accounts: ListedAccount[];
  };
}

/** Each account of a listed connection as [name, balance in cents, pending lines]. */
export function describeListedAccounts(connection: { accounts: ListedAccount[] }) {
  return connection.accounts.map((account) => [account.name, account.balance, account.pending_lines]);
}

/** How many lines the client has (any source). */
export async function countClientLines(context: TestContext, clientUserId: number): Promise<number> {
  const rows = await context.database.db
    .select({ id: transactions.id })
    .from(transactions)
    .where(eq(transactions.clientUserId, clientUserId));
  return rows.length;
}
