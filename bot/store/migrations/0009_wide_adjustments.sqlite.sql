-- A league adjustment's points: SQLite's INTEGER already holds 64 bits, so only the
-- PostgreSQL dialect widens the column (0008_wide_adjustments.postgresql.sql); this number
-- keeps both back ends at the same schema version.
SELECT 1;
