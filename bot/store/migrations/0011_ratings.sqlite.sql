-- Ratings (docs/ratings.md). A server's ratings are a function of the results the store
-- already holds (matches of casual tables, league results), replayed in order; these
-- tables hold what that function cannot know (who started a new season, and when) and a
-- cache of its last answer, so a read replays only the results that came since.

-- A server's rating seasons after the first: season 1 is implicit and starts with its
-- first result. Append-only: the row says who started the season and when (the audit).
CREATE TABLE rating_seasons (
    guild_id    INTEGER NOT NULL,
    season      INTEGER NOT NULL CHECK (season >= 2),
    started_at  REAL    NOT NULL,
    actor       INTEGER NOT NULL,
    PRIMARY KEY (guild_id, season)
);

CREATE TRIGGER rating_seasons_no_update BEFORE UPDATE ON rating_seasons
BEGIN
    SELECT RAISE(ABORT, 'rating seasons are append-only');
END;

CREATE TRIGGER rating_seasons_no_delete BEFORE DELETE ON rating_seasons
BEGIN
    SELECT RAISE(ABORT, 'rating seasons are append-only');
END;

-- The cache: how far the server's ratings of `season` were computed (how many matches
-- and league result versions they counted, and the latest moment of those), and a
-- version that every save bumps, so a save computed from an older state is refused rather
-- than written over a newer one.
CREATE TABLE rating_marks (
    guild_id    INTEGER PRIMARY KEY,
    season      INTEGER NOT NULL,
    version     INTEGER NOT NULL,
    casual      INTEGER NOT NULL,
    league      INTEGER NOT NULL,
    seen_at     REAL    NOT NULL,
    updated_at  REAL    NOT NULL
);

-- One row per player rated in a season: openskill's mu and sigma, the games behind them,
-- and `low` (mu less twice sigma), the order of the board.
CREATE TABLE ratings (
    guild_id  INTEGER NOT NULL,
    season    INTEGER NOT NULL,
    user_id   INTEGER NOT NULL,
    mu        REAL    NOT NULL,
    sigma     REAL    NOT NULL,
    low       REAL    NOT NULL,
    games     INTEGER NOT NULL,
    at        REAL    NOT NULL,
    PRIMARY KEY (guild_id, season, user_id)
);

CREATE INDEX ratings_board ON ratings (guild_id, season, low);

-- The matches of a server from a moment on: what a season's ratings count and replay
-- (a league table's match is found by its table, and counted as its league result).
CREATE INDEX matches_guild_at ON matches (guild_id, at);
CREATE INDEX league_round_tables_table ON league_round_tables (table_id);
