import path from 'node:path';
import { readConfig } from '../../config';
import { openDatabase } from '../database';
import { startEmbeddedServer } from '../embedded-server';
import { seedMissingDemoOrganizations } from './demo';

const config = readConfig();
const embeddedServer = config.databaseUrl
  ? null
  : await startEmbeddedServer(path.join(config.dataDir, 'pg'), console.log);
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
