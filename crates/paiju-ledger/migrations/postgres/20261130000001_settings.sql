-- A deployment's settings that every process must agree on (PostgreSQL;
-- the SQLite migration of the same name says why).
CREATE TABLE settings (
    name  TEXT    PRIMARY KEY,
    value BIGINT  NOT NULL
);
