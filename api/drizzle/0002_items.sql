CREATE TABLE "item_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_categories_business_id_key" UNIQUE("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "item_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_serial_numbers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"serial_no" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_stock" (
	"business_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_stock_pkey" PRIMARY KEY("business_id","item_id","branch_id"),
	CONSTRAINT "item_stock_quantity_check" CHECK ("item_stock"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"item_type" text NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"hsn_code" text,
	"sac_code" text,
	"condition" text DEFAULT 'NEW' NOT NULL,
	"has_serialisation" boolean DEFAULT false NOT NULL,
	"category_id" uuid,
	"gst_rate_id" text,
	"unit_id" text,
	"sale_price" numeric(14, 2),
	"purchase_price" numeric(14, 2),
	"is_sale_tax_applicable" boolean DEFAULT false NOT NULL,
	"is_purchase_tax_applicable" boolean DEFAULT false NOT NULL,
	"opening_stock" integer DEFAULT 0 NOT NULL,
	"opening_branch_id" uuid,
	"is_alert_enabled" boolean DEFAULT false NOT NULL,
	"alert_quantity" integer,
	"is_online_visible" boolean DEFAULT false NOT NULL,
	"as_of_date" date,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "items_business_id_key" UNIQUE("business_id","id"),
	CONSTRAINT "items_item_type_check" CHECK ("items"."item_type" in ('PRODUCT', 'SERVICE')),
	CONSTRAINT "items_condition_check" CHECK ("items"."condition" in ('NEW', 'OLD')),
	CONSTRAINT "items_opening_stock_check" CHECK ("items"."opening_stock" >= 0),
	CONSTRAINT "items_alert_quantity_check" CHECK ("items"."alert_quantity" is null or "items"."alert_quantity" >= 0),
	CONSTRAINT "items_prices_check" CHECK (coalesce("items"."sale_price", 0) >= 0 and coalesce("items"."purchase_price", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "stock_movements_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"business_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"quantity" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"date" date NOT NULL,
	"reason" text,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_rates" (
	"id" text PRIMARY KEY NOT NULL,
	"value" numeric(5, 2) NOT NULL,
	"cess_value" numeric(6, 2) DEFAULT '0' NOT NULL,
	"sort_order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "units" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"short_name" text NOT NULL,
	"sort_order" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "item_categories" ADD CONSTRAINT "item_categories_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_images" ADD CONSTRAINT "item_images_item_fk" FOREIGN KEY ("business_id","item_id") REFERENCES "public"."items"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_serial_numbers" ADD CONSTRAINT "item_serial_numbers_item_fk" FOREIGN KEY ("business_id","item_id") REFERENCES "public"."items"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_stock" ADD CONSTRAINT "item_stock_branch_id_store_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."store_branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_stock" ADD CONSTRAINT "item_stock_item_fk" FOREIGN KEY ("business_id","item_id") REFERENCES "public"."items"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_gst_rate_id_tax_rates_id_fk" FOREIGN KEY ("gst_rate_id") REFERENCES "public"."tax_rates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_opening_branch_id_store_branches_id_fk" FOREIGN KEY ("opening_branch_id") REFERENCES "public"."store_branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_category_fk" FOREIGN KEY ("business_id","category_id") REFERENCES "public"."item_categories"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_branch_id_store_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."store_branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_item_fk" FOREIGN KEY ("business_id","item_id") REFERENCES "public"."items"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "item_categories_business_name_key" ON "item_categories" USING btree ("business_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "item_images_business_file_key" ON "item_images" USING btree ("business_id","file_name");--> statement-breakpoint
CREATE INDEX "item_images_business_item_idx" ON "item_images" USING btree ("business_id","item_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "item_serial_numbers_item_serial_key" ON "item_serial_numbers" USING btree ("business_id","item_id",upper("serial_no"));--> statement-breakpoint
CREATE INDEX "item_stock_business_branch_idx" ON "item_stock" USING btree ("business_id","branch_id","item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "items_business_code_key" ON "items" USING btree ("business_id",lower("code"));--> statement-breakpoint
CREATE INDEX "items_business_name_idx" ON "items" USING btree ("business_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "items_business_type_name_idx" ON "items" USING btree ("business_id","item_type",lower("name"));--> statement-breakpoint
CREATE INDEX "items_business_category_idx" ON "items" USING btree ("business_id","category_id");--> statement-breakpoint
CREATE INDEX "stock_movements_business_item_idx" ON "stock_movements" USING btree ("business_id","item_id","seq");--> statement-breakpoint
CREATE INDEX "stock_movements_business_branch_idx" ON "stock_movements" USING btree ("business_id","branch_id","seq");