CREATE TABLE "open_banking_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"client_user_id" integer NOT NULL,
	"connection_id" integer NOT NULL,
	"external_account_id" text NOT NULL,
	"origin_id" integer NOT NULL,
	"name" text NOT NULL,
	"balance_cents" bigint,
	"synced_through" date,
	"last_synced_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "open_banking_pending_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"client_user_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"external_id" text NOT NULL,
	"date" date NOT NULL,
	"amount_cents" bigint NOT NULL,
	"description" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "open_banking_connections" ADD COLUMN "sync_status" text DEFAULT 'idle' NOT NULL;--> statement-breakpoint
ALTER TABLE "open_banking_connections" ADD COLUMN "sync_error" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "paired_identity_key" bigint;--> statement-breakpoint
ALTER TABLE "open_banking_accounts" ADD CONSTRAINT "open_banking_accounts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_banking_accounts" ADD CONSTRAINT "open_banking_accounts_client_user_id_users_id_fk" FOREIGN KEY ("client_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_banking_accounts" ADD CONSTRAINT "open_banking_accounts_connection_id_open_banking_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."open_banking_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_banking_accounts" ADD CONSTRAINT "open_banking_accounts_origin_id_origins_id_fk" FOREIGN KEY ("origin_id") REFERENCES "public"."origins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_banking_pending_lines" ADD CONSTRAINT "open_banking_pending_lines_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_banking_pending_lines" ADD CONSTRAINT "open_banking_pending_lines_client_user_id_users_id_fk" FOREIGN KEY ("client_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_banking_pending_lines" ADD CONSTRAINT "open_banking_pending_lines_account_id_open_banking_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."open_banking_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "open_banking_accounts_external_unique" ON "open_banking_accounts" USING btree ("connection_id","external_account_id");--> statement-breakpoint
CREATE INDEX "open_banking_accounts_origin_index" ON "open_banking_accounts" USING btree ("origin_id");--> statement-breakpoint
CREATE INDEX "open_banking_pending_lines_account_index" ON "open_banking_pending_lines" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_origin_paired_identity_unique" ON "transactions" USING btree ("origin_id","paired_identity_key") WHERE paired_identity_key is not null;--> statement-breakpoint
ALTER TABLE "open_banking_connections" ADD CONSTRAINT "open_banking_connections_sync_status_check" CHECK (sync_status in ('idle', 'waiting', 'running', 'failed'));