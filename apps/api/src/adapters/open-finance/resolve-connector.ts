import type { Database } from '../../db/database';
import type { OpenFinanceConnector } from './open-finance-connector';
import { createSimulatedConnector } from './simulated-connector';

/**
 * The organization's Open Finance connector. The simulated institution until an organization
 * configures an aggregator's keys (ADR 44).
 */
export function resolveOpenFinanceConnector(deps: {
  db: Database;
  config: { publicUrl: string };
}): OpenFinanceConnector {
  return createSimulatedConnector({ db: deps.db, publicUrl: deps.config.publicUrl });
}
