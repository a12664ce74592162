import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AccessLevel } from '@prumo/domain/auth/roles';
import { featureToggles } from '@prumo/domain/organization/features';
import type { StatementReader } from '@prumo/statement-readers/statement-reader-pool';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, inject } from 'vitest';
import type { CepLookup } from '../../src/adapters/cep-lookup/cep-lookup';
import { createConfiguredCepLookup } from '../../src/adapters/cep-lookup/configured-cep-lookup';
import { createDiskStorage, type FileStorage } from '../../src/adapters/file-storage';
import type { Mailer, MailMessage } from '../../src/adapters/mailer';
import { buildApp } from '../../src/app';
import { type AppConfig, readConfig } from '../../src/config';
import { type DatabaseHandle, openDatabase } from '../../src/db/database';
import { organizationFeatures, organizations } from '../../src/db/schema';
import type { AppJobsOptions } from '../../src/jobs/app-jobs';
import { hashPassword } from '../../src/lib/passwords';
import { createSecret } from '../../src/lib/secrets';
import { insertAuthToken, insertUserWithProfile, type UserRow } from '../../src/modules/accounts/accounts.repo';
import { insertDefaultCategories } from '../../src/modules/categories/index';

export const testPassword = 'Senha@segura1';
/**
 * scrypt's N in tests: a sixteenth of production's, so the many registrations and sign-ins stay
 * quick. Production's cost has its own test (passwords.test.ts), and `environment` gives it back.
 */
export const testPasswordCost = 2 ** 13;
let passwordHash: string | undefined;

export interface TestContext {
  app: FastifyInstance;
  database: DatabaseHandle;
  /**
   * Every e-mail the app delivered, newest last. Delivery is a job: `call` waits for the jobs a
   * call queued; after `app.inject`, await `app.jobs.workDueJobs()` before reading it.
   */
  mailbox: (MailMessage & { fromName: string })[];
  /** The app's DATA_DIR, a temporary directory of its own. */
  dataDir: string;
  /** The schema of the app's job queues (pg-boss's tables). */
  jobsSchema: string;
  /** The configuration the app was built with. */
  config: AppConfig;
}

export const testEncryptionKey = Buffer.alloc(32, 7);

/** Builds the real app on the run's database; closed after the file's tests. */
export async function createTestContext(
  options: {
    rateLimitScale?: number;
    /** Sends of public forms an address makes before a challenge is asked (300 unless given; production: 3). */
    challengeFreeSends?: number;
    statementReader?: StatementReader;
    logLines?: string[];
    /** The environment the config is read from; otherwise links start at http://prumo.test. */
    environment?: NodeJS.ProcessEnv;
    webDistDir?: string;
    /** Files on the context's own disk unless given (an S3 bucket). */
    storage?: FileStorage;
    /** The job runner's settings: by default it works nothing by itself (see `call`). */
    jobs?: AppJobsOptions;
    /** The first this many deliveries fail, as a mail server that is down would. */
    failingDeliveries?: number;
    /** Where CEPs are looked up; the configured one (the embedded table) unless given. */
    cepLookup?: CepLookup;
  } = {},
): Promise<TestContext> {
  const database = await openDatabase(inject('databaseUrl'));
  const mailbox: TestContext['mailbox'] = [];
  let failuresLeft = options.failingDeliveries ?? 0;
  const mailer: Mailer = {
    async send(message) {
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        throw new Error('connect ECONNREFUSED 127.0.0.1:587');
      }
      mailbox.push(message);
    },
  };
  const jobsSchema = options.jobs?.schema ?? `jobs_test_${randomBytes(6).toString('hex')}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'prumo-api-test-'));
  const config = options.environment
    ? { ...readConfig(options.environment), dataDir }
    : { ...readConfig({}), dataDir, publicUrl: 'http://prumo.test', passwordHashCost: testPasswordCost };
  if (options.webDistDir) config.webDistDir = options.webDistDir;
  // The run's test files share one database, as a deployment's processes do, so they share one key.
  config.encryptionKey ??= testEncryptionKey;
  // Tests make many sends from one address; the challenge has a test of its own.
  config.challengeFreeSends = options.challengeFreeSends ?? 300;
  const app = await buildApp(
    {
      db: database.db,
      mailer,
      storage: options.storage ?? createDiskStorage(path.join(dataDir, 'media')),
      cepLookup: options.cepLookup ?? createConfiguredCepLookup(config),
      config,
    },
    // Tests make many calls from one address; the limits have a test of their own.
    {
      rateLimitScale: options.rateLimitScale ?? 100,
      checkResponseShapes: true,
      statementReader: options.statementReader,
      // Queues of its own: the run's other test files share the database, and a runner that took
      // their e-mails would put them in the wrong mailbox.
      jobs: { work: false, ...options.jobs, schema: jobsSchema },
      // The log is kept in `logLines` when a test asks to read it.
      ...(options.logLines && { logger: true, logStream: { write: (line: string) => options.logLines?.push(line) } }),
    },
  );
  afterAll(async () => {
    await app.close();
    await database.close();
  });
  return { app, database, mailbox, dataDir, jobsSchema, config };
}

export interface TestUser {
  row: UserRow;
  email: string;
  token: string;
}

export interface TestOrganization {
  id: number;
  slug: string;
  manager: TestUser;
  planner: TestUser;
  /** A client of `planner`. */
  client: TestUser;
  /** A client without a planner. */
  loneClient: TestUser;
}

/** An organization of its own per test (unique slug), with a user of each role already signed in. */
export async function createTestOrganization(context: TestContext, options: { toggles?: string[] } = {}) {
  const { db } = context.database;
  passwordHash ??= await hashPassword(testPassword, testPasswordCost);
  const slug = `t-${createSecret(6)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, 'x')}`;
  const [organization] = await db
    .insert(organizations)
    .values({ slug, name: `Organização ${slug}`, corporateName: `Organização ${slug} Ltda.`, primaryColor: '123456' })
    .returning();
  if (!organization) throw new Error('no organization');
  await insertDefaultCategories(db, organization.id);
  const toggles = options.toggles ?? [...featureToggles];
  if (toggles.length) {
    await db.insert(organizationFeatures).values(toggles.map((code) => ({ organizationId: organization.id, code })));
  }
  const addUser = async (name: string, role: AccessLevel, plannerUserId: number | null = null): Promise<TestUser> => {
    const email = `${name}@${slug}.test`;
    const row = await insertUserWithProfile(
      db,
      {
        organizationId: organization.id,
        email,
        firstName: name,
        lastName: 'Teste',
        phone: '11987654321',
        cpf: '52998224725',
        passwordHash: passwordHash as string,
        confirmed: true,
      },
      role,
      plannerUserId,
    );
    const token = await insertAuthToken(db, row.id, new Date(Date.now() + 60 * 60 * 1000));
    return { row, email, token };
  };
  const manager = await addUser('gestor', 'manager');
  const planner = await addUser('planejador', 'planner');
  const client = await addUser('cliente', 'client', planner.row.id);
  const loneClient = await addUser('avulso', 'client');
  return { id: organization.id, slug, manager, planner, client, loneClient } satisfies TestOrganization;
}

/**
 * Another planner of the organization with a client of their own (signed in): a client the
 * organization's test planner does not advise, for proving a planner reaches their own clients only.
 */
export async function addOtherPlannersClient(context: TestContext, target: TestOrganization): Promise<TestUser> {
  const { db } = context.database;
  const person = (name: string) => ({
    organizationId: target.id,
    email: `${name}@${target.slug}.test`,
    firstName: name,
    lastName: 'Teste',
    phone: '11987654321',
    cpf: '52998224725',
    passwordHash: 'not-used',
    confirmed: true,
  });
  const otherPlanner = await insertUserWithProfile(db, person('outro-planejador'), 'planner', null);
  const row = await insertUserWithProfile(db, person('cliente-do-outro'), 'client', otherPlanner.id);
  return { row, email: row.email, token: await insertAuthToken(db, row.id, new Date(Date.now() + 60 * 60 * 1000)) };
}

export interface CallOptions {
  token?: string;
  payload?: unknown;
  headers?: Record<string, string>;
  /** The caller's address (127.0.0.1 unless given): counts of per-address limits are shared by the run. */
  remoteAddress?: string;
}

export async function call(
  context: TestContext,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  const response = await context.app.inject({
    method,
    url,
    payload: options.payload as string | object | undefined,
    ...(options.remoteAddress && { remoteAddress: options.remoteAddress }),
    headers: { ...(options.token ? { authorization: `Token ${options.token}` } : {}), ...options.headers },
  });
  // What the call queued (an e-mail) is done before the test looks, as a user would wait for it.
  await context.app.jobs.workDueJobs();
  return response;
}

/** The link inside the newest e-mail sent to `email`. */
export function findLinkInMail(context: TestContext, email: string): string {
  const message = context.mailbox.filter((mail) => mail.to === email).at(-1);
  if (!message) throw new Error(`no e-mail to ${email}`);
  const link = /(http:\/\/prumo\.test\/\S+)/.exec(message.text)?.[1];
  if (!link) throw new Error('no link in the e-mail');
  return link;
}
