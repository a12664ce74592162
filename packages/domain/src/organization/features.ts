/** Organization flags and the toggles that drive menus and routes. */
export const organizationFlags = ['tryout', 'chat', 'chat_planner', 'financial'] as const;
export type OrganizationFlag = (typeof organizationFlags)[number];

export const featureToggles = [
  'future_flow',
  'add_prospect',
  'dashboard_indicators',
  'my_assets_client',
  'my_performance_client',
  'help',
  'insight',
] as const;
export type FeatureToggle = (typeof featureToggles)[number];

export const featureLabels: Record<OrganizationFlag | FeatureToggle, string> = {
  tryout: 'Período de experiência',
  chat: 'Chat do cliente',
  chat_planner: 'Chat do planejador',
  financial: 'Financeiro',
  future_flow: 'Fluxo futuro',
  add_prospect: 'Prospects',
  dashboard_indicators: 'Dashboard de indicadores',
  my_assets_client: 'Meu patrimônio',
  my_performance_client: 'Meu desempenho',
  help: 'Ajuda',
  insight: 'Insights',
};
