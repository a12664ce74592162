import { Anchor, Group } from '@mantine/core';
import type { FutureFlowMonth } from '@prumo/contract/future-flow';
import { Link, useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';
import { FutureFlow } from '../../../features/future-flow/components/future-flow';
import { addClientQuery, useRouteClientId } from '../../../lib/client-scope';
import { listEnabledToggles } from '../../../lib/organization';
import { usePersona } from '../../../lib/persona';
import { ClientRequiredNotice } from './client-required-notice';
import { ViewedClientTitle } from './viewed-client-title';

/** fluxo-futuro (future_flow on): a client's future flow, or a planner's view of a client's with ?clientId=. */
export function FutureFlowRoute() {
  const { organization = '' } = useParams();
  const clientId = useRouteClientId();
  const persona = usePersona();
  if (!persona.data) return <PageLoader />;
  const viewedClientId = persona.data.view === 'client' ? null : clientId;
  if (persona.data.view !== 'client' && !viewedClientId) return <ClientRequiredNotice organization={organization} />;
  // A month opens its budget: orcamento-do-mes/2026-12/{taskId?}, on the same client.
  const getMonthHref = (month: FutureFlowMonth) =>
    addClientQuery(
      paths.app.routes['orcamento-do-mes'].getHref(organization, {
        date: month.month.slice(0, 7),
        taskId: month.taskId === null ? null : String(month.taskId),
      }),
      viewedClientId,
    );
  const idealBudgetHref = addClientQuery(paths.app.routes['orcamento-ideal'].getHref(organization), viewedClientId);
  return (
    <>
      {viewedClientId ? <ViewedClientTitle clientId={viewedClientId} screen="Fluxo futuro" /> : null}
      <Group justify="flex-end" mb="xs">
        <Anchor component={Link} to={idealBudgetHref} size="sm">
          Orçamento ideal
        </Anchor>
      </Group>
      <FutureFlow
        key={viewedClientId ?? 'self'}
        getMonthHref={getMonthHref}
        viewsClient={Boolean(viewedClientId)}
        showLowBalanceThreshold={
          persona.data.view === 'client' ||
          listEnabledToggles(persona.data.organization, persona.data.permissions).has('insight')
        }
      />
    </>
  );
}
