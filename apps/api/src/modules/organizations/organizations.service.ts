import { timingSafeEqual } from 'node:crypto';
import { normalizeRedirectLink } from '@prumo/domain/account/fields';
import type { FinishOrganizationRegister, OrganizationCreate, OrganizationUpdate } from '@prumo/domain/account/schemas';
import { featureToggles } from '@prumo/domain/organization/features';
import { emptyUpdateMessage, hasSomeField } from '@prumo/domain/records/update-fields';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { organizationFeatures, organizations } from '../../db/schema';
import type { AppDependencies } from '../../dependencies';
import { failOnField, failWithDetail, permissionDenied } from '../../lib/http-errors';
import { createSecret, hashSecret } from '../../lib/secrets';
import { isUniqueViolation } from '../../lib/validation';
import type { Caller } from '../../plugins/authentication';
import { registerFirstManager } from '../accounts/accounts.service';
import { insertDefaultCategories } from '../categories/categories.repo';
import { readUploadedImage } from '../profiles/uploaded-image';
import { presentOrganization } from './organization-view';
import { findOrganizationById, findOrganizationBySlug, updateOrganization } from './organizations.repo';

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

export async function findPublicOrganization(deps: AppDependencies, slug: string) {
  const found = await findOrganizationBySlug(deps.db, slug);
  if (!found) failWithDetail(404, organizationMessages.notFound);
  return presentOrganization(found);
}

/** A new organization, waiting for its first manager; every toggle on, no paid flags. */
export async function createOrganization(deps: AppDependencies, input: OrganizationCreate) {
  if (reservedSlugs.has(input.slug)) failOnField('slug', organizationMessages.slugTaken);
  const registrationToken = createSecret(24);
  try {
    const organizationId = await deps.db.transaction(async (transaction) => {
      const [created] = await transaction
        .insert(organizations)
        .values({
          slug: input.slug,
          name: input.name,
          corporateName: input.corporate_name,
          cnpj: input.cnpj,
          primaryColor: input.primary_color,
          secondaryColor: input.secondary_color,
          registrationTokenHash: hashSecret(registrationToken),
        })
        .returning({ id: organizations.id });
      if (!created) throw new Error('organization not created');
      await transaction
        .insert(organizationFeatures)
        .values(featureToggles.map((code) => ({ organizationId: created.id, code })));
      await insertDefaultCategories(transaction, created.id);
      return created.id;
    });
    const found = await findOrganizationById(deps.db, organizationId);
    if (!found) throw new Error('organization vanished');
    return { ...presentOrganization(found), registration_token: registrationToken };
  } catch (error) {
    if (isUniqueViolation(error)) failOnField('slug', organizationMessages.slugTaken);
    throw error;
  }
}

export async function finishOrganizationRegister(
  deps: AppDependencies,
  request: FastifyRequest,
  slug: string,
  registration: FinishOrganizationRegister,
) {
  const found = await findOrganizationBySlug(deps.db, slug);
  if (!found) failWithDetail(404, organizationMessages.notFound);
  const expected = found.organization.registrationTokenHash;
  const given = hashSecret(registration.token);
  if (!expected || !timingSafeEqual(Buffer.from(expected), Buffer.from(given))) {
    failOnField('token', organizationMessages.invalidRegistrationToken);
  }
  await registerFirstManager(deps, request, found.organization, registration, async (transaction) => {
    // Only one request may finish the registration: the token is cleared in the same transaction.
    const cleared = await transaction
      .update(organizations)
      .set({ registrationTokenHash: null })
      .where(eq(organizations.registrationTokenHash, given))
      .returning({ id: organizations.id });
    if (cleared.length === 0) failOnField('token', organizationMessages.invalidRegistrationToken);
  });
}

function requireManagerOf(caller: Caller, slug: string): void {
  if (caller.organizationSlug !== slug.toLowerCase() || caller.role !== 'manager')
    failWithDetail(403, permissionDenied);
}

export async function changeOrganization(
  deps: AppDependencies,
  caller: Caller,
  slug: string,
  changes: OrganizationUpdate,
) {
  requireManagerOf(caller, slug);
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
  if (!found) failWithDetail(404, organizationMessages.notFound);
  return presentOrganization(found);
}

/** logo/: the logo (`file`), the favicon and the redirect link, each optional. */
export async function changeBrandFiles(deps: AppDependencies, caller: Caller, request: FastifyRequest) {
  if (caller.role !== 'manager') failWithDetail(403, permissionDenied);
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
