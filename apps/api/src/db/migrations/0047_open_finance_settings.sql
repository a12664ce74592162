CREATE TABLE "open_finance_settings" (
	"organization_id" integer NOT NULL,
	"integration" text NOT NULL,
	"provider" text NOT NULL,
	"client_id" text NOT NULL,
	"secret_ciphertext" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "open_finance_settings_organization_id_integration_pk" PRIMARY KEY("organization_id","integration"),
	CONSTRAINT "open_finance_settings_provider_check" CHECK (("open_finance_settings"."integration" = 'quanto' and "open_finance_settings"."provider" = 'pluggy') or ("open_finance_settings"."integration" = 'belvo' and "open_finance_settings"."provider" = 'belvo'))
);
--> statement-breakpoint
ALTER TABLE "open_finance_settings" ADD CONSTRAINT "open_finance_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;