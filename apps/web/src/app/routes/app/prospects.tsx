import { ProspectsPanel } from '../../../features/prospects/components/prospects-panel';

/** The planner's prospects (needs add_prospect): list, statements, diagnosis, links and invitation. */
export function ProspectsRoute() {
  return <ProspectsPanel />;
}
