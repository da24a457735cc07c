//! The ledger's errors: every refusal is typed, changes nothing, and carries a
//! Fluent message id (`key`) so front ends can say it in the user's language,
//! with the values of its variant (the application types them for its front
//! ends, which show a member or a time each their own way).

use super::{GameId, ServerId, UserId};

#[derive(Debug, thiserror::Error)]
pub enum LedgerError {
    /// An amount that is negative, zero where zero makes no sense, or out of range.
    #[error("invalid amount {amount}: {why}")]
    InvalidAmount { amount: i64, why: &'static str },
    /// The result would not fit in an i64.
    #[error("amount too large: the result would overflow")]
    AmountTooLarge,
    #[error("not enough chips: balance {balance}, needed {needed}")]
    InsufficientChips { balance: i64, needed: i64 },
    #[error("cannot transfer chips to oneself")]
    SelfTransfer,
    /// The user is seated in a running game: their chips are locked.
    #[error("user {user}'s chips are locked in running game {game}")]
    ChipsLocked { user: UserId, game: GameId },
    /// The user is already seated in a running game of this server.
    #[error("user {user} is already seated in running game {game}")]
    AlreadySeated { user: UserId, game: GameId },
    #[error("user {user} appears in two seats")]
    DuplicateSeat { user: UserId },
    /// A seat's balance is not the one the game was dealt from: it moved
    /// between the read and the opening of the game.
    #[error("user {user}'s balance changed to {balance} while the game was opening")]
    BalanceChanged { user: UserId, balance: i64 },
    #[error("daily chips already claimed: try again in {retry_in_secs} s")]
    DailyCooldown {
        retry_in_secs: i64,
        /// Unix seconds when the next claim is possible.
        available_at: i64,
    },
    /// `/daily` is turned off in this server (its daily amount is 0).
    #[error("daily chips are turned off")]
    DailyOff,
    /// This server's admins turned `/give` off.
    #[error("giving chips is turned off in this server")]
    GiveOff,
    /// A gift past what one member may give in 24 hours.
    #[error("a member may give {limit} chips in 24 hours; {given} given, {amount} more asked")]
    GiveLimit { limit: i64, given: i64, amount: i64 },
    /// A server setting changed by someone else since it was read.
    #[error("the setting {name} was changed meanwhile")]
    SettingChanged { name: String },
    #[error("no game {game}")]
    UnknownGame { game: GameId },
    #[error("game {game} is {status}, not running")]
    GameNotRunning { game: GameId, status: String },
    #[error("user {user} has no seat in game {game}")]
    NotSeated { game: GameId, user: UserId },
    /// A snapshot that is not the next one after the stored version (or a
    /// different snapshot at the same version): another writer moved the
    /// game on. Retrying cannot succeed.
    #[error("stale snapshot for game {game}: version {given} does not follow the stored {stored}")]
    StaleVersion {
        game: GameId,
        stored: i64,
        given: i64,
    },
    /// Another live process plays at this ledger's tables.
    #[error(
        "another process (pid {pid} on {host}, since {since}) is playing at this ledger's tables"
    )]
    LeaseHeld {
        pid: i64,
        host: String,
        since: String,
    },
    /// A write for a guild whose shard this process does not hold (under
    /// the database's shard count): another process hosts that guild now.
    #[error("guild {server} is on a shard this process does not hold")]
    ShardNotHeld { server: ServerId },
    /// A sharded process started with another shard count than the one
    /// its database fixed.
    #[error(
        "this database runs {fixed} shards (fixed by the first sharded bot), but this process \
         was started with shard count {asked}: start it with --shard-count {fixed} \
         (PAIJU_DISCORD_SHARD_COUNT={fixed}) and a range within 0-{last}; to re-shard, stop \
         every bot on this database, run `paiju ledger reshard --shard-count {asked}`, then \
         start the bots with {asked} shards",
        last = fixed - 1
    )]
    ShardCountFixed { fixed: i64, asked: u32 },
    /// `PRAGMA quick_check` found the database file damaged.
    #[error("the database file is damaged: {0}")]
    Damaged(String),
    /// `/season start` in a season that already has rated games.
    #[error("season {season} is running ({games} rated games): end it first")]
    SeasonRunning { season: i64, games: i64 },
    #[error("bad settlement: {0}")]
    BadSettlement(String),
    /// An idempotency key already used for a different operation.
    #[error("idempotency key `{key}` was already used for a different operation")]
    IdempotencyConflict { key: String },
    /// Malformed input other than amounts (empty seat list, bad kind, …).
    #[error("bad input: {0}")]
    BadInput(String),
    /// A stored row that cannot be read back (bad JSON, unknown status).
    #[error("corrupt ledger data: {0}")]
    Corrupt(String),
    #[error("database error: {0}")]
    Database(#[from] sqlx::Error),
    #[error("database migration failed: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
}

/// The kind of a [`LedgerError`] ([`LedgerError::fault`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// The user's request is refused; the words say why.
    Refusal,
    /// Trying again may succeed.
    Transient,
    /// Ours: logged, and the user told that nothing changed.
    Internal,
}

impl LedgerError {
    /// The Fluent message id for this error (locales/*/errors.ftl). Errors
    /// that only a caller's bug or a broken store can cause share
    /// `err-internal`: the user can do nothing about them.
    pub fn key(&self) -> &'static str {
        match self {
            LedgerError::InvalidAmount { .. } => "err-amount-positive",
            LedgerError::AmountTooLarge => "err-amount-too-large",
            LedgerError::InsufficientChips { .. } => "err-insufficient-chips",
            LedgerError::SelfTransfer => "err-self-transfer",
            LedgerError::ChipsLocked { .. } => "err-seated-in-game",
            LedgerError::AlreadySeated { .. } => "err-seated-elsewhere",
            LedgerError::DuplicateSeat { .. } => "err-already-seated",
            LedgerError::BalanceChanged { .. } => "err-balance-changed",
            LedgerError::DailyCooldown { .. } => "err-daily-cooldown",
            LedgerError::DailyOff => "err-daily-off",
            LedgerError::GiveOff => "err-give-off",
            LedgerError::GiveLimit { .. } => "err-give-limit",
            LedgerError::SettingChanged { .. } => "err-setting-changed",
            LedgerError::GameNotRunning { .. } => "err-game-over",
            LedgerError::NotSeated { .. } => "err-not-seated",
            LedgerError::StaleVersion { .. } => "err-stale",
            LedgerError::LeaseHeld { .. } => "err-lease-held",
            LedgerError::ShardNotHeld { .. } => "err-shard-elsewhere",
            LedgerError::Damaged(_) => "err-database-damaged",
            LedgerError::SeasonRunning { .. } => "err-season-running",
            LedgerError::UnknownGame { .. }
            | LedgerError::ShardCountFixed { .. }
            | LedgerError::BadSettlement(_)
            | LedgerError::IdempotencyConflict { .. }
            | LedgerError::BadInput(_)
            | LedgerError::Corrupt(_)
            | LedgerError::Database(_)
            | LedgerError::Migrate(_) => "err-internal",
        }
    }

    /// True for refusals of the caller's request (the user's fault or a rule),
    /// false for failures of the store itself.
    pub fn is_refusal(&self) -> bool {
        !matches!(
            self,
            LedgerError::Corrupt(_)
                | LedgerError::Database(_)
                | LedgerError::Migrate(_)
                | LedgerError::Damaged(_)
        )
    }

    /// True when trying again may succeed: the database was busy or could
    /// not be reached. A refusal, a stale version or damaged data stays so.
    /// What kind of failure this is, typed, for the layers above: a
    /// refusal the user reads (not enough chips, a stale move), a passing
    /// failure worth retrying (a busy or unreachable database), or an
    /// internal one — a bug or a broken store — that is logged and answered
    /// with the internal-error words.
    pub fn fault(&self) -> Fault {
        if self.is_transient() {
            Fault::Transient
        } else if matches!(self, LedgerError::Damaged(_)) || self.key() == "err-internal" {
            Fault::Internal
        } else {
            Fault::Refusal
        }
    }

    pub fn is_transient(&self) -> bool {
        match self {
            LedgerError::Database(e) => match e {
                sqlx::Error::PoolTimedOut | sqlx::Error::Io(_) | sqlx::Error::PoolClosed => true,
                // SQLITE_BUSY (5) and SQLITE_LOCKED (6), with extended codes.
                sqlx::Error::Database(d) => d
                    .code()
                    .and_then(|c| c.parse::<i32>().ok())
                    .is_some_and(|c| matches!(c & 0xff, 5 | 6)),
                _ => false,
            },
            _ => false,
        }
    }
}

/// Every key `LedgerError::key` can return.
pub const ERROR_KEYS: &[&str] = &[
    "err-amount-positive",
    "err-amount-too-large",
    "err-balance-changed",
    "err-insufficient-chips",
    "err-self-transfer",
    "err-seated-in-game",
    "err-seated-elsewhere",
    "err-already-seated",
    "err-daily-cooldown",
    "err-daily-off",
    "err-give-off",
    "err-give-limit",
    "err-setting-changed",
    "err-game-over",
    "err-not-seated",
    "err-stale",
    "err-lease-held",
    "err-shard-elsewhere",
    "err-database-damaged",
    "err-season-running",
    "err-internal",
];
