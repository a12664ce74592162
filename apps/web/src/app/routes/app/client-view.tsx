import { Navigate, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { CashRegisterScreen, importTask } from './cash-register';

/**
 * cliente/:clientId/:view?/:taskStatus?: a planner views a client's cash register.
 * The view 'importacao' opens the import for that client, as meu-caixa/importacao does.
 */
export function ClientViewRoute() {
  const { organization = '', clientId = '', view } = useParams();
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
    />
  );
}
