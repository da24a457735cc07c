-- Fewer pages written per settlement (issue #18). Every index a write
-- touches is one more page in the write-ahead log and, at the next
-- checkpoint, in the database file; a settlement touched 19 pages on
-- SQLite, of which these indexes were 4 to 5:
--
-- - journal_by_account and journal_by_game served no query: the journal is
--   read by its idempotency key (its UNIQUE index) and, in `ledger verify`,
--   in id order. Three journal rows a settlement each moved an entry in both.
-- - games_by_status indexed every game, so finishing one moved its entry
--   from the 'running' part to the 'finished' part. The only query by status
--   (resuming unfinished games at start-up) needs the running games alone:
--   a partial index on them loses an entry when a game ends and gains none.
DROP INDEX journal_by_account;
DROP INDEX journal_by_game;
DROP INDEX games_by_status;
CREATE INDEX games_running ON games (id) WHERE status = 'running';
