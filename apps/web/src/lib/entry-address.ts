import { markArrivalWithToken } from './session';
import { saveToken } from './storage';

/**
 * Before the router starts: a hash-style address (/#/demo/login) becomes the plain
 * path, and a `token` query parameter becomes the stored login token.
 */
export function normalizeEntryAddress(): void {
  const { hash, pathname, search, origin } = window.location;
  const address = hash.startsWith('#/') ? hash.slice(1) : `${pathname}${search}${hash}`;
  const url = new URL(address, origin);
  const token = url.searchParams.get('token');
  if (token) {
    saveToken(token);
    markArrivalWithToken();
    url.searchParams.delete('token');
  }
  const normalized = `${url.pathname}${url.search}${url.hash}`;
  if (normalized !== `${pathname}${search}${hash}`) window.history.replaceState(null, '', normalized);
}
