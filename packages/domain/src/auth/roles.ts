/** product §4: visitor (0) < client (1) < planner (2) < manager (3); each role has the rights below it. */
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
  return roleByAddressWord[word.toLowerCase()] ?? null;
}

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
