import path from 'node:path';
import cronParser from 'cron-parser';
import { readS3Location, type S3Location } from './adapters/storage-url';
import { productionPasswordCost } from './lib/passwords';

export interface AppConfig {
  port: number;
  /** The interface the server listens on. */
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  /** Files in an S3-compatible bucket (STORAGE_URL), shared by every process; under DATA_DIR without it. */
  s3Storage: S3Location | undefined;
  /**
   * The origin every absolute link starts with (e-mails, page links): PUBLIC_URL, or the address
   * Prumo listens on. Never the request's Host or X-Forwarded-* headers, which the caller chooses.
   */
  publicUrl: string;
  /**
   * The proxies (load balancers) in front of Prumo whose X-Forwarded-For is believed: their
   * addresses or CIDR ranges, separated by commas. Without it the caller's address is the connection's,
   * which behind a proxy is the proxy's for everyone (per-address limits would then count all callers together).
   */
  trustProxy: string | undefined;
  /** Where the built web app lives; served when present. */
  webDistDir: string;
  /** scrypt's N for new password hashes: production's always (no variable lowers it); only tests pass less. */
  passwordHashCost: number;
  /** Whether this process runs background jobs (RUN_JOBS); otherwise `npm run worker` does. */
  runJobs: boolean;
  /** When the daily cleanup runs (CLEANUP_CRON), in America/Sao_Paulo time. */
  cleanupCron: string;
}

/** Schedules are read in Brazil's time: "at night" means a Brazilian night. */
export const jobsTimeZone = 'America/Sao_Paulo';
/** 03:30, when nobody is importing. */
const defaultCleanupCron = '30 3 * * *';

export const repositoryRoot = path.resolve(import.meta.dirname, '../../..');
const anyInterface = new Set(['0.0.0.0', '::', '']);

function readPublicUrl(publicUrl: string | undefined, host: string, port: number): string {
  if (!publicUrl) {
    const hostName = anyInterface.has(host) ? 'localhost' : host.includes(':') ? `[${host}]` : host;
    return `http://${hostName}:${port}`;
  }
  let parsed: URL;
  try {
    parsed = new URL(publicUrl);
  } catch {
    throw new Error(`PUBLIC_URL is not an address: ${publicUrl}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new Error(`PUBLIC_URL must start with http:// or https://: ${publicUrl}`);
  }
  // A path (Prumo behind a prefix) is kept; a query or fragment has no place in links built on it.
  return `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`;
}

function readTrustProxy(trustProxy: string | undefined): string | undefined {
  // Trusting every sender would let any caller choose the address its limits are counted under.
  if (trustProxy && !/^[0-9a-f.:/]+(\s*,\s*[0-9a-f.:/]+)*$/i.test(trustProxy)) {
    throw new Error('TRUST_PROXY must list the proxies’ addresses or CIDR ranges, separated by commas');
  }
  return trustProxy;
}

function readRunJobs(value: string | undefined): boolean {
  if (value === undefined || value === '' || value === 'true') return true;
  if (value === 'false') return false;
  throw new Error(`RUN_JOBS must be true or false: ${value}`);
}

function readCleanupCron(value: string | undefined): string {
  const cron = value?.trim() || defaultCleanupCron;
  try {
    cronParser.parseExpression(cron, { tz: jobsTimeZone });
  } catch {
    throw new Error(`CLEANUP_CRON is not a cron schedule (minute hour day month weekday): ${value}`);
  }
  return cron;
}

export function readConfig(environment: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = Number(environment.PORT ?? 3000);
  const host = environment.HOST ?? '0.0.0.0';
  const databaseUrl = environment.DATABASE_URL || undefined;
  const runJobs = readRunJobs(environment.RUN_JOBS);
  if (!runJobs && !databaseUrl) {
    // The embedded PostgreSQL belongs to the one process that started it: no worker can join it.
    throw new Error(
      'RUN_JOBS=false needs DATABASE_URL: with the embedded PostgreSQL no `npm run worker` can run beside this process, and e-mail would never go out.',
    );
  }
  return {
    port,
    host,
    dataDir: path.resolve(environment.DATA_DIR ?? path.join(repositoryRoot, 'data')),
    databaseUrl,
    smtpUrl: environment.SMTP_URL || undefined,
    s3Storage: environment.STORAGE_URL ? readS3Location(environment.STORAGE_URL, environment) : undefined,
    publicUrl: readPublicUrl(environment.PUBLIC_URL || undefined, host, port),
    trustProxy: readTrustProxy(environment.TRUST_PROXY || undefined),
    webDistDir: path.join(repositoryRoot, 'apps/web/dist'),
    passwordHashCost: productionPasswordCost,
    runJobs,
    cleanupCron: readCleanupCron(environment.CLEANUP_CRON),
  };
}

/** A setting Prumo cannot use (a PUBLIC_URL that is no address) stops the start with one line. */
export function readConfigOrExit(): AppConfig {
  try {
    return readConfig();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
