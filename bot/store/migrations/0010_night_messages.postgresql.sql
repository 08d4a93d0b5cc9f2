-- League nights, PostgreSQL dialect of 0010_night_messages.sqlite.sql: the messages a night
-- keeps up to date in its channel (the standings), one row per night and kind.
CREATE TABLE league_night_messages (
    night_id    BIGINT  NOT NULL REFERENCES league_nights (id),
    kind        TEXT    NOT NULL,
    channel_id  BIGINT  NOT NULL,
    message_id  BIGINT  NOT NULL,
    at          DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (night_id, kind)
);
