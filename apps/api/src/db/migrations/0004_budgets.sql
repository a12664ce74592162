CREATE TABLE "budget_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"budget_id" integer NOT NULL,
	"organization_id" integer NOT NULL,
	"client_user_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"description_id" integer,
	"amount_cents" bigint NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "budget_items_line_unique" UNIQUE NULLS NOT DISTINCT("budget_id","category_id","description_id"),
	CONSTRAINT "budget_items_amount_check" CHECK (amount_cents > 0)
);
--> statement-breakpoint
CREATE TABLE "budgets" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"client_user_id" integer NOT NULL,
	"target_month" date,
	"is_ideal" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "budgets_owner_unique" UNIQUE("id","organization_id","client_user_id"),
	CONSTRAINT "budgets_month_check" CHECK ((is_ideal and target_month is null) or (not is_ideal and target_month is not null and extract(day from target_month) = 1))
);
--> statement-breakpoint
ALTER TABLE "budget_items" ADD CONSTRAINT "budget_items_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_items" ADD CONSTRAINT "budget_items_description_id_descriptions_id_fk" FOREIGN KEY ("description_id") REFERENCES "public"."descriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_items" ADD CONSTRAINT "budget_items_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_items" ADD CONSTRAINT "budget_items_budget_fk" FOREIGN KEY ("budget_id","organization_id","client_user_id") REFERENCES "public"."budgets"("id","organization_id","client_user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_client_user_id_users_id_fk" FOREIGN KEY ("client_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "budgets_client_month_unique" ON "budgets" USING btree ("client_user_id","target_month") WHERE not is_ideal;--> statement-breakpoint
CREATE UNIQUE INDEX "budgets_client_ideal_unique" ON "budgets" USING btree ("client_user_id") WHERE is_ideal;