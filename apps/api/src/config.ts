import path from 'node:path';
import { productionPasswordCost } from './lib/passwords';

export interface AppConfig {
  port: number;
  /** The interface the server listens on. */
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  /**
   * The origin every absolute link starts with (e-mails, page links): PUBLIC_URL, or the address
   * Prumo listens on. Never the request's Host or X-Forwarded-* headers, which the caller chooses.
   */
  publicUrl: string;
  /** Where the built web app lives; served when present. */
  webDistDir: string;
  /** scrypt's N for new password hashes: production's always (no variable lowers it); only tests pass less. */
  passwordHashCost: number;
}

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

export function readConfig(environment: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = Number(environment.PORT ?? 3000);
  const host = environment.HOST ?? '0.0.0.0';
  return {
    port,
    host,
    dataDir: path.resolve(environment.DATA_DIR ?? path.join(repositoryRoot, 'data')),
    databaseUrl: environment.DATABASE_URL || undefined,
    smtpUrl: environment.SMTP_URL || undefined,
    publicUrl: readPublicUrl(environment.PUBLIC_URL || undefined, host, port),
    webDistDir: path.join(repositoryRoot, 'apps/web/dist'),
    passwordHashCost: productionPasswordCost,
  };
}
