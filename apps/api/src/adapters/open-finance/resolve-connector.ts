import type { IntegrationConnector } from '@prumo/domain/open-banking/consent';
import type { Database } from '../../db/database';
import type { OpenFinanceConnector } from './open-finance-connector';
import { createSimulatedConnector } from './simulated-connector';

/**
 * The connector configured under an integration's name ('quanto' for Open Finance, 'bs2'): the
 * simulated institution until an organization configures an aggregator's keys (ADR 44).
 */
export function resolveOpenFinanceConnector(
  deps: { db: Database; config: { publicUrl: string } },
  integration: IntegrationConnector,
): OpenFinanceConnector {
  return createSimulatedConnector({ db: deps.db, publicUrl: deps.config.publicUrl, integration });
}
