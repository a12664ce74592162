CREATE TYPE "public"."bank_account_type" AS ENUM('checking', 'savings');--> statement-breakpoint
CREATE TYPE "public"."bank_holder_type" AS ENUM('individual', 'company');--> statement-breakpoint
CREATE TYPE "public"."plan_type" AS ENUM('platform', 'service');--> statement-breakpoint
CREATE TABLE "bank_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"holder_name" text NOT NULL,
	"holder_type" "bank_holder_type" NOT NULL,
	"holder_document" varchar(14) NOT NULL,
	"bank" varchar(3) NOT NULL,
	"branch_number" varchar(4) NOT NULL,
	"branch_check_digit" varchar(1),
	"account_number" varchar(13) NOT NULL,
	"account_check_digit" varchar(2) NOT NULL,
	"type" "bank_account_type" NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "managing_partners" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"cpf" varchar(11) NOT NULL,
	"cnpj" varchar(14),
	"birthdate" date NOT NULL,
	"phone" varchar(11) NOT NULL,
	"street" text NOT NULL,
	"street_number" text NOT NULL,
	"complementary" text,
	"neighborhood" text NOT NULL,
	"city" text NOT NULL,
	"state" varchar(2) NOT NULL,
	"zipcode" varchar(8) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type" "plan_type" NOT NULL,
	"platform_amount_cents" bigint NOT NULL,
	"service_amount_cents" bigint DEFAULT 0 NOT NULL,
	"recurrent_amount_cents" bigint DEFAULT 0 NOT NULL,
	"service_months" smallint DEFAULT 0 NOT NULL,
	"hashed_id" varchar(32) NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"payday" smallint,
	"services" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plans_platform_amount_check" CHECK (platform_amount_cents >= 0),
	CONSTRAINT "plans_service_amount_check" CHECK (service_amount_cents >= 0),
	CONSTRAINT "plans_recurrent_amount_check" CHECK (recurrent_amount_cents >= 0),
	CONSTRAINT "plans_service_months_check" CHECK (service_months between 0 and 99),
	CONSTRAINT "plans_payday_check" CHECK (payday between 1 and 28)
);
--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "managing_partners" ADD CONSTRAINT "managing_partners_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_one_default" ON "bank_accounts" USING btree ("organization_id") WHERE is_default;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_account_unique" ON "bank_accounts" USING btree ("organization_id","bank","branch_number","account_number","account_check_digit");--> statement-breakpoint
CREATE UNIQUE INDEX "managing_partners_cpf_unique" ON "managing_partners" USING btree ("organization_id","cpf");--> statement-breakpoint
CREATE UNIQUE INDEX "plans_hashed_id_unique" ON "plans" USING btree ("hashed_id");--> statement-breakpoint
CREATE INDEX "plans_organization_index" ON "plans" USING btree ("organization_id");