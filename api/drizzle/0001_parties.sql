CREATE TABLE "parties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"name" text NOT NULL,
	"party_type" text NOT NULL,
	"mobile_number" text,
	"email" text,
	"category_id" uuid,
	"opening_balance" numeric(14, 2),
	"gstin" text,
	"pan_number" text,
	"credit_period" integer,
	"credit_limit" numeric(14, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parties_business_id_key" UNIQUE("business_id","id"),
	CONSTRAINT "parties_party_type_check" CHECK ("parties"."party_type" in ('CUSTOMER', 'SUPPLIER')),
	CONSTRAINT "parties_credit_period_check" CHECK ("parties"."credit_period" is null or "parties"."credit_period" >= 0)
);
--> statement-breakpoint
CREATE TABLE "party_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"party_id" uuid NOT NULL,
	"type" text NOT NULL,
	"street" text,
	"state_code" text,
	"pin" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "party_addresses_type_check" CHECK ("party_addresses"."type" in ('BILLING', 'SHIPPING', 'BOTH'))
);
--> statement-breakpoint
CREATE TABLE "party_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "party_categories_business_id_key" UNIQUE("business_id","id")
);
--> statement-breakpoint
ALTER TABLE "parties" ADD CONSTRAINT "parties_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parties" ADD CONSTRAINT "parties_category_fk" FOREIGN KEY ("business_id","category_id") REFERENCES "public"."party_categories"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "party_addresses" ADD CONSTRAINT "party_addresses_party_fk" FOREIGN KEY ("business_id","party_id") REFERENCES "public"."parties"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "party_categories" ADD CONSTRAINT "party_categories_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "parties_business_name_key" ON "parties" USING btree ("business_id",lower("name"));--> statement-breakpoint
CREATE INDEX "parties_business_type_name_idx" ON "parties" USING btree ("business_id","party_type",lower("name"));--> statement-breakpoint
CREATE INDEX "parties_business_category_idx" ON "parties" USING btree ("business_id","category_id");--> statement-breakpoint
CREATE INDEX "parties_business_mobile_idx" ON "parties" USING btree ("business_id","mobile_number");--> statement-breakpoint
CREATE INDEX "parties_business_gstin_idx" ON "parties" USING btree ("business_id","gstin");--> statement-breakpoint
CREATE UNIQUE INDEX "party_addresses_party_role_key" ON "party_addresses" USING btree ("business_id","party_id",("type" = 'SHIPPING'));--> statement-breakpoint
CREATE UNIQUE INDEX "party_categories_business_name_key" ON "party_categories" USING btree ("business_id",lower("name"));