-- Trigram indexes back the case-insensitive ILIKE searches on names and post text.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
