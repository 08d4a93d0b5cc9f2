-- Turn notices, PostgreSQL dialect of 0005_turn_notices.sqlite.sql: the mention a table
-- last posted in its channel, so a restart can still delete it.
ALTER TABLE tables ADD COLUMN notice_id BIGINT;
