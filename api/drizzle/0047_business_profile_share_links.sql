-- The business profile that prints on its documents: legal and trade name, address, contact, UPI ID and payee, the
-- bank account printed for transfers, the default terms and notes of a sale, and how documents print.
ALTER TABLE "businesses" ADD COLUMN "legal_name" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "trade_name" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "address_street" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "address_city" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "address_state_code" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "address_pin" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "upi_id" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "payee_name" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "print_bank_account_id" uuid;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "default_terms" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "default_notes" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "print_settings" jsonb;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "profile_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_print_bank_account_fk" FOREIGN KEY ("id","print_bank_account_id") REFERENCES "public"."accounts"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_address_pin_check" CHECK ("businesses"."address_pin" ~ '^[1-9][0-9]{5}$');--> statement-breakpoint
CREATE TABLE "business_images" (
	"business_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"sha256" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_images_pkey" PRIMARY KEY("business_id","kind"),
	CONSTRAINT "business_images_kind_check" CHECK ("business_images"."kind" in ('LOGO', 'SIGNATURE')),
	CONSTRAINT "business_images_content_type_check" CHECK ("business_images"."content_type" in ('image/png', 'image/jpeg')),
	CONSTRAINT "business_images_size_check" CHECK (octet_length("business_images"."bytes") between 1 and 1048576)
);--> statement-breakpoint
ALTER TABLE "business_images" ADD CONSTRAINT "business_images_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- A public, read-only link to one sale invoice or quotation. Only the SHA-256 of its token is kept; the token
-- carries the business id, so a link is found inside its business.
CREATE TABLE "share_links" (
	"business_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"sale_invoice_id" uuid,
	"quotation_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "share_links_pkey" PRIMARY KEY("business_id","id"),
	CONSTRAINT "share_links_one_document_check" CHECK (("share_links"."sale_invoice_id" is null) <> ("share_links"."quotation_id" is null))
);--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_sale_invoice_fk" FOREIGN KEY ("business_id","sale_invoice_id") REFERENCES "public"."sale_invoices"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_quotation_fk" FOREIGN KEY ("business_id","quotation_id") REFERENCES "public"."quotations"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_created_by_fk" FOREIGN KEY ("business_id","created_by") REFERENCES "public"."users"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "share_links_token_key" ON "share_links" USING btree ("business_id","token_hash");--> statement-breakpoint
CREATE INDEX "share_links_sale_invoice_idx" ON "share_links" USING btree ("business_id","sale_invoice_id") WHERE "share_links"."sale_invoice_id" is not null;--> statement-breakpoint
CREATE INDEX "share_links_quotation_idx" ON "share_links" USING btree ("business_id","quotation_id") WHERE "share_links"."quotation_id" is not null;--> statement-breakpoint
-- The change feed (migration 0023) hears every business table.
DO $$
DECLARE
	t text;
BEGIN
	FOREACH t IN ARRAY ARRAY['business_images', 'share_links'] LOOP
		IF NOT EXISTS (SELECT 1 FROM pg_trigger WHERE tgname = t || '_notify_insert') THEN
			EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_business_change(%L)', t || '_notify_insert', t, 'data');
			EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_business_change(%L)', t || '_notify_update', t, 'data');
			EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_business_change(%L)', t || '_notify_delete', t, 'data');
			EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION notify_shared_change()', t || '_notify_truncate', t);
		END IF;
	END LOOP;
END $$;
--> statement-breakpoint
-- Making and revoking a public link is in the audit trail (migration 0040); the profile's own changes already are,
-- as changes of the businesses row.
CREATE CONSTRAINT TRIGGER "share_links_audit" AFTER INSERT OR UPDATE OR DELETE ON "share_links" DEFERRABLE INITIALLY DEFERRED
	FOR EACH ROW EXECUTE FUNCTION audit_row_change('share_link');
