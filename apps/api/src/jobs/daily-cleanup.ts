import path from 'node:path';
import { z } from 'zod';
import { removeDeadTokens } from '../modules/accounts/index';
import { removeImportLeftovers } from '../modules/imports/index';
import { defineJob, type JobDefinition } from './define-job';
import { removeUndeliveredEmails } from './email-delivery';

const DailyCleanupSchema = z.object({});

/**
 * Removes what nobody can reach any more: what interrupted imports left (kept originals with no
 * row, empty bundles, uploads left waiting), dead sessions and one-time links, and e-mails that
 * outlived their retries. Everything it removes is older than any work still running.
 */
export const dailyCleanupJob: JobDefinition<z.infer<typeof DailyCleanupSchema>> = defineJob({
  name: 'daily-cleanup',
  schema: DailyCleanupSchema,
  schedule: (config) => config.cleanupCron,
  retry: { limit: 3, delaySeconds: 300, backoff: false },
  async handle(_data, { deps, log }) {
    const now = new Date();
    const leftovers = await removeImportLeftovers(
      deps.db,
      {
        storage: deps.storage,
        uploadDirectory: path.join(deps.config.dataDir, 'tmp', 'uploads'),
      },
      now,
    );
    const tokens = await removeDeadTokens(deps.db, now);
    const emails = await removeUndeliveredEmails(deps.db, now);
    log.info({ ...leftovers, ...tokens, undeliveredEmails: emails }, 'daily cleanup finished');
  },
});
