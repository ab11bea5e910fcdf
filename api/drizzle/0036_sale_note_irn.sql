CREATE TABLE "sale_note_irns" (
	"business_id" uuid NOT NULL,
	"note_id" uuid NOT NULL,
	"irn" text NOT NULL,
	"ack_no" text NOT NULL,
	"ack_date" text NOT NULL,
	"signed_invoice" text NOT NULL,
	"signed_qr_code" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sale_note_irns_pkey" PRIMARY KEY("business_id","note_id"),
	CONSTRAINT "sale_note_irns_irn_check" CHECK ("sale_note_irns"."irn" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "sale_note_irns" ADD CONSTRAINT "sale_note_irns_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_note_irns" ADD CONSTRAINT "sale_note_irns_note_fk" FOREIGN KEY ("business_id","note_id") REFERENCES "public"."sale_notes"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sale_note_irns_irn_key" ON "sale_note_irns" USING btree ("business_id","irn");
