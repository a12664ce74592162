-- Invitations grant exactly one role (ADR 10).
CREATE TABLE "invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"token" text NOT NULL,
	"role" "access_level" NOT NULL,
	"issued_by_user_id" integer NOT NULL,
	"planner_user_id" integer,
	"standing" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invitations_planner_only_on_client" CHECK ("invitations"."planner_user_id" is null or "invitations"."role" = 'client')
);
--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_issued_by_user_id_users_id_fk" FOREIGN KEY ("issued_by_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_planner_user_id_users_id_fk" FOREIGN KEY ("planner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_organization_token_unique" ON "invitations" USING btree ("organization_id","token");--> statement-breakpoint
CREATE INDEX "invitations_issued_by_index" ON "invitations" USING btree ("issued_by_user_id");--> statement-breakpoint
-- Existing links keep working: every planner's and manager's hash becomes their standing client
-- link; a planner's makes clients of that planner. A client's hash never invited anyone.
INSERT INTO "invitations" ("organization_id", "token", "role", "issued_by_user_id", "planner_user_id", "standing")
	SELECT "users"."organization_id", "users"."invitation_hash", 'client', "users"."id",
		CASE WHEN EXISTS (SELECT 1 FROM "profiles" WHERE "profiles"."user_id" = "users"."id" AND "profiles"."access_level" = 'manager')
			THEN NULL ELSE "users"."id" END,
		true
	FROM "users"
	WHERE EXISTS (SELECT 1 FROM "profiles" WHERE "profiles"."user_id" = "users"."id"
		AND "profiles"."access_level" IN ('planner', 'manager'));
