CREATE TABLE "card_bills" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"client_user_id" integer NOT NULL,
	"origin_id" integer NOT NULL,
	"closing_date" date NOT NULL,
	"due_date" date NOT NULL,
	"corrected_amount_cents" bigint,
	"paid_on" date,
	"payment_transaction_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_bills_dates_check" CHECK (closing_date < due_date),
	CONSTRAINT "card_bills_corrected_amount_check" CHECK (corrected_amount_cents >= 0)
);
--> statement-breakpoint
ALTER TABLE "origins" ADD COLUMN "credit_limit_cents" bigint;--> statement-breakpoint
ALTER TABLE "card_bills" ADD CONSTRAINT "card_bills_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_bills" ADD CONSTRAINT "card_bills_client_user_id_users_id_fk" FOREIGN KEY ("client_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_bills" ADD CONSTRAINT "card_bills_origin_id_origins_id_fk" FOREIGN KEY ("origin_id") REFERENCES "public"."origins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_bills_origin_due_date_unique" ON "card_bills" USING btree ("origin_id","due_date");--> statement-breakpoint
CREATE INDEX "card_bills_client_index" ON "card_bills" USING btree ("client_user_id");