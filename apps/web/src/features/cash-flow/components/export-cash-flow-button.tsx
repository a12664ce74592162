import { Button } from '@mantine/core';
import { isApiError, readServerMessage } from '../../../lib/errors';
import { notifyError } from '../../../lib/notifications';
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
          onError: (error) => {
            // No connection, an ended session and 5xx were already alerted by the API client.
            if (isApiError(error) && error.notified) return;
            notifyError((isApiError(error) && readServerMessage(error.data)) || exportFailedMessage);
          },
        })
      }
    >
      Exportar
    </Button>
  );
}
