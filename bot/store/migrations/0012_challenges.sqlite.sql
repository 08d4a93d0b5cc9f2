-- The duplicate challenge (issue 27): per server its settings, its challenges (the seed
-- stays secret until the close; its SHA-256 is published at the start), each member's
-- place in a challenge, every deal a member finished and the computers' own result on
-- each deal (the par). Results and pars are appended, never changed (triggers): a deal
-- is played once. Values are JSON written by bot/challenge; the store does not read them.

-- A server's settings, when it changed a default (bot/challenge/settings.py).
CREATE TABLE challenge_settings (
    guild_id    INTEGER PRIMARY KEY,
    settings    TEXT    NOT NULL,
    updated_at  REAL    NOT NULL
);

-- Challenges, numbered per server; at most one closing at any moment.
CREATE TABLE challenges (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER NOT NULL,
    number      INTEGER NOT NULL,
    seed        TEXT    NOT NULL,
    seed_hash   TEXT    NOT NULL,
    rules       TEXT    NOT NULL,
    deals       INTEGER NOT NULL CHECK (deals BETWEEN 1 AND 64),
    effort      TEXT    NOT NULL,
    channel_id  INTEGER,
    opened_at   REAL    NOT NULL,
    closes_at   REAL    NOT NULL,
    status      TEXT    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
    closed_at   REAL,
    message_id  INTEGER,
    summary_id  INTEGER,
    UNIQUE (guild_id, number),
    UNIQUE (guild_id, closes_at)
);

CREATE INDEX challenges_open ON challenges (status, closes_at);

-- One member's place in a challenge: the deal in play and its actions so far, replaced
-- at every move; `seq` counts the moves, so a stale click is refused.
CREATE TABLE challenge_entries (
    challenge_id  INTEGER NOT NULL REFERENCES challenges (id),
    user_id       INTEGER NOT NULL,
    name          TEXT    NOT NULL,
    deal          INTEGER NOT NULL CHECK (deal >= 1),
    actions       TEXT    NOT NULL,
    seq           INTEGER NOT NULL CHECK (seq >= 0),
    started_at    REAL    NOT NULL,
    updated_at    REAL    NOT NULL,
    PRIMARY KEY (challenge_id, user_id)
);

-- Every deal a member finished: their pair's score and the opponents', and the actions.
CREATE TABLE challenge_results (
    challenge_id  INTEGER NOT NULL,
    user_id       INTEGER NOT NULL,
    deal          INTEGER NOT NULL,
    score         INTEGER NOT NULL,
    against       INTEGER NOT NULL,
    makers        INTEGER NOT NULL CHECK (makers IN (0, 1)),
    trump         TEXT    NOT NULL,
    nat           INTEGER NOT NULL CHECK (nat IN (0, 1)),
    actions       TEXT    NOT NULL,
    at            REAL    NOT NULL,
    PRIMARY KEY (challenge_id, user_id, deal),
    FOREIGN KEY (challenge_id, user_id) REFERENCES challenge_entries (challenge_id, user_id)
);

-- The par: the same deal played by four computers.
CREATE TABLE challenge_pars (
    challenge_id  INTEGER NOT NULL REFERENCES challenges (id),
    deal          INTEGER NOT NULL,
    score         INTEGER NOT NULL,
    against       INTEGER NOT NULL,
    makers        INTEGER NOT NULL CHECK (makers IN (0, 1)),
    trump         TEXT    NOT NULL,
    nat           INTEGER NOT NULL CHECK (nat IN (0, 1)),
    actions       TEXT    NOT NULL,
    at            REAL    NOT NULL,
    PRIMARY KEY (challenge_id, deal)
);

CREATE TRIGGER challenge_results_no_update BEFORE UPDATE ON challenge_results
BEGIN
    SELECT RAISE(ABORT, 'challenge results are append-only');
END;

CREATE TRIGGER challenge_results_no_delete BEFORE DELETE ON challenge_results
BEGIN
    SELECT RAISE(ABORT, 'challenge results are append-only');
END;

CREATE TRIGGER challenge_pars_no_update BEFORE UPDATE ON challenge_pars
BEGIN
    SELECT RAISE(ABORT, 'challenge pars are append-only');
END;

CREATE TRIGGER challenge_pars_no_delete BEFORE DELETE ON challenge_pars
BEGIN
    SELECT RAISE(ABORT, 'challenge pars are append-only');
END;
