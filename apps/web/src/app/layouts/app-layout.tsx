import {
  ActionIcon,
  Alert,
  Anchor,
  AppShell,
  Avatar,
  Box,
  Breadcrumbs,
  Burger,
  Button,
  Group,
  Loader,
  Menu,
  NavLink,
  Stack,
  Text,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Organization } from '@prumo/contract/organizations';
import type { Persona } from '@prumo/contract/profiles';
import {
  type AppRoute,
  type AppRouteName,
  canRoleOpenRoute,
  findAppRoute,
  isToggleRuleMet,
  listMenuEntries,
  type MenuEntry,
} from '@prumo/domain/auth/routes';
import { openFinancePortalUrl } from '@prumo/domain/open-banking/consent';
import { platformPlanCode } from '@prumo/domain/payments/plan-rules';
import { useEffect, useRef } from 'react';
import { Link, Navigate, Outlet, useLocation, useMatches, useNavigate, useNavigation, useParams } from 'react-router';
import { BankIcon } from '../../components/bank-icon';
import { BrandLogo } from '../../components/brand-logo';
import { ErrorState } from '../../components/error-state';
import { PageLoader } from '../../components/page-loader';
import { TestEnvironmentBanner } from '../../components/test-environment-banner';
import { TrialBanner } from '../../components/trial-banner';
import { paths } from '../../config/paths';
import { useLogout } from '../../features/auth/api/logout';
import { ClientChatButton } from '../../features/chat/components/client-chat-button';
import { PlannerChatButton } from '../../features/chat/components/planner-chat-button';
import { HelpCenter } from '../../features/help/components/help-center';
import { NotificationsBell } from '../../features/notifications/components/notifications-bell';
import { PendingCardNotice } from '../../features/subscriptions/components/pending-card-notice';
import { PendingSubscriptionModal } from '../../features/subscriptions/components/pending-subscription-modal';
import { syncPushToken } from '../../features/tasks/api/push-registration';
import { NotificationBell } from '../../features/tasks/components/notification-bell';
import { useResetTour, useTourProgress } from '../../features/tour/api/tour-progress';
import { useTourStartRequested } from '../../features/tour/api/tour-start';
import { GuidedTour } from '../../features/tour/components/guided-tour';
import { addClientQuery, readClientIdFromLocation } from '../../lib/client-scope';
import { describeError, errorMessages, isApiError } from '../../lib/errors';
import { notifyError } from '../../lib/notifications';
import { listEnabledToggles, useOrganization, useOrganizationBrand } from '../../lib/organization';
import { formatPersonName, usePersona } from '../../lib/persona';
import { adoptOrganization, computeSessionEnd, hardKick, kickToLogin } from '../../lib/session';
import { readToken, saveTokenConfig } from '../../lib/storage';
import { type AppRouteHandle, availableAppRoutes } from '../app-screens';
import { isUnknownAddressMatch } from '../routes/redirects';

// setTimeout cannot wait longer than this.
const longestTimeout = 2_147_483_647;

function useCurrentAppRoute(): AppRoute | null {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index--) {
    const handle = matches[index]?.handle as AppRouteHandle | undefined;
    if (handle?.appRoute) return findAppRoute(handle.appRoute);
  }
  return null;
}

/**
 * Everything under /app/:organization: the session checks (token, organization, 2 hours), the route
 * guard, and the shell (top bar, side menu, user menu).
 */
export function AppLayout() {
  const unknownAddress = isUnknownAddressMatch(useMatches());
  // An address that matches no screen only goes back, without checking the session first.
  if (unknownAddress) return <Outlet />;
  return <SignedInFrame />;
}

function SignedInFrame() {
  const { organization: slug = '' } = useParams();
  // Idempotent, and must happen before the token is read below.
  adoptOrganization(slug);
  const token = readToken();
  const organization = useOrganization(slug);
  const persona = usePersona({ enabled: Boolean(token) });
  useOrganizationBrand(organization.data);
  const organizationNotFound = isApiError(organization.error) && organization.error.status === 404;
  const noConnection = isApiError(persona.error) && persona.error.status === 0;

  useEffect(() => {
    if (organizationNotFound) hardKick();
  }, [organizationNotFound]);

  useEffect(() => {
    if (noConnection) notifyError(errorMessages.noServerConnection, 'no-server-connection');
  }, [noConnection]);

  useSessionRules(slug, persona.data);

  if (!token) return <Navigate to={paths.organization.login.getHref(slug)} replace />;
  if (persona.isError) {
    // A 401 has already sent the user to the login.
    if (isApiError(persona.error) && persona.error.status === 401) return <PageLoader />;
    return (
      <Box p="xl" maw={560} mx="auto">
        <ErrorState
          title={noConnection ? errorMessages.noServerConnection : 'Não foi possível carregar sua conta'}
          message={noConnection ? errorMessages.noConnection : describeError(persona.error)}
          onRetry={() => persona.refetch()}
        />
      </Box>
    );
  }
  if (organization.isError && !organizationNotFound) {
    return (
      <Box p="xl" maw={560} mx="auto">
        <ErrorState message={describeError(organization.error)} onRetry={() => organization.refetch()} />
      </Box>
    );
  }
  if (!persona.data || !organization.data || !isSessionUsable(slug, persona.data)) return <PageLoader />;
  return <AppShellFrame slug={slug} persona={persona.data} organization={organization.data} />;
}

function isSessionUsable(slug: string, persona: Persona): boolean {
  return persona.organization?.slug === slug;
}

/** A user without organization, of another organization, or past the 2 hours is kicked. */
function useSessionRules(slug: string, persona: Persona | undefined): void {
  useEffect(() => {
    if (!persona) return;
    if (!persona.organization) {
      kickToLogin({ message: errorMessages.userWithoutOrganization });
      return;
    }
    if (persona.organization.slug !== slug) {
      kickToLogin();
      return;
    }
    const sessionEnd = computeSessionEnd(persona);
    if (sessionEnd === null) return;
    if (sessionEnd <= Date.now()) {
      kickToLogin({ message: errorMessages.sessionEnded });
      return;
    }
    saveTokenConfig({ organization: slug, expiresAt: sessionEnd });
    const timer = window.setTimeout(
      () => kickToLogin({ message: errorMessages.sessionEnded }),
      Math.min(sessionEnd - Date.now(), longestTimeout),
    );
    return () => window.clearTimeout(timer);
  }, [slug, persona]);
}

function AppShellFrame({
  slug,
  persona,
  organization,
}: {
  slug: string;
  persona: Persona;
  organization: Organization;
}) {
  const [menuOpened, { toggle: toggleMenu, close: closeMenu }] = useDisclosure(false);
  const location = useLocation();
  const navigation = useNavigation();
  const currentRoute = useCurrentAppRoute();
  const enabledToggles = listEnabledToggles(organization, persona.permissions);
  const viewsClient = readClientIdFromLocation(location) !== null;
  const allowed =
    !currentRoute ||
    (canRoleOpenRoute(persona.view, currentRoute, { viewsClient }) &&
      isToggleRuleMet(currentRoute.toggle, enabledToggles));

  // This device's push token goes to the server when it changed (the browser already allowed it).
  useEffect(() => {
    syncPushToken(persona.id).catch(() => undefined);
  }, [persona.id]);

  // The side menu closes after a choice on small screens.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every address change on purpose
  useEffect(() => {
    closeMenu();
  }, [location.pathname, closeMenu]);

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 248, breakpoint: 'xl', collapsed: { mobile: !menuOpened } }}
      padding="md"
    >
      {/* The secondary colour marks the top bar, as the brand's second colour. */}
      <AppShell.Header style={{ borderBottom: '3px solid var(--mantine-color-secondary-6)' }}>
        <TopBar
          slug={slug}
          persona={persona}
          organization={organization}
          currentRoute={currentRoute}
          enabledToggles={enabledToggles}
          menuOpened={menuOpened}
          onToggleMenu={toggleMenu}
          loading={navigation.state === 'loading'}
        />
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label="Menu principal" data-tour="main-menu">
        <SideMenu slug={slug} persona={persona} enabledToggles={enabledToggles} currentRoute={currentRoute} />
      </AppShell.Navbar>
      <AppShell.Main bg="gray.0">
        {organization.is_test ? (
          <Box mx="calc(var(--mantine-spacing-md) * -1)" mt="calc(var(--mantine-spacing-md) * -1)" mb="md">
            <TestEnvironmentBanner />
          </Box>
        ) : null}
        {persona.trial ? <TrialBanner trial={persona.trial} /> : null}
        {persona.view === 'client' && persona.has_pending_credit_card && currentRoute?.name !== 'meu-perfil' ? (
          <PendingCardNotice subscriptionHref={paths.app.routes['meu-perfil'].getHref(slug, { view: 'assinatura' })} />
        ) : null}
        {allowed && persona.view === 'manager' && viewsClient ? <ReadOnlyNotice /> : null}
        {allowed ? <GuidedTour role={persona.view} onDashboard={currentRoute?.name === 'dashboard'} /> : null}
        {allowed ? <Outlet /> : <ForbiddenRedirect slug={slug} />}
      </AppShell.Main>
      {persona.view === 'client' ? (
        <PendingSubscriptionModal
          // Not over the payment screen, which is where it leads; kept mounted so a dismissal lasts.
          hasPendingSubscription={persona.has_pending_subscription && currentRoute?.name !== 'payment'}
          buildPaymentHref={(planHash) => paths.app.routes.payment.getHref(slug, { planHash })}
        />
      ) : null}
    </AppShell>
  );
}

/** A manager sees a client as their planner does, but changes nothing of theirs (ADR 13). */
function ReadOnlyNotice() {
  return (
    <Alert color="gray" variant="light" title="Somente leitura" mb="md" role="status">
      Como gestor, você vê os dados deste cliente como o planejador dele, sem alterá-los.
    </Alert>
  );
}

/** A screen the role or the organization's toggles do not allow: say so and go to the dashboard. */
function ForbiddenRedirect({ slug }: { slug: string }) {
  const notified = useRef(false);
  useEffect(() => {
    if (notified.current) return;
    notified.current = true;
    notifyError(errorMessages.noPermission);
  }, []);
  return <Navigate to={paths.app.routes.dashboard.getHref(slug)} replace />;
}

interface TopBarProps {
  slug: string;
  persona: Persona;
  organization: Organization;
  currentRoute: AppRoute | null;
  enabledToggles: ReadonlySet<string>;
  menuOpened: boolean;
  onToggleMenu: () => void;
  loading: boolean;
}

function TopBar({
  slug,
  persona,
  organization,
  currentRoute,
  enabledToggles,
  menuOpened,
  onToggleMenu,
  loading,
}: TopBarProps) {
  const dashboardHref = paths.app.routes.dashboard.getHref(slug);
  const isPlanner = persona.view === 'planner';
  const pageTitle = currentRoute?.breadcrumb ?? '';
  // The help button needs the organization's help toggle; the tour's overlay waits for no video.
  const helpEnabled = listEnabledToggles(organization, persona.permissions).has('help');
  const tourProgress = useTourProgress();
  const tourRequested = useTourStartRequested();
  const tourRunning =
    currentRoute?.name === 'dashboard' &&
    tourProgress.data?.register_tour === false &&
    (tourProgress.data.step > 0 || tourRequested);

  return (
    <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
      <Group gap="sm" wrap="nowrap" miw={0}>
        <Burger
          opened={menuOpened}
          onClick={onToggleMenu}
          hiddenFrom="xl"
          size="sm"
          aria-label={menuOpened ? 'Fechar menu' : 'Abrir menu'}
          data-tour="menu-button"
        />
        {/* On a phone the page's title needs the room more than the brand, which the login page wears. */}
        <Anchor component={Link} to={dashboardHref} aria-label={`${organization.name}: início`} visibleFrom="sm">
          <BrandLogo height={36} />
        </Anchor>
        {isPlanner ? (
          <Button component={Link} to={dashboardHref} variant="light" data-tour="dashboard-button">
            Dashboard
          </Button>
        ) : (
          <Stack gap={0} miw={0}>
            <Breadcrumbs separator="›" visibleFrom="sm" fz="xs">
              <Anchor component={Link} to={dashboardHref} size="xs">
                Início
              </Anchor>
              {currentRoute && currentRoute.name !== 'dashboard' ? (
                <Text size="xs" c="dimmed">
                  {currentRoute.breadcrumb}
                </Text>
              ) : null}
            </Breadcrumbs>
            {/* On a phone the title wraps to a second line rather than shrinking to "Meu…". */}
            <Title order={1} size="h4" lineClamp={2} lh={1.2} data-tour="page-title">
              {pageTitle}
            </Title>
          </Stack>
        )}
        {loading ? <Loader size="xs" aria-label="Carregando página" /> : null}
      </Group>
      <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
        {/* The bell with pending tasks is the client's. */}
        {persona.view === 'client' ? (
          <Box data-tour="notification-bell">
            <NotificationBell organization={slug} />
          </Box>
        ) : null}
        {/* The client chat needs the organization's chat flag; the planner chat, chat_planner. */}
        {persona.view === 'client' && enabledToggles.has('chat') ? (
          <ClientChatButton
            clientFirstName={persona.first_name}
            plannerName={persona.planner ? formatPersonName(persona.planner.user) : null}
          />
        ) : null}
        {persona.view !== 'client' && enabledToggles.has('chat_planner') ? <PlannerChatButton /> : null}
        {/* Everyone's own notifications, kept current by the live stream; a planner's include those
            about their clients, listed apart in the notifications screen. */}
        <Box data-tour="notifications">
          <NotificationsBell organization={slug} source="own" />
        </Box>
        {/* On a phone the user menu holds them. */}
        <Box visibleFrom="sm">
          <OpenFinancePortalLink />
        </Box>
        <Box visibleFrom="sm">
          <ResetTourAction slug={slug} />
        </Box>
        {helpEnabled ? (
          <Box data-tour="help-button">
            <HelpCenter screen={currentRoute?.name ?? null} autoplay={!tourRunning} />
          </Box>
        ) : null}
        <Box data-tour="user-menu">
          <UserMenu slug={slug} persona={persona} organization={organization} />
        </Box>
      </Group>
    </Group>
  );
}

/** The citizen's Open Finance portal, in another tab: who takes part and where consents are kept. */
function OpenFinancePortalLink() {
  return (
    <Tooltip label="Portal do Open Finance">
      <ActionIcon
        component="a"
        href={openFinancePortalUrl}
        target="_blank"
        rel="noopener noreferrer"
        variant="subtle"
        size="lg"
        radius="xl"
        aria-label="Portal do Open Finance (abre em outra aba)"
      >
        <BankIcon />
      </ActionIcon>
    </Tooltip>
  );
}

/** Starts the tour over and goes to the dashboard, where it runs; a failure says so. */
function useRestartTour(slug: string) {
  const resetTour = useResetTour();
  const navigate = useNavigate();
  const restartTour = () =>
    resetTour.mutate(undefined, {
      onSuccess: () => navigate(paths.app.routes.dashboard.getHref(slug)),
      onError: () => notifyError('Não foi possível resetar o tour.'),
    });
  return { resetTour, restartTour };
}

/** The top bar's reset-tour action: back to the dashboard with the tour from its first step. */
function ResetTourAction({ slug }: { slug: string }) {
  const { resetTour, restartTour } = useRestartTour(slug);
  return (
    <Tooltip label="Refazer o tour guiado">
      <ActionIcon
        variant="subtle"
        size="lg"
        radius="xl"
        aria-label="Refazer o tour"
        onClick={restartTour}
        loading={resetTour.isPending}
      >
        <Text fw={700} aria-hidden>
          ↺
        </Text>
      </ActionIcon>
    </Tooltip>
  );
}

/** Assinatura is a client's entry, left out on the platform plan (nothing to pay or change there). */
function showsSubscriptionEntry(persona: Persona): boolean {
  return persona.view === 'client' && persona.current_subscription?.plan_code !== platformPlanCode;
}

function UserMenu({ slug, persona, organization }: { slug: string; persona: Persona; organization: Organization }) {
  const logout = useLogout();
  const { resetTour, restartTour } = useRestartTour(slug);
  const name = formatPersonName(persona);
  // External users see Sair only when the organization has a redirect link.
  const canLogout = !persona.is_external || Boolean(organization.link_redirect);

  const signOut = () => {
    const redirectLink = persona.is_external ? organization.link_redirect : null;
    logout.mutate(undefined, { onSettled: () => kickToLogin({ redirectLink }) });
  };

  return (
    <Menu position="bottom-end" width={220} shadow="md">
      <Menu.Target>
        <UnstyledButton aria-label={`Menu do usuário: ${name}`}>
          <Group gap="xs" wrap="nowrap">
            <Avatar src={persona.profile_picture} name={name} color="initials" size="md" />
            <Text size="sm" fw={500} visibleFrom="md" lineClamp={1} maw={180}>
              {name}
            </Text>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{persona.email}</Menu.Label>
        <Menu.Item component={Link} to={paths.app.routes['meu-perfil'].getHref(slug)}>
          Editar perfil
        </Menu.Item>
        {persona.view === 'client' && persona.has_opb_iniciador ? (
          <Menu.Item component={Link} to={paths.app.routes['integration-opb'].getHref(slug)}>
            Open Finance
          </Menu.Item>
        ) : null}
        <Menu.Item component="a" href={openFinancePortalUrl} target="_blank" rel="noopener noreferrer" hiddenFrom="sm">
          Portal do Open Finance
        </Menu.Item>
        {showsSubscriptionEntry(persona) ? (
          <Menu.Item component={Link} to={paths.app.routes['meu-perfil'].getHref(slug, { view: 'assinatura' })}>
            Assinatura
          </Menu.Item>
        ) : null}
        {/* Clients always find it here; everyone else on a phone, where the top bar has no room for it. */}
        <Menu.Item
          onClick={restartTour}
          disabled={resetTour.isPending}
          hiddenFrom={persona.view === 'client' ? undefined : 'sm'}
        >
          Reset Tour
        </Menu.Item>
        {canLogout ? (
          <Menu.Item color="red" onClick={signOut} disabled={logout.isPending}>
            Sair
          </Menu.Item>
        ) : null}
        <Menu.Divider />
        <Menu.Label>Versão {__APP_VERSION__}</Menu.Label>
      </Menu.Dropdown>
    </Menu>
  );
}

interface SideMenuProps {
  slug: string;
  persona: Persona;
  enabledToggles: ReadonlySet<string>;
  currentRoute: AppRoute | null;
}

interface SideMenuLink {
  key: string;
  label: string;
  href: string;
  active: boolean;
}

// The client menu has no entry for the imported files or the ideal budget; a planner reviewing a client needs both.
const clientViewExtraEntries: readonly MenuEntry[] = [
  { key: 'files', label: 'Arquivos', route: 'arquivo' },
  { key: 'ideal-budget', label: 'Orçamento ideal', route: 'orcamento-ideal' },
];

/**
 * A planner viewing a client sees the client menu, each entry kept on that client
 * (Meu caixa is the client view itself; the others carry ?clientId=).
 */
function listClientViewLinks(
  slug: string,
  clientId: string,
  enabledToggles: ReadonlySet<string>,
  currentRoute: AppRoute | null,
): SideMenuLink[] {
  const entries = [
    ...listMenuEntries({ menu: 'client', enabledToggles, availableRoutes: availableAppRoutes }),
    ...clientViewExtraEntries.filter((entry) => availableAppRoutes.has(entry.route)),
    // Notifications are the viewer's own, never the viewed client's.
  ].filter(
    (entry) =>
      entry.route !== 'dashboard' &&
      entry.route !== 'notificacoes' &&
      canRoleOpenRoute('planner', findAppRoute(entry.route)),
  );
  return entries.map((entry) => {
    const isCashRegister = entry.route === 'meu-caixa';
    return {
      key: entry.key,
      label: entry.label,
      href: isCashRegister
        ? paths.app.routes.cliente.getHref(slug, { clientId })
        : addClientQuery(paths.app.routes[entry.route].getHref(slug), clientId),
      active: currentRoute?.name === entry.route || (isCashRegister && currentRoute?.name === 'cliente'),
    };
  });
}

function SideMenu({ slug, persona, enabledToggles, currentRoute }: SideMenuProps) {
  const location = useLocation();
  // A manager viewing a client sees the client menu too (ADR 13).
  const viewedClientId = persona.view === 'client' ? null : readClientIdFromLocation(location);
  // Each role has its menu; a planner keeps the planner menu on the dashboard and the profile.
  const links: SideMenuLink[] = viewedClientId
    ? listClientViewLinks(slug, viewedClientId, enabledToggles, currentRoute)
    : listMenuEntries({ menu: persona.view, enabledToggles, availableRoutes: availableAppRoutes }).map((entry) => ({
        key: entry.key,
        label: entry.label,
        href: paths.app.routes[entry.route as AppRouteName].getHref(slug),
        active: currentRoute?.name === entry.route,
      }));
  return (
    <Stack gap={4}>
      {viewedClientId ? (
        <Text size="xs" c="dimmed" fw={600} tt="uppercase" px="sm" pt={4}>
          Cliente
        </Text>
      ) : null}
      {links.map((link) => (
        <NavLink
          key={link.key}
          component={Link}
          to={link.href}
          label={link.label}
          active={link.active}
          variant="light"
          aria-current={link.active ? 'page' : undefined}
        />
      ))}
    </Stack>
  );
}
