import { BadRequestSchema } from '@prumo/contract/common';
import {
  type CustomEmail,
  CustomEmailPageSchema,
  CustomEmailSchema,
  SavedCustomEmailSchema,
} from '@prumo/contract/organizations';
import { DatabaseIdTextSchema } from '@prumo/domain/records/database-id';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDependencies } from '../../dependencies';
import { failNotFound, failOnField } from '../../lib/domain-errors';
import { readUploadedImage } from '../../lib/uploaded-image';
import { managersOnly, readCaller } from '../../plugins/access';
import type { Caller } from '../../plugins/authentication';
import { findOrganizationById, updateOrganization } from './organizations.repo';

/**
 * The organization's e-mail header and footer images. An organization has at most one custom
 * e-mail, so its id is the organization's.
 */
const customEmailMessages = {
  notFound: 'Não encontramos dados.',
  created: 'Email customizado criado com sucesso',
  notMultipart: 'Envie as imagens como multipart/form-data.',
  noImage: 'Selecione uma imagem',
};

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

/** The custom e-mail of the caller's organization by its id; another organization's id is not found. */
async function findOwnCustomEmail(deps: AppDependencies, caller: Caller, id: number): Promise<CustomEmail> {
  const customEmail = id === caller.organizationId ? await findCustomEmail(deps, caller) : null;
  if (!customEmail) failNotFound(customEmailMessages.notFound);
  return customEmail;
}

async function saveCustomEmailImages(deps: AppDependencies, caller: Caller, request: FastifyRequest) {
  if (!request.isMultipart()) failOnField('header_image', customEmailMessages.notMultipart);
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
  if (!changes.emailHeaderImage && !changes.emailFooterImage) failOnField('header_image', customEmailMessages.noImage);
  await updateOrganization(deps.db, caller.organizationId, changes);
  return findOwnCustomEmail(deps, caller, caller.organizationId);
}

export async function listCustomEmails(deps: AppDependencies, caller: Caller) {
  const customEmail = await findCustomEmail(deps, caller);
  return { count: customEmail ? 1 : 0, next: null, previous: null, results: customEmail ? [customEmail] : [] };
}

export async function createCustomEmail(deps: AppDependencies, caller: Caller, request: FastifyRequest) {
  return { ...(await saveCustomEmailImages(deps, caller, request)), detail: customEmailMessages.created };
}

export async function changeCustomEmail(deps: AppDependencies, caller: Caller, id: number, request: FastifyRequest) {
  if (id !== caller.organizationId) failNotFound(customEmailMessages.notFound);
  return saveCustomEmailImages(deps, caller, request);
}

export async function deleteCustomEmail(deps: AppDependencies, caller: Caller, id: number): Promise<void> {
  await findOwnCustomEmail(deps, caller, id);
  await updateOrganization(deps.db, caller.organizationId, { emailHeaderImage: null, emailFooterImage: null });
}

export function registerCustomEmailRoutes(app: FastifyInstance, deps: AppDependencies): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Organização e customização'];
  const idParams = z.object({ id: DatabaseIdTextSchema });
  const config = { access: { roles: managersOnly } };

  api.get(
    '/api/custom_emails/',
    { config, schema: { tags, response: { 200: CustomEmailPageSchema } } },
    async (request) => listCustomEmails(deps, readCaller(request)),
  );

  api.post(
    '/api/custom_emails/',
    { config, schema: { tags, response: { 201: SavedCustomEmailSchema, 400: BadRequestSchema } } },
    async (request, reply) => reply.status(201).send(await createCustomEmail(deps, readCaller(request), request)),
  );

  api.put(
    '/api/custom_emails/edit/:id/',
    { config, schema: { tags, params: idParams, response: { 200: CustomEmailSchema } } },
    async (request) => changeCustomEmail(deps, readCaller(request), request.params.id, request),
  );

  api.delete(
    '/api/custom_emails/:id',
    { config, schema: { tags, params: idParams, response: { 204: z.null() } } },
    async (request, reply) => {
      await deleteCustomEmail(deps, readCaller(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
