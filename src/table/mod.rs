//! The table runtime: many tables at once, one tokio task per table.
//!
//! A [`Tables`] registry maps a channel to its table. Each table task owns
//! its lobby and its game; front ends (the terminal and Discord) talk
//! to it through a [`TableHandle`]: commands go in on an mpsc channel with a
//! oneshot reply, [`TableEvent`]s come out on a broadcast channel. No lock is
//! held across `.await`: the only shared state is the registry's `DashMap`,
//! touched synchronously.
//!
//! Every action carries the game version it was made against (the number of
//! actions applied so far); any other version is refused as stale, so a
//! double click or a replayed event is applied once. After every applied
//! action the game's record is saved as its snapshot; the last action's
//! record goes to the ledger with the chips, in one settlement. On start-up
//! `Tables::resume_all` replays every unfinished game's snapshot and
//! carries on, or cancels what cannot be resumed.
//!
//! Turn timers come from [`TableConfig`]; a seat whose time runs out is
//! played by the game's bot (托管) until its player acts again.

pub mod config;
pub mod error;
pub mod handle;
pub mod kind;
mod ledger_store;
pub mod memory;
pub mod registry;
mod runtime;
mod seeds;
pub mod store;

pub use config::{TableConfig, TableOptions, TableTimers};
pub use error::TableError;
pub use handle::{
    Actor, CappedLoss, CloseReason, FairReveal, GameResult, GameStatus, Occupant, TableEvent,
    TableHandle, TableStatus,
};
pub use kind::{bot_step, JoinArgs, Money, Payout, SeatSetup, TableGame, TimerKind};
pub use ledger_store::ledger_message;
#[cfg(test)]
pub(crate) use ledger_store::store_error;
pub use registry::{ResumeReport, Tables};
pub use store::{
    ChannelId, Fault, GameId, NewGame, ServerId, SettleReport, Settlement, StoreError, StoredGame,
    TableStore, UserId,
};
