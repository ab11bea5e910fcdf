-- One account's day totals (its balance on a date, the running balance after a back-dated movement, the check that
-- cash never goes below zero) are read by account and date, not by date across the business.
CREATE INDEX "journal_day_totals_account_date" ON "journal_day_totals" USING btree ("business_id", "account_id", "date");
