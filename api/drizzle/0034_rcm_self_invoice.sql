-- Reverse charge from an unregistered supplier: the self-invoice issued on receipt (on the bill) and the payment
-- vouchers issued when such a bill is paid, each numbered in its own gap-free series (document_series).
ALTER TABLE "purchase_invoices" ADD COLUMN "self_invoice_number" text;
--> statement-breakpoint
ALTER TABLE "purchase_invoices" ADD COLUMN "self_invoice_series_prefix" text;
--> statement-breakpoint
ALTER TABLE "purchase_invoices" ADD COLUMN "self_invoice_series_no" integer;
--> statement-breakpoint
CREATE INDEX "purchase_invoices_self_invoice_idx" ON "purchase_invoices" USING btree ("business_id", ("branch_snapshot"->>'gstin'), "bill_date") WHERE "purchase_invoices"."self_invoice_number" is not null;
--> statement-breakpoint
CREATE TABLE "payment_vouchers" (
	"business_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"gstin" text,
	"financial_year" text NOT NULL,
	"series_prefix" text NOT NULL,
	"series_no" integer NOT NULL,
	"number" text NOT NULL,
	"date" date NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_vouchers_pkey" PRIMARY KEY("business_id","id"),
	CONSTRAINT "payment_vouchers_amount_check" CHECK ("payment_vouchers"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "payment_vouchers" ADD CONSTRAINT "payment_vouchers_transaction_fk" FOREIGN KEY ("business_id","transaction_id") REFERENCES "public"."account_transactions"("business_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payment_vouchers" ADD CONSTRAINT "payment_vouchers_branch_fk" FOREIGN KEY ("business_id","branch_id") REFERENCES "public"."store_branches"("business_id","id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "payment_vouchers_transaction_key" ON "payment_vouchers" USING btree ("business_id","transaction_id");
--> statement-breakpoint
CREATE INDEX "payment_vouchers_gstin_date_idx" ON "payment_vouchers" USING btree ("business_id","gstin","date");
