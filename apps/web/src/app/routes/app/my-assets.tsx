import { useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { paths } from '../../../config/paths';
import { MyAssets } from '../../../features/my-assets/components/my-assets';
import { addClientQuery, useRouteClientId } from '../../../lib/client-scope';
import { usePersona } from '../../../lib/persona';
import { ClientRequiredNotice } from './client-required-notice';
import { ViewedClientTitle } from './viewed-client-title';

/** meu-patrimonio (my_assets_client on): a client's net worth, or a planner's view of a client's with ?clientId=. */
export function MyAssetsRoute() {
  const { organization = '' } = useParams();
  const clientId = useRouteClientId();
  const persona = usePersona();
  if (!persona.data) return <PageLoader />;
  const viewedClientId = persona.data.view === 'client' ? null : clientId;
  if (persona.data.view !== 'client' && !viewedClientId) return <ClientRequiredNotice organization={organization} />;
  const cashRegisterHref = addClientQuery(paths.app.routes['meu-caixa'].getHref(organization), viewedClientId);
  return (
    <>
      {viewedClientId ? <ViewedClientTitle clientId={viewedClientId} screen="Patrimônio" /> : null}
      <MyAssets
        key={viewedClientId ?? 'self'}
        cashRegisterHref={cashRegisterHref}
        viewsClient={Boolean(viewedClientId)}
      />
    </>
  );
}
