-- Ratings per (server, game) and seasons (issue #35).
--
-- A rating is a derived view: rated_games keeps, in the order games were
-- settled, every finished game whose seats were all people, with who sat
-- where and how it ended (its contest); `paiju ratings rebuild` replays
-- them and must find the figures the settlements wrote. ratings,
-- rating_sides and the seasons' resets are what that replay gives.
--
-- Skills (mu, sigma) are whole nano-units: BIGINT like every number of the
-- ledger, and the same figures on both databases and in the replay.

-- Every finished game of people only with a contest, in settlement order.
CREATE TABLE rated_games (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id     BIGINT  NOT NULL UNIQUE REFERENCES games (id),
    server_id   BIGINT  NOT NULL,
    kind        TEXT    NOT NULL,
    -- The season it was played in.
    season      BIGINT  NOT NULL,
    -- The players' ids, sorted, joined by commas: the repeat rule's key.
    players     TEXT    NOT NULL,
    -- The seats (JSON list of user ids) and the contest (JSON).
    seats       TEXT    NOT NULL,
    contest     TEXT    NOT NULL,
    finished_at BIGINT  NOT NULL,
    -- 1 if it was rated, 0 if the repeat rule left it out.
    rated       BIGINT  NOT NULL,
    -- The rating report (JSON) the result showed.
    report      TEXT    NOT NULL
);

CREATE INDEX rated_games_meetings ON rated_games (server_id, kind, players, finished_at);
CREATE INDEX rated_games_in_order ON rated_games (server_id, id);

-- One player's rating in one game on one server.
CREATE TABLE ratings (
    server_id    BIGINT  NOT NULL,
    kind         TEXT    NOT NULL,
    user_id      BIGINT  NOT NULL,
    mu           BIGINT  NOT NULL,
    sigma        BIGINT  NOT NULL,
    -- The displayed rating (mu - 3 sigma in points): the ladder's order.
    points       BIGINT  NOT NULL,
    games        BIGINT  NOT NULL,
    wins         BIGINT  NOT NULL,
    streak       BIGINT  NOT NULL,
    best_streak  BIGINT  NOT NULL,
    -- The season season_games and season_wins count.
    season       BIGINT  NOT NULL,
    season_games BIGINT  NOT NULL,
    season_wins  BIGINT  NOT NULL,
    PRIMARY KEY (server_id, kind, user_id)
);

CREATE INDEX ratings_ladder ON ratings (server_id, kind, season, points DESC, user_id);

-- How often the role of a two-sided game (Dou Dizhu's landlord, Shengji's
-- banker's team) won on a server: the edge the model takes out. wins
-- counts halves (a draw is 1, a win 2).
CREATE TABLE rating_sides (
    server_id BIGINT  NOT NULL,
    kind      TEXT    NOT NULL,
    games     BIGINT  NOT NULL,
    wins      BIGINT  NOT NULL,
    PRIMARY KEY (server_id, kind)
);

-- A server's seasons: a row per ended season, and one for the running
-- season once /season start set its start (ended_at NULL). The running
-- season's number is 1 + the ended ones.
CREATE TABLE seasons (
    server_id  BIGINT  NOT NULL,
    number     BIGINT  NOT NULL,
    started_at BIGINT,
    ended_at   BIGINT,
    PRIMARY KEY (server_id, number)
);

-- The final ladder of each ended season, per game, kept.
CREATE TABLE season_standings (
    server_id BIGINT  NOT NULL,
    season    BIGINT  NOT NULL,
    kind      TEXT    NOT NULL,
    place     BIGINT  NOT NULL,
    user_id   BIGINT  NOT NULL,
    points    BIGINT  NOT NULL,
    games     BIGINT  NOT NULL,
    wins      BIGINT  NOT NULL,
    PRIMARY KEY (server_id, season, kind, place)
);
