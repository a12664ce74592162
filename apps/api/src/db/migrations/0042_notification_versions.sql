CREATE TABLE "notification_versions" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_versions" ADD CONSTRAINT "notification_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_client_index" ON "notifications" USING btree ("client_user_id") WHERE client_user_id is not null;--> statement-breakpoint
-- Written by hand (drizzle-kit does not model triggers): every statement that writes notifications
-- bumps their users' versions in its transaction, and so does renaming a client they name.
CREATE FUNCTION bump_notification_versions(user_ids integer[]) RETURNS void LANGUAGE sql AS $$
	INSERT INTO notification_versions AS current (user_id, version)
	SELECT DISTINCT user_id, 1 FROM unnest(user_ids) AS user_id
	-- A user being deleted (with their notifications) has no version to keep.
	WHERE EXISTS (SELECT 1 FROM users WHERE users.id = user_id)
	ON CONFLICT (user_id) DO UPDATE SET version = current.version + 1;
$$;--> statement-breakpoint
CREATE FUNCTION note_written_notifications() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM bump_notification_versions(ARRAY(SELECT DISTINCT user_id FROM written_rows));
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER notifications_inserted AFTER INSERT ON notifications REFERENCING NEW TABLE AS written_rows
	FOR EACH STATEMENT EXECUTE FUNCTION note_written_notifications();--> statement-breakpoint
CREATE TRIGGER notifications_updated AFTER UPDATE ON notifications REFERENCING NEW TABLE AS written_rows
	FOR EACH STATEMENT EXECUTE FUNCTION note_written_notifications();--> statement-breakpoint
CREATE TRIGGER notifications_deleted AFTER DELETE ON notifications REFERENCING OLD TABLE AS written_rows
	FOR EACH STATEMENT EXECUTE FUNCTION note_written_notifications();--> statement-breakpoint
CREATE FUNCTION note_renamed_clients() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM bump_notification_versions(ARRAY(
		SELECT DISTINCT n.user_id FROM notifications n
		JOIN new_rows renamed ON renamed.id = n.client_user_id
		JOIN old_rows before ON before.id = renamed.id
		WHERE renamed.first_name IS DISTINCT FROM before.first_name
			OR renamed.last_name IS DISTINCT FROM before.last_name));
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_renamed AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION note_renamed_clients();
