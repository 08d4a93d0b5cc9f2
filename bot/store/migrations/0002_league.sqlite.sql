-- Leagues (issue 10): leagues, their nights, check-ins, drawn rounds, table results,
-- organisers' adjustments and the audit trail. Everything a night produces is appended and
-- never changed (triggers refuse UPDATE and DELETE): a correction is a new version of a
-- result plus an audit entry, and the standings read each result's latest version.
-- Values are canonical JSON written by bot/league; the store does not interpret them.

-- A league's current settings; changed as a whole by an organiser.
CREATE TABLE leagues (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER,
    name        TEXT    NOT NULL,
    settings    TEXT    NOT NULL,
    created_at  REAL    NOT NULL,
    updated_at  REAL    NOT NULL
);

CREATE UNIQUE INDEX leagues_guild_name ON leagues (guild_id, name);

-- Nights, numbered per league; at most one not closed at a time.
CREATE TABLE league_nights (
    id         INTEGER PRIMARY KEY,
    league_id  INTEGER NOT NULL REFERENCES leagues (id),
    number     INTEGER NOT NULL,
    seed       TEXT    NOT NULL,
    status     TEXT    NOT NULL CHECK (status IN ('checkin', 'running', 'closed')),
    opened_at  REAL    NOT NULL,
    closed_at  REAL,
    UNIQUE (league_id, number)
);

CREATE UNIQUE INDEX league_nights_open ON league_nights (league_id) WHERE status != 'closed';

-- Check-ins and check-outs in order; who is in is the last word of each player.
CREATE TABLE league_attendance (
    night_id      INTEGER NOT NULL REFERENCES league_nights (id),
    seq           INTEGER NOT NULL,
    user_id       INTEGER NOT NULL,
    kind          TEXT    NOT NULL CHECK (kind IN ('in', 'out')),
    rounds_drawn  INTEGER NOT NULL,
    partner_id    INTEGER,
    at            REAL    NOT NULL,
    PRIMARY KEY (night_id, seq)
);

-- Each round's published draw (with its seed, so it can be reproduced); `dealt`: the bot
-- deals its tables (else they play face to face and their sheets are entered).
CREATE TABLE league_rounds (
    night_id  INTEGER NOT NULL REFERENCES league_nights (id),
    number    INTEGER NOT NULL,
    draw      TEXT    NOT NULL,
    dealt     INTEGER NOT NULL,
    at        REAL    NOT NULL,
    PRIMARY KEY (night_id, number)
);

-- The bot table that plays a drawn table, once started.
CREATE TABLE league_round_tables (
    night_id  INTEGER NOT NULL,
    round_no  INTEGER NOT NULL,
    table_no  INTEGER NOT NULL,
    table_id  INTEGER NOT NULL REFERENCES tables (id),
    at        REAL    NOT NULL,
    PRIMARY KEY (night_id, round_no, table_no),
    FOREIGN KEY (night_id, round_no) REFERENCES league_rounds (night_id, number)
);

-- Every version of every table's result; version 1 is the recorded one.
CREATE TABLE league_results (
    night_id  INTEGER NOT NULL,
    round_no  INTEGER NOT NULL,
    table_no  INTEGER NOT NULL,
    version   INTEGER NOT NULL,
    result    TEXT    NOT NULL,
    actor     INTEGER,
    at        REAL    NOT NULL,
    PRIMARY KEY (night_id, round_no, table_no, version),
    FOREIGN KEY (night_id, round_no) REFERENCES league_rounds (night_id, number)
);

-- Points an organiser adds to a player's night (a penalty is negative).
CREATE TABLE league_adjustments (
    id        INTEGER PRIMARY KEY,
    night_id  INTEGER NOT NULL REFERENCES league_nights (id),
    user_id   INTEGER NOT NULL,
    points    INTEGER NOT NULL,
    reason    TEXT    NOT NULL,
    actor     INTEGER NOT NULL,
    at        REAL    NOT NULL
);

-- Who corrected what, when and why, with the value before and after.
CREATE TABLE league_audit (
    id        INTEGER PRIMARY KEY,
    night_id  INTEGER NOT NULL REFERENCES league_nights (id),
    kind      TEXT    NOT NULL,
    round_no  INTEGER,
    table_no  INTEGER,
    line      INTEGER,
    actor     INTEGER NOT NULL,
    reason    TEXT    NOT NULL,
    before    TEXT,
    after     TEXT,
    at        REAL    NOT NULL
);

CREATE TRIGGER league_attendance_no_update BEFORE UPDATE ON league_attendance
BEGIN
    SELECT RAISE(ABORT, 'league_attendance is append-only');
END;

CREATE TRIGGER league_attendance_no_delete BEFORE DELETE ON league_attendance
BEGIN
    SELECT RAISE(ABORT, 'league_attendance is append-only');
END;

CREATE TRIGGER league_rounds_no_update BEFORE UPDATE ON league_rounds
BEGIN
    SELECT RAISE(ABORT, 'league_rounds is append-only');
END;

CREATE TRIGGER league_rounds_no_delete BEFORE DELETE ON league_rounds
BEGIN
    SELECT RAISE(ABORT, 'league_rounds is append-only');
END;

CREATE TRIGGER league_round_tables_no_update BEFORE UPDATE ON league_round_tables
BEGIN
    SELECT RAISE(ABORT, 'league_round_tables is append-only');
END;

CREATE TRIGGER league_round_tables_no_delete BEFORE DELETE ON league_round_tables
BEGIN
    SELECT RAISE(ABORT, 'league_round_tables is append-only');
END;

CREATE TRIGGER league_results_no_update BEFORE UPDATE ON league_results
BEGIN
    SELECT RAISE(ABORT, 'league_results is append-only');
END;

CREATE TRIGGER league_results_no_delete BEFORE DELETE ON league_results
BEGIN
    SELECT RAISE(ABORT, 'league_results is append-only');
END;

CREATE TRIGGER league_adjustments_no_update BEFORE UPDATE ON league_adjustments
BEGIN
    SELECT RAISE(ABORT, 'league_adjustments is append-only');
END;

CREATE TRIGGER league_adjustments_no_delete BEFORE DELETE ON league_adjustments
BEGIN
    SELECT RAISE(ABORT, 'league_adjustments is append-only');
END;

CREATE TRIGGER league_audit_no_update BEFORE UPDATE ON league_audit
BEGIN
    SELECT RAISE(ABORT, 'league_audit is append-only');
END;

CREATE TRIGGER league_audit_no_delete BEFORE DELETE ON league_audit
BEGIN
    SELECT RAISE(ABORT, 'league_audit is append-only');
END;
