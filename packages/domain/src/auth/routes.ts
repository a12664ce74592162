import type { FeatureToggle } from '../organization/features';
import type { AccessLevel, Role } from './roles';

/**
 * The authenticated routes (under /app/{organization}/), with the roles allowed
 * and the toggle each needs. A toggle written with a leading '!' means "only when it is off".
 */
export type ToggleRule = FeatureToggle | `!${FeatureToggle}`;

export interface AppRoute {
  name: string;
  /** Path under /app/{organization}/, with React-Router-style parameters. */
  path: string;
  roles: readonly AccessLevel[];
  toggle?: ToggleRule;
  breadcrumb: string;
  hidesMenuFeatures?: boolean;
}

const clientAndPlanner: readonly AccessLevel[] = ['client', 'planner'];
const everyone: readonly AccessLevel[] = ['client', 'planner', 'manager'];

export const appRoutes = [
  { name: 'dashboard', path: 'dashboard', roles: everyone, breadcrumb: 'Início' },
  { name: 'callback-opb', path: 'callback-opb', roles: clientAndPlanner, breadcrumb: 'Open Finance' },
  { name: 'planos', path: 'planos', roles: everyone, breadcrumb: 'Planos' },
  { name: 'payment', path: 'payment/:planHash', roles: everyone, breadcrumb: 'Pagamento' },
  { name: 'integration-opb', path: 'integration-opb', roles: clientAndPlanner, breadcrumb: 'Open Finance' },
  { name: 'cliente', path: 'cliente/:clientId/:view?/:taskStatus?', roles: ['planner'], breadcrumb: 'Cliente' },
  { name: 'tarefa-de-categorizacao', path: 'tarefa-de-categorizacao', roles: ['client'], breadcrumb: 'Categorização' },
  {
    name: 'arquivo-importacao',
    path: 'arquivo/:clientId/:bundleId/:taskId',
    roles: clientAndPlanner,
    breadcrumb: 'Importação',
  },
  { name: 'prospect', path: 'prospect', roles: ['planner'], toggle: 'add_prospect', breadcrumb: 'Prospects' },
  { name: 'arquivo', path: 'arquivo', roles: clientAndPlanner, breadcrumb: 'Arquivos' },
  {
    name: 'fluxo-futuro',
    path: 'fluxo-futuro',
    roles: clientAndPlanner,
    toggle: 'future_flow',
    breadcrumb: 'Fluxo futuro',
  },
  { name: 'meu-perfil', path: 'configuracao/meu-perfil/:view?', roles: everyone, breadcrumb: 'Meu perfil' },
  { name: 'tarefas-e-avisos', path: 'tarefas-e-avisos', roles: clientAndPlanner, breadcrumb: 'Avisos e importações' },
  // Everyone's notifications, all of them; `clientes`: a planner's about their clients.
  { name: 'notificacoes', path: 'notificacoes/:view?', roles: everyone, breadcrumb: 'Notificações' },
  { name: 'planejamento', path: 'planejamento', roles: clientAndPlanner, breadcrumb: 'Planejamento' },
  { name: 'meu-orcamento', path: 'meu-orcamento', roles: ['client'], breadcrumb: 'Meu orçamento' },
  // Prumo's own addition: the ideal budget's own screen, for the client and their planner.
  { name: 'orcamento-ideal', path: 'orcamento-ideal', roles: clientAndPlanner, breadcrumb: 'Orçamento ideal' },
  { name: 'planejadores', path: 'planejadores', roles: ['manager'], breadcrumb: 'Planejadores' },
  { name: 'configuracao-financeiro', path: 'configuracao/financeiro', roles: ['manager'], breadcrumb: 'Financeiro' },
  { name: 'configuracao-organizacao', path: 'configuracao/organizacao', roles: ['manager'], breadcrumb: 'Organização' },
  { name: 'clientes', path: 'clientes', roles: ['manager'], breadcrumb: 'Clientes' },
  // Prumo's own addition: where a manager replaces the help articles and videos of each screen.
  { name: 'configuracao-ajuda', path: 'configuracao/ajuda', roles: ['manager'], toggle: 'help', breadcrumb: 'Ajuda' },
  {
    name: 'dashboard-indicadores',
    path: 'dashboard-indicadores',
    roles: ['manager'],
    toggle: 'dashboard_indicators',
    breadcrumb: 'Indicadores',
  },
  // Prumo's own addition: the client's insights, each opening the screen that shows its figures.
  { name: 'insights', path: 'insights', roles: ['client'], breadcrumb: 'Insights' },
  { name: 'meu-caixa', path: 'meu-caixa/:task?', roles: clientAndPlanner, breadcrumb: 'Meu caixa' },
  { name: 'bs2-callback', path: 'bs2-callback', roles: ['client'], breadcrumb: 'Integração bancária' },
  {
    name: 'meu-desempenho',
    path: 'meu-desempenho',
    roles: clientAndPlanner,
    toggle: 'my_performance_client',
    breadcrumb: 'Meu desempenho',
  },
  {
    name: 'meu-patrimonio',
    path: 'meu-patrimonio',
    roles: clientAndPlanner,
    toggle: 'my_assets_client',
    breadcrumb: 'Meu patrimônio',
  },
  {
    name: 'orcamento-do-mes',
    path: 'orcamento-do-mes/:date/:taskId?',
    roles: clientAndPlanner,
    toggle: 'future_flow',
    breadcrumb: 'Orçamento do mês',
  },
] as const satisfies readonly AppRoute[];

export type AppRouteName = (typeof appRoutes)[number]['name'];

export function findAppRoute(name: AppRouteName): AppRoute {
  const route = appRoutes.find((candidate) => candidate.name === name);
  if (!route) throw new Error('Received unexpected route param.');
  return route;
}

/**
 * The route table names who each screen is for (client-only and planner-only screens stay closed
 * to managers), so a route opens to the roles it lists. One addition (a manager has planner and
 * client rights): on an address that names a client (the client view,
 * or `?clientId=` on a client screen), a manager opens what a planner opens there, read-only.
 */
export function canRoleOpenRoute(role: Role, route: AppRoute, options: { viewsClient?: boolean } = {}): boolean {
  if (role === 'visitor') return false;
  if (route.roles.includes(role as AccessLevel)) return true;
  return role === 'manager' && options.viewsClient === true && route.roles.includes('planner');
}

export function isToggleRuleMet(rule: ToggleRule | undefined, enabledToggles: ReadonlySet<string>): boolean {
  if (!rule) return true;
  if (rule.startsWith('!')) return !enabledToggles.has(rule.slice(1));
  return enabledToggles.has(rule);
}

export interface MenuEntry {
  key: string;
  label: string;
  route: AppRouteName;
  toggle?: ToggleRule;
}

/** The side menus of each role, the most used entries first. */
export const menus: Record<AccessLevel, readonly MenuEntry[]> = {
  client: [
    { key: 'dashboard', label: 'Início', route: 'dashboard' },
    { key: 'cashRegister', label: 'Meu caixa', route: 'meu-caixa' },
    { key: 'my-assets', label: 'Meu patrimônio', route: 'meu-patrimonio', toggle: 'my_assets_client' },
    { key: 'my-performance', label: 'Desempenho', route: 'meu-desempenho', toggle: 'my_performance_client' },
    { key: 'meu-orcamento', label: 'Meu orçamento', route: 'meu-orcamento', toggle: '!future_flow' },
    { key: 'fluxo-futuro', label: 'Fluxo futuro', route: 'fluxo-futuro', toggle: 'future_flow' },
    { key: 'tarefas', label: 'Avisos e importações', route: 'tarefas-e-avisos' },
    { key: 'notificacoes', label: 'Notificações', route: 'notificacoes' },
  ],
  planner: [
    { key: 'dashboard', label: 'Dashboard', route: 'dashboard' },
    { key: 'prospect', label: 'Prospects', route: 'prospect', toggle: 'add_prospect' },
    { key: 'notificacoes', label: 'Notificações', route: 'notificacoes' },
  ],
  manager: [
    { key: 'dashboard', label: 'Início', route: 'dashboard' },
    { key: 'planejadores', label: 'Planejadores', route: 'planejadores' },
    { key: 'clients', label: 'Clientes', route: 'clientes' },
    { key: 'configuracao-financeiro', label: 'Financeiro', route: 'configuracao-financeiro' },
    { key: 'configuracao-organizacao', label: 'Organização', route: 'configuracao-organizacao' },
    {
      key: 'dashboard-indicadores',
      label: 'Indicadores',
      route: 'dashboard-indicadores',
      toggle: 'dashboard_indicators',
    },
    { key: 'notificacoes', label: 'Notificações', route: 'notificacoes' },
    { key: 'configuracao-ajuda', label: 'Ajuda', route: 'configuracao-ajuda', toggle: 'help' },
  ],
};

/**
 * The entries a user sees: their role's menu (a planner viewing a client sees the client menu),
 * filtered by the organization's toggles and by the screens this build actually has.
 */
export function listMenuEntries(options: {
  menu: AccessLevel;
  enabledToggles: ReadonlySet<string>;
  availableRoutes: ReadonlySet<AppRouteName>;
}): MenuEntry[] {
  return menus[options.menu].filter(
    (entry) => options.availableRoutes.has(entry.route) && isToggleRuleMet(entry.toggle, options.enabledToggles),
  );
}
