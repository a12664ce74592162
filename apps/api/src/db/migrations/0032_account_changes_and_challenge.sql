ALTER TYPE "public"."one_time_token_purpose" ADD VALUE 'email_change';--> statement-breakpoint
CREATE TABLE "spent_challenges" (
	"key_hash" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD COLUMN "new_email" text;--> statement-breakpoint
CREATE INDEX "spent_challenges_expires_index" ON "spent_challenges" USING btree ("expires_at");