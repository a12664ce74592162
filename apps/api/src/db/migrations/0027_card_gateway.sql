CREATE SCHEMA "gateway_sandbox";
--> statement-breakpoint
CREATE TYPE "gateway_sandbox"."card_outcome" AS ENUM('paid', 'not_authorized', 'processing_then_paid', 'processing_then_failed');--> statement-breakpoint
CREATE TABLE "gateway_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"account_id" text,
	"data" jsonb NOT NULL,
	"occurred_at" timestamp with time zone,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_gateway_settings" (
	"organization_id" integer PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"public_key" text NOT NULL,
	"secret_key_ciphertext" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_gateway_settings_provider_check" CHECK ("payment_gateway_settings"."provider" in ('sandbox', 'pagarme'))
);
--> statement-breakpoint
CREATE TABLE "gateway_sandbox"."accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"public_key" text NOT NULL,
	"secret_key_hash" text NOT NULL,
	"webhook_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_public_key_unique" UNIQUE("public_key"),
	CONSTRAINT "accounts_secret_key_hash_unique" UNIQUE("secret_key_hash")
);
--> statement-breakpoint
CREATE TABLE "gateway_sandbox"."cards" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"first_six_digits" text NOT NULL,
	"last_four_digits" text NOT NULL,
	"brand" text NOT NULL,
	"holder_name" text NOT NULL,
	"exp_month" smallint NOT NULL,
	"exp_year" smallint NOT NULL,
	"outcome" "gateway_sandbox"."card_outcome" NOT NULL,
	"cvv_refused" boolean NOT NULL,
	"customer_id" text NOT NULL,
	"billing_address" jsonb,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "gateway_sandbox"."charges" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"account_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"card_id" text NOT NULL,
	"code" text,
	"amount" integer NOT NULL,
	"status" text NOT NULL,
	"settles_to" text,
	"transaction_id" text NOT NULL,
	"transaction_status" text NOT NULL,
	"acquirer_message" text NOT NULL,
	"acquirer_return_code" text NOT NULL,
	"paid_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gateway_sandbox"."customers" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"code" text,
	"name" text NOT NULL,
	"email" text,
	"document" text,
	"document_type" text,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gateway_sandbox"."idempotency_keys" (
	"account_id" text NOT NULL,
	"key" text NOT NULL,
	"order_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_account_id_key_pk" PRIMARY KEY("account_id","key")
);
--> statement-breakpoint
CREATE TABLE "gateway_sandbox"."orders" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"code" text,
	"items" jsonb NOT NULL,
	"metadata" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gateway_sandbox"."signing_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"private_key_ciphertext" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gateway_sandbox"."tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"first_six_digits" text NOT NULL,
	"last_four_digits" text NOT NULL,
	"brand" text NOT NULL,
	"holder_name" text NOT NULL,
	"exp_month" smallint NOT NULL,
	"exp_year" smallint NOT NULL,
	"outcome" "gateway_sandbox"."card_outcome" NOT NULL,
	"cvv_refused" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "gateway_sandbox"."webhook_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"type" text NOT NULL,
	"body" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_response_status" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "payment_gateway_settings" ADD CONSTRAINT "payment_gateway_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_sandbox"."cards" ADD CONSTRAINT "cards_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "gateway_sandbox"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_sandbox"."cards" ADD CONSTRAINT "cards_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "gateway_sandbox"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_sandbox"."charges" ADD CONSTRAINT "charges_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "gateway_sandbox"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_sandbox"."charges" ADD CONSTRAINT "charges_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "gateway_sandbox"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_sandbox"."charges" ADD CONSTRAINT "charges_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "gateway_sandbox"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_sandbox"."charges" ADD CONSTRAINT "charges_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "gateway_sandbox"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_sandbox"."customers" ADD CONSTRAINT "customers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "gateway_sandbox"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_sandbox"."idempotency_keys" ADD CONSTRAINT "idempotency_keys_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "gateway_sandbox"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_sandbox"."idempotency_keys" ADD CONSTRAINT "idempotency_keys_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "gateway_sandbox"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_sandbox"."orders" ADD CONSTRAINT "orders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "gateway_sandbox"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_sandbox"."orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "gateway_sandbox"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_sandbox"."tokens" ADD CONSTRAINT "tokens_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "gateway_sandbox"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_sandbox"."webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "gateway_sandbox"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_events_provider_event_unique" ON "gateway_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE INDEX "sandbox_cards_customer_index" ON "gateway_sandbox"."cards" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "sandbox_charges_order_index" ON "gateway_sandbox"."charges" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "sandbox_customers_account_index" ON "gateway_sandbox"."customers" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "sandbox_orders_account_index" ON "gateway_sandbox"."orders" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "sandbox_tokens_expires_index" ON "gateway_sandbox"."tokens" USING btree ("expires_at");