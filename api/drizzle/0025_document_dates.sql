-- Document dates: how many days after today a business allows its documents to be dated (0: none ahead).
ALTER TABLE "businesses" ADD COLUMN "future_dated_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_future_dated_days_check" CHECK ("businesses"."future_dated_days" between 0 and 366);--> statement-breakpoint
-- Number series keyed by what is printed (prefix already holds the printed year, 'MB/99-00/'), no longer by the
-- financial year too: FY 1999-00 and 2099-00 both print '99-00'. Series that printed alike become one, keeping the
-- highest number issued, so the next number follows every one already printed.
DELETE FROM "document_series" s USING "document_series" o
  WHERE s.business_id = o.business_id AND s.doc_type = o.doc_type AND s.prefix = o.prefix
    AND (s.last_number < o.last_number OR (s.last_number = o.last_number AND s.financial_year < o.financial_year));--> statement-breakpoint
ALTER TABLE "document_series" DROP CONSTRAINT "document_series_pkey";--> statement-breakpoint
ALTER TABLE "document_series" ADD CONSTRAINT "document_series_pkey" PRIMARY KEY("business_id","doc_type","prefix");--> statement-breakpoint
-- Lists of documents order one date's documents by their number (series_no), newest first: the covering indexes
-- take series_no after the date.
DROP INDEX "expenses_business_date_idx";--> statement-breakpoint
DROP INDEX "quotations_business_date_idx";--> statement-breakpoint
DROP INDEX "sale_invoices_business_date_idx";--> statement-breakpoint
DROP INDEX "sale_invoices_business_branch_idx";--> statement-breakpoint
DROP INDEX "purchase_invoices_business_date_idx";--> statement-breakpoint
DROP INDEX "purchase_invoices_business_branch_idx";--> statement-breakpoint
CREATE INDEX "expenses_business_date_idx" ON "expenses" USING btree ("business_id","date","series_no","created_at","id");--> statement-breakpoint
CREATE INDEX "quotations_business_date_idx" ON "quotations" USING btree ("business_id","quotation_date","series_no","created_at","id");--> statement-breakpoint
CREATE INDEX "sale_invoices_business_date_idx" ON "sale_invoices" USING btree ("business_id","invoice_date","series_no","created_at","id","status","grand_total","received");--> statement-breakpoint
CREATE INDEX "sale_invoices_business_branch_idx" ON "sale_invoices" USING btree ("business_id","branch_id","invoice_date","series_no","created_at","status","grand_total","received");--> statement-breakpoint
CREATE INDEX "purchase_invoices_business_date_idx" ON "purchase_invoices" USING btree ("business_id","bill_date","series_no","created_at","id","status","grand_total","paid");--> statement-breakpoint
CREATE INDEX "purchase_invoices_business_branch_idx" ON "purchase_invoices" USING btree ("business_id","branch_id","bill_date","series_no","created_at","status","grand_total","paid");
