-- How a party is registered under GST (gst-rules.md "Registration types"). A party with a GSTIN has been billed as
-- a registered business, so it is REGULAR; one without is UNREGISTERED (B2C like a consumer, and the right word for
-- a supplier too): the owner changes it to CONSUMER, SEZ, OVERSEAS or UIN where that is what the party is.
ALTER TABLE "parties" ADD COLUMN "registration_type" text DEFAULT 'UNREGISTERED' NOT NULL;--> statement-breakpoint
UPDATE "parties" SET "registration_type" = 'REGULAR' WHERE "gstin" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "parties" ADD CONSTRAINT "parties_registration_type_check" CHECK ("parties"."registration_type" in ('REGULAR', 'COMPOSITION', 'UNREGISTERED', 'CONSUMER', 'SEZ', 'OVERSEAS', 'UIN'));--> statement-breakpoint
-- The business's letter of undertaking: zero-rated supplies (SEZ, exports) without payment of IGST while it is valid.
ALTER TABLE "gst_settings" ADD COLUMN "lut_number" text;--> statement-breakpoint
ALTER TABLE "gst_settings" ADD COLUMN "lut_valid_from" date;--> statement-breakpoint
ALTER TABLE "gst_settings" ADD COLUMN "lut_valid_to" date;--> statement-breakpoint
ALTER TABLE "gst_settings" ADD CONSTRAINT "gst_settings_lut_check" CHECK (("gst_settings"."lut_number" is null and "gst_settings"."lut_valid_from" is null and "gst_settings"."lut_valid_to" is null) or ("gst_settings"."lut_number" is not null and "gst_settings"."lut_valid_from" is not null and "gst_settings"."lut_valid_to" is not null and "gst_settings"."lut_valid_from" <= "gst_settings"."lut_valid_to"));--> statement-breakpoint
-- A zero-rated sale (to an SEZ, or an export): with or without payment of IGST, the LUT it was issued under, and an
-- export's shipping bill (entered when known).
ALTER TABLE "sale_invoices" ADD COLUMN "export_type" text;--> statement-breakpoint
ALTER TABLE "sale_invoices" ADD COLUMN "lut_number" text;--> statement-breakpoint
ALTER TABLE "sale_invoices" ADD COLUMN "shipping_bill_number" text;--> statement-breakpoint
ALTER TABLE "sale_invoices" ADD COLUMN "shipping_bill_date" date;--> statement-breakpoint
ALTER TABLE "sale_invoices" ADD COLUMN "shipping_port_code" text;--> statement-breakpoint
ALTER TABLE "sale_invoices" ADD CONSTRAINT "sale_invoices_export_type_check" CHECK ("sale_invoices"."export_type" in ('WITH_PAYMENT', 'WITHOUT_PAYMENT'));--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "export_type" text;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_export_type_check" CHECK ("quotations"."export_type" in ('WITH_PAYMENT', 'WITHOUT_PAYMENT'));--> statement-breakpoint
ALTER TABLE "automated_bill_schedules" ADD COLUMN "export_type" text;--> statement-breakpoint
ALTER TABLE "automated_bill_schedules" ADD CONSTRAINT "automated_bill_schedules_export_type_check" CHECK ("automated_bill_schedules"."export_type" in ('WITH_PAYMENT', 'WITHOUT_PAYMENT'));
