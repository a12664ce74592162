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
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppDependencies } from './dependencies';
import { serializeRequestForLog } from './lib/log-redaction';
import { registerAccountRoutes } from './modules/accounts/accounts.routes';
import { registerBudgetRoutes } from './modules/budget/budget.routes';
import { registerBudgetPlanningRoutes } from './modules/budget/budget-planning.routes';
import { registerCashFlowRoutes } from './modules/cash-flow/cash-flow.routes';
import { registerCategoryRoutes } from './modules/categories/categories.routes';
import { registerFutureFlowRoutes } from './modules/future-flow/future-flow.routes';
import { registerImportRoutes } from './modules/imports/imports.routes';
import { registerInvitationRoutes } from './modules/invitations/invitations.routes';
import { registerNotificationSettingsRoutes } from './modules/notification-settings/notification-settings.routes';
import { registerCustomEmailRoutes } from './modules/organizations/custom-emails';
import { registerOrganizationRoutes } from './modules/organizations/organizations.routes';
import { registerOriginRoutes } from './modules/origins/origins.routes';
import { registerProfileRoutes } from './modules/profiles/profiles.routes';
import { maximumImageBytes } from './modules/profiles/uploaded-image';
import { registerTaskRoutes } from './modules/tasks/tasks.routes';
import { registerAuthentication } from './plugins/authentication';
import { registerErrorHandler } from './plugins/error-handler';
import { registerNulCharacterGuard } from './plugins/nul-character-guard';
import { registerRateLimit } from './plugins/rate-limit';
import { registerSecurityHeaders, setHeadersBeforeRouting, setUploadedFileHeaders } from './plugins/security-headers';

export interface BuildAppOptions {
  logger?: boolean;
  /** Where the log goes when `logger` is on (stdout unless given; tests read it). */
  logStream?: { write(line: string): void };
  /** Multiplies the per-address limits of public calls (tests make many calls from one address). */
  rateLimitScale?: number;
  /** Reads uploaded statements off the event loop; a worker pool unless a test brings its own. Closed with the app. */
  statementReader?: StatementReader;
}

/** External plugins, then app plugins (errors, authentication), then the feature modules. */
export async function buildApp(deps: AppDependencies, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  useBrazilianPortugueseMessages();
  const app = Fastify({
    logger: options.logger
      ? {
          level: 'info',
          serializers: { req: serializeRequestForLog },
          ...(options.logStream && { stream: options.logStream }),
        }
      : false,
    bodyLimit: 1_048_576,
    routerOptions: { ignoreTrailingSlash: false },
    // Errors raised before routing (an over-long parameter, a bad header) get the same body shape.
    frameworkErrors: (error, _request, reply) => {
      setHeadersBeforeRouting(reply as FastifyReply);
      (reply as FastifyReply).status(error.statusCode ?? 400).send({ detail: 'Requisição inválida.' });
    },
  });
  app.decorate('publicUrl', deps.config.publicUrl);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // The web app's scripts travel gzip- or brotli-compressed (the login page's budget is counted that way).
  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  await registerSecurityHeaders(app);
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

  registerErrorHandler(app);
  registerNulCharacterGuard(app);
  registerAuthentication(app, deps.db);
  registerRateLimit(app, { scale: options.rateLimitScale });

  registerAccountRoutes(app, deps);
  registerProfileRoutes(app, deps);
  registerInvitationRoutes(app, deps);
  registerOrganizationRoutes(app, deps);
  registerCustomEmailRoutes(app, deps);
  registerCategoryRoutes(app, deps);
  registerCashFlowRoutes(app, deps);
  registerImportRoutes(app, deps, statementReader);
  registerOriginRoutes(app, deps);
  registerTaskRoutes(app, deps);
  registerNotificationSettingsRoutes(app, deps);
  registerBudgetRoutes(app, deps);
  registerBudgetPlanningRoutes(app, deps);
  registerFutureFlowRoutes(app, deps);

  await app.register(fastifyStatic, {
    root: path.join(deps.config.dataDir, 'media'),
    prefix: '/media/',
    decorateReply: false,
    setHeaders: setUploadedFileHeaders,
  });
  registerWebApp(app, deps.config.webDistDir);
  return app;
}

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
      !request.url.startsWith('/assets/');
    if (hasWebApp && isPage) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html', webDistDir);
    }
    return reply.status(404).send({ detail: 'Não encontrado.' });
  });
}
