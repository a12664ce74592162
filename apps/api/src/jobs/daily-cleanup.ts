import path from 'node:path';
import { z } from 'zod';
import { deleteDeadTokens as removeDeadCardTokens } from '../adapters/card-gateway/sandbox/index';
import { removeStaleSimulatorConsents } from '../adapters/open-finance/simulated/index';
import { removeDeadTokens } from '../modules/accounts/index';
import { removeSpentChallenges } from '../modules/challenge/index';
import { removeImportLeftovers } from '../modules/imports/index';
import { removeAbandonedConsentRequests } from '../modules/open-banking/index';
import { removeOldPaymentErrorLogs } from '../modules/payment-error-logs/index';
import { defineJob, type JobDefinition } from './define-job';
import { removeUndeliveredEmails } from './email-delivery';

const DailyCleanupSchema = z.object({});

/**
 * Removes what nobody can reach any more: what interrupted imports left (kept originals with no
 * row, empty bundles, uploads left waiting), dead sessions and one-time links, e-mails that
 * outlived their retries, payment error reports past their 90 days, and the sandbox gateway's card
 * tokens dead for a day, used challenge solutions past their expiry, Open Finance consent requests
 * that never came back from the bank, and the simulated bank's stale requests and ended consents. Everything it removes is older than any work still running.
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
    const paymentErrorLogs = await removeOldPaymentErrorLogs(deps.db, now);
    const cardTokens = await removeDeadCardTokens(deps.db, now);
    const spentChallenges = await removeSpentChallenges(deps.db, now);
    const abandonedConsentRequests = await removeAbandonedConsentRequests(deps, now);
    const simulatorConsents = await removeStaleSimulatorConsents(deps.db, now);
    log.info(
      {
        ...leftovers,
        ...tokens,
        undeliveredEmails: emails,
        paymentErrorLogs,
        sandboxCardTokens: cardTokens,
        spentChallenges,
        abandonedConsentRequests,
        simulatorConsents,
      },
      'daily cleanup finished',
    );
  },
});
