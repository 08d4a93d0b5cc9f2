-- Skill against par (issue 27, docs/pars.md): every hand a player played alone with three
-- computers at a casual table, with what its par needs (the deal and the computers), and
-- the par once computed: the strong computer's result in the player's seat with the same
-- cards and the same computers. Written with the hand's score line (one transaction), so
-- a hand without its par yet is found again after a restart. `par` is set once (NULL until
-- then); nothing else changes. The challenge's deals need no row: their par is the
-- challenge's own (challenge_pars).
CREATE TABLE hand_pars (
    table_id     INTEGER NOT NULL,
    match_no     INTEGER NOT NULL,
    number       INTEGER NOT NULL,
    guild_id     INTEGER,
    user_id      INTEGER NOT NULL,
    seat         INTEGER NOT NULL CHECK (seat BETWEEN 0 AND 3),
    score        INTEGER NOT NULL,  -- the player's pair's score for the hand
    setup        TEXT    NOT NULL,  -- what the par's replay needs (JSON, bot/pars)
    par          INTEGER,           -- the par pair's score; NULL until computed
    at           REAL    NOT NULL,  -- when the hand was scored
    computed_at  REAL,
    PRIMARY KEY (table_id, match_no, number),
    FOREIGN KEY (table_id, match_no, number) REFERENCES hands (table_id, match_no, number)
);

CREATE INDEX hand_pars_waiting ON hand_pars (at) WHERE par IS NULL;
CREATE INDEX hand_pars_guild_user_at ON hand_pars (guild_id, user_id, at);

CREATE TRIGGER hand_pars_set_once BEFORE UPDATE ON hand_pars
WHEN OLD.par IS NOT NULL OR NEW.table_id != OLD.table_id OR NEW.match_no != OLD.match_no
    OR NEW.number != OLD.number OR NEW.user_id != OLD.user_id OR NEW.score != OLD.score
    OR NEW.setup != OLD.setup OR NEW.at != OLD.at
BEGIN
    SELECT RAISE(ABORT, 'a hand''s par is set once');
END;

CREATE TRIGGER hand_pars_no_delete BEFORE DELETE ON hand_pars
BEGIN
    SELECT RAISE(ABORT, 'hand pars are kept');
END;

-- /stats reads a player's challenge deals by server.
CREATE INDEX challenge_results_user ON challenge_results (user_id, challenge_id);
