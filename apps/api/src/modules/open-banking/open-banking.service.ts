import type {
  Connection,
  OpenBankingSession,
  Participant,
  WidgetBanks,
  WidgetToken,
} from '@prumo/contract/open-banking';
import {
  type ApproveInput,
  type ConsentInput,
  computeConsentEnd,
  connectionStatusLabels,
  consentStateLifetimeMinutes,
  type DirectoryIntegration,
  directoryIntegrations,
  findConsentTermMonths,
  type IntegrationConnector,
  openBankingMessages,
  readIntegrationConnector,
  type SessionInput,
  type SharedDataKind,
  type SyncStatus,
  syncStatusLabels,
  type WidgetLinkInput,
  widgetConsentMonths,
  widgetSharedKinds,
} from '@prumo/domain/open-banking/consent';
import { foldForSearch } from '@prumo/domain/records/search-text';
import { type GrantedConsent, OpenFinanceProviderError } from '../../adapters/open-finance/open-finance-connector';
import { resolveOpenFinanceConnector } from '../../adapters/open-finance/resolve-connector';
import type { AppDependencies } from '../../dependencies';
import { fail, failConflict, failInvalid, failNotFound, failOnField } from '../../lib/domain-errors';
import type { PageQuery } from '../../lib/pagination';
import { buildCallerScope, type ClientScope } from '../../lib/scope';
import { createSecretBox } from '../../lib/secret-box';
import { createSecret, hashSecret } from '../../lib/secrets';
import { type Caller, sessionMessages } from '../../plugins/authentication';
import { findAccountHolder } from '../accounts/index';
import {
  type ConnectionRow,
  countOpenConsentRequests,
  deleteAbandonedConsentRequests,
  dropStaleRevocationTokens,
  findAccountsOfConnections,
  findActiveConnectionsAt,
  findConnection,
  findConnections,
  findRevocationsToRetry,
  findSessionId,
  forgetConnectionToken,
  insertConnection,
  markConnectionRevoked,
  markSyncWaiting,
  removePendingLinesOfConnection,
  spendConsentState,
  updateConnection,
  upsertSession,
} from './open-banking.repo';

/** Consents a client may have waiting for the bank at once (each for ten minutes). */
const maximumOpenConsentRequests = 5;

/** The sealed access token is bound to its row: copied to another, it decrypts nowhere. */
function describeTokenContext(connectionId: number): string {
  return `open_banking_connections:${connectionId}:access_token`;
}

type ConnectionAccount = Awaited<ReturnType<typeof findAccountsOfConnections>>[number];

export function presentConnection(row: ConnectionRow, accounts: readonly ConnectionAccount[] = []): Connection {
  return {
    id: row.id,
    client: row.clientUserId,
    provider: row.provider,
    connector: readIntegrationConnector(row.connector),
    participant_id: row.participantId,
    institution_name: row.institutionName,
    bank_code: row.bankCode,
    logo_uri: row.logoUri,
    permissions: row.permissions as SharedDataKind[],
    consent_months: row.consentMonths,
    status: row.status,
    status_label: connectionStatusLabels[row.status],
    created_at: row.createdAt.toISOString(),
    connected_at: row.connectedAt?.toISOString() ?? null,
    consent_expires_at: row.consentExpiresAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
    last_sync_at: row.lastSyncAt?.toISOString() ?? null,
    sync_status: row.syncStatus as SyncStatus,
    sync_status_label: syncStatusLabels[row.syncStatus as SyncStatus],
    sync_error: row.syncError,
    accounts: accounts
      .filter((account) => account.connectionId === row.id)
      .map((account) => ({
        account: account.originId,
        name: account.name,
        balance: account.balanceCents,
        last_synced_at: account.lastSyncedAt?.toISOString() ?? null,
        pending_lines: account.pendingLines,
      })),
  };
}

/** The connection's access token, or null when it has none or it cannot be opened (another key, a damaged text). */
export async function openAccessToken(deps: AppDependencies, connection: ConnectionRow): Promise<string | null> {
  if (!connection.accessTokenCiphertext) return null;
  try {
    return await createSecretBox(deps.config).decrypt(
      connection.accessTokenCiphertext,
      describeTokenContext(connection.id),
    );
  } catch {
    return null;
  }
}

/** The provider failed or answered garbage: the call says so with a 503, never a 500. */
async function callProvider<Result>(call: () => Promise<Result>): Promise<Result> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof OpenFinanceProviderError) fail('unavailable', openBankingMessages.providerFailed);
    throw error;
  }
}

/**
 * The institutions each integration reaches (one integration's when `only` names it), each with
 * its integration. An integration that fails leaves the others' listed; all failing is a 503.
 */
async function listReachableParticipants(deps: AppDependencies, organizationId: number, only?: DirectoryIntegration) {
  const integrations = only ? [only] : directoryIntegrations;
  const settled = await Promise.allSettled(
    integrations.map(async (integration) => {
      const connector = await resolveOpenFinanceConnector(deps, integration, organizationId);
      const participants = await connector.listParticipants();
      return participants.map((participant) => ({ ...participant, integration }));
    }),
  );
  const reached = settled.flatMap((result) => (result.status === 'fulfilled' ? result.value : []));
  const failure = settled.find((result) => result.status === 'rejected');
  if (reached.length === 0 && failure) {
    if (failure.reason instanceof OpenFinanceProviderError) fail('unavailable', openBankingMessages.providerFailed);
    throw failure.reason;
  }
  return reached;
}

/** The institutions of every integration, filtered by name or CNPJ, a page at a time. */
export async function listParticipants(
  deps: AppDependencies,
  organizationId: number,
  search: string,
  page: PageQuery,
): Promise<{ count: number; results: Participant[] }> {
  const participants = await listReachableParticipants(deps, organizationId);
  const wanted = foldForSearch(search.trim());
  const digits = search.replace(/\D/g, '');
  const matching = participants
    .filter(
      (participant) =>
        !wanted ||
        foldForSearch(participant.name).includes(wanted) ||
        (digits.length >= 3 && participant.registrationNumber.includes(digits)),
    )
    .sort((first, second) => first.name.localeCompare(second.name, 'pt-BR'));
  return {
    count: matching.length,
    results: matching.slice(page.offset, page.offset + page.limit).map((participant) => ({
      id: participant.id,
      name: participant.name,
      registration_number: participant.registrationNumber,
      logo_uri: participant.logoUri,
      connector: participant.integration,
    })),
  };
}

/**
 * Registers the client with the connector of an integration (again: the platform and OS are
 * updated). Open Finance's call and `integration/start-session/quanto/` are the same registration.
 */
export async function startOpenBankingSession(
  deps: AppDependencies,
  scope: ClientScope,
  input: SessionInput,
  integration: DirectoryIntegration = 'quanto',
): Promise<OpenBankingSession> {
  const connector = await callProvider(() => resolveOpenFinanceConnector(deps, integration, scope.organizationId));
  const { externalUserId } = await callProvider(() =>
    connector.startSession({ clientReference: `${scope.organizationId}:${scope.clientUserId}` }),
  );
  const session = await upsertSession(deps.db, scope, {
    provider: connector.provider,
    connector: integration,
    externalUserId,
    platform: input.client_metadata.platform,
    os: input.client_metadata.os,
  });
  return {
    id: session.id,
    provider: session.provider,
    connector: integration,
    platform: session.platform,
    os: session.os,
    created_at: session.createdAt.toISOString(),
  };
}

/** BS2 returns to bs2-callback, a client's page: the client connects it themselves. */
export function assertIntegrationOpenTo(caller: Caller, integration: IntegrationConnector): void {
  if (integration === 'bs2' && caller.role !== 'client') fail('notAllowed', openBankingMessages.bs2ClientOnly);
}

/**
 * Where the bank sends the person back: Prumo's configured address, never a request's Host. Open
 * Finance and the aggregator's widget return to one fixed public page (a bank registers one address
 * per application), which takes the person into their organization's callback-opb; BS2 returns to
 * the organization's bs2-callback.
 */
function buildReturnAddress(deps: AppDependencies, caller: Caller, integration: IntegrationConnector): string {
  if (integration !== 'bs2') return `${deps.config.publicUrl}/callback-opb`;
  return `${deps.config.publicUrl}/app/${encodeURIComponent(caller.organizationSlug)}/bs2-callback`;
}

/**
 * Asks the institution for a consent: the bank's address to send the person to, with a one-time
 * `state` bound to the caller's session. Only its SHA-256 is kept; it is good for ten minutes.
 */
export async function requestConsent(
  deps: AppDependencies,
  caller: Caller,
  scope: ClientScope,
  sessionKey: string,
  input: ConsentInput,
) {
  const sessionId = await findSessionId(deps.db, caller.userId, sessionKey);
  if (sessionId === null) fail('unauthenticated', sessionMessages.expired);
  if (input.connector) assertIntegrationOpenTo(caller, input.connector);
  if ((await countOpenConsentRequests(deps.db, scope)) >= maximumOpenConsentRequests) {
    fail('tooMany', openBankingMessages.tooManyRequests);
  }
  // The integration named with the institution, when named: an id two directories share goes where meant.
  const participants = await listReachableParticipants(deps, scope.organizationId, input.connector);
  const participant = participants.find((candidate) => candidate.id === input.participant_id);
  if (!participant) failOnField('participant_id', openBankingMessages.participantUnknown);
  assertIntegrationOpenTo(caller, participant.integration);
  const connector = await callProvider(() =>
    resolveOpenFinanceConnector(deps, participant.integration, scope.organizationId),
  );
  const holder = await findHolder(deps, scope);
  if (connector.needsHolderCpf && !holder.cpf) fail('invalid', openBankingMessages.holderCpfMissing);

  const state = createSecret(32);
  const redirectUri = buildReturnAddress(deps, caller, participant.integration);
  const started = await callProvider(() =>
    connector.createConsent({
      participantId: participant.id,
      permissions: input.permissions,
      months: input.months,
      redirectUri,
      state,
      holder,
    }),
  );
  const stateExpiresAt = new Date(Date.now() + consentStateLifetimeMinutes * 60_000);
  const connection = await insertConnection(deps.db, scope, {
    provider: connector.provider,
    providerKeyId: connector.keyId,
    connector: participant.integration,
    participantId: participant.id,
    institutionName: participant.name,
    bankCode: participant.bankCode,
    logoUri: participant.logoUri,
    permissions: input.permissions,
    consentMonths: input.months,
    externalConsentId: started.consentId,
    stateHash: hashSecret(state),
    stateAuthTokenId: sessionId,
    stateExpiresAt,
    startedByUserId: caller.userId,
  });
  return {
    connection: presentConnection(connection),
    authorization_url: started.authorizationUrl,
    state_expires_at: stateExpiresAt.toISOString(),
  };
}

/** The client whose bank is connected: their name and CPF, as a consent ties itself to them. */
async function findHolder(deps: AppDependencies, scope: ClientScope): Promise<{ name: string; cpf: string | null }> {
  return (await findAccountHolder(deps.db, scope.organizationId, scope.clientUserId)) ?? { name: '', cpf: null };
}

/**
 * The bank's return, read by the callback page. The `state` must be one this session started, not
 * yet used, within its ten minutes and about a client still within the caller's reach; it is spent
 * first, in one statement, so a replay finds nothing whatever follows. The bank is then called with
 * no transaction or lock held, and its answer written.
 */
export async function approveConsent(
  deps: AppDependencies,
  caller: Caller,
  sessionKey: string,
  input: ApproveInput,
): Promise<Connection> {
  const sessionId = await findSessionId(deps.db, caller.userId, sessionKey);
  if (sessionId === null) failInvalid(openBankingMessages.returnInvalid);
  const awaiting = await spendConsentState(deps.db, buildCallerScope(caller), input.state, sessionId);
  // A widget's connection waits for its link (integration/belvo/links/), never for a code.
  if (!awaiting || awaiting.connector === 'belvo') failInvalid(openBankingMessages.returnInvalid);
  if (input.error !== undefined) {
    return presentConnection(await updateConnection(deps.db, awaiting.id, { status: 'refused' }));
  }
  const connector = await callProvider(() =>
    resolveOpenFinanceConnector(deps, readIntegrationConnector(awaiting.connector), awaiting.organizationId, awaiting),
  );
  if (input.code === undefined && connector.returnCarriesCode) {
    // A bank that returns codes returned neither a code nor an error: not a return to trust.
    await updateConnection(deps.db, awaiting.id, { status: 'failed' });
    failInvalid(openBankingMessages.returnInvalid);
  }
  let granted: Awaited<ReturnType<typeof connector.exchangeCode>>;
  try {
    granted = await connector.exchangeCode({ consentId: awaiting.externalConsentId, code: input.code ?? null });
  } catch (error) {
    if (!(error instanceof OpenFinanceProviderError)) throw error;
    // A consent that did not become a connection is not left open at the provider (Pluggy's item).
    if (!connector.returnCarriesCode) {
      await connector
        .revokeConsent({ consentId: awaiting.externalConsentId, accessToken: awaiting.externalConsentId })
        .catch(() => undefined);
    }
    // Where the provider completed the exchange, its "not authorised" is the person's refusal at the bank.
    if (error.refused && !connector.returnCarriesCode) {
      return presentConnection(await updateConnection(deps.db, awaiting.id, { status: 'refused' }));
    }
    await updateConnection(deps.db, awaiting.id, { status: 'failed' });
    if (error.refused) failInvalid(openBankingMessages.returnInvalid);
    fail('unavailable', openBankingMessages.providerFailed);
  }
  const activated = await activateConnection(deps, awaiting, granted);
  // The state was spent only within the caller's reach: the connection's client is theirs.
  await retireRenewedConnections(deps, { ...buildCallerScope(caller), clientUserId: awaiting.clientUserId }, activated);
  return presentConnection(activated);
}

/**
 * A consent given again at an institution (renewed, or connected anew) takes the place of the
 * older ones still active there for the same client: they are ended as revoked, at the institution
 * too, so one consent reads the accounts. The accounts and lines stay (the new one finds the same).
 */
async function retireRenewedConnections(
  deps: AppDependencies,
  scope: ClientScope,
  renewed: ConnectionRow,
): Promise<void> {
  for (const older of await findActiveConnectionsAt(deps.db, scope, renewed)) {
    const revoked = await markConnectionRevoked(deps.db, older);
    if (!revoked) continue;
    await removePendingLinesOfConnection(deps.db, older.id);
    await tellInstitutionOfRevocation(deps, revoked);
  }
}

/** Seals a granted access and marks the connection active, its first sync waiting. */
async function activateConnection(
  deps: AppDependencies,
  awaiting: ConnectionRow,
  granted: GrantedConsent,
  changes: Partial<ConnectionRow> = {},
): Promise<ConnectionRow> {
  const connectionId = awaiting.id;
  const sealed = await createSecretBox(deps.config).encrypt(granted.accessToken, describeTokenContext(connectionId));
  const connectedAt = new Date();
  // An end already past, or beyond Open Finance's longest term, is not one to believe: the term asked for counts.
  const reported = granted.expiresAt;
  const believable =
    reported !== null &&
    reported.getTime() > connectedAt.getTime() &&
    reported.getTime() <= computeConsentEnd(connectedAt, 12).getTime() + 10 * 86_400_000;
  // The term the person chose at the bank or in the aggregator's widget, as the consent's real end tells it.
  const months = believable ? findConsentTermMonths(connectedAt, reported) : null;
  return updateConnection(deps.db, connectionId, {
    ...changes,
    ...(months === null ? {} : { consentMonths: months }),
    status: 'active',
    // The first sync is sent by the route once this answer is written.
    syncStatus: 'waiting',
    accessTokenCiphertext: sealed,
    connectedAt,
    consentExpiresAt: believable ? reported : computeConsentEnd(connectedAt, awaiting.consentMonths),
  });
}

/**
 * The banks the organization's widget reaches, by code (each once): what the bank guide offers to
 * connect instead of downloading statements. None while the simulated institution answers for it.
 */
export async function listWidgetBanks(deps: AppDependencies, scope: ClientScope): Promise<WidgetBanks> {
  const connector = await callProvider(() => resolveOpenFinanceConnector(deps, 'belvo', scope.organizationId));
  if (connector.provider === 'simulated') return { results: [] };
  const participants = await callProvider(() => connector.listParticipants());
  const byCode = new Map<string, string>();
  for (const participant of participants) {
    if (participant.bankCode && !byCode.has(participant.bankCode)) byCode.set(participant.bankCode, participant.name);
  }
  return { results: [...byCode].map(([code, name]) => ({ code, name })) };
}

/**
 * Opens the aggregator's widget ('belvo') for the bank with COMPE code `bankCode`. A connection waits
 * for the link the widget makes, tied to the caller's session by a one-time external id the link
 * carries back (only its SHA-256 kept), for ten minutes.
 */
export async function openBankWidget(
  deps: AppDependencies,
  caller: Caller,
  scope: ClientScope,
  sessionKey: string,
  bankCode: string,
): Promise<WidgetToken> {
  const sessionId = await findSessionId(deps.db, caller.userId, sessionKey);
  if (sessionId === null) fail('unauthenticated', sessionMessages.expired);
  assertIntegrationOpenTo(caller, 'belvo');
  if ((await countOpenConsentRequests(deps.db, scope)) >= maximumOpenConsentRequests) {
    fail('tooMany', openBankingMessages.tooManyRequests);
  }
  const connector = await callProvider(() => resolveOpenFinanceConnector(deps, 'belvo', scope.organizationId));
  const participants = await callProvider(() => connector.listParticipants());
  const participant = participants.find((candidate) => candidate.bankCode === bankCode);
  if (!participant) failNotFound(openBankingMessages.bankNotConnectable);

  const holder = await findHolder(deps, scope);
  if (connector.needsHolderCpf && !holder.cpf) fail('invalid', openBankingMessages.holderCpfMissing);

  const externalId = createSecret(32);
  const widget = await callProvider(() =>
    connector.openWidget({
      participantId: participant.id,
      externalId,
      redirectUri: buildReturnAddress(deps, caller, 'belvo'),
      holder,
    }),
  );
  await insertConnection(deps.db, scope, {
    provider: connector.provider,
    providerKeyId: connector.keyId,
    connector: 'belvo',
    participantId: participant.id,
    institutionName: participant.name,
    bankCode: participant.bankCode,
    logoUri: participant.logoUri,
    permissions: [...widgetSharedKinds],
    consentMonths: widgetConsentMonths,
    // The link's id, once the widget made it.
    externalConsentId: '',
    stateHash: hashSecret(externalId),
    stateAuthTokenId: sessionId,
    stateExpiresAt: new Date(Date.now() + consentStateLifetimeMinutes * 60_000),
    startedByUserId: caller.userId,
  });
  return {
    access: widget.accessToken,
    expires_at: widget.expiresAt.toISOString(),
    widget_url: widget.widgetUrl,
  };
}

/**
 * The widget's return, read by the callback page: the link it made. The provider says which external
 * id the link carries; the connection that waits for it must have been started by this session,
 * within its ten minutes, about a client still within reach. It is spent first, so a link is taken
 * once, then the link becomes the connection's access.
 */
export async function linkWidgetConnection(
  deps: AppDependencies,
  caller: Caller,
  sessionKey: string,
  input: WidgetLinkInput,
): Promise<Connection> {
  const sessionId = await findSessionId(deps.db, caller.userId, sessionKey);
  if (sessionId === null) failInvalid(openBankingMessages.linkInvalid);
  const connector = await callProvider(() => resolveOpenFinanceConnector(deps, 'belvo', caller.organizationId));
  const link = await callProvider(() => connector.readLink({ linkId: input.link }));
  if (link === null) failInvalid(openBankingMessages.linkInvalid);
  const awaiting = await spendConsentState(deps.db, buildCallerScope(caller), link.externalId, sessionId, 'belvo');
  if (!awaiting) failInvalid(openBankingMessages.linkInvalid);
  if (link.institution !== awaiting.participantId) {
    // The widget's address can be edited to another bank: that consent is not the one asked for, and
    // its link (ours, by its external id) is ended at the provider rather than left open.
    await updateConnection(deps.db, awaiting.id, { status: 'failed' });
    await connector.revokeConsent({ consentId: input.link, accessToken: input.link }).catch(() => undefined);
    failInvalid(openBankingMessages.linkOtherInstitution);
  }
  let granted: Awaited<ReturnType<typeof connector.claimLink>>;
  try {
    // The holder is the connection's client, whoever opened the widget for them.
    const holder = await findAccountHolder(deps.db, awaiting.organizationId, awaiting.clientUserId);
    granted = await connector.claimLink({ linkId: input.link, holder: holder ?? { name: '', cpf: null } });
  } catch (error) {
    if (!(error instanceof OpenFinanceProviderError)) throw error;
    await updateConnection(deps.db, awaiting.id, { status: 'failed' });
    if (error.refused) failInvalid(openBankingMessages.linkInvalid);
    fail('unavailable', openBankingMessages.providerFailed);
  }
  return presentConnection(await activateConnection(deps, awaiting, granted, { externalConsentId: input.link }));
}

export async function listConnections(deps: AppDependencies, scope: ClientScope, page: PageQuery) {
  const { rows, count } = await findConnections(deps.db, scope, page);
  const accounts = await findAccountsOfConnections(
    deps.db,
    scope,
    rows.map((row) => row.id),
  );
  return { count, results: rows.map((row) => presentConnection(row, accounts)) };
}

/**
 * A sync asked for now: the connection shows it waiting and `queue` is true, so the caller sends the
 * job; a connection already waiting or syncing is answered as it is, with nothing queued again.
 */
export async function requestSync(
  deps: AppDependencies,
  scope: ClientScope,
  id: number,
): Promise<{ connection: Connection; queue: boolean }> {
  const waiting = await markSyncWaiting(deps.db, scope, id);
  const connection = waiting ?? (await findConnection(deps.db, scope, id));
  if (!connection || connection.status === 'awaiting_consent') failNotFound(openBankingMessages.connectionNotFound);
  if (connection.status !== 'active') failConflict(openBankingMessages.syncNotActive);
  const accounts = await findAccountsOfConnections(deps.db, scope, [connection.id]);
  return { connection: presentConnection(connection, accounts), queue: waiting !== null };
}

/**
 * Ends a consent: here at once (syncing stops), then at the institution. What was already brought
 * in stays in the client's accounts, as lines imported from a file do. When the institution cannot
 * be told now (it fails or does not answer), the connection is revoked here all the same and the
 * token is kept, sealed and used for nothing else, until a later try tells it
 * (`retryPendingRevocations`) or the consent reaches its term.
 */
export async function revokeConnection(deps: AppDependencies, scope: ClientScope, id: number): Promise<Connection> {
  const connection = await findConnection(deps.db, scope, id);
  if (!connection || connection.status === 'awaiting_consent') failNotFound(openBankingMessages.connectionNotFound);
  const revoked = await markConnectionRevoked(deps.db, connection);
  if (!revoked) failConflict(openBankingMessages.alreadyRevoked);
  await removePendingLinesOfConnection(deps.db, connection.id);
  await tellInstitutionOfRevocation(deps, revoked);
  return presentConnection(revoked);
}

/**
 * Ends the consent at the institution with the connection's token, then drops the token. A token
 * that cannot be opened is dropped too (nothing could use it). Answers false when the institution
 * could not be told: the token stays for the next try.
 */
async function tellInstitutionOfRevocation(deps: AppDependencies, connection: ConnectionRow): Promise<boolean> {
  const accessToken = await openAccessToken(deps, connection);
  if (accessToken) {
    try {
      const connector = await resolveOpenFinanceConnector(
        deps,
        readIntegrationConnector(connection.connector),
        connection.organizationId,
        connection,
      );
      await connector.revokeConsent({ consentId: connection.externalConsentId, accessToken });
    } catch (error) {
      if (!(error instanceof OpenFinanceProviderError)) throw error;
      return false;
    }
  }
  await forgetConnectionToken(deps.db, connection.id);
  return true;
}

/**
 * Revocations tried again per run, newest first; one just revoked is left to its own request's try,
 * and after 30 days of failing (the organization's keys gone, the bank's consent ended there) Prumo
 * gives up and drops the token.
 */
const revocationRetries = { perRun: 100, afterMinutes: 5, giveUpAfterDays: 30 };

/**
 * Tells institutions of consents revoked in Prumo that they could not be told of before. A consent
 * past its term has nothing left to end: its token is dropped without asking. One connection that
 * fails in an unexpected way is counted as pending and the others still go.
 */
export async function retryPendingRevocations(
  deps: AppDependencies,
  now: Date,
): Promise<{ told: number; pending: number; ended: number }> {
  const result = { told: 0, pending: 0, ended: 0 };
  result.ended += await dropStaleRevocationTokens(
    deps.db,
    new Date(now.getTime() - revocationRetries.giveUpAfterDays * 86_400_000),
  );
  const revokedBefore = new Date(now.getTime() - revocationRetries.afterMinutes * 60_000);
  for (const connection of await findRevocationsToRetry(deps.db, revokedBefore, revocationRetries.perRun)) {
    if (connection.consentExpiresAt !== null && connection.consentExpiresAt <= now) {
      await forgetConnectionToken(deps.db, connection.id);
      result.ended += 1;
      continue;
    }
    const told = await tellInstitutionOfRevocation(deps, connection).catch(() => false);
    if (told) result.told += 1;
    else result.pending += 1;
  }
  return result;
}

/**
 * Consent requests a day old that never came back are removed; where the provider made something
 * for them that its id opens (a Pluggy item), it is deleted there too, so no consent the person may
 * still complete at the bank keeps reading their data. One provider failing stops nothing.
 */
export async function removeAbandonedConsentRequests(deps: AppDependencies, now: Date): Promise<number> {
  const removed = await deleteAbandonedConsentRequests(deps.db, now);
  for (const request of removed) {
    if (request.provider === 'simulated' || !request.externalConsentId) continue;
    try {
      const connector = await resolveOpenFinanceConnector(
        deps,
        readIntegrationConnector(request.connector),
        request.organizationId,
        request,
      );
      if (!connector.returnCarriesCode) {
        await connector.revokeConsent({ consentId: request.externalConsentId, accessToken: request.externalConsentId });
      }
    } catch (error) {
      if (!(error instanceof OpenFinanceProviderError)) throw error;
    }
  }
  return removed.length;
}
