-- Written by hand (drizzle-kit does not model triggers), as migration 0017 does for budgets: every
-- statement writing a client's bill reminders bumps their planning version in its own transaction,
-- so the future flow's expected payments, kept at that version, are never stale under it.
CREATE TRIGGER bill_reminders_inserted AFTER INSERT ON bill_reminders REFERENCING NEW TABLE AS written_rows
	FOR EACH STATEMENT EXECUTE FUNCTION note_written_plans();--> statement-breakpoint
CREATE TRIGGER bill_reminders_updated AFTER UPDATE ON bill_reminders REFERENCING NEW TABLE AS written_rows
	FOR EACH STATEMENT EXECUTE FUNCTION note_written_plans();--> statement-breakpoint
CREATE TRIGGER bill_reminders_deleted AFTER DELETE ON bill_reminders REFERENCING OLD TABLE AS written_rows
	FOR EACH STATEMENT EXECUTE FUNCTION note_written_plans();
