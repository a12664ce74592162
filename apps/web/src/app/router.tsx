import { appRoutes } from '@prumo/domain/auth/routes';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { paths } from '../config/paths';
import { type AppRouteHandle, appScreens } from './app-screens';
import {
  NotFoundRedirect,
  ResetConfigRedirect,
  RootRedirect,
  UnknownAddress,
  unknownAddressHandle,
} from './routes/redirects';
import { RouteError } from './routes/route-error';

/**
 * The app's routes. Every page is loaded on demand (route `lazy`), so the login
 * downloads only what it shows.
 */

const appChildren: RouteObject[] = appRoutes.flatMap((route) => {
  if (!(route.name in appScreens)) return [];
  const loadScreen = appScreens[route.name as keyof typeof appScreens];
  const handle: AppRouteHandle = { appRoute: route.name };
  return [{ path: route.path, handle, lazy: async () => ({ Component: await loadScreen() }) }];
});

const organizationPaths = paths.organization;

// Marked, so the layouts let it go back at once instead of loading an organization first.
const unknownAddressRoute: RouteObject = { path: '*', Component: UnknownAddress, handle: unknownAddressHandle };

const routes: RouteObject[] = [
  {
    Component: Outlet,
    HydrateFallback: PageLoader,
    ErrorBoundary: RouteError,
    children: [
      { index: true, Component: RootRedirect },
      { path: paths.notFound.path, Component: NotFoundRedirect },
      { path: paths.resetConfig.path, Component: ResetConfigRedirect },
      {
        lazy: async () => ({ Component: (await import('./layouts/standalone-layout')).StandaloneLayout }),
        children: [
          {
            path: paths.organizationRegister.path,
            lazy: async () => ({
              Component: (await import('./routes/organization-register')).OrganizationRegisterRoute,
            }),
          },
          {
            path: paths.access.path,
            lazy: async () => ({ Component: (await import('./routes/fast-access')).FastAccessRoute }),
          },
          {
            path: paths.bankReturn.path,
            lazy: async () => ({ Component: (await import('./routes/bank-return')).BankReturnRoute }),
          },
        ],
      },
      {
        path: paths.app.path,
        lazy: async () => ({ Component: (await import('./layouts/app-layout')).AppLayout }),
        children: [
          { index: true, element: <Navigate to={paths.app.routes.dashboard.path} replace /> },
          ...appChildren,
          unknownAddressRoute,
        ],
      },
      {
        path: organizationPaths.path,
        lazy: async () => ({ Component: (await import('./layouts/public-layout')).PublicLayout }),
        children: [
          { index: true, element: <Navigate to={organizationPaths.login.path} replace /> },
          {
            path: organizationPaths.login.path,
            lazy: async () => ({ Component: (await import('./routes/public/login')).LoginRoute }),
          },
          {
            path: organizationPaths.registration.path,
            handle: { wide: true },
            lazy: async () => ({ Component: (await import('./routes/public/registration')).RegistrationRoute }),
          },
          {
            path: organizationPaths.simpleRegistration.path,
            handle: { wide: true },
            lazy: async () => ({
              Component: (await import('./routes/public/simple-registration')).SimpleRegistrationRoute,
            }),
          },
          {
            path: organizationPaths.passwordReset.path,
            lazy: async () => ({ Component: (await import('./routes/public/password-reset')).PasswordResetRoute }),
          },
          {
            path: organizationPaths.emailConfirmation.path,
            lazy: async () => ({
              Component: (await import('./routes/public/email-confirmation')).EmailConfirmationRoute,
            }),
          },
          {
            path: organizationPaths.prospectUpload.path,
            lazy: async () => ({ Component: (await import('./routes/public/prospect-upload')).ProspectUploadRoute }),
          },
          unknownAddressRoute,
        ],
      },
      { path: '*', Component: UnknownAddress },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
