-- The bot's own small facts, one row per key, replaced when they change: today the hash of
-- the slash commands last published to Discord (bot/client.py), so a start publishes only
-- when the command tree changed. The same SQL on both back ends.
CREATE TABLE bot_state (
    key         TEXT    PRIMARY KEY,
    value       TEXT    NOT NULL,
    updated_at  DOUBLE PRECISION NOT NULL
);
