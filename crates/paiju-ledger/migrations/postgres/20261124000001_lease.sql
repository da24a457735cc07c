-- Who plays at a ledger's tables (PostgreSQL; the same table as
-- migrations/20261124000001_lease.sql).
--
-- A row per scope. Today the only scope is 'tables' (every table of this
-- ledger); a deployment with several processes will lease per table
-- ('table:<channel>') with the same row shape.
CREATE TABLE leases (
    scope        TEXT    PRIMARY KEY,
    -- pid, host and start time of the owner: names it in a refusal, and
    -- tells a restarted process from the one before it.
    owner        TEXT    NOT NULL,
    pid          BIGINT  NOT NULL,
    host         TEXT    NOT NULL,
    -- Unix seconds: when the owner took the lease, last renewed it, and
    -- when the lease lapses unless renewed (a dead owner stops renewing).
    since        BIGINT  NOT NULL,
    heartbeat_at BIGINT  NOT NULL,
    expires_at   BIGINT  NOT NULL
);
