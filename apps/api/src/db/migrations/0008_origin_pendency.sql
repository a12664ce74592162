-- A pendency belongs to the account, not to each file that lists it (ADR 4): an account completed
-- through any file is complete, and every file that only waited for it reads as plainly done.
ALTER TABLE "origins" ADD COLUMN "pendency_completed_at" timestamp with time zone;--> statement-breakpoint
UPDATE "origins" SET "pendency_completed_at" = "completed"."at"
	FROM (SELECT "origin_id", max("completed_at") AS "at" FROM "statement_file_origins"
		WHERE "completed_at" IS NOT NULL GROUP BY "origin_id") AS "completed"
	WHERE "origins"."id" = "completed"."origin_id";--> statement-breakpoint
UPDATE "statement_files" SET "read_status" = 'Leitura concluída'
	WHERE "read_status" = 'Leitura concluída com pendências'
	AND NOT EXISTS (SELECT 1 FROM "statement_file_origins"
		JOIN "origins" ON "origins"."id" = "statement_file_origins"."origin_id"
		WHERE "statement_file_origins"."file_id" = "statement_files"."id"
		AND "statement_file_origins"."new_account" AND "origins"."pendency_completed_at" IS NULL);--> statement-breakpoint
ALTER TABLE "statement_file_origins" DROP COLUMN "completed_at";
