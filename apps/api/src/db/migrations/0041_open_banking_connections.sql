CREATE SCHEMA "open_finance_simulator";
--> statement-breakpoint
CREATE TYPE "public"."open_banking_connection_status" AS ENUM('awaiting_consent', 'active', 'expired', 'revoked', 'refused', 'failed');--> statement-breakpoint
CREATE TABLE "open_banking_connections" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"client_user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"participant_id" text NOT NULL,
	"institution_name" text NOT NULL,
	"logo_uri" text,
	"permissions" text[] NOT NULL,
	"consent_months" smallint NOT NULL,
	"status" "open_banking_connection_status" DEFAULT 'awaiting_consent' NOT NULL,
	"external_consent_id" text NOT NULL,
	"access_token_ciphertext" text,
	"state_hash" text,
	"state_auth_token_id" integer,
	"state_expires_at" timestamp with time zone,
	"started_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"connected_at" timestamp with time zone,
	"consent_expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"last_sync_at" timestamp with time zone,
	CONSTRAINT "open_banking_connections_months_check" CHECK (consent_months in (3, 6, 9, 12))
);
--> statement-breakpoint
CREATE TABLE "open_banking_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"client_user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"external_user_id" text NOT NULL,
	"platform" text NOT NULL,
	"os" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "open_finance_simulator"."consents" (
	"id" text PRIMARY KEY NOT NULL,
	"participant_id" text NOT NULL,
	"permissions" text[] NOT NULL,
	"months" smallint NOT NULL,
	"redirect_uri" text NOT NULL,
	"state" text NOT NULL,
	"status" text NOT NULL,
	"step" text NOT NULL,
	"code_sent_at" timestamp with time zone,
	"authorization_code_hash" text,
	"authorization_code_expires_at" timestamp with time zone,
	"access_token_hash" text,
	"customer" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "open_banking_connections" ADD CONSTRAINT "open_banking_connections_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_banking_connections" ADD CONSTRAINT "open_banking_connections_client_user_id_users_id_fk" FOREIGN KEY ("client_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_banking_connections" ADD CONSTRAINT "open_banking_connections_state_auth_token_id_auth_tokens_id_fk" FOREIGN KEY ("state_auth_token_id") REFERENCES "public"."auth_tokens"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_banking_connections" ADD CONSTRAINT "open_banking_connections_started_by_user_id_users_id_fk" FOREIGN KEY ("started_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_banking_sessions" ADD CONSTRAINT "open_banking_sessions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_banking_sessions" ADD CONSTRAINT "open_banking_sessions_client_user_id_users_id_fk" FOREIGN KEY ("client_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "open_banking_connections_client_index" ON "open_banking_connections" USING btree ("client_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "open_banking_connections_state_unique" ON "open_banking_connections" USING btree ("state_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "open_banking_sessions_client_provider_unique" ON "open_banking_sessions" USING btree ("client_user_id","provider");--> statement-breakpoint
CREATE UNIQUE INDEX "simulator_consents_code_unique" ON "open_finance_simulator"."consents" USING btree ("authorization_code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "simulator_consents_token_unique" ON "open_finance_simulator"."consents" USING btree ("access_token_hash");