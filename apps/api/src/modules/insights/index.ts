/**
 * The insights module's public face: its routes, the jobs that run the rules (every morning, and
 * for one client after an import), the generator both call, and the list the assistant reads.
 */
export { clientInsightsJob, insightsGenerationJob } from './insight-jobs';
export { registerInsightRoutes } from './insights.routes';
export { generateClientInsights, generateInsights, listInsights } from './insights.service';
