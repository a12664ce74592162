import {
  type AccessLevel,
  addressWordByRole,
  canInvite,
  findPrimaryRole,
  findRoleByAddressWord,
  invitationLifetimeDays,
} from '@prumo/domain/auth/roles';
import type { FastifyRequest } from 'fastify';
import type { AppDependencies } from '../../dependencies';
import { failNotAllowed, failNotFound, failOnField } from '../../lib/domain-errors';
import { buildPage, type PageQuery } from '../../lib/pagination';
import type { Caller } from '../../plugins/authentication';
import { findExistingOrganization } from '../organizations/index';
import {
  claimInvitation,
  type Executor,
  findInvitationByToken,
  findInvitations,
  insertInvitation,
  type ListedInvitation,
  revokeInvitation,
} from './invitations.repo';

export const invitationMessages = {
  invalid: 'Convite inválido.',
  roleRefused: 'Este convite não permite cadastrar este perfil.',
  expiredOrRevoked: 'Convite expirado ou revogado.',
  used: 'Este convite já foi usado.',
  invalidRole: 'Perfil inválido.',
  notFound: 'Convite não encontrado.',
  revoked: 'Convite revogado',
} as const;

const invitationTokenPattern = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The invitation of this token, usable, whose issuer may still grant its role. `fail` says how a
 * refusal is answered (a field of the registration form, or the detail of a 404).
 */
async function findUsableInvitation(
  deps: AppDependencies,
  organizationId: number,
  token: string,
  fail: (message: string) => never,
) {
  // Tokens are base64url: anything else (a NUL, an address fragment) is no invitation and never reaches the database.
  if (!invitationTokenPattern.test(token)) fail(invitationMessages.invalid);
  const invitation = await findInvitationByToken(deps.db, organizationId, token);
  if (!invitation) fail(invitationMessages.invalid);
  if (invitation.used) fail(invitationMessages.used);
  if (!invitation.usable) fail(invitationMessages.expiredOrRevoked);
  // An issuer who lost the rights (a manager made planner) no longer grants the role.
  if (!canInvite(findPrimaryRole(invitation.issuerLevels), invitation.role)) fail(invitationMessages.invalid);
  // A deactivated planner's links (their standing client link too) register nobody (ADR 37).
  if (invitation.issuerDeactivated) fail(invitationMessages.expiredOrRevoked);
  return invitation;
}

export interface ResolvedInvitation {
  role: AccessLevel;
  plannerUserId: number | null;
  /** Set for a planner or manager link: the registration must claim it (claimUsedInvitation). */
  singleUseId: number | null;
  /** The link itself: a prospect's invitation converts the prospect (ADR 35). */
  invitationId: number;
}

/**
 * The role and planner a registration gets: from the invitation only. A role word that asks for
 * anything else is refused.
 */
export async function resolveInvitation(
  deps: AppDependencies,
  organizationId: number,
  token: string,
  roleWord: string,
): Promise<ResolvedInvitation> {
  const askedRole = findRoleByAddressWord(roleWord);
  if (!askedRole) failOnField('role', invitationMessages.invalidRole);
  const refuse = (message: string): never => failOnField('hash', message);
  const invitation = await findUsableInvitation(deps, organizationId, token, refuse);
  if (invitation.role !== askedRole) refuse(invitationMessages.roleRefused);
  // A client link is shared with many clients; a planner or manager link registers one person.
  if (invitation.role === 'client') {
    return {
      role: invitation.role,
      plannerUserId: invitation.plannerUserId,
      singleUseId: null,
      invitationId: invitation.id,
    };
  }
  return { role: invitation.role, plannerUserId: null, singleUseId: invitation.id, invitationId: invitation.id };
}

/** In the transaction that creates the user: a link another registration claimed first refuses this one. */
export async function claimUsedInvitation(transaction: Executor, invitationId: number, userId: number) {
  if (!(await claimInvitation(transaction, invitationId, userId))) failOnField('hash', invitationMessages.used);
}

/** GET invitation/{hash}/: who invites and the one role the link grants. */
export async function describeInvitation(deps: AppDependencies, organizationSlug: string, token: string) {
  const { organization } = await findExistingOrganization(deps, organizationSlug);
  const invitation = await findUsableInvitation(deps, organization.id, token, (message) => failNotFound(message));
  return {
    inviter: { first_name: invitation.issuerFirstName, last_name: invitation.issuerLastName },
    inviter_role: findPrimaryRole(invitation.issuerLevels),
    role: invitation.role,
    roles: [invitation.role],
  };
}

function presentInvitation({ invitation, issuer, planner, usedBy, expired }: ListedInvitation) {
  return {
    id: invitation.id,
    role: invitation.role,
    role_word: addressWordByRole[invitation.role],
    token: invitation.token,
    standing: invitation.standing,
    issued_by: { id: issuer.id, first_name: issuer.firstName, last_name: issuer.lastName },
    planner: planner ? { id: planner.id, first_name: planner.firstName, last_name: planner.lastName } : null,
    created_at: invitation.createdAt.toISOString(),
    expires_at: invitation.expiresAt?.toISOString() ?? null,
    expired,
    used_at: invitation.usedAt?.toISOString() ?? null,
    used_by: usedBy ? { id: usedBy.id, first_name: usedBy.firstName, last_name: usedBy.lastName } : null,
  };
}

export type InvitationRecord = ReturnType<typeof presentInvitation>;

function parseRoleWord(word: string | undefined): AccessLevel | undefined {
  if (word === undefined) return undefined;
  const role = findRoleByAddressWord(word);
  if (!role) failOnField('role', invitationMessages.invalidRole);
  return role;
}

/** The links the caller manages (a planner only has client links), newest first. */
export async function listInvitations(
  deps: AppDependencies,
  caller: Caller,
  request: FastifyRequest,
  roleWord: string | undefined,
  page: PageQuery,
) {
  const { count, rows } = await findInvitations(deps.db, caller, { role: parseRoleWord(roleWord) }, page);
  return buildPage(request, page, count, rows.map(presentInvitation));
}

/** A new link for a role the caller may grant (a planner: clients), with that role's lifetime. */
export async function createInvitation(deps: AppDependencies, caller: Caller, roleWord: string) {
  const role = parseRoleWord(roleWord) as AccessLevel;
  if (!canInvite(caller.role, role)) failNotAllowed();
  const lifetimeDays = invitationLifetimeDays[role];
  const created = await insertInvitation(deps.db, {
    organizationId: caller.organizationId,
    role,
    issuedByUserId: caller.userId,
    // A planner's client joins that planner; a manager's client gets one later.
    plannerUserId: role === 'client' && caller.role === 'planner' ? caller.userId : null,
    expiresAt: lifetimeDays === null ? null : new Date(Date.now() + lifetimeDays * 24 * 60 * 60 * 1000),
  });
  return findInvitationRecord(deps, caller, created.id);
}

async function findInvitationRecord(deps: AppDependencies, caller: Caller, id: number) {
  const { rows } = await findInvitations(deps.db, caller, { id }, { limit: 1, offset: 0 });
  const [row] = rows;
  if (!row) failNotFound(invitationMessages.notFound);
  return presentInvitation(row);
}

export async function revokeCallerInvitation(deps: AppDependencies, caller: Caller, id: number): Promise<void> {
  const revoked = await revokeInvitation(deps.db, caller, id);
  if (!revoked) failNotFound(invitationMessages.notFound);
}
