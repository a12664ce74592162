import { DatabaseIdTextSchema } from '@prumo/domain/records/database-id';
import type { StatementReader } from '@prumo/statement-readers/statement-reader-pool';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDependencies } from '../../dependencies';
import { ClientQuerySchema, resolveClientScope } from '../../lib/client-scope';
import { failWithDetail } from '../../lib/http-errors';
import { buildPage, PageQuerySchema } from '../../lib/pagination';
import { countFiles, deleteFile, findBundle, findFileTransactions } from './imports.repo';
import { importFiles, importMessages, presentFiles, readUploadedFiles } from './imports.service';
import { CompletePendencySchema, completePendency, listPendencies } from './pendencies';

const fileNotFound = 'Não encontramos dados.';

export function registerImportRoutes(
  app: FastifyInstance,
  deps: AppDependencies,
  statementReader: StatementReader,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Arquivos e importações'];
  const idParams = z.object({ id: DatabaseIdTextSchema });

  api.post('/api/upload/', { schema: { tags, querystring: ClientQuerySchema } }, async (request, reply) => {
    const scope = await resolveClientScope(deps.db, request);
    const result = await importFiles(deps, scope, null, await readUploadedFiles(request), statementReader);
    return reply.status(201).send({
      bundle: { id: result.bundle.id, created_at: result.bundle.createdAt.toISOString() },
      files: result.files,
      rejected: result.rejected,
    });
  });

  // The spec names adding files to a bundle at both addresses (§7 "import-bundle/{id}/ and add/"): one handler.
  for (const url of ['/api/import-bundle/:id/add/', '/api/import-bundle/:id/']) {
    api.post(url, { schema: { tags, params: idParams, querystring: ClientQuerySchema } }, async (request, reply) => {
      const scope = await resolveClientScope(deps.db, request);
      if (!(await findBundle(deps.db, scope, request.params.id))) failWithDetail(404, importMessages.bundleNotFound);
      const result = await importFiles(
        deps,
        scope,
        request.params.id,
        await readUploadedFiles(request),
        statementReader,
      );
      return reply.status(201).send({
        bundle: { id: result.bundle.id, created_at: result.bundle.createdAt.toISOString() },
        files: result.files,
        rejected: result.rejected,
      });
    });
  }

  api.get(
    '/api/import-bundle/:id/',
    { schema: { tags, params: idParams, querystring: ClientQuerySchema } },
    async (request) => {
      const scope = await resolveClientScope(deps.db, request);
      const bundle = await findBundle(deps.db, scope, request.params.id);
      if (!bundle) failWithDetail(404, importMessages.bundleNotFound);
      return {
        id: bundle.id,
        created_at: bundle.createdAt.toISOString(),
        files: await presentFiles(deps, scope, { bundleId: bundle.id }),
      };
    },
  );

  api.get(
    '/api/file/',
    { schema: { tags, querystring: ClientQuerySchema.extend(PageQuerySchema.shape) } },
    async (request) => {
      const scope = await resolveClientScope(deps.db, request);
      const page = { limit: request.query.limit, offset: request.query.offset };
      const [files, total] = await Promise.all([presentFiles(deps, scope, { page }), countFiles(deps.db, scope, {})]);
      return buildPage(request, page, total, files);
    },
  );

  api.get(
    '/api/file/:id/read/',
    {
      schema: {
        tags,
        params: idParams,
        querystring: ClientQuerySchema.extend({ ignored: z.enum(['true', 'false']).optional() }),
      },
    },
    async (request) => {
      const scope = await resolveClientScope(deps.db, request);
      const [file] = await presentFiles(deps, scope, { fileIds: [request.params.id] });
      if (!file) failWithDetail(404, fileNotFound);
      const lines = await findFileTransactions(deps.db, scope, file.id, request.query.ignored !== 'false');
      return {
        ...file,
        transactions: lines.map((line) => ({
          id: line.id,
          date: line.date,
          cash_date: line.cashDate,
          name: line.name,
          amount: line.amountCents,
          category: line.categoryId,
          description: line.descriptionId,
          ignored: line.ignored,
          origin: line.originId,
        })),
      };
    },
  );

  api.delete(
    '/api/file/:id/',
    { schema: { tags, params: idParams, querystring: ClientQuerySchema } },
    async (request, reply) => {
      const scope = await resolveClientScope(deps.db, request);
      if (!(await deleteFile(deps.db, scope, request.params.id))) failWithDetail(404, fileNotFound);
      return reply.status(204).send();
    },
  );

  api.get('/api/pendency/', { schema: { tags, querystring: ClientQuerySchema } }, async (request) =>
    listPendencies(deps, await resolveClientScope(deps.db, request)),
  );

  api.patch(
    '/api/pendency/complete-file/:id/',
    { schema: { tags, params: idParams, querystring: ClientQuerySchema, body: CompletePendencySchema } },
    async (request) => {
      const scope = await resolveClientScope(deps.db, request);
      await completePendency(deps, scope, request.params.id, request.body);
      return { detail: 'Pendência resolvida' };
    },
  );
}
