CREATE TABLE "gst_settings" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"b2cl_limit" numeric(14, 2) DEFAULT '100000' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gst_settings_b2cl_limit_check" CHECK ("gst_settings"."b2cl_limit" >= 0)
);
--> statement-breakpoint
ALTER TABLE "gst_settings" ADD CONSTRAINT "gst_settings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sale_invoices_business_gstin_date_idx" ON "sale_invoices" USING btree ("business_id",("branch_snapshot" ->> 'gstin'),"invoice_date");