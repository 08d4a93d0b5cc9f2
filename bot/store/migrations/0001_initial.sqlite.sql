-- Initial schema. Applied inside one transaction by bot/store/db.py; never edit a released
-- migration, add 0002_*.sql instead.

-- One row per table (a game at a Discord channel). `snapshot` is the engine state as JSON,
-- `seq` the number of the last action in its log.
CREATE TABLE tables (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER,
    channel_id  INTEGER NOT NULL,
    opener_id   INTEGER NOT NULL,
    status      TEXT    NOT NULL CHECK (status IN ('lobby', 'playing', 'finished', 'closed')),
    message_id  INTEGER,
    created_at  REAL    NOT NULL,
    updated_at  REAL    NOT NULL,
    seq         INTEGER NOT NULL DEFAULT 0,
    snapshot    TEXT    NOT NULL
);

-- At most one open table per channel.
CREATE UNIQUE INDEX tables_open_channel ON tables (channel_id)
    WHERE status IN ('lobby', 'playing');

-- The append-only action log: replaying it from the seed must reproduce the snapshot.
CREATE TABLE actions (
    table_id  INTEGER NOT NULL REFERENCES tables (id),
    seq       INTEGER NOT NULL,
    actor     INTEGER,
    kind      TEXT    NOT NULL,
    payload   TEXT    NOT NULL,
    at        REAL    NOT NULL,
    PRIMARY KEY (table_id, seq)
);

CREATE TRIGGER actions_no_update BEFORE UPDATE ON actions
BEGIN
    SELECT RAISE(ABORT, 'actions are append-only');
END;

CREATE TRIGGER actions_no_delete BEFORE DELETE ON actions
BEGIN
    SELECT RAISE(ABORT, 'actions are append-only');
END;

-- The score sheet: one row per finished hand.
CREATE TABLE hands (
    table_id  INTEGER NOT NULL REFERENCES tables (id),
    match_no  INTEGER NOT NULL,
    number    INTEGER NOT NULL,
    guild_id  INTEGER,
    dealer    INTEGER NOT NULL,
    trump     TEXT    NOT NULL,
    makers    INTEGER NOT NULL,
    chooser   INTEGER NOT NULL,
    points0   INTEGER NOT NULL,
    points1   INTEGER NOT NULL,
    roem0     INTEGER NOT NULL,
    roem1     INTEGER NOT NULL,
    score0    INTEGER NOT NULL,
    score1    INTEGER NOT NULL,
    nat       INTEGER NOT NULL,
    pit       INTEGER,
    at        REAL    NOT NULL,
    PRIMARY KEY (table_id, match_no, number)
);

-- One row per human player per finished hand, from that player's point of view; the
-- statistics are plain aggregates over it. Computer seats get no row.
CREATE TABLE player_hands (
    table_id   INTEGER NOT NULL,
    match_no   INTEGER NOT NULL,
    number     INTEGER NOT NULL,
    guild_id   INTEGER,
    user_id    INTEGER NOT NULL,
    seat       INTEGER NOT NULL,
    pair       INTEGER NOT NULL,
    maker      INTEGER NOT NULL,  -- their pair made trump
    chose      INTEGER NOT NULL,  -- they chose trump
    nat        INTEGER NOT NULL,  -- their pair were makers and went nat
    pit        INTEGER NOT NULL,  -- their pair took all tricks
    points     INTEGER NOT NULL,  -- their pair's score for the hand
    roem       INTEGER NOT NULL,  -- roem their pair claimed
    computers  INTEGER NOT NULL,  -- any seat of the table was a computer
    at         REAL    NOT NULL,
    PRIMARY KEY (table_id, match_no, number, user_id),
    FOREIGN KEY (table_id, match_no, number) REFERENCES hands (table_id, match_no, number)
);

CREATE INDEX player_hands_guild_user_at ON player_hands (guild_id, user_id, at);

-- One row per finished match.
CREATE TABLE matches (
    table_id   INTEGER NOT NULL REFERENCES tables (id),
    match_no   INTEGER NOT NULL,
    guild_id   INTEGER,
    rules      TEXT    NOT NULL,
    total0     INTEGER NOT NULL,
    total1     INTEGER NOT NULL,
    winner     INTEGER,
    hands      INTEGER NOT NULL,
    computers  INTEGER NOT NULL,
    at         REAL    NOT NULL,
    PRIMARY KEY (table_id, match_no)
);

CREATE TABLE player_matches (
    table_id   INTEGER NOT NULL,
    match_no   INTEGER NOT NULL,
    guild_id   INTEGER,
    user_id    INTEGER NOT NULL,
    pair       INTEGER NOT NULL,
    result     TEXT    NOT NULL CHECK (result IN ('win', 'draw', 'loss')),
    points     INTEGER NOT NULL,  -- their pair's total
    computers  INTEGER NOT NULL,
    at         REAL    NOT NULL,
    PRIMARY KEY (table_id, match_no, user_id),
    FOREIGN KEY (table_id, match_no) REFERENCES matches (table_id, match_no)
);

CREATE INDEX player_matches_guild_at ON player_matches (guild_id, at);
