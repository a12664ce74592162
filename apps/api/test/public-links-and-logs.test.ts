import { DrizzleQueryError } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../src/config';
import { redactUrl } from '../src/lib/log-redaction';
import {
  call,
  createTestContext,
  createTestOrganization,
  findLinkInMail,
  type TestContext,
  type TestOrganization,
} from './helpers/test-app';

const logLines: string[] = [];
let context: TestContext;
let organization: TestOrganization;
/** An app started without PUBLIC_URL on port 3402. */
let unconfigured: TestContext;
let unconfiguredOrganization: TestOrganization;

beforeAll(async () => {
  context = await createTestContext({ logLines });
  organization = await createTestOrganization(context);
  unconfigured = await createTestContext({ environment: { PORT: '3402' } });
  unconfiguredOrganization = await createTestOrganization(unconfigured);
});

/** What an attacker sends to make Prumo build links to their own site. */
const hostileHeaders = {
  host: 'evil.example',
  'x-forwarded-host': 'evil.example',
  'x-forwarded-proto': 'https',
  forwarded: 'host=evil.example;proto=https',
};

const ownAddress = 'http://localhost:3402/';

function findLinkIn(mail: { text: string }): string {
  return /(https?:\/\/\S+)/.exec(mail.text)?.[1] ?? '';
}

describe('links Prumo builds', () => {
  it('start at PUBLIC_URL, or at the address Prumo listens on when it is unset', () => {
    expect(readConfig({ PORT: '3402' }).publicUrl).toBe('http://localhost:3402');
    expect(readConfig({ PORT: '3402', HOST: '127.0.0.1' }).publicUrl).toBe('http://127.0.0.1:3402');
    expect(readConfig({ PUBLIC_URL: 'https://financas.exemplo.com.br/' }).publicUrl).toBe(
      'https://financas.exemplo.com.br',
    );
    expect(() => readConfig({ PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/PUBLIC_URL/);
  });

  it('ignore Host and X-Forwarded-* in password reset, access link, confirmation and registration e-mails', async () => {
    const before = unconfigured.mailbox.length;
    const { slug, client, planner } = unconfiguredOrganization;
    const reset = await call(unconfigured, 'POST', '/api/rest-auth/password/reset/', {
      payload: { email: client.email, organization: slug },
      headers: hostileHeaders,
    });
    expect(reset.statusCode).toBe(200);
    const access = await call(unconfigured, 'POST', '/api/rest-auth/access-link/', {
      payload: { email: planner.email, organization: slug },
      headers: hostileHeaders,
    });
    expect(access.statusCode).toBe(200);
    const person = {
      organization: slug,
      email: `convidado@${slug}.test`,
      first_name: 'Maria',
      last_name: 'Souza',
      phone: '(11) 98765-4321',
      hash: planner.row.invitationHash,
      password1: 'Orcamento#Familia9',
      password2: 'Orcamento#Familia9',
    };
    const registration = await call(unconfigured, 'POST', '/api/rest-auth/registration/simple/', {
      payload: person,
      headers: hostileHeaders,
    });
    expect(registration.statusCode).toBe(201);
    const resend = await call(
      unconfigured,
      'GET',
      `/api/resend-activate/?email=${encodeURIComponent(person.email)}&organization=${slug}`,
      { headers: hostileHeaders },
    );
    expect(resend.statusCode).toBe(200);

    const sent = unconfigured.mailbox.slice(before);
    expect(sent.map((mail) => mail.to)).toEqual([client.email, planner.email, person.email, person.email]);
    for (const mail of sent) expect(`${mail.text}${mail.html}`).not.toContain('evil.example');
    expect(sent.map(findLinkIn)).toEqual([
      expect.stringMatching(new RegExp(`^${ownAddress}${slug}/redefinir-senha/[^/]+/[^/]+$`)),
      expect.stringMatching(new RegExp(`^${ownAddress}access/[^/]+$`)),
      expect.stringMatching(new RegExp(`^${ownAddress}${slug}/confirmar/[^/]+$`)),
      expect.stringMatching(new RegExp(`^${ownAddress}${slug}/confirmar/[^/]+$`)),
    ]);
  });

  it('ignore Host and X-Forwarded-* in a task e-mail', async () => {
    const { client, planner, slug } = unconfiguredOrganization;
    await call(unconfigured, 'PATCH', '/api/notification_settings/', {
      token: client.token,
      payload: { channels: ['in_app', 'email'], notificationTrigger: 'notices' },
    });
    const before = unconfigured.mailbox.length;
    const notice = await call(unconfigured, 'POST', '/api/tasks/notification/', {
      token: planner.token,
      payload: { client: client.row.id, title: 'Reunião na quinta' },
      headers: hostileHeaders,
    });
    expect(notice.statusCode, notice.body).toBe(201);
    const [mail] = unconfigured.mailbox.slice(before);
    expect(mail?.to).toBe(client.email);
    expect(`${mail?.text}${mail?.html}`).not.toContain('evil.example');
    expect(findLinkIn(mail ?? { text: '' })).toBe(`${ownAddress}app/${slug}/tarefas-e-avisos?avisos=true`);
  });

  it('follow PUBLIC_URL when it is set, whatever the request says', async () => {
    const before = context.mailbox.length;
    await call(context, 'POST', '/api/rest-auth/password/reset/', {
      payload: { email: organization.client.email, organization: organization.slug },
      headers: hostileHeaders,
    });
    expect(context.mailbox.length).toBe(before + 1);
    expect(findLinkInMail(context, organization.client.email)).toMatch(
      new RegExp(`^http://prumo\\.test/${organization.slug}/redefinir-senha/`),
    );
  });

  it('ignore Host and X-Forwarded-* in a page’s next and previous', async () => {
    const response = await call(unconfigured, 'GET', '/api/profiles/clients/?profile=manager&limit=1&offset=1', {
      token: unconfiguredOrganization.manager.token,
      headers: hostileHeaders,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    // The organization's two clients and the one registered above.
    expect(body.next).toBe(`${ownAddress}api/profiles/clients/?profile=manager&limit=1&offset=2`);
    expect(body.previous).toBe(`${ownAddress}api/profiles/clients/?profile=manager&limit=1&offset=0`);
    const first = await call(context, 'GET', '/api/profiles/clients/?profile=manager&limit=1', {
      token: organization.manager.token,
      headers: hostileHeaders,
    });
    expect(first.json().next).toBe('http://prumo.test/api/profiles/clients/?profile=manager&limit=1&offset=1');
  });
});

describe('the log', () => {
  it('says an e-mail was sent and to whom, never its link or token', async () => {
    logLines.length = 0;
    const response = await call(context, 'POST', '/api/rest-auth/password/reset/', {
      payload: { email: organization.manager.email, organization: organization.slug },
    });
    expect(response.statusCode).toBe(200);
    const link = findLinkInMail(context, organization.manager.email);
    const token = link.split('/').at(-1) as string;
    expect(token.length).toBeGreaterThan(20);
    const log = logLines.join('');
    expect(log).toContain('e-mail queued');
    expect(log).toContain('e-mail delivered');
    expect(log).toContain(organization.manager.email);
    expect(log).not.toContain(token);
    expect(log).not.toContain('redefinir-senha');
  });

  it('keeps tokens in addresses and the Authorization key out of request lines', async () => {
    logLines.length = 0;
    const pathToken = 'Abcdefghij0123456789_-XYZabcdefgh';
    await call(context, 'GET', `/access/${pathToken}`);
    await call(context, 'GET', `/${organization.slug}/confirmar/${pathToken}`);
    await call(context, 'GET', `/${organization.slug}/redefinir-senha/MTI/${pathToken}`);
    await call(context, 'GET', `/qualquer/?token=${pathToken}&pagina=2`);
    await call(context, 'GET', '/api/me/', { token: organization.client.token, headers: hostileHeaders });
    const log = logLines.join('');
    expect(log).toContain('/access/[oculto]');
    expect(log).toContain('?token=[oculto]&pagina=2');
    expect(log).not.toContain(pathToken);
    expect(log).not.toContain(organization.client.token);
    expect(log).not.toContain('evil.example');
  });

  it('hides secrets in the addresses it writes', () => {
    expect(redactUrl('/api/invitation/abc123/?organization=acme')).toBe('/api/invitation/[oculto]/?organization=acme');
    expect(redactUrl('/acme/cadastro/cliente/abc/plano')).toBe('/acme/cadastro/[oculto]/[oculto]/[oculto]');
    expect(redactUrl('/api/cash-flow/?limit=1&offset=2')).toBe('/api/cash-flow/?limit=1&offset=2');
    // A live-updates ticket opens the stream of its session's notifications.
    expect(redactUrl('/api/live/?ticket=Ab_12cd')).toBe('/api/live/?ticket=[oculto]');
    // The link Belvo's widget returns is the access to the person's bank data.
    expect(redactUrl('/callback-opb?link=3f1c-9a&institution=ofitau_br_retail')).toBe(
      '/callback-opb?link=[oculto]&institution=ofitau_br_retail',
    );
  });
});

describe('a failed query in the log', () => {
  it('keeps the query and the database’s code, never the values a person sent', async () => {
    const refused = Object.assign(new Error('duplicate key value violates unique constraint "users_email_unique"'), {
      code: '23505',
      detail: 'Key (email)=(ana.segredo@exemplo.com.br) already exists.',
    });
    const failed = new DrizzleQueryError(
      'insert into "chat_messages" ("text") values ($1)',
      ['Minha senha do banco é 123456', 'ana.segredo@exemplo.com.br'],
      refused,
    );
    const before = logLines.length;
    context.app.log.error({ err: failed }, 'unexpected error');
    // Some jobs copy only the message into their line.
    context.app.log.error({ error: failed.message }, 'renewal not charged');
    const written = logLines.slice(before).join('\n');
    expect(written).toContain('insert into \\"chat_messages\\"');
    expect(written).toContain('23505');
    expect(written).toContain('params: [oculto]');
    expect(written).not.toContain('123456');
    expect(written).not.toContain('ana.segredo');
  });
});
