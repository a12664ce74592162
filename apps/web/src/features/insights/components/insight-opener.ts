import type { Insight } from '@prumo/contract/insights';
import type { AppRouteName } from '@prumo/domain/auth/routes';
import { useMarkInsightRead } from '../api/mark-insight-read';
import { buildInsightHref } from './insight-href';

export interface InsightsProps {
  organization: string;
  canOpen: (route: AppRouteName) => boolean;
}

export function useInsightOpener(organization: string, canOpen: InsightsProps['canOpen']) {
  const markRead = useMarkInsightRead();
  return {
    hrefOf: (insight: Insight) =>
      canOpen(insight.link.route) ? buildInsightHref(organization, insight.link, null) : null,
    open: (insight: Insight) => {
      if (!insight.read) markRead.mutate(insight.id);
    },
  };
}
