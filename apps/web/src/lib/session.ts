import type { Persona } from '@prumo/contract/profiles';
import { paths } from '../config/paths';
import { registerRequestScopeReader, registerUnauthorizedListener } from './api-client';
import { readClientIdFromLocation } from './client-scope';
import { errorMessages } from './errors';
import { navigateTo } from './navigation';
import { notifyError } from './notifications';
import { personaQueryKey } from './persona';
import { queryClient } from './query-client';
import {
  clearAllStorage,
  clearSessionKeys,
  clearStorageForKick,
  defaultOrganizationSlug,
  readSignInTime,
  readStoredOrganization,
  saveOrganization,
  saveSession,
} from './storage';

/** Session rules: two hours, kicks, organization adoption. */
export const sessionLengthMs = 2 * 60 * 60 * 1000;

// Set when the address itself brought a token (fast access, ?token=): adopting its organization must keep it.
let arrivedWithToken = false;

export function markArrivalWithToken(): void {
  arrivedWithToken = true;
}

/**
 * When the address names another organization than the stored one, the old session belongs to
 * the old organization: forget it (unless the address brought its own token) and adopt the new one.
 */
export function adoptOrganization(slug: string): void {
  const stored = readStoredOrganization();
  const keepToken = arrivedWithToken;
  // The address's token counts for the first organization it meets only.
  arrivedWithToken = false;
  if (stored === slug) return;
  if (!keepToken) {
    clearSessionKeys();
    // Called while rendering: leave the cache alone until the render is over.
    queueMicrotask(() => queryClient.removeQueries({ queryKey: personaQueryKey }));
  }
  saveOrganization(slug);
}

/** A new sign-in: store it, and forget the user cached from any earlier session. */
export function startSession(token: string, organization: string): void {
  saveSession(token, organization);
  queryClient.removeQueries({ queryKey: personaQueryKey });
}

export function readLoginHref(): string {
  return paths.organization.login.getHref(readStoredOrganization() ?? defaultOrganizationSlug);
}

/** The end of the session: the server's word when given, else two hours after sign-in. */
export function computeSessionEnd(persona: Pick<Persona, 'session_expires_at'>): number | null {
  if (persona.session_expires_at) {
    const end = Date.parse(persona.session_expires_at);
    if (Number.isFinite(end)) return end;
  }
  const signInTime = readSignInTime();
  return signInTime === null ? null : signInTime + sessionLengthMs;
}

function forgetSignedInData(): void {
  // After the navigation, so the leaving screens do not refetch what is being removed.
  setTimeout(() => {
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'organization' });
  }, 0);
}

/**
 * Kick: clear the storage but the organization and its theme, then go to the
 * organization's login, or for external users with a redirect link, to that link.
 */
export function kickToLogin(options: { message?: string; redirectLink?: string | null } = {}): void {
  const loginHref = readLoginHref();
  clearStorageForKick();
  if (options.message) notifyError(options.message, 'session-kick');
  if (options.redirectLink) {
    window.location.assign(options.redirectLink);
    return;
  }
  navigateTo(loginHref, { replace: true });
  forgetSignedInData();
}

/** An organization that does not exist: forget everything, the default organization takes over. */
export function hardKick(): void {
  clearAllStorage();
  notifyError(errorMessages.organizationNotFound, 'organization-not-found');
  navigateTo(paths.notFound.getHref(), { replace: true });
  forgetSignedInData();
}

registerUnauthorizedListener(() => {
  kickToLogin({ message: errorMessages.sessionExpired });
});

// Read when each call leaves, so it follows the address the router has just moved to.
registerRequestScopeReader(() => ({
  role: queryClient.getQueryData<Persona>(personaQueryKey)?.view ?? null,
  clientId: readClientIdFromLocation(window.location),
}));
