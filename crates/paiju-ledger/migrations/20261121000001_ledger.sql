-- The chip ledger: accounts, the append-only journal, games and their seats.
--
-- Written in the subset of SQL that SQLite and Postgres share, except the
-- auto-increment keys (a Postgres migration set would say
-- `BIGINT GENERATED ALWAYS AS IDENTITY`). Amounts and ids are BIGINT: Discord
-- snowflakes (u64) are stored bit-for-bit as i64. Every integer column is
-- BIGINT so the Rust side reads and binds i64 everywhere (Postgres is strict
-- about INT4 vs INT8).

-- One balance per (server, user).
CREATE TABLE accounts (
    server_id    BIGINT  NOT NULL,
    user_id      BIGINT  NOT NULL,
    balance      BIGINT  NOT NULL CHECK (balance >= 0),
    -- Unix seconds of the last daily claim, NULL before the first one.
    last_daily   BIGINT,
    -- How many dailies were claimed: names each claim's journal row.
    daily_claims BIGINT  NOT NULL DEFAULT 0,
    created_at   BIGINT  NOT NULL,
    PRIMARY KEY (server_id, user_id)
);

-- Leaderboard order: richest first, then the smaller user id.
CREATE INDEX accounts_by_balance ON accounts (server_id, balance DESC, user_id);

-- Every change of a balance is one row here; rows are never updated or
-- deleted. reason is one of: starting, daily, transfer, admin_grant,
-- admin_revoke, hold, refund, settlement, house, rake.
CREATE TABLE journal (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    server_id    BIGINT  NOT NULL,
    user_id      BIGINT  NOT NULL,
    amount       BIGINT  NOT NULL,
    reason       TEXT    NOT NULL,
    game_id      BIGINT,
    -- The other user of a transfer, or the admin of a grant or revoke.
    counterparty BIGINT,
    created_at   BIGINT  NOT NULL,
    idem_key     TEXT    NOT NULL UNIQUE
);

CREATE INDEX journal_by_account ON journal (server_id, user_id);
CREATE INDEX journal_by_game ON journal (game_id);

-- One row per game. status: running, finished, cancelled.
CREATE TABLE games (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    server_id     BIGINT  NOT NULL,
    channel_id    BIGINT  NOT NULL,
    kind          TEXT    NOT NULL,
    options       TEXT    NOT NULL,
    seats         TEXT    NOT NULL,
    stake         BIGINT  NOT NULL,
    status        TEXT    NOT NULL,
    version       BIGINT  NOT NULL DEFAULT 0,
    snapshot      TEXT,
    record        TEXT,
    -- The settlement report (JSON), so settling twice returns the first one.
    result        TEXT,
    cancel_reason TEXT,
    created_at    BIGINT  NOT NULL,
    finished_at   BIGINT
);

CREATE INDEX games_by_server ON games (server_id, id);
CREATE INDEX games_by_status ON games (status);

-- The human seats of a game (AI seats have no row).
CREATE TABLE game_seats (
    game_id       BIGINT  NOT NULL REFERENCES games (id),
    seat          BIGINT  NOT NULL,
    server_id     BIGINT  NOT NULL,
    user_id       BIGINT  NOT NULL,
    -- The balance when the game started: the most this seat can lose.
    start_balance BIGINT  NOT NULL CHECK (start_balance >= 0),
    -- Chips in the game's escrow for this seat.
    held          BIGINT  NOT NULL DEFAULT 0 CHECK (held >= 0),
    -- 1 while the game runs: a user sits at one running table per server.
    active        BIGINT  NOT NULL,
    -- After settlement: the seat's change of balance, and whether it won.
    paid          BIGINT,
    won           BIGINT,
    PRIMARY KEY (game_id, seat)
);

CREATE UNIQUE INDEX one_running_table_per_user ON game_seats (server_id, user_id) WHERE active = 1;
CREATE INDEX game_seats_by_user ON game_seats (server_id, user_id);
