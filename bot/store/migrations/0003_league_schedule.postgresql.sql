-- League schedules (issue 10), PostgreSQL dialect of 0003_league_schedule.sqlite.sql: what
-- the bot posted for each scheduled night, appended once and never changed (append_only()
-- from 0001 refuses UPDATE, DELETE and TRUNCATE).
CREATE TABLE league_schedule_runs (
    league_id   BIGINT  NOT NULL REFERENCES leagues (id),
    starts_at   BIGINT  NOT NULL,
    kind        TEXT    NOT NULL CHECK (kind IN ('checkin', 'reminder')),
    minutes     INTEGER NOT NULL,
    due_at      BIGINT  NOT NULL,
    outcome     TEXT    NOT NULL CHECK (outcome IN ('posted', 'skipped')),
    message_id  BIGINT,
    at          DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (league_id, starts_at, kind, minutes)
);

CREATE TRIGGER league_schedule_runs_no_update BEFORE UPDATE OR DELETE ON league_schedule_runs
    FOR EACH ROW EXECUTE FUNCTION append_only();
CREATE TRIGGER league_schedule_runs_no_truncate BEFORE TRUNCATE ON league_schedule_runs
    FOR EACH STATEMENT EXECUTE FUNCTION append_only();
