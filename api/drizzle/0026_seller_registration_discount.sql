-- How the seller is registered under GST (gst-rules.md "Registration types"): a business with a GSTIN has been
-- issuing tax invoices, so it is REGULAR; one without is UNREGISTERED and issues bills of supply without tax. A
-- branch with its own GSTIN carries its own type (null: the business's).
ALTER TABLE "businesses" ADD COLUMN "registration_type" text DEFAULT 'UNREGISTERED' NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "composition_rate" numeric(6, 3) DEFAULT '1' NOT NULL;--> statement-breakpoint
UPDATE "businesses" SET "registration_type" = 'REGULAR' WHERE "gstin" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_registration_type_check" CHECK ("businesses"."registration_type" in ('REGULAR', 'COMPOSITION', 'UNREGISTERED'));--> statement-breakpoint
ALTER TABLE "store_branches" ADD COLUMN "registration_type" text;--> statement-breakpoint
UPDATE "store_branches" SET "registration_type" = 'REGULAR' WHERE "gstin" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "store_branches" ADD CONSTRAINT "store_branches_registration_type_check" CHECK ("store_branches"."registration_type" in ('REGULAR', 'COMPOSITION'));--> statement-breakpoint
-- A discount on the whole document: as given (a percentage, or null for an amount) and what it came to; each line
-- keeps its share, which its discount already holds.
ALTER TABLE "sale_invoices" ADD COLUMN "document_discount_percent" numeric(6, 3);--> statement-breakpoint
ALTER TABLE "sale_invoices" ADD COLUMN "document_discount" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "document_discount_percent" numeric(6, 3);--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "document_discount" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "purchase_invoices" ADD COLUMN "document_discount_percent" numeric(6, 3);--> statement-breakpoint
ALTER TABLE "purchase_invoices" ADD COLUMN "document_discount" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "sale_invoice_lines" ADD COLUMN "document_discount" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "quotation_lines" ADD COLUMN "document_discount" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_invoice_lines" ADD COLUMN "document_discount" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "automated_bill_schedules" ADD COLUMN "discount" jsonb;
