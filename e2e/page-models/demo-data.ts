/** The demo data the API seeds on a fresh DATA_DIR (apps/api/src/db/seed/demo.ts). */

export const demoPassword = 'Prumo@2026';

export interface DemoUser {
  email: string;
  firstName: string;
  lastName: string;
  /** The name the app shows: first and last name. */
  fullName: string;
}

function user(email: string, firstName: string, lastName: string): DemoUser {
  return { email, firstName, lastName, fullName: `${firstName} ${lastName}` };
}

export const demo = {
  slug: 'demo',
  name: 'Prumo Demo',
  primaryColor: '0b7285',
  secondaryColor: '1b1f3b',
  manager: user('gestor@demo.com.br', 'Gabriela', 'Gestora'),
  planner: user('planejador@demo.com.br', 'Paulo', 'Planejador'),
  client: user('cliente@demo.com.br', 'Carla', 'Cliente'),
  secondClient: user('cliente2@demo.com.br', 'Caio', 'Cliente'),
} as const;

export const outra = {
  slug: 'outra',
  name: 'Outra Finanças',
  primaryColor: 'c2255c',
  secondaryColor: '2b2d42',
  manager: user('gestor@outra.com.br', 'Otávio', 'Gestor'),
  planner: user('planejador@outra.com.br', 'Olívia', 'Planejadora'),
  client: user('cliente@outra.com.br', 'Oscar', 'Cliente'),
} as const;

export const testEnvironmentWarning = 'Ambiente de teste: os dados desta organização não são reais.';

/** '0b7285' → 'rgb(11, 114, 133)', the way getComputedStyle reports a colour. */
export function hexToRgb(hex: string): string {
  const value = Number.parseInt(hex.replace(/^#/, ''), 16);
  return `rgb(${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255})`;
}

export type MenuRole = 'client' | 'planner' | 'manager';

/**
 * The side menu of each role (labels and order of the domain's menus) as the demo
 * organization shows it: every toggle is on, so 'Meu orçamento' (only when future_flow is off)
 * never shows. `built` are the entries whose screens this build has for sure; the menu lists only
 * built screens, so it holds these, in this order, plus possibly others of `full` as they ship.
 */
export const demoMenus: Record<MenuRole, { full: readonly string[]; built: readonly string[] }> = {
  client: {
    full: [
      'Início',
      'Meu caixa',
      'Meu patrimônio',
      'Desempenho',
      'Fluxo futuro',
      'Avisos e importações',
      'Notificações',
    ],
    built: ['Início', 'Meu patrimônio', 'Desempenho', 'Avisos e importações', 'Notificações'],
  },
  planner: { full: ['Dashboard', 'Prospects', 'Notificações'], built: ['Dashboard', 'Prospects', 'Notificações'] },
  manager: {
    full: ['Início', 'Planejadores', 'Clientes', 'Financeiro', 'Organização', 'Indicadores', 'Notificações', 'Ajuda'],
    built: ['Início', 'Planejadores', 'Clientes', 'Financeiro', 'Organização', 'Indicadores', 'Notificações', 'Ajuda'],
  },
};
