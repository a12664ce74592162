import { createHash } from 'node:crypto';
import { findBankNamedIn } from '@prumo/domain/banks/brazilian-banks';
import { findTodayInBrazil, shiftDay } from '@prumo/domain/br/date';
import { convertNumberToCents } from '@prumo/domain/money/cents';
import type { SharedDataKind } from '@prumo/domain/open-banking/consent';
import { z } from 'zod';
import {
  type ConnectorAccount,
  type ConnectorInvestment,
  type ConnectorLine,
  type GrantedConsent,
  type OpenFinanceConnector,
  OpenFinanceNotReadyError,
  OpenFinanceProviderError,
  type Participant,
} from './open-finance-connector';
import { readProviderAnswer, sendToProvider } from './provider-http';

export interface PluggyOptions {
  /** Pluggy's API root (PLUGGY_API_URL): https://api.pluggy.ai. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  timeoutMilliseconds?: number;
  /** How long the consent's bank address is waited for after the item is made (Pluggy makes it in the background). */
  consentWaitMilliseconds?: number;
}

/** Pluggy writes amounts in reais as numbers: read into cents by the domain's rule, never a float product. */
const PluggyCentsSchema = z.number().transform(convertNumberToCents);

const PageSchema = <Item extends z.ZodType>(item: Item) =>
  z.looseObject({
    total: z.number().int(),
    totalPages: z.number().int(),
    page: z.number().int(),
    results: z.array(item),
  });

const PluggyConnectorSchema = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  imageUrl: z.string().nullish(),
  isOpenFinance: z.boolean().nullish(),
});

const PluggyItemSchema = z.looseObject({
  id: z.string(),
  status: z.string(),
  executionStatus: z.string().nullish(),
  connector: z.looseObject({ id: z.number().int(), name: z.string() }),
  // Where the Open Finance institution's login waits: Pluggy asks for it as an OAuth "parameter".
  parameter: z
    .looseObject({ name: z.string().nullish(), type: z.string().nullish(), data: z.string().nullish() })
    .nullish(),
  error: z.looseObject({ code: z.string().nullish() }).nullish(),
  consentExpiresAt: z.string().nullish(),
});

const PluggyAccountSchema = z.looseObject({
  id: z.string(),
  type: z.string(),
  subtype: z.string().nullish(),
  number: z.string().nullish(),
  name: z.string().nullish(),
  marketingName: z.string().nullish(),
  balance: PluggyCentsSchema.nullish(),
  bankData: z.looseObject({ transferNumber: z.string().nullish() }).nullish(),
  creditData: z.looseObject({ creditLimit: PluggyCentsSchema.nullish() }).nullish(),
});

const PluggyTransactionSchema = z.looseObject({
  id: z.string(),
  // A calendar day, or an instant with its offset: anything else is an answer Prumo cannot read.
  date: z.string().refine((text) => readBrazilianDay(text) !== null),
  description: z.string().nullish(),
  descriptionRaw: z.string().nullish(),
  amount: PluggyCentsSchema,
  type: z.enum(['DEBIT', 'CREDIT']),
  status: z.string().nullish(),
});

const PluggyInvestmentSchema = z.looseObject({
  id: z.string(),
  name: z.string().nullish(),
  type: z.string(),
  subtype: z.string().nullish(),
  code: z.string().nullish(),
  balance: PluggyCentsSchema.nullish(),
  amount: PluggyCentsSchema.nullish(),
  status: z.string().nullish(),
});

/** Lines a page: Pluggy's largest. */
const transactionsPageSize = 500;

/** What Prumo's consent shares, as Pluggy's products (the register always comes with the accounts). */
const productsByKind: Record<SharedDataKind, string[]> = {
  ACCOUNTS: ['ACCOUNTS', 'TRANSACTIONS'],
  CREDIT_CARDS: ['CREDIT_CARDS', 'TRANSACTIONS'],
  INVESTMENTS: ['INVESTMENTS'],
};

const investmentKinds: Record<string, ConnectorInvestment['kind']> = {
  FIXED_INCOME: 'fixed-income',
  MUTUAL_FUND: 'investment-funds',
  SECURITY: 'private-pension',
  EQUITY: 'stocks',
  ETF: 'stocks',
  COE: 'coe',
};

/** An item still being made or synced: Pluggy says so while it works in the background. */
const workingStatuses = new Set(['UPDATING', 'MERGING']);

/** What an item still working is doing once the person has authorised at the bank: reading their data. */
const authorisedExecutions = new Set([
  'ACCOUNTS_IN_PROGRESS',
  'CREDITCARDS_IN_PROGRESS',
  'TRANSACTIONS_IN_PROGRESS',
  'INVESTMENTS_IN_PROGRESS',
  'INVESTMENTS_TRANSACTIONS_IN_PROGRESS',
  'IDENTITY_IN_PROGRESS',
  'PAYMENT_DATA_IN_PROGRESS',
  'LOANS_IN_PROGRESS',
  'ACCOUNT_STATEMENTS_IN_PROGRESS',
  'MERGING',
  'SUCCESS',
  'PARTIAL_SUCCESS',
]);

/** Item errors that mean the person's consent is not (or no longer) given. */
const consentErrorCodes = /AUTHORIZATION|CONSENT|CREDENTIALS|ACCOUNT_NEEDS_ACTION|USER_INPUT_TIMEOUT/;

/**
 * Whether an item says the person's consent is not given: a login error, the item waiting on the
 * person (at the bank, or again), or an error code about the consent.
 */
function isConsentWithheld(item: { status: string }, code: string | null | undefined): boolean {
  return (
    item.status === 'LOGIN_ERROR' ||
    item.status === 'WAITING_USER_INPUT' ||
    item.status === 'WAITING_USER_ACTION' ||
    consentErrorCodes.test(code ?? '')
  );
}

/**
 * API keys are asked for once per pair of keys and reused until shortly before their two hours end:
 * Pluggy limits `/auth` on its own, and every sync makes a connector. Keyed by a hash, never the secret.
 */
const apiKeys = new Map<string, { apiKey: string; expiresAt: number }>();
const apiKeyLifetimeMs = 110 * 60_000;

/**
 * Pluggy over `fetch` (an API key from `/auth`, sent as X-API-KEY): only the calls the connector
 * needs. A consent is an item of an Open Finance connector: Pluggy makes it, gives the bank's
 * address, and completes the exchange with the bank itself; the item's id is then the access to its
 * data, read with the organization's keys.
 */
export function createPluggyConnector(options: PluggyOptions): OpenFinanceConnector {
  const timeout = options.timeoutMilliseconds ?? 20_000;
  const consentWait = options.consentWaitMilliseconds ?? 15_000;
  const keyOfKeys = createHash('sha256')
    .update(`${options.baseUrl}\n${options.clientId}\n${options.clientSecret}`)
    .digest('hex');

  const send = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
    sendToProvider('Pluggy', `${options.baseUrl}${path}`, { method, headers, body, timeoutMilliseconds: timeout });

  async function readApiKey(renew: boolean): Promise<string> {
    const kept = apiKeys.get(keyOfKeys);
    if (!renew && kept && kept.expiresAt > Date.now()) return kept.apiKey;
    const response = await send(
      'POST',
      '/auth',
      {},
      { clientId: options.clientId, clientSecret: options.clientSecret },
    );
    if (!response.ok) throw new OpenFinanceProviderError(`Pluggy refused the keys (${response.status}).`);
    const answer = z.looseObject({ apiKey: z.string().min(1) }).safeParse(await response.json().catch(() => undefined));
    if (!answer.success) throw new OpenFinanceProviderError('Pluggy answered /auth in a shape Prumo cannot read.');
    apiKeys.set(keyOfKeys, { apiKey: answer.data.apiKey, expiresAt: Date.now() + apiKeyLifetimeMs });
    return answer.data.apiKey;
  }

  async function request<Result>(
    method: string,
    path: string,
    schema: z.ZodType<Result> | null,
    body?: unknown,
  ): Promise<Result | null> {
    let response = await send(method, path, { 'X-API-KEY': await readApiKey(false) }, body);
    // A key Pluggy no longer takes (ended early, keys rotated): asked for again, once.
    if (response.status === 401) response = await send(method, path, { 'X-API-KEY': await readApiKey(true) }, body);
    return readProviderAnswer('Pluggy', method, response, schema);
  }

  async function requestFound<Result>(method: string, path: string, schema: z.ZodType<Result>, body?: unknown) {
    const found = await request(method, path, schema, body);
    if (found === null) throw new OpenFinanceProviderError('Pluggy does not know what was asked (404).', true);
    return found;
  }

  /** Every page of a list (`page` from 1 to `totalPages`), at most 100. */
  async function readAllPages<Item>(path: string, item: z.ZodType<Item>): Promise<Item[]> {
    const items: Item[] = [];
    const separator = path.includes('?') ? '&' : '?';
    for (let page = 1, totalPages = 1; page <= totalPages && page <= 100; page += 1) {
      const found = await requestFound('GET', `${path}${separator}page=${page}`, PageSchema(item));
      items.push(...found.results);
      totalPages = found.totalPages;
    }
    return items;
  }

  const readItem = (itemId: string) => request('GET', `/items/${encodeURIComponent(itemId)}`, PluggyItemSchema);

  /**
   * The item once Pluggy has its data: while it syncs with the bank it is waited for a little (the
   * job tries again later past that). A consent gone at the bank (a login error, or Pluggy asking the
   * person again) ends the connection; an item Pluggy no longer knows too.
   */
  async function readReadyItem(itemId: string) {
    const deadline = Date.now() + consentWait;
    for (;;) {
      const item = await readItem(itemId);
      if (!item) throw new OpenFinanceProviderError('Pluggy does not know the item.', true);
      if (isConsentWithheld(item, item.error?.code))
        throw new OpenFinanceProviderError(`The consent ended at the bank (${item.status}).`, true);
      // OUTDATED: Pluggy's last update failed (the bank down, say); what it has stays readable.
      if (!workingStatuses.has(item.status)) return item;
      if (Date.now() >= deadline) throw new OpenFinanceNotReadyError('Pluggy is still bringing the bank’s data.');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }

  return {
    provider: 'pluggy',
    keyId: options.clientId,
    // Pluggy's Open Finance connectors ask for the holder's CPF.
    needsHolderCpf: true,
    // Pluggy takes the bank's code itself: its return to Prumo carries only the state Prumo put in the address.
    returnCarriesCode: false,
    async listParticipants(): Promise<Participant[]> {
      const connectors = await readAllPages(
        '/connectors?countries=BR&isOpenFinance=true&types=PERSONAL_BANK',
        PluggyConnectorSchema,
      );
      return connectors.map((connector) => ({
        id: String(connector.id),
        name: connector.name,
        registrationNumber: '',
        logoUri: connector.imageUrl ?? null,
        // Pluggy gives no COMPE code: the bank its name names.
        bankCode: findBankNamedIn(connector.name)?.code ?? null,
      }));
    },
    async startSession({ clientReference }) {
      // Pluggy keeps no user before an item: the reference only has to be stable per person.
      return { externalUserId: `pluggy-${clientReference}` };
    },
    async createConsent({ participantId, permissions, redirectUri, state, holder }) {
      if (!/^\d{1,9}$/.test(participantId)) throw new OpenFinanceProviderError('Unknown connector.', true);
      const returnAddress = new URL(redirectUri);
      // Pluggy's return carries none of the bank's parameters: the state rides in the address itself.
      returnAddress.searchParams.set('state', state);
      const created = await requestFound('POST', '/items', PluggyItemSchema, {
        connectorId: Number(participantId),
        parameters: { cpf: holder.cpf ?? '' },
        products: [...new Set(permissions.flatMap((kind) => productsByKind[kind] ?? []))],
        oauthRedirectUri: returnAddress.toString(),
      });
      // The item is made in the background: its bank address comes with it a moment later.
      try {
        let item = created;
        const deadline = Date.now() + consentWait;
        while (!readBankAddress(item)) {
          if (!workingStatuses.has(item.status) && item.status !== 'WAITING_USER_INPUT') {
            throw new OpenFinanceProviderError(
              `Pluggy could not start the consent (${item.error?.code ?? item.status}).`,
            );
          }
          if (Date.now() >= deadline) throw new OpenFinanceProviderError('Pluggy gave no bank address in time.');
          await new Promise((resolve) => setTimeout(resolve, 500));
          item = (await readItem(created.id)) ?? item;
        }
        return { consentId: item.id, authorizationUrl: readBankAddress(item) as string };
      } catch (error) {
        // No consent request is left open at Pluggy for a person who was never sent to the bank.
        await request('DELETE', `/items/${encodeURIComponent(created.id)}`, null).catch(() => undefined);
        throw error;
      }
    },
    async exchangeCode({ consentId }): Promise<GrantedConsent> {
      // Pluggy completed the exchange: its item says whether the person authorised. Only an item
      // updated, or reading the data after the login, is; one still logging in is read again a moment.
      const deadline = Date.now() + consentWait;
      for (;;) {
        const item = await readItem(consentId);
        if (!item) throw new OpenFinanceProviderError('Pluggy does not know the item.', true);
        const authorised =
          item.status === 'UPDATED' ||
          (workingStatuses.has(item.status) && authorisedExecutions.has(item.executionStatus ?? ''));
        if (authorised) return { accessToken: item.id, expiresAt: readConsentEnd(item.consentExpiresAt) };
        if (isConsentWithheld(item, item.error?.code ?? item.executionStatus))
          throw new OpenFinanceProviderError('The consent was not authorised.', true);
        if (!workingStatuses.has(item.status) || Date.now() >= deadline) {
          throw new OpenFinanceProviderError(`Pluggy did not confirm the consent (${item.status}).`);
        }
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    },
    async openWidget() {
      throw new OpenFinanceProviderError('Pluggy opens its widget only inside its own script.');
    },
    async readLink() {
      return null;
    },
    async claimLink() {
      throw new OpenFinanceProviderError('Pluggy makes no widget links for Prumo.', true);
    },
    async listAccounts({ accessToken }): Promise<ConnectorAccount[]> {
      const item = await readReadyItem(accessToken);
      const accounts = await readAllPages(`/accounts?itemId=${encodeURIComponent(accessToken)}`, PluggyAccountSchema);
      // Pluggy names no bank code on accounts: the one its connector's name names, as statement files are named.
      const bankCode = findBankNamedIn(item.connector.name)?.code ?? '';
      return accounts.flatMap((account): ConnectorAccount[] => {
        const isCard = account.type === 'CREDIT';
        if (!isCard && account.type !== 'BANK') return [];
        const balance = account.balance ?? 0;
        const { branch, number } = readTransferNumber(account.bankData?.transferNumber, account.number);
        return [
          {
            id: account.id,
            kind: isCard ? 'credit_card' : 'checking',
            name: account.marketingName ?? account.name ?? (isCard ? 'Cartão de crédito' : 'Conta'),
            bankCode,
            branch: isCard ? '' : branch,
            number: isCard ? (account.number ?? '') : number,
            // A card's balance is what its bill owes: negative here, as the readers count a card (one in credit, positive).
            balanceCents: isCard ? -balance : balance,
            creditLimitCents: isCard ? (account.creditData?.creditLimit ?? null) : null,
          },
        ];
      });
    },
    async listTransactions({ accessToken: _itemId, accountId, from, page }) {
      const query = new URLSearchParams({
        accountId,
        from,
        // Tomorrow in Brazil: every line up to today, whatever the server's time zone.
        to: shiftDay(findTodayInBrazil(new Date()), 1),
        pageSize: String(transactionsPageSize),
        page: String(page),
      });
      const found = await requestFound('GET', `/transactions?${query}`, PageSchema(PluggyTransactionSchema));
      const lines = found.results.map(
        (line): ConnectorLine => ({
          id: line.id,
          date: readBrazilianDay(line.date) as string,
          // The direction is the type (DEBIT leaves the account or adds to the card's bill).
          amountCents: line.type === 'DEBIT' ? -Math.abs(line.amount) : Math.abs(line.amount),
          // The bank's own words, as its statement file prints them, when Pluggy keeps them.
          description: line.descriptionRaw ?? line.description ?? '',
          status: line.status === 'PENDING' ? 'pending' : 'booked',
        }),
      );
      lines.sort((first, second) => first.date.localeCompare(second.date));
      return { totalPages: Math.max(1, found.totalPages), lines };
    },
    async listInvestments({ accessToken }): Promise<ConnectorInvestment[]> {
      const investments = await readAllPages(
        `/investments?itemId=${encodeURIComponent(accessToken)}&pageSize=500`,
        PluggyInvestmentSchema,
      );
      return investments.flatMap((investment): ConnectorInvestment[] => {
        const kind = investmentKinds[investment.type];
        // Withdrawn in full: nothing left to show; a kind Prumo does not keep is left out.
        if (!kind || investment.status === 'TOTAL_WITHDRAWAL') return [];
        const balance = investment.balance ?? 0;
        const digits = investment.code?.replace(/\D/g, '') ?? '';
        return [
          {
            id: investment.id,
            kind,
            name: investment.name ?? 'Investimento',
            balanceCents: balance,
            grossBalanceCents: investment.amount ?? balance,
            // In Brazil a fund's code is its CNPJ.
            cnpj: kind === 'investment-funds' && digits.length === 14 ? digits : null,
          },
        ];
      });
    },
    async revokeConsent({ accessToken }) {
      // Deleting the item ends the consent at Pluggy; one already gone answers 404: revoked all the same.
      await request('DELETE', `/items/${encodeURIComponent(accessToken)}`, null);
    },
  };
}

/** The institution's login address an Open Finance item waits on, if it came. */
function readBankAddress(item: z.infer<typeof PluggyItemSchema>): string | null {
  const address = item.parameter?.data;
  if (!address || item.status !== 'WAITING_USER_INPUT') return null;
  try {
    return new URL(address).protocol === 'https:' ? address : null;
  } catch {
    return null;
  }
}

/** The consent's end as Pluggy gives it; null without one. */
function readConsentEnd(text: string | null | undefined): Date | null {
  const end = text ? new Date(text) : null;
  return end && Number.isFinite(end.getTime()) ? end : null;
}

/**
 * The day a statement prints for a line Pluggy dates: an instant with its offset is taken to
 * Brasília (UTC−3); a plain day, or midnight UTC (how a day without a time is written), is that day.
 * Null when it is neither, or not a day of the calendar.
 */
function readBrazilianDay(text: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}:?\d{2}))?$/.exec(text);
  if (!match) return null;
  const [, day = '', time, offset] = match;
  const noon = Date.parse(`${day}T12:00:00Z`);
  if (!Number.isFinite(noon) || new Date(noon).toISOString().slice(0, 10) !== day) return null;
  if (time === undefined || (offset === 'Z' && /^00:00(?::00(?:\.0+)?)?$/.test(time))) return day;
  const instant = Date.parse(text);
  return Number.isFinite(instant) ? new Date(instant - 3 * 3_600_000).toISOString().slice(0, 10) : null;
}

/** "agency/accountNumber-checkDigit" (Pluggy's transfer number) into branch and number, as statement files name them. */
function readTransferNumber(
  transferNumber: string | null | undefined,
  fallback: string | null | undefined,
): { branch: string; number: string } {
  const match = transferNumber?.match(/^\s*(\d+)\s*\/\s*([\d.-]+\s*-?\s*[\dXx]?)\s*$/);
  if (match) return { branch: match[1] as string, number: (match[2] as string).replace(/\s/g, '') };
  return { branch: '', number: fallback ?? '' };
}
