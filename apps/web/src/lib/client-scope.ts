import { matchPath, useLocation } from 'react-router';
import { paths } from '../config/paths';
import { usePersona } from './persona';

/**
 * Whose money a screen shows: a client sees their own; a planner names the
 * client in the address, either on the client view (cliente/:clientId) or with a `clientId`
 * (or `client`) query on any other client screen (meu-caixa?clientId=7, arquivo?clientId=7).
 */

export const clientQueryParameters = ['clientId', 'client'] as const;

const clientViewPattern = `/app/:organization/${paths.app.routes.cliente.path}`;
const importTaskPattern = `/app/:organization/${paths.app.routes['arquivo-importacao'].path}`;

function readPositiveId(value: string | null | undefined): string | null {
  return value && /^[1-9]\d{0,9}$/.test(value) ? value : null;
}

/** The client id an address names, or null. */
export function readClientIdFromLocation(location: { pathname: string; search: string }): string | null {
  const clientView =
    matchPath({ path: clientViewPattern, end: false }, location.pathname) ??
    matchPath({ path: importTaskPattern, end: true }, location.pathname);
  const fromPath = readPositiveId(clientView?.params.clientId);
  if (fromPath) return fromPath;
  const search = new URLSearchParams(location.search);
  for (const parameter of clientQueryParameters) {
    const fromQuery = readPositiveId(search.get(parameter));
    if (fromQuery) return fromQuery;
  }
  return null;
}

/** The client id of the current address; part of the query keys, so two clients' data never mix. */
export function useRouteClientId(): string | null {
  const location = useLocation();
  return readClientIdFromLocation(location);
}

/** Adds `clientId` to an address, so a planner's links stay on the client they are viewing. */
export function addClientQuery(href: string, clientId: string | null): string {
  if (!clientId) return href;
  const [path = '', search = ''] = href.split('?');
  const parameters = new URLSearchParams(search);
  parameters.set('clientId', clientId);
  return `${path}?${parameters.toString()}`;
}

/**
 * A manager viewing a client (ADR 13): they see what the client's planner sees, read-only. The
 * server refuses their writes (403); the screens hide the actions that write.
 */
export function useIsReadOnlyClientView(): boolean {
  const persona = usePersona();
  const clientId = useRouteClientId();
  return persona.data?.view === 'manager' && clientId !== null;
}
