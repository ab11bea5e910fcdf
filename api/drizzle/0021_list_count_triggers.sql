-- How many items and parties each business has, kept by the database itself (issue 9 §2): the unfiltered first
-- page of a list answers its total from one row instead of counting 10,000 rows on every request. Statement-level
-- triggers with transition tables, so a 10,000-row import adds one upsert, in the same transaction as the rows (a
-- rolled-back import leaves the count as it was).
CREATE FUNCTION "list_counts_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO list_counts (business_id, list, total)
	SELECT business_id, TG_ARGV[0], count(*) FROM added_rows GROUP BY business_id
	ON CONFLICT (business_id, list) DO UPDATE SET total = list_counts.total + excluded.total;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "list_counts_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE list_counts c SET total = c.total - r.n
	FROM (SELECT business_id, count(*) AS n FROM removed_rows GROUP BY business_id) r
	WHERE c.business_id = r.business_id AND c.list = TG_ARGV[0];
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "items_counted_in" AFTER INSERT ON "items" REFERENCING NEW TABLE AS added_rows
	FOR EACH STATEMENT EXECUTE FUNCTION list_counts_added('items');
--> statement-breakpoint
CREATE TRIGGER "items_counted_out" AFTER DELETE ON "items" REFERENCING OLD TABLE AS removed_rows
	FOR EACH STATEMENT EXECUTE FUNCTION list_counts_removed('items');
--> statement-breakpoint
CREATE TRIGGER "parties_counted_in" AFTER INSERT ON "parties" REFERENCING NEW TABLE AS added_rows
	FOR EACH STATEMENT EXECUTE FUNCTION list_counts_added('parties');
--> statement-breakpoint
CREATE TRIGGER "parties_counted_out" AFTER DELETE ON "parties" REFERENCING OLD TABLE AS removed_rows
	FOR EACH STATEMENT EXECUTE FUNCTION list_counts_removed('parties');
--> statement-breakpoint
INSERT INTO "list_counts" ("business_id", "list", "total")
SELECT "business_id", 'items', count(*) FROM "items" GROUP BY "business_id"
UNION ALL
SELECT "business_id", 'parties', count(*) FROM "parties" GROUP BY "business_id";
