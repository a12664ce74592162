import { ErrorDetailSchema } from '@prumo/contract/common';
import { PaymentErrorLoggedSchema } from '@prumo/contract/payment-error-logs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDependencies } from '../../dependencies';
import { anyone, readCaller } from '../../plugins/access';
import { recordPaymentError } from './payment-error-logs.service';

/** A report is an error and the request behind it: anything bigger is not one (413). */
export const maximumPaymentErrorReportBytes = 10_240;
/** Reports an address may send in the per-address window: a few failed payments, not a flood. */
export const paymentErrorReportsPerAddress = 30;

const PaymentErrorReportSchema = z.object({
  type: z.string().trim().min(1).max(100),
  /** Whatever the web app caught: a message, the gateway's error body, … */
  error: z.unknown().optional(),
  /** What the web app sent when it failed. */
  request: z.unknown().optional(),
});

export function registerPaymentErrorLogRoutes(app: FastifyInstance, deps: AppDependencies): void {
  // Signed-in callers only: payments are made signed in, and a public write would be anyone's log.
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/core/log',
    {
      bodyLimit: maximumPaymentErrorReportBytes,
      config: { access: { roles: anyone }, perAddressLimit: paymentErrorReportsPerAddress },
      schema: {
        tags: ['Pagamentos'],
        body: PaymentErrorReportSchema,
        response: { 201: PaymentErrorLoggedSchema, 413: ErrorDetailSchema },
      },
    },
    async (request, reply) => {
      const report = await recordPaymentError(deps, readCaller(request), request.body);
      // Only the cleaned report is logged: the body as sent may hold a card.
      request.log.warn(
        { paymentError: { id: report.id, type: report.type, error: report.error } },
        'payment error reported',
      );
      return reply.status(201).send({ id: report.id });
    },
  );
}
