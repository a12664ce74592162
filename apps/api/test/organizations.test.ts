import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { organizations, users } from '../src/db/schema';
import { buildMultipart } from './helpers/multipart';
import {
  call,
  createTestContext,
  createTestOrganization,
  findLinkInMail,
  type TestContext,
  type TestOrganization,
} from './helpers/test-app';

let context: TestContext;
let organization: TestOrganization;
let otherOrganization: TestOrganization;

beforeAll(async () => {
  context = await createTestContext();
  organization = await createTestOrganization(context);
  otherOrganization = await createTestOrganization(context, { toggles: ['help'] });
});

const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('GET organization/{slug}/', () => {
  it('is public and shows the brand and features', async () => {
    const response = await call(context, 'GET', `/api/organization/${otherOrganization.slug}/`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      slug: otherOrganization.slug,
      name: `Organização ${otherOrganization.slug}`,
      corporate_name: `Organização ${otherOrganization.slug} Ltda.`,
      logo: null,
      favicon: null,
      link_redirect: '',
      primary_color: '123456',
      secondary_color: '000000',
      is_test: false,
      features: [{ code: 'help' }],
    });
  });

  it('answers 404 for an unknown slug', async () => {
    const response = await call(context, 'GET', '/api/organization/nao-existe/');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Organização não encontrada' });
  });
});

describe('PUT organization/{slug}/', () => {
  it('lets its manager change the colours and the redirect link', async () => {
    const response = await call(context, 'PUT', `/api/organization/${organization.slug}/`, {
      token: organization.manager.token,
      payload: { primary_color: '#FF8800', secondary_color: '000000', link_redirect: 'exemplo.com.br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ primary_color: 'ff8800', link_redirect: 'https://exemplo.com.br' });
    const [stored] = await context.database.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, organization.id));
    expect(stored?.primaryColor).toBe('ff8800');
  });

  it('refuses planners, clients, managers of another organization and visitors', async () => {
    const payload = { primary_color: '000000' };
    const url = `/api/organization/${organization.slug}/`;
    for (const token of [organization.planner.token, organization.client.token, otherOrganization.manager.token]) {
      const response = await call(context, 'PUT', url, { token, payload });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: 'Sem permissão' });
    }
    expect((await call(context, 'PUT', url, { payload })).statusCode).toBe(401);
    const [stored] = await context.database.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, organization.id));
    expect(stored?.primaryColor).not.toBe('000000');
  });

  it('refuses a colour that is not 6 hex digits', async () => {
    const response = await call(context, 'PUT', `/api/organization/${organization.slug}/`, {
      token: organization.manager.token,
      payload: { primary_color: 'azul' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ primary_color: ['Cor inválida: use 6 dígitos hexadecimais, sem #'] });
  });
});

describe('POST logo/', () => {
  it('stores a logo and a favicon that are then served', async () => {
    const body = buildMultipart([
      { name: 'file', fileName: 'logo.png', content: tinyPng, type: 'image/png' },
      { name: 'favicon', fileName: 'favicon.png', content: tinyPng, type: 'image/png' },
      { name: 'link_redirect', content: 'https://exemplo.com.br' },
    ]);
    const response = await call(context, 'POST', '/api/logo/', { token: organization.manager.token, ...body });
    expect(response.statusCode).toBe(200);
    const { logo, favicon } = response.json();
    expect(logo).toMatch(/^\/media\/logos\/[0-9a-f]+\.png$/);
    expect(favicon).toMatch(/^\/media\/favicons\//);
    const served = await call(context, 'GET', logo);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(tinyPng)).toBe(true);
  });

  it('refuses a file that is not an image, and non-managers', async () => {
    const text = buildMultipart([{ name: 'file', fileName: 'logo.png', content: 'não é imagem', type: 'image/png' }]);
    const refused = await call(context, 'POST', '/api/logo/', { token: organization.manager.token, ...text });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ file: ['Envie uma imagem PNG, BMP, JPEG.'] });
    const image = buildMultipart([{ name: 'file', fileName: 'logo.png', content: tinyPng, type: 'image/png' }]);
    expect(
      (await call(context, 'POST', '/api/logo/', { token: organization.planner.token, ...image })).statusCode,
    ).toBe(403);
  });

  it('refuses a logo over 2 MB', async () => {
    const big = Buffer.concat([tinyPng, Buffer.alloc(2_097_152)]);
    const body = buildMultipart([{ name: 'file', fileName: 'logo.png', content: big, type: 'image/png' }]);
    const response = await call(context, 'POST', '/api/logo/', { token: organization.manager.token, ...body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ file: ['A imagem deve ter no máximo 2 MB.'] });
  });
});

describe('organization registration (/cadastro/organizacao)', () => {
  const manager = {
    email: 'fundadora@nova.com.br',
    first_name: 'Fernanda',
    last_name: 'Fundadora',
    phone: '11987654321',
    cpf: '529.982.247-25',
    password1: 'segredo123',
    password2: 'segredo123',
  };

  it('creates the organization, then its first manager once', async () => {
    const slug = `nova-${Date.now()}`;
    const created = await call(context, 'POST', '/api/organization/', {
      payload: {
        name: 'Nova',
        corporate_name: 'Nova Finanças Ltda.',
        cnpj: '11.222.333/0001-81',
        slug,
        primary_color: '2f9e44',
      },
    });
    expect(created.statusCode).toBe(201);
    const { registration_token: token, ...view } = created.json();
    expect(view).toMatchObject({ slug, name: 'Nova', primary_color: '2f9e44' });
    expect(view.features).toContainEqual({ code: 'future_flow' });

    const finished = await call(context, 'POST', `/api/organization/${slug}/finish-register/`, {
      payload: { ...manager, token },
    });
    expect(finished.statusCode).toBe(201);
    const [stored] = await context.database.db.select().from(users).where(eq(users.email, manager.email));
    expect(stored?.confirmed).toBe(false);
    expect(findLinkInMail(context, manager.email)).toContain(`/${slug}/confirmar/`);

    const again = await call(context, 'POST', `/api/organization/${slug}/finish-register/`, {
      payload: { ...manager, email: 'outro@nova.com.br', token },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ token: ['Cadastro da organização inválido ou já concluído.'] });
  });

  it('refuses a taken or reserved address, a bad CNPJ and a short corporate name', async () => {
    const taken = await call(context, 'POST', '/api/organization/', {
      payload: { name: 'Xis', corporate_name: 'Qualquer Ltda.', cnpj: '11222333000181', slug: organization.slug },
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({ slug: ['Este endereço já está em uso.'] });
    const reserved = await call(context, 'POST', '/api/organization/', {
      payload: { name: 'App', corporate_name: 'Qualquer Ltda.', cnpj: '11222333000181', slug: 'app' },
    });
    expect(reserved.json()).toEqual({ slug: ['Este endereço já está em uso.'] });
    const invalid = await call(context, 'POST', '/api/organization/', {
      payload: { name: 'Nova', corporate_name: 'ACME', cnpj: '11.222.333/0001-80', slug: 'valida-123' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({
      corporate_name: ['A Razão social precisa de pelo menos 5 caracteres.'],
      cnpj: ['CNPJ inválido.'],
    });
  });

  it('refuses finishing with a wrong token', async () => {
    const response = await call(context, 'POST', `/api/organization/${organization.slug}/finish-register/`, {
      payload: { ...manager, token: 'errado' },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('custom_emails/', () => {
  it('lets a manager set, read and delete the e-mail images, which then frame account e-mails', async () => {
    const target = await createTestOrganization(context);
    const empty = await call(context, 'GET', '/api/custom_emails/', { token: target.manager.token });
    expect(empty.json()).toEqual({ count: 0, next: null, previous: null, results: [] });

    const body = buildMultipart([{ name: 'header_image', fileName: 'topo.png', content: tinyPng, type: 'image/png' }]);
    const created = await call(context, 'POST', '/api/custom_emails/', { token: target.manager.token, ...body });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      id: target.id,
      header_image: expect.stringMatching(/^\/media\/email-images\//),
      footer_image: null,
      detail: 'Email customizado criado com sucesso',
    });

    await call(context, 'POST', '/api/rest-auth/password/reset/', {
      payload: { email: target.client.email, organization: target.slug },
    });
    const mail = context.mailbox.filter((message) => message.to === target.client.email).at(-1);
    expect(mail?.html).toContain(`http://prumo.test${created.json().header_image}`);

    const footer = buildMultipart([
      { name: 'footer_image', fileName: 'rodape.png', content: tinyPng, type: 'image/png' },
    ]);
    const edited = await call(context, 'PUT', `/api/custom_emails/edit/${target.id}/`, {
      token: target.manager.token,
      ...footer,
    });
    expect(edited.json().footer_image).toMatch(/^\/media\/email-images\//);
    expect(edited.json().header_image).toBe(created.json().header_image);

    expect(
      (await call(context, 'DELETE', `/api/custom_emails/${target.id}`, { token: target.manager.token })).statusCode,
    ).toBe(204);
    expect((await call(context, 'GET', '/api/custom_emails/', { token: target.manager.token })).json().count).toBe(0);
  });

  it("refuses planners and another organization's id", async () => {
    const target = await createTestOrganization(context);
    expect((await call(context, 'GET', '/api/custom_emails/', { token: target.planner.token })).statusCode).toBe(403);
    const body = buildMultipart([{ name: 'header_image', fileName: 'topo.png', content: tinyPng, type: 'image/png' }]);
    const foreign = await call(context, 'PUT', `/api/custom_emails/edit/${organization.id}/`, {
      token: target.manager.token,
      ...body,
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('hostile addresses', () => {
  it('answers 404, not 500, for a slug with odd characters, and 400 for a NUL byte', async () => {
    for (const slug of ['a%27%3B--', '..%2F..', 'x'.repeat(90)]) {
      const response = await call(context, 'GET', `/api/organization/${slug}/`);
      expect(response.statusCode).toBe(404);
    }
    const nul = await call(context, 'GET', '/api/organization/%00/');
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({ slug: ['O texto contém um caractere inválido (NUL).'] });
    const tooLong = await call(context, 'GET', `/api/organization/${'x'.repeat(300)}/`);
    expect(tooLong.statusCode).toBe(414);
    expect(tooLong.json()).toEqual({ detail: 'Requisição inválida.' });
  });

  it('answers bad types in Portuguese', async () => {
    const response = await call(context, 'GET', '/api/profiles/clients/?limit=abc', {
      token: organization.planner.token,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ limit: ['Informe um número válido.'] });
  });
});

type Operations = Record<string, Record<string, { responses?: Record<string, unknown> }>>;

function findAnswerCodes(openApiPath: string, method: string): string[] {
  const document = context.app.swagger() as { paths: Operations };
  return Object.keys(document.paths[openApiPath]?.[method]?.responses ?? {}).sort();
}

describe('the OpenAPI document of accounts, profiles, invitations and organizations', () => {
  beforeAll(async () => {
    await context.app.ready();
  });

  it.each([
    ['/api/rest-auth/registration/', 'post', '201'],
    ['/api/organization/', 'post', '201'],
    ['/api/organization/{slug}/finish-register/', 'post', '201'],
    ['/api/invitations/', 'post', '201'],
    ['/api/custom_emails/', 'post', '201'],
    ['/api/custom_emails/{id}', 'delete', '204'],
    ['/api/me/', 'get', '200'],
    ['/api/notification_settings/', 'patch', '200'],
  ])('%s %s answers %s and no other success', (openApiPath, method, success) => {
    const successes = findAnswerCodes(openApiPath, method).filter((code) => code.startsWith('2'));
    expect(successes).toEqual([success]);
  });

  it('lists the refusals a service raises beyond those its declaration implies', () => {
    expect(findAnswerCodes('/api/rest-auth/login/', 'post')).toEqual(['200', '400', '403', '404', '429']);
    expect(findAnswerCodes('/api/profiles/planner/', 'get')).toEqual(['200', '400', '401', '403', '404']);
    expect(findAnswerCodes('/api/profiles/edit/', 'post')).toEqual(['200', '400', '401']);
    expect(findAnswerCodes('/api/logo/', 'post')).toEqual(['200', '400', '401', '403']);
  });

  it('lists the refusals each declaration implies', () => {
    expect(findAnswerCodes('/api/custom_emails/{id}', 'delete')).toEqual(['204', '400', '401', '403', '404']);
    expect(findAnswerCodes('/api/me/', 'get')).toEqual(['200', '401']);
    expect(findAnswerCodes('/api/profiles/clients/', 'get')).toEqual(['200', '400', '401', '403']);
    expect(findAnswerCodes('/api/organization/', 'post')).toEqual(['201', '400', '429']);
  });
});
