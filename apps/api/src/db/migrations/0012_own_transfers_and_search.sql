-- Categories of a fourth kind: money between the client's own accounts and cards (a card bill paid
-- from the checking account), neither income, expense nor investment. The type is made again rather
-- than given a value with ALTER TYPE … ADD VALUE: migrations run in one transaction, and a value added
-- that way cannot be used before it commits.
ALTER TYPE "public"."category_kind" RENAME TO "category_kind_before_own_transfer";--> statement-breakpoint
CREATE TYPE "public"."category_kind" AS ENUM('expense', 'income', 'asset_transfer', 'own_transfer');--> statement-breakpoint
ALTER TABLE "categories" ALTER COLUMN "kind" SET DATA TYPE "public"."category_kind" USING "kind"::text::"public"."category_kind";--> statement-breakpoint
DROP TYPE "public"."category_kind_before_own_transfer";--> statement-breakpoint
-- Every organization's 'Transferências' (between accounts, card bill payments) was an asset transfer.
-- Its lines keep is_asset_transfer: they stay out of income and expense as before.
UPDATE "categories" SET "kind" = 'own_transfer' WHERE "name" = 'Transferências' AND "kind" = 'asset_transfer';--> statement-breakpoint
INSERT INTO "categories" ("organization_id", "name", "kind", "position")
  SELECT DISTINCT c."organization_id", 'Transferências', 'own_transfer'::"public"."category_kind", 17
  FROM "categories" c
  WHERE NOT EXISTS (SELECT 1 FROM "categories" o WHERE o."organization_id" = c."organization_id" AND o."kind" = 'own_transfer')
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "descriptions" ("organization_id", "category_id", "name", "position")
  SELECT c."organization_id", c."id", d."name", d."position"
  FROM "categories" c
  CROSS JOIN (VALUES ('Transferência entre contas', 0), ('Pagamento de fatura do cartão', 1)) AS d("name", "position")
  WHERE c."kind" = 'own_transfer' AND c."name" = 'Transferências'
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Text search that ignores accents and case, with no extension (an external server may not allow
-- CREATE EXTENSION unaccent): Portuguese (and other Latin-1) accented letters to their base letter,
-- then lower case. The same folding is foldForSearch in packages/domain.
CREATE OR REPLACE FUNCTION "public"."fold_for_search"("value" text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT lower(translate("value", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿ', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyy')) $$;
