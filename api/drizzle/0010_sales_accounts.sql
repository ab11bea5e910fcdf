-- Other branches of work add the same key: add it only when it is not there yet.
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'store_branches_business_id_key') THEN
    ALTER TABLE "store_branches" ADD CONSTRAINT "store_branches_business_id_key" UNIQUE("business_id","id");
  END IF;
END $$;--> statement-breakpoint
CREATE TABLE "account_transactions" (
	"business_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "account_transactions_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" uuid NOT NULL,
	"date" date NOT NULL,
	"type" text NOT NULL,
	"direction" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"mode" text,
	"party_id" uuid,
	"document_type" text,
	"document_id" uuid,
	"document_number" text,
	"group_id" uuid,
	"reverses_id" uuid,
	"reference" text,
	"note" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_transactions_pkey" PRIMARY KEY("business_id","id"),
	CONSTRAINT "account_transactions_direction_check" CHECK ("account_transactions"."direction" in ('IN', 'OUT')),
	CONSTRAINT "account_transactions_amount_check" CHECK ("account_transactions"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"business_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"display_name" text NOT NULL,
	"bank_name" text,
	"account_number" text,
	"ifsc" text,
	"upi_id" text,
	"opening_balance" numeric(14, 2) DEFAULT '0' NOT NULL,
	"as_of_date" date NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_pkey" PRIMARY KEY("business_id","id"),
	CONSTRAINT "accounts_type_check" CHECK ("accounts"."type" in ('CASH', 'BANK'))
);
--> statement-breakpoint
CREATE TABLE "document_series" (
	"business_id" uuid NOT NULL,
	"doc_type" text NOT NULL,
	"financial_year" text NOT NULL,
	"prefix" text NOT NULL,
	"last_number" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_series_pkey" PRIMARY KEY("business_id","doc_type","financial_year","prefix"),
	CONSTRAINT "document_series_last_number_check" CHECK ("document_series"."last_number" > 0)
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"business_id" uuid NOT NULL,
	"key" text NOT NULL,
	"scope" text NOT NULL,
	"request_hash" text NOT NULL,
	"resource_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY("business_id","key")
);
--> statement-breakpoint
CREATE TABLE "quotation_lines" (
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
	CONSTRAINT "quotation_lines_pkey" PRIMARY KEY("business_id","document_id","line_no")
);
--> statement-breakpoint
CREATE TABLE "quotations" (
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
	"quotation_number" text NOT NULL,
	"quotation_date" date NOT NULL,
	"valid_until" date NOT NULL,
	"status" text NOT NULL,
	"sale_invoice_id" uuid,
	"converted_at" timestamp with time zone,
	CONSTRAINT "quotations_pkey" PRIMARY KEY("business_id","id"),
	CONSTRAINT "quotations_status_check" CHECK ("quotations"."status" in ('OPEN', 'CONVERTED', 'CANCELLED'))
);
--> statement-breakpoint
CREATE TABLE "sale_invoice_lines" (
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
	CONSTRAINT "sale_invoice_lines_pkey" PRIMARY KEY("business_id","document_id","line_no")
);
--> statement-breakpoint
CREATE TABLE "sale_invoices" (
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
	"invoice_number" text NOT NULL,
	"invoice_date" date NOT NULL,
	"due_date" date NOT NULL,
	"status" text NOT NULL,
	"received" numeric(14, 2) DEFAULT '0' NOT NULL,
	"quotation_id" uuid,
	CONSTRAINT "sale_invoices_pkey" PRIMARY KEY("business_id","id"),
	CONSTRAINT "sale_invoices_status_check" CHECK ("sale_invoices"."status" in ('PAID', 'PARTIAL', 'UNPAID', 'CANCELLED')),
	CONSTRAINT "sale_invoices_received_check" CHECK ("sale_invoices"."received" >= 0 and "sale_invoices"."received" <= "sale_invoices"."grand_total")
);
--> statement-breakpoint
ALTER TABLE "item_serial_numbers" ADD COLUMN "status" text DEFAULT 'IN_STOCK' NOT NULL;--> statement-breakpoint
ALTER TABLE "item_serial_numbers" ADD COLUMN "branch_id" uuid;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "document_type" text;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "document_id" uuid;--> statement-breakpoint
ALTER TABLE "account_transactions" ADD CONSTRAINT "account_transactions_account_fk" FOREIGN KEY ("business_id","account_id") REFERENCES "public"."accounts"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_transactions" ADD CONSTRAINT "account_transactions_party_fk" FOREIGN KEY ("business_id","party_id") REFERENCES "public"."parties"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_transactions" ADD CONSTRAINT "account_transactions_reverses_fk" FOREIGN KEY ("business_id","reverses_id") REFERENCES "public"."account_transactions"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_series" ADD CONSTRAINT "document_series_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_lines" ADD CONSTRAINT "quotation_lines_quotation_fk" FOREIGN KEY ("business_id","document_id") REFERENCES "public"."quotations"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_lines" ADD CONSTRAINT "quotation_lines_item_fk" FOREIGN KEY ("business_id","item_id") REFERENCES "public"."items"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_branch_fk" FOREIGN KEY ("business_id","branch_id") REFERENCES "public"."store_branches"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_party_fk" FOREIGN KEY ("business_id","party_id") REFERENCES "public"."parties"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_sale_invoice_fk" FOREIGN KEY ("business_id","sale_invoice_id") REFERENCES "public"."sale_invoices"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_invoice_lines" ADD CONSTRAINT "sale_invoice_lines_invoice_fk" FOREIGN KEY ("business_id","document_id") REFERENCES "public"."sale_invoices"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_invoice_lines" ADD CONSTRAINT "sale_invoice_lines_item_fk" FOREIGN KEY ("business_id","item_id") REFERENCES "public"."items"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_invoices" ADD CONSTRAINT "sale_invoices_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_invoices" ADD CONSTRAINT "sale_invoices_branch_fk" FOREIGN KEY ("business_id","branch_id") REFERENCES "public"."store_branches"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_invoices" ADD CONSTRAINT "sale_invoices_party_fk" FOREIGN KEY ("business_id","party_id") REFERENCES "public"."parties"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_invoices" ADD CONSTRAINT "sale_invoices_quotation_fk" FOREIGN KEY ("business_id","quotation_id") REFERENCES "public"."quotations"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_transactions_reverses_key" ON "account_transactions" USING btree ("business_id","reverses_id") WHERE "account_transactions"."reverses_id" is not null;--> statement-breakpoint
CREATE INDEX "account_transactions_account_idx" ON "account_transactions" USING btree ("business_id","account_id","date","seq");--> statement-breakpoint
CREATE INDEX "account_transactions_business_date_idx" ON "account_transactions" USING btree ("business_id","date","seq");--> statement-breakpoint
CREATE INDEX "account_transactions_document_idx" ON "account_transactions" USING btree ("business_id","document_type","document_id");--> statement-breakpoint
CREATE INDEX "account_transactions_party_idx" ON "account_transactions" USING btree ("business_id","party_id");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_business_cash_key" ON "accounts" USING btree ("business_id") WHERE "accounts"."type" = 'CASH';--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_business_name_key" ON "accounts" USING btree ("business_id",lower("display_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "quotations_number_key" ON "quotations" USING btree ("business_id","financial_year","quotation_number");--> statement-breakpoint
CREATE INDEX "quotations_business_date_idx" ON "quotations" USING btree ("business_id","quotation_date","created_at","id");--> statement-breakpoint
CREATE INDEX "quotations_business_party_idx" ON "quotations" USING btree ("business_id","party_id","quotation_date");--> statement-breakpoint
CREATE INDEX "sale_invoice_lines_item_idx" ON "sale_invoice_lines" USING btree ("business_id","item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sale_invoices_number_key" ON "sale_invoices" USING btree ("business_id","financial_year","invoice_number");--> statement-breakpoint
CREATE UNIQUE INDEX "sale_invoices_quotation_key" ON "sale_invoices" USING btree ("business_id","quotation_id") WHERE "sale_invoices"."quotation_id" is not null;--> statement-breakpoint
CREATE INDEX "sale_invoices_business_date_idx" ON "sale_invoices" USING btree ("business_id","invoice_date","created_at","id");--> statement-breakpoint
CREATE INDEX "sale_invoices_business_branch_idx" ON "sale_invoices" USING btree ("business_id","branch_id","invoice_date","created_at");--> statement-breakpoint
CREATE INDEX "sale_invoices_business_party_idx" ON "sale_invoices" USING btree ("business_id","party_id","invoice_date");--> statement-breakpoint
CREATE INDEX "sale_invoices_business_status_idx" ON "sale_invoices" USING btree ("business_id","status","invoice_date");--> statement-breakpoint
ALTER TABLE "item_serial_numbers" ADD CONSTRAINT "item_serial_numbers_branch_fk" FOREIGN KEY ("business_id","branch_id") REFERENCES "public"."store_branches"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_movements_business_document_idx" ON "stock_movements" USING btree ("business_id","document_type","document_id");--> statement-breakpoint
ALTER TABLE "item_serial_numbers" ADD CONSTRAINT "item_serial_numbers_status_check" CHECK ("item_serial_numbers"."status" in ('IN_STOCK', 'SOLD'));