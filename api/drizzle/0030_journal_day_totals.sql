-- Each ledger's debits and credits by day and branch: what the statements sum, a few thousand rows a year instead of
-- every journal line. Kept by the journal itself: when the transaction that posts an entry commits (deferred), the
-- entry's lines (posted with it, journal.ts) are added to their day's rows in one statement, under a lock per
-- business taken first, so two commits never wait on each other's rows in opposite orders; the rest of a writing
-- transaction runs as before.
CREATE TABLE "journal_day_totals" (
	"business_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"branch_id" uuid,
	"date" date NOT NULL,
	"debit" numeric NOT NULL,
	"credit" numeric NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "journal_day_totals_key" ON "journal_day_totals" USING btree
	("business_id", "date", "account_id", (coalesce("branch_id", '00000000-0000-0000-0000-000000000000'::uuid)));
--> statement-breakpoint
ALTER TABLE "journal_day_totals" ADD CONSTRAINT "journal_day_totals_account_fk" FOREIGN KEY ("business_id","account_id") REFERENCES "public"."ledger_accounts"("business_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE FUNCTION "journal_day_totals_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_advisory_xact_lock(hashtextextended('journal_day_totals ' || NEW.business_id::text, 0));
	INSERT INTO journal_day_totals AS t (business_id, account_id, branch_id, date, debit, credit)
	SELECT l.business_id, l.account_id, l.branch_id, l.date, sum(l.debit), sum(l.credit)
	FROM journal_lines l
	WHERE l.business_id = NEW.business_id AND l.entry_id = NEW.id
	GROUP BY l.business_id, l.account_id, l.branch_id, l.date
	ORDER BY l.account_id
	ON CONFLICT (business_id, date, account_id, (coalesce(branch_id, '00000000-0000-0000-0000-000000000000'::uuid)))
	DO UPDATE SET debit = t.debit + EXCLUDED.debit, credit = t.credit + EXCLUDED.credit;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "journal_entries_day_totals" AFTER INSERT ON "journal_entries"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION journal_day_totals_add();
--> statement-breakpoint
CREATE TRIGGER "journal_day_totals_notify_insert" AFTER INSERT ON "journal_day_totals" REFERENCING NEW TABLE AS changed_rows
	FOR EACH STATEMENT EXECUTE FUNCTION notify_business_change('data');
--> statement-breakpoint
CREATE TRIGGER "journal_day_totals_notify_update" AFTER UPDATE ON "journal_day_totals" REFERENCING NEW TABLE AS changed_rows
	FOR EACH STATEMENT EXECUTE FUNCTION notify_business_change('data');
--> statement-breakpoint
CREATE TRIGGER "journal_day_totals_notify_delete" AFTER DELETE ON "journal_day_totals" REFERENCING OLD TABLE AS changed_rows
	FOR EACH STATEMENT EXECUTE FUNCTION notify_business_change('data');
--> statement-breakpoint
CREATE TRIGGER "journal_day_totals_notify_truncate" AFTER TRUNCATE ON "journal_day_totals"
	FOR EACH STATEMENT EXECUTE FUNCTION notify_shared_change();
--> statement-breakpoint
INSERT INTO "journal_day_totals" ("business_id", "account_id", "branch_id", "date", "debit", "credit")
SELECT "business_id", "account_id", "branch_id", "date", sum("debit"), sum("credit")
FROM "journal_lines"
GROUP BY "business_id", "account_id", "branch_id", "date";
