import { findBankNamedIn } from '@prumo/domain/banks/brazilian-banks';
import { findTodayInBrazil, formatBrazilianDate, shiftDay } from '@prumo/domain/br/date';
import { shiftMonth } from '@prumo/domain/budget/target-month';
import {
  describeConnectionEnded,
  openBankingMessages,
  readIntegrationConnector,
} from '@prumo/domain/open-banking/consent';
import type { ConnectorLine, OpenFinanceConnector } from '../../adapters/open-finance/open-finance-connector';
import { OpenFinanceNotReadyError, OpenFinanceProviderError } from '../../adapters/open-finance/open-finance-connector';
import { resolveOpenFinanceConnector } from '../../adapters/open-finance/resolve-connector';
import type { AppDependencies } from '../../dependencies';
import { buildClientOwnScope, type ClientScope } from '../../lib/scope';
import { storeSyncedLines } from '../imports/index';
import { storeSyncedInvestments } from '../investments/index';
import { raiseNotification } from '../notifications/index';
import {
  type ConnectionRow,
  claimConnectionSync,
  endActiveConnection,
  findSyncedAccount,
  finishSync,
  holdActiveConnection,
  replacePendingLines,
  saveSyncedAccount,
  updateConnection,
} from './open-banking.repo';
import { openAccessToken } from './open-banking.service';

/** How far back a connection's first sync reads: the two years Prumo's screens look at. */
const firstSyncMonths = 24;
/** A later sync reads again from this many days before the last: lines booked late still arrive. */
const resyncOverlapDays = 7;

export interface SyncOutcome {
  accounts: number;
  added: number;
  paired: number;
  pending: number;
  investments: number;
}

/** Every page of an account's lines from a day on, oldest first. */
async function readAllLines(
  connector: OpenFinanceConnector,
  accessToken: string,
  accountId: string,
  from: string,
): Promise<ConnectorLine[]> {
  const lines: ConnectorLine[] = [];
  for (let page = 1; ; page++) {
    const answer = await connector.listTransactions({ accessToken, accountId, from, page });
    lines.push(...answer.lines);
    if (page >= answer.totalPages) return lines;
    if (page >= maximumPages) throw new OpenFinanceProviderError(`more than ${maximumPages} pages of lines`);
  }
}

/**
 * The consent no longer holds at the bank (it ended, or the citizen revoked it there): the
 * connection ends here too, its token dropped, and the client is told once. Nothing when the client
 * revoked it here meanwhile.
 */
async function endConnection(deps: AppDependencies, connection: ConnectionRow, scope: ClientScope, now: Date) {
  const expired = connection.consentExpiresAt !== null && connection.consentExpiresAt <= now;
  const status = expired ? 'expired' : 'revoked';
  if (!(await endActiveConnection(deps.db, connection.id, status, now))) return;
  const day = findTodayInBrazil(expired ? (connection.consentExpiresAt as Date) : now);
  const told = describeConnectionEnded(connection.institutionName, status, formatBrazilianDate(day));
  await raiseNotification(deps.db, {
    userId: scope.clientUserId,
    eventKey: `open-banking:${connection.id}:${status}`,
    kind: 'notice',
    ...told,
    screen: 'integration-opb',
  });
}

/** Thrown inside an account's transaction when the connection stopped being active (revoked meanwhile). */
class ConnectionStopped extends Error {}

/** The most pages of one account's lines a sync reads: a provider that keeps adding pages is cut off. */
const maximumPages = 400;

/**
 * Brings a connection's accounts and cards, their booked lines and their pending ones, into the
 * client's accounts (ADR 44). Each account is written in its own transaction: a failure later
 * keeps what earlier accounts brought, and the next run reads again from where each stopped.
 * Null when the connection is not active or another run is syncing it. A provider failure is kept
 * on the connection and thrown (the job retries); a consent the bank no longer honours ends the
 * connection and tells the client.
 */
export async function syncConnection(
  deps: AppDependencies,
  connectionId: number,
  now = new Date(),
): Promise<SyncOutcome | null> {
  const claimed = await claimConnectionSync(deps.db, connectionId, now);
  if (!claimed) return null;
  const { connection } = claimed;
  const scope = buildClientOwnScope(claimed.client, now);
  if (connection.consentExpiresAt !== null && connection.consentExpiresAt <= now) {
    await endConnection(deps, connection, scope, now);
    return null;
  }
  const accessToken = await openAccessToken(deps, connection);
  if (!accessToken) {
    await updateConnection(deps.db, connection.id, {
      syncStatus: 'failed',
      syncError: openBankingMessages.tokenUnreadable,
    });
    return null;
  }
  const today = findTodayInBrazil(now);
  const outcome: SyncOutcome = { accounts: 0, added: 0, paired: 0, pending: 0, investments: 0 };
  try {
    const connector = await resolveOpenFinanceConnector(
      deps,
      readIntegrationConnector(connection.connector),
      connection.organizationId,
      connection,
    );
    // A consent sharing investments only reads no accounts: the bank would refuse, as for any data not shared.
    const sharesAccounts = connection.permissions.some((kind) => kind === 'ACCOUNTS' || kind === 'CREDIT_CARDS');
    for (const account of sharesAccounts ? await connector.listAccounts({ accessToken }) : []) {
      const previous = await findSyncedAccount(deps.db, connection.id, account.id);
      const from = previous?.syncedThrough
        ? shiftDay(previous.syncedThrough, -resyncOverlapDays)
        : shiftMonth(`${today.slice(0, 7)}-01`, -firstSyncMonths);
      const lines = await readAllLines(connector, accessToken, account.id, from);
      const booked = lines
        .filter((line) => line.status === 'booked')
        .sort((first, second) => first.date.localeCompare(second.date));
      const pending = lines.filter((line) => line.status === 'pending');
      await deps.db.transaction(async (transaction) => {
        // A revoke from here on waits for this account; one that came first stops the sync.
        if (!(await holdActiveConnection(transaction, connection.id))) throw new ConnectionStopped();
        const stored = await storeSyncedLines(transaction, scope, {
          kind: account.kind === 'checking' ? 'bank_account' : 'credit_card',
          // An aggregator that names no bank code: the bank the institution's name names.
          bankCode: account.bankCode || (findBankNamedIn(connection.institutionName)?.code ?? ''),
          branch: account.branch,
          accountNumber: account.number,
          balance: account.kind === 'checking' ? { amountCents: account.balanceCents, date: today } : null,
          lines: booked,
          readFrom: from,
        });
        const saved = await saveSyncedAccount(transaction, scope, {
          connectionId: connection.id,
          externalAccountId: account.id,
          originId: stored.originId,
          name: account.name,
          balanceCents: account.balanceCents,
          syncedThrough: today,
          lastSyncedAt: now,
        });
        await replacePendingLines(
          transaction,
          scope,
          saved.id,
          pending.map((line) => ({
            externalId: line.id,
            date: line.date,
            amountCents: line.amountCents,
            description: line.description,
          })),
        );
        outcome.accounts += 1;
        outcome.added += stored.added;
        outcome.paired += stored.paired;
        outcome.pending += pending.length;
      });
    }
    if (connection.permissions.includes('INVESTMENTS')) {
      const investments = await connector.listInvestments({ accessToken });
      outcome.investments = await deps.db.transaction(async (transaction) => {
        if (!(await holdActiveConnection(transaction, connection.id))) throw new ConnectionStopped();
        return storeSyncedInvestments(
          transaction,
          scope,
          investments.map((investment) => ({
            sourceKey: `${connection.participantId}:${investment.id}`,
            kind: investment.kind,
            name: investment.name,
            balanceCents: investment.balanceCents,
            grossBalanceCents: investment.grossBalanceCents,
            cnpj: investment.cnpj,
          })),
          today,
        );
      });
    }
  } catch (error) {
    if (error instanceof ConnectionStopped) return null;
    if (error instanceof OpenFinanceProviderError && error.refused) {
      await endConnection(deps, connection, scope, now);
      return null;
    }
    if (error instanceof OpenFinanceNotReadyError) {
      // Nothing failed: the aggregator is still reading the bank. The job comes back later, still waiting.
      await updateConnection(deps.db, connection.id, { syncStatus: 'waiting', syncError: null });
      throw error;
    }
    // The person reads a plain pt-BR status; the provider's own words go to the job's log.
    await updateConnection(deps.db, connection.id, {
      syncStatus: 'failed',
      syncError: openBankingMessages.providerFailed,
    });
    throw error;
  }
  await finishSync(deps.db, connection.id, now);
  return outcome;
}
