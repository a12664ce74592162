import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { useBrazilianPortugueseMessages } from '@prumo/domain/account/zod-locale';
import { createStatementReaderPool, type StatementReader } from '@prumo/statement-readers/statement-reader-pool';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import pino from 'pino';
import { createConfiguredAssistant } from './adapters/assistant/configured-assistant';
import { registerSandboxGatewayRoutes, sandboxGatewayPrefix } from './adapters/card-gateway/sandbox/index';
import { createConfiguredChallenge } from './adapters/challenge/configured-challenge';
import { registerSimulatorRoutes, simulatorPrefix } from './adapters/open-finance/simulated/index';
import type { AppDependencies } from './dependencies';
import { type AppJobsOptions, createAppJobs, gatewayEventJob } from './jobs/app-jobs';
import { redactLogFields, serializeErrorForLog, serializeRequestForLog } from './lib/log-redaction';
import { maximumImageBytes } from './lib/uploaded-image';
import { registerAccessLogRoutes } from './modules/access-log/index';
import { registerAccountRoutes } from './modules/accounts/index';
import { registerBankGuideRoutes } from './modules/bank-guides/index';
import { countMonthBudgetItems, registerBudgetPlanningRoutes, registerBudgetRoutes } from './modules/budget/index';
import { registerCashFlowRoutes } from './modules/cash-flow/index';
import { registerCategoryRoutes } from './modules/categories/index';
import { registerCepLookupRoutes } from './modules/cep-lookup/index';
import { registerChallengeGuard, registerChallengeRoutes } from './modules/challenge/index';
import { registerChatRoutes } from './modules/chats/index';
import { registerDebtRoutes } from './modules/debts/index';
import { registerFutureFlowRoutes } from './modules/future-flow/index';
import { registerHealthRoutes } from './modules/health/index';
import { registerHelpRoutes } from './modules/help/index';
import { registerHomeRoutes } from './modules/home/index';
import { registerImportRoutes } from './modules/imports/index';
import { registerIndicatorRoutes } from './modules/indicators/index';
import { registerInsightRoutes } from './modules/insights/index';
import { registerInvestmentRoutes } from './modules/investments/index';
import { registerInvitationRoutes } from './modules/invitations/index';
import { createLiveHub, registerLiveRoutes } from './modules/live/index';
import { registerMyAssetsRoutes } from './modules/my-assets/index';
import { registerNotificationSettingsRoutes } from './modules/notification-settings/index';
import { registerNotificationRoutes } from './modules/notifications/index';
import { registerOpenBankingRoutes } from './modules/open-banking/index';
import { registerCustomEmailRoutes, registerOrganizationRoutes } from './modules/organizations/index';
import { registerOriginRoutes } from './modules/origins/index';
import { registerOtherBalanceRoutes } from './modules/other-balances/index';
import { registerPaymentErrorLogRoutes } from './modules/payment-error-logs/index';
import { registerPaymentGatewayRoutes } from './modules/payment-gateway/index';
import { registerPerformanceRoutes } from './modules/performance/index';
import { registerBankAccountRoutes, registerManagingPartnerRoutes, registerPlanRoutes } from './modules/plans/index';
import { registerProfileRoutes } from './modules/profiles/index';
import { registerProspectRoutes } from './modules/prospects/index';
import { registerPushRoutes } from './modules/push/index';
import { registerReminderRoutes } from './modules/reminders/index';
import { registerSubscriptionRoutes } from './modules/subscriptions/index';
import { registerTaskRoutes } from './modules/tasks/index';
import { registerTourRoutes } from './modules/tour/index';
import { registerAccess } from './plugins/access';
import { registerApiCompression } from './plugins/api-compression';
import { registerAuthentication } from './plugins/authentication';
import { registerErrorHandler } from './plugins/error-handler';
import { registerMediaFiles } from './plugins/media-files';
import { registerNulCharacterGuard } from './plugins/nul-character-guard';
import { registerPeopleServed } from './plugins/people-served';
import { registerRateLimit } from './plugins/rate-limit';
import { checkAnsweredCodes, createResponseSerializer } from './plugins/response-shapes';
import { registerSecurityHeaders, setHeadersBeforeRouting } from './plugins/security-headers';

export interface BuildAppOptions {
  logger?: boolean;
  /** Where the log goes when `logger` is on (stdout unless given; tests read it). */
  logStream?: { write(line: string): void };
  /** Multiplies the per-address limits of public calls (tests make many calls from one address). */
  rateLimitScale?: number;
  /** Reads uploaded statements off the event loop; a worker pool unless a test brings its own. Closed with the app. */
  statementReader?: StatementReader;
  /** Fails an answer its response schema does not describe exactly (tests turn it on). */
  checkResponseShapes?: boolean;
  /** The job runner's settings beside the configuration's (tests give each app its own queues). */
  jobs?: AppJobsOptions;
}

/**
 * External plugins, then app plugins (errors, authentication), then the feature modules. The job
 * runner starts with the app and stops when it closes; `deps.mailer` is where e-mail finally goes,
 * the modules' mailer queues it.
 */
export async function buildApp(deps: AppDependencies, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  useBrazilianPortugueseMessages();
  const app = Fastify({
    logger: options.logger
      ? {
          level: 'info',
          serializers: { req: serializeRequestForLog, err: serializeErrorForLog },
          formatters: { log: redactLogFields },
          // Written off the event loop: a line at a time, each a write to the disk or pipe, was a
          // second of the event loop a minute under load; lines that pile up during one write go
          // in the next, and what is left is written out when the process exits.
          stream: options.logStream ?? pino.destination({ dest: 1, sync: false }),
        }
      : false,
    bodyLimit: 1_048_576,
    trustProxy: deps.config.trustProxy ?? false,
    routerOptions: { ignoreTrailingSlash: false },
    // Errors raised before routing (an over-long parameter, a bad header) get the same body shape.
    frameworkErrors: (error, _request, reply) => {
      setHeadersBeforeRouting(reply as FastifyReply);
      (reply as FastifyReply).status(error.statusCode ?? 400).send({ detail: 'Requisição inválida.' });
    },
  });
  app.decorate('publicUrl', deps.config.publicUrl);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createResponseSerializer(options.checkResponseShapes === true));
  if (options.checkResponseShapes) checkAnsweredCodes(app);

  // The web app's scripts travel gzip- or brotli-compressed (the login page's budget is counted that
  // way); the API's answers are compressed by its own hook, set before so its routes opt out here.
  registerApiCompression(app);
  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  await registerSecurityHeaders(app, {
    connectSources: [new URL(deps.config.pagarmeApiUrl).origin],
    challengeProvider: deps.config.challenge.provider,
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Prumo API', description: 'Planejamento financeiro pessoal e familiar', version: '1.2.1' },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
      security: [{ token: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  await app.register(fastifyMultipart, { limits: { fileSize: maximumImageBytes + 1, files: 10, fields: 30 } });

  const statementReader = options.statementReader ?? createStatementReaderPool();
  app.addHook('onClose', () => statementReader.close());

  const jobs = createAppJobs(deps, app.log, options.jobs);
  app.decorate('jobs', jobs.runner);
  app.addHook('onClose', () => jobs.runner.stop());
  await jobs.runner.start();
  const moduleDeps: AppDependencies = { ...deps, mailer: jobs.mailer };
  // One LISTEN connection per process, opened with the pool's own settings (embedded or DATABASE_URL).
  const liveHub = createLiveHub(deps.db.$client.options, app.log);
  await liveHub.start();
  app.addHook('onClose', () => liveHub.stop());

  registerErrorHandler(app);
  registerPeopleServed(app);
  registerNulCharacterGuard(app);
  registerAuthentication(app, deps.db);
  registerAccess(app, deps.db);
  registerRateLimit(app, deps.db, { scale: options.rateLimitScale });
  registerChallengeGuard(app, moduleDeps);

  registerHealthRoutes(app, deps);
  registerAccountRoutes(app, moduleDeps);
  registerChallengeRoutes(app, moduleDeps, createConfiguredChallenge(deps.config));
  registerProfileRoutes(app, moduleDeps);
  registerInvitationRoutes(app, moduleDeps);
  registerOrganizationRoutes(app, moduleDeps);
  registerCustomEmailRoutes(app, moduleDeps);
  registerCategoryRoutes(app, moduleDeps);
  registerBankGuideRoutes(app, moduleDeps);
  registerCashFlowRoutes(app, moduleDeps);
  registerImportRoutes(app, moduleDeps, statementReader);
  registerOriginRoutes(app, moduleDeps);
  registerTaskRoutes(app, moduleDeps, { countPlannedItems: countMonthBudgetItems });
  registerNotificationSettingsRoutes(app, moduleDeps);
  registerNotificationRoutes(app, moduleDeps);
  registerLiveRoutes(app, moduleDeps, liveHub);
  registerBudgetRoutes(app, moduleDeps);
  registerBudgetPlanningRoutes(app, moduleDeps);
  registerFutureFlowRoutes(app, moduleDeps);
  registerReminderRoutes(app, moduleDeps);
  registerInsightRoutes(app, moduleDeps);
  registerDebtRoutes(app, moduleDeps);
  registerMyAssetsRoutes(app, moduleDeps);
  registerHomeRoutes(app, moduleDeps);
  registerOtherBalanceRoutes(app, moduleDeps);
  registerInvestmentRoutes(app, moduleDeps);
  registerPerformanceRoutes(app, moduleDeps);
  registerPlanRoutes(app, moduleDeps);
  registerBankAccountRoutes(app, moduleDeps);
  registerManagingPartnerRoutes(app, moduleDeps);
  registerCepLookupRoutes(app, moduleDeps);
  registerPaymentErrorLogRoutes(app, moduleDeps);
  registerPaymentGatewayRoutes(app, moduleDeps, { gatewayEventJob });
  registerSubscriptionRoutes(app, moduleDeps);
  registerAccessLogRoutes(app, moduleDeps);
  registerProspectRoutes(app, moduleDeps, statementReader);
  registerIndicatorRoutes(app, moduleDeps);
  registerChatRoutes(app, moduleDeps, createConfiguredAssistant(deps.config, app.log));
  registerHelpRoutes(app, moduleDeps);
  registerTourRoutes(app, moduleDeps);
  registerPushRoutes(app, moduleDeps);
  registerOpenBankingRoutes(app, moduleDeps);
  // The embedded card gateway: Pagar.me's API imitated at /sandbox-gateway/core/v5 (ADR 29).
  await registerSandboxGatewayRoutes(app, { db: deps.db, config: deps.config, jobs: jobs.runner });
  // The embedded Open Finance institution: its directory and the bank's pages (ADR 44).
  await registerSimulatorRoutes(app, { db: deps.db, publicUrl: deps.config.publicUrl });

  registerMediaFiles(app, deps.storage);
  registerWebApp(app, deps.config.webDistDir);
  return app;
}

/** The push service worker, at the root of the built web app (apps/web/public). */
export const pushServiceWorkerName = 'push-service-worker.js';

/** The built web app: its files, and index.html for every other address (client-side routes). */
function registerWebApp(app: FastifyInstance, webDistDir: string): void {
  const hasWebApp = existsSync(path.join(webDistDir, 'index.html'));
  if (hasWebApp) {
    app.register(fastifyStatic, {
      root: webDistDir,
      prefix: '/',
      wildcard: false,
      index: false,
      // Vite names built files by their content hash: they never change, so browsers keep them.
      setHeaders: (response, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          response.header('cache-control', 'public, max-age=31536000, immutable');
        }
        // The push service worker keeps its name across builds: browsers must check it on each
        // registration, and it controls every page of the origin (its scope is /).
        if (path.basename(filePath) === pushServiceWorkerName) {
          response.header('cache-control', 'no-cache');
          response.header('service-worker-allowed', '/');
        }
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    // A missing built file is a 404, not the app's page: a browser holding an older version then
    // fails to load the screen (and says so) instead of running HTML as a script.
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      !request.url.startsWith('/media/') &&
      !request.url.startsWith(`${sandboxGatewayPrefix}/`) &&
      !request.url.startsWith(`${simulatorPrefix}/`) &&
      !request.url.startsWith('/assets/');
    if (hasWebApp && isPage) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html', webDistDir);
    }
    return reply.status(404).send({ detail: 'Não encontrado.' });
  });
}
