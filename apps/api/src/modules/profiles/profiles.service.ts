import type { ClientPage, Persona } from '@prumo/contract/profiles';
import { ProfileEditSchema } from '@prumo/domain/account/schemas';
import { roleLevels } from '@prumo/domain/auth/roles';
import { findTodayInBrazil } from '@prumo/domain/br/date';
import { computeBudgetUsePercent, isOverBudget } from '@prumo/domain/clients/client-attention';
import { type ClientStatus, ClientStatusSchema, defaultClientStatus } from '@prumo/domain/clients/client-status';
import { featureToggles } from '@prumo/domain/organization/features';
import { describeClientsToMove } from '@prumo/domain/organization/team';
import { emptyUpdateMessage, hasSomeField } from '@prumo/domain/records/update-fields';
import type { FastifyRequest } from 'fastify';
import type { AppDependencies } from '../../dependencies';
import { findAnswerKeeper } from '../../lib/answer-keeper';
import { failInvalid, failNotAllowed, failNotFound, failOnField } from '../../lib/domain-errors';
import { buildPage, type PageQuery } from '../../lib/pagination';
import { type ClientScope, resolveNamedClientScope } from '../../lib/scope';
import { readUploadedImage } from '../../lib/uploaded-image';
import { parseOrFail } from '../../lib/validation';
import { type Caller, forgetSessionsOfUser } from '../../plugins/authentication';
import { recordClientAccess } from '../access-log/index';
import { describeTrial, findOrganizationById, presentOrganization } from '../organizations/index';
import { describeClientSubscription, findCurrentPlans } from '../subscriptions/index';
import {
  type ClientBookFilters,
  type ClientBookOrder,
  findClientBook,
  readClientBookFingerprint,
} from './client-book.repo';
import { upsertClientStatus } from './client-status.repo';
import {
  deactivatePlanner,
  findOwnPlanner,
  findPlanners,
  findSelf,
  reactivatePlanner,
  updateClientsPlanner,
  updateSelf,
} from './profiles.repo';

export const profileMessages = {
  noPlanner: 'Nenhum planejador',
  userWithoutOrganization: 'Usuário sem organização',
  clientOrPlannerNotFound: 'Não encontramos o usuário informado!',
  plannerChanged: 'Planejador alterado',
  plannerNotFound: 'Planejador não encontrado.',
  plannerInactive: 'Este planejador está desativado. Escolha um planejador ativo.',
  plannerDeactivated: 'Planejador desativado',
  plannerReactivated: 'Planejador reativado',
  plannerAlreadyInactive: 'Este planejador já está desativado.',
  plannerAlreadyActive: 'Este planejador já está ativo.',
  statusChanged: 'Situação do cliente alterada',
  accessRecorded: 'Acesso registrado',
};

const toggles = new Set<string>(featureToggles);

/** Who is signed in: their organization, role and planner. */
export async function findPersona(deps: AppDependencies, caller: Caller): Promise<Persona> {
  const [self, organization, planner, subscription] = await Promise.all([
    findSelf(deps.db, caller),
    findOrganizationById(deps.db, caller.organizationId),
    caller.role === 'client' ? findOwnPlanner(deps.db, caller) : Promise.resolve(null),
    describeClientSubscription(deps.db, caller),
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
    has_pending_subscription: subscription.has_pending_subscription,
    has_pending_credit_card: subscription.has_pending_credit_card,
    // Every organization has a connector (the simulated institution until one is configured).
    has_opb_iniciador: caller.role === 'client',
    is_external: self.isExternal,
    current_subscription: subscription.current_subscription,
    session_expires_at: caller.tokenExpiresAt.toISOString(),
    trial: caller.role === 'manager' ? await describeTrial(deps, organization) : null,
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

/**
 * A planner's clients; a manager's every client with `asManager`, else the ones they advise
 * themselves — each with what needs attention (ADR 33). The filters narrow it together: every one
 * given holds.
 */
export async function listClients(
  deps: AppDependencies,
  caller: Caller,
  request: FastifyRequest,
  asManager: boolean,
  page: PageQuery,
  filters: ClientBookFilters = {},
  order: ClientBookOrder = { by: 'name', descending: false },
): Promise<ClientPage> {
  const ownClientsOnly = !asManager;
  // The figures count days from today: a new day is a new answer.
  const today = findTodayInBrazil(new Date());
  const key = JSON.stringify([
    caller.organizationId,
    caller.userId,
    caller.role,
    ownClientsOnly,
    today,
    page,
    filters,
    order,
  ]);
  const { count, results } = await findAnswerKeeper<ClientBookPage>(deps.db, 'client-book', maximumKeptBookPages)(
    key,
    () => readClientBookFingerprint(deps.db, caller, ownClientsOnly),
    () => readClientBookPage(deps, caller, { ownClientsOnly, page, filters, order }),
  );
  return buildPage(request, page, count, results);
}

/** Pages of the book a process keeps (each adviser's filters, orders and pages); more are read afresh. */
const maximumKeptBookPages = 500;

type ClientBookPage = Pick<ClientPage, 'count' | 'results'>;

async function readClientBookPage(
  deps: AppDependencies,
  caller: Caller,
  options: { ownClientsOnly: boolean; page: PageQuery; filters: ClientBookFilters; order: ClientBookOrder },
): Promise<ClientBookPage> {
  const { count, rows } = await findClientBook(deps.db, caller, options);
  const plans = await findCurrentPlans(
    deps.db,
    caller.organizationId,
    rows.map((row) => row.id),
  );
  return {
    count,
    results: rows.map((row) => ({
      user: { id: row.id, first_name: row.firstName, last_name: row.lastName, email: row.email },
      profile_picture: row.profilePicture,
      last_login: row.lastLogin?.toISOString() ?? null,
      last_import_bundle:
        row.lastImportId === null || row.lastImportAt === null
          ? null
          : { id: row.lastImportId, created_at: row.lastImportAt },
      current_plan: plans.get(row.id) ?? null,
      budget_planner:
        row.plannerId === null
          ? null
          : {
              user: { id: row.plannerId, first_name: row.plannerFirstName ?? '', last_name: row.plannerLastName ?? '' },
            },
      status: readClientStatus(row.status),
      attention: {
        days_since_import: row.daysSinceImport,
        uncategorized_lines: row.uncategorizedLines,
        open_tasks: row.openTasks,
        oldest_open_task_days: row.oldestOpenTaskDays,
        overdue_tasks: row.overdueTasks,
        month_expense: row.monthExpense,
        month_planned_expense: row.plannedExpense,
        budget_use: computeBudgetUsePercent(row.monthExpense, row.plannedExpense),
        over_budget: isOverBudget(row.monthExpense, row.plannedExpense),
        planning_awaiting:
          row.planningAwaitingId === null
            ? null
            : { task_id: row.planningAwaitingId, start: row.planningAwaitingStart },
      },
    })),
  };
}

function readClientStatus(text: string): ClientStatus {
  const parsed = ClientStatusSchema.safeParse(text);
  return parsed.success ? parsed.data : defaultClientStatus;
}

/** PUT profiles/customer-manager: the planner's (or a manager's) standing with one client (ADR 33). */
export async function changeClientStatus(deps: AppDependencies, scope: ClientScope, status: ClientStatus) {
  await upsertClientStatus(deps.db, scope, status);
  return { detail: profileMessages.statusChanged, client: scope.clientUserId, status };
}

/** POST profiles/clients/{id}/mark-planner-access/: the adviser opened the client (ADR 34). */
export async function markPlannerAccess(deps: AppDependencies, caller: Caller, clientUserId: number) {
  const scope = await resolveNamedClientScope(deps.db, caller, clientUserId, 'read');
  await recordClientAccess(deps, scope, 'client_view');
  return { detail: profileMessages.accessRecorded };
}

/** The organization's planners (ADR 37): the active ones, or the deactivated ones with `active` false. */
export async function listPlanners(
  deps: AppDependencies,
  caller: Caller,
  request: FastifyRequest,
  page: PageQuery,
  active = true,
) {
  const { count, rows } = await findPlanners(deps.db, caller, page, active);
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
      is_active: row.deactivatedAt === null,
      deactivated_at: row.deactivatedAt?.toISOString() ?? null,
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

/**
 * PUT profiles/clients/change-planner/: the clients move to an active planner of the organization,
 * all together or none (ADR 37). A client out of reach is 404; a planner of another organization
 * 404; a deactivated one 400.
 */
export async function changeClientsPlanner(
  deps: AppDependencies,
  caller: Caller,
  clientUserIds: readonly number[],
  plannerUserId: number,
) {
  const change = await updateClientsPlanner(deps.db, caller, clientUserIds, plannerUserId);
  if (change === 'planner-not-found') failNotFound(profileMessages.plannerNotFound);
  if (change === 'planner-inactive') failOnField('planner', profileMessages.plannerInactive);
  if (change === 'client-not-found') failNotFound(profileMessages.clientOrPlannerNotFound);
  return { detail: profileMessages.plannerChanged, moved: change.moved };
}

/** A planner with an empty book stops signing in and leaves the active lists; their sessions end (ADR 37). */
export async function deactivateCallerPlanner(deps: AppDependencies, caller: Caller, plannerUserId: number) {
  const outcome = await deactivatePlanner(deps.db, caller, plannerUserId);
  if (outcome === 'not-found') failNotFound(profileMessages.plannerNotFound);
  if (outcome === 'already-inactive') failInvalid(profileMessages.plannerAlreadyInactive);
  if (outcome !== 'done') failInvalid(describeClientsToMove(outcome.clientsLeft));
  forgetSessionsOfUser(deps.db, plannerUserId);
  return { detail: profileMessages.plannerDeactivated };
}

/** Undoes a deactivation: the planner signs in again with their password, and gets clients anew. */
export async function reactivateCallerPlanner(deps: AppDependencies, caller: Caller, plannerUserId: number) {
  const outcome = await reactivatePlanner(deps.db, caller, plannerUserId);
  if (outcome === 'not-found') failNotFound(profileMessages.plannerNotFound);
  if (outcome === 'already-active') failInvalid(profileMessages.plannerAlreadyActive);
  return { detail: profileMessages.plannerReactivated };
}
