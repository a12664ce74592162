CREATE TABLE "bank_guides" (
	"organization_id" integer NOT NULL,
	"bank_code" text NOT NULL,
	"steps" jsonb NOT NULL,
	"updated_by_user_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_guides_organization_id_bank_code_pk" PRIMARY KEY("organization_id","bank_code")
);
--> statement-breakpoint
ALTER TABLE "bank_guides" ADD CONSTRAINT "bank_guides_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_guides" ADD CONSTRAINT "bank_guides_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;