import { describe, expect, it } from 'vitest';
import { addressWordByRole, canInvite, findPrimaryRole, findRoleByAddressWord } from './roles';
import { type AppRouteName, appRoutes, canRoleOpenRoute, findAppRoute, listMenuEntries } from './routes';

const allRoutes = new Set<AppRouteName>(appRoutes.map((route) => route.name));

describe('roles', () => {
  it('takes the highest profile as the primary role', () => {
    expect(findPrimaryRole([])).toBe('visitor');
    expect(findPrimaryRole(['client', 'manager', 'planner'])).toBe('manager');
  });
  it('lets managers invite anyone and planners only clients', () => {
    expect(canInvite('manager', 'planner')).toBe(true);
    expect(canInvite('planner', 'client')).toBe(true);
    expect(canInvite('planner', 'manager')).toBe(false);
    expect(canInvite('client', 'client')).toBe(false);
  });
  it('reads the role word of a registration address', () => {
    expect(findRoleByAddressWord('planejador')).toBe('planner');
    expect(findRoleByAddressWord('admin')).toBeNull();
    expect(findRoleByAddressWord('constructor')).toBeNull();
    for (const [role, word] of Object.entries(addressWordByRole)) expect(findRoleByAddressWord(word)).toBe(role);
  });
});

describe('routes and menus', () => {
  it('keeps manager screens from clients and client-only screens from managers', () => {
    expect(canRoleOpenRoute('client', findAppRoute('planejadores'))).toBe(false);
    expect(canRoleOpenRoute('manager', findAppRoute('planejadores'))).toBe(true);
    expect(canRoleOpenRoute('manager', findAppRoute('meu-orcamento'))).toBe(false);
    expect(canRoleOpenRoute('visitor', findAppRoute('dashboard'))).toBe(false);
    expect(canRoleOpenRoute('planner', findAppRoute('dashboard'))).toBe(true);
  });
  it("lets a manager open a planner's screens on a named client, and only there", () => {
    expect(canRoleOpenRoute('manager', findAppRoute('cliente'))).toBe(false);
    expect(canRoleOpenRoute('manager', findAppRoute('cliente'), { viewsClient: true })).toBe(true);
    expect(canRoleOpenRoute('manager', findAppRoute('meu-caixa'), { viewsClient: true })).toBe(true);
    expect(canRoleOpenRoute('manager', findAppRoute('orcamento-ideal'), { viewsClient: true })).toBe(true);
    // A client-only screen stays closed, and a planner-only one without a client too.
    expect(canRoleOpenRoute('manager', findAppRoute('meu-orcamento'), { viewsClient: true })).toBe(false);
    expect(canRoleOpenRoute('manager', findAppRoute('prospect'))).toBe(false);
    expect(canRoleOpenRoute('client', findAppRoute('cliente'), { viewsClient: true })).toBe(false);
  });
  it('shows meu-orcamento only when future_flow is off, and fluxo-futuro only when on', () => {
    const withFlow = listMenuEntries({
      menu: 'client',
      enabledToggles: new Set(['future_flow']),
      availableRoutes: allRoutes,
    });
    const withoutFlow = listMenuEntries({ menu: 'client', enabledToggles: new Set(), availableRoutes: allRoutes });
    expect(withFlow.map((entry) => entry.key)).toContain('fluxo-futuro');
    expect(withFlow.map((entry) => entry.key)).not.toContain('meu-orcamento');
    expect(withoutFlow.map((entry) => entry.key)).toContain('meu-orcamento');
    expect(withoutFlow.map((entry) => entry.key)).not.toContain('fluxo-futuro');
  });
  it('lists only screens that exist', () => {
    const entries = listMenuEntries({
      menu: 'manager',
      enabledToggles: new Set(['dashboard_indicators']),
      availableRoutes: new Set<AppRouteName>(['dashboard', 'planejadores']),
    });
    expect(entries.map((entry) => entry.key)).toEqual(['dashboard', 'planejadores']);
  });
  it('hides toggled entries when the toggle is off', () => {
    const entries = listMenuEntries({ menu: 'planner', enabledToggles: new Set(), availableRoutes: allRoutes });
    expect(entries.map((entry) => entry.key)).toEqual(['dashboard', 'notificacoes']);
  });
  it('raises on an unknown route name', () => {
    expect(() => findAppRoute('nope' as AppRouteName)).toThrow('Received unexpected route param.');
  });
});
