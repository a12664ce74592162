import { Button, Skeleton, Stack, Text } from '@mantine/core';
import { ErrorState } from '../../../components/error-state';
import { SectionHeader } from '../../../components/section-header';
import { describeError } from '../../../lib/errors';
import { useInsights } from '../api/get-insights';
import { useMarkInsightRead } from '../api/mark-insight-read';
import { InsightItem } from './insight-item';

import { type InsightsProps, useInsightOpener } from './insight-opener';

/** insights: every insight of the client, newest first, each opening the screen that shows it. */
export function InsightsList({ organization, canOpen }: InsightsProps) {
  const insights = useInsights({});
  const opener = useInsightOpener(organization, canOpen);
  const markRead = useMarkInsightRead();
  return (
    <Stack gap="md">
      <SectionHeader
        title="Insights"
        description="O que notamos no seu dinheiro, com os números que mostram por quê. Abra um para ver a tela com os detalhes."
      />
      {insights.isPending ? (
        <Skeleton h={160} />
      ) : insights.isError ? (
        <ErrorState message={describeError(insights.error)} onRetry={() => insights.refetch()} />
      ) : insights.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhum insight ainda. Eles aparecem depois de importar extratos e a cada manhã.
        </Text>
      ) : (
        <Stack gap="xs">
          {insights.data.map((insight) => (
            <InsightItem
              key={insight.id}
              insight={insight}
              href={opener.hrefOf(insight)}
              onOpen={opener.open}
              actions={
                insight.read ? null : (
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    loading={markRead.isPending && markRead.variables === insight.id}
                    onClick={() => markRead.mutate(insight.id)}
                  >
                    Marcar como lido
                  </Button>
                )
              }
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
