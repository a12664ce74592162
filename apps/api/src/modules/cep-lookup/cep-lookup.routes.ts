import { CepAddressSchema } from '@prumo/contract/cep-lookup';
import { ErrorDetailSchema } from '@prumo/contract/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDependencies } from '../../dependencies';
import { anyone } from '../../plugins/access';
import { lookUpCep } from './cep-lookup.service';

/**
 * Lookups an address may make in the per-address window (15 minutes): a payment form needs one or
 * two, an office of planners behind one address some dozens; a script walking CEPs stops here.
 */
export const cepLookupsPerAddress = 60;

export function registerCepLookupRoutes(app: FastifyInstance, deps: AppDependencies): void {
  // Signed-in callers only (the payment form): open to visitors it would be anyone's free CEP service.
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/cep/:cep/',
    {
      config: { access: { roles: anyone }, perAddressLimit: cepLookupsPerAddress },
      schema: {
        tags: ['Endereços'],
        params: z.object({ cep: z.string().max(20) }),
        response: { 200: CepAddressSchema, 503: ErrorDetailSchema },
      },
    },
    async (request) => lookUpCep(deps, request.params.cep),
  );
}
