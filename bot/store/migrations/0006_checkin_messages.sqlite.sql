-- League nights (docs/league.md): the newest check-in message of each night, so /league
-- join and leave can update its count after a restart too (it was kept only in memory).
-- One row per night, replaced when the next round's check-in is posted.
CREATE TABLE league_checkin_messages (
    night_id    INTEGER PRIMARY KEY REFERENCES league_nights (id),
    channel_id  INTEGER NOT NULL,
    message_id  INTEGER NOT NULL,
    drawn       INTEGER NOT NULL CHECK (drawn >= 0),
    at          REAL    NOT NULL
);
