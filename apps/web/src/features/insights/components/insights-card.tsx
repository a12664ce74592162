import { Anchor, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { SectionHeader } from '../../../components/section-header';
import { paths } from '../../../config/paths';
import { describeError } from '../../../lib/errors';
import { useInsights } from '../api/get-insights';
import { InsightItem } from './insight-item';

import { type InsightsProps, useInsightOpener } from './insight-opener';

/** The client home's card: the insights not read yet (the latest three), and the way to all of them. */
export function InsightsCard({ organization, canOpen }: InsightsProps) {
  const insights = useInsights({ unread: true });
  const opener = useInsightOpener(organization, canOpen);
  const allLink = (
    <Anchor component={Link} to={paths.app.routes.insights.getHref(organization)} size="sm">
      Ver todos os insights
    </Anchor>
  );
  return (
    <Paper withBorder p="md">
      <SectionHeader title="Insights" actions={allLink} />
      {insights.isPending ? (
        <Skeleton h={80} />
      ) : insights.isError ? (
        <ErrorState message={describeError(insights.error)} onRetry={() => insights.refetch()} />
      ) : insights.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhum insight novo. Avisamos aqui quando algo no seu dinheiro merecer atenção.
        </Text>
      ) : (
        <Stack gap="xs">
          {insights.data.slice(0, 3).map((insight) => (
            <InsightItem key={insight.id} insight={insight} href={opener.hrefOf(insight)} onOpen={opener.open} />
          ))}
        </Stack>
      )}
    </Paper>
  );
}
