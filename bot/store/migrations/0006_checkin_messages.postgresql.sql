-- League nights, PostgreSQL dialect of 0006_checkin_messages.sqlite.sql: the newest
-- check-in message of each night, replaced when the next round's check-in is posted.
CREATE TABLE league_checkin_messages (
    night_id    BIGINT  PRIMARY KEY REFERENCES league_nights (id),
    channel_id  BIGINT  NOT NULL,
    message_id  BIGINT  NOT NULL,
    drawn       INTEGER NOT NULL CHECK (drawn >= 0),
    at          DOUBLE PRECISION NOT NULL
);
