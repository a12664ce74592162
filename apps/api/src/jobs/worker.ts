import { createConfiguredCepLookup } from '../adapters/cep-lookup/configured-cep-lookup';
import { createConfiguredStorage } from '../adapters/configured-storage';
import { createConfiguredMailer } from '../adapters/mailer';
import { readConfigOrExit } from '../config';
import { prepareDataDirectory, StartError } from '../data-directory';
import { openDatabase } from '../db/database';
import { createAppJobs } from './app-jobs';
import type { JobLog } from './define-job';

// `npm run worker`: runs Prumo's jobs, and serves no requests, beside web processes started with
// RUN_JOBS=false on the same database and DATA_DIR.
const config = readConfigOrExit();
if (!config.databaseUrl) {
  console.error(
    'npm run worker needs DATABASE_URL: the embedded PostgreSQL belongs to the one Prumo that started it (npm start), which runs the jobs itself.',
  );
  process.exit(1);
}
try {
  await prepareDataDirectory(config.dataDir, { lock: false });
} catch (error) {
  if (!(error instanceof StartError)) throw error;
  console.error(error.message);
  process.exit(1);
}
const database = await openDatabase(config.databaseUrl);
const jobs = createAppJobs(
  {
    db: database.db,
    mailer: createConfiguredMailer(config),
    storage: await createConfiguredStorage(config),
    cepLookup: createConfiguredCepLookup(config),
    config,
  },
  createJsonLog(),
  { work: true },
);
await jobs.runner.start();
console.log(`Prumo worker ${jobs.runner.processId} is running jobs.`);

async function shutDown(): Promise<void> {
  await jobs.runner.stop();
  await database.close();
  process.exit(0);
}
process.once('SIGINT', shutDown);
process.once('SIGTERM', shutDown);

/** One JSON line an entry, as the web process's log writes them. */
function createJsonLog(): JobLog {
  const write = (level: number, fields: object, message: string) =>
    console.log(JSON.stringify({ level, time: Date.now(), pid: process.pid, ...fields, msg: message }));
  return {
    info: (fields, message) => write(30, fields, message),
    error: (fields, message) => write(50, fields, message),
  };
}
