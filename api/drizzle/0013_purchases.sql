CREATE TABLE "purchase_invoice_lines" (
	"business_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"item_id" uuid NOT NULL,
	"item_name" text NOT NULL,
	"item_type" text NOT NULL,
	"hsn_sac" text,
	"description" text,
	"quantity" numeric(14, 3) NOT NULL,
	"unit" text,
	"unit_price" numeric(14, 2) NOT NULL,
	"price_includes_tax" boolean NOT NULL,
	"discount_percent" numeric(6, 3),
	"discount" numeric(14, 2) NOT NULL,
	"taxable_value" numeric(14, 2) NOT NULL,
	"gst_rate_id" text,
	"gst_rate" numeric(6, 3) NOT NULL,
	"cgst" numeric(14, 2) NOT NULL,
	"sgst" numeric(14, 2) NOT NULL,
	"igst" numeric(14, 2) NOT NULL,
	"cess_rate" numeric(6, 3) NOT NULL,
	"cess_per_unit" numeric(12, 3) NOT NULL,
	"cess" numeric(14, 2) NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"serial_nos" text[] DEFAULT '{}'::text[] NOT NULL,
	"itc_eligible" boolean DEFAULT true NOT NULL,
	"itc_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "purchase_invoice_lines_pkey" PRIMARY KEY("business_id","document_id","line_no")
);
--> statement-breakpoint
CREATE TABLE "purchase_invoices" (
	"business_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"branch_id" uuid NOT NULL,
	"financial_year" text NOT NULL,
	"series_prefix" text NOT NULL,
	"series_no" integer NOT NULL,
	"party_id" uuid,
	"party_name" text,
	"party_mobile" text,
	"party_snapshot" jsonb,
	"branch_snapshot" jsonb NOT NULL,
	"place_of_supply" text NOT NULL,
	"supply_type" text NOT NULL,
	"round_off" boolean NOT NULL,
	"taxable_value" numeric(14, 2) NOT NULL,
	"discount" numeric(14, 2) NOT NULL,
	"cgst" numeric(14, 2) NOT NULL,
	"sgst" numeric(14, 2) NOT NULL,
	"igst" numeric(14, 2) NOT NULL,
	"cess" numeric(14, 2) NOT NULL,
	"subtotal" numeric(14, 2) NOT NULL,
	"round_off_amount" numeric(14, 2) NOT NULL,
	"grand_total" numeric(14, 2) NOT NULL,
	"amount_in_words" text NOT NULL,
	"hsn_summary" jsonb NOT NULL,
	"notes" text,
	"terms" text,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reference_number" text NOT NULL,
	"bill_number" text NOT NULL,
	"bill_date" date NOT NULL,
	"due_date" date NOT NULL,
	"status" text NOT NULL,
	"paid" numeric(14, 2) DEFAULT '0' NOT NULL,
	"reverse_charge" boolean DEFAULT false NOT NULL,
	"reverse_charge_tax" numeric(14, 2) DEFAULT '0' NOT NULL,
	"itc_cgst" numeric(14, 2) DEFAULT '0' NOT NULL,
	"itc_sgst" numeric(14, 2) DEFAULT '0' NOT NULL,
	"itc_igst" numeric(14, 2) DEFAULT '0' NOT NULL,
	"itc_cess" numeric(14, 2) DEFAULT '0' NOT NULL,
	"itc_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"attachment_file_name" text,
	"attachment_content_type" text,
	"attachment_size" integer,
	"attachment_original_name" text,
	"attachment_uploaded_at" timestamp with time zone,
	CONSTRAINT "purchase_invoices_pkey" PRIMARY KEY("business_id","id"),
	CONSTRAINT "purchase_invoices_party_check" CHECK ("purchase_invoices"."party_id" is not null),
	CONSTRAINT "purchase_invoices_status_check" CHECK ("purchase_invoices"."status" in ('PAID', 'PARTIAL', 'UNPAID', 'CANCELLED')),
	CONSTRAINT "purchase_invoices_paid_check" CHECK ("purchase_invoices"."paid" >= 0 and "purchase_invoices"."paid" <= "purchase_invoices"."grand_total"),
	CONSTRAINT "purchase_invoices_attachment_type_check" CHECK ("purchase_invoices"."attachment_content_type" is null or "purchase_invoices"."attachment_content_type" in ('application/pdf', 'image/png', 'image/jpeg'))
);
--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "last_purchase_price" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "purchase_invoice_lines" ADD CONSTRAINT "purchase_invoice_lines_invoice_fk" FOREIGN KEY ("business_id","document_id") REFERENCES "public"."purchase_invoices"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_invoice_lines" ADD CONSTRAINT "purchase_invoice_lines_item_fk" FOREIGN KEY ("business_id","item_id") REFERENCES "public"."items"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_invoices" ADD CONSTRAINT "purchase_invoices_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_invoices" ADD CONSTRAINT "purchase_invoices_branch_fk" FOREIGN KEY ("business_id","branch_id") REFERENCES "public"."store_branches"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_invoices" ADD CONSTRAINT "purchase_invoices_party_fk" FOREIGN KEY ("business_id","party_id") REFERENCES "public"."parties"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchase_invoice_lines_item_idx" ON "purchase_invoice_lines" USING btree ("business_id","item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_invoices_reference_key" ON "purchase_invoices" USING btree ("business_id","branch_id","financial_year","reference_number");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_invoices_bill_key" ON "purchase_invoices" USING btree ("business_id","party_id","financial_year",lower("bill_number")) WHERE "purchase_invoices"."status" <> 'CANCELLED';--> statement-breakpoint
CREATE INDEX "purchase_invoices_business_date_idx" ON "purchase_invoices" USING btree ("business_id","bill_date","created_at","id","status","grand_total","paid");--> statement-breakpoint
CREATE INDEX "purchase_invoices_business_branch_idx" ON "purchase_invoices" USING btree ("business_id","branch_id","bill_date","created_at","status","grand_total","paid");--> statement-breakpoint
CREATE INDEX "purchase_invoices_business_party_idx" ON "purchase_invoices" USING btree ("business_id","party_id","bill_date","status","grand_total","paid");--> statement-breakpoint
CREATE INDEX "purchase_invoices_business_status_idx" ON "purchase_invoices" USING btree ("business_id","status","bill_date","due_date","grand_total","paid");