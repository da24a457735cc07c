-- 要不起 (issue #36): the members who chose that when passing is their only
-- move (a play stands that nothing in their hand beats) the table passes
-- for them at once instead of asking. One row per (server, member) who
-- chose it; switching it off deletes the row, so the default is to ask.
-- Nothing here moves chips.
CREATE TABLE autopass (
    server_id BIGINT NOT NULL,
    user_id   BIGINT NOT NULL,
    PRIMARY KEY (server_id, user_id)
);
