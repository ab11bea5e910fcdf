-- A user works at every branch of the business (all_branches, the default) or only at the branches listed in
-- user_branches: the API then shows and writes only those branches' documents and stock. Migration 0039 made
-- the column and the table; this adds when a branch was given and the index by branch.
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "all_branches" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "user_branches" ADD COLUMN IF NOT EXISTS "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "user_branches_business_branch_idx" ON "user_branches" ("business_id", "branch_id");
