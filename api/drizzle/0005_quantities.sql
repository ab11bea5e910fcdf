ALTER TABLE "item_stock" ALTER COLUMN "quantity" SET DATA TYPE numeric(14, 3);--> statement-breakpoint
ALTER TABLE "stock_movements" ALTER COLUMN "quantity" SET DATA TYPE numeric(14, 3);--> statement-breakpoint
ALTER TABLE "stock_movements" ALTER COLUMN "balance_after" SET DATA TYPE numeric(14, 3);--> statement-breakpoint
ALTER TABLE "tax_rates" ADD COLUMN "cess_per_unit" numeric(12, 3) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "allows_fraction" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "units" SET "allows_fraction" = true WHERE "id" IN ('KGS', 'GMS', 'LTR', 'MLT', 'MTR', 'CMS', 'CCM', 'CBM', 'KLR', 'KME', 'MTS', 'QTL', 'SQF', 'SQM', 'SQY', 'TON', 'UGS', 'YDS', 'GYD');
