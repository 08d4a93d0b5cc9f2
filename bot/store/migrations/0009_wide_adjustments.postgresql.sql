-- A league adjustment's points as wide as SQLite keeps them (64 bits): the league bounds
-- what an organiser types (bot/league/entry.py PENALTY_RANGE), and the column never is the
-- narrower limit on either back end.
ALTER TABLE league_adjustments ALTER COLUMN points TYPE BIGINT;
