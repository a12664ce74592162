CREATE TABLE "push_settings" (
	"organization_id" integer PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"client_email" text NOT NULL,
	"service_account_ciphertext" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "push_settings" ADD CONSTRAINT "push_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;