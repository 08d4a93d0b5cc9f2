-- Player preferences (issue 11), PostgreSQL dialect of 0004_preferences.sqlite.sql: how a
-- player wants to hear that it is their turn, one row per player who chose something.
CREATE TABLE player_preferences (
    user_id     BIGINT  PRIMARY KEY,
    notify      TEXT    NOT NULL CHECK (notify IN ('mention', 'dm', 'off')),
    updated_at  DOUBLE PRECISION NOT NULL
);
