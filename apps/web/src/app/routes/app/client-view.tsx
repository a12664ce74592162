import { Navigate, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { PlannerAnswerButton } from '../../../features/chat/components/planner-answer-panel';
import { ClientHomePanels } from '../../../features/dashboard/components/client-home';
import { ClientDeskBar } from '../../../features/desk/components/client-desk-bar';
import { RemindersPanel } from '../../../features/reminders/components/reminders-panel';
import { listEnabledToggles } from '../../../lib/organization';
import { usePersona } from '../../../lib/persona';
import { buildScreenOpener } from '../../app-screens';
import { CashRegisterScreen, importTask } from './cash-register';

/**
 * cliente/:clientId/:view?/:taskStatus?: a planner views a client's home page and cash register.
 * The view 'importacao' opens the import for that client, as meu-caixa/importacao does.
 */
export function ClientViewRoute() {
  const { organization = '', clientId = '', view } = useParams();
  const persona = usePersona();
  // The planner sees the client's home page as the client does; its links open the screens the planner may open.
  const enabledToggles = listEnabledToggles(persona.data?.organization, persona.data?.permissions);
  const canOpen = buildScreenOpener(persona.data?.view ?? 'visitor', enabledToggles, { viewsClient: true });
  const route = paths.app.routes.cliente;
  const closedHref = route.getHref(organization, { clientId });
  if (!/^[1-9]\d*$/.test(clientId)) return <Navigate to={paths.app.routes.dashboard.getHref(organization)} replace />;
  if (view !== undefined && view !== importTask) return <Navigate to={closedHref} replace />;
  return (
    <CashRegisterScreen
      key={clientId}
      organization={organization}
      clientId={clientId}
      importOpened={view === importTask}
      importHref={route.getHref(organization, { clientId, view: importTask })}
      closedHref={closedHref}
      overview={
        <>
          <ClientDeskBar
            clientId={clientId}
            actions={enabledToggles.has('chat') ? <PlannerAnswerButton clientId={clientId} /> : null}
          />
          <ClientHomePanels organization={organization} clientId={clientId} canOpen={canOpen} />
          <RemindersPanel />
        </>
      }
    />
  );
}
