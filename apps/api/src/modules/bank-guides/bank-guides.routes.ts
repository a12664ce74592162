import { BankListSchema, BankSchema, GuideImageSchema } from '@prumo/contract/categories';
import { BadRequestSchema } from '@prumo/contract/common';
import { BankGuideInputSchema } from '@prumo/domain/banks/statement-guides';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDependencies } from '../../dependencies';
import { anyone, managersOnly, readCaller } from '../../plugins/access';
import { sendDrawing } from '../../plugins/security-headers';
import {
  changeBankGuide,
  drawShippedIllustration,
  listBanksWithGuides,
  restoreShippedGuide,
  saveGuideImage,
} from './bank-guides.service';

const BankCodeParamsSchema = z.object({ code: z.string().regex(/^\d{3}$/, 'Banco não encontrado.') });

/**
 * The banks (GET bank/) with how to download each one's statement, the organization's own guides
 * (managers), and Prumo's step illustrations.
 */
export function registerBankGuideRoutes(app: FastifyInstance, deps: AppDependencies): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Bancos'];
  const managing = { access: { roles: managersOnly } };
  const refused = { 400: BadRequestSchema, 404: z.object({ detail: z.string() }) };

  api.get(
    '/api/bank/',
    { config: { access: { roles: anyone } }, schema: { tags, response: { 200: BankListSchema } } },
    async (request) => listBanksWithGuides(deps, readCaller(request)),
  );

  api.put(
    '/api/bank/:code/guide/',
    {
      config: managing,
      schema: {
        tags,
        params: BankCodeParamsSchema,
        body: BankGuideInputSchema,
        response: { 200: BankSchema, ...refused },
      },
    },
    async (request) => changeBankGuide(deps, readCaller(request), request.params.code, request.body),
  );

  api.delete(
    '/api/bank/:code/guide/',
    { config: managing, schema: { tags, params: BankCodeParamsSchema, response: { 200: BankSchema, ...refused } } },
    async (request) => restoreShippedGuide(deps, readCaller(request), request.params.code),
  );

  api.post(
    '/api/bank/guide-image/',
    { config: managing, schema: { tags, response: { 201: GuideImageSchema, 400: BadRequestSchema } } },
    async (request, reply) => reply.status(201).send(await saveGuideImage(deps, request)),
  );

  // An image, not an API call: public (an <img> sends no session) and out of the OpenAPI document.
  app.get<{ Params: { code: string; file: string } }>(
    '/api/bank/guides/:code/:file',
    { schema: { hide: true }, config: { access: { public: true } } },
    async (request, reply) => {
      const stepNumber = /^(\d{1,2})\.svg$/.exec(request.params.file)?.[1];
      const drawing = stepNumber ? drawShippedIllustration(request.params.code, Number(stepNumber)) : null;
      return sendDrawing(reply, drawing);
    },
  );
}
