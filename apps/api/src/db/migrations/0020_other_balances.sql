CREATE TABLE "other_balance_values" (
	"id" serial PRIMARY KEY NOT NULL,
	"balance_id" integer NOT NULL,
	"organization_id" integer NOT NULL,
	"client_user_id" integer NOT NULL,
	"balance_cents" bigint NOT NULL,
	"date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "other_balance_values_balance_check" CHECK (balance_cents >= 0)
);
--> statement-breakpoint
CREATE TABLE "other_balances" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"client_user_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "other_balance_values" ADD CONSTRAINT "other_balance_values_balance_id_other_balances_id_fk" FOREIGN KEY ("balance_id") REFERENCES "public"."other_balances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "other_balance_values" ADD CONSTRAINT "other_balance_values_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "other_balance_values" ADD CONSTRAINT "other_balance_values_client_user_id_users_id_fk" FOREIGN KEY ("client_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "other_balances" ADD CONSTRAINT "other_balances_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "other_balances" ADD CONSTRAINT "other_balances_client_user_id_users_id_fk" FOREIGN KEY ("client_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "other_balance_values_balance_date_unique" ON "other_balance_values" USING btree ("balance_id","date");--> statement-breakpoint
CREATE INDEX "other_balance_values_client_index" ON "other_balance_values" USING btree ("client_user_id");--> statement-breakpoint
CREATE INDEX "other_balances_client_index" ON "other_balances" USING btree ("client_user_id");