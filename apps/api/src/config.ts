import path from 'node:path';
import cronParser from 'cron-parser';
import { readS3Location, type S3Location } from './adapters/storage-url';
import { productionPasswordCost } from './lib/passwords';
import { readEncryptionKey } from './lib/secret-box';

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
  /**
   * Where CEPs are looked up (CEP_LOOKUP): `embedded`, the small table shipped with Prumo (the
   * default, no network); `online`, the public CEP services through cep-promise.
   */
  cepLookup: CepLookupSource;
  /**
   * The key stored secrets are encrypted with (ENCRYPTION_KEY, 32 bytes); without it a key generated
   * once under DATA_DIR, which suits one process only (docs/deployment.md).
   */
  encryptionKey: Buffer | undefined;
  /** Pagar.me's API root (PAGARME_API_URL): its calls and the browser's tokenization start there. */
  pagarmeApiUrl: string;
  /** Belvo's API root (BELVO_API_URL) and its hosted widget's address (BELVO_WIDGET_URL), for organizations that configure it. */
  belvoApiUrl: string;
  belvoWidgetUrl: string;
  /** Pluggy's API root (PLUGGY_API_URL), for organizations that configure it for Open Finance. */
  pluggyApiUrl: string;
  /**
   * The keys Pagar.me signs its webhooks with: a JWKS address (PAGARME_WEBHOOK_JWKS_URL) or the key
   * set itself as JSON (PAGARME_WEBHOOK_JWKS). Without either, Pagar.me's webhooks are refused.
   */
  pagarmeWebhookJwksUrl: string | undefined;
  pagarmeWebhookJwks: string | undefined;
  /** How long a sandbox charge stays `processing` before it settles (SANDBOX_GATEWAY_SETTLE_SECONDS). */
  sandboxSettleSeconds: number;
  /** Where the sandbox sends webhooks (SANDBOX_GATEWAY_WEBHOOK_URL); Prumo's own receiver under PUBLIC_URL unless set. */
  sandboxWebhookUrl: string | undefined;
  /** The challenge public forms ask for once an address shows abuse (CHALLENGE_*, ADR 38). */
  challenge: ChallengeConfig;
  /** Push notifications (ADR 42): Web Push always; Firebase Cloud Messaging when configured. */
  push: PushConfig;
  /**
   * Sends of the public forms one address makes in 15 minutes before each further one needs a solved
   * challenge (CHALLENGE_FREE_SENDS, 3 unless set).
   */
  challengeFreeSends: number;
  /**
   * How often an open live stream is pinged (so proxies keep it) and its session checked (so signing
   * out ends it): 25 s.
   */
  liveHeartbeatMilliseconds: number;
  /**
   * An OpenAI-compatible chat-completions endpoint for the planner chat's assistant (ASSISTANT_URL,
   * ASSISTANT_MODEL, ASSISTANT_API_KEY). Unset: the embedded pt-BR intents answer, and nothing about
   * clients leaves the machine.
   */
  assistant: AssistantConfig | undefined;
}

export interface AssistantConfig {
  url: string;
  apiKey: string | undefined;
  model: string;
}

function readAssistant(environment: NodeJS.ProcessEnv): AssistantConfig | undefined {
  const url = readAddress('ASSISTANT_URL', environment.ASSISTANT_URL?.trim());
  if (!url) return undefined;
  const model = environment.ASSISTANT_MODEL?.trim();
  if (!model) throw new Error('ASSISTANT_URL needs ASSISTANT_MODEL (the model the endpoint runs)');
  return { url, apiKey: environment.ASSISTANT_API_KEY?.trim() || undefined, model };
}

export interface PushConfig {
  /** FIREBASE_SERVICE_ACCOUNT: the service account's JSON, or the path of its file; FCM tokens are sent through it. */
  firebaseServiceAccount: string | undefined;
  /** WEB_PUSH_SUBJECT: how push services reach the operator (mailto: or https:); built from PUBLIC_URL unless set. */
  webPushSubject: string;
  /**
   * WEB_PUSH_EXTRA_ORIGINS: push services beyond the browsers' own (a private one), separated by
   * commas. Prumo posts to a subscription's address, so only known services are accepted.
   */
  webPushExtraOrigins: string[];
}

function readPush(environment: NodeJS.ProcessEnv, publicUrl: string): PushConfig {
  const publicAddress = new URL(publicUrl);
  const subject =
    environment.WEB_PUSH_SUBJECT ||
    (publicAddress.protocol === 'https:' ? publicAddress.origin : `mailto:push@${publicAddress.hostname}`);
  if (!/^(mailto:|https:\/\/)/.test(subject))
    throw new Error(`WEB_PUSH_SUBJECT must start with mailto: or https://: ${subject}`);
  const extraOrigins = (environment.WEB_PUSH_EXTRA_ORIGINS ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      try {
        return new URL(entry).origin;
      } catch {
        throw new Error(`WEB_PUSH_EXTRA_ORIGINS has an entry that is no address: ${entry}`);
      }
    });
  return {
    firebaseServiceAccount: environment.FIREBASE_SERVICE_ACCOUNT || undefined,
    webPushSubject: subject,
    webPushExtraOrigins: extraOrigins,
  };
}

export const challengeProviders = ['altcha', 'turnstile', 'hcaptcha'] as const;
export type ChallengeProviderName = (typeof challengeProviders)[number];

/**
 * `altcha`: Prumo's own proof-of-work, no outside account (the default). `turnstile` / `hcaptcha`:
 * that service, with its site key (shown to browsers) and secret key (sent to its verify call only).
 */
export type ChallengeConfig =
  | { provider: 'altcha' }
  | { provider: 'turnstile' | 'hcaptcha'; siteKey: string; secretKey: string; verifyUrl: string };

const challengeVerifyUrls = {
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
  hcaptcha: 'https://api.hcaptcha.com/siteverify',
} as const;

function readChallengeFreeSends(value: string | undefined): number {
  if (value === undefined || value === '') return 3;
  const sends = Number(value);
  if (!Number.isInteger(sends) || sends < 0 || sends > 1_000_000) {
    throw new Error(`CHALLENGE_FREE_SENDS must be a whole number from 0 to 1000000: ${value}`);
  }
  return sends;
}

function readChallenge(environment: NodeJS.ProcessEnv): ChallengeConfig {
  const provider = environment.CHALLENGE_PROVIDER?.trim() || 'altcha';
  if (!(challengeProviders as readonly string[]).includes(provider)) {
    throw new Error(`CHALLENGE_PROVIDER must be altcha, turnstile or hcaptcha: ${provider}`);
  }
  if (provider === 'altcha') return { provider: 'altcha' };
  const siteKey = environment.CHALLENGE_SITE_KEY?.trim();
  const secretKey = environment.CHALLENGE_SECRET_KEY?.trim();
  if (!siteKey || !secretKey) {
    throw new Error(`CHALLENGE_PROVIDER=${provider} needs CHALLENGE_SITE_KEY and CHALLENGE_SECRET_KEY`);
  }
  const name = provider as 'turnstile' | 'hcaptcha';
  const verifyUrl = readAddress('CHALLENGE_VERIFY_URL', environment.CHALLENGE_VERIFY_URL) ?? challengeVerifyUrls[name];
  return { provider: name, siteKey, secretKey, verifyUrl };
}

export const cepLookupSources = ['embedded', 'online'] as const;
export type CepLookupSource = (typeof cepLookupSources)[number];

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

function readAddress(name: string, value: string | undefined): string | undefined {
  if (!value) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new Error(`${name} is not an address: ${value}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new Error(`${name} must start with http:// or https://: ${value}`);
  }
  return value.replace(/\/+$/, '');
}

function readSettleSeconds(value: string | undefined): number {
  if (value === undefined || value === '') return 5;
  const seconds = Number(value);
  if (!Number.isInteger(seconds) || seconds < 0 || seconds > 3600) {
    throw new Error(`SANDBOX_GATEWAY_SETTLE_SECONDS must be a whole number of seconds from 0 to 3600: ${value}`);
  }
  return seconds;
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

function readCepLookup(value: string | undefined): CepLookupSource {
  const source = value?.trim() || 'embedded';
  if (!(cepLookupSources as readonly string[]).includes(source)) {
    throw new Error(`CEP_LOOKUP must be embedded or online: ${value}`);
  }
  return source as CepLookupSource;
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
  const publicUrl = readPublicUrl(environment.PUBLIC_URL || undefined, host, port);
  return {
    port,
    host,
    dataDir: path.resolve(environment.DATA_DIR ?? path.join(repositoryRoot, 'data')),
    databaseUrl,
    smtpUrl: environment.SMTP_URL || undefined,
    s3Storage: environment.STORAGE_URL ? readS3Location(environment.STORAGE_URL, environment) : undefined,
    publicUrl,
    trustProxy: readTrustProxy(environment.TRUST_PROXY || undefined),
    webDistDir: path.join(repositoryRoot, 'apps/web/dist'),
    passwordHashCost: productionPasswordCost,
    runJobs,
    cleanupCron: readCleanupCron(environment.CLEANUP_CRON),
    cepLookup: readCepLookup(environment.CEP_LOOKUP),
    encryptionKey: environment.ENCRYPTION_KEY ? readEncryptionKey(environment.ENCRYPTION_KEY) : undefined,
    pagarmeApiUrl: readAddress('PAGARME_API_URL', environment.PAGARME_API_URL) ?? 'https://api.pagar.me/core/v5',
    belvoApiUrl: readAddress('BELVO_API_URL', environment.BELVO_API_URL) ?? 'https://api.belvo.com',
    belvoWidgetUrl: readAddress('BELVO_WIDGET_URL', environment.BELVO_WIDGET_URL) ?? 'https://widget.belvo.io',
    pluggyApiUrl: readAddress('PLUGGY_API_URL', environment.PLUGGY_API_URL) ?? 'https://api.pluggy.ai',
    pagarmeWebhookJwksUrl: readAddress('PAGARME_WEBHOOK_JWKS_URL', environment.PAGARME_WEBHOOK_JWKS_URL),
    pagarmeWebhookJwks: environment.PAGARME_WEBHOOK_JWKS || undefined,
    sandboxSettleSeconds: readSettleSeconds(environment.SANDBOX_GATEWAY_SETTLE_SECONDS),
    sandboxWebhookUrl: readAddress('SANDBOX_GATEWAY_WEBHOOK_URL', environment.SANDBOX_GATEWAY_WEBHOOK_URL),
    challenge: readChallenge(environment),
    push: readPush(environment, publicUrl),
    challengeFreeSends: readChallengeFreeSends(environment.CHALLENGE_FREE_SENDS),
    liveHeartbeatMilliseconds: 25_000,
    assistant: readAssistant(environment),
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
