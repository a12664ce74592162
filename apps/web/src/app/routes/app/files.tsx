import { Anchor, Button, Group, Stack } from '@mantine/core';
import type { UploadAnswer } from '@prumo/contract/imports';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';
import { cashFlowQueryKey } from '../../../features/cash-flow/api/get-cash-flow';
import { addImportedPeriod } from '../../../features/cash-flow/hooks/use-cash-flow-options';
import { PendenciesPanel } from '../../../features/imports/components/pendencies-panel';
import { StatementFilesPanel } from '../../../features/imports/components/statement-files-panel';
import { UploadStatementsDialog } from '../../../features/imports/components/upload-statements-dialog';
import { useIsReadOnlyClientView, useRouteClientId } from '../../../lib/client-scope';
import { usePersona } from '../../../lib/persona';
import { StatementGuidePicker } from '../../statement-guide-picker';
import { ClientRequiredNotice } from './client-required-notice';
import { ViewedClientTitle } from './viewed-client-title';

/** arquivo: the file review — pendencies first, then the imported files (a planner adds ?clientId=). */
export function FilesRoute() {
  const { organization = '' } = useParams();
  const clientId = useRouteClientId();
  const persona = usePersona();
  const queryClient = useQueryClient();
  const [importOpened, setImportOpened] = useState(false);
  // After an import, 'Voltar ao Meu caixa' opens on the days the files cover.
  const [importedPeriod, setImportedPeriod] = useState<UploadAnswer['period']>(null);
  const readOnly = useIsReadOnlyClientView();
  if (!persona.data) return <PageLoader />;
  const viewedClientId = persona.data.view === 'client' ? null : clientId;
  if (persona.data.view !== 'client' && !viewedClientId) return <ClientRequiredNotice organization={organization} />;

  const cashRegisterHref = viewedClientId
    ? paths.app.routes.cliente.getHref(organization, { clientId: viewedClientId })
    : paths.app.routes['meu-caixa'].getHref(organization);
  // Files and pendencies change the lines (deleted with their file, card purchases moved to the bill).
  const refreshCashFlow = () => queryClient.invalidateQueries({ queryKey: cashFlowQueryKey });

  return (
    <Stack gap="md" key={viewedClientId ?? 'self'}>
      {viewedClientId ? <ViewedClientTitle clientId={viewedClientId} screen="Arquivos" /> : null}
      <Group justify="space-between">
        <Anchor
          component={Link}
          to={importedPeriod ? addImportedPeriod(cashRegisterHref, importedPeriod) : cashRegisterHref}
          size="sm"
        >
          Voltar ao Meu caixa
        </Anchor>
        {readOnly ? null : (
          <Button variant="light" onClick={() => setImportOpened(true)}>
            Importar extratos
          </Button>
        )}
      </Group>
      {/* Pendencies ask the client (or their planner) for data: a manager only reads (ADR 13). */}
      {readOnly ? null : <PendenciesPanel onCompleted={refreshCashFlow} />}
      <StatementFilesPanel onFileDeleted={refreshCashFlow} />
      <UploadStatementsDialog
        opened={importOpened}
        onClose={() => setImportOpened(false)}
        onUploaded={(answer) => {
          refreshCashFlow();
          if (answer.period) setImportedPeriod(answer.period);
        }}
        guide={<StatementGuidePicker />}
      />
    </Stack>
  );
}
