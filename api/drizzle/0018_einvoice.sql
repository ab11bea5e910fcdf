CREATE TABLE "einvoice_settings" (
	"business_id" uuid NOT NULL,
	"enabled" boolean NOT NULL,
	"from_date" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "einvoice_settings_pkey" PRIMARY KEY("business_id")
);
--> statement-breakpoint
CREATE TABLE "sale_invoice_irns" (
	"business_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"irn" text NOT NULL,
	"ack_no" text NOT NULL,
	"ack_date" text NOT NULL,
	"signed_invoice" text NOT NULL,
	"signed_qr_code" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sale_invoice_irns_pkey" PRIMARY KEY("business_id","invoice_id"),
	CONSTRAINT "sale_invoice_irns_irn_check" CHECK ("sale_invoice_irns"."irn" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "einvoice_settings" ADD CONSTRAINT "einvoice_settings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_invoice_irns" ADD CONSTRAINT "sale_invoice_irns_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_invoice_irns" ADD CONSTRAINT "sale_invoice_irns_invoice_fk" FOREIGN KEY ("business_id","invoice_id") REFERENCES "public"."sale_invoices"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sale_invoice_irns_irn_key" ON "sale_invoice_irns" USING btree ("business_id","irn");