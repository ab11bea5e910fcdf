-- Document list search (sale invoices, quotations, purchase bills) through a trigram index, as items and parties
-- (0009, 0022): the number(s), party name and mobile lower-cased once into search_text, its GIN index without a
-- pending list. Measured at 1,00,000 invoices on PostgreSQL: a search by party name, mobile or number ~110 ms as a
-- scan of every invoice (three lower() and LIKEs a row) before.
ALTER TABLE "quotations" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(quotation_number || ' ' || coalesce(party_name, '') || ' ' || coalesce(party_mobile, ''))) STORED;--> statement-breakpoint
ALTER TABLE "sale_invoices" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(invoice_number || ' ' || coalesce(party_name, '') || ' ' || coalesce(party_mobile, ''))) STORED;--> statement-breakpoint
ALTER TABLE "purchase_invoices" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(reference_number || ' ' || bill_number || ' ' || coalesce(party_name, '') || ' ' || coalesce(party_mobile, ''))) STORED;--> statement-breakpoint
CREATE INDEX "quotations_search_trgm_idx" ON "quotations" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "sale_invoices_search_trgm_idx" ON "sale_invoices" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "purchase_invoices_search_trgm_idx" ON "purchase_invoices" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);