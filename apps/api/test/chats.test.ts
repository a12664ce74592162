import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { findTodayInBrazil, formatBrazilianDate, shiftDay } from '@prumo/domain/br/date';
import { findMonthOfDay } from '@prumo/domain/budget/target-month';
import { chatMessages as chatMessageTexts } from '@prumo/domain/chat/chat-rules';
import { formatCents } from '@prumo/domain/money/cents';
import { featureToggles } from '@prumo/domain/organization/features';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, importBundles, insights, plannerChatMessages, users } from '../src/db/schema';
import { insertAuthToken, insertUserWithProfile } from '../src/modules/accounts/accounts.repo';
import {
  addOtherPlannersClient,
  call,
  createTestContext,
  createTestOrganization,
  type TestContext,
  type TestOrganization,
} from './helpers/test-app';

const withChats = [...featureToggles, 'chat', 'chat_planner'];
const dayMs = 24 * 60 * 60 * 1000;

let context: TestContext;

beforeAll(async () => {
  context = await createTestContext();
});

async function addClient(target: TestOrganization, firstName: string, lastName: string, plannerUserId: number) {
  const row = await insertUserWithProfile(
    context.database.db,
    {
      organizationId: target.id,
      email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}@${target.slug}.test`,
      firstName,
      lastName,
      phone: '11987654321',
      cpf: '52998224725',
      passwordHash: 'not-used',
      confirmed: true,
    },
    'client',
    plannerUserId,
  );
  return row;
}

async function addImport(target: TestOrganization, clientUserId: number, daysAgo: number) {
  await context.database.db
    .insert(importBundles)
    .values({ organizationId: target.id, clientUserId, createdAt: new Date(Date.now() - daysAgo * dayMs) });
}

describe('client chat', () => {
  it('answers 403 while the organization has the chat flag off', async () => {
    const target = await createTestOrganization(context);
    for (const [method, url] of [
      ['GET', '/api/chat/?page=0'],
      ['POST', '/api/chat/'],
      ['GET', '/api/chat/whatsapp/'],
    ] as const) {
      const response = await call(context, method, url, { token: target.client.token, payload: { message: 'Olá' } });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    expect(
      await context.database.db.select().from(chatMessages).where(eq(chatMessages.organizationId, target.id)),
    ).toEqual([]);
  });

  it('keeps the client’s message, trimmed, and the planner reads and answers it from the client view', async () => {
    const target = await createTestOrganization(context, { toggles: withChats });
    const sent = await call(context, 'POST', '/api/chat/', {
      token: target.client.token,
      payload: { message: '  Posso parcelar o IPVA?  ' },
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({
      author: 'client',
      author_name: 'cliente Teste',
      message: 'Posso parcelar o IPVA?',
    });

    const read = await call(context, 'GET', `/api/chat/?page=0&clientId=${target.client.row.id}`, {
      token: target.planner.token,
    });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      count: 1,
      next: null,
      previous: null,
      results: [{ message: 'Posso parcelar o IPVA?' }],
    });

    const answered = await call(context, 'POST', `/api/chat/?clientId=${target.client.row.id}`, {
      token: target.planner.token,
      payload: { message: 'Pode sim, em até 3 vezes.' },
    });
    expect(answered.statusCode).toBe(201);
    expect(answered.json()).toMatchObject({ author: 'planner', author_name: 'planejador Teste' });

    const seen = await call(context, 'GET', '/api/chat/?page=0', { token: target.client.token });
    expect(seen.json().results.map((message: { message: string }) => message.message)).toEqual([
      'Pode sim, em até 3 vezes.',
      'Posso parcelar o IPVA?',
    ]);
    const stored = await context.database.db
      .select({ author: chatMessages.author, body: chatMessages.body })
      .from(chatMessages)
      .where(eq(chatMessages.clientUserId, target.client.row.id));
    expect(stored).toHaveLength(2);
  });

  it('refuses an empty message and one over 2,000 characters with pt-BR messages', async () => {
    const target = await createTestOrganization(context, { toggles: withChats });
    const blank = await call(context, 'POST', '/api/chat/', {
      token: target.client.token,
      payload: { message: ' \n ' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ message: [chatMessageTexts.empty] });
    const long = await call(context, 'POST', '/api/chat/', {
      token: target.client.token,
      payload: { message: 'a'.repeat(2001) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ message: ['A mensagem pode ter no máximo 2000 caracteres.'] });
    const wrongPage = await call(context, 'GET', '/api/chat/?page=-1', { token: target.client.token });
    expect(wrongPage.statusCode).toBe(400);
    expect(
      await context.database.db.select().from(chatMessages).where(eq(chatMessages.organizationId, target.id)),
    ).toEqual([]);
  });

  it('says a client without a planner has nobody to write to, and WhatsApp needs a planner with a phone', async () => {
    const target = await createTestOrganization(context, { toggles: withChats });
    const lone = await call(context, 'POST', '/api/chat/', {
      token: target.loneClient.token,
      payload: { message: 'Oi' },
    });
    expect(lone.statusCode).toBe(404);
    expect(lone.json()).toEqual({ detail: "Client doesn't have a planner" });
    const loneWhatsApp = await call(context, 'GET', '/api/chat/whatsapp/', { token: target.loneClient.token });
    expect(loneWhatsApp.statusCode).toBe(404);
    expect(loneWhatsApp.json()).toEqual({ detail: 'Nenhum planejador' });

    const whatsApp = await call(context, 'GET', '/api/chat/whatsapp/', { token: target.client.token });
    expect(whatsApp.statusCode).toBe(200);
    expect(whatsApp.json()).toEqual({
      planner_name: 'planejador Teste',
      phone: '5511987654321',
      url: 'https://wa.me/5511987654321',
    });
    await context.database.db.update(users).set({ phone: '' }).where(eq(users.id, target.planner.row.id));
    const noPhone = await call(context, 'GET', '/api/chat/whatsapp/', { token: target.client.token });
    expect(noPhone.statusCode).toBe(404);
    expect(noPhone.json()).toEqual({ detail: 'Nenhum planejador' });
  });

  it('lets a planner reach only their own clients’ chats', async () => {
    const target = await createTestOrganization(context, { toggles: withChats });
    const other = await createTestOrganization(context, { toggles: withChats });
    const othersClient = await addOtherPlannersClient(context, target);
    await call(context, 'POST', '/api/chat/', {
      token: othersClient.token,
      payload: { message: 'Só para o meu planejador' },
    });

    for (const clientId of [othersClient.row.id, other.client.row.id]) {
      const read = await call(context, 'GET', `/api/chat/?page=0&clientId=${clientId}`, {
        token: target.planner.token,
      });
      expect(read.statusCode).toBe(404);
      const write = await call(context, 'POST', `/api/chat/?clientId=${clientId}`, {
        token: target.planner.token,
        payload: { message: 'Intrometido' },
      });
      expect(write.statusCode).toBe(404);
    }
    const managerWrites = await call(context, 'POST', `/api/chat/?clientId=${target.client.row.id}`, {
      token: target.manager.token,
      payload: { message: 'Gestor' },
    });
    expect(managerWrites.statusCode).toBe(403);
    const stored = await context.database.db
      .select({ body: chatMessages.body })
      .from(chatMessages)
      .where(eq(chatMessages.organizationId, target.id));
    expect(stored).toEqual([{ body: 'Só para o meu planejador' }]);
  });

  it('notifies the live stream inside the message’s transaction, with user ids and topic only', async () => {
    const target = await createTestOrganization(context, { toggles: withChats });
    const listener = await context.database.db.$client.connect();
    const notices: string[] = [];
    listener.on('notification', (notice) => notices.push(notice.payload ?? ''));
    await listener.query('LISTEN prumo_live');
    try {
      await call(context, 'POST', '/api/chat/', { token: target.client.token, payload: { message: 'Segredo 123' } });
      await new Promise((resolve) => setTimeout(resolve, 200));
      const mine = notices
        .map((text) => JSON.parse(text))
        .filter((notice) => notice.userIds.includes(target.planner.row.id));
      expect(mine).toEqual([{ userIds: [target.planner.row.id], topic: 'chat' }]);
      expect(notices.join('')).not.toContain('Segredo');
    } finally {
      await listener.query('UNLISTEN prumo_live');
      listener.release();
    }
  });
});

describe('planner chat', () => {
  it('is for planners of organizations with the planner chat flag', async () => {
    const off = await createTestOrganization(context);
    const offAnswer = await call(context, 'GET', '/api/planner-chat/?page=0', { token: off.planner.token });
    expect(offAnswer.statusCode).toBe(403);
    const target = await createTestOrganization(context, { toggles: withChats });
    const byClient = await call(context, 'POST', '/api/planner-chat/', {
      token: target.client.token,
      payload: { message: 'quais clientes estão sem importação há 30 dias?' },
    });
    expect(byClient.statusCode).toBe(403);
    const blank = await call(context, 'POST', '/api/planner-chat/', {
      token: target.planner.token,
      payload: { message: '   ' },
    });
    expect(blank.statusCode).toBe(400);
    const long = await call(context, 'POST', '/api/planner-chat/', {
      token: target.planner.token,
      payload: { message: 'x'.repeat(2001) },
    });
    expect(long.json()).toEqual({ message: ['A mensagem pode ter no máximo 2000 caracteres.'] });
  });

  it('lists the planner’s own clients without an import for 30 days, and keeps the exchange', async () => {
    const target = await createTestOrganization(context, { toggles: withChats });
    const planner = target.planner.row.id;
    const stale = await addClient(target, 'Helena', 'Prado', planner);
    await addImport(target, stale.id, 45);
    const fresh = await addClient(target, 'Otávio', 'Reis', planner);
    await addImport(target, fresh.id, 5);
    const never = await addClient(target, 'Íris', 'Matos', planner);
    const othersClient = await addOtherPlannersClient(context, target);
    await addImport(target, target.client.row.id, 2);
    expect(never.id && othersClient.row.id).toBeTruthy();

    const asked = await call(context, 'POST', '/api/planner-chat/', {
      token: target.planner.token,
      payload: { message: 'Quais clientes estão SEM IMPORTACAO há 30 dias?' },
    });
    expect(asked.statusCode).toBe(201);
    const answer = asked.json();
    expect(answer.question).toBe('Quais clientes estão SEM IMPORTACAO há 30 dias?');
    expect(answer.response).toContain('Clientes sem importação há 30 dias ou mais (2):');
    expect(answer.response).toContain('• Helena Prado — última importação há 45 dias');
    expect(answer.response).toContain('• Íris Matos — nunca importou');
    expect(answer.response).not.toContain('Otávio');
    expect(answer.response).not.toContain('cliente-do-outro');
    expect(answer.response).not.toContain('avulso');

    // The test client imported 2 days ago: three days leaves them out, and takes in Otávio (5 days).
    const threeDays = await call(context, 'POST', '/api/planner-chat/', {
      token: target.planner.token,
      payload: { message: 'e quem não importa há 3 dias?' },
    });
    expect(threeDays.json().response).toContain('Clientes sem importação há 3 dias ou mais (3):');
    expect(threeDays.json().response).toContain('• Otávio Reis — última importação há 5 dias');

    const page = await call(context, 'GET', '/api/planner-chat/?page=0', { token: target.planner.token });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ count: 2, next: null, previous: null });
    expect(page.json().results[1]).toEqual(answer);
    const managerPage = await call(context, 'GET', '/api/planner-chat/?page=0', { token: target.manager.token });
    expect(managerPage.json()).toMatchObject({ count: 0, results: [] });
  });

  it('answers prospects by stage and says plainly what it cannot answer', async () => {
    const target = await createTestOrganization(context, { toggles: withChats });
    const created = await call(context, 'POST', '/api/prospects/', {
      token: target.planner.token,
      payload: { name: 'Joana Prospect', email: 'joana@exemplo.com.br', phone: '(11) 98765-4321' },
    });
    expect(created.statusCode).toBe(201);
    const prospects = await call(context, 'POST', '/api/planner-chat/', {
      token: target.planner.token,
      payload: { message: 'Quantos prospects tenho em cada etapa?' },
    });
    expect(prospects.json().response).toContain('Prospects por etapa (1):');
    expect(prospects.json().response).toContain('• Novo: 1');

    const unknown = await call(context, 'POST', '/api/planner-chat/', {
      token: target.planner.token,
      payload: { message: 'Qual a previsão do tempo amanhã?' },
    });
    expect(unknown.json().response).toContain('Não sei responder a essa pergunta.');
    expect(unknown.json().response).toContain('quais clientes estão sem importação há 30 dias?');
  });

  it('names a client to answer about their uncategorized lines, bills and savings rate', async () => {
    const target = await createTestOrganization(context, { toggles: withChats });
    await addClient(target, 'Bianca', 'Lopes', target.planner.row.id);
    const ask = async (message: string) =>
      (await call(context, 'POST', '/api/planner-chat/', { token: target.planner.token, payload: { message } })).json()
        .response as string;
    expect(await ask('quais lançamentos da Bianca estão sem categoria?')).toBe(
      'Bianca Lopes não tem lançamentos sem categoria.',
    );
    expect(await ask('quais as próximas contas da bianca?')).toBe(
      'Bianca Lopes não tem contas a vencer nos lembretes.',
    );
    expect(await ask('qual a taxa de poupança da Bianca Lopes?')).toContain('Bianca Lopes não teve receitas');
    expect(await ask('qual a taxa de poupança do Zé?')).toContain('Não encontrei esse cliente na sua carteira.');
    expect(await ask('quem está acima do orçamento?')).toContain('Nenhum cliente seu está acima do orçamento');
    expect(await ask('quais planejamentos estão aguardando aceite?')).toBe(
      'Nenhum planejamento seu aguarda o aceite do cliente.',
    );
  });
});

describe('planner chat figures agree with the screens', () => {
  async function categoryId(token: string, name: string): Promise<number> {
    const categories: { id: number; name: string }[] = (await call(context, 'GET', '/api/category/', { token })).json();
    const found = categories.find((category) => category.name === name);
    if (!found) throw new Error(`no ${name}`);
    return found.id;
  }

  it('names the client over budget with the book’s figures, their uncategorized lines and next bill', async () => {
    const target = await createTestOrganization(context, { toggles: withChats });
    const token = target.client.token;
    const today = findTodayInBrazil(new Date());
    const month = findMonthOfDay(today);
    const housing = await categoryId(token, 'Moradia');
    const item = await call(context, 'POST', '/api/budget-item/', {
      token,
      payload: { target_month: month.slice(0, 7), category: housing, amount: 100_000 },
    });
    expect(item.statusCode, item.body).toBe(201);
    for (const [name, amount, category] of [
      ['Aluguel', -150_000, housing],
      ['Padaria do Zé', -2_500, undefined],
    ] as const) {
      const line = await call(context, 'POST', '/api/cash-flow/', {
        token,
        payload: { name, amount, date: today, ...(category ? { category } : {}) },
      });
      expect(line.statusCode, line.body).toBe(201);
    }
    const reminder = await call(context, 'POST', '/api/bill-reminder/', {
      token,
      payload: { title: 'Condomínio', reminder_date: shiftDay(today, 3), periodicity: 'MONTHLY', amount: 80_000 },
    });
    expect(reminder.statusCode, reminder.body).toBe(201);

    const book = (await call(context, 'GET', '/api/profiles/clients/', { token: target.planner.token })).json();
    const { attention } = book.results.find(
      (row: { user: { id: number } }) => row.user.id === target.client.row.id,
    ) as { attention: { month_expense: number; month_planned_expense: number; budget_use: number } };
    const ask = async (message: string) =>
      (await call(context, 'POST', '/api/planner-chat/', { token: target.planner.token, payload: { message } })).json()
        .response as string;

    expect(await ask('Quem ESTOUROU o orçamento?')).toContain(
      `• cliente Teste — gastou ${formatCents(attention.month_expense)} de ${formatCents(attention.month_planned_expense)} planejados (${attention.budget_use}%)`,
    );
    expect(attention.budget_use).toBe(153);
    const uncategorized = await ask('o que do cliente Teste está sem categoria?');
    expect(uncategorized).toContain('cliente Teste tem 1 lançamento(s) sem categoria:');
    expect(uncategorized).toContain(`• ${formatBrazilianDate(today)} — Padaria do Zé — ${formatCents(-2_500)}`);
    expect(await ask('quais as próximas contas do cliente teste?')).toContain(
      `• ${formatBrazilianDate(shiftDay(today, 3))} — Condomínio — ${formatCents(80_000)}`,
    );
  });
});

describe('planner chat about unread insights', () => {
  it("lists the insights of the planner's own clients that the planner has not read", async () => {
    const target = await createTestOrganization(context, { toggles: withChats });
    const ask = async (token: string, message: string) =>
      (await call(context, 'POST', '/api/planner-chat/', { token, payload: { message } })).json().response as string;
    expect(await ask(target.planner.token, 'quais insights não li?')).toBe(
      'Você não tem insights não lidos dos seus clientes.',
    );
    const [insight] = await context.database.db
      .insert(insights)
      .values({
        organizationId: target.id,
        clientUserId: target.client.row.id,
        rule: 'spending-above-income',
        windowKey: '2026-11-01',
        title: 'Gastos acima da renda em novembro',
        body: 'As despesas passaram as receitas.',
        link: { route: 'meu-caixa', month: '2026-11-01' },
        evidence: {},
        createdAt: new Date('2026-11-20T15:00:00Z'),
      })
      .returning();
    if (!insight) throw new Error('insight not stored');
    expect(await ask(target.planner.token, 'Quais INSIGHTS dos clientes estão sem ler?')).toBe(
      ['Insights não lidos (1):', '• cliente Teste — Gastos acima da renda em novembro (20/11/2026)'].join('\n'),
    );
    // The client reading it does not read it for the planner; the planner's own mark does.
    await call(context, 'PATCH', `/api/ia/insights/${insight.id}/mark_read/`, { token: target.client.token });
    expect(await ask(target.planner.token, 'insights?')).toContain('Insights não lidos (1):');
    await call(context, 'PATCH', `/api/ia/insights/${insight.id}/mark_read/`, { token: target.planner.token });
    expect(await ask(target.planner.token, 'insights?')).toBe('Você não tem insights não lidos dos seus clientes.');

    const withoutInsights = await createTestOrganization(context, { toggles: ['chat', 'chat_planner'] });
    expect(await ask(withoutInsights.planner.token, 'quais insights não li?')).toBe(
      'Os insights não estão ativos na sua organização.',
    );
  });
});

describe('planner chat through an OpenAI-compatible endpoint', () => {
  let server: Server;
  const received: { authorization?: string; body: Record<string, unknown> }[] = [];
  let modelContext: TestContext;

  async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  }

  beforeAll(async () => {
    // A tiny fake of chat completions: it first calls the stale-imports tool, then answers with its result.
    server = createServer(async (request, response) => {
      const body = await readBody(request);
      received.push({ authorization: request.headers.authorization, body });
      const messages = body.messages as { role: string; content: string }[];
      const toolAnswer = messages.find((message) => message.role === 'tool');
      const message = toolAnswer
        ? { role: 'assistant', content: `Segundo o Prumo: ${toolAnswer.content}` }
        : {
            role: 'assistant',
            content: null,
            tool_calls: [
              {
                id: 'call_1',
                type: 'function',
                function: { name: 'clients_without_import', arguments: '{"days":30}' },
              },
            ],
          };
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ choices: [{ message }] }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    modelContext = await createTestContext({
      environment: {
        ASSISTANT_URL: `http://127.0.0.1:${port}/v1`,
        ASSISTANT_MODEL: 'modelo-local',
        ASSISTANT_API_KEY: 'chave-de-teste',
      },
    });
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('lets the model call the intents as tools, scoped to the planner', async () => {
    const target = await createTestOrganization(modelContext, { toggles: withChats });
    const stale = await insertUserWithProfile(
      modelContext.database.db,
      {
        organizationId: target.id,
        email: `rui@${target.slug}.test`,
        firstName: 'Rui',
        lastName: 'Campos',
        phone: '11987654321',
        cpf: '52998224725',
        passwordHash: 'not-used',
        confirmed: true,
      },
      'client',
      target.planner.row.id,
    );
    expect(await insertAuthToken(modelContext.database.db, stale.id, new Date(Date.now() + dayMs))).toBeTruthy();
    await modelContext.database.db
      .insert(importBundles)
      .values({ organizationId: target.id, clientUserId: target.client.row.id, createdAt: new Date() });
    await addOtherPlannersClient(modelContext, target);

    const asked = await call(modelContext, 'POST', '/api/planner-chat/', {
      token: target.planner.token,
      payload: { message: 'quem anda sumido?' },
    });
    expect(asked.statusCode).toBe(201);
    expect(asked.json().response).toBe(
      'Segundo o Prumo: Clientes sem importação há 30 dias ou mais (1):\n• Rui Campos — nunca importou',
    );
    expect(received).toHaveLength(2);
    expect(received[0]?.authorization).toBe('Bearer chave-de-teste');
    expect(received[0]?.body.model).toBe('modelo-local');
    const tools = received[0]?.body.tools as { function: { name: string } }[];
    expect(tools.map((tool) => tool.function.name)).toContain('clients_without_import');
    expect(JSON.stringify(received)).not.toContain('cliente-do-outro');
    const [kept] = await modelContext.database.db
      .select()
      .from(plannerChatMessages)
      .where(eq(plannerChatMessages.plannerUserId, target.planner.row.id));
    expect(kept?.question).toBe('quem anda sumido?');
  });
});

describe('ASSISTANT_*', () => {
  it('reads the endpoint, and refuses one without a model', async () => {
    const { readConfig } = await import('../src/config');
    expect(readConfig({}).assistant).toBeUndefined();
    expect(readConfig({ ASSISTANT_URL: 'http://127.0.0.1:8080/v1/', ASSISTANT_MODEL: 'qwen' }).assistant).toEqual({
      url: 'http://127.0.0.1:8080/v1',
      apiKey: undefined,
      model: 'qwen',
    });
    expect(() => readConfig({ ASSISTANT_URL: 'http://127.0.0.1:8080/v1' })).toThrow(
      'ASSISTANT_URL needs ASSISTANT_MODEL',
    );
    expect(() => readConfig({ ASSISTANT_URL: 'ftp://x', ASSISTANT_MODEL: 'm' })).toThrow(
      'ASSISTANT_URL must start with http',
    );
  });
});

describe('an endpoint that fails, and the log', () => {
  it('lets the intents answer, and never logs a message’s text', async () => {
    const logLines: string[] = [];
    // Port 9 (discard) on loopback: nothing listens, the connection is refused at once.
    const failing = await createTestContext({
      logLines,
      environment: { ASSISTANT_URL: 'http://127.0.0.1:9/v1', ASSISTANT_MODEL: 'modelo-local' },
    });
    const target = await createTestOrganization(failing, { toggles: withChats });
    const asked = await call(failing, 'POST', '/api/planner-chat/', {
      token: target.planner.token,
      payload: { message: 'Quais clientes estão sem importação há 30 dias? segredo-da-pergunta' },
    });
    expect(asked.statusCode).toBe(201);
    expect(asked.json().response).toContain('Clientes sem importação há 30 dias ou mais (1):');
    const sent = await call(failing, 'POST', '/api/chat/', {
      token: target.client.token,
      payload: { message: 'segredo-do-cliente' },
    });
    expect(sent.statusCode).toBe(201);
    const log = logLines.join('\n');
    expect(log).toContain('assistant endpoint failed; embedded intents answered');
    expect(log).not.toContain('segredo-da-pergunta');
    expect(log).not.toContain('segredo-do-cliente');
    expect(log).not.toContain('cliente Teste');
  });
});
