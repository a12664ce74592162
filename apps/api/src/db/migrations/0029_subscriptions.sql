CREATE TABLE "gateway_customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"client_user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"gateway_account" text NOT NULL,
	"gateway_customer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"client_user_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"gateway_card_id" text NOT NULL,
	"brand" text NOT NULL,
	"last_four_digits" varchar(4) NOT NULL,
	"exp_month" smallint NOT NULL,
	"exp_year" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_cards_last_four_check" CHECK (last_four_digits ~ '^[0-9]{4}$')
);
--> statement-breakpoint
CREATE TABLE "subscription_charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"client_user_id" integer NOT NULL,
	"subscription_id" integer NOT NULL,
	"kind" text NOT NULL,
	"due_date" date NOT NULL,
	"attempt" smallint NOT NULL,
	"idempotency_key" text NOT NULL,
	"provider" text NOT NULL,
	"gateway_charge_id" text,
	"card_id" integer,
	"amount_cents" bigint NOT NULL,
	"status" text NOT NULL,
	"failure_message" text,
	"paid_at" timestamp with time zone,
	"refund_requested_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_charges_kind_check" CHECK (kind in ('first', 'renewal', 'reactivation')),
	CONSTRAINT "subscription_charges_status_check" CHECK (status in ('sending', 'processing', 'paid', 'failed', 'canceled')),
	CONSTRAINT "subscription_charges_amount_check" CHECK (amount_cents >= 0)
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"client_user_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"proposed_by_user_id" integer,
	"plan_type" "plan_type" NOT NULL,
	"platform_amount_cents" bigint NOT NULL,
	"service_amount_cents" bigint NOT NULL,
	"recurrent_amount_cents" bigint NOT NULL,
	"service_months" smallint NOT NULL,
	"status" text NOT NULL,
	"billing" text NOT NULL,
	"payday" smallint,
	"processing_charge_id" integer,
	"period_charge_id" integer,
	"last_payment_date" date,
	"next_payment_date" date,
	"failed_attempts" smallint DEFAULT 0 NOT NULL,
	"access_ends_on" date,
	"scheduled_due_date" date,
	"scheduled_attempt" smallint,
	"scheduled_on" date,
	"card_id" integer,
	"payment_started_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	CONSTRAINT "subscriptions_status_check" CHECK (status in ('pending', 'processing', 'active', 'past_due', 'suspended', 'canceled', 'rejected', 'failed')),
	CONSTRAINT "subscriptions_billing_check" CHECK (billing in ('free', 'card')),
	CONSTRAINT "subscriptions_amounts_check" CHECK (platform_amount_cents >= 0 and service_amount_cents >= 0 and recurrent_amount_cents >= 0)
);
--> statement-breakpoint
ALTER TABLE "gateway_customers" ADD CONSTRAINT "gateway_customers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_customers" ADD CONSTRAINT "gateway_customers_client_user_id_users_id_fk" FOREIGN KEY ("client_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_cards" ADD CONSTRAINT "saved_cards_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_cards" ADD CONSTRAINT "saved_cards_client_user_id_users_id_fk" FOREIGN KEY ("client_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_cards" ADD CONSTRAINT "saved_cards_customer_id_gateway_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."gateway_customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD CONSTRAINT "subscription_charges_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD CONSTRAINT "subscription_charges_client_user_id_users_id_fk" FOREIGN KEY ("client_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD CONSTRAINT "subscription_charges_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD CONSTRAINT "subscription_charges_card_id_saved_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."saved_cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_client_user_id_users_id_fk" FOREIGN KEY ("client_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_proposed_by_user_id_users_id_fk" FOREIGN KEY ("proposed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_card_id_saved_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."saved_cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_customers_client_account_unique" ON "gateway_customers" USING btree ("client_user_id","provider","gateway_account");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_cards_gateway_card_unique" ON "saved_cards" USING btree ("customer_id","gateway_card_id");--> statement-breakpoint
CREATE INDEX "saved_cards_client_index" ON "saved_cards" USING btree ("client_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_charges_idempotency_key_unique" ON "subscription_charges" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_charges_gateway_charge_unique" ON "subscription_charges" USING btree ("provider","gateway_charge_id") WHERE gateway_charge_id is not null;--> statement-breakpoint
CREATE INDEX "subscription_charges_subscription_index" ON "subscription_charges" USING btree ("subscription_id","created_at");--> statement-breakpoint
CREATE INDEX "subscription_charges_unfinished_index" ON "subscription_charges" USING btree ("updated_at") WHERE status in ('sending', 'processing') or (refund_requested_at is not null and refunded_at is null);--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_one_open_per_client" ON "subscriptions" USING btree ("client_user_id") WHERE ended_at is null;--> statement-breakpoint
CREATE INDEX "subscriptions_organization_index" ON "subscriptions" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "subscriptions_scheduled_index" ON "subscriptions" USING btree ("scheduled_on") WHERE scheduled_on is not null;