import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function SectionHeader({
  title,
  description,
  actions,
}: {
  /** Left out when the page already has the heading (a planner's view of a client). */
  title?: string;
  description?: string;
  actions?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-start" mb="sm">
      <Stack gap={2}>
        {title ? (
          <Title order={2} size="h4">
            {title}
          </Title>
        ) : null}
        {description ? (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        ) : null}
      </Stack>
      {actions}
    </Group>
  );
}
