-- A finished game's record in a table of its own, appended in the order
-- games end (issue #18).
--
-- Stored in the game's own row, the record (every action of the game, a
-- few KB) grew that row from ~150 bytes to most of a page at settlement:
-- the page it shared with ~25 other games overflowed and SQLite split it,
-- rewriting it, its siblings and their parent. That was 5.5 of the 9.2
-- pages a settlement wrote on SQLite. Appended here under the next id, a
-- record fills one fresh page at the end of this table, and the game's row
-- only gains that id.
--
-- games.record_id is the link (a lookup by game needs no index here, whose
-- entry would be one more page per settlement); game_records.game_id names
-- the game back for `ledger verify` and for anyone reading the table.
CREATE TABLE game_records (
    id      INTEGER PRIMARY KEY,
    game_id BIGINT  NOT NULL REFERENCES games (id),
    record  TEXT    NOT NULL
);

ALTER TABLE games ADD COLUMN record_id BIGINT REFERENCES game_records (id);

-- The records stored so far keep their game's id as their own: no lookup
-- needed to link them, and new records are numbered after the largest.
INSERT INTO game_records (id, game_id, record)
    SELECT id, id, record FROM games WHERE record IS NOT NULL ORDER BY id;
UPDATE games SET record_id = id WHERE record IS NOT NULL;
ALTER TABLE games DROP COLUMN record;
