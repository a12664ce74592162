import { Badge } from '@mantine/core';

/** The 'Leitura ' prefix of a read status is not shown ("Leitura concluída" → "concluída"). */
export function formatReadStatus(readStatus: string): string {
  return readStatus.replace(/^Leitura\s+/i, '');
}

export function ReadStatusBadge({ readStatus }: { readStatus: string }) {
  const withPendencies = /pend[êe]ncia/i.test(readStatus);
  // A partial read (the file looks incomplete) stands out more than accounts waiting for data.
  const partial = /parcial/i.test(readStatus);
  return (
    // The label keeps its width in narrow table cells instead of turning into "…".
    <Badge
      variant="light"
      color={partial ? 'orange' : withPendencies ? 'yellow' : 'teal'}
      tt="none"
      styles={{ label: { overflow: 'visible' } }}
    >
      {formatReadStatus(readStatus)}
    </Badge>
  );
}
