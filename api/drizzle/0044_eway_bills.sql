ALTER TABLE "sale_invoices" ADD COLUMN "transport_mode" text;--> statement-breakpoint
ALTER TABLE "sale_invoices" ADD COLUMN "transport_distance_km" integer;--> statement-breakpoint
ALTER TABLE "sale_invoices" ADD COLUMN "vehicle_no" text;--> statement-breakpoint
ALTER TABLE "sale_invoices" ADD COLUMN "vehicle_type" text;--> statement-breakpoint
ALTER TABLE "sale_invoices" ADD COLUMN "transporter_id" text;--> statement-breakpoint
ALTER TABLE "sale_invoices" ADD COLUMN "transporter_name" text;--> statement-breakpoint
ALTER TABLE "sale_invoices" ADD COLUMN "trans_doc_no" text;--> statement-breakpoint
ALTER TABLE "sale_invoices" ADD COLUMN "trans_doc_date" date;--> statement-breakpoint
ALTER TABLE "sale_invoices" ADD COLUMN "ewb_no" text;--> statement-breakpoint
ALTER TABLE "sale_invoices" ADD COLUMN "ewb_date" text;--> statement-breakpoint
ALTER TABLE "sale_invoices" ADD COLUMN "ewb_valid_upto" text;--> statement-breakpoint
ALTER TABLE "sale_invoices" ADD CONSTRAINT "sale_invoices_transport_mode_check" CHECK ("sale_invoices"."transport_mode" in ('ROAD', 'RAIL', 'AIR', 'SHIP'));--> statement-breakpoint
ALTER TABLE "sale_invoices" ADD CONSTRAINT "sale_invoices_vehicle_type_check" CHECK ("sale_invoices"."vehicle_type" in ('REGULAR', 'OVER_DIMENSIONAL'));--> statement-breakpoint
ALTER TABLE "sale_invoices" ADD CONSTRAINT "sale_invoices_transport_distance_check" CHECK ("sale_invoices"."transport_distance_km" >= 0);--> statement-breakpoint
ALTER TABLE "sale_invoices" ADD CONSTRAINT "sale_invoices_ewb_no_check" CHECK ("sale_invoices"."ewb_no" ~ '^[0-9]{12}$');--> statement-breakpoint
CREATE UNIQUE INDEX "sale_invoices_ewb_no_key" ON "sale_invoices" USING btree ("business_id","ewb_no") WHERE "sale_invoices"."ewb_no" is not null;
