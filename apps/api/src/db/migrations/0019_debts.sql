CREATE TABLE "debts" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"client_user_id" integer NOT NULL,
	"name" text NOT NULL,
	"balance_cents" bigint NOT NULL,
	"monthly_payment_cents" bigint NOT NULL,
	"installments_left" integer,
	"interest_rate_ten_thousandths" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "debts_balance_check" CHECK (balance_cents > 0),
	CONSTRAINT "debts_monthly_payment_check" CHECK (monthly_payment_cents > 0),
	CONSTRAINT "debts_installments_left_check" CHECK (installments_left between 1 and 600),
	CONSTRAINT "debts_interest_rate_check" CHECK (interest_rate_ten_thousandths between 0 and 1000000)
);
--> statement-breakpoint
ALTER TABLE "debts" ADD CONSTRAINT "debts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debts" ADD CONSTRAINT "debts_client_user_id_users_id_fk" FOREIGN KEY ("client_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "debts_client_index" ON "debts" USING btree ("client_user_id");