import type {
  FinishOrganizationRegister,
  Login,
  PasswordChange,
  PasswordResetConfirm,
  Registration,
  SimpleRegistration,
} from '@prumo/domain/account/schemas';
import { type AccessLevel, addressWordByRole } from '@prumo/domain/auth/roles';
import type { FastifyRequest } from 'fastify';
import type { Transaction } from '../../db/database';
import type { AppDependencies } from '../../dependencies';
import { DomainError, fail, failInvalid, failNotAllowed, failOnField } from '../../lib/domain-errors';
import { findUnusedPasswordHash, hashPassword, needsRehash, verifyPassword } from '../../lib/passwords';
import { isUniqueViolation } from '../../lib/validation';
import { type Caller, forgetSessionsOfUser, sessionMessages } from '../../plugins/authentication';
import { claimUsedInvitation, resolveInvitation } from '../invitations/index';
import {
  endOrganizationRegistration,
  findExistingOrganization,
  findOrganizationAwaitingManager,
  findOrganizationBySlug,
  type OrganizationRow,
} from '../organizations/index';
import { sendAccessLinkEmail, sendConfirmationEmail, sendPasswordResetEmail } from './account-emails';
import {
  type AttemptLimits,
  consumeOneTimeToken,
  deleteAuthToken,
  deleteAuthTokensOfUser,
  deleteLoginFailures,
  findAccessLevels,
  findPasswordHash,
  findPasswordHashesElsewhere,
  findUserByEmail,
  findUserOrganizationSlug,
  insertAuthToken,
  insertOneTimeToken,
  insertUserWithProfile,
  markEmailConfirmed,
  markSignedIn,
  type NewUser,
  reservePasswordAttempt,
  type UserRow,
  updatePasswordHash,
} from './accounts.repo';

export const sessionLengthMilliseconds = 2 * 60 * 60 * 1000;
const throttleWindowMinutes = 15;
/**
 * Wrong passwords allowed in the window: per account from one address (so someone elsewhere
 * cannot lock the owner out) and per address over all accounts (so one address cannot spray).
 */
const passwordAttemptLimits: AttemptLimits = {
  windowMinutes: throttleWindowMinutes,
  perAccountAndAddress: 5,
  perAddress: 20,
};
const confirmationValidMinutes = 3 * 24 * 60;
const passwordResetValidMinutes = 60;
const accessLinkValidMinutes = 15;

export const accountMessages = {
  wrongCredentials: 'E-mail ou senha incorretos.',
  wrongOrganization: 'Organizacao incorreta',
  unconfirmed: 'Confirme seu e-mail antes de entrar.',
  throttled: `Muitas tentativas de login. Aguarde ${throttleWindowMinutes} minutos e tente novamente.`,
  passwordChecksThrottled: `Muitas tentativas com a senha errada. Aguarde ${throttleWindowMinutes} minutos e tente novamente.`,
  emailTaken: 'Já existe uma conta com este e-mail.',
  accountCreated: 'Conta criada',
  emailConfirmed: 'E-mail confirmado',
  invalidConfirmation: 'Link de confirmação inválido ou expirado.',
  invalidResetLink: 'Link inválido ou expirado.',
  passwordChanged: 'Senha alterada',
  wrongOldPassword: 'Senha atual incorreta.',
  wrongPassword: 'Senha incorreta.',
  invalidAccessLink: 'Link de acesso inválido ou expirado.',
  neutralEmailSent: 'Se o e-mail estiver cadastrado, enviaremos a mensagem em instantes.',
  signedOut: 'Sessão encerrada',
} as const;

async function findOrganizationOrFail(deps: AppDependencies, slug: string): Promise<OrganizationRow> {
  return (await findExistingOrganization(deps, slug)).organization;
}

export async function createSession(deps: AppDependencies, userId: number): Promise<{ key: string; expiresAt: Date }> {
  const expiresAt = new Date(Date.now() + sessionLengthMilliseconds);
  const key = await deps.db.transaction(async (transaction) => {
    const created = await insertAuthToken(transaction, userId, expiresAt);
    await markSignedIn(transaction, userId);
    return created;
  });
  return { key, expiresAt };
}

/**
 * 200 with a key; 400 for a wrong e-mail or password; 403 when the password opens an account
 * of another organization only; 429 after too many failures for the account from this address,
 * or from this address overall.
 */
export async function signIn(deps: AppDependencies, request: FastifyRequest, login: Login) {
  const organization = await findOrganizationOrFail(deps, login.organization);
  const accountKey = `${organization.id}:${login.email}`;
  if (!(await reservePasswordAttempt(deps.db, accountKey, request.ip, passwordAttemptLimits))) {
    fail('tooMany', accountMessages.throttled);
  }
  // From here the attempt counts as a failure unless the password proves right.

  const user = await findUserByEmail(deps.db, organization.id, login.email);
  if (user) {
    const isRight = await verifyPassword(login.password, user.passwordHash);
    if (!isRight) failInvalid(accountMessages.wrongCredentials);
    await deleteLoginFailures(deps.db, accountKey, request.ip);
    if (!user.confirmed)
      throw new DomainError('invalid', { detail: accountMessages.unconfirmed, code: 'email_not_confirmed' });
    await rehashWhenWeak(deps, user, login.password);
    return createSession(deps, user.id);
  }

  const hashesElsewhere = await findPasswordHashesElsewhere(deps.db, login.email, organization.id);
  for (const passwordHash of hashesElsewhere) {
    if (await verifyPassword(login.password, passwordHash)) failNotAllowed(accountMessages.wrongOrganization);
  }
  // Same work as a real check, so the answer's timing does not tell whether the e-mail exists.
  if (hashesElsewhere.length === 0) {
    await verifyPassword(login.password, await findUnusedPasswordHash(deps.config.passwordHashCost));
  }
  failInvalid(accountMessages.wrongCredentials);
}

/** A hash made at a lower cost than today's is replaced now that the password is known. */
async function rehashWhenWeak(deps: AppDependencies, user: UserRow, password: string): Promise<void> {
  if (!needsRehash(user.passwordHash, deps.config.passwordHashCost)) return;
  const passwordHash = await hashPassword(password, deps.config.passwordHashCost);
  // Only if nobody changed the password meanwhile.
  await updatePasswordHash(deps.db, user.id, passwordHash, { replacing: user.passwordHash });
}

export async function signOut(deps: AppDependencies, caller: Caller, key: string): Promise<void> {
  await deleteAuthToken(deps.db, caller.userId, key);
  forgetSessionsOfUser(deps.db, caller.userId);
}

/** The person fields every registration form sends (dj-rest-auth names). */
type PersonRegistration = Pick<Registration, 'email' | 'first_name' | 'last_name' | 'phone' | 'password1'> & {
  cpf?: string;
  plan?: string;
};

async function createUnconfirmedUser(
  deps: AppDependencies,
  request: FastifyRequest,
  organization: OrganizationRow,
  person: PersonRegistration,
  role: AccessLevel,
  plannerUserId: number | null,
  afterCreate?: (transaction: Transaction, user: UserRow) => Promise<void>,
): Promise<void> {
  const newUser: NewUser = {
    organizationId: organization.id,
    email: person.email,
    firstName: person.first_name,
    lastName: person.last_name,
    phone: person.phone,
    cpf: person.cpf ?? null,
    passwordHash: await hashPassword(person.password1, deps.config.passwordHashCost),
    confirmed: false,
    registeredPlanHash: person.plan || null,
  };
  let created: { user: UserRow; token: string };
  try {
    created = await deps.db.transaction(async (transaction) => {
      const user = await insertUserWithProfile(transaction, newUser, role, plannerUserId);
      const token = await insertOneTimeToken(transaction, user.id, 'email_confirmation', confirmationValidMinutes);
      await afterCreate?.(transaction, user);
      return { user, token };
    });
  } catch (error) {
    if (isUniqueViolation(error)) failOnField('email', accountMessages.emailTaken);
    throw error;
  }
  await sendConfirmationEmail(
    deps,
    request,
    organization,
    { email: created.user.email, firstName: created.user.firstName },
    created.token,
  );
}

export async function register(
  deps: AppDependencies,
  request: FastifyRequest,
  registration: Registration | SimpleRegistration,
): Promise<void> {
  const organization = await findOrganizationOrFail(deps, registration.organization);
  // The simple form makes clients only; the role itself always comes from the invitation.
  const roleWord = 'role' in registration ? registration.role : addressWordByRole.client;
  const { role, plannerUserId, singleUseId } = await resolveInvitation(
    deps,
    organization.id,
    registration.hash,
    roleWord,
  );
  if (await findUserByEmail(deps.db, organization.id, registration.email)) {
    failOnField('email', accountMessages.emailTaken);
  }
  await createUnconfirmedUser(
    deps,
    request,
    organization,
    registration,
    role,
    plannerUserId,
    async (transaction, user) => {
      if (singleUseId !== null) await claimUsedInvitation(transaction, singleUseId, user.id);
    },
  );
}

/** The first manager of an organization made through /cadastro/organizacao, with its registration token. */
export async function finishOrganizationRegister(
  deps: AppDependencies,
  request: FastifyRequest,
  slug: string,
  registration: FinishOrganizationRegister,
): Promise<void> {
  const { organization, registrationTokenHash } = await findOrganizationAwaitingManager(deps, slug, registration.token);
  await createUnconfirmedUser(deps, request, organization, registration, 'manager', null, (transaction) =>
    endOrganizationRegistration(transaction, registrationTokenHash),
  );
}

export async function confirmEmail(deps: AppDependencies, key: string): Promise<void> {
  await deps.db.transaction(async (transaction) => {
    const used = await consumeOneTimeToken(transaction, 'email_confirmation', key);
    if (!used) failInvalid(accountMessages.invalidConfirmation);
    await markEmailConfirmed(transaction, used.userId);
  });
}

/** The account of this e-mail in this organization, for the calls that must not tell whether it exists. */
async function findAccountByEmail(deps: AppDependencies, organizationSlug: string, email: string) {
  const found = await findOrganizationBySlug(deps.db, organizationSlug);
  const user = found ? await findUserByEmail(deps.db, found.organization.id, email) : null;
  return found && user ? { organization: found.organization, user } : null;
}

export async function resendActivation(
  deps: AppDependencies,
  request: FastifyRequest,
  organizationSlug: string,
  email: string,
): Promise<void> {
  const account = await findAccountByEmail(deps, organizationSlug, email);
  if (!account || account.user.confirmed) return;
  const { organization, user } = account;
  const token = await insertOneTimeToken(deps.db, user.id, 'email_confirmation', confirmationValidMinutes);
  await sendConfirmationEmail(deps, request, organization, { email: user.email, firstName: user.firstName }, token);
}

function encodeUid(userId: number): string {
  return Buffer.from(String(userId)).toString('base64url');
}

function decodeUid(uid: string): number | null {
  const userId = Number(Buffer.from(uid, 'base64url').toString('utf8'));
  return Number.isSafeInteger(userId) && userId > 0 ? userId : null;
}

export async function requestPasswordReset(
  deps: AppDependencies,
  request: FastifyRequest,
  organizationSlug: string,
  email: string,
): Promise<void> {
  const account = await findAccountByEmail(deps, organizationSlug, email);
  if (!account) return;
  const { organization, user } = account;
  const token = await insertOneTimeToken(deps.db, user.id, 'password_reset', passwordResetValidMinutes);
  const recipient = { email: user.email, firstName: user.firstName, uid: encodeUid(user.id) };
  await sendPasswordResetEmail(deps, request, organization, recipient, token);
}

export async function confirmPasswordReset(deps: AppDependencies, reset: PasswordResetConfirm): Promise<void> {
  const userId = decodeUid(reset.uid);
  const passwordHash = await hashPassword(reset.new_password1, deps.config.passwordHashCost);
  const resetUserId = await deps.db.transaction(async (transaction) => {
    const used = await consumeOneTimeToken(transaction, 'password_reset', reset.token);
    if (!used || used.userId !== userId) failOnField('token', accountMessages.invalidResetLink);
    // Following the link proves the address too.
    await updatePasswordHash(transaction, used.userId, passwordHash, { confirming: true });
    await deleteAuthTokensOfUser(transaction, used.userId);
    return used.userId;
  });
  forgetSessionsOfUser(deps.db, resetUserId);
}

async function findCallerPasswordHash(deps: AppDependencies, caller: Caller): Promise<string> {
  const passwordHash = await findPasswordHash(deps.db, caller.userId);
  // The session's user is gone (deleted between the lookup and now).
  if (passwordHash === null) fail('unauthenticated', sessionMessages.invalid);
  return passwordHash;
}

/**
 * Checks a signed-in user's password (password change, check-password) under the same limits as
 * sign-in, counted per user and address: a stolen session cannot guess the password freely.
 */
async function verifyCallerPassword(
  deps: AppDependencies,
  request: FastifyRequest,
  caller: Caller,
  password: string,
): Promise<boolean> {
  const accountKey = `user:${caller.userId}`;
  if (!(await reservePasswordAttempt(deps.db, accountKey, request.ip, passwordAttemptLimits))) {
    fail('tooMany', accountMessages.passwordChecksThrottled);
  }
  const isRight = await verifyPassword(password, await findCallerPasswordHash(deps, caller));
  if (isRight) await deleteLoginFailures(deps.db, accountKey, request.ip);
  return isRight;
}

export async function changePassword(
  deps: AppDependencies,
  request: FastifyRequest,
  caller: Caller,
  currentKey: string,
  change: PasswordChange,
): Promise<void> {
  if (!(await verifyCallerPassword(deps, request, caller, change.old_password))) {
    failOnField('old_password', accountMessages.wrongOldPassword);
  }
  const passwordHash = await hashPassword(change.new_password1, deps.config.passwordHashCost);
  await deps.db.transaction(async (transaction) => {
    await updatePasswordHash(transaction, caller.userId, passwordHash);
    // Other sessions end; the one that changed the password goes on.
    await deleteAuthTokensOfUser(transaction, caller.userId, currentKey);
  });
  forgetSessionsOfUser(deps.db, caller.userId);
}

export async function checkPassword(
  deps: AppDependencies,
  request: FastifyRequest,
  caller: Caller,
  password: string,
): Promise<void> {
  if (!(await verifyCallerPassword(deps, request, caller, password))) {
    failOnField('password', accountMessages.wrongPassword);
  }
}

export async function requestAccessLink(
  deps: AppDependencies,
  request: FastifyRequest,
  organizationSlug: string,
  email: string,
): Promise<void> {
  const account = await findAccountByEmail(deps, organizationSlug, email);
  if (!account?.user.confirmed) return;
  const { organization, user } = account;
  const token = await insertOneTimeToken(deps.db, user.id, 'fast_access', accessLinkValidMinutes);
  await sendAccessLinkEmail(deps, request, organization, { email: user.email, firstName: user.firstName }, token);
}

export async function signInWithAccessLink(deps: AppDependencies, token: string) {
  const used = await consumeOneTimeToken(deps.db, 'fast_access', token);
  if (!used) failInvalid(accountMessages.invalidAccessLink);
  const organization = await findUserOrganizationSlug(deps.db, used.userId);
  if (!organization || (await findAccessLevels(deps.db, used.userId)).length === 0) {
    failInvalid(accountMessages.invalidAccessLink);
  }
  const session = await createSession(deps, used.userId);
  return { ...session, organization };
}
