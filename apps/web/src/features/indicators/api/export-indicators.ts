import { useMutation } from '@tanstack/react-query';
import { requestApiFile } from '../../../lib/api-client';
import { saveFile } from '../../../lib/file-download';
import type { IndicatorPeriod } from './get-indicators';

/** GET indicators/export-xls/: the period's indicators as an .xlsx. */
export async function exportIndicators(period: IndicatorPeriod): Promise<{ blob: Blob; fileName: string }> {
  const file = await requestApiFile('indicators/export-xls/', { query: { ...period } });
  return { ...file, fileName: file.fileName ?? `indicadores-${period.start}-a-${period.end}.xlsx` };
}

/** A mutation rather than a query: each click fetches afresh, and a spreadsheet is never cached. */
export function useExportIndicators() {
  return useMutation({
    mutationFn: exportIndicators,
    onSuccess: ({ blob, fileName }) => saveFile(blob, fileName),
  });
}
