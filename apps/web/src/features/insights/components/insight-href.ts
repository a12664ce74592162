import type { InsightLink } from '@prumo/contract/insights';
import { findMonthBounds } from '@prumo/domain/budget/target-month';
import { paths } from '../../../config/paths';
import { addClientQuery } from '../../../lib/client-scope';

/**
 * Where an insight leads: the screen that shows its figures, on its month (Fluxo futuro, Meu caixa
 * over the month, or the month's budget), for the client or a planner viewing them.
 */
export function buildInsightHref(organization: string, link: InsightLink, clientId: string | null): string {
  if (link.route === 'fluxo-futuro') {
    return addClientQuery(paths.app.routes['fluxo-futuro'].getHref(organization), clientId);
  }
  if (link.route === 'orcamento-do-mes') {
    return addClientQuery(
      paths.app.routes['orcamento-do-mes'].getHref(organization, { date: link.month.slice(0, 7) }),
      clientId,
    );
  }
  const { start, end } = findMonthBounds(link.month);
  const href = `${paths.app.routes['meu-caixa'].getHref(organization)}?start=${start}&end=${end}`;
  return addClientQuery(href, clientId);
}

/** The words of the link that opens an insight's screen. */
export const insightLinkLabels: Record<InsightLink['route'], string> = {
  'fluxo-futuro': 'Ver no fluxo futuro',
  'meu-caixa': 'Ver no meu caixa',
  'orcamento-do-mes': 'Ver o orçamento do mês',
};
