CREATE TABLE "sale_notes" (
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
	"document_discount_percent" numeric(6, 3),
	"document_discount" numeric(14, 2),
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
	"note_type" text NOT NULL,
	"note_number" text NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(note_number || ' ' || invoice_number || ' ' || coalesce(party_name, '') || ' ' || coalesce(party_mobile, ''))) STORED,
	"note_date" date NOT NULL,
	"invoice_id" uuid NOT NULL,
	"invoice_number" text NOT NULL,
	"invoice_date" date NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"restock" boolean DEFAULT false NOT NULL,
	"refunded" numeric(14, 2) DEFAULT '0' NOT NULL,
	"adjusted" numeric(14, 2) DEFAULT '0' NOT NULL,
	"einvoice_json_at" timestamp with time zone,
	CONSTRAINT "sale_notes_pkey" PRIMARY KEY("business_id","id"),
	CONSTRAINT "sale_notes_type_check" CHECK ("sale_notes"."note_type" in ('CREDIT', 'DEBIT')),
	CONSTRAINT "sale_notes_status_check" CHECK ("sale_notes"."status" in ('ISSUED', 'CANCELLED')),
	CONSTRAINT "sale_notes_settled_check" CHECK ("sale_notes"."refunded" >= 0 and "sale_notes"."adjusted" >= 0 and "sale_notes"."refunded" + "sale_notes"."adjusted" <= "sale_notes"."grand_total")
);
--> statement-breakpoint
CREATE TABLE "sale_note_lines" (
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
	"document_discount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"taxable_value" numeric(14, 2) NOT NULL,
	"gst_rate_id" text,
	"gst_rate" numeric(6, 3) NOT NULL,
	"taxability" text DEFAULT 'TAXABLE' NOT NULL,
	"cgst" numeric(14, 2) NOT NULL,
	"sgst" numeric(14, 2) NOT NULL,
	"igst" numeric(14, 2) NOT NULL,
	"cess_rate" numeric(6, 3) NOT NULL,
	"cess_per_unit" numeric(12, 3) NOT NULL,
	"cess" numeric(14, 2) NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"serial_nos" text[] DEFAULT '{}'::text[] NOT NULL,
	"invoice_line_no" integer NOT NULL,
	"restocked_cost" numeric(14, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "sale_note_lines_pkey" PRIMARY KEY("business_id","document_id","line_no")
);
--> statement-breakpoint
CREATE TABLE "sale_note_adjustments" (
	"business_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"note_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sale_note_adjustments_pkey" PRIMARY KEY("business_id","id"),
	CONSTRAINT "sale_note_adjustments_amount_check" CHECK ("sale_note_adjustments"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "sale_notes" ADD CONSTRAINT "sale_notes_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_notes" ADD CONSTRAINT "sale_notes_branch_fk" FOREIGN KEY ("business_id","branch_id") REFERENCES "public"."store_branches"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_notes" ADD CONSTRAINT "sale_notes_party_fk" FOREIGN KEY ("business_id","party_id") REFERENCES "public"."parties"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_notes" ADD CONSTRAINT "sale_notes_invoice_fk" FOREIGN KEY ("business_id","invoice_id") REFERENCES "public"."sale_invoices"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_note_lines" ADD CONSTRAINT "sale_note_lines_note_fk" FOREIGN KEY ("business_id","document_id") REFERENCES "public"."sale_notes"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_note_lines" ADD CONSTRAINT "sale_note_lines_item_fk" FOREIGN KEY ("business_id","item_id") REFERENCES "public"."items"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_note_adjustments" ADD CONSTRAINT "sale_note_adjustments_note_fk" FOREIGN KEY ("business_id","note_id") REFERENCES "public"."sale_notes"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_note_adjustments" ADD CONSTRAINT "sale_note_adjustments_invoice_fk" FOREIGN KEY ("business_id","invoice_id") REFERENCES "public"."sale_invoices"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sale_notes_number_key" ON "sale_notes" USING btree ("business_id","note_type","financial_year","note_number");--> statement-breakpoint
CREATE INDEX "sale_notes_business_date_idx" ON "sale_notes" USING btree ("business_id","note_type","note_date","series_no","created_at","id","status","grand_total");--> statement-breakpoint
CREATE INDEX "sale_notes_business_invoice_idx" ON "sale_notes" USING btree ("business_id","invoice_id","status");--> statement-breakpoint
CREATE INDEX "sale_notes_business_party_idx" ON "sale_notes" USING btree ("business_id","party_id","note_date");--> statement-breakpoint
CREATE INDEX "sale_notes_business_gstin_date_idx" ON "sale_notes" USING btree ("business_id",("branch_snapshot" ->> 'gstin'),"note_date");--> statement-breakpoint
CREATE INDEX "sale_notes_search_trgm_idx" ON "sale_notes" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "sale_note_lines_item_idx" ON "sale_note_lines" USING btree ("business_id","item_id");--> statement-breakpoint
CREATE INDEX "sale_note_adjustments_note_idx" ON "sale_note_adjustments" USING btree ("business_id","note_id");--> statement-breakpoint
CREATE INDEX "sale_note_adjustments_invoice_idx" ON "sale_note_adjustments" USING btree ("business_id","invoice_id");--> statement-breakpoint
DO $$
DECLARE
	t text;
BEGIN
	FOREACH t IN ARRAY ARRAY['sale_notes', 'sale_note_lines', 'sale_note_adjustments']
	LOOP
		EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_business_change(%L)', t || '_notify_insert', t, 'data');
		EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_business_change(%L)', t || '_notify_update', t, 'data');
		EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_business_change(%L)', t || '_notify_delete', t, 'data');
		EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION notify_shared_change()', t || '_notify_truncate', t);
	END LOOP;
END $$;
