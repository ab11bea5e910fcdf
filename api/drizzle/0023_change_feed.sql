-- The change feed (issue 9 §2, docs/architecture.md "Read cache"): every statement that writes a business's rows
-- sends one notification on channel bahi_changes when its transaction commits, 'data:<business id>' (or
-- 'session:<business id>' for the sessions table). Each API instance LISTENs and drops what it cached for that
-- business, so a cached list or session is never served after the write that changed it has committed (plus the
-- delivery time of a notification between instances). Statement-level triggers with transition tables: a 10,000-row
-- import sends one notification, and PostgreSQL folds identical notifications of one transaction into one.
CREATE FUNCTION "notify_business_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	changed text;
BEGIN
	FOR changed IN SELECT DISTINCT business_id::text FROM changed_rows LOOP
		PERFORM pg_notify('bahi_changes', TG_ARGV[0] || ':' || changed);
	END LOOP;
	RETURN NULL;
END $$;
--> statement-breakpoint
-- The businesses table names the business by its id.
CREATE FUNCTION "notify_business_row_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	changed text;
BEGIN
	FOR changed IN SELECT DISTINCT id::text FROM changed_rows LOOP
		PERFORM pg_notify('bahi_changes', 'data:' || changed);
	END LOOP;
	RETURN NULL;
END $$;
--> statement-breakpoint
-- Reference data every business reads (GST rates, units), and any TRUNCATE (which names no rows): a change drops
-- everything cached.
CREATE FUNCTION "notify_shared_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('bahi_changes', 'data:*');
	RETURN NULL;
END $$;
--> statement-breakpoint
-- Every table with a business_id column but list_counts (written only by triggers of tables that notify already).
-- A table added later needs the same four triggers: api/src/plugins/read-cache.test.ts fails until it has them.
DO $$
DECLARE
	t text;
	kind text;
BEGIN
	FOR t IN
		SELECT c.table_name FROM information_schema.columns c
		JOIN information_schema.tables tb ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name AND tb.table_type = 'BASE TABLE'
		WHERE c.table_schema = 'public' AND c.column_name = 'business_id' AND c.table_name <> 'list_counts'
		ORDER BY 1
	LOOP
		kind := CASE WHEN t = 'sessions' THEN 'session' ELSE 'data' END;
		EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_business_change(%L)', t || '_notify_insert', t, kind);
		EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_business_change(%L)', t || '_notify_update', t, kind);
		EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_business_change(%L)', t || '_notify_delete', t, kind);
		EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION notify_shared_change()', t || '_notify_truncate', t);
	END LOOP;
END $$;
--> statement-breakpoint
CREATE TRIGGER "businesses_notify_insert" AFTER INSERT ON "businesses" REFERENCING NEW TABLE AS changed_rows
	FOR EACH STATEMENT EXECUTE FUNCTION notify_business_row_change();
--> statement-breakpoint
CREATE TRIGGER "businesses_notify_update" AFTER UPDATE ON "businesses" REFERENCING NEW TABLE AS changed_rows
	FOR EACH STATEMENT EXECUTE FUNCTION notify_business_row_change();
--> statement-breakpoint
CREATE TRIGGER "businesses_notify_delete" AFTER DELETE ON "businesses" REFERENCING OLD TABLE AS changed_rows
	FOR EACH STATEMENT EXECUTE FUNCTION notify_business_row_change();
--> statement-breakpoint
CREATE TRIGGER "businesses_notify_truncate" AFTER TRUNCATE ON "businesses"
	FOR EACH STATEMENT EXECUTE FUNCTION notify_shared_change();
--> statement-breakpoint
CREATE TRIGGER "tax_rates_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tax_rates"
	FOR EACH STATEMENT EXECUTE FUNCTION notify_shared_change();
--> statement-breakpoint
CREATE TRIGGER "units_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "units"
	FOR EACH STATEMENT EXECUTE FUNCTION notify_shared_change();
