import { useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { InsightsList } from '../../../features/insights/components/insights-list';
import { listEnabledToggles } from '../../../lib/organization';
import { usePersona } from '../../../lib/persona';
import { buildScreenOpener } from '../../app-screens';

/** insights: the client's insights, each opening the screen that shows its figures. */
export function InsightsRoute() {
  const { organization = '' } = useParams();
  const persona = usePersona();
  if (!persona.data) return <PageLoader />;
  const me = persona.data;
  const canOpen = buildScreenOpener(me.view, listEnabledToggles(me.organization, me.permissions), {
    viewsClient: false,
  });
  return <InsightsList organization={organization} canOpen={canOpen} />;
}
