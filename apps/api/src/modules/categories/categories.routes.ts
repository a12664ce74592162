import { CategoryListSchema, DescriptionListSchema, RecommendedCategorySchema } from '@prumo/contract/categories';
import { describeLengthLimit, validationMessages } from '@prumo/domain/account/messages';
import { isMovedBetweenOwnAssets } from '@prumo/domain/categorization/default-categories';
import { normalizeMerchantName } from '@prumo/domain/categorization/merchant-name';
import { DatabaseIdTextSchema } from '@prumo/domain/records/database-id';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDependencies } from '../../dependencies';
import { anyone, type RouteAccess, readCaller, readClientScope } from '../../plugins/access';
import { findCategories, findDescriptions } from './categories.repo';
import { suggestCategories } from './categorizer';

const booleanText = z.enum(['true', 'false', 'True', 'False']).transform((value) => value.toLowerCase() === 'true');

export function registerCategoryRoutes(app: FastifyInstance, deps: AppDependencies): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Categorias'];
  // The organization's categories and descriptions are shared by everyone signed in to it.
  const everyoneSignedIn: RouteAccess = { roles: anyone };

  api.get(
    '/api/category/',
    { config: { access: everyoneSignedIn }, schema: { tags, response: { 200: CategoryListSchema } } },
    async (request) => {
      const caller = readCaller(request);
      const rows = await findCategories(deps.db, caller.organizationId);
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        kind: row.kind,
        is_expense: row.kind === 'expense',
        is_asset_transfer: isMovedBetweenOwnAssets(row.kind),
      }));
    },
  );

  api.get(
    '/api/description/',
    {
      config: { access: everyoneSignedIn },
      schema: {
        tags,
        querystring: z.object({
          tags: z.string().trim().max(100).optional(),
          is_expense: booleanText.optional(),
          category: DatabaseIdTextSchema.optional(),
        }),
        response: { 200: DescriptionListSchema },
      },
    },
    async (request) => {
      const caller = readCaller(request);
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
      config: { access: { roles: anyone, client: 'read' } },
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
        response: { 200: RecommendedCategorySchema },
      },
    },
    async (request) => {
      const scope = readClientScope(request);
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
