import { IndicatorsPanel } from '../../../features/indicators/components/indicators-panel';

/** The manager's indicators (needs dashboard_indicators): the organization's and each planner's figures. */
export function IndicatorsRoute() {
  return <IndicatorsPanel />;
}
