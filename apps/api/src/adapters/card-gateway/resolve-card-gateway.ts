import type { CardGateway } from './card-gateway';
import { decryptSecretKey, findOrCreateGatewaySettings } from './gateway-settings';
import { createPagarmeCardGateway } from './pagarme-card-gateway';
import type { SandboxDependencies } from './sandbox/index';
import { createSandboxCardGateway } from './sandbox-card-gateway';

/**
 * What resolving a gateway needs: the database, the configuration, and the job queue (the sandbox
 * settles charges and sends webhooks through it). From a route: `{ ...deps, jobs: app.jobs }`; from
 * a job: `{ ...context.deps, jobs: context.jobs }`.
 */
export type CardGatewayDependencies = SandboxDependencies;

/** The organization's card gateway, with its keys: the sandbox (made on first use) or Pagar.me. */
export async function resolveCardGateway(deps: CardGatewayDependencies, organizationId: number): Promise<CardGateway> {
  const settings = await findOrCreateGatewaySettings(deps, organizationId);
  const secretKey = await decryptSecretKey(deps.config, settings);
  if (settings.provider === 'pagarme') {
    return createPagarmeCardGateway({ baseUrl: deps.config.pagarmeApiUrl, secretKey });
  }
  return createSandboxCardGateway(deps, secretKey);
}
