-- League nights (docs/league.md): the messages a night keeps up to date in its channel, by
-- kind (today 'standings': the night's one standings message, edited in place after every
-- result), so the next edit finds its message after a restart too. One row per night and
-- kind, replaced when the message has to be posted again (it was deleted).
CREATE TABLE league_night_messages (
    night_id    INTEGER NOT NULL REFERENCES league_nights (id),
    kind        TEXT    NOT NULL,
    channel_id  INTEGER NOT NULL,
    message_id  INTEGER NOT NULL,
    at          REAL    NOT NULL,
    PRIMARY KEY (night_id, kind)
);
