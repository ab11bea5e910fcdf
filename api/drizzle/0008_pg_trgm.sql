-- Trigram indexes serve substring search (ILIKE '%…%'); PGlite is created with the pg_trgm extension loaded.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
