import { Button } from '@mantine/core';
import { isApiError, readServerMessage } from '../../../lib/errors';
import { notifyMutationError } from '../../../lib/mutation-errors';
import { exportFailedMessage, useExportCashFlow } from '../api/export-cash-flow';
import type { CashFlowFilter } from '../api/get-cash-flow';

/** 'Exportar': downloads the lines of the current period and filters as a spreadsheet. */
export function ExportCashFlowButton({ filter }: { filter: CashFlowFilter }) {
  const exportFile = useExportCashFlow();
  return (
    <Button
      variant="default"
      loading={exportFile.isPending}
      onClick={() =>
        exportFile.mutate(filter, {
          onError: (error) =>
            notifyMutationError(error, (isApiError(error) && readServerMessage(error.data)) || exportFailedMessage),
        })
      }
    >
      Exportar
    </Button>
  );
}
