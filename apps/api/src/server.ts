import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { createDiskStorage } from './adapters/file-storage';
import { createFileMailer, createSmtpMailer } from './adapters/mailer';
import { buildApp } from './app';
import { readConfig } from './config';
import { openDatabase } from './db/database';
import { type EmbeddedServer, startEmbeddedServer } from './db/embedded-server';
import { seedDemoWhenEmpty } from './db/seed/demo';
import { insertMissingDefaultCategories } from './modules/categories/categories.repo';

const config = readConfig();
mkdirSync(path.join(config.dataDir, 'media'), { recursive: true });
let embeddedServer: EmbeddedServer | null = null;
let connectionString = config.databaseUrl;
if (!connectionString) {
  embeddedServer = await startEmbeddedServer(path.join(config.dataDir, 'pg'), (line) => console.log(line));
  await embeddedServer.createDatabaseIfMissing('prumo');
  connectionString = embeddedServer.connectionStringFor('prumo');
}
const database = await openDatabase(connectionString);
await insertMissingDefaultCategories(database.db);
// An external database is someone's real data: demo accounts only through `npm run seed:demo`.
if (embeddedServer && (await seedDemoWhenEmpty(database.db))) {
  console.log('Demo organizations created (see README for the accounts).');
}

const app = await buildApp(
  {
    db: database.db,
    mailer: config.smtpUrl ? createSmtpMailer(config.smtpUrl) : createFileMailer(path.join(config.dataDir, 'mail')),
    storage: createDiskStorage(path.join(config.dataDir, 'media')),
    config,
  },
  { logger: true },
);

async function shutDown(): Promise<void> {
  await app.close();
  await database.close();
  await embeddedServer?.stop();
  process.exit(0);
}
process.once('SIGINT', shutDown);
process.once('SIGTERM', shutDown);

try {
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Links in e-mails start at ${config.publicUrl}${process.env.PUBLIC_URL ? '' : ' (set PUBLIC_URL to change it)'}`,
  );
} catch (error) {
  app.log.error(error);
  await database.close();
  await embeddedServer?.stop();
  process.exit(1);
}
