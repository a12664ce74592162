CREATE TYPE "public"."reminder_periodicity" AS ENUM('MONTHLY', 'YEARLY');--> statement-breakpoint
CREATE TYPE "public"."reminder_type" AS ENUM('USER', 'RECOMMENDER');--> statement-breakpoint
CREATE TABLE "bill_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"client_user_id" integer NOT NULL,
	"title" text NOT NULL,
	"content" text,
	"reminder_date" date NOT NULL,
	"periodicity" "reminder_periodicity" NOT NULL,
	"type" "reminder_type" DEFAULT 'USER' NOT NULL,
	"amount_cents" bigint,
	"user_reminder" boolean DEFAULT true NOT NULL,
	"cashflow_reminder" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bill_reminders_amount_check" CHECK (amount_cents > 0)
);
--> statement-breakpoint
ALTER TABLE "bill_reminders" ADD CONSTRAINT "bill_reminders_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_reminders" ADD CONSTRAINT "bill_reminders_client_user_id_users_id_fk" FOREIGN KEY ("client_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bill_reminders_client_index" ON "bill_reminders" USING btree ("client_user_id");