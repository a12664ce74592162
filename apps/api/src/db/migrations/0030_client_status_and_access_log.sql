CREATE TABLE "client_access_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"client_user_id" integer NOT NULL,
	"viewer_user_id" integer,
	"viewer_name" text NOT NULL,
	"viewer_role" text NOT NULL,
	"action" text NOT NULL,
	"subject" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_access_log_action_check" CHECK (action in ('client_view', 'file_download', 'cash_flow_export')),
	CONSTRAINT "client_access_log_role_check" CHECK (viewer_role in ('planner', 'manager'))
);
--> statement-breakpoint
CREATE TABLE "client_statuses" (
	"client_user_id" integer PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"status" text NOT NULL,
	"changed_by_user_id" integer,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_statuses_status_check" CHECK (status in ('ativo', 'em_pausa', 'encerrado'))
);
--> statement-breakpoint
ALTER TABLE "client_access_log" ADD CONSTRAINT "client_access_log_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_access_log" ADD CONSTRAINT "client_access_log_client_user_id_users_id_fk" FOREIGN KEY ("client_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_access_log" ADD CONSTRAINT "client_access_log_viewer_user_id_users_id_fk" FOREIGN KEY ("viewer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_statuses" ADD CONSTRAINT "client_statuses_client_user_id_users_id_fk" FOREIGN KEY ("client_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_statuses" ADD CONSTRAINT "client_statuses_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_statuses" ADD CONSTRAINT "client_statuses_changed_by_user_id_users_id_fk" FOREIGN KEY ("changed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_access_log_client_index" ON "client_access_log" USING btree ("client_user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- Written by hand (drizzle-kit does not model triggers). The access log is append-only (ADR 34):
-- no statement may change or remove a row. The cascades of deleting an organization or a person
-- (ON DELETE cascade / set null) run as triggers themselves, one level deeper, and are let through.
CREATE FUNCTION refuse_access_log_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' OR pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'client_access_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER client_access_log_append_only BEFORE UPDATE OR DELETE ON "client_access_log"
  FOR EACH ROW EXECUTE FUNCTION refuse_access_log_changes();--> statement-breakpoint
CREATE TRIGGER client_access_log_no_truncate BEFORE TRUNCATE ON "client_access_log"
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_access_log_changes();
