import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server answering Pluggy's documented shapes (`POST /auth` for an API key sent as
 * X-API-KEY; `{total, totalPages, page, results}` pages; errors as `{code, message, codeDescription}`),
 * with two Open Finance connectors, a checking account, a card and investments. An item is made in
 * the background: first UPDATING, then waiting on the bank's OAuth address; `decideAtBank` stands for
 * the person at the bank, after which Pluggy sends them to the item's `oauthRedirectUri`.
 */
export interface FakePluggy {
  url: string;
  clientId: string;
  clientSecret: string;
  /** Another Pluggy account's keys: its API keys reach none of the first account's items. */
  otherClientId: string;
  otherClientSecret: string;
  /** Requests as `METHOD path?query`, in order (never the keys: they travel in bodies and headers). */
  requests: string[];
  /** Bodies Prumo posted to /items. */
  itemRequests: Record<string, unknown>[];
  /**
   * The person at the bank; where Pluggy sends them back. Authorised, the item is UPDATED with its
   * consent's end, or (`reading`) still reading the data, with no end yet, until two reads later;
   * refused, a login error; `outdated`, Pluggy's update failed after the login.
   */
  decideAtBank(
    itemId: string,
    decision: 'authorise' | 'reading' | 'refuse' | 'outdated',
    consentExpiresAt?: string,
  ): URL;
  /** Every item's status from now on (the consent ended at the bank: LOGIN_ERROR). */
  setItemStatus(itemId: string, status: string): void;
  /** The next answers to /accounts are this status (a provider that is down), or a body Prumo cannot read. */
  failAccounts(failure: number | 'garbage' | null): void;
  /** The next answers to /connectors are this status. */
  failConnectors(status: number | null): void;
  /** Ends every API key issued so far (Pluggy's two hours over). */
  expireApiKeys(): void;
  authCount(): number;
  deletedItems: string[];
  close(): Promise<void>;
}

interface FakeItem {
  id: string;
  connector: { id: number; name: string };
  status: string;
  executionStatus: string;
  oauthRedirectUri: string;
  reads: number;
  consentExpiresAt: string | null;
  /** Reads left before an item still reading the bank's data is UPDATED. */
  readsUntilUpdated: number | null;
  /** The account whose API keys made it. */
  owner: string;
}

const connectors = [
  { id: 601, name: 'Itaú', imageUrl: 'https://cdn.pluggy.test/itau.svg', type: 'PERSONAL_BANK', isOpenFinance: true },
  {
    id: 612,
    name: 'Nubank',
    imageUrl: 'https://cdn.pluggy.test/nubank.svg',
    type: 'PERSONAL_BANK',
    isOpenFinance: true,
  },
];

function buildAccounts(itemId: string) {
  return [
    {
      id: `${itemId}-checking`,
      itemId,
      type: 'BANK',
      subtype: 'CHECKING_ACCOUNT',
      number: '1118822-4',
      name: 'Conta Corrente',
      marketingName: null,
      balance: 5874.13,
      currencyCode: 'BRL',
      bankData: { transferNumber: '6272/1118822-4', closingBalance: 5874.13 },
      creditData: null,
    },
    {
      id: `${itemId}-card`,
      itemId,
      type: 'CREDIT',
      subtype: 'CREDIT_CARD',
      number: '5502',
      name: 'Cartão Platinum',
      marketingName: 'Itaú Platinum',
      balance: 320.1,
      currencyCode: 'BRL',
      bankData: null,
      creditData: { creditLimit: 5000, availableCreditLimit: 4679.9, balanceCloseDate: '2026-11-20' },
    },
  ];
}

/** Lines in UTC, as Pluggy dates them; the direction in `type` (debits also negative, as Pluggy writes them). */
function buildTransactions(accountId: string) {
  if (accountId.endsWith('-card')) {
    return [
      {
        id: `${accountId}-1`,
        date: '2026-11-03T03:00:00.000Z',
        descriptionRaw: 'PADARIA REAL',
        description: 'Padaria Real',
        amount: 45.9,
        type: 'DEBIT',
        status: 'POSTED',
      },
      {
        id: `${accountId}-2`,
        date: '2026-11-10T15:00:00.000Z',
        descriptionRaw: null,
        description: 'Livraria Cultura',
        amount: 120,
        type: 'DEBIT',
        status: 'PENDING',
      },
      // A day without a time, written as midnight UTC: the 12th, not the 11th.
      {
        id: `${accountId}-3`,
        date: '2026-11-12T00:00:00.000Z',
        descriptionRaw: 'ESTORNO LOJA',
        description: 'Estorno Loja',
        amount: 30,
        type: 'CREDIT',
        status: 'POSTED',
      },
    ];
  }
  return [
    {
      id: `${accountId}-1`,
      date: '2026-11-01T12:00:00.000Z',
      descriptionRaw: 'TED RECEBIDA EMPRESA X',
      description: 'Ted Recebida',
      amount: 8500,
      type: 'CREDIT',
      status: 'POSTED',
    },
    // 22:30 in Brasília on the 4th: the statement's day is the 4th.
    {
      id: `${accountId}-2`,
      date: '2026-11-05T01:30:00.000Z',
      descriptionRaw: 'PIX ENVIADO MARIA',
      description: 'Pix Enviado',
      amount: -250.5,
      type: 'DEBIT',
      status: 'POSTED',
    },
    {
      id: `${accountId}-3`,
      date: '2026-11-06T12:00:00.000Z',
      descriptionRaw: 'CONTA DE LUZ',
      description: 'Conta de Luz',
      amount: -189.77,
      type: 'DEBIT',
      status: 'POSTED',
    },
    {
      id: `${accountId}-4`,
      date: '2026-11-07T12:00:00.000Z',
      descriptionRaw: 'COMPRA MERCADO',
      description: 'Compra Mercado',
      amount: -75.4,
      type: 'DEBIT',
      status: 'PENDING',
    },
  ];
}

const investments = [
  {
    id: 'inv-cdb',
    name: 'CDB Banco Itaú',
    type: 'FIXED_INCOME',
    subtype: 'CDB',
    code: null,
    balance: 10500.55,
    amount: 10800,
    status: 'ACTIVE',
  },
  {
    id: 'inv-fund',
    name: 'Itaú Ações Fundo',
    type: 'MUTUAL_FUND',
    subtype: 'STOCK_FUND',
    code: '12.345.678/0001-95',
    balance: 2000,
    amount: 2000,
    status: 'ACTIVE',
  },
  {
    id: 'inv-old',
    name: 'CDB resgatado',
    type: 'FIXED_INCOME',
    subtype: 'CDB',
    code: null,
    balance: 0,
    amount: 0,
    status: 'TOTAL_WITHDRAWAL',
  },
  {
    id: 'inv-other',
    name: 'Outro',
    type: 'OTHER',
    subtype: null,
    code: null,
    balance: 10,
    amount: 10,
    status: 'ACTIVE',
  },
];

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}'));
      } catch {
        resolve({});
      }
    });
  });
}

/** One page of `items`, `size` at a time (Pluggy may answer fewer than asked). */
function paginate<Item>(items: readonly Item[], query: URLSearchParams, size: number) {
  const page = Math.max(1, Number(query.get('page') ?? 1));
  return {
    total: items.length,
    totalPages: Math.max(1, Math.ceil(items.length / size)),
    page,
    results: items.slice((page - 1) * size, page * size),
  };
}

export async function startFakePluggy(): Promise<FakePluggy> {
  const clientId = 'pluggy-client-id';
  const clientSecret = `pluggy-secret-${randomUUID()}`;
  const otherClientId = 'pluggy-other-client-id';
  const otherClientSecret = `pluggy-other-secret-${randomUUID()}`;
  const accounts = new Map([
    [clientId, clientSecret],
    [otherClientId, otherClientSecret],
  ]);
  /** API key → the account it was issued to. */
  const apiKeys = new Map<string, string>();
  const items = new Map<string, FakeItem>();
  const requests: string[] = [];
  const itemRequests: Record<string, unknown>[] = [];
  const deletedItems: string[] = [];
  let accountsFailure: number | 'garbage' | null = null;
  let connectorsFailure: number | null = null;
  let auths = 0;

  const unauthorized = (response: ServerResponse) =>
    sendJson(response, 401, { code: 401, message: 'Unauthorized', codeDescription: 'UNAUTHORIZED' });
  const notFound = (response: ServerResponse) => sendJson(response, 404, { code: 404, message: 'Not found' });

  const presentItem = (item: FakeItem) => {
    const waitsAtBank = item.status === 'WAITING_USER_INPUT';
    return {
      id: item.id,
      connector: item.connector,
      status: item.status,
      executionStatus: item.executionStatus,
      clientUserId: null,
      parameter: waitsAtBank
        ? {
            name: 'oauth_code',
            type: 'oauth',
            label: 'Entre no seu banco',
            data: `https://banco.pluggy.test/oauth/authorize?item=${item.id}`,
            expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
          }
        : null,
      error: item.status === 'LOGIN_ERROR' ? { code: item.executionStatus, message: 'Não autorizado' } : null,
      consentExpiresAt: item.consentExpiresAt,
      createdAt: new Date().toISOString(),
      lastUpdatedAt: null,
    };
  };

  const server = createServer(async (request, response) => {
    const address = new URL(request.url ?? '/', 'http://pluggy.test');
    const query = address.searchParams;
    requests.push(`${request.method} ${address.pathname}${address.search}`);
    const body = request.method === 'POST' ? await readBody(request) : {};
    if (request.method === 'POST' && address.pathname === '/auth') {
      if (typeof body.clientId !== 'string' || accounts.get(body.clientId) !== body.clientSecret) {
        sendJson(response, 401, { code: 401, message: 'Unauthorized', codeDescription: 'CLIENT_KEYS_UNAUTHORIZED' });
        return;
      }
      auths += 1;
      const apiKey = `api-key-${randomUUID()}`;
      apiKeys.set(apiKey, body.clientId);
      sendJson(response, 200, { apiKey });
      return;
    }
    const owner = apiKeys.get(String(request.headers['x-api-key'] ?? ''));
    if (!owner) {
      unauthorized(response);
      return;
    }
    // Each account sees its own items only.
    const findItem = (id: string) => {
      const item = items.get(id);
      return item?.owner === owner ? item : undefined;
    };
    const itemPath = address.pathname.match(/^\/items\/([\w-]+)$/);
    if (request.method === 'GET' && address.pathname === '/connectors' && connectorsFailure !== null) {
      sendJson(response, connectorsFailure, { code: connectorsFailure, message: 'Internal error' });
    } else if (request.method === 'GET' && address.pathname === '/connectors') {
      // One connector a page, so paging is exercised.
      sendJson(response, 200, paginate(query.get('isOpenFinance') === 'true' ? connectors : [], query, 1));
    } else if (request.method === 'POST' && address.pathname === '/items') {
      itemRequests.push(body);
      const connector = connectors.find((candidate) => candidate.id === body.connectorId);
      const cpf = (body.parameters as { cpf?: string } | undefined)?.cpf ?? '';
      if (!connector || !/^\d{11}$/.test(cpf)) {
        sendJson(response, 400, {
          code: 400,
          message: 'Invalid parameters',
          details: [{ code: '001', parameter: 'cpf' }],
        });
        return;
      }
      const item: FakeItem = {
        id: randomUUID(),
        connector: { id: connector.id, name: connector.name },
        status: 'UPDATING',
        executionStatus: 'CREATING',
        oauthRedirectUri: String(body.oauthRedirectUri ?? ''),
        reads: 0,
        consentExpiresAt: null,
        readsUntilUpdated: null,
        owner,
      };
      items.set(item.id, item);
      sendJson(response, 200, presentItem(item));
    } else if (request.method === 'GET' && itemPath) {
      const item = findItem(itemPath[1] as string);
      if (!item) return notFound(response);
      item.reads += 1;
      if (item.readsUntilUpdated !== null) {
        item.readsUntilUpdated -= 1;
        if (item.readsUntilUpdated < 0) {
          item.status = 'UPDATED';
          item.executionStatus = 'SUCCESS';
          item.readsUntilUpdated = null;
        }
      }
      // Made in the background: the bank's address comes on a later read.
      if (item.status === 'UPDATING' && item.executionStatus === 'CREATING') {
        item.status = 'WAITING_USER_INPUT';
        item.executionStatus = 'WAITING_USER_INPUT';
      }
      sendJson(response, 200, presentItem(item));
    } else if (request.method === 'DELETE' && itemPath) {
      const id = itemPath[1] as string;
      if (!findItem(id) || !items.delete(id)) return notFound(response);
      deletedItems.push(id);
      sendJson(response, 200, { count: 1 });
    } else if (request.method === 'GET' && address.pathname === '/accounts') {
      if (accountsFailure === 'garbage') {
        sendJson(response, 200, { total: 1, totalPages: 1, page: 1, results: [{ id: 7, balance: 'muito' }] });
        return;
      }
      if (accountsFailure !== null) {
        sendJson(response, accountsFailure, { code: accountsFailure, message: 'Internal error' });
        return;
      }
      const item = findItem(query.get('itemId') ?? '');
      sendJson(response, 200, paginate(item ? buildAccounts(item.id) : [], query, 500));
    } else if (request.method === 'GET' && address.pathname === '/transactions') {
      const accountId = query.get('accountId') ?? '';
      const from = query.get('from') ?? '0000-00-00';
      const owned = [...items.keys()].some((id) => accountId.startsWith(id) && findItem(id));
      const lines = owned ? buildTransactions(accountId).filter((line) => line.date.slice(0, 10) >= from) : [];
      // Two lines a page, so paging is exercised.
      sendJson(response, 200, paginate(lines, query, 2));
    } else if (request.method === 'GET' && address.pathname === '/investments') {
      sendJson(response, 200, paginate(findItem(query.get('itemId') ?? '') ? investments : [], query, 500));
    } else {
      notFound(response);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    clientId,
    clientSecret,
    otherClientId,
    otherClientSecret,
    requests,
    itemRequests,
    deletedItems,
    decideAtBank(itemId, decision, consentExpiresAt = new Date(Date.now() + 91 * 86_400_000).toISOString()) {
      const item = items.get(itemId);
      if (!item) throw new Error(`no item ${itemId}`);
      if (decision === 'authorise') {
        item.status = 'UPDATED';
        item.executionStatus = 'SUCCESS';
        item.consentExpiresAt = consentExpiresAt;
      } else if (decision === 'reading') {
        item.status = 'UPDATING';
        item.executionStatus = 'TRANSACTIONS_IN_PROGRESS';
        item.readsUntilUpdated = 2;
      } else if (decision === 'outdated') {
        item.status = 'OUTDATED';
        item.executionStatus = 'ERROR';
      } else {
        item.status = 'LOGIN_ERROR';
        item.executionStatus = 'USER_AUTHORIZATION_NOT_GRANTED';
      }
      return new URL(item.oauthRedirectUri);
    },
    setItemStatus(itemId, status) {
      const item = items.get(itemId);
      if (item) item.status = status;
    },
    failAccounts(failure) {
      accountsFailure = failure;
    },
    failConnectors(status) {
      connectorsFailure = status;
    },
    expireApiKeys() {
      apiKeys.clear();
    },
    authCount: () => auths,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
