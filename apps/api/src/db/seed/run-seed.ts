import path from 'node:path';
import { readConfig } from '../../config';
import { prepareDataDirectory, StartError } from '../../data-directory';
import { openDatabase } from '../database';
import { type EmbeddedServer, startEmbeddedServer } from '../embedded-server';
import { seedMissingDemoOrganizations } from './demo';

const config = readConfig();
let embeddedServer: EmbeddedServer | null = null;
if (!config.databaseUrl) {
  try {
    // The embedded server is the running Prumo's while it runs: seed through it, or stop it first.
    await prepareDataDirectory(config.dataDir, { lock: true });
    embeddedServer = await startEmbeddedServer(path.join(config.dataDir, 'pg'), console.log);
  } catch (error) {
    if (!(error instanceof StartError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
await embeddedServer?.createDatabaseIfMissing('prumo');
const database = await openDatabase(config.databaseUrl ?? embeddedServer?.connectionStringFor('prumo') ?? '');
try {
  const created = await seedMissingDemoOrganizations(database.db);
  console.log(
    created.length ? `Demo organizations created: ${created.join(', ')}` : 'Demo organizations already exist.',
  );
} finally {
  await database.close();
  await embeddedServer?.stop();
}
