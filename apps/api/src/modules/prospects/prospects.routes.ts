import path from 'node:path';
import { ErrorDetailSchema } from '@prumo/contract/common';
import {
  ProspectBundleSchema,
  ProspectDiagnosisPdfSchema,
  ProspectDiagnosisSchema,
  ProspectLinkSchema,
  ProspectPageSchema,
  ProspectPublicUploadAnswerSchema,
  ProspectSchema,
  ProspectUploadAnswerSchema,
  ProspectUploadPageSchema,
} from '@prumo/contract/prospects';
import { OrganizationSlugSchema } from '@prumo/domain/account/fields';
import {
  NewProspectSchema,
  ProspectChangesSchema,
  ProspectInvitationRequestSchema,
  ProspectLinkRequestSchema,
} from '@prumo/domain/prospects/prospect-schemas';
import { ProspectStageSchema } from '@prumo/domain/prospects/prospect-stages';
import { DatabaseIdTextSchema } from '@prumo/domain/records/database-id';
import type { StatementReader } from '@prumo/statement-readers/statement-reader-pool';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDependencies } from '../../dependencies';
import { PageQuerySchema } from '../../lib/pagination';
import { plannersAndManagers, type RouteAccess, readCaller } from '../../plugins/access';
import { withUploadedFiles } from '../imports/index';
import { findExistingOrganization, findOrganizationById } from '../organizations/index';
import { renderDiagnosisPdf } from './diagnosis-pdf';
import {
  changeProspect,
  createProspect,
  createUploadLink,
  describeProspectBundle,
  diagnoseReachableProspect,
  findProspectForUpload,
  findUploadLink,
  getProspect,
  inviteProspect,
  listProspects,
  presentDiagnosis,
  uploadProspectStatements,
  uploadThroughLink,
} from './prospects.service';

/** The day in Brazil ("YYYY-MM-DD"), as the PDF is dated. */
function findBrazilianToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
}

/** A file name safe in a header: the prospect's name without accents or symbols. */
function describePdfName(prospectName: string): string {
  const plain = prospectName
    .normalize('NFD')
    .replace(/[^A-Za-z0-9 ]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .toLowerCase();
  return `diagnostico-${plain || 'prospect'}.pdf`;
}

async function readStream(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/**
 * Prospects (ADR 35): planners and managers, with the organization's add_prospect toggle. A planner
 * works on their own prospects; a manager reads every prospect of the organization.
 */
export function registerProspectRoutes(app: FastifyInstance, deps: AppDependencies, statementReader: StatementReader) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Prospects'];
  const access: RouteAccess = { roles: plannersAndManagers, toggle: 'add_prospect' };
  const config = { access };
  const idParams = z.object({ id: DatabaseIdTextSchema });
  const uploadDirectory = path.join(deps.config.dataDir, 'tmp', 'uploads');

  api.get(
    '/api/prospects/',
    {
      config,
      schema: {
        tags,
        querystring: PageQuerySchema.extend({ stage: ProspectStageSchema.optional() }),
        response: { 200: ProspectPageSchema },
      },
    },
    async (request) => listProspects(deps, readCaller(request), request, { stage: request.query.stage }, request.query),
  );

  api.post(
    '/api/prospects/',
    { config, schema: { tags, body: NewProspectSchema, response: { 201: ProspectSchema } } },
    async (request, reply) => reply.status(201).send(await createProspect(deps, readCaller(request), request.body)),
  );

  api.get(
    '/api/prospects/:id/',
    { config, schema: { tags, params: idParams, response: { 200: ProspectSchema } } },
    async (request) => getProspect(deps, readCaller(request), request.params.id),
  );

  for (const method of ['put', 'patch'] as const) {
    api[method](
      '/api/prospects/:id/',
      { config, schema: { tags, params: idParams, body: ProspectChangesSchema, response: { 200: ProspectSchema } } },
      async (request) => changeProspect(deps, readCaller(request), request.params.id, request.body),
    );
  }

  const bundleQuery = z.object({ prospect: DatabaseIdTextSchema });

  api.get(
    '/api/prospect-bundle/',
    { config, schema: { tags, querystring: bundleQuery, response: { 200: ProspectBundleSchema } } },
    async (request) => describeProspectBundle(deps, readCaller(request), request.query.prospect),
  );

  api.post(
    '/api/prospect-bundle/',
    {
      config,
      schema: {
        tags,
        querystring: bundleQuery,
        response: { 201: ProspectUploadAnswerSchema, 413: ErrorDetailSchema },
      },
    },
    async (request, reply) => {
      // The prospect is checked before a byte is read: a refused caller's files are never stored.
      const prospect = await findProspectForUpload(deps, readCaller(request), request.query.prospect);
      const answer = await withUploadedFiles(request, uploadDirectory, (upload) =>
        uploadProspectStatements(deps, prospect, upload, statementReader),
      );
      return reply.status(201).send(answer);
    },
  );

  api.post(
    '/api/prospects/:id/upload-link/',
    {
      config,
      schema: { tags, params: idParams, body: ProspectLinkRequestSchema, response: { 201: ProspectLinkSchema } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createUploadLink(deps, request, readCaller(request), request.params.id, request.body.send_email)),
  );

  api.post(
    '/api/prospects/:id/invite/',
    {
      config,
      schema: { tags, params: idParams, body: ProspectInvitationRequestSchema, response: { 201: ProspectLinkSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(
        await inviteProspect(deps, request, readCaller(request), request.params.id, {
          sendEmail: request.body.send_email,
          plan: request.body.plan,
        }),
      ),
  );

  api.get(
    '/api/prospects/:id/diagnosis/',
    { config, schema: { tags, params: idParams, response: { 200: ProspectDiagnosisSchema } } },
    async (request) => {
      const { prospect, diagnosis } = await diagnoseReachableProspect(deps, readCaller(request), request.params.id);
      return presentDiagnosis(prospect.id, diagnosis);
    },
  );

  api.get(
    '/api/prospects/:id/diagnosis.pdf',
    {
      config,
      schema: {
        tags,
        params: idParams,
        response: {
          200: {
            description: 'O diagnóstico em PDF, com a marca da organização.',
            content: { 'application/pdf': { schema: ProspectDiagnosisPdfSchema } },
          },
        },
      },
    },
    async (request, reply) => {
      const caller = readCaller(request);
      const { prospect, diagnosis } = await diagnoseReachableProspect(deps, caller, request.params.id);
      const found = await findOrganizationById(deps.db, caller.organizationId);
      if (!found) throw new Error('organization vanished');
      const { organization } = found;
      const logoFile = organization.logo ? await deps.storage.openPublic(organization.logo).catch(() => null) : null;
      const pdf = await renderDiagnosisPdf(
        {
          name: organization.name,
          primaryColor: organization.primaryColor,
          secondaryColor: organization.secondaryColor,
          logo: logoFile ? await readStream(logoFile.body) : null,
        },
        prospect.name,
        diagnosis,
        findBrazilianToday(),
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${describePdfName(prospect.name)}"`)
        .send(Buffer.from(pdf));
    },
  );

  // The prospect's own page: public, the token is the only right; a used, expired or foreign one is 404.
  const publicParams = z.object({ token: z.string().max(100) });
  const publicQuery = z.object({ organization: OrganizationSlugSchema });
  const publicAccess = { access: { public: true }, perAddressLimit: 20 } as const;

  api.get(
    '/api/prospect-upload/:token/',
    {
      config: publicAccess,
      schema: { tags, params: publicParams, querystring: publicQuery, response: { 200: ProspectUploadPageSchema } },
    },
    async (request) => {
      const { organization } = await findExistingOrganization(deps, request.query.organization);
      const link = await findUploadLink(deps, organization.id, request.params.token);
      return {
        organization: organization.name,
        prospect_name: link.prospectName,
        planner_name: `${link.plannerFirstName} ${link.plannerLastName}`.trim(),
        expires_at: link.expiresAt.toISOString(),
      };
    },
  );

  api.post(
    '/api/prospect-upload/:token/',
    {
      config: { ...publicAccess, challenge: true },
      schema: {
        tags,
        params: publicParams,
        querystring: publicQuery,
        response: { 201: ProspectPublicUploadAnswerSchema, 413: ErrorDetailSchema },
      },
    },
    async (request, reply) => {
      const { organization } = await findExistingOrganization(deps, request.query.organization);
      const link = await findUploadLink(deps, organization.id, request.params.token);
      const answer = await withUploadedFiles(request, uploadDirectory, (upload) =>
        uploadThroughLink(deps, link, organization.id, upload, statementReader),
      );
      return reply.status(201).send(answer);
    },
  );
}
