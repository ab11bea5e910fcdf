DROP INDEX "sale_invoices_business_date_idx";--> statement-breakpoint
DROP INDEX "sale_invoices_business_branch_idx";--> statement-breakpoint
DROP INDEX "sale_invoices_business_party_idx";--> statement-breakpoint
DROP INDEX "sale_invoices_business_status_idx";--> statement-breakpoint
CREATE INDEX "sale_invoices_business_date_idx" ON "sale_invoices" USING btree ("business_id","invoice_date","created_at","id","status","grand_total","received");--> statement-breakpoint
CREATE INDEX "sale_invoices_business_branch_idx" ON "sale_invoices" USING btree ("business_id","branch_id","invoice_date","created_at","status","grand_total","received");--> statement-breakpoint
CREATE INDEX "sale_invoices_business_party_idx" ON "sale_invoices" USING btree ("business_id","party_id","invoice_date","status","grand_total","received");--> statement-breakpoint
CREATE INDEX "sale_invoices_business_status_idx" ON "sale_invoices" USING btree ("business_id","status","invoice_date","due_date","grand_total","received");