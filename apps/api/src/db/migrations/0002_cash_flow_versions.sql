CREATE TABLE "cash_flow_versions" (
	"client_user_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_origin_fk";--> statement-breakpoint
ALTER TABLE "origins" DROP CONSTRAINT "origins_owner_unique";--> statement-breakpoint
ALTER TABLE "cash_flow_versions" ADD CONSTRAINT "cash_flow_versions_client_user_id_users_id_fk" FOREIGN KEY ("client_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Written by hand (drizzle-kit does not model triggers). The composite foreign key from lines to
-- their origin was checked row by row (about 0.7 s of a 100,000-line import); these triggers check
-- the same once per statement, delete an origin's lines with it, and bump the cash-flow version of
-- every client whose lines or accounts a statement changed.
CREATE FUNCTION bump_cash_flow_versions(client_ids integer[]) RETURNS void LANGUAGE sql AS $$
	INSERT INTO cash_flow_versions AS current (client_user_id, version)
	SELECT DISTINCT client_id, 1 FROM unnest(client_ids) AS client_id
	-- A client being deleted (with their accounts and lines) has no version to keep.
	WHERE EXISTS (SELECT 1 FROM users WHERE users.id = client_id)
	ON CONFLICT (client_user_id) DO UPDATE SET version = current.version + 1;
$$;--> statement-breakpoint
CREATE FUNCTION check_written_transactions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- As a foreign key would: the origins stay until this transaction ends.
	PERFORM 1 FROM origins WHERE id = ANY (ARRAY(SELECT DISTINCT origin_id FROM written_lines)) FOR KEY SHARE;
	IF EXISTS (
		SELECT 1 FROM (SELECT DISTINCT origin_id, organization_id, client_user_id FROM written_lines) AS line
		WHERE NOT EXISTS (
			SELECT 1 FROM origins
			WHERE origins.id = line.origin_id AND origins.organization_id = line.organization_id
				AND origins.client_user_id = line.client_user_id
		)
	) THEN
		RAISE EXCEPTION 'a transaction must belong to an origin of its organization and client'
			USING ERRCODE = 'foreign_key_violation';
	END IF;
	PERFORM bump_cash_flow_versions(ARRAY(SELECT DISTINCT client_user_id FROM written_lines));
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION note_deleted_transactions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM bump_cash_flow_versions(ARRAY(SELECT DISTINCT client_user_id FROM deleted_lines));
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION note_updated_origins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM bump_cash_flow_versions(ARRAY(SELECT DISTINCT client_user_id FROM updated_origins));
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION delete_lines_of_deleted_origins() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM transactions WHERE origin_id IN (SELECT id FROM deleted_origins);
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER transactions_inserted AFTER INSERT ON transactions REFERENCING NEW TABLE AS written_lines
	FOR EACH STATEMENT EXECUTE FUNCTION check_written_transactions();--> statement-breakpoint
CREATE TRIGGER transactions_updated AFTER UPDATE ON transactions REFERENCING NEW TABLE AS written_lines
	FOR EACH STATEMENT EXECUTE FUNCTION check_written_transactions();--> statement-breakpoint
CREATE TRIGGER transactions_deleted AFTER DELETE ON transactions REFERENCING OLD TABLE AS deleted_lines
	FOR EACH STATEMENT EXECUTE FUNCTION note_deleted_transactions();--> statement-breakpoint
CREATE TRIGGER origins_updated AFTER UPDATE ON origins REFERENCING NEW TABLE AS updated_origins
	FOR EACH STATEMENT EXECUTE FUNCTION note_updated_origins();--> statement-breakpoint
CREATE TRIGGER origins_deleted AFTER DELETE ON origins REFERENCING OLD TABLE AS deleted_origins
	FOR EACH STATEMENT EXECUTE FUNCTION delete_lines_of_deleted_origins();--> statement-breakpoint
-- Versions of the clients who already have lines.
INSERT INTO cash_flow_versions (client_user_id, version) SELECT DISTINCT client_user_id, 1 FROM transactions;
