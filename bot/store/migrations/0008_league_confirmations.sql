-- Confirmation of entered results (issue 23): the audit trail also records each entry of a
-- result and its confirmation, so who entered and who confirmed are kept, append-only like
-- the rest of it. `subject` is the user an entry concerns: on an entry, the opponent asked
-- to confirm it (NULL: nobody is asked, an organiser's entry stands). The same SQL on both
-- back ends.
ALTER TABLE league_audit ADD COLUMN subject BIGINT;
