import path from 'node:path';
import { DatabaseIdTextSchema } from '@prumo/domain/records/database-id';
import type { StatementReader } from '@prumo/statement-readers/statement-reader-pool';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDependencies } from '../../dependencies';
import { failNotFound } from '../../lib/domain-errors';
import { buildPage, PageQuerySchema } from '../../lib/pagination';
import { ClientQuerySchema } from '../../lib/scope';
import { resolveClientScopeOfRequest } from '../../plugins/access';
import { countFiles, deleteFile, findBundle, findFiles, findFileTransactions } from './imports.repo';
import { importFiles, importMessages, presentFiles, withUploadedFiles } from './imports.service';
import { CompletePendencySchema, completePendency, listPendencies } from './pendencies';

const fileNotFound = 'Não encontramos dados.';

/** A download named as the client's file: plain ASCII for old clients, the real name (accents) for the rest. */
function describeAttachment(fileName: string): string {
  const plain = fileName
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\]/g, '_');
  return `attachment; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** The statement as it was sent, by its format. */
const statementContentTypes: Record<string, string> = {
  ofx: 'application/x-ofx',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export function registerImportRoutes(
  app: FastifyInstance,
  deps: AppDependencies,
  statementReader: StatementReader,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Arquivos e importações'];
  const idParams = z.object({ id: DatabaseIdTextSchema });
  // Uploads wait here, on disk and private, while they are read; each request removes its own.
  const uploadDirectory = path.join(deps.config.dataDir, 'tmp', 'uploads');

  api.post('/api/upload/', { schema: { tags, querystring: ClientQuerySchema } }, async (request, reply) => {
    const scope = await resolveClientScopeOfRequest(deps.db, request);
    const result = await withUploadedFiles(request, uploadDirectory, (upload) =>
      importFiles(deps, scope, null, upload, statementReader),
    );
    return reply.status(201).send({
      bundle: { id: result.bundle.id, created_at: result.bundle.createdAt.toISOString() },
      files: result.files,
      rejected: result.rejected,
      period: result.period,
    });
  });

  // The spec names adding files to a bundle at both addresses (§7 "import-bundle/{id}/ and add/"): one handler.
  for (const url of ['/api/import-bundle/:id/add/', '/api/import-bundle/:id/']) {
    api.post(url, { schema: { tags, params: idParams, querystring: ClientQuerySchema } }, async (request, reply) => {
      const scope = await resolveClientScopeOfRequest(deps.db, request);
      if (!(await findBundle(deps.db, scope, request.params.id))) failNotFound(importMessages.bundleNotFound);
      const result = await withUploadedFiles(request, uploadDirectory, (upload) =>
        importFiles(deps, scope, request.params.id, upload, statementReader),
      );
      return reply.status(201).send({
        bundle: { id: result.bundle.id, created_at: result.bundle.createdAt.toISOString() },
        files: result.files,
        rejected: result.rejected,
        period: result.period,
      });
    });
  }

  api.get(
    '/api/import-bundle/:id/',
    { schema: { tags, params: idParams, querystring: ClientQuerySchema } },
    async (request) => {
      const scope = await resolveClientScopeOfRequest(deps.db, request);
      const bundle = await findBundle(deps.db, scope, request.params.id);
      if (!bundle) failNotFound(importMessages.bundleNotFound);
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
      const scope = await resolveClientScopeOfRequest(deps.db, request);
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
      const scope = await resolveClientScopeOfRequest(deps.db, request);
      const [file] = await presentFiles(deps, scope, { fileIds: [request.params.id] });
      if (!file) failNotFound(fileNotFound);
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
      const scope = await resolveClientScopeOfRequest(deps.db, request);
      const deleted = await deleteFile(deps.db, scope, request.params.id);
      if (!deleted) failNotFound(fileNotFound);
      // The statement as sent goes too: a client who deletes a file expects no copy left behind.
      if (deleted.storedPath) await deps.storage.discard(deleted.storedPath);
      return reply.status(204).send();
    },
  );

  api.get(
    '/api/file/:id/download/',
    { schema: { tags, params: idParams, querystring: ClientQuerySchema } },
    async (request, reply) => {
      const scope = await resolveClientScopeOfRequest(deps.db, request);
      const [file] = await findFiles(deps.db, scope, { fileIds: [request.params.id] });
      const content = file?.storedPath ? await deps.storage.open(file.storedPath) : null;
      if (!file || !content) failNotFound(fileNotFound);
      return reply
        .header('content-type', statementContentTypes[file.format] ?? 'application/octet-stream')
        .header('content-disposition', describeAttachment(file.name))
        .send(content);
    },
  );

  api.get('/api/pendency/', { schema: { tags, querystring: ClientQuerySchema } }, async (request) =>
    listPendencies(deps, await resolveClientScopeOfRequest(deps.db, request)),
  );

  api.patch(
    '/api/pendency/complete-file/:id/',
    { schema: { tags, params: idParams, querystring: ClientQuerySchema, body: CompletePendencySchema } },
    async (request) => {
      const scope = await resolveClientScopeOfRequest(deps.db, request);
      await completePendency(deps, scope, request.params.id, request.body);
      return { detail: 'Pendência resolvida' };
    },
  );
}
