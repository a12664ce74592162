import type { Role } from '@prumo/domain/auth/roles';
import { type AppRouteName, canRoleOpenRoute, findAppRoute, isToggleRuleMet } from '@prumo/domain/auth/routes';
import type { ComponentType } from 'react';

/**
 * The signed-in screens that exist in this build, each loaded on demand. The router registers
 * only these, and the menus list only these (listMenuEntries' availableRoutes).
 */
export const appScreens = {
  dashboard: () => import('./routes/app/dashboard').then((module) => module.DashboardRoute),
  'meu-perfil': () => import('./routes/app/profile').then((module) => module.ProfileRoute),
  planejadores: () => import('./routes/app/planners').then((module) => module.PlannersRoute),
  clientes: () => import('./routes/app/clients').then((module) => module.ClientsRoute),
  planos: () => import('./routes/app/plans').then((module) => module.PlansRoute),
  payment: () => import('./routes/app/payment').then((module) => module.PaymentRoute),
  'configuracao-financeiro': () =>
    import('./routes/app/financial-settings').then((module) => module.FinancialSettingsRoute),
  'configuracao-organizacao': () =>
    import('./routes/app/organization-settings').then((module) => module.OrganizationSettingsRoute),
  insights: () => import('./routes/app/insights').then((module) => module.InsightsRoute),
  'meu-caixa': () => import('./routes/app/cash-register').then((module) => module.CashRegisterRoute),
  cliente: () => import('./routes/app/client-view').then((module) => module.ClientViewRoute),
  arquivo: () => import('./routes/app/files').then((module) => module.FilesRoute),
  'tarefa-de-categorizacao': () =>
    import('./routes/app/categorizing-task').then((module) => module.CategorizingTaskRoute),
  'tarefas-e-avisos': () => import('./routes/app/tasks-and-notices').then((module) => module.TasksAndNoticesRoute),
  'meu-orcamento': () => import('./routes/app/my-budget').then((module) => module.MyBudgetRoute),
  notificacoes: () => import('./routes/app/notifications').then((module) => module.NotificationsRoute),
  planejamento: () => import('./routes/app/budget-planning').then((module) => module.BudgetPlanningRoute),
  'fluxo-futuro': () => import('./routes/app/future-flow').then((module) => module.FutureFlowRoute),
  'orcamento-ideal': () => import('./routes/app/ideal-budget').then((module) => module.IdealBudgetRoute),
  'orcamento-do-mes': () => import('./routes/app/month-budget').then((module) => module.MonthBudgetRoute),
  'meu-desempenho': () => import('./routes/app/my-performance').then((module) => module.MyPerformanceRoute),
  'meu-patrimonio': () => import('./routes/app/my-assets').then((module) => module.MyAssetsRoute),
  'arquivo-importacao': () => import('./routes/app/import-task').then((module) => module.ImportTaskRoute),
  prospect: () => import('./routes/app/prospects').then((module) => module.ProspectsRoute),
  'dashboard-indicadores': () => import('./routes/app/indicators').then((module) => module.IndicatorsRoute),
  'configuracao-ajuda': () => import('./routes/app/help-articles').then((module) => module.HelpArticlesRoute),
  'integration-opb': () => import('./routes/app/open-finance').then((module) => module.IntegrationOpbRoute),
  'callback-opb': () => import('./routes/app/open-finance').then((module) => module.CallbackOpbRoute),
  'bs2-callback': () => import('./routes/app/open-finance').then((module) => module.Bs2CallbackRoute),
} satisfies Partial<Record<AppRouteName, () => Promise<ComponentType>>>;

export const availableAppRoutes: ReadonlySet<AppRouteName> = new Set(Object.keys(appScreens) as AppRouteName[]);

/**
 * Whether a link to this screen leads somewhere for this person: the build has it, their role opens
 * it and its toggle is on.
 */
export function buildScreenOpener(role: Role, enabledToggles: ReadonlySet<string>, options: { viewsClient: boolean }) {
  return (name: AppRouteName): boolean => {
    const route = findAppRoute(name);
    return (
      availableAppRoutes.has(name) &&
      isToggleRuleMet(route.toggle, enabledToggles) &&
      canRoleOpenRoute(role, route, options)
    );
  };
}

/** What each /app route carries in its router handle, for the layout's guard, title and breadcrumb. */
export interface AppRouteHandle {
  appRoute: AppRouteName;
}
