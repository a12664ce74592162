import { findCurrentMonth } from '@prumo/domain/budget/target-month';
import { useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';
import { MyPerformance } from '../../../features/performance/components/my-performance';
import { addClientQuery, useRouteClientId } from '../../../lib/client-scope';
import { usePersona } from '../../../lib/persona';
import { ClientRequiredNotice } from './client-required-notice';
import { ViewedClientTitle } from './viewed-client-title';

/** meu-desempenho (my_performance_client on): a client's performance, or a planner's view of a client's with ?clientId=. */
export function MyPerformanceRoute() {
  const { organization = '' } = useParams();
  const clientId = useRouteClientId();
  const persona = usePersona();
  if (!persona.data) return <PageLoader />;
  const viewedClientId = persona.data.view === 'client' ? null : clientId;
  if (persona.data.view !== 'client' && !viewedClientId) return <ClientRequiredNotice organization={organization} />;
  const cashRegisterHref = addClientQuery(paths.app.routes['meu-caixa'].getHref(organization), viewedClientId);
  const planHref = addClientQuery(
    paths.app.routes['orcamento-do-mes'].getHref(organization, { date: findCurrentMonth(new Date()).slice(0, 7) }),
    viewedClientId,
  );
  return (
    <>
      {viewedClientId ? <ViewedClientTitle clientId={viewedClientId} screen="Meu desempenho" /> : null}
      <MyPerformance
        key={viewedClientId ?? 'self'}
        viewsClient={Boolean(viewedClientId)}
        cashRegisterHref={cashRegisterHref}
        planHref={planHref}
      />
    </>
  );
}
