import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { UploadAnswer } from '@prumo/contract/imports';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link, useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { SectionHeader } from '../../../components/section-header';
import { paths } from '../../../config/paths';
import { cashFlowQueryKey } from '../../../features/cash-flow/api/get-cash-flow';
import { addImportedPeriod } from '../../../features/cash-flow/hooks/use-cash-flow-options';
import { ClientHomePanels } from '../../../features/dashboard/components/client-home';
import { ClientOverview } from '../../../features/dashboard/components/client-overview';
import { ClientBook } from '../../../features/desk/components/client-book';
import { ClientInsightsPanel } from '../../../features/insights/components/client-insights-panel';
import { InsightsCard } from '../../../features/insights/components/insights-card';
import { RemindersPanel } from '../../../features/reminders/components/reminders-panel';
import { ClientsTable } from '../../../features/team/components/clients-table';
import { InvitationLinks } from '../../../features/team/components/invitation-links';
import { PlannersTable } from '../../../features/team/components/planners-table';
import { listEnabledToggles } from '../../../lib/organization';
import { usePersona } from '../../../lib/persona';
import { buildScreenOpener } from '../../app-screens';

/** One dashboard address, three contents: the role decides. */
export function DashboardRoute() {
  const { organization = '' } = useParams();
  const persona = usePersona();
  if (!persona.data) return <PageLoader />;
  const { data: me } = persona;

  const greeting = (
    <Text size="lg" fw={500}>
      Olá, {me.first_name}!
    </Text>
  );

  const toggles = listEnabledToggles(me.organization, me.permissions);
  const getClientHref = (clientId: number) =>
    paths.app.routes.cliente.getHref(organization, { clientId: String(clientId) });
  if (me.view === 'planner') {
    return (
      <Stack gap="md">
        {/* Planners have no page title in the top bar, so the page carries it. */}
        <Title order={1} size="h3">
          Dashboard
        </Title>
        {greeting}
        {/* The planner's insight views need the organization's insight toggle. */}
        {toggles.has('insight') ? (
          <ClientInsightsPanel organization={organization} getClientHref={getClientHref} />
        ) : null}
        <ClientBook getClientHref={getClientHref} />
        <InvitationLinks organization={organization} roles={['client']} />
      </Stack>
    );
  }
  if (me.view === 'manager') {
    return (
      <Stack gap="md">
        {greeting}
        <PlannersTable />
        <ClientsTable scope="manager" description="Escolha o planejador de cada cliente no campo “Planejador”." />
        <InvitationLinks organization={organization} roles={['client', 'planner', 'manager']} />
      </Stack>
    );
  }
  const canOpen = buildScreenOpener(me.view, toggles, { viewsClient: false });
  return (
    <Stack gap="md">
      {greeting}
      <InsightsCard organization={organization} canOpen={canOpen} />
      <ClientHomePanels organization={organization} clientId={null} canOpen={canOpen} />
      <RemindersPanel />
      <CashShortcuts organization={organization} />
      <ClientOverview persona={me} organization={organization} />
    </Stack>
  );
}

// Loaded when first opened: the dashboard stays light for those who do not import.
const UploadStatementsDialog = lazy(() =>
  import('../../../features/imports/components/upload-statements-dialog').then((module) => ({
    default: module.UploadStatementsDialog,
  })),
);
const StatementGuidePicker = lazy(() =>
  import('../../statement-guide-picker').then((module) => ({
    default: module.StatementGuidePicker,
  })),
);

/** The client's way to Meu caixa, the statement import and the imported files. */
function CashShortcuts({ organization }: { organization: string }) {
  const queryClient = useQueryClient();
  const [importOpened, setImportOpened] = useState(false);
  const [importLoaded, setImportLoaded] = useState(false);
  // After an import, Meu caixa opens on the days the files cover.
  const [importedPeriod, setImportedPeriod] = useState<UploadAnswer['period']>(null);
  const filesHref = paths.app.routes.arquivo.getHref(organization);
  const cashRegisterHref = paths.app.routes['meu-caixa'].getHref(organization);
  return (
    <Paper withBorder p="md">
      <SectionHeader title="Meu caixa" description="Importe os extratos do banco e acompanhe entradas e saídas." />
      <Group gap="sm" data-tour="import-statements">
        <Button
          onClick={() => {
            setImportLoaded(true);
            setImportOpened(true);
          }}
        >
          Importar extratos
        </Button>
        <Button
          variant="light"
          component={Link}
          to={importedPeriod ? addImportedPeriod(cashRegisterHref, importedPeriod) : cashRegisterHref}
        >
          Ver meu caixa
        </Button>
        <Anchor component={Link} to={filesHref} size="sm">
          Arquivos importados
        </Anchor>
      </Group>
      {importLoaded ? (
        <Suspense fallback={null}>
          <UploadStatementsDialog
            opened={importOpened}
            onClose={() => setImportOpened(false)}
            onUploaded={(answer) => {
              queryClient.invalidateQueries({ queryKey: cashFlowQueryKey });
              if (answer.period) setImportedPeriod(answer.period);
            }}
            filesHref={filesHref}
            guide={
              <Suspense fallback={null}>
                <StatementGuidePicker />
              </Suspense>
            }
          />
        </Suspense>
      ) : null}
    </Paper>
  );
}
