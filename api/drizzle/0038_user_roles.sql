-- A business's users hold one of six roles; the old STAFF label (never given by the app) reads as VIEWER, the
-- role that can change nothing.
ALTER TABLE "users" DROP CONSTRAINT IF EXISTS "users_role_check";--> statement-breakpoint
UPDATE "users" SET "role" = 'VIEWER' WHERE "role" = 'STAFF';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("role" in ('OWNER', 'ADMIN', 'ACCOUNTANT', 'BILLER', 'STOCK_KEEPER', 'VIEWER'));
