import path from 'node:path';

export interface AppConfig {
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  publicUrl: string | undefined;
  /** Where the built web app lives; served when present. */
  webDistDir: string;
}

export const repositoryRoot = path.resolve(import.meta.dirname, '../../..');

export function readConfig(environment: NodeJS.ProcessEnv = process.env): AppConfig {
  return {
    port: Number(environment.PORT ?? 3000),
    dataDir: path.resolve(environment.DATA_DIR ?? path.join(repositoryRoot, 'data')),
    databaseUrl: environment.DATABASE_URL || undefined,
    smtpUrl: environment.SMTP_URL || undefined,
    publicUrl: environment.PUBLIC_URL?.replace(/\/$/, '') || undefined,
    webDistDir: path.join(repositoryRoot, 'apps/web/dist'),
  };
}
