CREATE TYPE "public"."investment_kind" AS ENUM('private-pension', 'investment-funds', 'fixed-income', 'stocks', 'coe', 'pension');--> statement-breakpoint
CREATE TABLE "investment_values" (
	"id" serial PRIMARY KEY NOT NULL,
	"investment_id" integer NOT NULL,
	"date" date NOT NULL,
	"balance_cents" bigint NOT NULL,
	"gross_balance_cents" bigint,
	CONSTRAINT "investment_values_investment_date_unique" UNIQUE("investment_id","date")
);
--> statement-breakpoint
CREATE TABLE "investments" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"client_user_id" integer NOT NULL,
	"kind" "investment_kind" NOT NULL,
	"name" text NOT NULL,
	"balance_cents" bigint NOT NULL,
	"gross_balance_cents" bigint,
	"monthly_contribution_cents" bigint,
	"salary_cents" bigint,
	"cnpj" varchar(14),
	"cnpb" varchar(20),
	"susep_process" varchar(25),
	"funds" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "investments_balance_check" CHECK (balance_cents >= 0),
	CONSTRAINT "investments_gross_balance_check" CHECK (gross_balance_cents >= 0),
	CONSTRAINT "investments_monthly_contribution_check" CHECK (monthly_contribution_cents >= 0),
	CONSTRAINT "investments_salary_check" CHECK (salary_cents >= 0)
);
--> statement-breakpoint
ALTER TABLE "investment_values" ADD CONSTRAINT "investment_values_investment_id_investments_id_fk" FOREIGN KEY ("investment_id") REFERENCES "public"."investments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_client_user_id_users_id_fk" FOREIGN KEY ("client_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "investments_client_index" ON "investments" USING btree ("client_user_id");