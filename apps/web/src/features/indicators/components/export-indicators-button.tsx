import { Button } from '@mantine/core';
import { isApiError, readServerMessage } from '../../../lib/errors';
import { notifyMutationError } from '../../../lib/mutation-errors';
import { useExportIndicators } from '../api/export-indicators';
import type { IndicatorPeriod } from '../api/get-indicators';

const exportFailedMessage = 'Não foi possível exportar';

/** 'Exportar XLSX': the period's indicators as a spreadsheet. */
export function ExportIndicatorsButton({ period }: { period: IndicatorPeriod }) {
  const exportFile = useExportIndicators();
  return (
    <Button
      variant="default"
      loading={exportFile.isPending}
      onClick={() =>
        exportFile.mutate(period, {
          onError: (error) =>
            notifyMutationError(error, (isApiError(error) && readServerMessage(error.data)) || exportFailedMessage),
        })
      }
    >
      Exportar XLSX
    </Button>
  );
}
