-- The messages a front end posted for a running game (issue #17, item 13):
-- on Discord the table message and each seat's hand DM. After a restart the
-- resumed game reads them back to retire the old table message's controls
-- and to edit the old hand DMs instead of leaving them outdated. One row per
-- (game, user); user_id 0 is the public table message. Rows of finished
-- games are never read again; they are a few dozen bytes a game.
CREATE TABLE game_messages (
    game_id    BIGINT NOT NULL REFERENCES games (id),
    user_id    BIGINT NOT NULL,
    channel_id BIGINT NOT NULL,
    message_id BIGINT NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
