import { Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { IdealBudget } from '../../../features/budget/components/ideal-budget';
import { useRouteClientId } from '../../../lib/client-scope';
import { usePersona } from '../../../lib/persona';
import { ClientRequiredNotice } from './client-required-notice';
import { ViewedClientTitle } from './viewed-client-title';

/** orcamento-ideal: the client's ideal budget, or a planner's (a manager's) view of a client's with ?clientId=. */
export function IdealBudgetRoute() {
  const { organization = '' } = useParams();
  const clientId = useRouteClientId();
  const persona = usePersona();
  if (!persona.data) return <PageLoader />;
  const viewedClientId = persona.data.view === 'client' ? null : clientId;
  if (persona.data.view !== 'client' && !viewedClientId) return <ClientRequiredNotice organization={organization} />;
  return (
    <Stack gap="md">
      {viewedClientId ? <ViewedClientTitle clientId={viewedClientId} screen="Orçamento ideal" /> : null}
      <IdealBudget key={viewedClientId ?? 'self'} />
    </Stack>
  );
}
