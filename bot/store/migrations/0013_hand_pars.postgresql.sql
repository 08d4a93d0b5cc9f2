-- Skill against par, PostgreSQL dialect of 0013_hand_pars.sqlite.sql (which explains the
-- table). append_only() comes from 0001.
CREATE TABLE hand_pars (
    table_id     BIGINT  NOT NULL,
    match_no     INTEGER NOT NULL,
    number       INTEGER NOT NULL,
    guild_id     BIGINT,
    user_id      BIGINT  NOT NULL,
    seat         INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),
    score        INTEGER NOT NULL,
    setup        TEXT    NOT NULL,
    par          INTEGER,
    at           DOUBLE PRECISION NOT NULL,
    computed_at  DOUBLE PRECISION,
    PRIMARY KEY (table_id, match_no, number),
    FOREIGN KEY (table_id, match_no, number) REFERENCES hands (table_id, match_no, number)
);

CREATE INDEX hand_pars_waiting ON hand_pars (at) WHERE par IS NULL;
CREATE INDEX hand_pars_guild_user_at ON hand_pars (guild_id, user_id, at);

CREATE TRIGGER hand_pars_set_once BEFORE UPDATE ON hand_pars FOR EACH ROW
    WHEN (OLD.par IS NOT NULL OR NEW.table_id <> OLD.table_id OR NEW.match_no <> OLD.match_no
        OR NEW.number <> OLD.number OR NEW.user_id <> OLD.user_id OR NEW.score <> OLD.score
        OR NEW.setup <> OLD.setup OR NEW.at <> OLD.at)
    EXECUTE FUNCTION append_only();
CREATE TRIGGER hand_pars_no_delete BEFORE DELETE ON hand_pars
    FOR EACH ROW EXECUTE FUNCTION append_only();
CREATE TRIGGER hand_pars_no_truncate BEFORE TRUNCATE ON hand_pars
    FOR EACH STATEMENT EXECUTE FUNCTION append_only();

CREATE INDEX challenge_results_user ON challenge_results (user_id, challenge_id);
