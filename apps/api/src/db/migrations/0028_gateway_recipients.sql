CREATE TABLE "gateway_sandbox"."recipients" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"code" text,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"document" text NOT NULL,
	"type" text NOT NULL,
	"default_bank_account" jsonb NOT NULL,
	"register_information" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_gateway_settings" ADD COLUMN "recipient_id" text;--> statement-breakpoint
ALTER TABLE "payment_gateway_settings" ADD COLUMN "recipient_synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gateway_sandbox"."recipients" ADD CONSTRAINT "recipients_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "gateway_sandbox"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_recipients_account_index" ON "gateway_sandbox"."recipients" USING btree ("account_id");