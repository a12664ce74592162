DROP INDEX "open_banking_sessions_client_provider_unique";--> statement-breakpoint
ALTER TABLE "open_banking_connections" ADD COLUMN "connector" text DEFAULT 'quanto' NOT NULL;--> statement-breakpoint
ALTER TABLE "open_banking_sessions" ADD COLUMN "connector" text DEFAULT 'quanto' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "open_banking_sessions_client_connector_unique" ON "open_banking_sessions" USING btree ("client_user_id","connector");