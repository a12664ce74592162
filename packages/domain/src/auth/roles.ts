/** Visitor (0) < client (1) < planner (2) < manager (3); each role has the rights below it. */
export const roleLevels = { visitor: 0, client: 1, planner: 2, manager: 3 } as const;

export type Role = keyof typeof roleLevels;
export type AccessLevel = Exclude<Role, 'visitor'>;

export const accessLevels: readonly AccessLevel[] = ['client', 'planner', 'manager'];

/** The words used in registration addresses (cadastro/{role}/…), pt-BR first, English too. */
const roleByAddressWord: Record<string, AccessLevel> = {
  cliente: 'client',
  client: 'client',
  planejador: 'planner',
  planner: 'planner',
  gestor: 'manager',
  manager: 'manager',
};

export function findRoleByAddressWord(word: string): AccessLevel | null {
  const key = word.toLowerCase();
  // Own words only: 'constructor' and the like are not roles.
  return Object.hasOwn(roleByAddressWord, key) ? (roleByAddressWord[key] ?? null) : null;
}

/** The pt-BR word a registration address carries for each role (cadastro/{word}/…). */
export const addressWordByRole: Record<AccessLevel, string> = {
  client: 'cliente',
  planner: 'planejador',
  manager: 'gestor',
};

/**
 * How long an invitation stays usable, in days; null never expires. Client links are handed out
 * widely and only make clients; links that make planners or managers are short-lived.
 */
export const invitationLifetimeDays: Record<AccessLevel, number | null> = {
  client: null,
  planner: 7,
  manager: 7,
};

export const roleLabels: Record<Role, string> = {
  visitor: 'Visitante',
  client: 'Cliente',
  planner: 'Planejador',
  manager: 'Gestor',
};

/** A user's primary role is the highest level among their profiles. */
export function findPrimaryRole(levels: readonly AccessLevel[]): Role {
  return levels.reduce<Role>(
    (highest, level) => (roleLevels[level] > roleLevels[highest] ? level : highest),
    'visitor',
  );
}

export function hasRoleAtLeast(role: Role, required: Role): boolean {
  return roleLevels[role] >= roleLevels[required];
}

/** Who may invite whom: a manager anyone, a planner only clients, a client nobody. */
export function canInvite(inviter: Role, invited: AccessLevel): boolean {
  if (inviter === 'manager') return true;
  if (inviter === 'planner') return invited === 'client';
  return false;
}
