CREATE TYPE "public"."prospect_stage" AS ENUM('novo', 'diagnostico', 'proposta', 'convertido', 'perdido');--> statement-breakpoint
CREATE TABLE "prospect_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"prospect_id" integer NOT NULL,
	"kind" "origin_kind" NOT NULL,
	"bank_code" text DEFAULT '' NOT NULL,
	"branch" text DEFAULT '' NOT NULL,
	"account_number" text DEFAULT '' NOT NULL,
	"balance_cents" bigint,
	"balance_date" date
);
--> statement-breakpoint
CREATE TABLE "prospect_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"prospect_id" integer NOT NULL,
	"name" text NOT NULL,
	"format" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"read_status" text NOT NULL,
	"read_warning" text,
	"transactions_read" integer DEFAULT 0 NOT NULL,
	"transactions_added" integer DEFAULT 0 NOT NULL,
	"skipped_rows" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"uploaded_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prospect_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"prospect_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	"date" date NOT NULL,
	"amount_cents" bigint NOT NULL,
	"name" text NOT NULL,
	"merchant_key" text NOT NULL,
	"category_id" integer,
	"description_id" integer,
	"categorized_by" "categorized_by",
	"is_asset_transfer" boolean DEFAULT false NOT NULL,
	"identity_key" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prospect_upload_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"prospect_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prospects" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"planner_user_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"stage" "prospect_stage" DEFAULT 'novo' NOT NULL,
	"invitation_id" integer,
	"invited_at" timestamp with time zone,
	"client_user_id" integer,
	"converted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "prospect_accounts" ADD CONSTRAINT "prospect_accounts_prospect_id_prospects_id_fk" FOREIGN KEY ("prospect_id") REFERENCES "public"."prospects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospect_files" ADD CONSTRAINT "prospect_files_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospect_files" ADD CONSTRAINT "prospect_files_prospect_id_prospects_id_fk" FOREIGN KEY ("prospect_id") REFERENCES "public"."prospects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospect_lines" ADD CONSTRAINT "prospect_lines_prospect_id_prospects_id_fk" FOREIGN KEY ("prospect_id") REFERENCES "public"."prospects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospect_lines" ADD CONSTRAINT "prospect_lines_account_id_prospect_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."prospect_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospect_lines" ADD CONSTRAINT "prospect_lines_file_id_prospect_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."prospect_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospect_lines" ADD CONSTRAINT "prospect_lines_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospect_lines" ADD CONSTRAINT "prospect_lines_description_id_descriptions_id_fk" FOREIGN KEY ("description_id") REFERENCES "public"."descriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospect_upload_links" ADD CONSTRAINT "prospect_upload_links_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospect_upload_links" ADD CONSTRAINT "prospect_upload_links_prospect_id_prospects_id_fk" FOREIGN KEY ("prospect_id") REFERENCES "public"."prospects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospects" ADD CONSTRAINT "prospects_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospects" ADD CONSTRAINT "prospects_planner_user_id_users_id_fk" FOREIGN KEY ("planner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospects" ADD CONSTRAINT "prospects_invitation_id_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."invitations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prospects" ADD CONSTRAINT "prospects_client_user_id_users_id_fk" FOREIGN KEY ("client_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "prospect_accounts_identity_unique" ON "prospect_accounts" USING btree ("prospect_id","kind","bank_code","branch","account_number");--> statement-breakpoint
CREATE INDEX "prospect_files_prospect_index" ON "prospect_files" USING btree ("prospect_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "prospect_lines_account_identity_unique" ON "prospect_lines" USING btree ("account_id","identity_key");--> statement-breakpoint
CREATE INDEX "prospect_lines_prospect_index" ON "prospect_lines" USING btree ("prospect_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "prospect_upload_links_token_unique" ON "prospect_upload_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "prospects_organization_planner_index" ON "prospects" USING btree ("organization_id","planner_user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "prospects_invitation_unique" ON "prospects" USING btree ("invitation_id");