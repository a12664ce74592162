CREATE TABLE "holdings_versions" (
	"client_user_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "holdings_versions" ADD CONSTRAINT "holdings_versions_client_user_id_users_id_fk" FOREIGN KEY ("client_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Written by hand (drizzle-kit does not model triggers), as migrations 0002 and 0017 do: every
-- statement writing a client's accounts, card bills, investments, other balances or debts bumps
-- their holdings version in its own transaction, so a net worth read at it is never stale under it.
CREATE FUNCTION bump_holdings_versions(client_ids integer[]) RETURNS void LANGUAGE sql AS $$
	INSERT INTO holdings_versions AS current (client_user_id, version)
	SELECT DISTINCT client_id, 1 FROM unnest(client_ids) AS client_id
	-- A client being deleted (with everything they hold) has no version to keep.
	WHERE EXISTS (SELECT 1 FROM users WHERE users.id = client_id)
	ON CONFLICT (client_user_id) DO UPDATE SET version = current.version + 1;
$$;--> statement-breakpoint
CREATE FUNCTION note_written_holdings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM bump_holdings_versions(ARRAY(SELECT DISTINCT client_user_id FROM written_rows));
	RETURN NULL;
END $$;--> statement-breakpoint
-- An investment's values carry no client: theirs is the investment's.
CREATE FUNCTION note_written_investment_values() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM bump_holdings_versions(ARRAY(
		SELECT DISTINCT investments.client_user_id FROM investments
		WHERE investments.id IN (SELECT investment_id FROM written_rows)));
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER origins_holdings_insert AFTER INSERT ON origins REFERENCING NEW TABLE AS written_rows
	FOR EACH STATEMENT EXECUTE FUNCTION note_written_holdings();--> statement-breakpoint
CREATE TRIGGER origins_holdings_update AFTER UPDATE ON origins REFERENCING NEW TABLE AS written_rows
	FOR EACH STATEMENT EXECUTE FUNCTION note_written_holdings();--> statement-breakpoint
CREATE TRIGGER origins_holdings_delete AFTER DELETE ON origins REFERENCING OLD TABLE AS written_rows
	FOR EACH STATEMENT EXECUTE FUNCTION note_written_holdings();--> statement-breakpoint
CREATE TRIGGER card_bills_holdings_insert AFTER INSERT ON card_bills REFERENCING NEW TABLE AS written_rows
	FOR EACH STATEMENT EXECUTE FUNCTION note_written_holdings();--> statement-breakpoint
CREATE TRIGGER card_bills_holdings_update AFTER UPDATE ON card_bills REFERENCING NEW TABLE AS written_rows
	FOR EACH STATEMENT EXECUTE FUNCTION note_written_holdings();--> statement-breakpoint
CREATE TRIGGER card_bills_holdings_delete AFTER DELETE ON card_bills REFERENCING OLD TABLE AS written_rows
	FOR EACH STATEMENT EXECUTE FUNCTION note_written_holdings();--> statement-breakpoint
CREATE TRIGGER investments_holdings_insert AFTER INSERT ON investments REFERENCING NEW TABLE AS written_rows
	FOR EACH STATEMENT EXECUTE FUNCTION note_written_holdings();--> statement-breakpoint
CREATE TRIGGER investments_holdings_update AFTER UPDATE ON investments REFERENCING NEW TABLE AS written_rows
	FOR EACH STATEMENT EXECUTE FUNCTION note_written_holdings();--> statement-breakpoint
CREATE TRIGGER investments_holdings_delete AFTER DELETE ON investments REFERENCING OLD TABLE AS written_rows
	FOR EACH STATEMENT EXECUTE FUNCTION note_written_holdings();--> statement-breakpoint
CREATE TRIGGER other_balances_holdings_insert AFTER INSERT ON other_balances REFERENCING NEW TABLE AS written_rows
	FOR EACH STATEMENT EXECUTE FUNCTION note_written_holdings();--> statement-breakpoint
CREATE TRIGGER other_balances_holdings_update AFTER UPDATE ON other_balances REFERENCING NEW TABLE AS written_rows
	FOR EACH STATEMENT EXECUTE FUNCTION note_written_holdings();--> statement-breakpoint
CREATE TRIGGER other_balances_holdings_delete AFTER DELETE ON other_balances REFERENCING OLD TABLE AS written_rows
	FOR EACH STATEMENT EXECUTE FUNCTION note_written_holdings();--> statement-breakpoint
CREATE TRIGGER other_balance_values_holdings_insert AFTER INSERT ON other_balance_values REFERENCING NEW TABLE AS written_rows
	FOR EACH STATEMENT EXECUTE FUNCTION note_written_holdings();--> statement-breakpoint
CREATE TRIGGER other_balance_values_holdings_update AFTER UPDATE ON other_balance_values REFERENCING NEW TABLE AS written_rows
	FOR EACH STATEMENT EXECUTE FUNCTION note_written_holdings();--> statement-breakpoint
CREATE TRIGGER other_balance_values_holdings_delete AFTER DELETE ON other_balance_values REFERENCING OLD TABLE AS written_rows
	FOR EACH STATEMENT EXECUTE FUNCTION note_written_holdings();--> statement-breakpoint
CREATE TRIGGER debts_holdings_insert AFTER INSERT ON debts REFERENCING NEW TABLE AS written_rows
	FOR EACH STATEMENT EXECUTE FUNCTION note_written_holdings();--> statement-breakpoint
CREATE TRIGGER debts_holdings_update AFTER UPDATE ON debts REFERENCING NEW TABLE AS written_rows
	FOR EACH STATEMENT EXECUTE FUNCTION note_written_holdings();--> statement-breakpoint
CREATE TRIGGER debts_holdings_delete AFTER DELETE ON debts REFERENCING OLD TABLE AS written_rows
	FOR EACH STATEMENT EXECUTE FUNCTION note_written_holdings();--> statement-breakpoint
CREATE TRIGGER investment_values_holdings_insert AFTER INSERT ON investment_values REFERENCING NEW TABLE AS written_rows
	FOR EACH STATEMENT EXECUTE FUNCTION note_written_investment_values();--> statement-breakpoint
CREATE TRIGGER investment_values_holdings_update AFTER UPDATE ON investment_values REFERENCING NEW TABLE AS written_rows
	FOR EACH STATEMENT EXECUTE FUNCTION note_written_investment_values();--> statement-breakpoint
CREATE TRIGGER investment_values_holdings_delete AFTER DELETE ON investment_values REFERENCING OLD TABLE AS written_rows
	FOR EACH STATEMENT EXECUTE FUNCTION note_written_investment_values();
