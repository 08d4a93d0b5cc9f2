-- Turn notices (docs/table-ux.md 2.10): the mention a table last posted in its channel, so
-- a restart can still delete it when the turn moves (it was kept only in memory before).
-- NULL: no mention of this table is standing in its channel.
ALTER TABLE tables ADD COLUMN notice_id INTEGER;
