import type {
  EmailChange,
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
  ensureTrialAllowsRegistration,
  findExistingOrganization,
  findOrganizationAwaitingManager,
  findOrganizationBySlug,
  type OrganizationRow,
} from '../organizations/index';
import { convertInvitedProspect } from '../prospects/index';
import {
  sendAccessLinkEmail,
  sendConfirmationEmail,
  sendEmailChangeConfirmation,
  sendEmailChangedNotice,
  sendEmailTakenNotice,
  sendPasswordResetEmail,
} from './account-emails';
import {
  type AttemptLimits,
  consumeOneTimeToken,
  countRecentOneTimeTokens,
  deleteAuthToken,
  deleteAuthTokensOfUser,
  deleteLoginFailures,
  expireOneTimeTokens,
  findAccessLevels,
  findAccountsByEmailInAnyOrganization,
  findPasswordHash,
  findPasswordHashesElsewhere,
  findUserByEmail,
  findUserById,
  findUserOrganizationSlug,
  insertAuthToken,
  insertOneTimeToken,
  insertUserWithProfile,
  isUserDeactivated,
  markEmailConfirmed,
  markSignedIn,
  type NewUser,
  reservePasswordAttempt,
  type UserRow,
  updatePasswordHash,
  updateUserEmail,
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
const emailChangeValidMinutes = 24 * 60;
/**
 * Links e-mailed to one account within the throttle window: confirmation resends and e-mail change
 * requests beyond it send nothing (resends) or answer 429 (changes), so nobody floods an inbox.
 */
const linksPerAccountInWindow = 3;

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
  emailChangeSent: 'Enviamos um link de confirmação para o novo e-mail. A troca vale quando você confirmar.',
  sameEmail: 'Este já é o seu e-mail.',
  emailChanged: 'E-mail alterado. Entre novamente com o novo e-mail.',
  emailTakenMeanwhile: 'Este e-mail passou a ser usado por outra conta. Escolha outro endereço.',
  tooManyEmailChanges: `Muitos pedidos de troca de e-mail. Aguarde ${throttleWindowMinutes} minutos e tente novamente.`,
  deactivated: 'Este acesso foi desativado pelo gestor da organização.',
} as const;

async function findOrganizationOrFail(deps: AppDependencies, slug: string): Promise<OrganizationRow> {
  return (await findExistingOrganization(deps, slug)).organization;
}

export async function createSession(deps: AppDependencies, userId: number): Promise<{ key: string; expiresAt: Date }> {
  const expiresAt = new Date(Date.now() + sessionLengthMilliseconds);
  const key = await deps.db.transaction(async (transaction) => {
    // Checked with the password proven right: a deactivated account gets no session by any way in.
    if (await isUserDeactivated(transaction, userId)) failNotAllowed(accountMessages.deactivated);
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
  const found = await findExistingOrganization(deps, registration.organization);
  const { organization } = found;
  // The simple form makes clients only; the role itself always comes from the invitation.
  const roleWord = 'role' in registration ? registration.role : addressWordByRole.client;
  const { role, plannerUserId, singleUseId, invitationId } = await resolveInvitation(
    deps,
    organization.id,
    registration.hash,
    roleWord,
  );
  await ensureTrialAllowsRegistration(deps, found, role);
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
      // A prospect's invitation: their statements' lines become the new client's (ADR 35).
      await convertInvitedProspect(transaction, invitationId, user);
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

/** What a plan's hash looks like in a link (base64url); anything else a sign-up carried is not passed on. */
const planHashPattern = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Follows an e-mailed link: a new account's confirmation, or an e-mail change (the address becomes
 * the account's, every session ends, the old address is told). Answers the message to show and,
 * for a new account, the plan its sign-up link named, so the browser the link is opened in (often
 * not the one of the sign-up) goes on to that plan's payment after signing in.
 */
export async function confirmEmail(
  deps: AppDependencies,
  request: FastifyRequest,
  key: string,
): Promise<{ detail: string; planHash: string | null }> {
  let change:
    | { kind: 'confirmed'; planHash: string | null }
    | { kind: 'changed'; userId: number; newEmail: string; previous: { previousEmail: string; firstName: string } };
  try {
    change = await deps.db.transaction(async (transaction) => {
      const used = await consumeOneTimeToken(transaction, ['email_confirmation', 'email_change'], key);
      if (!used) failInvalid(accountMessages.invalidConfirmation);
      if (used.purpose === 'email_confirmation' || !used.newEmail) {
        const { registeredPlanHash } = await markEmailConfirmed(transaction, used.userId);
        const planHash = registeredPlanHash && planHashPattern.test(registeredPlanHash) ? registeredPlanHash : null;
        return { kind: 'confirmed' as const, planHash };
      }
      const previous = await updateUserEmail(transaction, used.userId, used.newEmail);
      if (!previous) failInvalid(accountMessages.invalidConfirmation);
      await expireOneTimeTokens(transaction, used.userId, 'email_change');
      // Links made for the old address (reset, access) no longer belong to the account's e-mail.
      await expireOneTimeTokens(transaction, used.userId, 'password_reset');
      await expireOneTimeTokens(transaction, used.userId, 'fast_access');
      await deleteAuthTokensOfUser(transaction, used.userId);
      return { kind: 'changed' as const, userId: used.userId, newEmail: used.newEmail, previous };
    });
  } catch (error) {
    // Another account took the address after the link was sent: nothing changed, the link stays unused.
    if (isUniqueViolation(error)) failInvalid(accountMessages.emailTakenMeanwhile);
    throw error;
  }
  if (change.kind === 'confirmed') return { detail: accountMessages.emailConfirmed, planHash: change.planHash };
  forgetSessionsOfUser(deps.db, change.userId);
  const slug = await findUserOrganizationSlug(deps.db, change.userId);
  const found = slug ? await findOrganizationBySlug(deps.db, slug) : null;
  if (found) {
    const recipient = { email: change.previous.previousEmail, firstName: change.previous.firstName };
    await sendEmailChangedNotice(deps, request, found.organization, recipient, change.newEmail);
  }
  return { detail: accountMessages.emailChanged, planHash: null };
}

/**
 * A signed-in user asks for a new e-mail, proving the password (counted with the other checks of
 * it). The link goes to the new address; nothing changes until it is followed. An address another
 * account of the organization uses answers the same (its owner is told instead): no client learns
 * who else is a client.
 */
export async function requestEmailChange(
  deps: AppDependencies,
  request: FastifyRequest,
  caller: Caller,
  change: EmailChange,
): Promise<void> {
  if (!(await verifyCallerPassword(deps, request, caller, change.password))) {
    failOnField('password', accountMessages.wrongPassword);
  }
  const user = await findUserById(deps.db, caller.organizationId, caller.userId);
  const found = await findOrganizationBySlug(deps.db, caller.organizationSlug);
  if (!user || !found) fail('unauthenticated', sessionMessages.invalid);
  if (change.new_email === user.email) failOnField('new_email', accountMessages.sameEmail);
  if (
    (await countRecentOneTimeTokens(deps.db, user.id, 'email_change', throttleWindowMinutes)) >= linksPerAccountInWindow
  ) {
    fail('tooMany', accountMessages.tooManyEmailChanges);
  }
  const { organization } = found;
  const owner = await findUserByEmail(deps.db, organization.id, change.new_email);
  if (owner) {
    // Counted as a request all the same, so the throttle does not tell either.
    await insertOneTimeToken(deps.db, user.id, 'email_change', 0, null);
    await sendEmailTakenNotice(deps, request, organization, { email: owner.email, firstName: owner.firstName });
    return;
  }
  const token = await deps.db.transaction(async (transaction) => {
    // The newest request is the one that counts: older links stop working.
    await expireOneTimeTokens(transaction, user.id, 'email_change');
    return insertOneTimeToken(transaction, user.id, 'email_change', emailChangeValidMinutes, change.new_email);
  });
  await sendEmailChangeConfirmation(
    deps,
    request,
    organization,
    { email: change.new_email, firstName: user.firstName },
    token,
  );
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
  // The answer stays the same: beyond the limit the link is just not sent again.
  const recent = await countRecentOneTimeTokens(deps.db, user.id, 'email_confirmation', throttleWindowMinutes);
  if (recent >= linksPerAccountInWindow) return;
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

/** Bounds the e-mails one request without an organization sends: one per organization holding the address. */
const maximumAccountsPerReset = 20;

/**
 * Sends a reset link to the account with the e-mail in the organization named, or, when none is
 * named, to each account holding it (each link under its own organization's brand and address).
 * The answer is the same either way, so it tells nobody which addresses have accounts, or how many.
 */
export async function requestPasswordReset(
  deps: AppDependencies,
  request: FastifyRequest,
  organizationSlug: string | undefined,
  email: string,
): Promise<void> {
  const accounts =
    organizationSlug === undefined
      ? await findAccountsByEmailInAnyOrganization(deps.db, email, maximumAccountsPerReset)
      : [await findAccountByEmail(deps, organizationSlug, email)];
  for (const account of accounts) {
    if (!account) continue;
    const { organization, user } = account;
    const token = await insertOneTimeToken(deps.db, user.id, 'password_reset', passwordResetValidMinutes);
    const recipient = { email: user.email, firstName: user.firstName, uid: encodeUid(user.id) };
    await sendPasswordResetEmail(deps, request, organization, recipient, token);
  }
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
