/**
 * The browser storage keys (token, organization, timestamp, tokenConfig), plus the cached theme that
 * a kick keeps and the plan a sign-up link named, paid for after the first sign-in.
 */
export const storageKeys = {
  token: 'token',
  organization: 'organization',
  timestamp: 'timestamp',
  tokenConfig: 'tokenConfig',
  theme: 'theme',
  planAfterSignIn: 'planAfterSignIn',
} as const;

type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

export const defaultOrganizationSlug = 'demo';

/** What we keep about a checked token, so a reload knows when the session ends. */
export interface TokenConfig {
  organization: string;
  expiresAt: number;
}

function readItem(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    // Private modes can refuse storage; the app then behaves as signed out.
    return null;
  }
}

function writeItem(key: StorageKey, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Same as above: nothing to keep.
  }
}

export function readToken(): string | null {
  return readItem(storageKeys.token);
}

export function readStoredOrganization(): string | null {
  return readItem(storageKeys.organization);
}

export function readSignInTime(): number | null {
  const value = Number(readItem(storageKeys.timestamp));
  return Number.isFinite(value) && value > 0 ? value : null;
}

export function readTokenConfig(): TokenConfig | null {
  const text = readItem(storageKeys.tokenConfig);
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as Partial<TokenConfig>;
    if (typeof parsed.organization === 'string' && typeof parsed.expiresAt === 'number') {
      return { organization: parsed.organization, expiresAt: parsed.expiresAt };
    }
  } catch {
    // A broken value is treated as absent.
  }
  return null;
}

export function readCachedTheme(): string | null {
  return readItem(storageKeys.theme);
}

/** Stores a fresh sign-in: the token, its organization and the sign-in time. */
export function saveSession(token: string, organization: string): void {
  writeItem(storageKeys.token, token);
  writeItem(storageKeys.organization, organization);
  writeItem(storageKeys.timestamp, String(Date.now()));
  writeItem(storageKeys.tokenConfig, null);
}

export function saveToken(token: string): void {
  writeItem(storageKeys.token, token);
  writeItem(storageKeys.timestamp, String(Date.now()));
}

export function saveOrganization(slug: string): void {
  writeItem(storageKeys.organization, slug);
}

export function saveTokenConfig(config: TokenConfig): void {
  writeItem(storageKeys.tokenConfig, JSON.stringify(config));
}

export function saveCachedTheme(value: string): void {
  writeItem(storageKeys.theme, value);
}

/**
 * A sign-up link's plan (cadastro/{role}/{hash}/{plan}): the account is confirmed by e-mail first,
 * so the plan waits here for the next sign-in of that organization in this browser.
 */
export function savePlanAfterSignIn(organization: string, planHash: string): void {
  writeItem(storageKeys.planAfterSignIn, JSON.stringify({ organization, planHash }));
}

/**
 * The plan waiting for this organization's sign-in (null when none). It stays until its payment
 * screen opens (forgetPlanAfterSignIn), so a failed sign-in or a reload does not lose it.
 */
export function readPlanAfterSignIn(organization: string): string | null {
  const text = readItem(storageKeys.planAfterSignIn);
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as { organization?: unknown; planHash?: unknown };
    if (parsed.organization === organization && typeof parsed.planHash === 'string' && parsed.planHash) {
      return parsed.planHash;
    }
  } catch {
    // A broken value is treated as absent.
  }
  return null;
}

export function forgetPlanAfterSignIn(): void {
  writeItem(storageKeys.planAfterSignIn, null);
}

export function removeToken(): void {
  writeItem(storageKeys.token, null);
}

/** Forgets the session (token, sign-in time, token config) but not the organization. */
export function clearSessionKeys(): void {
  writeItem(storageKeys.token, null);
  writeItem(storageKeys.timestamp, null);
  writeItem(storageKeys.tokenConfig, null);
}

/** A kick clears everything except the organization and its theme. */
export function clearStorageForKick(): void {
  const organization = readStoredOrganization();
  const theme = readCachedTheme();
  try {
    window.localStorage.clear();
  } catch {
    return;
  }
  if (organization) writeItem(storageKeys.organization, organization);
  if (theme) writeItem(storageKeys.theme, theme);
}

export function clearAllStorage(): void {
  try {
    window.localStorage.clear();
  } catch {
    // Nothing stored, nothing to clear.
  }
}
