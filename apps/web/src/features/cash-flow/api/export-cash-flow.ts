import { useMutation } from '@tanstack/react-query';
import { requestApiFile } from '../../../lib/api-client';
import { saveFile } from '../../../lib/file-download';
import { buildCashFlowQuery, type CashFlowFilter } from './get-cash-flow';

export const exportFailedMessage = 'Não foi possível exportar';

/** GET cash-flow/export-xls/: the filtered lines as an .xlsx (the API client adds a planner's clientId). */
export async function exportCashFlow(filter: CashFlowFilter): Promise<{ blob: Blob; fileName: string }> {
  const file = await requestApiFile('cash-flow/export-xls/', { query: buildCashFlowQuery(filter) });
  return { ...file, fileName: file.fileName ?? `meu-caixa-${filter.start}-a-${filter.end}.xlsx` };
}

/** A mutation rather than a query: each click fetches afresh, and a spreadsheet is never cached. */
export function useExportCashFlow() {
  return useMutation({
    mutationFn: exportCashFlow,
    onSuccess: ({ blob, fileName }) => saveFile(blob, fileName),
  });
}
