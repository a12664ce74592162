ALTER TABLE "investments" ADD COLUMN "source_key" text;--> statement-breakpoint
ALTER TABLE "open_banking_connections" ADD COLUMN "sync_started_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "investments_client_source_unique" ON "investments" USING btree ("client_user_id","source_key") WHERE source_key is not null;