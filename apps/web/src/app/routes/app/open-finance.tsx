import { useParams, useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';
import { addRecentDays } from '../../../features/cash-flow/hooks/use-cash-flow-options';
import { OpenFinanceCallback } from '../../../features/open-banking/components/open-finance-callback';
import { OpenFinanceScreen } from '../../../features/open-banking/components/open-finance-screen';
import { addClientQuery, useIsReadOnlyClientView, useRouteClientId } from '../../../lib/client-scope';
import { usePersona } from '../../../lib/persona';
import { StatementGuidePicker } from '../../statement-guide-picker';
import { ClientRequiredNotice } from './client-required-notice';
import { ViewedClientTitle } from './viewed-client-title';

/** integration-opb: a client's Open Finance connections, or a planner's for a client with ?clientId=. */
export function IntegrationOpbRoute() {
  const { organization = '' } = useParams();
  const [searchParams] = useSearchParams();
  const clientId = useRouteClientId();
  const readOnly = useIsReadOnlyClientView();
  const persona = usePersona();
  if (!persona.data) return <PageLoader />;
  const viewedClientId = persona.data.view === 'client' ? null : clientId;
  if (persona.data.view !== 'client' && !viewedClientId) return <ClientRequiredNotice organization={organization} />;
  return (
    <>
      {viewedClientId ? <ViewedClientTitle clientId={viewedClientId} screen="Open Finance" /> : null}
      <OpenFinanceScreen
        key={viewedClientId ?? 'self'}
        readOnly={readOnly}
        initialParticipantId={searchParams.get('participant')}
      />
    </>
  );
}

// After the first sync Meu caixa opens on the last month of days, lines included whatever the date.
const syncedDaysShown = 30;

/** callback-opb: where the bank sends the person back after the consent. */
export function CallbackOpbRoute() {
  const { organization = '' } = useParams();
  const persona = usePersona();
  // The planner's reading of the sync names the client: the persona says who is signed in.
  if (!persona.data) return <PageLoader />;
  const forClient = (screen: 'integration-opb' | 'meu-caixa') => (clientId: number | null) =>
    addClientQuery(paths.app.routes[screen].getHref(organization), clientId === null ? null : String(clientId));
  return (
    <OpenFinanceCallback
      buildIntegrationHref={forClient('integration-opb')}
      buildCashRegisterHref={(clientId) => addRecentDays(forClient('meu-caixa')(clientId), syncedDaysShown)}
      renderStatementGuide={(bankCode) => <StatementGuidePicker openedFor={bankCode} />}
    />
  );
}

/** bs2-callback: where BS2 sends the client back; the same reading of the bank's answer. */
export function Bs2CallbackRoute() {
  return <CallbackOpbRoute />;
}
