const shareFormatter = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });

/** A share the API gives as a percentage to one decimal (33.3) → "33,3%"; "—" when there is nothing to divide. */
export function formatShare(share: number | null): string {
  return share === null ? '—' : `${shareFormatter.format(share)}%`;
}

/** A planner's name, or the row of the clients no planner advises. */
export function describePlanner(planner: { first_name: string; last_name: string } | null): string {
  return planner ? `${planner.first_name} ${planner.last_name}`.trim() : 'Sem planejador';
}
