-- Every business starts with the default expense categories (new ones get them at sign-up); names a business
-- already has (in any case) are left as they are.
INSERT INTO "expense_categories" ("business_id", "name", "is_default")
SELECT b."id", c."name", true
FROM "businesses" b
CROSS JOIN (VALUES ('Rent'), ('Salaries'), ('Electricity'), ('Transport'), ('Office supplies'), ('Repairs'),
                   ('Telephone & Internet'), ('Bank charges'), ('Other')) AS c("name")
WHERE NOT EXISTS (
  SELECT 1 FROM "expense_categories" e WHERE e."business_id" = b."id" AND lower(e."name") = lower(c."name")
);
