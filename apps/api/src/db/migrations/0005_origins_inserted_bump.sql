-- A new account can bring a known balance (the future flow's starting point): its client's
-- cash-flow version changes too, as for updated and deleted accounts (migration 0002).
CREATE TRIGGER origins_inserted AFTER INSERT ON origins REFERENCING NEW TABLE AS updated_origins
	FOR EACH STATEMENT EXECUTE FUNCTION note_updated_origins();
