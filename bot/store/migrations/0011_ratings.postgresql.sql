-- Ratings, PostgreSQL dialect of 0011_ratings.sqlite.sql (docs/ratings.md): a server's
-- rating seasons after the first (append-only), and the cache of its ratings with how far
-- they were computed.
CREATE TABLE rating_seasons (
    guild_id    BIGINT  NOT NULL,
    season      INTEGER NOT NULL CHECK (season >= 2),
    started_at  DOUBLE PRECISION NOT NULL,
    actor       BIGINT  NOT NULL,
    PRIMARY KEY (guild_id, season)
);

CREATE TRIGGER rating_seasons_no_update BEFORE UPDATE OR DELETE ON rating_seasons
    FOR EACH ROW EXECUTE FUNCTION append_only();
CREATE TRIGGER rating_seasons_no_truncate BEFORE TRUNCATE ON rating_seasons
    FOR EACH STATEMENT EXECUTE FUNCTION append_only();

CREATE TABLE rating_marks (
    guild_id    BIGINT  PRIMARY KEY,
    season      INTEGER NOT NULL,
    version     INTEGER NOT NULL,
    casual      INTEGER NOT NULL,
    league      INTEGER NOT NULL,
    seen_at     DOUBLE PRECISION NOT NULL,
    updated_at  DOUBLE PRECISION NOT NULL
);

CREATE TABLE ratings (
    guild_id  BIGINT  NOT NULL,
    season    INTEGER NOT NULL,
    user_id   BIGINT  NOT NULL,
    mu        DOUBLE PRECISION NOT NULL,
    sigma     DOUBLE PRECISION NOT NULL,
    low       DOUBLE PRECISION NOT NULL,
    games     INTEGER NOT NULL,
    at        DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (guild_id, season, user_id)
);

CREATE INDEX ratings_board ON ratings (guild_id, season, low);

CREATE INDEX matches_guild_at ON matches (guild_id, at);
CREATE INDEX league_round_tables_table ON league_round_tables (table_id);
