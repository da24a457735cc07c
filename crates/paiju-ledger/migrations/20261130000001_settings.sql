-- A deployment's settings that every process must agree on (issue #32).
--
-- One row per setting. Today the only one is 'shard_count': the number of
-- gateway shards a sharded deployment runs. The first sharded process
-- writes it; a process started with another count is refused, and every
-- game and chip write of a sharded process checks it, so that the leases of
-- two counts ('shard:1/2' and 'shard:1/4') can never both let a guild's
-- writes through. `paiju ledger reshard` changes it while no bot runs.
CREATE TABLE settings (
    name  TEXT    PRIMARY KEY,
    value INTEGER NOT NULL
);
