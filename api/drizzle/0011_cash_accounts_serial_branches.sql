-- Every business has a "Cash in hand" account (new ones get it at sign-up).
INSERT INTO "accounts" ("business_id", "type", "display_name", "opening_balance", "as_of_date")
SELECT b."id", 'CASH', 'Cash in hand', 0, (b."created_at" AT TIME ZONE 'Asia/Kolkata')::date
FROM "businesses" b
WHERE NOT EXISTS (SELECT 1 FROM "accounts" a WHERE a."business_id" = b."id" AND a."type" = 'CASH');--> statement-breakpoint
-- Serial numbers made before branches held them sit where their item's opening stock went, else at the default branch.
UPDATE "item_serial_numbers" s
SET "branch_id" = coalesce(
  i."opening_branch_id",
  (SELECT br."id" FROM "store_branches" br WHERE br."business_id" = s."business_id"
   ORDER BY br."is_default" DESC, br."created_at" LIMIT 1)
)
FROM "items" i
WHERE i."business_id" = s."business_id" AND i."id" = s."item_id" AND s."branch_id" IS NULL;
