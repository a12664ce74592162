import { timingSafeEqual } from 'node:crypto';
import { normalizeRedirectLink } from '@prumo/domain/account/fields';
import type { OrganizationCreate, OrganizationUpdate } from '@prumo/domain/account/schemas';
import { featureToggles } from '@prumo/domain/organization/features';
import { emptyUpdateMessage, hasSomeField } from '@prumo/domain/records/update-fields';
import type { FastifyRequest } from 'fastify';
import type { Transaction } from '../../db/database';
import type { AppDependencies } from '../../dependencies';
import { failNotAllowed, failNotFound, failOnField, permissionDenied } from '../../lib/domain-errors';
import { createSecret, hashSecret } from '../../lib/secrets';
import { readUploadedImage } from '../../lib/uploaded-image';
import { isUniqueViolation } from '../../lib/validation';
import type { Caller } from '../../plugins/authentication';
import { insertDefaultCategories } from '../categories/index';
import { presentOrganization } from './organization-view';
import {
  clearRegistrationToken,
  findOrganizationById,
  findOrganizationBySlug,
  insertOrganization,
  type OrganizationWithFeatures,
  updateOrganization,
} from './organizations.repo';

export const organizationMessages = {
  notFound: 'Organização não encontrada',
  slugTaken: 'Este endereço já está em uso.',
  invalidRegistrationToken: 'Cadastro da organização inválido ou já concluído.',
  saved: 'Configurações alteradas com sucesso',
};

/** First path segments the web app uses for itself: no organization may take them. */
const reservedSlugs = new Set([
  'app',
  'api',
  'media',
  'assets',
  'cadastro',
  'reset',
  'nao-encontrado',
  'access',
  'callback-opb',
]);

/** The organization of this slug, else 404 'Organização não encontrada'. */
export async function findExistingOrganization(deps: AppDependencies, slug: string): Promise<OrganizationWithFeatures> {
  const found = await findOrganizationBySlug(deps.db, slug);
  if (!found) failNotFound(organizationMessages.notFound);
  return found;
}

export async function findPublicOrganization(deps: AppDependencies, slug: string) {
  return presentOrganization(await findExistingOrganization(deps, slug));
}

/** A new organization, waiting for its first manager; every toggle on, no paid flags. */
export async function createOrganization(deps: AppDependencies, input: OrganizationCreate) {
  if (reservedSlugs.has(input.slug)) failOnField('slug', organizationMessages.slugTaken);
  const registrationToken = createSecret(24);
  try {
    const organizationId = await deps.db.transaction(async (transaction) => {
      const createdId = await insertOrganization(
        transaction,
        {
          slug: input.slug,
          name: input.name,
          corporateName: input.corporate_name,
          cnpj: input.cnpj,
          primaryColor: input.primary_color,
          secondaryColor: input.secondary_color,
          registrationTokenHash: hashSecret(registrationToken),
        },
        featureToggles,
      );
      await insertDefaultCategories(transaction, createdId);
      return createdId;
    });
    const found = await findOrganizationById(deps.db, organizationId);
    if (!found) throw new Error('organization vanished');
    return { ...presentOrganization(found), registration_token: registrationToken };
  } catch (error) {
    if (isUniqueViolation(error)) failOnField('slug', organizationMessages.slugTaken);
    throw error;
  }
}

/**
 * The organization waiting for its first manager that this registration token opens (the token's
 * hash, for endOrganizationRegistration); 404 for an unknown slug, 400 on `token` for a wrong token.
 */
export async function findOrganizationAwaitingManager(deps: AppDependencies, slug: string, token: string) {
  const found = await findExistingOrganization(deps, slug);
  const expected = found.organization.registrationTokenHash;
  const given = hashSecret(token);
  if (!expected || !timingSafeEqual(Buffer.from(expected), Buffer.from(given))) {
    failOnField('token', organizationMessages.invalidRegistrationToken);
  }
  return { organization: found.organization, registrationTokenHash: given };
}

/** In the transaction that creates the first manager: only one request may end the registration. */
export async function endOrganizationRegistration(transaction: Transaction, registrationTokenHash: string) {
  if (!(await clearRegistrationToken(transaction, registrationTokenHash))) {
    failOnField('token', organizationMessages.invalidRegistrationToken);
  }
}

/** Only the organization's own managers change it (the route admits managers only). */
function requireOwnOrganization(caller: Caller, slug: string): void {
  if (caller.organizationSlug !== slug.toLowerCase()) failNotAllowed(permissionDenied);
}

export async function changeOrganization(
  deps: AppDependencies,
  caller: Caller,
  slug: string,
  changes: OrganizationUpdate,
) {
  requireOwnOrganization(caller, slug);
  await updateOrganization(deps.db, caller.organizationId, {
    name: changes.name,
    corporateName: changes.corporate_name,
    primaryColor: changes.primary_color,
    secondaryColor: changes.secondary_color,
    linkRedirect: changes.link_redirect === undefined ? undefined : normalizeRedirectLink(changes.link_redirect),
  });
  return findCallerOrganization(deps, caller);
}

async function findCallerOrganization(deps: AppDependencies, caller: Caller) {
  const found = await findOrganizationById(deps.db, caller.organizationId);
  if (!found) failNotFound(organizationMessages.notFound);
  return presentOrganization(found);
}

/** logo/: the logo (`file`), the favicon and the redirect link, each optional. */
export async function changeBrandFiles(deps: AppDependencies, caller: Caller, request: FastifyRequest) {
  if (!request.isMultipart()) failOnField('file', 'Envie os arquivos como multipart/form-data.');
  const changes: { logo?: string; favicon?: string; linkRedirect?: string } = {};
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname === 'file') {
        const logo = await readUploadedImage(part, ['png', 'bmp', 'jpg'], 'file');
        changes.logo = await deps.storage.save('logos', logo.extension, logo.content);
      } else if (part.fieldname === 'favicon') {
        const favicon = await readUploadedImage(part, ['png', 'ico'], 'favicon');
        changes.favicon = await deps.storage.save('favicons', favicon.extension, favicon.content);
      } else {
        await part.toBuffer();
      }
    } else if (part.fieldname === 'link_redirect' && typeof part.value === 'string') {
      changes.linkRedirect = normalizeRedirectLink(part.value);
    }
  }
  if (!hasSomeField(changes)) failOnField('non_field_errors', emptyUpdateMessage);
  await updateOrganization(deps.db, caller.organizationId, changes);
  return findCallerOrganization(deps, caller);
}
