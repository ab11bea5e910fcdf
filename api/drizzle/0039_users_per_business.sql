-- One mobile number may be a user of several businesses (the same person owning two shops, or working at them):
-- a number is unique within a business, and login finds every business it belongs to.
DROP INDEX IF EXISTS "users_mobile_key";--> statement-breakpoint
CREATE UNIQUE INDEX "users_business_mobile_key" ON "users" ("business_id", "mobile");--> statement-breakpoint
CREATE INDEX "users_mobile_idx" ON "users" ("mobile");--> statement-breakpoint
-- A deactivated user cannot log in and has no sessions; the row stays, since documents name their user.
ALTER TABLE "users" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- When the user last signed in to this business: a number of several businesses starts in the last one used.
ALTER TABLE "users" ADD COLUMN "last_signed_in_at" timestamp with time zone;--> statement-breakpoint
-- The branches a user may work at: every branch when all_branches, else those listed in user_branches.
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "all_branches" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "user_branches" (
	"business_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	CONSTRAINT "user_branches_pkey" PRIMARY KEY ("business_id", "user_id", "branch_id"),
	CONSTRAINT "user_branches_user_fk" FOREIGN KEY ("business_id", "user_id") REFERENCES "users" ("business_id", "id") ON DELETE CASCADE,
	CONSTRAINT "user_branches_branch_fk" FOREIGN KEY ("business_id", "branch_id") REFERENCES "store_branches" ("business_id", "id") ON DELETE CASCADE
);--> statement-breakpoint
-- The change feed (migration 0023) hears every business table: a user's branches are part of their session.
DO $$
BEGIN
	IF NOT EXISTS (SELECT 1 FROM pg_trigger WHERE tgname = 'user_branches_notify_insert') THEN
		CREATE TRIGGER "user_branches_notify_insert" AFTER INSERT ON "user_branches" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_business_change('data');
		CREATE TRIGGER "user_branches_notify_update" AFTER UPDATE ON "user_branches" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_business_change('data');
		CREATE TRIGGER "user_branches_notify_delete" AFTER DELETE ON "user_branches" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_business_change('data');
		CREATE TRIGGER "user_branches_notify_truncate" AFTER TRUNCATE ON "user_branches" FOR EACH STATEMENT EXECUTE FUNCTION notify_shared_change();
	END IF;
END $$;
