-- League schedules (issue 10): what the bot posted for each scheduled night, so a restart
-- neither misses nor repeats a check-in or a reminder. A league's schedule itself lives in
-- its settings (bot/league/schedule.py); this table only records each posting's outcome,
-- appended once and never changed (triggers refuse UPDATE and DELETE).

-- One row per posting of a scheduled night: `starts_at` is the night's scheduled start
-- (UTC, whole seconds since the epoch), `minutes` the reminder's minutes before it (0 for
-- the check-in: one per night, whatever its lead). `outcome`: 'posted' (the front end
-- posted it, `message_id` if it said) or 'skipped' (missed while the bot was down past
-- the start, or superseded by a later posting due at the same time).
CREATE TABLE league_schedule_runs (
    league_id   INTEGER NOT NULL REFERENCES leagues (id),
    starts_at   INTEGER NOT NULL,
    kind        TEXT    NOT NULL CHECK (kind IN ('checkin', 'reminder')),
    minutes     INTEGER NOT NULL,
    due_at      INTEGER NOT NULL,
    outcome     TEXT    NOT NULL CHECK (outcome IN ('posted', 'skipped')),
    message_id  INTEGER,
    at          REAL    NOT NULL,
    PRIMARY KEY (league_id, starts_at, kind, minutes)
);

CREATE TRIGGER league_schedule_runs_no_update BEFORE UPDATE ON league_schedule_runs
BEGIN
    SELECT RAISE(ABORT, 'league_schedule_runs is append-only');
END;

CREATE TRIGGER league_schedule_runs_no_delete BEFORE DELETE ON league_schedule_runs
BEGIN
    SELECT RAISE(ABORT, 'league_schedule_runs is append-only');
END;
