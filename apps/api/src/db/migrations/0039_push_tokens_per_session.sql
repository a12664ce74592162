-- Devices registered before they were tied to a session: they register again at the next sign-in.
DELETE FROM "push_tokens";--> statement-breakpoint
ALTER TABLE "push_tokens" ADD COLUMN "auth_token_id" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "push_tokens" ADD CONSTRAINT "push_tokens_auth_token_id_auth_tokens_id_fk" FOREIGN KEY ("auth_token_id") REFERENCES "public"."auth_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_tokens_auth_token_index" ON "push_tokens" USING btree ("auth_token_id");