-- Per-server settings a server's admins changed with `/paiju settings`
-- (issue #34). A setting with no row here has the config file's value.
-- Values are text: the application types and bounds them; the ledger
-- reads the chips ones itself ('chips.starting', 'chips.daily',
-- 'chips.daily_cooldown_secs', 'give.allowed', 'give.daily_limit') in the
-- same transaction as the chips they govern.
CREATE TABLE server_settings (
    server_id BIGINT NOT NULL,
    name      TEXT   NOT NULL,
    value     TEXT   NOT NULL,
    PRIMARY KEY (server_id, name)
);

-- Every change, never updated or deleted: who, when, old -> new (NULL: the
-- config file's value).
CREATE TABLE server_settings_log (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    server_id  BIGINT  NOT NULL,
    name       TEXT    NOT NULL,
    old_value  TEXT,
    new_value  TEXT,
    changed_by BIGINT  NOT NULL,
    changed_at BIGINT  NOT NULL
);

CREATE INDEX server_settings_log_by_server ON server_settings_log (server_id, id);
