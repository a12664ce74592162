import { findBankNamedIn } from '@prumo/domain/banks/brazilian-banks';
import { convertNumberToCents, parseMoneyToCents } from '@prumo/domain/money/cents';
import { z } from 'zod';
import {
  type ConnectorAccount,
  type ConnectorLine,
  type OpenFinanceConnector,
  OpenFinanceProviderError,
  type Participant,
} from './open-finance-connector';
import { readProviderAnswer, sendToProvider } from './provider-http';

export interface BelvoOptions {
  /** Belvo's API root (BELVO_API_URL): https://api.belvo.com, or the sandbox's. */
  baseUrl: string;
  /** Where its hosted widget is served (BELVO_WIDGET_URL). */
  widgetUrl: string;
  secretId: string;
  secretPassword: string;
  /** The address the widget's terms link to: Prumo's public address. */
  termsUrl: string;
  timeoutMilliseconds?: number;
}

const PageSchema = <Item extends z.ZodType>(item: Item) =>
  z.looseObject({ count: z.number().int(), next: z.string().nullable(), results: z.array(item) });

/**
 * Belvo writes amounts in reais as numbers, and in some answers as text: both are read into cents by
 * the domain's money rule (never through a float product).
 */
const BelvoCentsSchema = z.union([
  z.number().transform(convertNumberToCents),
  z
    .string()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform((text) => parseMoneyToCents(text, { dotIsDecimal: true })),
]);

const BelvoInstitutionSchema = z.looseObject({
  name: z.string(),
  display_name: z.string(),
  logo: z.string().nullish(),
  integration_type: z.string().nullish(),
});

const BelvoLinkSchema = z.looseObject({
  id: z.string(),
  institution: z.string(),
  status: z.string(),
  external_id: z.string().nullish(),
  created_at: z.string().nullish(),
});

/** A consent of Belvo's Open Finance aggregation: it names the holder and the institution, not the link. */
const BelvoConsentSchema = z.looseObject({
  document_number: z.string().nullish(),
  belvo_institution_name: z.string().nullish(),
  status: z.string().nullish(),
  created_at: z.string().nullish(),
  expired_at: z.string().nullish(),
});

const BelvoAccountSchema = z.looseObject({
  id: z.string(),
  category: z.string(),
  name: z.string().nullish(),
  number: z.string().nullish(),
  agency: z.string().nullish(),
  check_digit: z.string().nullish(),
  balance: z.looseObject({ current: BelvoCentsSchema.nullish(), available: BelvoCentsSchema.nullish() }).nullish(),
  credit_data: z.looseObject({ credit_limit: BelvoCentsSchema.nullish() }).nullish(),
});

const BelvoTransactionSchema = z.looseObject({
  id: z.string(),
  value_date: z.string().regex(/^\d{4}-\d{2}-\d{2}/),
  amount: BelvoCentsSchema,
  type: z.enum(['INFLOW', 'OUTFLOW']).nullish(),
  status: z.string().nullish(),
  description: z.string().nullish(),
});

/** Lines a page: Belvo's largest. */
const transactionsPageSize = 1000;

/**
 * Belvo over `fetch` (HTTP Basic with the secret id and password): only the calls the connector
 * needs. Its hosted widget asks for the consent, so Prumo's own consent pages are not used.
 */
export function createBelvoConnector(options: BelvoOptions): OpenFinanceConnector {
  const authorization = `Basic ${Buffer.from(`${options.secretId}:${options.secretPassword}`).toString('base64')}`;
  const timeout = options.timeoutMilliseconds ?? 20_000;

  async function request<Result>(
    method: string,
    path: string,
    schema: z.ZodType<Result> | null,
    body?: unknown,
  ): Promise<Result | null> {
    const response = await sendToProvider('Belvo', `${options.baseUrl}${path}`, {
      method,
      headers: { Authorization: authorization },
      body,
      timeoutMilliseconds: timeout,
    });
    return readProviderAnswer('Belvo', method, response, schema);
  }

  async function requestFound<Result>(method: string, path: string, schema: z.ZodType<Result>, body?: unknown) {
    const found = await request(method, path, schema, body);
    if (found === null) throw new OpenFinanceProviderError('Belvo does not know what was asked (404).', true);
    return found;
  }

  /** Every page of a list, following `next` within Belvo's own address. */
  async function readAllPages<Item>(path: string, item: z.ZodType<Item>): Promise<Item[]> {
    const items: Item[] = [];
    let next: string | null = path;
    for (let pages = 0; next !== null && pages < 100; pages += 1) {
      const page: { next: string | null; results: Item[] } = await requestFound('GET', next, PageSchema(item));
      items.push(...page.results);
      next = page.next === null ? null : readPathWithin(options.baseUrl, page.next);
    }
    return items;
  }

  /**
   * The real end of the consent behind a link: Belvo lists consents by the holder's CPF, each naming
   * its institution but not its link, so the one authorised at the link's institution made nearest
   * the link is taken. Unknown (no CPF, none found, Belvo failing): null, and the term asked for counts.
   */
  async function findConsentEnd(link: z.infer<typeof BelvoLinkSchema>, cpf: string | null): Promise<Date | null> {
    const digits = cpf?.replace(/\D/g, '') ?? '';
    if (!digits) return null;
    const query = new URLSearchParams({ user_document: digits, page_size: '1000' });
    const found = await request('GET', `/api/consents/?${query}`, PageSchema(BelvoConsentSchema)).catch(() => null);
    const linkedAt = Date.parse(link.created_at ?? '') || Date.now();
    let nearest: { end: number; distance: number } | null = null;
    for (const consent of found?.results ?? []) {
      const end = Date.parse(consent.expired_at ?? '');
      const created = Date.parse(consent.created_at ?? '');
      const matches =
        consent.status === 'AUTHORISED' &&
        consent.belvo_institution_name === link.institution &&
        (!consent.document_number || consent.document_number.replace(/\D/g, '') === digits);
      if (!matches || !Number.isFinite(end) || !Number.isFinite(created) || end <= Date.now()) continue;
      const distance = Math.abs(created - linkedAt);
      if (!nearest || distance < nearest.distance) nearest = { end, distance };
    }
    // A consent made a day or more apart from the link is another connection's.
    return nearest && nearest.distance <= 86_400_000 ? new Date(nearest.end) : null;
  }

  return {
    provider: 'belvo',
    keyId: options.secretId,
    // In Brazil Belvo ties the consent to the holder's CPF.
    needsHolderCpf: true,
    returnCarriesCode: true,
    async listParticipants(): Promise<Participant[]> {
      const institutions = await readAllPages(
        '/api/institutions/?country_code=BR&integration_type=openfinance&page_size=1000',
        BelvoInstitutionSchema,
      );
      return institutions.map((institution) => ({
        id: institution.name,
        name: institution.display_name,
        registrationNumber: '',
        logoUri: institution.logo ?? null,
        // Belvo gives no COMPE code: the bank its name names.
        bankCode: findBankNamedIn(institution.display_name)?.code ?? null,
      }));
    },
    async startSession({ clientReference }) {
      // Belvo keeps no user before a link: the link's external id ties it to the person.
      return { externalUserId: `belvo-${clientReference}` };
    },
    async createConsent() {
      throw new OpenFinanceProviderError('Belvo asks for the consent in its own widget.');
    },
    async exchangeCode() {
      throw new OpenFinanceProviderError('Belvo returns a link, not a code.', true);
    },
    async openWidget({ participantId, externalId, redirectUri, holder }) {
      const token = await requestFound(
        'POST',
        '/api/token/',
        z.looseObject({ access: z.string(), refresh: z.string() }),
        {
          id: options.secretId,
          password: options.secretPassword,
          scopes: 'read_institutions,write_links,read_consents,write_consents,write_consent_callback,delete_consents',
          // Only what Prumo reads.
          fetch_resources: ['ACCOUNTS', 'TRANSACTIONS'],
          widget: {
            openfinance_feature: 'consent_link_creation',
            callback_urls: { success: redirectUri, exit: redirectUri, event: redirectUri },
            consent: {
              terms_and_conditions_url: options.termsUrl,
              // The holder's register, accounts and cards: what Prumo reads, no more.
              permissions: ['REGISTER', 'ACCOUNTS', 'CREDIT_CARDS'],
              identification_info: [{ type: 'CPF', number: holder.cpf ?? '', name: holder.name }],
            },
          },
        },
      );
      const address = new URL(options.widgetUrl);
      address.searchParams.set('access_token', token.access);
      address.searchParams.set('locale', 'pt');
      address.searchParams.set('mode', 'webapp');
      address.searchParams.set('access_mode', 'recurrent');
      address.searchParams.set('external_id', externalId);
      address.searchParams.set('institutions', participantId);
      // Belvo's widget token lives ten minutes.
      return {
        accessToken: token.access,
        expiresAt: new Date(Date.now() + 10 * 60_000),
        widgetUrl: address.toString(),
      };
    },
    async readLink({ linkId }) {
      const link = await request('GET', `/api/links/${encodeURIComponent(linkId)}/`, BelvoLinkSchema);
      if (link?.status !== 'valid' || !link.external_id) return null;
      return { externalId: link.external_id, institution: link.institution };
    },
    async claimLink({ linkId, holder }) {
      const link = await requestFound('GET', `/api/links/${encodeURIComponent(linkId)}/`, BelvoLinkSchema);
      if (link.status !== 'valid') throw new OpenFinanceProviderError('The link is not valid.', true);
      // The link is the access: Prumo's secret keys read its data, until the consent's end.
      return { accessToken: link.id, expiresAt: await findConsentEnd(link, holder.cpf) };
    },
    async listAccounts({ accessToken }): Promise<ConnectorAccount[]> {
      const accounts = await readAllPages(
        `/api/accounts/?link=${encodeURIComponent(accessToken)}&page_size=1000`,
        BelvoAccountSchema,
      );
      return accounts.flatMap((account): ConnectorAccount[] => {
        const isCard = account.category === 'CREDIT_CARD';
        if (!isCard && account.category !== 'CHECKING_ACCOUNT' && account.category !== 'SAVINGS_ACCOUNT') return [];
        const current = account.balance?.current ?? 0;
        return [
          {
            id: account.id,
            kind: isCard ? 'credit_card' : 'checking',
            name: account.name ?? (isCard ? 'Cartão de crédito' : 'Conta'),
            // Belvo gives none: the sync takes the connection's bank.
            bankCode: '',
            branch: account.agency ?? '',
            number: `${account.number ?? ''}${account.check_digit ? `-${account.check_digit}` : ''}`,
            // A card's current balance is what was spent in the open bill: owed, so negative.
            balanceCents: isCard ? -current : current,
            creditLimitCents: isCard ? (account.credit_data?.credit_limit ?? null) : null,
          },
        ];
      });
    },
    async listTransactions({ accessToken, accountId, from, page }) {
      // Belvo's documented date filter is a range: from the day asked to tomorrow (any time zone's today).
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      const query = new URLSearchParams({
        link: accessToken,
        account: accountId,
        value_date__range: `${from},${tomorrow}`,
        page: String(page),
        page_size: String(transactionsPageSize),
        ordering: 'value_date',
      });
      const found = await requestFound('GET', `/api/transactions/?${query}`, PageSchema(BelvoTransactionSchema));
      return {
        totalPages: Math.max(1, Math.ceil(found.count / transactionsPageSize)),
        // A line without a direction cannot be counted either way: it waits until Belvo gives one.
        lines: found.results.flatMap((line): ConnectorLine[] =>
          line.type
            ? [
                {
                  id: line.id,
                  date: line.value_date.slice(0, 10),
                  // Belvo's amounts are positive; the direction is the type.
                  amountCents: line.type === 'OUTFLOW' ? -Math.abs(line.amount) : Math.abs(line.amount),
                  description: line.description ?? '',
                  status: line.status === 'PENDING' ? 'pending' : 'booked',
                },
              ]
            : [],
        ),
      };
    },
    async listInvestments() {
      // Belvo's Open Finance investments are not read yet: none is reported, so none is changed.
      return [];
    },
    async revokeConsent({ accessToken }) {
      // A link already gone answers 404: revoked all the same.
      await request('DELETE', `/api/links/${encodeURIComponent(accessToken)}/`, null);
    },
  };
}

/** A `next` address only when it is Belvo's own: its path and query, else nothing more is read. */
function readPathWithin(baseUrl: string, next: string): string | null {
  const base = new URL(baseUrl);
  const address = new URL(next, base);
  return address.origin === base.origin ? `${address.pathname}${address.search}` : null;
}
