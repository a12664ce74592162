import { Alert, Button, Group, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { formatIsoDate } from '../../../lib/format';
import { type CashFlowOptions, formatMonthKey, readImportedPeriod } from '../hooks/use-cash-flow-options';

interface ImportedPeriodNoticeProps {
  options: CashFlowOptions;
  onChange: (changes: Partial<CashFlowOptions>) => void;
}

/** Says that the screen shows the imported files' days, with the way back to the current month. */
export function ImportedPeriodNotice({ options, onChange }: ImportedPeriodNoticeProps) {
  const [searchParameters] = useSearchParams();
  const period = readImportedPeriod(searchParameters, options);
  if (!period) return null;
  return (
    <Alert color="blue" variant="light" role="status" aria-label="Período dos arquivos importados">
      <Group justify="space-between" gap="sm">
        <Text size="sm">
          Mostrando {formatIsoDate(period.start)} a {formatIsoDate(period.end)}, o período dos arquivos importados.
        </Text>
        <Button
          size="xs"
          variant="default"
          onClick={() => onChange({ periodMode: 'month', month: formatMonthKey(new Date()) })}
        >
          Voltar ao mês atual
        </Button>
      </Group>
    </Alert>
  );
}
