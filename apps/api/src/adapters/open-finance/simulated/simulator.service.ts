import { findTodayInBrazil } from '@prumo/domain/br/date';
import { computeConsentEnd } from '@prumo/domain/open-banking/consent';
import { and, eq, gt, inArray, isNotNull, lt, ne, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/database';
import { simulatorConsents } from '../../../db/schema';
import { createSecret, hashSecret } from '../../../lib/secrets';
import { findDirectoryOrganisation, simulatorPrefix } from './simulator-directory';
import {
  type LedgerAccount,
  type LedgerInvestment,
  type LedgerLine,
  listLedgerAccounts,
  listLedgerInvestments,
  listLedgerLines,
} from './simulator-ledger';

/** The simulated bank's one customer, as in the aggregators' sandboxes. */
export const simulatorCredentials = { user: 'user-ok', password: 'password-ok', code: '123456' } as const;

/** The one-time code sent after the login lasts this long; the authorization code handed back, too. */
const codeLifetimeMs = 5 * 60_000;

export const simulatorMessages = {
  wrongLogin: 'Usuário ou senha incorretos.',
  wrongCode: 'Código incorreto. Confira o código enviado e tente de novo.',
  codeExpired: 'O código expirou. Entre de novo para receber outro.',
  requestEnded: 'Este pedido de compartilhamento não está mais aberto. Volte ao aplicativo e comece de novo.',
} as const;

export type SimulatorConsent = typeof simulatorConsents.$inferSelect;

/** The simulated bank refused: `refused` when the person's code or consent is not valid. */
export class SimulatorError extends Error {
  constructor(
    message: string,
    readonly refused: boolean,
  ) {
    super(message);
    this.name = 'SimulatorError';
  }
}

export interface SimulatorDependencies {
  db: Database;
  publicUrl: string;
}

/**
 * A request for the person's consent. With `externalId` it comes through the widget flow: the bank
 * returns the link it makes and the institution, and the link carries the id.
 */
export async function createSimulatorConsent(
  deps: SimulatorDependencies,
  input: {
    participantId: string;
    permissions: readonly string[];
    months: number;
    redirectUri: string;
    state: string;
    externalId?: string;
  },
): Promise<{ consentId: string; authorizationUrl: string }> {
  if (!findDirectoryOrganisation(deps.publicUrl, input.participantId)) {
    throw new SimulatorError('Unknown participant.', true);
  }
  // Unguessable: the address of the bank's pages is the only key to this request.
  const consentId = `urn:simulado:${createSecret(24)}`;
  await deps.db.insert(simulatorConsents).values({
    id: consentId,
    participantId: input.participantId,
    permissions: [...input.permissions],
    months: input.months,
    redirectUri: input.redirectUri,
    state: input.state,
    externalId: input.externalId ?? null,
    status: 'AWAITING_AUTHORISATION',
    step: 'login',
    createdAt: new Date(),
  });
  const address = new URL(`${deps.publicUrl}${simulatorPrefix}/authorize`);
  address.searchParams.set('request', consentId);
  return { consentId, authorizationUrl: address.toString() };
}

/** A request is open at the bank for this long after Prumo asked for it, as a bank's session is. */
const requestLifetimeMs = 30 * 60_000;

/** The request waiting for the person at the bank, if it is still open. */
export async function findOpenSimulatorConsent(db: Database, consentId: string): Promise<SimulatorConsent | null> {
  const [consent] = await db
    .select()
    .from(simulatorConsents)
    .where(
      and(
        eq(simulatorConsents.id, consentId),
        eq(simulatorConsents.status, 'AWAITING_AUTHORISATION'),
        gt(simulatorConsents.createdAt, new Date(Date.now() - requestLifetimeMs)),
      ),
    );
  return consent ?? null;
}

/**
 * Moves an open request on from the step it was read at: two forms sent at once move it once.
 * False when it had already moved or closed.
 */
async function moveToStep(
  db: Database,
  consent: SimulatorConsent,
  changes: Partial<SimulatorConsent>,
): Promise<boolean> {
  const moved = await db
    .update(simulatorConsents)
    .set(changes)
    .where(
      and(
        eq(simulatorConsents.id, consent.id),
        eq(simulatorConsents.status, 'AWAITING_AUTHORISATION'),
        eq(simulatorConsents.step, consent.step),
      ),
    )
    .returning({ id: simulatorConsents.id });
  return moved.length > 0;
}

/** The login step: the right user and password send the one-time code. */
export async function signInAtSimulator(
  db: Database,
  consent: SimulatorConsent,
  user: string,
  password: string,
): Promise<string | null> {
  if (user !== simulatorCredentials.user || password !== simulatorCredentials.password) {
    return simulatorMessages.wrongLogin;
  }
  await moveToStep(db, consent, { step: 'code', codeSentAt: new Date(), customer: user });
  return null;
}

/** The code step: an expired code sends the person back to the login. */
export async function confirmSimulatorCode(
  db: Database,
  consent: SimulatorConsent,
  code: string,
): Promise<string | null> {
  const sentAt = consent.codeSentAt?.getTime() ?? 0;
  if (Date.now() - sentAt > codeLifetimeMs) {
    await moveToStep(db, consent, { step: 'login', codeSentAt: null });
    return simulatorMessages.codeExpired;
  }
  if (code.trim() !== simulatorCredentials.code) return simulatorMessages.wrongCode;
  await moveToStep(db, consent, { step: 'review' });
  return null;
}

/**
 * Where the bank sends the person back: with a one-time code when they authorised, with an error
 * otherwise; null when the request had already been decided (two clicks at once decide once). The
 * state goes back to Prumo and is not kept.
 */
export async function decideSimulatorConsent(
  db: Database,
  consent: SimulatorConsent,
  authorise: boolean,
): Promise<string | null> {
  const address = new URL(consent.redirectUri);
  if (consent.externalId !== null) return decideWidgetConsent(db, consent, authorise, address);
  address.searchParams.set('state', consent.state);
  if (!authorise) {
    if (!(await moveToStep(db, consent, { status: 'REJECTED', state: '' }))) return null;
    address.searchParams.set('error', 'access_denied');
    return address.toString();
  }
  const code = createSecret(24);
  const decided = await moveToStep(db, consent, {
    status: 'AUTHORISED',
    state: '',
    authorizationCodeHash: hashSecret(code),
    authorizationCodeExpiresAt: new Date(Date.now() + codeLifetimeMs),
  });
  if (!decided) return null;
  address.searchParams.set('code', code);
  return address.toString();
}

/**
 * The widget flow's return, as an aggregator's widget gives it: the link it made (an id of its own,
 * apart from the request's, which the bank's pages carried in their address) and the institution
 * when authorised; `error` and a message otherwise.
 */
async function decideWidgetConsent(
  db: Database,
  consent: SimulatorConsent,
  authorise: boolean,
  address: URL,
): Promise<string | null> {
  const linkId = authorise ? `link-${createSecret(24)}` : null;
  if (!(await moveToStep(db, consent, { status: authorise ? 'AUTHORISED' : 'REJECTED', linkId }))) return null;
  if (linkId) {
    address.searchParams.set('link', linkId);
    // As Belvo names institutions: by their code name, not the name people read.
    address.searchParams.set('institution', consent.participantId);
  } else {
    address.searchParams.set('error', 'access_denied');
    address.searchParams.set('error_message', 'O compartilhamento não foi autorizado.');
  }
  return address.toString();
}

/** A widget link while it is valid (authorised, not revoked): its external id and institution; null otherwise. */
export async function readSimulatorLink(
  db: Database,
  linkId: string,
): Promise<{ externalId: string; institution: string } | null> {
  const [consent] = await db
    .select({ externalId: simulatorConsents.externalId, institution: simulatorConsents.participantId })
    .from(simulatorConsents)
    .where(
      and(
        eq(simulatorConsents.linkId, linkId),
        isNotNull(simulatorConsents.externalId),
        inArray(simulatorConsents.status, ['AUTHORISED', 'CONSUMED']),
      ),
    );
  return consent?.externalId ? { externalId: consent.externalId, institution: consent.institution } : null;
}

/** Access to an authorised widget link's data, once: the link becomes a consent in force. */
export async function claimSimulatorLink(
  db: Database,
  linkId: string,
): Promise<{ accessToken: string; expiresAt: Date }> {
  return grantAuthorisedConsent(db, and(eq(simulatorConsents.linkId, linkId), isNotNull(simulatorConsents.externalId)));
}

/** Requests a day old that never became a consent, and consents a day past their term. */
export async function removeStaleSimulatorConsents(db: Database, now: Date): Promise<number> {
  const dayAgo = new Date(now.getTime() - 86_400_000);
  const removed = await db
    .delete(simulatorConsents)
    .where(
      or(
        and(ne(simulatorConsents.status, 'CONSUMED'), lt(simulatorConsents.createdAt, dayAgo)),
        and(eq(simulatorConsents.status, 'CONSUMED'), lt(simulatorConsents.expiresAt, dayAgo)),
      ),
    )
    .returning({ id: simulatorConsents.id });
  return removed.length;
}

/** The token call: a valid code of an authorised consent, once, within its five minutes. */
export async function exchangeSimulatorCode(
  db: Database,
  input: { consentId: string; code: string },
): Promise<{ accessToken: string; expiresAt: Date }> {
  return grantAuthorisedConsent(
    db,
    and(eq(simulatorConsents.id, input.consentId), eq(simulatorConsents.authorizationCodeHash, hashSecret(input.code))),
    (consent, now) => (consent.authorizationCodeExpiresAt?.getTime() ?? 0) >= now.getTime(),
  );
}

/**
 * Makes the authorised request `matching` a consent in force with a new access token, once (its
 * row is locked while read); no such request, or one `accepts` turns down, is 'invalid_grant'.
 */
async function grantAuthorisedConsent(
  db: Database,
  matching: SQL | undefined,
  accepts: (consent: SimulatorConsent, now: Date) => boolean = () => true,
): Promise<{ accessToken: string; expiresAt: Date }> {
  const accessToken = createSecret(32);
  const now = new Date();
  return db.transaction(async (transaction) => {
    const [consent] = await transaction
      .select()
      .from(simulatorConsents)
      .where(and(matching, eq(simulatorConsents.status, 'AUTHORISED')))
      .for('update');
    if (!consent || !accepts(consent, now)) throw new SimulatorError('invalid_grant', true);
    const expiresAt = computeConsentEnd(now, consent.months);
    await transaction
      .update(simulatorConsents)
      .set({ status: 'CONSUMED', authorizationCodeHash: null, accessTokenHash: hashSecret(accessToken), expiresAt })
      .where(eq(simulatorConsents.id, consent.id));
    return { accessToken, expiresAt };
  });
}

/**
 * Revokes a consent by its token (named by its id, or by its link for the widget flow); one already
 * revoked or unknown answers as done.
 */
export async function revokeSimulatorConsent(
  db: Database,
  input: { consentId: string; accessToken: string },
): Promise<void> {
  await db
    .update(simulatorConsents)
    .set({ status: 'REVOKED', accessTokenHash: null })
    .where(
      and(
        or(eq(simulatorConsents.id, input.consentId), eq(simulatorConsents.linkId, input.consentId)),
        eq(simulatorConsents.accessTokenHash, hashSecret(input.accessToken)),
      ),
    );
}

/** The consent an access token opens, if it is in force and shares one of `kinds`; else the bank refuses. */
async function authorizeRead(db: Database, accessToken: string, kinds: readonly string[]): Promise<SimulatorConsent> {
  const [consent] = await db
    .select()
    .from(simulatorConsents)
    .where(
      and(eq(simulatorConsents.accessTokenHash, hashSecret(accessToken)), eq(simulatorConsents.status, 'CONSUMED')),
    );
  if (!consent || (consent.expiresAt?.getTime() ?? 0) <= Date.now()) throw new SimulatorError('invalid_token', true);
  if (!kinds.some((kind) => consent.permissions.includes(kind)))
    throw new SimulatorError('permission_not_granted', true);
  return consent;
}

/** The accounts (checking, card) the token's consent shares, as the bank reports them today. */
export async function listSimulatorAccounts(db: Database, accessToken: string): Promise<LedgerAccount[]> {
  const consent = await authorizeRead(db, accessToken, ['ACCOUNTS', 'CREDIT_CARDS']);
  return listLedgerAccounts(consent.participantId, findTodayInBrazil(new Date())).filter((account) =>
    consent.permissions.includes(account.kind === 'checking' ? 'ACCOUNTS' : 'CREDIT_CARDS'),
  );
}

/** Lines of one account from `from` (a day), a page at a time, oldest first, as aggregators page them. */
export async function listSimulatorLines(
  db: Database,
  input: { accessToken: string; accountId: string; from: string; page: number; pageSize: number },
): Promise<{ total: number; totalPages: number; page: number; results: LedgerLine[] }> {
  const accounts = await listSimulatorAccounts(db, input.accessToken);
  if (!accounts.some((account) => account.id === input.accountId)) throw new SimulatorError('account_not_found', true);
  const lines = listLedgerLines(input.accountId, findTodayInBrazil(new Date())).filter(
    (line) => line.date >= input.from,
  );
  const start = (input.page - 1) * input.pageSize;
  return {
    total: lines.length,
    totalPages: Math.max(1, Math.ceil(lines.length / input.pageSize)),
    page: input.page,
    results: lines.slice(start, start + input.pageSize),
  };
}

export async function listSimulatorInvestments(db: Database, accessToken: string): Promise<LedgerInvestment[]> {
  const consent = await authorizeRead(db, accessToken, ['INVESTMENTS']);
  return listLedgerInvestments(consent.participantId, findTodayInBrazil(new Date()));
}
