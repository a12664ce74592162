import { Badge } from '@mantine/core';

/** product §3: the 'Leitura ' prefix of a read status is not shown ("Leitura concluída" → "concluída"). */
export function formatReadStatus(readStatus: string): string {
  return readStatus.replace(/^Leitura\s+/i, '');
}

export function ReadStatusBadge({ readStatus }: { readStatus: string }) {
  const withPendencies = /pend[êe]ncia/i.test(readStatus);
  return (
    // The label keeps its width in narrow table cells instead of turning into "…".
    <Badge
      variant="light"
      color={withPendencies ? 'yellow' : 'teal'}
      tt="none"
      styles={{ label: { overflow: 'visible' } }}
    >
      {formatReadStatus(readStatus)}
    </Badge>
  );
}
