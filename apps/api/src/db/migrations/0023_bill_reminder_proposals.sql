CREATE TYPE "public"."reminder_status" AS ENUM('ACTIVE', 'PROPOSED');--> statement-breakpoint
CREATE TABLE "bill_reminder_notices" (
	"reminder_id" integer NOT NULL,
	"occurrence_date" date NOT NULL,
	"channel" "notification_channel" NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bill_reminder_notices_reminder_id_occurrence_date_channel_pk" PRIMARY KEY("reminder_id","occurrence_date","channel")
);
--> statement-breakpoint
CREATE TABLE "dismissed_bill_merchants" (
	"organization_id" integer NOT NULL,
	"client_user_id" integer NOT NULL,
	"merchant_key" text NOT NULL,
	"dismissed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dismissed_bill_merchants_client_user_id_merchant_key_pk" PRIMARY KEY("client_user_id","merchant_key")
);
--> statement-breakpoint
ALTER TABLE "bill_reminders" ADD COLUMN "status" "reminder_status" DEFAULT 'ACTIVE' NOT NULL;--> statement-breakpoint
ALTER TABLE "bill_reminders" ADD COLUMN "merchant_key" text;--> statement-breakpoint
ALTER TABLE "bill_reminder_notices" ADD CONSTRAINT "bill_reminder_notices_reminder_id_bill_reminders_id_fk" FOREIGN KEY ("reminder_id") REFERENCES "public"."bill_reminders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dismissed_bill_merchants" ADD CONSTRAINT "dismissed_bill_merchants_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dismissed_bill_merchants" ADD CONSTRAINT "dismissed_bill_merchants_client_user_id_users_id_fk" FOREIGN KEY ("client_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bill_reminders_client_merchant_unique" ON "bill_reminders" USING btree ("client_user_id","merchant_key") WHERE merchant_key is not null;--> statement-breakpoint
ALTER TABLE "bill_reminders" ADD CONSTRAINT "bill_reminders_proposed_check" CHECK (status = 'ACTIVE' or (type = 'RECOMMENDER' and merchant_key is not null));