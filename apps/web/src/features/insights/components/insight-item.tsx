import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { Insight } from '@prumo/contract/insights';
import { formatBrazilianDate } from '@prumo/domain/br/date';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { insightLinkLabels } from './insight-href';

interface InsightItemProps {
  insight: Insight;
  /** Where its link leads; null when that screen does not open for this person (no link to nothing). */
  href: string | null;
  /** Opening the link marks the insight read. */
  onOpen: (insight: Insight) => void;
  /** Shown beside the date: the client's name on the planner's list. */
  label?: ReactNode;
  actions?: ReactNode;
}

/** One insight: why it was raised, when, and the way to the screen that shows it. */
export function InsightItem({ insight, href, onOpen, label, actions }: InsightItemProps) {
  return (
    <Paper component="article" withBorder p="sm" data-testid="insight" aria-label={insight.title}>
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={600} size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            {insight.title}
          </Text>
          {insight.read ? null : (
            <Badge size="xs" variant="light">
              Novo
            </Badge>
          )}
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {insight.body}
        </Text>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="xs" c="dimmed">
            {label}
            {label ? ' · ' : ''}
            {formatBrazilianDate(insight.created_at.slice(0, 10))}
          </Text>
          <Group gap="sm" wrap="wrap">
            {actions}
            {href ? (
              <Anchor component={Link} to={href} size="sm" onClick={() => onOpen(insight)}>
                {insightLinkLabels[insight.link.route]}
              </Anchor>
            ) : null}
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
