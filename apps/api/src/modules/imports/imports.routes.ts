import path from 'node:path';
import { DetailSchema, ErrorDetailSchema } from '@prumo/contract/common';
import {
  ImportBundleSchema,
  PendencySchema,
  StatementDownloadSchema,
  StatementFileDetailSchema,
  StatementFilePageSchema,
  type UploadAnswer,
  UploadAnswerSchema,
} from '@prumo/contract/imports';
import { DatabaseIdTextSchema } from '@prumo/domain/records/database-id';
import type { StatementReader } from '@prumo/statement-readers/statement-reader-pool';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDependencies } from '../../dependencies';
import { failNotFound } from '../../lib/domain-errors';
import { buildPage, PageQuerySchema } from '../../lib/pagination';
import { ClientQuerySchema } from '../../lib/scope';
import { anyone, type RouteAccess, readClientScope } from '../../plugins/access';
import { recordClientAccess } from '../access-log/index';
import { clientInsightsJob } from '../insights/index';
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

/** What an upload answers: the bundle the files went to, the files read, those refused and the lines' period. */
function presentUpload(result: Awaited<ReturnType<typeof importFiles>>): UploadAnswer {
  return {
    bundle: { id: result.bundle.id, created_at: result.bundle.createdAt.toISOString() },
    files: result.files,
    rejected: result.rejected,
    period: result.period,
  };
}

/**
 * Once an import's files have committed, the insight rules run for that client in a job (queued
 * while the stored files are read back for the answer); a failure to queue it never fails the
 * import the client already has.
 */
async function sendClientInsights(app: FastifyInstance, clientUserId: number): Promise<void> {
  try {
    await app.jobs.send(clientInsightsJob, { clientUserId });
  } catch (error) {
    app.log.error({ err: error, clientUserId }, 'client insights not queued');
  }
}

export function registerImportRoutes(
  app: FastifyInstance,
  deps: AppDependencies,
  statementReader: StatementReader,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Arquivos e importações'];
  // Anyone may read a client's files within their reach; a manager never imports nor changes them.
  const reading: RouteAccess = { roles: anyone, client: 'read' };
  const writing: RouteAccess = { roles: anyone, client: 'write' };
  // An upload past the limit is refused whole (413).
  const uploadAnswers = { 201: UploadAnswerSchema, 413: ErrorDetailSchema };
  const idParams = z.object({ id: DatabaseIdTextSchema });
  // Uploads wait here, on disk and private, while they are read; each request removes its own.
  const uploadDirectory = path.join(deps.config.dataDir, 'tmp', 'uploads');

  api.post(
    '/api/upload/',
    { config: { access: writing }, schema: { tags, querystring: ClientQuerySchema, response: uploadAnswers } },
    async (request, reply) => {
      const scope = readClientScope(request);
      const result = await withUploadedFiles(request, uploadDirectory, (upload) =>
        importFiles(deps, scope, null, upload, statementReader, () => sendClientInsights(app, scope.clientUserId)),
      );
      return reply.status(201).send(presentUpload(result));
    },
  );

  // Callers add files to a bundle at both published addresses (import-bundle/{id}/ and add/): one handler.
  for (const url of ['/api/import-bundle/:id/add/', '/api/import-bundle/:id/']) {
    api.post(
      url,
      {
        config: { access: writing },
        schema: { tags, params: idParams, querystring: ClientQuerySchema, response: uploadAnswers },
      },
      async (request, reply) => {
        const scope = readClientScope(request);
        if (!(await findBundle(deps.db, scope, request.params.id))) failNotFound(importMessages.bundleNotFound);
        const result = await withUploadedFiles(request, uploadDirectory, (upload) =>
          importFiles(deps, scope, request.params.id, upload, statementReader, () =>
            sendClientInsights(app, scope.clientUserId),
          ),
        );
        return reply.status(201).send(presentUpload(result));
      },
    );
  }

  api.get(
    '/api/import-bundle/:id/',
    {
      config: { access: reading },
      schema: { tags, params: idParams, querystring: ClientQuerySchema, response: { 200: ImportBundleSchema } },
    },
    async (request) => {
      const scope = readClientScope(request);
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
    {
      config: { access: reading },
      schema: {
        tags,
        querystring: ClientQuerySchema.extend(PageQuerySchema.shape),
        response: { 200: StatementFilePageSchema },
      },
    },
    async (request) => {
      const scope = readClientScope(request);
      const page = { limit: request.query.limit, offset: request.query.offset };
      const [files, total] = await Promise.all([presentFiles(deps, scope, { page }), countFiles(deps.db, scope, {})]);
      return buildPage(request, page, total, files);
    },
  );

  api.get(
    '/api/file/:id/read/',
    {
      config: { access: reading },
      schema: {
        tags,
        params: idParams,
        querystring: ClientQuerySchema.extend({ ignored: z.enum(['true', 'false']).optional() }),
        response: { 200: StatementFileDetailSchema },
      },
    },
    async (request) => {
      const scope = readClientScope(request);
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
    {
      config: { access: writing },
      schema: { tags, params: idParams, querystring: ClientQuerySchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      const scope = readClientScope(request);
      const deleted = await deleteFile(deps.db, scope, request.params.id);
      if (!deleted) failNotFound(fileNotFound);
      // The statement as sent goes too: a client who deletes a file expects no copy left behind.
      if (deleted.storedPath) await deps.storage.discard(deleted.storedPath);
      return reply.status(204).send(null);
    },
  );

  api.get(
    '/api/file/:id/download/',
    {
      config: { access: reading },
      schema: {
        tags,
        params: idParams,
        querystring: ClientQuerySchema,
        // The statement's bytes as sent, typed by its format.
        response: {
          200: {
            description: 'O extrato como foi enviado.',
            content: Object.fromEntries(
              [...Object.values(statementContentTypes), 'application/octet-stream'].map((type) => [
                type,
                { schema: StatementDownloadSchema },
              ]),
            ),
          },
        },
      },
    },
    async (request, reply) => {
      const scope = readClientScope(request);
      const [file] = await findFiles(deps.db, scope, { fileIds: [request.params.id] });
      const content = file?.storedPath ? await deps.storage.open(file.storedPath) : null;
      if (!file || !content) failNotFound(fileNotFound);
      await recordClientAccess(deps, scope, 'file_download', file.name);
      return reply
        .header('content-type', statementContentTypes[file.format] ?? 'application/octet-stream')
        .header('content-disposition', describeAttachment(file.name))
        .send(content);
    },
  );

  api.get(
    '/api/pendency/',
    {
      config: { access: reading },
      schema: { tags, querystring: ClientQuerySchema, response: { 200: z.array(PendencySchema) } },
    },
    async (request) => listPendencies(deps, readClientScope(request)),
  );

  api.patch(
    '/api/pendency/complete-file/:id/',
    {
      config: { access: writing },
      schema: {
        tags,
        params: idParams,
        querystring: ClientQuerySchema,
        body: CompletePendencySchema,
        response: { 200: DetailSchema },
      },
    },
    async (request) => {
      const scope = readClientScope(request);
      await completePendency(deps, scope, request.params.id, request.body);
      return { detail: 'Pendência resolvida' };
    },
  );
}
