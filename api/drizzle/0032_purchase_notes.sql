-- Purchase debit notes: goods returned to a supplier, or a price the supplier reduced, against one purchase bill.
-- Our own gap-free series per branch and financial year (PDN/26-27/n); the lines name the bill's lines they reduce;
-- what a note takes off what is owed settles the supplier's open bills oldest first (the allocations below).
CREATE TABLE "purchase_debit_notes" (
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
	"note_number" text NOT NULL,
	"supplier_note_number" text,
	"search_text" text GENERATED ALWAYS AS (lower(note_number || ' ' || coalesce(supplier_note_number, '') || ' ' || coalesce(party_name, '') || ' ' || coalesce(party_mobile, ''))) STORED,
	"purchase_id" uuid NOT NULL,
	"note_date" date NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"reverse_charge" boolean DEFAULT false NOT NULL,
	"reverse_charge_tax" numeric(14, 2) DEFAULT '0' NOT NULL,
	"itc_cgst" numeric(14, 2) DEFAULT '0' NOT NULL,
	"itc_sgst" numeric(14, 2) DEFAULT '0' NOT NULL,
	"itc_igst" numeric(14, 2) DEFAULT '0' NOT NULL,
	"itc_cess" numeric(14, 2) DEFAULT '0' NOT NULL,
	"itc_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"refunded" numeric(14, 2) DEFAULT '0' NOT NULL,
	"adjusted" numeric(14, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "purchase_debit_notes_pkey" PRIMARY KEY("business_id","id"),
	CONSTRAINT "purchase_debit_notes_status_check" CHECK ("purchase_debit_notes"."status" in ('ISSUED', 'CANCELLED')),
	CONSTRAINT "purchase_debit_notes_party_check" CHECK ("purchase_debit_notes"."party_id" is not null),
	CONSTRAINT "purchase_debit_notes_settled_check" CHECK ("purchase_debit_notes"."refunded" >= 0 and "purchase_debit_notes"."adjusted" >= 0 and "purchase_debit_notes"."refunded" + "purchase_debit_notes"."adjusted" <= "purchase_debit_notes"."grand_total")
);
--> statement-breakpoint
CREATE TABLE "purchase_debit_note_lines" (
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
	"purchase_line_no" integer NOT NULL,
	"itc_eligible" boolean DEFAULT true NOT NULL,
	"itc_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"stock_cost" numeric(14, 2),
	CONSTRAINT "purchase_debit_note_lines_pkey" PRIMARY KEY("business_id","document_id","line_no")
);
--> statement-breakpoint
CREATE TABLE "purchase_debit_note_allocations" (
	"business_id" uuid NOT NULL,
	"note_id" uuid NOT NULL,
	"purchase_id" uuid NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_debit_note_allocations_pkey" PRIMARY KEY("business_id","note_id","purchase_id"),
	CONSTRAINT "purchase_debit_note_allocations_amount_check" CHECK ("purchase_debit_note_allocations"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "purchase_debit_notes" ADD CONSTRAINT "purchase_debit_notes_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_debit_notes" ADD CONSTRAINT "purchase_debit_notes_branch_fk" FOREIGN KEY ("business_id","branch_id") REFERENCES "public"."store_branches"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_debit_notes" ADD CONSTRAINT "purchase_debit_notes_party_fk" FOREIGN KEY ("business_id","party_id") REFERENCES "public"."parties"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_debit_notes" ADD CONSTRAINT "purchase_debit_notes_purchase_fk" FOREIGN KEY ("business_id","purchase_id") REFERENCES "public"."purchase_invoices"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_debit_note_lines" ADD CONSTRAINT "purchase_debit_note_lines_note_fk" FOREIGN KEY ("business_id","document_id") REFERENCES "public"."purchase_debit_notes"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_debit_note_lines" ADD CONSTRAINT "purchase_debit_note_lines_item_fk" FOREIGN KEY ("business_id","item_id") REFERENCES "public"."items"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_debit_note_allocations" ADD CONSTRAINT "purchase_debit_note_allocations_note_fk" FOREIGN KEY ("business_id","note_id") REFERENCES "public"."purchase_debit_notes"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_debit_note_allocations" ADD CONSTRAINT "purchase_debit_note_allocations_purchase_fk" FOREIGN KEY ("business_id","purchase_id") REFERENCES "public"."purchase_invoices"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_debit_notes_number_key" ON "purchase_debit_notes" USING btree ("business_id","branch_id","financial_year","note_number");--> statement-breakpoint
CREATE INDEX "purchase_debit_notes_business_date_idx" ON "purchase_debit_notes" USING btree ("business_id","note_date","series_no","created_at","id","status","grand_total");--> statement-breakpoint
CREATE INDEX "purchase_debit_notes_purchase_idx" ON "purchase_debit_notes" USING btree ("business_id","purchase_id");--> statement-breakpoint
CREATE INDEX "purchase_debit_notes_party_idx" ON "purchase_debit_notes" USING btree ("business_id","party_id","note_date");--> statement-breakpoint
CREATE INDEX "purchase_debit_notes_search_trgm_idx" ON "purchase_debit_notes" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "purchase_debit_note_lines_item_idx" ON "purchase_debit_note_lines" USING btree ("business_id","item_id");--> statement-breakpoint
CREATE INDEX "purchase_debit_note_allocations_purchase_idx" ON "purchase_debit_note_allocations" USING btree ("business_id","purchase_id");
--> statement-breakpoint
-- The change feed (migration 0023) hears the notes too: they change bills, stock and balances that cached lists show.
DO $$
DECLARE
	t text;
BEGIN
	FOREACH t IN ARRAY ARRAY['purchase_debit_notes', 'purchase_debit_note_lines', 'purchase_debit_note_allocations'] LOOP
		EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_business_change(%L)', t || '_notify_insert', t, 'data');
		EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_business_change(%L)', t || '_notify_update', t, 'data');
		EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_business_change(%L)', t || '_notify_delete', t, 'data');
		EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION notify_shared_change()', t || '_notify_truncate', t);
	END LOOP;
END $$;
