-- Player preferences (issue 11): how a player wants to hear that it is their turn. One row
-- per player who chose something; no row means the default (bot/preferences.py). Kept per
-- Discord user, not per guild or table, so the choice follows the player everywhere.
CREATE TABLE player_preferences (
    user_id     INTEGER PRIMARY KEY,
    notify      TEXT    NOT NULL CHECK (notify IN ('mention', 'dm', 'off')),
    updated_at  REAL    NOT NULL
);
