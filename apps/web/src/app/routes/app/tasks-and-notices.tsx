import { Anchor, Button, Stack } from '@mantine/core';
import { Link, useParams, useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';
import { TasksAndNotices } from '../../../features/tasks/components/tasks-and-notices';
import { useClients } from '../../../features/team/api/get-clients';
import { addClientQuery, useIsReadOnlyClientView, useRouteClientId } from '../../../lib/client-scope';
import { formatPersonName, usePersona } from '../../../lib/persona';
import { ClientRequiredNotice } from './client-required-notice';
import { ViewedClientTitle } from './viewed-client-title';

/** The import task's value of meu-caixa/{task} and cliente/{id}/{view}. */
const importTask = 'importacao';

/** The tasks route's `avisos=true` shows the notices; the address keeps the mode. */
function useNoticesMode(): [boolean, (notices: boolean) => void] {
  const [searchParameters, setSearchParameters] = useSearchParams();
  const change = (notices: boolean) =>
    setSearchParameters((current) => {
      const next = new URLSearchParams(current);
      if (notices) next.set('avisos', 'true');
      else next.delete('avisos');
      return next;
    });
  return [searchParameters.get('avisos') === 'true', change];
}

/** The imported files, and the import itself unless a manager views the client (they read only, ADR 13). */
function ImportLinks({ importHref, filesHref }: { importHref: string; filesHref: string }) {
  const readOnly = useIsReadOnlyClientView();
  return (
    <>
      <Anchor component={Link} to={filesHref} size="sm">
        Arquivos importados
      </Anchor>
      {readOnly ? null : (
        <Button variant="light" component={Link} to={importHref}>
          Importar extratos
        </Button>
      )}
    </>
  );
}

/**
 * tarefas-e-avisos: a client's tasks and notices, or, with `client`/`clientId`, those
 * of a planner's client.
 */
export function TasksAndNoticesRoute() {
  const { organization = '' } = useParams();
  const clientId = useRouteClientId();
  const persona = usePersona();
  const [noticesMode, changeMode] = useNoticesMode();
  if (!persona.data) return <PageLoader />;
  if (persona.data.view !== 'client') {
    if (!clientId) return <ClientRequiredNotice organization={organization} />;
    return (
      <AdviserTasksScreen
        key={clientId}
        organization={organization}
        clientId={clientId}
        noticesMode={noticesMode}
        onModeChange={changeMode}
      />
    );
  }
  const routes = paths.app.routes;
  return (
    <TasksAndNotices
      actor="client"
      noticesMode={noticesMode}
      onModeChange={changeMode}
      client={null}
      importActions={
        <ImportLinks
          importHref={routes['meu-caixa'].getHref(organization, { task: importTask })}
          filesHref={routes.arquivo.getHref(organization)}
        />
      }
    />
  );
}

interface AdviserTasksScreenProps {
  organization: string;
  clientId: string;
  noticesMode: boolean;
  onModeChange: (notices: boolean) => void;
}

/** A planner on one client's tasks: every status, and 'Nova tarefa' for that client. */
function AdviserTasksScreen({ organization, clientId, noticesMode, onModeChange }: AdviserTasksScreenProps) {
  // A manager finds the client among the organization's, a planner among their own.
  const persona = usePersona();
  const clients = useClients(persona.data?.view === 'manager' ? 'manager' : 'planner', 0);
  const record = clients.data?.results.find((candidate) => String(candidate.user.id) === clientId);
  const name = record ? formatPersonName(record.user) : `Cliente nº ${clientId}`;
  return (
    <Stack gap="md">
      <ViewedClientTitle clientId={clientId} screen="Avisos e importações" />
      <TasksAndNotices
        actor="adviser"
        noticesMode={noticesMode}
        onModeChange={onModeChange}
        client={{ id: Number(clientId), name }}
        importActions={
          <ImportLinks
            importHref={paths.app.routes.cliente.getHref(organization, { clientId, view: importTask })}
            filesHref={addClientQuery(paths.app.routes.arquivo.getHref(organization), clientId)}
          />
        }
      />
    </Stack>
  );
}
