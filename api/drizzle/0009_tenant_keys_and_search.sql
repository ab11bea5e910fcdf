-- The targets of the (business_id, ...) foreign keys below come first.
ALTER TABLE "store_branches" ADD CONSTRAINT "store_branches_business_id_key" UNIQUE("business_id","id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_business_id_key" UNIQUE("business_id","id");--> statement-breakpoint
ALTER TABLE "item_stock" DROP CONSTRAINT "item_stock_branch_id_store_branches_id_fk";
--> statement-breakpoint
ALTER TABLE "items" DROP CONSTRAINT "items_opening_branch_id_store_branches_id_fk";
--> statement-breakpoint
ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_branch_id_store_branches_id_fk";
--> statement-breakpoint
ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_user_id_users_id_fk";
--> statement-breakpoint
DROP INDEX "users_business_idx";--> statement-breakpoint
ALTER TABLE "parties" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(name || ' ' || coalesce(mobile_number, '') || ' ' || coalesce(gstin, ''))) STORED;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(name || ' ' || code || ' ' || coalesce(hsn_code, '') || ' ' || coalesce(sac_code, ''))) STORED;--> statement-breakpoint
ALTER TABLE "item_stock" ADD CONSTRAINT "item_stock_branch_fk" FOREIGN KEY ("business_id","branch_id") REFERENCES "public"."store_branches"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_opening_branch_fk" FOREIGN KEY ("business_id","opening_branch_id") REFERENCES "public"."store_branches"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_branch_fk" FOREIGN KEY ("business_id","branch_id") REFERENCES "public"."store_branches"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_user_fk" FOREIGN KEY ("business_id","user_id") REFERENCES "public"."users"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "parties_search_trgm_idx" ON "parties" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "items_search_trgm_idx" ON "items" USING gin ("search_text" gin_trgm_ops);
