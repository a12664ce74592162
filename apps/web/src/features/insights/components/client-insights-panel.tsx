import { Anchor, Button, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { Insight } from '@prumo/contract/insights';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { SectionHeader } from '../../../components/section-header';
import { describeError } from '../../../lib/errors';
import { useInsights } from '../api/get-insights';
import { useMarkInsightRead } from '../api/mark-insight-read';
import { buildInsightHref } from './insight-href';
import { InsightItem } from './insight-item';

interface ClientInsightsPanelProps {
  organization: string;
  getClientHref: (clientId: number) => string;
}

/** The planner's dashboard: each client's unread insights, to open or mark read. */
export function ClientInsightsPanel({ organization, getClientHref }: ClientInsightsPanelProps) {
  const insights = useInsights({ unread: true });
  const markRead = useMarkInsightRead();
  const open = (insight: Insight) => markRead.mutate(insight.id);
  return (
    <Paper withBorder p="md" aria-label="Insights dos clientes">
      <SectionHeader
        title="Insights dos clientes"
        description="O que as regras notaram no dinheiro dos seus clientes e ninguém leu ainda."
      />
      {insights.isPending ? (
        <Skeleton h={80} />
      ) : insights.isError ? (
        <ErrorState message={describeError(insights.error)} onRetry={() => insights.refetch()} />
      ) : insights.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhum insight novo dos seus clientes.
        </Text>
      ) : (
        <Stack gap="xs">
          {insights.data.map((insight) => (
            <InsightItem
              key={insight.id}
              insight={insight}
              href={buildInsightHref(organization, insight.link, String(insight.client))}
              onOpen={open}
              label={
                <Anchor component={Link} to={getClientHref(insight.client)} size="xs">
                  {insight.client_name ?? 'Cliente'}
                </Anchor>
              }
              actions={
                <Button
                  size="compact-sm"
                  variant="subtle"
                  loading={markRead.isPending && markRead.variables === insight.id}
                  onClick={() => markRead.mutate(insight.id)}
                >
                  Marcar como lido
                </Button>
              }
            />
          ))}
        </Stack>
      )}
    </Paper>
  );
}
