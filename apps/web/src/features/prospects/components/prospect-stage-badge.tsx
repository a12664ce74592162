import { Badge } from '@mantine/core';
import type { ProspectStage } from '@prumo/domain/prospects/prospect-stages';

const stageColors: Record<ProspectStage, string> = {
  novo: 'blue',
  diagnostico: 'grape',
  proposta: 'orange',
  convertido: 'teal',
  perdido: 'gray',
};

export function ProspectStageBadge({ stage, label }: { stage: ProspectStage; label: string }) {
  return (
    <Badge color={stageColors[stage]} variant="light">
      {label}
    </Badge>
  );
}
