CREATE TABLE "insight_settings" (
	"client_user_id" integer PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"low_balance_threshold_cents" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insights" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"client_user_id" integer NOT NULL,
	"rule" text NOT NULL,
	"window_key" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" jsonb NOT NULL,
	"evidence" jsonb NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "insight_settings" ADD CONSTRAINT "insight_settings_client_user_id_users_id_fk" FOREIGN KEY ("client_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_settings" ADD CONSTRAINT "insight_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insights" ADD CONSTRAINT "insights_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insights" ADD CONSTRAINT "insights_client_user_id_users_id_fk" FOREIGN KEY ("client_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "insights_client_rule_window_unique" ON "insights" USING btree ("client_user_id","rule","window_key");--> statement-breakpoint
CREATE INDEX "insights_client_created_index" ON "insights" USING btree ("client_user_id","created_at");