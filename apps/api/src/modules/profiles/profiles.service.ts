import type { Persona } from '@prumo/contract/profiles';
import { ProfileEditSchema } from '@prumo/domain/account/schemas';
import { roleLevels } from '@prumo/domain/auth/roles';
import { featureToggles } from '@prumo/domain/organization/features';
import { emptyUpdateMessage, hasSomeField } from '@prumo/domain/records/update-fields';
import type { FastifyRequest } from 'fastify';
import type { AppDependencies } from '../../dependencies';
import { failNotAllowed, failNotFound, failOnField } from '../../lib/domain-errors';
import { buildPage, type PageQuery } from '../../lib/pagination';
import { readUploadedImage } from '../../lib/uploaded-image';
import { parseOrFail } from '../../lib/validation';
import type { Caller } from '../../plugins/authentication';
import { findOrganizationById, presentOrganization } from '../organizations/index';
import { findClients, findOwnPlanner, findPlanners, findSelf, updateClientPlanner, updateSelf } from './profiles.repo';

export const profileMessages = {
  noPlanner: 'Nenhum planejador',
  userWithoutOrganization: 'Usuário sem organização',
  clientOrPlannerNotFound: 'Não encontramos o usuário informado!',
  plannerChanged: 'Planejador alterado',
};

const toggles = new Set<string>(featureToggles);

/** Who is signed in: their organization, role and planner. */
export async function findPersona(deps: AppDependencies, caller: Caller): Promise<Persona> {
  const [self, organization, planner] = await Promise.all([
    findSelf(deps.db, caller),
    findOrganizationById(deps.db, caller.organizationId),
    caller.role === 'client' ? findOwnPlanner(deps.db, caller) : Promise.resolve(null),
  ]);
  // A user without a profile (a visitor) or an organization has no persona.
  if (!self || !organization || caller.role === 'visitor') failNotAllowed(profileMessages.userWithoutOrganization);
  return {
    id: self.id,
    email: self.email,
    first_name: self.firstName,
    last_name: self.lastName,
    phone: self.phone,
    profile_picture: self.profilePicture,
    organization: presentOrganization(organization),
    view: caller.role,
    level: roleLevels[caller.role],
    hash: self.invitationHash,
    permissions: organization.featureCodes.filter((code) => toggles.has(code)).map((codename) => ({ codename })),
    planner: planner
      ? {
          user: { id: planner.id, first_name: planner.firstName, last_name: planner.lastName, email: planner.email },
          telephone: planner.phone,
          profile_picture: planner.profilePicture,
        }
      : null,
    has_pending_subscription: false,
    has_pending_credit_card: false,
    has_opb_iniciador: false,
    is_external: self.isExternal,
    current_subscription: null,
    session_expires_at: caller.tokenExpiresAt.toISOString(),
  };
}

/** profiles/edit/: JSON, or multipart when a picture comes along. */
export async function editProfile(deps: AppDependencies, caller: Caller, request: FastifyRequest) {
  let fields: Record<string, unknown> = {};
  let picture: { content: Buffer; extension: string } | null = null;
  if (request.isMultipart()) {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'profile_picture') {
          await part.toBuffer();
          continue;
        }
        picture = await readUploadedImage(part, ['png', 'jpg', 'webp'], 'profile_picture');
      } else {
        fields[part.fieldname] = part.value;
      }
    }
  } else {
    fields = (request.body ?? {}) as Record<string, unknown>;
  }
  // Each field is optional: a picture may come alone; a field that comes must be valid.
  const changes = parseOrFail(ProfileEditSchema.partial(), fields);
  if (!picture && !hasSomeField(changes)) failOnField('non_field_errors', emptyUpdateMessage);
  const profilePicture = picture
    ? await deps.storage.save('profile-pictures', picture.extension, picture.content)
    : undefined;
  await updateSelf(deps.db, caller, {
    firstName: changes.first_name,
    lastName: changes.last_name,
    phone: changes.phone,
    ...(profilePicture ? { profilePicture } : {}),
  });
  return findPersona(deps, caller);
}

/** A planner's clients; a manager's every client with `asManager`, else the ones they advise themselves. */
export async function listClients(
  deps: AppDependencies,
  caller: Caller,
  request: FastifyRequest,
  asManager: boolean,
  page: PageQuery,
) {
  const { count, rows } = await findClients(deps.db, caller, !asManager, page);
  return buildPage(
    request,
    page,
    count,
    rows.map((row) => ({
      user: { id: row.id, first_name: row.firstName, last_name: row.lastName, email: row.email },
      profile_picture: row.profilePicture,
      last_login: row.lastLogin?.toISOString() ?? null,
      last_import_bundle: null,
      current_plan: null,
      budget_planner:
        row.plannerId === null
          ? null
          : {
              user: { id: row.plannerId, first_name: row.plannerFirstName ?? '', last_name: row.plannerLastName ?? '' },
            },
    })),
  );
}

export async function listPlanners(deps: AppDependencies, caller: Caller, request: FastifyRequest, page: PageQuery) {
  const { count, rows } = await findPlanners(deps.db, caller, page);
  return buildPage(
    request,
    page,
    count,
    rows.map((row) => ({
      user: { id: row.id, first_name: row.firstName, last_name: row.lastName, email: row.email },
      telephone: row.phone,
      profile_picture: row.profilePicture,
      last_login: row.lastLogin?.toISOString() ?? null,
      clients_count: row.clientsCount,
    })),
  );
}

export async function findCallerPlanner(deps: AppDependencies, caller: Caller) {
  const planner = await findOwnPlanner(deps.db, caller);
  if (!planner) failNotFound(profileMessages.noPlanner);
  return {
    user: { id: planner.id, first_name: planner.firstName, last_name: planner.lastName, email: planner.email },
    telephone: planner.phone,
    profile_picture: planner.profilePicture,
  };
}

export async function changeClientPlanner(deps: AppDependencies, caller: Caller, clientId: number, plannerId: number) {
  if (!(await updateClientPlanner(deps.db, caller, clientId, plannerId))) {
    failOnField('client', profileMessages.clientOrPlannerNotFound);
  }
}
