import { DatabaseIdTextSchema } from '@prumo/domain/records/database-id';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDependencies } from '../../dependencies';
import { failOnField, failWithDetail, permissionDenied } from '../../lib/http-errors';
import { type Caller, requireCaller } from '../../plugins/authentication';
import { readUploadedImage } from '../profiles/uploaded-image';
import { findOrganizationById, updateOrganization } from './organizations.repo';

/**
 * The organization's e-mail header and footer images (calls-payments §7 custom_emails/).
 * An organization has at most one custom e-mail, so its id is the organization's.
 */
const CustomEmailSchema = z.object({
  id: z.number(),
  header_image: z.string().nullable(),
  footer_image: z.string().nullable(),
});
type CustomEmail = z.infer<typeof CustomEmailSchema>;

const notFound = 'Não encontramos dados.';

function requireManager(request: FastifyRequest): Caller {
  const caller = requireCaller(request);
  if (caller.role !== 'manager') failWithDetail(403, permissionDenied);
  return caller;
}

async function findCustomEmail(deps: AppDependencies, caller: Caller): Promise<CustomEmail | null> {
  const found = await findOrganizationById(deps.db, caller.organizationId);
  const organization = found?.organization;
  if (!organization || (!organization.emailHeaderImage && !organization.emailFooterImage)) return null;
  return {
    id: organization.id,
    header_image: organization.emailHeaderImage,
    footer_image: organization.emailFooterImage,
  };
}

async function saveCustomEmailImages(deps: AppDependencies, caller: Caller, request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) failOnField('header_image', 'Envie as imagens como multipart/form-data.');
  const changes: { emailHeaderImage?: string; emailFooterImage?: string } = {};
  for await (const part of request.parts()) {
    if (part.type !== 'file') continue;
    if (part.fieldname === 'header_image' || part.fieldname === 'footer_image') {
      const image = await readUploadedImage(part, ['png', 'jpg'], part.fieldname);
      const address = await deps.storage.save('email-images', image.extension, image.content);
      if (part.fieldname === 'header_image') changes.emailHeaderImage = address;
      else changes.emailFooterImage = address;
    } else {
      await part.toBuffer();
    }
  }
  if (!changes.emailHeaderImage && !changes.emailFooterImage) failOnField('header_image', 'Selecione uma imagem');
  await updateOrganization(deps.db, caller.organizationId, changes);
}

export function registerCustomEmailRoutes(app: FastifyInstance, deps: AppDependencies): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Organização e customização'];
  const idParams = z.object({ id: DatabaseIdTextSchema });

  api.get(
    '/api/custom_emails/',
    {
      schema: {
        tags,
        response: {
          200: z.object({
            count: z.number(),
            next: z.null(),
            previous: z.null(),
            results: z.array(CustomEmailSchema),
          }),
        },
      },
    },
    async (request) => {
      const customEmail = await findCustomEmail(deps, requireManager(request));
      return { count: customEmail ? 1 : 0, next: null, previous: null, results: customEmail ? [customEmail] : [] };
    },
  );

  api.post(
    '/api/custom_emails/',
    { schema: { tags, response: { 201: CustomEmailSchema.extend({ detail: z.string() }) } } },
    async (request, reply) => {
      const caller = requireManager(request);
      await saveCustomEmailImages(deps, caller, request);
      const saved = await findCustomEmail(deps, caller);
      if (!saved) failWithDetail(404, notFound);
      return reply.status(201).send({ ...saved, detail: 'Email customizado criado com sucesso' });
    },
  );

  api.put(
    '/api/custom_emails/edit/:id/',
    { schema: { tags, params: idParams, response: { 200: CustomEmailSchema } } },
    async (request) => {
      const caller = requireManager(request);
      if (request.params.id !== caller.organizationId) failWithDetail(404, notFound);
      await saveCustomEmailImages(deps, caller, request);
      const saved = await findCustomEmail(deps, caller);
      if (!saved) failWithDetail(404, notFound);
      return saved;
    },
  );

  api.delete('/api/custom_emails/:id', { schema: { tags, params: idParams } }, async (request, reply) => {
    const caller = requireManager(request);
    if (request.params.id !== caller.organizationId || !(await findCustomEmail(deps, caller))) {
      failWithDetail(404, notFound);
    }
    await updateOrganization(deps.db, caller.organizationId, { emailHeaderImage: null, emailFooterImage: null });
    return reply.status(204).send();
  });
}
