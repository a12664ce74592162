import { type AppRouteName, appRoutes } from '@prumo/domain/auth/routes';
import { generatePath } from 'react-router';

/**
 * Every address of the app in one table. `path` is the router pattern (relative to its parent
 * where the route is nested); `getHref` builds a full address. The /app table is generated from
 * the domain route table, so the API, the menus and the router agree on one list.
 */

type Parameters = Record<string, string | null | undefined>;

function buildHref(pattern: string, parameters: Parameters): string {
  const defined: Record<string, string> = {};
  for (const [key, value] of Object.entries(parameters)) {
    if (value !== null && value !== undefined && value !== '') defined[key] = value;
  }
  return generatePath(pattern, defined);
}

export interface AppPath {
  name: AppRouteName;
  /** Relative to /app/:organization. */
  path: string;
  breadcrumb: string;
  getHref: (organization: string, parameters?: Parameters) => string;
}

const appPaths = Object.fromEntries(
  appRoutes.map((route) => [
    route.name,
    {
      name: route.name,
      path: route.path,
      breadcrumb: route.breadcrumb,
      getHref: (organization: string, parameters: Parameters = {}) =>
        buildHref(`/app/:organization/${route.path}`, { ...parameters, organization }),
    } satisfies AppPath,
  ]),
) as Record<AppRouteName, AppPath>;

export const paths = {
  root: { path: '/', getHref: () => '/' },
  notFound: { path: '/nao-encontrado', getHref: () => '/nao-encontrado' },
  resetConfig: { path: '/reset/config', getHref: () => '/reset/config' },
  organizationRegister: { path: '/cadastro/organizacao', getHref: () => '/cadastro/organizacao' },
  /** Where the banks of Open Finance send the person back: one address for every organization. */
  bankReturn: { path: '/callback-opb', getHref: () => '/callback-opb' },
  access: { path: '/access/:token', getHref: (token: string) => buildHref('/access/:token', { token }) },
  /** Public pages of an organization, nested under /:organization. */
  organization: {
    path: '/:organization',
    login: {
      path: 'login',
      getHref: (organization: string) => buildHref('/:organization/login', { organization }),
    },
    registration: {
      path: 'cadastro/:role/:hash/:plan?',
      getHref: (organization: string, role: string, hash: string, plan?: string) =>
        buildHref('/:organization/cadastro/:role/:hash/:plan?', { organization, role, hash, plan }),
    },
    simpleRegistration: {
      path: 'cadastro-simples/:hash/:plan?',
      getHref: (organization: string, hash: string, plan?: string) =>
        buildHref('/:organization/cadastro-simples/:hash/:plan?', { organization, hash, plan }),
    },
    passwordReset: {
      path: 'redefinir-senha/:uid?/:token?',
      getHref: (organization: string, uid?: string, token?: string) =>
        buildHref('/:organization/redefinir-senha/:uid?/:token?', { organization, uid, token }),
    },
    emailConfirmation: {
      path: 'confirmar/:token',
      getHref: (organization: string, token: string) =>
        buildHref('/:organization/confirmar/:token', { organization, token }),
    },
    prospectUpload: {
      path: 'prospect-upload/:token',
      getHref: (organization: string, token: string) =>
        buildHref('/:organization/prospect-upload/:token', { organization, token }),
    },
  },
  /** Signed-in pages, nested under /app/:organization, one per domain route. */
  app: { path: '/app/:organization', routes: appPaths },
} as const;

/** The absolute address (with origin) of a path, for links that are copied and sent. */
export function buildAbsoluteUrl(path: string): string {
  return new URL(path, window.location.origin).toString();
}
