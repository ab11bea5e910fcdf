-- The change feed (migration 0023) hears every business table: payment vouchers change what a bill's payments show,
-- and a note's IRN what the note shows, both in cached answers.
DO $$
DECLARE
	t text;
BEGIN
	FOREACH t IN ARRAY ARRAY['payment_vouchers', 'sale_note_irns'] LOOP
		IF NOT EXISTS (SELECT 1 FROM pg_trigger WHERE tgname = t || '_notify_insert') THEN
			EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_business_change(%L)', t || '_notify_insert', t, 'data');
			EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_business_change(%L)', t || '_notify_update', t, 'data');
			EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_business_change(%L)', t || '_notify_delete', t, 'data');
			EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION notify_shared_change()', t || '_notify_truncate', t);
		END IF;
	END LOOP;
END $$;
