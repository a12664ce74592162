import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server answering Belvo's documented shapes (HTTP Basic with the secret id and password;
 * `{count, next, previous, results}` pages; errors as a list of `{request_id, message, code}`), with
 * one Open Finance institution, a checking account and a card. `completeWidget` stands for the person
 * finishing the hosted widget: it makes a valid link carrying the external id the widget was opened with.
 */
export interface FakeBelvo {
  url: string;
  secretId: string;
  secretPassword: string;
  /** Requests as `METHOD path?query`, in order. */
  requests: string[];
  /** Bodies Prumo posted to /api/token/. */
  tokenRequests: Record<string, unknown>[];
  /**
   * `institution`: the bank the person chose in the widget (the one asked for unless said);
   * `consentDays`: the term chosen there (Belvo lists the consent by the CPF the widget was opened with).
   */
  completeWidget(externalId: string, institution?: string, consentDays?: number): string;
  /** A line the bank booked later on every checking account (the news a webhook announces). */
  bookCheckingLine(line: { value_date: string; amount: number; type: 'INFLOW' | 'OUTFLOW'; description: string }): void;
  /** The next answers to /api/accounts/ are this status (a provider that is down). */
  failAccounts(status: number | null): void;
  /** The next link deletions answer this status (Belvo down when a consent is revoked). */
  failDeletes(status: number | null): void;
  deletedLinks: string[];
  close(): Promise<void>;
}

interface FakeLink {
  id: string;
  institution: string;
  status: string;
  external_id: string;
}

const institution = { name: 'ofitau_br_retail', display_name: 'Itaú', logo: null, integration_type: 'openfinance' };

function buildAccounts(link: string) {
  return [
    {
      id: `${link}-checking`,
      link,
      institution: { name: institution.name, type: 'bank' },
      category: 'CHECKING_ACCOUNT',
      balance_type: 'ASSET',
      type: 'CONTA_DEPOSITO_A_VISTA',
      name: 'Conta Corrente',
      number: '1118822',
      agency: '6272',
      check_digit: '4',
      currency: 'BRL',
      balance: { current: 5874.13, available: 5621.12 },
    },
    {
      id: `${link}-card`,
      link,
      institution: { name: institution.name, type: 'bank' },
      category: 'CREDIT_CARD',
      balance_type: 'LIABILITY',
      type: 'CARTAO_CREDITO',
      name: 'Cartão Platinum',
      number: '5502',
      agency: null,
      check_digit: null,
      currency: 'BRL',
      balance: { current: 320.1, available: 4679.9 },
      credit_data: { credit_limit: 5000 },
    },
  ];
}

/** Lines in value-date order; amounts always positive, the direction in `type`; one as text, as some answers write it. */
function buildTransactions(accountId: string, laterLines: readonly { value_date: string; [field: string]: unknown }[]) {
  const isCard = accountId.endsWith('-card');
  const lines = isCard
    ? [
        {
          value_date: '2026-11-03',
          amount: 120.5,
          type: 'OUTFLOW',
          status: 'PROCESSED',
          description: 'MERCADO BOM PRECO',
        },
        {
          value_date: '2026-11-05',
          amount: '199.60',
          type: 'OUTFLOW',
          status: 'PROCESSED',
          description: 'POSTO AVENIDA',
        },
        { value_date: '2026-11-18', amount: 45, type: 'OUTFLOW', status: 'PENDING', description: 'PADARIA' },
      ]
    : [
        { value_date: '2026-11-01', amount: 8500, type: 'INFLOW', status: 'PROCESSED', description: 'SALARIO EMPRESA' },
        { value_date: '2026-11-02', amount: '1200.00', type: 'OUTFLOW', status: 'PROCESSED', description: 'ALUGUEL' },
        {
          value_date: '2026-11-10',
          amount: 89.9,
          type: 'OUTFLOW',
          status: 'PROCESSED',
          description: 'ENERGIA ELETRICA',
        },
        ...laterLines,
      ];
  return lines.map((line, index) => ({ id: `${accountId}-t${index}`, ...line, currency: 'BRL' }));
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
}

function refuse(response: ServerResponse, status: number, code: string, message: string): void {
  sendJson(response, status, [{ request_id: randomUUID().replace(/-/g, ''), message, code }]);
}

async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

export async function startFakeBelvo(): Promise<FakeBelvo> {
  const secretId = 'belvo-secret-id';
  const secretPassword = `belvo-secret-${randomUUID()}`;
  const expected = `Basic ${Buffer.from(`${secretId}:${secretPassword}`).toString('base64')}`;
  const links = new Map<string, FakeLink>();
  const requests: string[] = [];
  const tokenRequests: Record<string, unknown>[] = [];
  const deletedLinks: string[] = [];
  let accountsFailure: number | null = null;
  let deletesFailure: number | null = null;
  const laterLines: { value_date: string; [field: string]: unknown }[] = [];
  const consents: Record<string, unknown>[] = [];
  const day = 86_400_000;

  const page = (results: unknown[]) => ({ count: results.length, next: null, previous: null, results });

  const server = createServer(async (request, response) => {
    const address = new URL(request.url ?? '/', 'http://belvo.local');
    requests.push(`${request.method} ${address.pathname}${address.search}`);
    if (request.headers.authorization !== expected) {
      refuse(response, 401, 'authentication_failed', 'Invalid Secret Keys');
      return;
    }
    const linkMatch = /^\/api\/links\/([^/]+)\/$/.exec(address.pathname);
    if (request.method === 'POST' && address.pathname === '/api/token/') {
      const body = await readBody(request);
      tokenRequests.push(body);
      if (body.id !== secretId || body.password !== secretPassword) {
        refuse(response, 401, 'authentication_failed', 'Invalid Secret Keys');
        return;
      }
      sendJson(response, 200, { access: `widget-${randomUUID()}`, refresh: `refresh-${randomUUID()}` });
    } else if (request.method === 'GET' && address.pathname === '/api/consents/') {
      const document = address.searchParams.get('user_document');
      sendJson(response, 200, page(consents.filter((consent) => consent.document_number === document)));
    } else if (request.method === 'GET' && address.pathname === '/api/institutions/') {
      sendJson(response, 200, page([institution]));
    } else if (linkMatch && request.method === 'GET') {
      const link = links.get(decodeURIComponent(linkMatch[1] ?? ''));
      if (!link) refuse(response, 404, 'not_found', 'Not found.');
      else sendJson(response, 200, { ...link, access_mode: 'recurrent', created_at: new Date().toISOString() });
    } else if (linkMatch && request.method === 'DELETE') {
      if (deletesFailure !== null) {
        refuse(response, deletesFailure, 'unexpected_error', 'Belvo is having trouble.');
        return;
      }
      const id = decodeURIComponent(linkMatch[1] ?? '');
      if (!links.delete(id)) {
        refuse(response, 404, 'not_found', 'Not found.');
        return;
      }
      deletedLinks.push(id);
      response.writeHead(204);
      response.end();
    } else if (request.method === 'GET' && address.pathname === '/api/accounts/') {
      if (accountsFailure !== null) {
        refuse(response, accountsFailure, 'unexpected_error', 'Belvo is having trouble.');
        return;
      }
      const link = links.get(address.searchParams.get('link') ?? '');
      sendJson(response, 200, page(link ? buildAccounts(link.id) : []));
    } else if (request.method === 'GET' && address.pathname === '/api/transactions/') {
      const [from = '0000-00-00', to = '9999-12-31'] = (address.searchParams.get('value_date__range') ?? '').split(',');
      const lines = buildTransactions(address.searchParams.get('account') ?? '', laterLines).filter(
        (line) => String(line.value_date) >= from && String(line.value_date) <= to,
      );
      sendJson(response, 200, page(links.has(address.searchParams.get('link') ?? '') ? lines : []));
    } else {
      refuse(response, 404, 'not_found', 'Not found.');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    secretId,
    secretPassword,
    requests,
    tokenRequests,
    deletedLinks,
    completeWidget(externalId, chosen = institution.name, consentDays = 180) {
      const id = randomUUID();
      links.set(id, { id, institution: chosen, status: 'valid', external_id: externalId });
      const widget = tokenRequests.at(-1)?.widget as
        | { consent?: { identification_info?: { number?: string }[] } }
        | undefined;
      const now = Date.now();
      const consent = (createdAgo: number, days: number, status: string, at = chosen) => ({
        id: randomUUID(),
        document_number: widget?.consent?.identification_info?.[0]?.number ?? '',
        belvo_institution_name: at,
        status,
        created_at: new Date(now - createdAgo).toISOString(),
        expired_at: new Date(now - createdAgo + days * day).toISOString(),
        undefined_consent_expiration: false,
        permissions: { ACCOUNTS: ['ACCOUNTS_READ'] },
      });
      // Beside this one: last year's at the same bank, ended, and another bank's from the same minute.
      consents.push(consent(370 * day, 360, 'EXPIRED'), consent(0, 360, 'AUTHORISED', 'ofbradesco_br_retail'));
      consents.push(consent(0, consentDays, 'AUTHORISED'));
      return id;
    },
    bookCheckingLine(line) {
      laterLines.push({ ...line, status: 'PROCESSED' });
    },
    failAccounts(status) {
      accountsFailure = status;
    },
    failDeletes(status) {
      deletesFailure = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
