import { z } from 'zod';
import { defineJob, type JobDefinition } from '../../jobs/define-job';
import { generateInsights } from './insights.service';

const AllClientsSchema = z.object({});

/** Every morning (Brasília), the rules over every client: what the night's imports and the new day change. */
export const insightsGenerationJob: JobDefinition<z.infer<typeof AllClientsSchema>> = defineJob({
  name: 'insights-generation',
  schema: AllClientsSchema,
  schedule: () => '0 7 * * *',
  // It waits for people while they use Prumo (insightBatch): a busy morning makes it longer.
  expireInSeconds: 2 * 60 * 60,
  retry: { limit: 2, delaySeconds: 300, backoff: false },
  async handle(_data, { deps, log }) {
    const started = Date.now();
    const result = await generateInsights(deps, new Date());
    log.info(
      { clients: result.clients, added: result.added.length, milliseconds: Date.now() - started },
      'insights generated',
    );
  },
});

const OneClientSchema = z.object({ clientUserId: z.number().int().positive() });

/**
 * The rules over one client, sent once an import of theirs has committed: the first import of a
 * minute runs them at once; more imports that minute (a month's files one by one, an app's
 * automatic uploads) make one more run during the next minute instead of one each.
 */
export const clientInsightsJob: JobDefinition<z.infer<typeof OneClientSchema>> = defineJob({
  name: 'client-insights',
  schema: OneClientSchema,
  expireInSeconds: 5 * 60,
  debounce: { seconds: 60, key: (data) => String(data.clientUserId) },
  async handle(data, { deps, log }) {
    const result = await generateInsights(deps, new Date(), { only: [data.clientUserId] });
    log.info({ clientUserId: data.clientUserId, added: result.added.length }, 'client insights generated');
  },
});
