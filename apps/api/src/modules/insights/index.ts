/**
 * The insights module's public face: its routes, the jobs that run the rules (every morning, and
 * for one client after an import), and the generator both call.
 */
export { clientInsightsJob, insightsGenerationJob } from './insight-jobs';
export { registerInsightRoutes } from './insights.routes';
export { generateClientInsights, generateInsights } from './insights.service';
