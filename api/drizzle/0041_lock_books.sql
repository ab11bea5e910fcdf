-- Closed periods: the books of a business are closed up to this date (inclusive); null while they are open.
ALTER TABLE "businesses" ADD COLUMN "books_locked_until" date;
