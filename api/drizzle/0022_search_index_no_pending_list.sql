-- The trigram indexes that serve item and party search (0009) take new rows straight into the index rather than
-- into GIN's pending list (issue 9 §2). With the default fastupdate, an import of 10,000 rows left ~4,000 entries
-- in the pending list, which every search then scans linearly until a VACUUM merges it: PGlite never vacuums by
-- itself and PostgreSQL only after its autovacuum thresholds. Measured on PostgreSQL: a party search of
-- 10,000 parties 3.7 ms with the pending list, 0.3–0.5 ms without. Writes pay a little more per row instead.
ALTER INDEX "items_search_trgm_idx" SET (fastupdate = off);
--> statement-breakpoint
ALTER INDEX "parties_search_trgm_idx" SET (fastupdate = off);
--> statement-breakpoint
SELECT gin_clean_pending_list('items_search_trgm_idx'::regclass);
--> statement-breakpoint
SELECT gin_clean_pending_list('parties_search_trgm_idx'::regclass);
