/**
 * A planner is deactivated only with an empty book (ADR 37): how many clients the manager must
 * move first, in the words the API answers and the screen shows before asking.
 */
export function describeClientsToMove(clientsLeft: number): string {
  return clientsLeft === 1
    ? 'Este planejador ainda tem 1 cliente. Mova-o para outro planejador antes de desativá-lo.'
    : `Este planejador ainda tem ${clientsLeft} clientes. Mova-os para outro planejador antes de desativá-lo.`;
}
