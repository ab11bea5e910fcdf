-- A GST rate is in force from valid_from to valid_to (either open). From 22-09-2025 the slabs are 5 %, 18 % and
-- 40 %; 12 %, 28 % and compensation cess are withdrawn except for goods the law keeps at their old rates (tobacco
-- products, pan masala), which an item marks with keeps_withdrawn_rate.
ALTER TABLE "tax_rates" ADD COLUMN "valid_from" date;--> statement-breakpoint
ALTER TABLE "tax_rates" ADD COLUMN "valid_to" date;--> statement-breakpoint
UPDATE "tax_rates" SET "valid_to" = '2025-09-21' WHERE "id" IN ('gst-12', 'gst-28') OR "id" LIKE 'gst-28-cess-%';--> statement-breakpoint
UPDATE "tax_rates" SET "valid_from" = '2025-09-22' WHERE "id" = 'gst-40';--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "keeps_withdrawn_rate" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- An item is TAXABLE, NIL_RATED (0 % in the rate schedule), EXEMPT or NON_GST; a document line keeps the item's at
-- issue. A 0 % rate is the nil rate: items and lines at 0 % so far are nil-rated.
ALTER TABLE "items" ADD COLUMN "taxability" text DEFAULT 'TAXABLE' NOT NULL;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_taxability_check" CHECK ("items"."taxability" in ('TAXABLE', 'NIL_RATED', 'EXEMPT', 'NON_GST'));--> statement-breakpoint
UPDATE "items" SET "taxability" = 'NIL_RATED' WHERE "gst_rate_id" = 'gst-0';--> statement-breakpoint
ALTER TABLE "sale_invoice_lines" ADD COLUMN "taxability" text DEFAULT 'TAXABLE' NOT NULL;--> statement-breakpoint
ALTER TABLE "quotation_lines" ADD COLUMN "taxability" text DEFAULT 'TAXABLE' NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_invoice_lines" ADD COLUMN "taxability" text DEFAULT 'TAXABLE' NOT NULL;--> statement-breakpoint
UPDATE "sale_invoice_lines" SET "taxability" = 'NIL_RATED' WHERE "gst_rate" = 0 AND "cess_rate" = 0 AND "cess_per_unit" = 0;--> statement-breakpoint
UPDATE "quotation_lines" SET "taxability" = 'NIL_RATED' WHERE "gst_rate" = 0 AND "cess_rate" = 0 AND "cess_per_unit" = 0;--> statement-breakpoint
UPDATE "purchase_invoice_lines" SET "taxability" = 'NIL_RATED' WHERE "gst_rate" = 0 AND "cess_rate" = 0 AND "cess_per_unit" = 0;
