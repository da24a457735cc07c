-- The actions of a running game appended since its last full snapshot
-- (games.snapshot), one row per action: saving a move writes the move, not
-- the whole game. A game as stored is its snapshot followed by these rows in
-- version order; saving a full snapshot (a compaction) or settling the game
-- (its record then holds every action) deletes them.
CREATE TABLE game_actions (
    game_id BIGINT NOT NULL REFERENCES games (id),
    version BIGINT NOT NULL,
    -- The record action (JSON, with its seat).
    action  TEXT   NOT NULL,
    PRIMARY KEY (game_id, version)
);
