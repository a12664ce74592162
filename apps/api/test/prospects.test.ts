import { readFileSync } from 'node:fs';
import path from 'node:path';
import { featureToggles } from '@prumo/domain/organization/features';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { invitations, prospectFiles, prospectLines, prospects, transactions, users } from '../src/db/schema';
import { insertAuthToken, insertUserWithProfile } from '../src/modules/accounts/accounts.repo';
import { buildMultipart } from './helpers/multipart';
import {
  call,
  createTestContext,
  createTestOrganization,
  findLinkInMail,
  type TestContext,
  type TestOrganization,
} from './helpers/test-app';

const fixtures = path.resolve(import.meta.dirname, '../../../../shared/fixtures/statements');
const readFixture = (relative: string) => readFileSync(path.join(fixtures, relative));
const itau = { name: 'extrato_itau.ofx', content: readFixture('adelarcubs__ofxparser/extrato_itau.ofx') };
const santander = {
  name: 'extrato_santander.ofx',
  content: readFixture('adelarcubs__ofxparser/extrato_santander.ofx'),
};

let context: TestContext;
let organization: TestOrganization;
let otherOrganization: TestOrganization;

beforeAll(async () => {
  context = await createTestContext();
  organization = await createTestOrganization(context);
  otherOrganization = await createTestOrganization(context);
});

function filesBody(files: { name: string; content: Buffer | string }[]) {
  return buildMultipart(
    files.map((file) => ({
      name: 'files',
      fileName: file.name,
      content: file.content,
      type: 'application/octet-stream',
    })),
  );
}

async function createProspect(token: string, payload: Record<string, unknown> = {}) {
  const response = await call(context, 'POST', '/api/prospects/', {
    token,
    payload: { name: 'Joana Prospect', email: 'joana@exemplo.com.br', phone: '(11) 98765-4321', ...payload },
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number; stage: string };
}

function uploadToProspect(token: string, prospectId: number, files: { name: string; content: Buffer | string }[]) {
  return call(context, 'POST', `/api/prospect-bundle/?prospect=${prospectId}`, { token, ...filesBody(files) });
}

describe('prospects: create, list, read, change', () => {
  it('creates a prospect of the planner, new, and lists it paged with its stage filter', async () => {
    const target = await createTestOrganization(context);
    const created = await createProspect(target.planner.token, { notes: 'Indicação da Ana' });
    expect(created).toMatchObject({
      name: 'Joana Prospect',
      email: 'joana@exemplo.com.br',
      phone: '11987654321',
      notes: 'Indicação da Ana',
      stage: 'novo',
      stage_label: 'Novo',
      next_stages: ['diagnostico', 'perdido'],
      planner: { id: target.planner.row.id },
      files_count: 0,
      lines_count: 0,
      client: null,
    });
    await createProspect(target.planner.token, { name: 'Outro Prospect', email: '' });
    const list = await call(context, 'GET', '/api/prospects/?limit=1', { token: target.planner.token });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ count: 2, previous: null, results: [{ name: 'Outro Prospect' }] });
    expect(list.json().next).toMatch(/^http:\/\/prumo\.test\/api\/prospects\/\?limit=1&offset=1$/);
    const newOnes = await call(context, 'GET', '/api/prospects/?stage=proposta', { token: target.planner.token });
    expect(newOnes.json().count).toBe(0);
    const one = await call(context, 'GET', `/api/prospects/${created.id}/`, { token: target.planner.token });
    expect(one.json()).toMatchObject({ id: created.id, name: 'Joana Prospect' });
  });

  it('refuses bad input with pt-BR messages', async () => {
    const noName = await call(context, 'POST', '/api/prospects/', {
      token: organization.planner.token,
      payload: { name: 'Jo', email: 'sem-arroba' },
    });
    expect(noName.statusCode).toBe(400);
    expect(noName.json()).toEqual({
      name: ['Esse campo é obrigatório'],
      email: ['Esse campo precisa ser um e-mail válido'],
    });
    const prospect = await createProspect(organization.planner.token);
    const badStage = await call(context, 'PATCH', `/api/prospects/${prospect.id}/`, {
      token: organization.planner.token,
      payload: { stage: 'ganho' },
    });
    expect(badStage.statusCode).toBe(400);
    expect(badStage.json()).toEqual({
      stage: ['Etapa inválida. Use novo, diagnostico, proposta, convertido ou perdido.'],
    });
  });

  it('moves stages in order only, and never to convertido by hand', async () => {
    const prospect = await createProspect(organization.planner.token);
    const patch = (stage: string) =>
      call(context, 'PATCH', `/api/prospects/${prospect.id}/`, {
        token: organization.planner.token,
        payload: { stage },
      });
    const skipped = await patch('proposta');
    expect(skipped.statusCode).toBe(400);
    expect(skipped.json()).toEqual({
      stage: ['Não é possível passar de Novo para Proposta: de Novo, o prospect vai para Diagnóstico ou Perdido.'],
    });
    expect((await patch('diagnostico')).json()).toMatchObject({ stage: 'diagnostico', stage_label: 'Diagnóstico' });
    expect((await patch('proposta')).statusCode).toBe(200);
    const converted = await patch('convertido');
    expect(converted.statusCode).toBe(400);
    expect(converted.json()).toEqual({
      stage: ['Um prospect só passa a Convertido quando se cadastra pelo convite do planejador.'],
    });
    const [stored] = await context.database.db
      .select({ stage: prospects.stage })
      .from(prospects)
      .where(eq(prospects.id, prospect.id));
    expect(stored?.stage).toBe('proposta');
  });

  it('keeps each planner to their own prospects, lets the manager read them all, refuses clients and other organizations', async () => {
    const target = await createTestOrganization(context);
    const prospect = await createProspect(target.planner.token);
    const otherPlanner = await createTestOrganization(context);
    // Another planner of the same organization.
    const secondPlanner = await insertUserWithProfile(
      context.database.db,
      {
        organizationId: target.id,
        email: `segundo@${target.slug}.test`,
        firstName: 'Segundo',
        lastName: 'Planejador',
        phone: '11987654321',
        cpf: '52998224725',
        passwordHash: 'not-used',
        confirmed: true,
      },
      'planner',
      null,
    );
    const secondToken = await insertAuthToken(context.database.db, secondPlanner.id, new Date(Date.now() + 3_600_000));

    const bySecond = await call(context, 'GET', `/api/prospects/${prospect.id}/`, { token: secondToken });
    expect(bySecond.statusCode).toBe(404);
    expect(bySecond.json()).toEqual({ detail: 'Prospect não encontrado.' });
    expect((await call(context, 'GET', '/api/prospects/', { token: secondToken })).json().count).toBe(0);

    const byManager = await call(context, 'GET', '/api/prospects/', { token: target.manager.token });
    expect(byManager.json().results.map((row: { id: number }) => row.id)).toEqual([prospect.id]);
    const managerChange = await call(context, 'PATCH', `/api/prospects/${prospect.id}/`, {
      token: target.manager.token,
      payload: { notes: 'do gestor' },
    });
    expect(managerChange.statusCode).toBe(403);
    expect(managerChange.json()).toEqual({ detail: 'Só o planejador do prospect pode alterá-lo.' });

    const byClient = await call(context, 'GET', '/api/prospects/', { token: target.client.token });
    expect(byClient.statusCode).toBe(403);
    const clientCreate = await call(context, 'POST', '/api/prospects/', {
      token: target.client.token,
      payload: { name: 'Joana' },
    });
    expect(clientCreate.statusCode).toBe(403);

    for (const url of [
      `/api/prospects/${prospect.id}/`,
      `/api/prospects/${prospect.id}/diagnosis/`,
      `/api/prospects/${prospect.id}/diagnosis.pdf`,
      `/api/prospect-bundle/?prospect=${prospect.id}`,
    ]) {
      const foreign = await call(context, 'GET', url, { token: otherPlanner.manager.token });
      expect(foreign.statusCode, url).toBe(404);
    }
    const foreignUpload = await uploadToProspect(otherPlanner.planner.token, prospect.id, [itau]);
    expect(foreignUpload.statusCode).toBe(404);
    const foreignInvite = await call(context, 'POST', `/api/prospects/${prospect.id}/invite/`, {
      token: otherPlanner.planner.token,
      payload: {},
    });
    expect(foreignInvite.statusCode).toBe(404);
  });

  it('needs the add_prospect toggle for every call', async () => {
    const withoutToggle = await createTestOrganization(context, { toggles: ['future_flow'] });
    for (const [method, url] of [
      ['GET', '/api/prospects/'],
      ['POST', '/api/prospects/'],
      ['GET', '/api/prospects/1/'],
      ['GET', '/api/prospect-bundle/?prospect=1'],
      ['GET', '/api/prospects/1/diagnosis/'],
      ['POST', '/api/prospects/1/invite/'],
    ] as const) {
      const response = await call(context, method, url, { token: withoutToggle.planner.token, payload: {} });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe('prospect statements', () => {
  it('reads two statements into the bundle, each line once, and diagnoses them', async () => {
    const prospect = await createProspect(organization.planner.token);
    const first = await uploadToProspect(organization.planner.token, prospect.id, [itau, santander]);
    expect(first.statusCode).toBe(201);
    const answer = first.json();
    expect(answer.rejected).toEqual([]);
    expect(answer.files.map((file: { name: string }) => file.name).sort()).toEqual([
      'extrato_itau.ofx',
      'extrato_santander.ofx',
    ]);
    const added = answer.files.reduce(
      (total: number, file: { transactions_added: number }) => total + file.transactions_added,
      0,
    );
    expect(added).toBeGreaterThan(40);

    // The same statement again adds nothing.
    const again = await uploadToProspect(organization.planner.token, prospect.id, [itau]);
    expect(again.statusCode).toBe(201);
    expect(again.json().files[0]).toMatchObject({
      transactions_added: 0,
      duplicates_ignored: again.json().files[0].transactions_read,
    });
    const stored = await context.database.db
      .select({ id: prospectLines.id })
      .from(prospectLines)
      .where(eq(prospectLines.prospectId, prospect.id));
    expect(stored).toHaveLength(added);

    const bundle = await call(context, 'GET', `/api/prospect-bundle/?prospect=${prospect.id}`, {
      token: organization.planner.token,
    });
    expect(bundle.json()).toMatchObject({ prospect: prospect.id, lines_count: added });
    expect(bundle.json().files).toHaveLength(3);

    const diagnosis = await call(context, 'GET', `/api/prospects/${prospect.id}/diagnosis/`, {
      token: organization.planner.token,
    });
    expect(diagnosis.statusCode).toBe(200);
    const body = diagnosis.json();
    expect(body.lines_counted).toBeGreaterThan(0);
    expect(body.months.length).toBeGreaterThan(0);
    const sumOfMonths = body.months.reduce((total: number, month: { expense: number }) => total + month.expense, 0);
    expect(sumOfMonths).toBe(body.total_expense);
    const sumOfCategories = body.expense_by_category.reduce(
      (total: number, entry: { amount: number }) => total + entry.amount,
      0,
    );
    expect(sumOfCategories).toBe(body.total_expense);
    expect(body.monthly_savings).toBe(body.monthly_income - body.monthly_expense);

    const pdf = await call(context, 'GET', `/api/prospects/${prospect.id}/diagnosis.pdf`, {
      token: organization.manager.token,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="diagnostico-joana-prospect.pdf"');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('draws the PDF of a prospect without statements whose name the standard fonts cannot write', async () => {
    const prospect = await createProspect(organization.planner.token, { name: 'Zoë 🚀 Łukasz 山田' });
    const diagnosis = await call(context, 'GET', `/api/prospects/${prospect.id}/diagnosis/`, {
      token: organization.planner.token,
    });
    expect(diagnosis.json()).toMatchObject({ period: null, lines_counted: 0, savings_rate_percent: null });
    const pdf = await call(context, 'GET', `/api/prospects/${prospect.id}/diagnosis.pdf`, {
      token: organization.planner.token,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="diagnostico-zoe-ukasz.pdf"');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuses files it cannot take, storing nothing', async () => {
    const prospect = await createProspect(organization.planner.token);
    const wrongType = await uploadToProspect(organization.planner.token, prospect.id, [
      { name: 'extrato.pdf', content: 'não é extrato' },
    ]);
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toEqual({
      detail: 'Extensão inválida: envie arquivos xlsx, ofx ou xls.',
      files: ['extrato.pdf: Extensão inválida: envie arquivos xlsx, ofx ou xls.'],
    });
    const tooLarge = await uploadToProspect(organization.planner.token, prospect.id, [
      { name: 'grande.ofx', content: Buffer.alloc(20 * 1024 * 1024 + 1, 32) },
    ]);
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().detail).toBe('Arquivo grande demais: o limite é 20 MB por arquivo.');
    // Past the request's total (60 MB), the whole upload is refused, the good statement too.
    const wholeTooLarge = await uploadToProspect(organization.planner.token, prospect.id, [
      itau,
      ...[1, 2, 3, 4].map((index) => ({ name: `grande-${index}.ofx`, content: Buffer.alloc(16 * 1024 * 1024, 32) })),
    ]);
    expect(wholeTooLarge.statusCode).toBe(413);
    expect(wholeTooLarge.json()).toEqual({
      detail: 'Envio grande demais: o limite é 60 MB por envio, somando os arquivos. Envie os extratos em partes.',
    });
    const noFiles = await call(context, 'POST', `/api/prospect-bundle/?prospect=${prospect.id}`, {
      token: organization.planner.token,
      payload: {},
    });
    expect(noFiles.statusCode).toBe(400);
    const files = await context.database.db
      .select({ id: prospectFiles.id })
      .from(prospectFiles)
      .where(eq(prospectFiles.prospectId, prospect.id));
    expect(files).toEqual([]);
  });
});

describe('upload link', () => {
  it('e-mails a single-use link on PUBLIC_URL; the prospect uploads once; a used or foreign token is 404', async () => {
    const prospect = await createProspect(organization.planner.token, { email: 'link@exemplo.com.br' });
    const created = await call(context, 'POST', `/api/prospects/${prospect.id}/upload-link/`, {
      token: organization.planner.token,
      payload: { send_email: true },
      headers: { host: 'evil.example' },
    });
    expect(created.statusCode).toBe(201);
    const { url, emailed } = created.json();
    expect(emailed).toBe(true);
    expect(url).toMatch(new RegExp(`^http://prumo\\.test/${organization.slug}/prospect-upload/[A-Za-z0-9_-]{32}$`));
    expect(findLinkInMail(context, 'link@exemplo.com.br')).toBe(url);
    const token = url.split('/prospect-upload/')[1];

    const page = await call(context, 'GET', `/api/prospect-upload/${token}/?organization=${organization.slug}`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ prospect_name: 'Joana Prospect', planner_name: 'planejador Teste' });
    const foreign = await call(context, 'GET', `/api/prospect-upload/${token}/?organization=${otherOrganization.slug}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: 'Link inválido, expirado ou já usado.' });

    const uploaded = await call(context, 'POST', `/api/prospect-upload/${token}/?organization=${organization.slug}`, {
      ...filesBody([itau]),
    });
    expect(uploaded.statusCode).toBe(201);
    expect(uploaded.json()).toEqual({
      detail: 'Recebemos seus extratos. Seu planejador vai analisá-los e entrará em contato com você.',
      files_read: 1,
      rejected: [],
    });
    const used = await call(context, 'POST', `/api/prospect-upload/${token}/?organization=${organization.slug}`, {
      ...filesBody([santander]),
    });
    expect(used.statusCode).toBe(404);
    const bad = await call(context, 'GET', `/api/prospect-upload/nao-existe/?organization=${organization.slug}`);
    expect(bad.statusCode).toBe(404);
    const bundle = await call(context, 'GET', `/api/prospect-bundle/?prospect=${prospect.id}`, {
      token: organization.planner.token,
    });
    expect(bundle.json().files.map((file: { uploaded_by: string }) => file.uploaded_by)).toEqual(['prospect']);
  });

  it('needs an e-mail to send the link by e-mail', async () => {
    const prospect = await createProspect(organization.planner.token, { email: '' });
    const response = await call(context, 'POST', `/api/prospects/${prospect.id}/upload-link/`, {
      token: organization.planner.token,
      payload: { send_email: true },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ send_email: ['Cadastre o e-mail do prospect para enviar o link por e-mail.'] });
  });
});

describe('conversion', () => {
  it('registers the invited prospect as the planner client with their lines in the cash flow, counted once', async () => {
    const target = await createTestOrganization(context);
    const prospect = await createProspect(target.planner.token, { email: 'convertida@exemplo.com.br' });
    const upload = await uploadToProspect(target.planner.token, prospect.id, [itau, santander]);
    const linesAdded = upload
      .json()
      .files.reduce((total: number, file: { transactions_added: number }) => total + file.transactions_added, 0);

    // A first invitation, replaced by a second: only the newest converts.
    const firstInvite = await call(context, 'POST', `/api/prospects/${prospect.id}/invite/`, {
      token: target.planner.token,
      payload: {},
    });
    const invite = await call(context, 'POST', `/api/prospects/${prospect.id}/invite/`, {
      token: target.planner.token,
      payload: { send_email: true },
    });
    expect(invite.statusCode).toBe(201);
    const url: string = invite.json().url;
    expect(url).toMatch(new RegExp(`^http://prumo\\.test/${target.slug}/cadastro/cliente/[A-Za-z0-9_-]+$`));
    expect(findLinkInMail(context, 'convertida@exemplo.com.br')).toBe(url);
    const hash = url.split('/cadastro/cliente/')[1];
    const oldHash = firstInvite.json().url.split('/cadastro/cliente/')[1];

    const person = {
      organization: target.slug,
      role: 'cliente',
      email: 'convertida@exemplo.com.br',
      first_name: 'Joana',
      last_name: 'Prospect',
      phone: '(11) 98765-4321',
      cpf: '529.982.247-25',
      password1: 'segredo123',
      password2: 'segredo123',
    };
    const old = await call(context, 'POST', '/api/rest-auth/registration/', { payload: { ...person, hash: oldHash } });
    expect(old.statusCode).toBe(400);
    expect(old.json()).toEqual({ hash: ['Convite expirado ou revogado.'] });

    const registered = await call(context, 'POST', '/api/rest-auth/registration/', { payload: { ...person, hash } });
    expect(registered.statusCode, registered.body).toBe(201);
    const [client] = await context.database.db.select().from(users).where(eq(users.email, person.email));
    if (!client) throw new Error('no client');

    const [converted] = await context.database.db.select().from(prospects).where(eq(prospects.id, prospect.id));
    expect(converted).toMatchObject({ stage: 'convertido', clientUserId: client.id });
    const [used] = await context.database.db
      .select({ usedByUserId: invitations.usedByUserId })
      .from(invitations)
      .where(eq(invitations.id, converted!.invitationId!));
    expect(used?.usedByUserId).toBe(client.id);

    const clientToken = await insertAuthToken(context.database.db, client.id, new Date(Date.now() + 3_600_000));
    const cashFlow = await call(context, 'GET', '/api/cash-flow/?start=2000-01-01&end=2030-12-31&limit=100', {
      token: clientToken,
    });
    expect(cashFlow.statusCode).toBe(200);
    expect(cashFlow.json().count).toBe(linesAdded);
    const files = await call(context, 'GET', '/api/file/', { token: clientToken });
    expect(files.json().count).toBe(2);
    const planner = await call(
      context,
      'GET',
      `/api/cash-flow/?start=2000-01-01&end=2030-12-31&clientId=${client.id}`,
      {
        token: target.planner.token,
      },
    );
    expect(planner.json().count).toBe(linesAdded);

    // The same link again registers nobody: it converted once.
    const second = await call(context, 'POST', '/api/rest-auth/registration/', {
      payload: { ...person, email: 'outra@exemplo.com.br', hash },
    });
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual({ hash: ['Este convite já foi usado.'] });
    const lines = await context.database.db
      .select({ id: transactions.id })
      .from(transactions)
      .where(eq(transactions.clientUserId, client.id));
    expect(lines).toHaveLength(linesAdded);

    // Converted: no more uploads, links or invitations; the stage stays.
    const lateUpload = await uploadToProspect(target.planner.token, prospect.id, [itau]);
    expect(lateUpload.statusCode).toBe(400);
    expect(lateUpload.json()).toEqual({
      detail: 'Este prospect já é cliente: os dados dele estão no caixa do cliente.',
    });
    const back = await call(context, 'PATCH', `/api/prospects/${prospect.id}/`, {
      token: target.planner.token,
      payload: { stage: 'proposta' },
    });
    expect(back.json()).toEqual({ stage: ['Este prospect já é cliente: a etapa Convertido não muda mais.'] });
  });

  it('invites with a plan the caller can see, else 404', async () => {
    const target = await createTestOrganization(context, { toggles: [...featureToggles, 'financial'] });
    const plan = await call(context, 'POST', '/api/payment/plans/', {
      token: target.manager.token,
      payload: {
        name: 'Completo',
        description: 'Plataforma e planejamento por um ano.',
        type: 'service',
        platform_amount: 5_000,
        service_amount: 20_000,
        recurrent_amount: 9_900,
        service_months: 12,
        payday: 5,
        serviceProvision: [],
      },
    });
    expect(plan.statusCode, plan.body).toBe(201);
    const withPlan = await createProspect(target.planner.token);
    const invited = await call(context, 'POST', `/api/prospects/${withPlan.id}/invite/`, {
      token: target.planner.token,
      payload: { plan: plan.json().hashed_id },
    });
    expect(invited.statusCode).toBe(201);
    expect(invited.json().url).toMatch(
      new RegExp(`^http://prumo\\.test/${target.slug}/cadastro/cliente/[A-Za-z0-9_-]+/${plan.json().hashed_id}$`),
    );

    const prospect = await createProspect(organization.planner.token);
    const unknown = await call(context, 'POST', `/api/prospects/${prospect.id}/invite/`, {
      token: organization.planner.token,
      payload: { plan: 'nao-existe' },
    });
    expect(unknown.statusCode).toBe(404);
  });
});
