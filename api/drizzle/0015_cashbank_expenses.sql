CREATE TABLE "payment_allocations" (
	"business_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"document_type" text NOT NULL,
	"document_id" uuid NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_allocations_pkey" PRIMARY KEY("business_id","id"),
	CONSTRAINT "payment_allocations_amount_check" CHECK ("payment_allocations"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "expense_categories" (
	"business_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expense_categories_pkey" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "expenses" (
	"business_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"branch_id" uuid NOT NULL,
	"expense_number" text NOT NULL,
	"financial_year" text NOT NULL,
	"series_prefix" text NOT NULL,
	"series_no" integer NOT NULL,
	"date" date NOT NULL,
	"category_id" uuid NOT NULL,
	"party_id" uuid,
	"amount" numeric(14, 2) NOT NULL,
	"taxable_value" numeric(14, 2) NOT NULL,
	"gst_rate" numeric(6, 3),
	"supply_type" text,
	"cgst" numeric(14, 2) NOT NULL,
	"sgst" numeric(14, 2) NOT NULL,
	"igst" numeric(14, 2) NOT NULL,
	"supplier_gstin" text,
	"itc_eligible" boolean NOT NULL,
	"account_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"reference" text,
	"notes" text,
	"receipt_file" text,
	"receipt_type" text,
	"receipt_size" integer,
	"receipt_name" text,
	"status" text NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expenses_pkey" PRIMARY KEY("business_id","id"),
	CONSTRAINT "expenses_status_check" CHECK ("expenses"."status" in ('ACTIVE', 'CANCELLED')),
	CONSTRAINT "expenses_amount_check" CHECK ("expenses"."amount" > 0)
);
--> statement-breakpoint
DROP INDEX "account_transactions_account_idx";--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_transaction_fk" FOREIGN KEY ("business_id","transaction_id") REFERENCES "public"."account_transactions"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_categories" ADD CONSTRAINT "expense_categories_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_branch_fk" FOREIGN KEY ("business_id","branch_id") REFERENCES "public"."store_branches"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_category_fk" FOREIGN KEY ("business_id","category_id") REFERENCES "public"."expense_categories"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_party_fk" FOREIGN KEY ("business_id","party_id") REFERENCES "public"."parties"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_account_fk" FOREIGN KEY ("business_id","account_id") REFERENCES "public"."accounts"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_allocations_transaction_document_key" ON "payment_allocations" USING btree ("business_id","transaction_id","document_type","document_id");--> statement-breakpoint
CREATE INDEX "payment_allocations_document_idx" ON "payment_allocations" USING btree ("business_id","document_type","document_id");--> statement-breakpoint
CREATE UNIQUE INDEX "expense_categories_name_key" ON "expense_categories" USING btree ("business_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "expenses_number_key" ON "expenses" USING btree ("business_id","branch_id","financial_year","expense_number");--> statement-breakpoint
CREATE INDEX "expenses_business_date_idx" ON "expenses" USING btree ("business_id","date","created_at","id");--> statement-breakpoint
CREATE INDEX "expenses_business_category_idx" ON "expenses" USING btree ("business_id","category_id","date");--> statement-breakpoint
CREATE INDEX "account_transactions_group_idx" ON "account_transactions" USING btree ("business_id","group_id") WHERE "account_transactions"."group_id" is not null;--> statement-breakpoint
CREATE INDEX "account_transactions_account_idx" ON "account_transactions" USING btree ("business_id","account_id","date","seq","direction","amount");