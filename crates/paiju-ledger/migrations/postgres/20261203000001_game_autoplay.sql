-- 托管 (issue #36): the seats of a running game that their player handed
-- to the computer, so that a game resumed after a restart keeps playing
-- them until the player takes the seat back. One row per seat on 托管; a
-- seat taken back is deleted. Nothing here moves chips.
CREATE TABLE game_autoplay (
    game_id BIGINT NOT NULL REFERENCES games (id),
    seat    BIGINT NOT NULL,
    PRIMARY KEY (game_id, seat)
);
