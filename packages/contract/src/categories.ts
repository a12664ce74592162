import type { CategoryKind as DomainCategoryKind } from '@prumo/domain/categorization/default-categories';
import { z } from 'zod';

/**
 * The organization's categories and descriptions (subcategories), shared by all its clients, the
 * category Prumo recommends for a line, and the banks a statement may come from.
 */
export const categoryKinds = [
  'expense',
  'income',
  'asset_transfer',
  'own_transfer',
] as const satisfies readonly DomainCategoryKind[];

/** What a category's money is: spent, earned, invested, or moved between the client's own accounts. */
export const CategoryKindSchema = z.enum(categoryKinds);
export type CategoryKind = z.infer<typeof CategoryKindSchema>;

export const CategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: CategoryKindSchema,
  is_expense: z.boolean(),
  /** Money between the client's own assets (investments, own transfers): neither spent nor earned. */
  is_asset_transfer: z.boolean(),
});
export type Category = z.infer<typeof CategorySchema>;

export const CategoryListSchema = z.array(CategorySchema);

/** A description (subcategory), with its category's id and name. */
export const DescriptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.number().int(),
  category_name: z.string(),
  is_expense: z.boolean(),
  is_asset_transfer: z.boolean(),
});
export type Description = z.infer<typeof DescriptionSchema>;

export const DescriptionListSchema = z.array(DescriptionSchema);

/** How Prumo found a recommendation: the client's own past lines, the organization's, or a keyword rule. */
export const recommendationSources = ['client_history', 'organization_history', 'rule'] as const;

/** The category and description Prumo recommends for a line; all null when it has none. */
export const RecommendedCategorySchema = z.object({
  category: z.number().int().nullable(),
  description: z.number().int().nullable(),
  source: z.enum(recommendationSources).nullable(),
});
export type RecommendedCategory = z.infer<typeof RecommendedCategorySchema>;

/**
 * A bank and how to download its statement: `steps` in order, `assets[i]` the image of `steps[i]`
 * (an address on Prumo; empty: none); `customized` when the organization wrote its own guide.
 */
export const BankSchema = z.object({
  code: z.string(),
  name: z.string(),
  steps: z.array(z.string()),
  assets: z.array(z.string()),
  customized: z.boolean(),
});
export type Bank = z.infer<typeof BankSchema>;

export const BankListSchema = z.array(BankSchema);

/** An uploaded step image's address, to put in a guide's step. */
export const GuideImageSchema = z.object({ image: z.string() });
export type GuideImage = z.infer<typeof GuideImageSchema>;
