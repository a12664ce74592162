CREATE TYPE "public"."categorized_by" AS ENUM('person', 'client_history', 'organization_history', 'rule');--> statement-breakpoint
CREATE TYPE "public"."category_kind" AS ENUM('expense', 'income', 'asset_transfer');--> statement-breakpoint
CREATE TYPE "public"."origin_kind" AS ENUM('bank_account', 'credit_card', 'manual');--> statement-breakpoint
CREATE TYPE "public"."task_status" AS ENUM('pending', 'rejected', 'done');--> statement-breakpoint
CREATE TYPE "public"."task_type" AS ENUM('import', 'budget-planning', 'categorizing', 'notification');--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" "category_kind" NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "descriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_bundles" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"client_user_id" integer NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "origins" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"client_user_id" integer NOT NULL,
	"kind" "origin_kind" NOT NULL,
	"bank_code" text DEFAULT '' NOT NULL,
	"branch" text DEFAULT '' NOT NULL,
	"account_number" text DEFAULT '' NOT NULL,
	"nickname" text,
	"ignored" boolean DEFAULT false NOT NULL,
	"balance_cents" bigint,
	"balance_date" date,
	"due_day" smallint,
	"closing_day" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "origins_owner_unique" UNIQUE("id","organization_id","client_user_id")
);
--> statement-breakpoint
CREATE TABLE "statement_file_origins" (
	"file_id" integer NOT NULL,
	"origin_id" integer NOT NULL,
	"new_account" boolean NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "statement_file_origins_file_id_origin_id_pk" PRIMARY KEY("file_id","origin_id")
);
--> statement-breakpoint
CREATE TABLE "statement_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"client_user_id" integer NOT NULL,
	"bundle_id" integer NOT NULL,
	"name" text NOT NULL,
	"format" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"stored_path" text,
	"read_status" text NOT NULL,
	"transactions_read" integer DEFAULT 0 NOT NULL,
	"transactions_added" integer DEFAULT 0 NOT NULL,
	"skipped_rows" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"client_user_id" integer NOT NULL,
	"created_by_user_id" integer,
	"type" "task_type" NOT NULL,
	"status" "task_status" DEFAULT 'pending' NOT NULL,
	"title" text NOT NULL,
	"start" date,
	"end" date,
	"bundle_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"client_user_id" integer NOT NULL,
	"origin_id" integer NOT NULL,
	"file_id" integer,
	"date" date NOT NULL,
	"cash_date" date NOT NULL,
	"amount_cents" bigint NOT NULL,
	"name" text NOT NULL,
	"merchant_key" text NOT NULL,
	"category_id" integer,
	"description_id" integer,
	"categorized_by" "categorized_by",
	"categorized_at" timestamp with time zone,
	"is_fixed" boolean DEFAULT false NOT NULL,
	"ignored" boolean DEFAULT false NOT NULL,
	"is_asset_transfer" boolean DEFAULT false NOT NULL,
	"created_from" text NOT NULL,
	"identity_key" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "descriptions" ADD CONSTRAINT "descriptions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "descriptions" ADD CONSTRAINT "descriptions_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_bundles" ADD CONSTRAINT "import_bundles_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_bundles" ADD CONSTRAINT "import_bundles_client_user_id_users_id_fk" FOREIGN KEY ("client_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_bundles" ADD CONSTRAINT "import_bundles_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "origins" ADD CONSTRAINT "origins_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "origins" ADD CONSTRAINT "origins_client_user_id_users_id_fk" FOREIGN KEY ("client_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_file_origins" ADD CONSTRAINT "statement_file_origins_file_id_statement_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."statement_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_file_origins" ADD CONSTRAINT "statement_file_origins_origin_id_origins_id_fk" FOREIGN KEY ("origin_id") REFERENCES "public"."origins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_files" ADD CONSTRAINT "statement_files_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_files" ADD CONSTRAINT "statement_files_client_user_id_users_id_fk" FOREIGN KEY ("client_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_files" ADD CONSTRAINT "statement_files_bundle_id_import_bundles_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."import_bundles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_client_user_id_users_id_fk" FOREIGN KEY ("client_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_bundle_id_import_bundles_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."import_bundles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_origin_fk" FOREIGN KEY ("origin_id","organization_id","client_user_id") REFERENCES "public"."origins"("id","organization_id","client_user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_organization_name_unique" ON "categories" USING btree ("organization_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "descriptions_category_name_unique" ON "descriptions" USING btree ("category_id","name");--> statement-breakpoint
CREATE INDEX "import_bundles_client_index" ON "import_bundles" USING btree ("client_user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "origins_identity_unique" ON "origins" USING btree ("client_user_id","kind","bank_code","branch","account_number");--> statement-breakpoint
CREATE INDEX "statement_files_client_index" ON "statement_files" USING btree ("client_user_id","created_at");--> statement-breakpoint
CREATE INDEX "tasks_client_index" ON "tasks" USING btree ("client_user_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_origin_identity_unique" ON "transactions" USING btree ("origin_id","identity_key");--> statement-breakpoint
CREATE INDEX "transactions_client_cash_date_index" ON "transactions" USING btree ("client_user_id","cash_date" DESC NULLS FIRST,"id" DESC NULLS FIRST,"organization_id","ignored","origin_id");--> statement-breakpoint
CREATE INDEX "transactions_learned_merchant_index" ON "transactions" USING btree ("organization_id","merchant_key") WHERE categorized_by = 'person';