-- A user works at every branch of the business (all_branches, the default) or only at the branches listed in
-- user_branches: the API then shows and writes only those branches' documents and stock.
ALTER TABLE "users" ADD COLUMN "all_branches" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE TABLE "user_branches" (
	"business_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_branches_pkey" PRIMARY KEY ("business_id", "user_id", "branch_id"),
	CONSTRAINT "user_branches_user_fk" FOREIGN KEY ("business_id", "user_id") REFERENCES "users" ("business_id", "id") ON DELETE CASCADE,
	CONSTRAINT "user_branches_branch_fk" FOREIGN KEY ("business_id", "branch_id") REFERENCES "store_branches" ("business_id", "id") ON DELETE CASCADE
);--> statement-breakpoint
CREATE INDEX "user_branches_business_branch_idx" ON "user_branches" ("business_id", "branch_id");--> statement-breakpoint
-- The change feed hears it: a user's branches are part of their cached session.
CREATE TRIGGER "user_branches_notify_insert" AFTER INSERT ON "user_branches" REFERENCING NEW TABLE AS changed_rows
	FOR EACH STATEMENT EXECUTE FUNCTION notify_business_change('data');--> statement-breakpoint
CREATE TRIGGER "user_branches_notify_update" AFTER UPDATE ON "user_branches" REFERENCING NEW TABLE AS changed_rows
	FOR EACH STATEMENT EXECUTE FUNCTION notify_business_change('data');--> statement-breakpoint
CREATE TRIGGER "user_branches_notify_delete" AFTER DELETE ON "user_branches" REFERENCING OLD TABLE AS changed_rows
	FOR EACH STATEMENT EXECUTE FUNCTION notify_business_change('data');--> statement-breakpoint
CREATE TRIGGER "user_branches_notify_truncate" AFTER TRUNCATE ON "user_branches"
	FOR EACH STATEMENT EXECUTE FUNCTION notify_shared_change();
