//! The table runtime's view of the chip ledger: the few operations it needs,
//! as a trait, so the runtime can be tested against [`MemoryStore`]
//! (src/table/memory.rs) and run against the SQLite ledger in production.
//!
//! The shapes mirror `crate::ledger::Ledger`'s inherent methods; the adapter
//! lives in `ledger_store.rs` once the ledger is on main.
//!
//! [`MemoryStore`]: super::memory::MemoryStore

use crate::games::Seat;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::future::Future;

pub type ServerId = u64;
pub type UserId = u64;
pub type ChannelId = u64;
pub type GameId = i64;

/// A game about to start: what the ledger needs to lock its seats' chips.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct NewGame {
    pub server: ServerId,
    pub channel: ChannelId,
    /// The game's record name (`dou-dizhu`).
    pub kind: String,
    /// The table options (stake, rules, host …) as stored; read back on resume.
    pub options: Value,
    /// One entry per seat in seat order; `None` is an AI seat.
    pub seats: Vec<Option<UserId>>,
    /// Chips per unit of the game's score.
    pub stake: i64,
    /// Each seat's balance as the table read it to deal the game (`None`:
    /// not read). The transaction that records the start balances refuses
    /// the game if one changed since (`err-balance-changed`); empty checks
    /// nothing.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub balances: Vec<Option<i64>>,
}

/// How a finished game turns into chips.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Settlement {
    /// Chips per seat (before caps and rake), summing to zero for zero-sum games.
    pub deltas: Vec<i64>,
    /// What the house takes from each winner's gain, in percent.
    pub rake_percent: u32,
    /// The finished game's record: the final snapshot, written with the chips.
    pub record: Value,
    /// The seats that won (for statistics).
    pub winners: Vec<usize>,
    /// Who played against whom and how it ended, for the ratings (see
    /// [`TableGame::contest`](super::TableGame::contest)); `None`: not rated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub contest: Option<crate::ledger::Contest>,
}

/// What a settlement actually paid.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SettleReport {
    /// The change of each seat after caps and rake.
    pub paid: Vec<i64>,
    /// Chips the house took.
    pub rake: i64,
    /// Each human seat's balance afterwards (`None` for AI seats).
    pub balances: Vec<Option<i64>>,
    /// What the game did to the ratings, or why it was not rated (`None`:
    /// no contest, or a store that does not rate).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ratings: Option<crate::ledger::RatingReport>,
}

/// An unfinished game as stored, for resuming at start-up.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StoredGame {
    pub id: GameId,
    pub server: ServerId,
    pub channel: ChannelId,
    pub kind: String,
    pub options: Value,
    pub seats: Vec<Option<UserId>>,
    pub stake: i64,
    /// The version of the last saved action or snapshot.
    pub version: i64,
    /// The game as stored (a record): the last full snapshot with every
    /// action appended since, if any snapshot was saved.
    pub snapshot: Option<Value>,
}

/// A refusal or failure of the store, with a Fluent key for front ends.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct StoreError {
    pub key: crate::message::Key,
    pub message: String,
    /// The values `key`'s words need (`chips` of `err-insufficient-chips`):
    /// a refusal keeps them on its way to every front end.
    pub args: Vec<(&'static str, crate::message::Arg)>,
    /// What kind of failure it is: a refusal, a passing failure worth
    /// retrying, or an internal one (a bug, a broken store).
    pub fault: Fault,
}

/// The kind of a [`StoreError`]. Typed, so that a front end tells the
/// user's refusals from its own failures without reading keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// A refusal the user reads: a stale version, a game already over, not
    /// enough chips. Permanent: retrying would loop for ever.
    Refusal,
    /// Trying again may succeed (the database was busy or unreachable).
    Transient,
    /// Ours (a bug, a broken store): logged, and answered with the
    /// internal-error words. Permanent.
    Internal,
}

impl StoreError {
    /// A permanent refusal.
    pub fn new(key: crate::message::Key, message: impl Into<String>) -> StoreError {
        StoreError {
            key,
            message: message.into(),
            args: Vec::new(),
            fault: Fault::Refusal,
        }
    }

    /// A failure of ours (`err-internal`): a bug or a broken store.
    pub fn internal(message: impl Into<String>) -> StoreError {
        StoreError {
            fault: Fault::Internal,
            ..StoreError::new(crate::keys::ERR_INTERNAL, message)
        }
    }

    /// Trying again may succeed.
    pub fn is_transient(&self) -> bool {
        self.fault == Fault::Transient
    }

    pub fn with_args(mut self, args: Vec<(&'static str, crate::message::Arg)>) -> StoreError {
        self.args = args;
        self
    }

    /// A failure that may pass (a busy or unreachable database).
    pub fn transient(key: crate::message::Key, message: impl Into<String>) -> StoreError {
        StoreError {
            fault: Fault::Transient,
            ..StoreError::new(key, message)
        }
    }

    /// The game was moved on by another writer, or is over: this table's
    /// copy of it can never be saved again.
    pub fn game_lost(&self) -> bool {
        self.fault == Fault::Refusal
            && [crate::keys::ERR_STALE, crate::keys::ERR_GAME_OVER].contains(&self.key)
    }
}

/// The ledger operations the table runtime uses. Every method is one
/// transaction in a real store.
pub trait TableStore: Send + Sync + 'static {
    /// Records a new game and locks its human seats' chips. Refuses a user
    /// already seated in a running game of the same server.
    fn create_game(&self, game: NewGame)
        -> impl Future<Output = Result<GameId, StoreError>> + Send;

    /// Opens a game in one transaction: records it, holds each human seat's
    /// `entry` into its pot (seat order; zero holds nothing; key
    /// `pot-entry`, as [`TableStore::hold`] repeats it on resume) and stores
    /// its first snapshot at version 0. A crash leaves either nothing or a
    /// game that can be resumed.
    fn open_game(
        &self,
        game: NewGame,
        entry: Vec<i64>,
        snapshot: Value,
    ) -> impl Future<Output = Result<GameId, StoreError>> + Send;

    /// Moves `amount` chips of a seated user into the game's escrow (a pot
    /// game's ante). Returns the new balance. Holding again with the same
    /// `key` holds nothing more, so a resumed game can repeat its holds.
    /// Settling returns every hold before paying the deltas; cancelling
    /// refunds them.
    fn hold(
        &self,
        game: GameId,
        user: UserId,
        amount: i64,
        key: &str,
    ) -> impl Future<Output = Result<i64, StoreError>> + Send;

    /// Appends one applied action (a record action: the action's JSON with
    /// its `seat`) to the stored game, making it `version`, which must be
    /// the stored version + 1 (appending the same action at the stored
    /// version again is a retried write and succeeds). Else a permanent
    /// `err-stale`: a compare-and-set, so a second writer is refused. The
    /// work is the action's, never the game's length: the stored game is
    /// its last full snapshot plus the actions appended since, and
    /// [`TableStore::unfinished_games`] gives them back as one record.
    fn append_action(
        &self,
        game: GameId,
        version: i64,
        action: &Value,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Stores the game's whole state (a record) at `version`, which must be
    /// the stored version + 1 (saving the same snapshot at the stored
    /// version again is a retried write and succeeds). Else a permanent
    /// `err-stale`. It replaces the snapshot and every action appended
    /// since (a compaction); the runtime appends actions instead
    /// ([`TableStore::append_action`]).
    fn save_snapshot(
        &self,
        game: GameId,
        version: i64,
        snapshot: &Value,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Moves the chips, stores the final record and marks the game over, in
    /// one transaction. Settling twice changes nothing.
    fn settle(
        &self,
        game: GameId,
        settlement: Settlement,
    ) -> impl Future<Output = Result<SettleReport, StoreError>> + Send;

    /// Marks the game cancelled and releases what it held.
    fn cancel(
        &self,
        game: GameId,
        reason: &str,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Puts `seat` of the running `game` on 托管 (`on`: the computer plays
    /// it until its player takes it back) or takes it off, so that a game
    /// resumed after a restart keeps it. Repeating either changes nothing;
    /// nothing here moves chips.
    fn set_autoplay(
        &self,
        game: GameId,
        seat: Seat,
        on: bool,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// The seats of `game` on 托管, in seat order.
    fn autoplay_seats(
        &self,
        game: GameId,
    ) -> impl Future<Output = Result<Vec<Seat>, StoreError>> + Send;

    /// Switches `user`'s 要不起 preference on this server: `on`, the table
    /// passes at once for them when passing is their only move
    /// ([`crate::games::Game::forced_pass`]); off (the default), it asks.
    /// Kept across restarts; nothing here moves chips.
    fn set_autopass(
        &self,
        server: ServerId,
        user: UserId,
        on: bool,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Whether `user` chose, on this server, to pass at once when passing
    /// is the only move (false when never chosen).
    fn autopass(
        &self,
        server: ServerId,
        user: UserId,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send;

    /// Every game that was started and neither settled nor cancelled.
    fn unfinished_games(&self) -> impl Future<Output = Result<Vec<StoredGame>, StoreError>> + Send;

    /// A user's balance (a first look grants the starting chips).
    fn balance(
        &self,
        server: ServerId,
        user: UserId,
    ) -> impl Future<Output = Result<i64, StoreError>> + Send;
}
