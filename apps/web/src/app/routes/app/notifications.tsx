import { useNavigate, useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';
import type { NotificationSource } from '../../../features/notifications/api/get-notifications';
import { NotificationsScreen } from '../../../features/notifications/components/notifications-screen';
import { listEnabledToggles } from '../../../lib/organization';
import { usePersona } from '../../../lib/persona';

/**
 * notificacoes/{view?}: the person's own notifications; `clientes`, a planner's (or manager's)
 * about their clients, with the organization's `insight` feature only.
 */
export function NotificationsRoute() {
  const { organization = '', view } = useParams();
  const navigate = useNavigate();
  const persona = usePersona();
  if (!persona.data) return <PageLoader />;
  const offersClients =
    persona.data.view !== 'client' &&
    listEnabledToggles(persona.data.organization, persona.data.permissions).has('insight');
  const source: NotificationSource = offersClients && view === 'clientes' ? 'clients' : 'own';
  return (
    <NotificationsScreen
      key={source}
      source={source}
      offersClients={offersClients}
      onSourceChange={(next) =>
        void navigate(
          paths.app.routes.notificacoes.getHref(organization, { view: next === 'clients' ? 'clientes' : null }),
        )
      }
    />
  );
}
