-- Uploaded files live in the database, so that any instance of the API serves any file: item images, purchase bills
-- and expense receipts name their bytes in stored_files. Files uploaded before are moved in at start (SQL cannot read
-- them): services/files/import.ts fills the file_id columns from DATA_DIR once.
CREATE TABLE "stored_files" (
	"business_id" uuid NOT NULL REFERENCES "businesses"("id"),
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"bytes" bytea NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_pkey" PRIMARY KEY ("business_id", "id"),
	CONSTRAINT "stored_files_size_check" CHECK ("size" = octet_length("bytes"))
);
--> statement-breakpoint
-- The bytes are read whole and never searched: kept out of line, uncompressed (images and PDFs are compressed already).
ALTER TABLE "stored_files" ALTER COLUMN "bytes" SET STORAGE EXTERNAL;
--> statement-breakpoint
ALTER TABLE "item_images" ADD COLUMN "file_id" uuid;
--> statement-breakpoint
ALTER TABLE "item_images" ADD CONSTRAINT "item_images_file_fk" FOREIGN KEY ("business_id", "file_id") REFERENCES "stored_files"("business_id", "id");
--> statement-breakpoint
ALTER TABLE "purchase_invoices" ADD COLUMN "attachment_file_id" uuid;
--> statement-breakpoint
ALTER TABLE "purchase_invoices" ADD CONSTRAINT "purchase_invoices_attachment_file_fk" FOREIGN KEY ("business_id", "attachment_file_id") REFERENCES "stored_files"("business_id", "id");
--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "receipt_file_id" uuid;
--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_receipt_file_fk" FOREIGN KEY ("business_id", "receipt_file_id") REFERENCES "stored_files"("business_id", "id");
--> statement-breakpoint
-- The change feed hears every business table (migration 0023).
CREATE TRIGGER "stored_files_notify_insert" AFTER INSERT ON "stored_files" REFERENCING NEW TABLE AS changed_rows
	FOR EACH STATEMENT EXECUTE FUNCTION notify_business_change('data');
--> statement-breakpoint
CREATE TRIGGER "stored_files_notify_update" AFTER UPDATE ON "stored_files" REFERENCING NEW TABLE AS changed_rows
	FOR EACH STATEMENT EXECUTE FUNCTION notify_business_change('data');
--> statement-breakpoint
CREATE TRIGGER "stored_files_notify_delete" AFTER DELETE ON "stored_files" REFERENCING OLD TABLE AS changed_rows
	FOR EACH STATEMENT EXECUTE FUNCTION notify_business_change('data');
--> statement-breakpoint
CREATE TRIGGER "stored_files_notify_truncate" AFTER TRUNCATE ON "stored_files"
	FOR EACH STATEMENT EXECUTE FUNCTION notify_shared_change();
