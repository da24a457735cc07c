//! The chip ledger: balances per (server, user), an append-only journal of
//! every change, games with their seats, escrow and snapshots (sqlx; SQLite
//! with `migrations/`, or PostgreSQL with `migrations/postgres/`, chosen by
//! the database URL — see `db.rs`).
//!
//! # Promises
//!
//! - Every operation is one transaction; a refused one changes nothing.
//! - Every change of a balance is a journal row with a reason and a unique
//!   idempotency key, so `balance == sum(journal rows)` for every account.
//! - Per server: `sum(balances) + held in running games == minted − burned`.
//!   Minted: `starting`, `daily`, `admin_grant`, `house` (positive). Burned:
//!   `admin_revoke`, `rake`, `house` (negative). Moved: `transfer` (pairs that
//!   sum to zero), `hold` (balance → escrow), `refund` (escrow → balance),
//!   `settlement` (escrow and the losers → the winners).
//! - No balance goes below zero (checked here and by a `CHECK` constraint).
//!
//! # Games and locked chips
//!
//! [`Ledger::create_game`] records each human seat's balance at the start.
//! Until the game is settled or cancelled the seat's chips are locked: the
//! user cannot transfer chips away, be revoked by an admin, or sit at another
//! table of the same server (a partial unique index backs this). They may still
//! receive chips (transfers, dailies, grants).
//!
//! Two kinds of game money work through one [`Ledger::settle`]:
//! - zero-sum games (Dou Dizhu): nothing moves at the start, the deltas move
//!   chips between the seats at the end;
//! - held stakes (Duan Guozi antes, Chexuan buy-ins): [`Ledger::hold`] moves
//!   chips from the balance into the game's escrow; the deltas are relative to
//!   the balance before the holds, so settling returns every hold and applies
//!   the deltas, in one transaction. [`Ledger::cancel`] refunds every hold.
//!
//! A loser pays at most `min(balance at start, balance + held now)` — with
//! chips locked that is the balance at start. A shortfall is shared as the
//! rules say (see [`shares`]). Rake is taken from each winner's gain (rounded
//! down) and burned.
//!
//! # AI seats: the house
//!
//! AI seats (`None`) hold nothing and own no account. They are played by the
//! house: what a human wins from an AI seat is minted, what a human loses to
//! an AI seat is burned, both journaled with the reason `house`. What AI seats
//! win from or lose to each other moves nothing. So the humans' settlement
//! rows still sum to zero, and the conservation invariant holds with the
//! house's mint and burn counted like any other.
//!
//! # Concurrency
//!
//! SQLite: writes go through one connection (a single-writer pool) and start
//! with `BEGIN IMMEDIATE`, with a busy timeout for other processes on the
//! same file; reads use a separate pool and see WAL snapshots. PostgreSQL:
//! one pool; a write that moves chips first takes its server's advisory
//! lock, so each server's chips still have one writer at a time while other
//! servers (and other processes) write alongside; reads that need one
//! snapshot run at repeatable read. Balance updates are written as guarded
//! increments (`balance = balance + $1 … AND balance + $1 >= 0`), snapshots
//! and leases as compare-and-set statements, so the same SQL is correct on
//! both.
//!
//! Ids: Discord snowflakes (`u64`) are stored bit-for-bit as `BIGINT`.

mod autopass;
mod autoplay;
mod backup;
mod checkpoint;
mod db;
mod error;
mod games;
mod group;
pub mod lease;
mod messages;
pub mod ratings;
mod raw;
pub mod server_settings;
pub mod shares;
mod verify;
mod wal_vfs;

pub use backup::{backup_sqlite, Backup};
pub use error::{Fault, LedgerError, ERROR_KEYS};
pub use group::{describe_metrics, metric_names};
pub use lease::{Lease, LeaseOwner, Shards};
pub use messages::GameMessage;
pub use ratings::model::{Contest, RatingReport, RatingsConfig, SeatRating, SideResult, Verdict};
pub use ratings::{LadderLine, RankEntry, RebuildReport, SeasonEnd, SeasonStatus};
pub use server_settings::{SettingChange, SettingLogEntry};
pub use verify::{Problem, ServerTotals, VerifyReport};

use db::{Lock, Pool, Tx};
use serde::{Deserialize, Serialize};
use server_settings::{flag_setting, names, number_setting};
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::SqlitePool;
use std::str::FromStr;
use std::time::Duration;

pub type ServerId = u64;
pub type UserId = u64;
pub type ChannelId = u64;
pub type GameId = i64;

/// The ledger's settings (from config).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LedgerConfig {
    /// Chips granted to an account on its first use.
    pub starting_chips: i64,
    /// Chips granted by a daily claim.
    pub daily_amount: i64,
    /// Seconds between two daily claims.
    pub daily_cooldown_secs: i64,
    /// SQLite: how long (bytes) the write-ahead log may grow under unbroken
    /// writes before the writer copies it back whole and starts it over (a
    /// pause of 10–25 ms for the writes queued behind it); the file is cut
    /// back to this length then. Longer means rarer pauses and more disk
    /// (see `checkpoint.rs`). At least 1 MB; PostgreSQL ignores it.
    pub log_restart_bytes: u64,
}

/// The default [`LedgerConfig::log_restart_bytes`]: 256 MB, a pause every
/// ~5 s at 4,000 actions a second over 10,000 tables (64 MB paused every
/// 1.4 s, 1–2 % of actions: the 99th percentile).
pub const DEFAULT_LOG_RESTART_BYTES: u64 = 256 << 20;

impl Default for LedgerConfig {
    fn default() -> Self {
        LedgerConfig {
            starting_chips: 1000,
            daily_amount: 100,
            daily_cooldown_secs: 24 * 60 * 60,
            log_restart_bytes: DEFAULT_LOG_RESTART_BYTES,
        }
    }
}

/// A game to open: who sits where (`None` = an AI seat) and its stake.
#[derive(Debug, Clone, PartialEq)]
pub struct NewGame {
    pub server: ServerId,
    pub channel: ChannelId,
    pub kind: String,
    pub options: serde_json::Value,
    pub seats: Vec<Option<UserId>>,
    pub stake: i64,
}

/// How a finished game turns into chips.
#[derive(Debug, Clone, PartialEq)]
pub struct Settlement {
    /// Chips per seat, summing to zero, relative to the seat's balance plus
    /// what it holds in the game (i.e. its balance before any hold).
    pub deltas: Vec<i64>,
    /// Percent of each winner's gain that is burned as rake (0..=100).
    pub rake_percent: u32,
    /// The game record, stored with the game.
    pub record: serde_json::Value,
    /// Seats that won, for stats.
    pub winners: Vec<usize>,
}

/// What a settlement did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SettleReport {
    /// Actual change of each seat's balance (relative to before its holds),
    /// after caps and rake. 0 for AI seats.
    pub paid: Vec<i64>,
    /// Total rake burned.
    pub rake: i64,
    /// Each seat's balance after settling (`None` for AI seats).
    pub balances: Vec<Option<i64>>,
    /// What the game did to the ratings (settled with a contest), or why it
    /// was not rated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ratings: Option<RatingReport>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameStatus {
    Running,
    Finished,
    Cancelled,
}

impl GameStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            GameStatus::Running => "running",
            GameStatus::Finished => "finished",
            GameStatus::Cancelled => "cancelled",
        }
    }

    fn parse(s: &str) -> Result<GameStatus, LedgerError> {
        match s {
            "running" => Ok(GameStatus::Running),
            "finished" => Ok(GameStatus::Finished),
            "cancelled" => Ok(GameStatus::Cancelled),
            other => Err(LedgerError::Corrupt(format!(
                "unknown game status `{other}`"
            ))),
        }
    }
}

/// An unfinished game as stored, for resuming at start-up.
#[derive(Debug, Clone, PartialEq)]
pub struct StoredGame {
    pub id: GameId,
    pub server: ServerId,
    pub channel: ChannelId,
    pub kind: String,
    pub options: serde_json::Value,
    pub seats: Vec<Option<UserId>>,
    pub stake: i64,
    pub version: i64,
    pub snapshot: Option<serde_json::Value>,
    /// Chips each seat holds in the game's escrow (0 for AI seats).
    pub held: Vec<i64>,
    /// Each human seat's balance when the game started.
    pub start_balances: Vec<Option<i64>>,
    pub created_at: i64,
}

/// One game in a server's history.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GameSummary {
    pub id: GameId,
    pub channel: ChannelId,
    pub kind: String,
    pub status: GameStatus,
    pub seats: Vec<Option<UserId>>,
    pub stake: i64,
    /// Per seat, once finished: the settlement's `paid`.
    pub paid: Option<Vec<i64>>,
    pub created_at: i64,
    pub finished_at: Option<i64>,
}

/// A game as `/replay` reads it: where it was played, who sat, and its
/// record (stored when it was settled; `None` while it runs, or for a game
/// cancelled before its deal).
#[derive(Debug, Clone, PartialEq)]
pub struct StoredRecord {
    pub id: GameId,
    pub server: ServerId,
    pub kind: String,
    pub status: GameStatus,
    pub seats: Vec<Option<UserId>>,
    pub stake: i64,
    /// The record's JSON text, as `paiju replay` reads it.
    pub record: Option<String>,
}

/// A user's record in one server: finished games only.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct UserStats {
    pub games: u64,
    pub wins: u64,
    /// Net chips won (negative: lost) over those games.
    pub net: i64,
    /// The same, per game kind, in kind order.
    pub by_kind: Vec<KindStats>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct KindStats {
    pub kind: String,
    pub games: u64,
    pub wins: u64,
    pub net: i64,
}

/// Journal reasons (the `reason` column).
pub(crate) mod reason {
    pub const STARTING: &str = "starting";
    pub const DAILY: &str = "daily";
    pub const TRANSFER: &str = "transfer";
    pub const ADMIN_GRANT: &str = "admin_grant";
    pub const ADMIN_REVOKE: &str = "admin_revoke";
    pub const HOLD: &str = "hold";
    pub const REFUND: &str = "refund";
    pub const SETTLEMENT: &str = "settlement";
    pub const HOUSE: &str = "house";
    pub const RAKE: &str = "rake";
}

/// The chip ledger. Cheap to clone (pools are shared handles).
#[derive(Clone, Debug)]
pub struct Ledger {
    /// SQLite: the one writer connection; PostgreSQL: the pool.
    writer: Pool,
    /// SQLite: up to four readers of WAL snapshots; PostgreSQL: the pool.
    reader: Pool,
    cfg: LedgerConfig,
    /// Set by [`Ledger::owned_by`]: the shard leases game writes check.
    guard: Option<std::sync::Arc<OwnerGuard>>,
    /// SQLite (writable): the writer task that groups game writes into
    /// shared transactions (see `group.rs`).
    group: Option<group::GroupWriter>,
    /// SQLite (a writable file): the connection that checkpoints the
    /// write-ahead log beside the writer (see `checkpoint.rs`).
    checkpoints: Option<SqlitePool>,
    /// SQLite, read-only: opened `immutable` because its folder takes no
    /// write (see [`Ledger::open_existing`]).
    immutable: bool,
    /// How games are rated (see `ratings`).
    ratings: std::sync::Arc<RatingsConfig>,
}

/// Who may move games on through a ledger handle (see `lease.rs`).
#[derive(Debug)]
pub(crate) struct OwnerGuard {
    owner: String,
    count: i64,
}

/// The live lease of a guild's shard, held by `$owner`, under the shard
/// count this database fixed (`$server` is an SQL expression for the
/// guild's id as stored, e.g. `games.server_id`; `$count` is this process's
/// shard count, `$now` the clock). A process started with another count
/// than the database's holds no lease that passes: `shard:1/4` and
/// `shard:1/2` are different rows, and only the fixed count's are asked.
macro_rules! owner_holds_shard {
    ($server:literal, $owner:literal, $count:literal, $now:literal) => {
        concat!(
            "EXISTS (SELECT 1 FROM leases, settings WHERE settings.name = 'shard_count'",
            " AND settings.value = ",
            $count,
            " AND leases.owner = ",
            $owner,
            " AND leases.expires_at > ",
            $now,
            " AND leases.scope = 'shard:' || CAST(((",
            $server,
            " >> 22) % ",
            $count,
            ") AS TEXT) || '/' || CAST(",
            $count,
            " AS TEXT))"
        )
    };
}
pub(crate) use owner_holds_shard;

/// Database ids are BIGINT: snowflakes are stored bit-for-bit.
pub(crate) fn db_id(id: u64) -> i64 {
    id as i64
}

pub(crate) fn from_db_id(id: i64) -> u64 {
    id as u64
}

/// The wall clock in Unix seconds: the one place paiju reads it (the
/// ledger's timestamps, daily claims, Discord's `<t:…:R>` deadlines).
pub fn now_unix() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}

/// Whether a database URL names a PostgreSQL server (`postgres://…` or
/// `postgresql://…`); everything else is SQLite.
/// A database URL as messages and logs may show it: any password (the
/// `user:password@` part, a `password=` parameter) replaced by `***`. A
/// URL is printed when it cannot be opened, and those lines end up in logs,
/// bug reports and CI output.
pub fn redact_url(url: &str) -> String {
    let mut out = url.to_string();
    if let Some(scheme_end) = out.find("://") {
        let rest = scheme_end + 3;
        // The authority ends at the first `/`, `?` or `#` after the scheme.
        let authority_end = out[rest..]
            .find(['/', '?', '#'])
            .map_or(out.len(), |i| rest + i);
        if let Some(at) = out[rest..authority_end].rfind('@') {
            let userinfo = &out[rest..rest + at];
            if let Some(colon) = userinfo.find(':') {
                out.replace_range(rest + colon + 1..rest + at, "***");
            }
        }
    }
    if let Some(q) = out.find('?') {
        let (head, query) = out.split_at(q + 1);
        let query: Vec<String> = query
            .split('&')
            .map(|pair| match pair.split_once('=') {
                Some((key, _)) if key.eq_ignore_ascii_case("password") => format!("{key}=***"),
                _ => pair.to_string(),
            })
            .collect();
        out = format!("{head}{}", query.join("&"));
    }
    out
}

/// Whether `url` names a SQLite file that does not exist yet (opening it
/// would create it); false for PostgreSQL, in-memory and unreadable URLs.
pub fn is_missing_sqlite_file(url: &str) -> bool {
    if is_postgres_url(url) || url.contains(":memory:") {
        return false;
    }
    match connect_options(url, true) {
        Ok(opts) => !opts.get_filename().exists(),
        Err(_) => false,
    }
}

fn is_postgres_url(url: &str) -> bool {
    let url = url.trim();
    url.starts_with("postgres://") || url.starts_with("postgresql://")
}

/// Parses a SQLite database URL: `sqlite:…`/`sqlite://…`, or a plain file path.
/// A read-only connection changes nothing, not even the journal mode.
fn connect_options(
    database_url: &str,
    read_only: bool,
) -> Result<SqliteConnectOptions, LedgerError> {
    let url = database_url.trim();
    if url.is_empty() {
        return Err(LedgerError::BadInput("empty database URL".into()));
    }
    let opts = if url.starts_with("sqlite:") {
        SqliteConnectOptions::from_str(url)?
    } else if url.contains("://") {
        return Err(LedgerError::BadInput(format!(
            "unsupported database URL `{}` (sqlite: and postgres:// URLs, or a file path)",
            redact_url(url)
        )));
    } else {
        SqliteConnectOptions::new().filename(url)
    };
    let opts = opts.busy_timeout(Duration::from_secs(30));
    if read_only {
        return Ok(opts.read_only(true));
    }
    Ok(opts
        .journal_mode(SqliteJournalMode::Wal)
        .synchronous(SqliteSynchronous::Normal)
        .foreign_keys(true))
}

/// Whether a read-only SQLite file can be read where it lies. A database in
/// write-ahead-log mode needs its `-shm` file even to be read; in a folder
/// that takes no write SQLite cannot make it, and says "unable to open"
/// (SQLITE_CANTOPEN, 14) or "read-only" (SQLITE_READONLY, 8, and its
/// extended codes). `Ok(false)` then, when no log with content lies beside
/// the file (reading it `immutable` sees everything); a log with content
/// is refused, as an immutable read would miss what it holds. Any other
/// failure is `Ok(true)`: the ordinary open says it.
async fn readable_in_place(opts: &SqliteConnectOptions) -> Result<bool, LedgerError> {
    use sqlx::{ConnectOptions, Connection};
    let probe = async {
        let mut conn = opts.connect().await?;
        let read = sqlx::query("SELECT count(*) FROM sqlite_master")
            .execute(&mut conn)
            .await;
        let _ = conn.close().await;
        read.map(|_| ())
    };
    let cannot_open = match probe.await {
        Ok(()) => false,
        Err(sqlx::Error::Database(d)) => d
            .code()
            .and_then(|c| c.parse::<i32>().ok())
            .is_some_and(|c| matches!(c & 0xff, 8 | 14)),
        Err(_) => false,
    };
    if !cannot_open {
        return Ok(true);
    }
    let mut log = opts.get_filename().as_os_str().to_owned();
    log.push("-wal");
    let log = std::path::PathBuf::from(log);
    if std::fs::metadata(&log).is_ok_and(|m| m.len() > 0) {
        return Err(LedgerError::BadInput(format!(
            "its folder takes no write, and its write-ahead log ({}) holds writes that a read-only open cannot read: copy the database and its -wal file to a writable folder and verify the copy",
            log.display()
        )));
    }
    Ok(false)
}

/// SQLITE_CORRUPT (11) and SQLITE_NOTADB (26) say the file is damaged;
/// other errors are the database's.
fn damaged_or_database(e: sqlx::Error) -> LedgerError {
    if let sqlx::Error::Database(d) = &e {
        let code = d.code().and_then(|c| c.parse::<i32>().ok());
        if code.is_some_and(|c| matches!(c & 0xff, 11 | 26)) {
            return LedgerError::Damaged(d.message().chars().take(300).collect());
        }
    }
    LedgerError::Database(e)
}

/// `PRAGMA quick_check` on the writer: a damaged file is refused before
/// anything is read from it or written to it.
async fn check_integrity(writer: &SqlitePool) -> Result<(), LedgerError> {
    let damaged = |detail: String| LedgerError::Damaged(detail.chars().take(300).collect());
    let rows: Vec<String> = sqlx::query_scalar("PRAGMA quick_check(3)")
        .fetch_all(writer)
        .await
        .map_err(damaged_or_database)?;
    if rows.len() == 1 && rows[0] == "ok" {
        Ok(())
    } else {
        Err(damaged(rows.join("; ")))
    }
}

impl Ledger {
    /// Opens the database, creating the file on first run, in WAL mode,
    /// checks that the file is not damaged (`PRAGMA quick_check`) and
    /// applies the migrations.
    pub async fn open(database_url: &str, cfg: LedgerConfig) -> Result<Ledger, LedgerError> {
        Self::open_inner(database_url, cfg, false).await
    }

    /// Opens an existing database read-only (for `paiju ledger verify`): a
    /// missing file is an error instead of a new empty ledger, and nothing
    /// is written, migrations included. Every write is refused.
    ///
    /// A SQLite ledger in a folder that takes no write (a read-only
    /// filesystem, a backup mounted read-only) cannot get the shared-memory
    /// file its write-ahead log needs even to be read: it is opened
    /// `immutable` instead ([`Ledger::is_immutable`]), which reads the
    /// database file alone — so only when no log with content lies beside
    /// it (a ledger closed cleanly leaves none); with one, it is refused
    /// with what to do.
    pub async fn open_existing(database_url: &str) -> Result<Ledger, LedgerError> {
        Self::open_inner(database_url, LedgerConfig::default(), true).await
    }

    /// True when [`Ledger::open_existing`] opened a SQLite file `immutable`
    /// (its folder takes no write).
    pub fn is_immutable(&self) -> bool {
        self.immutable
    }

    async fn open_inner(
        database_url: &str,
        cfg: LedgerConfig,
        read_only: bool,
    ) -> Result<Ledger, LedgerError> {
        for (name, v) in [
            ("starting_chips", cfg.starting_chips),
            ("daily_amount", cfg.daily_amount),
            ("daily_cooldown_secs", cfg.daily_cooldown_secs),
        ] {
            if v < 0 {
                return Err(LedgerError::BadInput(format!(
                    "{name} must not be negative (got {v})"
                )));
            }
        }
        if cfg.log_restart_bytes < 1 << 20 {
            return Err(LedgerError::BadInput(format!(
                "log_restart_bytes must be at least 1 MB (got {})",
                cfg.log_restart_bytes
            )));
        }
        if is_postgres_url(database_url) {
            return Self::open_postgres(database_url.trim(), cfg, read_only).await;
        }
        let mut opts = connect_options(database_url, read_only)?.create_if_missing(!read_only);
        let in_memory = opts.get_filename().to_string_lossy().contains(":memory:")
            || database_url.contains(":memory:");
        let immutable = read_only && !in_memory && !readable_in_place(&opts).await?;
        if immutable {
            opts = opts.immutable(true);
        }
        // One writer: writes queue on the pool instead of fighting for the
        // SQLite write lock. No pool pings its connections before handing
        // them out: a SQLite connection is a file, not a socket that can
        // hang up, and the ping was one more round trip to the connection's
        // thread for every write (see `db::Batch`).
        let mut writer = SqlitePoolOptions::new()
            .test_before_acquire(false)
            .max_connections(1)
            .acquire_timeout(Duration::from_secs(120));
        if in_memory {
            // An in-memory database lives as long as its one connection.
            writer = writer
                .min_connections(1)
                .idle_timeout(None)
                .max_lifetime(None);
        }
        // The writer never checkpoints in a commit; the checkpoint task does
        // (see `checkpoint.rs`).
        let writer_opts = if read_only || in_memory {
            opts.clone()
        } else {
            // The writer writes the log a frame at a time in one call where
            // SQLite makes two (see `wal_vfs.rs`).
            let opts = if wal_vfs::register() {
                opts.clone().vfs(wal_vfs::NAME)
            } else {
                opts.clone()
            };
            opts.pragma("wal_autocheckpoint", "0")
                // A group's savepoints keep the pages they change in a
                // sub-journal, which past 64 KB SQLite moves to a temporary
                // file (a write call per page); in memory it stays.
                .pragma("temp_store", "memory")
                .pragma("journal_size_limit", cfg.log_restart_bytes.to_string())
        };
        let writer = writer
            .connect_with(writer_opts)
            .await
            .map_err(damaged_or_database)?;
        if !read_only {
            check_integrity(&writer).await?;
            sqlx::migrate!("./migrations").run(&writer).await?;
        }
        let reader = if in_memory {
            writer.clone()
        } else {
            SqlitePoolOptions::new()
                .test_before_acquire(false)
                .max_connections(4)
                .acquire_timeout(Duration::from_secs(120))
                .connect_with(opts.clone())
                .await?
        };
        let checkpoints = if read_only || in_memory {
            None
        } else {
            Some(
                SqlitePoolOptions::new()
                    .test_before_acquire(false)
                    .max_connections(1)
                    .acquire_timeout(Duration::from_secs(120))
                    .connect_with(opts)
                    .await?,
            )
        };
        let writer = Pool::Sqlite(writer);
        let group = (!read_only).then(|| {
            group::GroupWriter::start(
                writer.clone(),
                checkpoints
                    .clone()
                    .map(|p| (p, checkpoint::frames(cfg.log_restart_bytes))),
            )
        });
        Ok(Ledger {
            writer,
            reader: Pool::Sqlite(reader),
            cfg,
            guard: None,
            group,
            checkpoints,
            immutable,
            ratings: Default::default(),
        })
    }

    /// Opens a PostgreSQL ledger: the database must exist (its URL names
    /// it, and may set the schema: `?options[search_path]=paiju`); its
    /// migrations (`migrations/postgres/`) run at start-up, where several
    /// processes starting at once queue on sqlx's migration lock. Read-only
    /// (`open_existing`) sets `default_transaction_read_only`, so the
    /// server itself refuses every write.
    async fn open_postgres(
        database_url: &str,
        cfg: LedgerConfig,
        read_only: bool,
    ) -> Result<Ledger, LedgerError> {
        let mut opts = PgConnectOptions::from_str(database_url)?;
        if matches!(opts.get_ssl_mode(), sqlx::postgres::PgSslMode::VerifyCa) {
            // sqlx's rustls path means to skip the host-name check for
            // verify-ca, but the rustls it builds with names that error
            // differently, so the name is checked after all: refused
            // rather than doing silently what libpq's verify-full does.
            return Err(LedgerError::BadInput(
                "sslmode=verify-ca is not supported here: the TLS library checks the server's host name too. Use sslmode=verify-full with sslrootcert=… and the host name the certificate names (or sslmode=require to encrypt without checking)".into(),
            ));
        }
        if read_only {
            opts = opts.options([("default_transaction_read_only", "on")]);
        }
        // Writes of different servers run side by side (each holds only its
        // server's lock), so the pool has several connections; a handful per
        // process keeps N processes well under PostgreSQL's default of 100.
        let pool = PgPoolOptions::new()
            .max_connections(8)
            .min_connections(0)
            .idle_timeout(Duration::from_secs(60))
            // A server that refuses connections is waited for (it may be
            // starting), for a while.
            .acquire_timeout(Duration::from_secs(30))
            .connect_with(opts)
            .await?;
        if !read_only {
            sqlx::migrate!("./migrations/postgres").run(&pool).await?;
        }
        Ok(Ledger {
            writer: Pool::Postgres(pool.clone()),
            reader: Pool::Postgres(pool),
            cfg,
            guard: None,
            group: None,
            checkpoints: None,
            immutable: false,
            ratings: Default::default(),
        })
    }

    /// SQLite: how many grouped transactions the game writer has committed
    /// (or tried) and how many game writes they held, since the ledger
    /// opened; `None` on PostgreSQL or read-only. For the load benchmark.
    pub fn write_groups(&self) -> Option<(u64, u64)> {
        self.group.as_ref().map(group::GroupWriter::counts)
    }

    /// Whether the database answers: one trivial query on a reading
    /// connection (for the bot's health check).
    pub async fn ping(&self) -> Result<(), LedgerError> {
        db::query_scalar::<i64>("SELECT CAST(1 AS BIGINT)")
            .fetch_one(&self.reader)
            .await?;
        Ok(())
    }

    /// Whether this ledger is on PostgreSQL (several processes may share
    /// it) rather than a SQLite file.
    pub fn is_postgres(&self) -> bool {
        self.writer.is_postgres()
    }

    pub fn config(&self) -> &LedgerConfig {
        &self.cfg
    }

    /// Closes the ledger: the game writes already queued run, the writer
    /// and checkpoint tasks end, and every connection is closed (those in
    /// use are waited for) before this returns, so another process can take
    /// the file at once. The writer closes last: SQLite's last connection
    /// to close copies the whole write-ahead log into the file. Writes
    /// through any clone of this ledger fail afterwards.
    pub async fn close(&self) {
        if let Some(g) = &self.group {
            g.stop().await;
        }
        if let Some(c) = &self.checkpoints {
            db::close_fully(c).await;
        }
        self.reader.close().await;
        self.writer.close().await;
    }

    /// A write transaction holding the database's write lock from its start
    /// (SQLite), or on PostgreSQL `lock` (see `db`'s module doc).
    async fn begin(&self, lock: Lock) -> Result<Tx, LedgerError> {
        // The group writer may be keeping the connection: it gives it back.
        let _want = self.group.as_ref().map(group::GroupWriter::want);
        Ok(self.writer.begin_write(lock).await?)
    }

    /// Runs a game write: on SQLite in the writer task's next group (one
    /// transaction shared with the other tables' writes waiting then, a
    /// savepoint each), on PostgreSQL in its own transaction holding `lock`.
    /// Either way the write commits or changes nothing, and its result is
    /// returned once it is durable.
    async fn write<T, F>(&self, lock: Lock, write: F) -> Result<T, LedgerError>
    where
        T: Send + 'static,
        F: for<'t> FnOnce(&'t mut Tx) -> group::WriteFuture<'t, T> + Send + 'static,
    {
        if let Some(group) = &self.group {
            return group.write(write).await;
        }
        let mut tx = self.begin(lock).await?;
        let v = write(&mut tx).await?;
        tx.commit().await?;
        Ok(v)
    }

    /// The user's balance; the first use of an account grants the starting chips.
    pub async fn balance(&self, server: ServerId, user: UserId) -> Result<i64, LedgerError> {
        let found: Option<i64> =
            db::query_scalar("SELECT balance FROM accounts WHERE server_id = $1 AND user_id = $2")
                .bind(db_id(server))
                .bind(db_id(user))
                .fetch_optional(&self.reader)
                .await?;
        if let Some(b) = found {
            return Ok(b);
        }
        let mut tx = self.begin(Lock::Server(db_id(server))).await?;
        self.check_server_owner(&mut tx, server).await?;
        let b = self.ensure_account(&mut tx, server, user).await?;
        tx.commit().await?;
        Ok(b)
    }

    /// The user's balance if the account exists, without creating it: a
    /// look at someone else's chips must not open their account (and grant
    /// its starting chips) — an account opens with its owner's own first use.
    pub async fn existing_balance(
        &self,
        server: ServerId,
        user: UserId,
    ) -> Result<Option<i64>, LedgerError> {
        Ok(
            db::query_scalar("SELECT balance FROM accounts WHERE server_id = $1 AND user_id = $2")
                .bind(db_id(server))
                .bind(db_id(user))
                .fetch_optional(&self.reader)
                .await?,
        )
    }

    /// Claims the daily chips; refused until the cooldown has passed.
    pub async fn daily(
        &self,
        server: ServerId,
        user: UserId,
        now_unix: i64,
    ) -> Result<i64, LedgerError> {
        let mut tx = self.begin(Lock::Server(db_id(server))).await?;
        // Only the process hosting this guild pays (issue #32).
        self.check_server_owner(&mut tx, server).await?;
        // The server's own amount and cooldown, else the config's (#34).
        let amount = number_setting(&mut tx, server, names::DAILY, self.cfg.daily_amount).await?;
        if amount <= 0 {
            return Err(LedgerError::DailyOff);
        }
        let cooldown = number_setting(
            &mut tx,
            server,
            names::DAILY_COOLDOWN,
            self.cfg.daily_cooldown_secs,
        )
        .await?;
        let balance = self.ensure_account(&mut tx, server, user).await?;
        let (last, claims): (Option<i64>, i64) = db::query_as(
            "SELECT last_daily, daily_claims FROM accounts WHERE server_id = $1 AND user_id = $2",
        )
        .bind(db_id(server))
        .bind(db_id(user))
        .fetch_one(&mut tx)
        .await?;
        if let Some(last) = last {
            let next = last.saturating_add(cooldown);
            if now_unix < next {
                return Err(LedgerError::DailyCooldown {
                    retry_in_secs: next.saturating_sub(now_unix),
                    available_at: next,
                });
            }
        }
        let new = balance
            .checked_add(amount)
            .ok_or(LedgerError::AmountTooLarge)?;
        let key = format!("daily:{server}:{user}:{}", claims + 1);
        journal(
            &mut tx,
            server,
            user,
            amount,
            reason::DAILY,
            None,
            None,
            &key,
        )
        .await?;
        db::query(
            "UPDATE accounts SET balance = balance + $1, last_daily = $2, daily_claims = daily_claims + 1 \
             WHERE server_id = $3 AND user_id = $4",
        )
        .bind(amount)
        .bind(now_unix)
        .bind(db_id(server))
        .bind(db_id(user))
        .execute(&mut tx)
        .await?;
        tx.commit().await?;
        Ok(new)
    }

    /// Moves `amount` chips from one user to another. Replaying the same
    /// `idempotency_key` with the same transfer does nothing more.
    pub async fn transfer(
        &self,
        server: ServerId,
        from: UserId,
        to: UserId,
        amount: i64,
        idempotency_key: &str,
    ) -> Result<(), LedgerError> {
        positive(amount)?;
        check_key(idempotency_key)?;
        if from == to {
            return Err(LedgerError::SelfTransfer);
        }
        let out_key = format!("transfer:{server}:{idempotency_key}:out");
        let mut tx = self.begin(Lock::Server(db_id(server))).await?;
        self.check_server_owner(&mut tx, server).await?;
        if let Some(prior) = find_key(&mut tx, &out_key).await? {
            return if prior == (db_id(from), -amount, reason::TRANSFER.to_string()) {
                Ok(())
            } else {
                Err(LedgerError::IdempotencyConflict {
                    key: idempotency_key.to_string(),
                })
            };
        }
        if !flag_setting(&mut tx, server, names::GIVE_ALLOWED, true).await? {
            return Err(LedgerError::GiveOff);
        }
        let limit = number_setting(&mut tx, server, names::GIVE_DAILY_LIMIT, 0).await?;
        if limit > 0 {
            let since = now_unix().saturating_sub(server_settings::GIVE_WINDOW_SECS);
            let given = server_settings::given_since(&mut tx, server, from, since).await?;
            if given.saturating_add(amount) > limit {
                return Err(LedgerError::GiveLimit {
                    limit,
                    given,
                    amount,
                });
            }
        }
        let from_balance = self.ensure_account(&mut tx, server, from).await?;
        if let Some(game) = running_game_of(&mut tx, server, from).await? {
            return Err(LedgerError::ChipsLocked { user: from, game });
        }
        if amount > from_balance {
            return Err(LedgerError::InsufficientChips {
                balance: from_balance,
                needed: amount,
            });
        }
        let to_balance = self.ensure_account(&mut tx, server, to).await?;
        to_balance
            .checked_add(amount)
            .ok_or(LedgerError::AmountTooLarge)?;
        journal(
            &mut tx,
            server,
            from,
            -amount,
            reason::TRANSFER,
            None,
            Some(to),
            &out_key,
        )
        .await?;
        journal(
            &mut tx,
            server,
            to,
            amount,
            reason::TRANSFER,
            None,
            Some(from),
            &format!("transfer:{server}:{idempotency_key}:in"),
        )
        .await?;
        add_to_balance(&mut tx, server, from, -amount).await?;
        add_to_balance(&mut tx, server, to, amount).await?;
        tx.commit().await?;
        Ok(())
    }

    /// An admin grant (`amount > 0`) or revoke (`amount < 0`, at most the
    /// balance, refused while the user's chips are locked in a game).
    /// Returns the new balance. Replaying `key` returns the current balance.
    pub async fn admin_adjust(
        &self,
        server: ServerId,
        user: UserId,
        amount: i64,
        by: UserId,
        key: &str,
    ) -> Result<i64, LedgerError> {
        if amount == 0 {
            return Err(LedgerError::InvalidAmount {
                amount,
                why: "must not be zero",
            });
        }
        if amount == i64::MIN {
            return Err(LedgerError::InvalidAmount {
                amount,
                why: "out of range",
            });
        }
        check_key(key)?;
        let why = if amount > 0 {
            reason::ADMIN_GRANT
        } else {
            reason::ADMIN_REVOKE
        };
        let full_key = format!("admin:{server}:{key}");
        let mut tx = self.begin(Lock::Server(db_id(server))).await?;
        self.check_server_owner(&mut tx, server).await?;
        if let Some(prior) = find_key(&mut tx, &full_key).await? {
            return if prior == (db_id(user), amount, why.to_string()) {
                let b = self.ensure_account(&mut tx, server, user).await?;
                tx.commit().await?;
                Ok(b)
            } else {
                Err(LedgerError::IdempotencyConflict {
                    key: key.to_string(),
                })
            };
        }
        let balance = self.ensure_account(&mut tx, server, user).await?;
        if amount < 0 {
            if let Some(game) = running_game_of(&mut tx, server, user).await? {
                return Err(LedgerError::ChipsLocked { user, game });
            }
            if -amount > balance {
                return Err(LedgerError::InsufficientChips {
                    balance,
                    needed: -amount,
                });
            }
        }
        let new = balance
            .checked_add(amount)
            .ok_or(LedgerError::AmountTooLarge)?;
        journal(
            &mut tx,
            server,
            user,
            amount,
            why,
            None,
            Some(by),
            &full_key,
        )
        .await?;
        add_to_balance(&mut tx, server, user, amount).await?;
        tx.commit().await?;
        Ok(new)
    }

    /// The `top` richest accounts of a server, richest first (ties: smaller
    /// user id first). At most 1000.
    pub async fn leaderboard(
        &self,
        server: ServerId,
        top: u32,
    ) -> Result<Vec<(UserId, i64)>, LedgerError> {
        let rows: Vec<(i64, i64)> = db::query_as(
            "SELECT user_id, balance FROM accounts WHERE server_id = $1 \
             ORDER BY balance DESC, user_id ASC LIMIT $2",
        )
        .bind(db_id(server))
        .bind(i64::from(top.min(1000)))
        .fetch_all(&self.reader)
        .await?;
        Ok(rows.into_iter().map(|(u, b)| (from_db_id(u), b)).collect())
    }

    /// The user's place on the leaderboard (1 = richest) and balance; `None`
    /// for a user without an account.
    pub async fn rank(
        &self,
        server: ServerId,
        user: UserId,
    ) -> Result<Option<(u32, i64)>, LedgerError> {
        // One read transaction: both queries see the same snapshot.
        let mut conn = self.reader.begin_read().await?;
        let Some(balance): Option<i64> =
            db::query_scalar("SELECT balance FROM accounts WHERE server_id = $1 AND user_id = $2")
                .bind(db_id(server))
                .bind(db_id(user))
                .fetch_optional(&mut conn)
                .await?
        else {
            return Ok(None);
        };
        let ahead: i64 = db::query_scalar(
            "SELECT COUNT(*) FROM accounts WHERE server_id = $1 \
             AND (balance > $2 OR (balance = $2 AND user_id < $3))",
        )
        .bind(db_id(server))
        .bind(balance)
        .bind(db_id(user))
        .fetch_one(&mut conn)
        .await?;
        Ok(Some((
            u32::try_from(ahead + 1).unwrap_or(u32::MAX),
            balance,
        )))
    }

    /// Games played (finished), won and net chips, overall and per kind.
    pub async fn stats(&self, server: ServerId, user: UserId) -> Result<UserStats, LedgerError> {
        let rows: Vec<(String, i64, i64, i64)> = db::query_as(
            "SELECT g.kind, COUNT(*), CAST(COALESCE(SUM(s.won), 0) AS BIGINT), \
                    CAST(COALESCE(SUM(s.paid), 0) AS BIGINT) \
             FROM game_seats s JOIN games g ON g.id = s.game_id \
             WHERE s.server_id = $1 AND s.user_id = $2 AND g.status = 'finished' \
             GROUP BY g.kind ORDER BY g.kind",
        )
        .bind(db_id(server))
        .bind(db_id(user))
        .fetch_all(&self.reader)
        .await?;
        let mut stats = UserStats::default();
        for (kind, games, wins, net) in rows {
            let k = KindStats {
                kind,
                games: games.max(0) as u64,
                wins: wins.max(0) as u64,
                net,
            };
            stats.games += k.games;
            stats.wins += k.wins;
            stats.net = stats.net.saturating_add(k.net);
            stats.by_kind.push(k);
        }
        Ok(stats)
    }

    /// The server's most recent games (finished, cancelled or running), newest
    /// first. At most 1000.
    pub async fn history(
        &self,
        server: ServerId,
        limit: u32,
    ) -> Result<Vec<GameSummary>, LedgerError> {
        type Row = (
            i64,
            i64,
            String,
            String,
            String,
            i64,
            Option<String>,
            i64,
            Option<i64>,
        );
        let rows: Vec<Row> = db::query_as(
            "SELECT id, channel_id, kind, status, seats, stake, result, created_at, finished_at \
             FROM games WHERE server_id = $1 ORDER BY id DESC LIMIT $2",
        )
        .bind(db_id(server))
        .bind(i64::from(limit.min(1000)))
        .fetch_all(&self.reader)
        .await?;
        rows.into_iter()
            .map(
                |(id, channel, kind, status, seats, stake, result, created_at, finished_at)| {
                    let paid = match result {
                        Some(r) => Some(parse_json::<SettleReport>(&r, "settlement report")?.paid),
                        None => None,
                    };
                    Ok(GameSummary {
                        id,
                        channel: from_db_id(channel),
                        kind,
                        status: GameStatus::parse(&status)?,
                        seats: parse_json(&seats, "seats")?,
                        stake,
                        paid,
                        created_at,
                        finished_at,
                    })
                },
            )
            .collect()
    }

    /// One game and its record, whichever server it was played in (the
    /// caller checks that it is the asker's), or `None` for no such game.
    pub async fn game_record(&self, game: GameId) -> Result<Option<StoredRecord>, LedgerError> {
        type Row = (i64, String, String, String, i64, Option<String>);
        let row: Option<Row> = db::query_as(
            "SELECT g.server_id, g.kind, g.status, g.seats, g.stake, r.record \
             FROM games g LEFT JOIN game_records r ON r.id = g.record_id WHERE g.id = $1",
        )
        .bind(game)
        .fetch_optional(&self.reader)
        .await?;
        row.map(|(server, kind, status, seats, stake, record)| {
            Ok(StoredRecord {
                id: game,
                server: from_db_id(server),
                kind,
                status: GameStatus::parse(&status)?,
                seats: parse_json(&seats, "seats")?,
                stake,
                record,
            })
        })
        .transpose()
    }

    /// Returns the balance, creating the account (with the starting grant
    /// journaled) on first use.
    async fn ensure_account(
        &self,
        tx: &mut Tx,
        server: ServerId,
        user: UserId,
    ) -> Result<i64, LedgerError> {
        let found: Option<i64> =
            db::query_scalar("SELECT balance FROM accounts WHERE server_id = $1 AND user_id = $2")
                .bind(db_id(server))
                .bind(db_id(user))
                .fetch_optional(&mut *tx)
                .await?;
        if let Some(b) = found {
            return Ok(b);
        }
        let start =
            number_setting(&mut *tx, server, names::STARTING, self.cfg.starting_chips).await?;
        db::query(
            "INSERT INTO accounts (server_id, user_id, balance, created_at) VALUES ($1, $2, $3, $4)",
        )
        .bind(db_id(server))
        .bind(db_id(user))
        .bind(start)
        .bind(now_unix())
        .execute(&mut *tx)
        .await?;
        if start > 0 {
            journal(
                tx,
                server,
                user,
                start,
                reason::STARTING,
                None,
                None,
                &format!("starting:{server}:{user}"),
            )
            .await?;
        }
        Ok(start)
    }
}

fn positive(amount: i64) -> Result<(), LedgerError> {
    if amount <= 0 {
        Err(LedgerError::InvalidAmount {
            amount,
            why: "must be positive",
        })
    } else {
        Ok(())
    }
}

fn check_key(key: &str) -> Result<(), LedgerError> {
    if key.is_empty() || key.len() > 200 {
        Err(LedgerError::BadInput(
            "an idempotency key must be 1 to 200 bytes".into(),
        ))
    } else {
        Ok(())
    }
}

fn parse_json<T: serde::de::DeserializeOwned>(text: &str, what: &str) -> Result<T, LedgerError> {
    serde_json::from_str(text).map_err(|e| LedgerError::Corrupt(format!("{what}: {e}")))
}

/// Appends a journal row.
#[allow(clippy::too_many_arguments)]
async fn journal(
    tx: &mut Tx,
    server: ServerId,
    user: UserId,
    amount: i64,
    why: &str,
    game: Option<GameId>,
    counterparty: Option<UserId>,
    key: &str,
) -> Result<(), LedgerError> {
    db::query(
        "INSERT INTO journal (server_id, user_id, amount, reason, game_id, counterparty, created_at, idem_key) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(db_id(server))
    .bind(db_id(user))
    .bind(amount)
    .bind(why)
    .bind(game)
    .bind(counterparty.map(db_id))
    .bind(now_unix())
    .bind(key)
    .execute(&mut *tx)
    .await?;
    Ok(())
}

/// The (user, amount, reason) of the journal row with this key, if any.
async fn find_key(tx: &mut Tx, key: &str) -> Result<Option<(i64, i64, String)>, LedgerError> {
    Ok(
        db::query_as("SELECT user_id, amount, reason FROM journal WHERE idem_key = $1")
            .bind(key)
            .fetch_optional(&mut *tx)
            .await?,
    )
}

/// Adds `delta` to a balance; the guard keeps it from going below zero even
/// if a caller's check were wrong. Returns the new balance.
async fn add_to_balance(
    tx: &mut Tx,
    server: ServerId,
    user: UserId,
    delta: i64,
) -> Result<i64, LedgerError> {
    let new: Option<i64> = db::query_scalar(
        "UPDATE accounts SET balance = balance + $1 \
         WHERE server_id = $2 AND user_id = $3 AND balance + $1 >= 0 RETURNING balance",
    )
    .bind(delta)
    .bind(db_id(server))
    .bind(db_id(user))
    .fetch_optional(&mut *tx)
    .await?;
    new.ok_or(LedgerError::InsufficientChips {
        balance: 0,
        needed: delta.saturating_neg(),
    })
}

/// The running game this user is seated in, in this server.
async fn running_game_of(
    tx: &mut Tx,
    server: ServerId,
    user: UserId,
) -> Result<Option<GameId>, LedgerError> {
    Ok(db::query_scalar(
        "SELECT game_id FROM game_seats WHERE server_id = $1 AND user_id = $2 AND active = 1",
    )
    .bind(db_id(server))
    .bind(db_id(user))
    .fetch_optional(&mut *tx)
    .await?)
}
