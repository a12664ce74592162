import path from 'node:path';
import { createStatementReaderPool } from '@prumo/statement-readers/statement-reader-pool';
import { createConfiguredCepLookup } from './adapters/cep-lookup/configured-cep-lookup';
import { createConfiguredStorage } from './adapters/configured-storage';
import { createConfiguredMailer } from './adapters/mailer';
import { ensurePrivateDirectory } from './adapters/private-files';
import { buildApp } from './app';
import { readConfigOrExit } from './config';
import { explainDataDirectoryError, prepareDataDirectory, StartError } from './data-directory';
import { openDatabase } from './db/database';
import { type EmbeddedServer, startEmbeddedServer } from './db/embedded-server';
import { seedDemoWhenEmpty } from './db/seed/demo';
import { insertMissingDefaultCategories } from './modules/categories/index';
import { removeImportLeftovers } from './modules/imports/index';
import { ensureVapidKeys } from './modules/push/index';
import { markWebBuildServed } from './web-build';

const config = readConfigOrExit();
let embeddedServer: EmbeddedServer | null = null;
let database: Awaited<ReturnType<typeof openDatabase>>;
try {
  await prepareDataDirectory(config.dataDir, { lock: !config.databaseUrl });
  try {
    await ensurePrivateDirectory(path.join(config.dataDir, 'media'));
  } catch (error) {
    throw explainDataDirectoryError(config.dataDir, error);
  }
  let connectionString = config.databaseUrl;
  if (!connectionString) {
    embeddedServer = await startEmbeddedServer(path.join(config.dataDir, 'pg'), (line) => console.log(line));
    await embeddedServer.createDatabaseIfMissing('prumo');
    connectionString = embeddedServer.connectionStringFor('prumo');
  }
  database = await openDatabase(connectionString);
} catch (error) {
  // A data directory Prumo cannot use, or one another Prumo holds: one line, not a stack trace.
  if (!(error instanceof StartError)) throw error;
  console.error(error.message);
  await embeddedServer?.stop();
  process.exit(1);
}
await insertMissingDefaultCategories(database.db);
// Web Push needs no outside account: the instance's VAPID pair is made on its first start.
await ensureVapidKeys(database.db, config);
// An external database is someone's real data: demo accounts only through `npm run seed:demo`.
if (embeddedServer && (await seedDemoWhenEmpty(database.db))) {
  console.log('Demo organizations created (see README for the accounts).');
}
const storage = await createConfiguredStorage(config);
const leftovers = await removeImportLeftovers(database.db, {
  storage,
  uploadDirectory: path.join(config.dataDir, 'tmp', 'uploads'),
});
if (leftovers.bundles + leftovers.originals + leftovers.uploads > 0) {
  console.log(
    `Removed what interrupted imports left: ${leftovers.bundles} empty bundle(s), ${leftovers.originals} kept original(s) with no file, ${leftovers.uploads} upload(s) in waiting`,
  );
}

const app = await buildApp(
  {
    db: database.db,
    mailer: createConfiguredMailer(config),
    storage,
    cepLookup: createConfiguredCepLookup(config),
    config,
  },
  // The first import after a start does not wait for a statement reader to load.
  { logger: true, statementReader: createStatementReaderPool({ readyWorkers: 1 }) },
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
  markWebBuildServed(config.webDistDir);
} catch (error) {
  app.log.error(error);
  await database.close();
  await embeddedServer?.stop();
  process.exit(1);
}
