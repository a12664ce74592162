CREATE TABLE "planning_versions" (
	"client_user_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "planning_versions" ADD CONSTRAINT "planning_versions_client_user_id_users_id_fk" FOREIGN KEY ("client_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Written by hand (drizzle-kit does not model triggers), as migration 0002 does for the cash flow:
-- every statement writing a client's budgets, budget items or budget-planning tasks bumps their
-- planning version in its own transaction, so a plan read at a version is never stale under it.
CREATE FUNCTION bump_planning_versions(client_ids integer[]) RETURNS void LANGUAGE sql AS $$
	INSERT INTO planning_versions AS current (client_user_id, version)
	SELECT DISTINCT client_id, 1 FROM unnest(client_ids) AS client_id
	-- A client being deleted (with their budgets and tasks) has no version to keep.
	WHERE EXISTS (SELECT 1 FROM users WHERE users.id = client_id)
	ON CONFLICT (client_user_id) DO UPDATE SET version = current.version + 1;
$$;--> statement-breakpoint
CREATE FUNCTION note_written_plans() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM bump_planning_versions(ARRAY(SELECT DISTINCT client_user_id FROM written_rows));
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION note_written_planning_tasks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM bump_planning_versions(
		ARRAY(SELECT DISTINCT client_user_id FROM written_rows WHERE type = 'budget-planning'));
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER budgets_inserted AFTER INSERT ON budgets REFERENCING NEW TABLE AS written_rows
	FOR EACH STATEMENT EXECUTE FUNCTION note_written_plans();--> statement-breakpoint
CREATE TRIGGER budgets_updated AFTER UPDATE ON budgets REFERENCING NEW TABLE AS written_rows
	FOR EACH STATEMENT EXECUTE FUNCTION note_written_plans();--> statement-breakpoint
CREATE TRIGGER budgets_deleted AFTER DELETE ON budgets REFERENCING OLD TABLE AS written_rows
	FOR EACH STATEMENT EXECUTE FUNCTION note_written_plans();--> statement-breakpoint
CREATE TRIGGER budget_items_inserted AFTER INSERT ON budget_items REFERENCING NEW TABLE AS written_rows
	FOR EACH STATEMENT EXECUTE FUNCTION note_written_plans();--> statement-breakpoint
CREATE TRIGGER budget_items_updated AFTER UPDATE ON budget_items REFERENCING NEW TABLE AS written_rows
	FOR EACH STATEMENT EXECUTE FUNCTION note_written_plans();--> statement-breakpoint
CREATE TRIGGER budget_items_deleted AFTER DELETE ON budget_items REFERENCING OLD TABLE AS written_rows
	FOR EACH STATEMENT EXECUTE FUNCTION note_written_plans();--> statement-breakpoint
CREATE TRIGGER tasks_inserted AFTER INSERT ON tasks REFERENCING NEW TABLE AS written_rows
	FOR EACH STATEMENT EXECUTE FUNCTION note_written_planning_tasks();--> statement-breakpoint
CREATE TRIGGER tasks_updated AFTER UPDATE ON tasks REFERENCING NEW TABLE AS written_rows
	FOR EACH STATEMENT EXECUTE FUNCTION note_written_planning_tasks();--> statement-breakpoint
CREATE TRIGGER tasks_deleted AFTER DELETE ON tasks REFERENCING OLD TABLE AS written_rows
	FOR EACH STATEMENT EXECUTE FUNCTION note_written_planning_tasks();
