import { describeLengthLimit, validationMessages } from '@prumo/domain/account/messages';
import { brazilianBanks } from '@prumo/domain/banks/brazilian-banks';
import { isMovedBetweenOwnAssets } from '@prumo/domain/categorization/default-categories';
import { normalizeMerchantName } from '@prumo/domain/categorization/merchant-name';
import { DatabaseIdTextSchema } from '@prumo/domain/records/database-id';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDependencies } from '../../dependencies';
import { resolveClientScopeOfRequest } from '../../plugins/access';
import { requireCaller } from '../../plugins/authentication';
import { findCategories, findDescriptions } from './categories.repo';
import { suggestCategories } from './categorizer';

const CategoryViewSchema = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(['expense', 'income', 'asset_transfer', 'own_transfer']),
  is_expense: z.boolean(),
  is_asset_transfer: z.boolean(),
});

const DescriptionViewSchema = z.object({
  id: z.number(),
  name: z.string(),
  category: z.number(),
  category_name: z.string(),
  is_expense: z.boolean(),
  is_asset_transfer: z.boolean(),
});

const booleanText = z.enum(['true', 'false', 'True', 'False']).transform((value) => value.toLowerCase() === 'true');

export function registerCategoryRoutes(app: FastifyInstance, deps: AppDependencies): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Categorias'];

  api.get(
    '/api/bank/',
    { schema: { tags, response: { 200: z.array(z.object({ code: z.string(), name: z.string() })) } } },
    async (request) => {
      requireCaller(request);
      return brazilianBanks.map((bank) => ({ code: bank.code, name: bank.name }));
    },
  );

  api.get('/api/category/', { schema: { tags, response: { 200: z.array(CategoryViewSchema) } } }, async (request) => {
    const caller = requireCaller(request);
    const rows = await findCategories(deps.db, caller.organizationId);
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      kind: row.kind,
      is_expense: row.kind === 'expense',
      is_asset_transfer: isMovedBetweenOwnAssets(row.kind),
    }));
  });

  api.get(
    '/api/description/',
    {
      schema: {
        tags,
        querystring: z.object({
          tags: z.string().trim().max(100).optional(),
          is_expense: booleanText.optional(),
          category: DatabaseIdTextSchema.optional(),
        }),
        response: { 200: z.array(DescriptionViewSchema) },
      },
    },
    async (request) => {
      const caller = requireCaller(request);
      const { tags: search, is_expense: isExpense, category } = request.query;
      const rows = await findDescriptions(deps.db, caller.organizationId, {
        search,
        categoryId: category,
        kinds:
          isExpense === undefined ? undefined : isExpense ? ['expense'] : ['income', 'asset_transfer', 'own_transfer'],
      });
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        category: row.categoryId,
        category_name: row.categoryName,
        is_expense: row.kind === 'expense',
        is_asset_transfer: isMovedBetweenOwnAssets(row.kind),
      }));
    },
  );

  api.get(
    '/api/category/recommended/',
    {
      schema: {
        tags,
        querystring: z.object({
          description: z
            .string({ error: validationMessages.required })
            .trim()
            .min(1, validationMessages.required)
            .max(500, describeLengthLimit(500)),
          amount: z.coerce.number().int().optional(),
          clientId: DatabaseIdTextSchema.optional(),
          client: DatabaseIdTextSchema.optional(),
        }),
        response: {
          200: z.object({
            category: z.number().nullable(),
            description: z.number().nullable(),
            source: z.enum(['client_history', 'organization_history', 'rule']).nullable(),
          }),
        },
      },
    },
    async (request) => {
      const scope = await resolveClientScopeOfRequest(deps.db, request);
      const { description, amount = -1 } = request.query;
      const [suggestion] = await suggestCategories(deps.db, scope, [
        { merchantKey: normalizeMerchantName(description), name: description, amountCents: amount },
      ]);
      return {
        category: suggestion?.categoryId ?? null,
        description: suggestion?.descriptionId ?? null,
        source: suggestion?.by ?? null,
      };
    },
  );
}
