//! Why the table refused a command. Each variant has a Fluent key for the
//! front ends, and plain English for logs and the terminal.

use super::store::{GameId, StoreError};
use crate::games::RuleError;

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    #[error("bad table options: {0}")]
    BadOptions(String),
    #[error("a table is already open in this channel")]
    ChannelBusy,
    #[error("you are already seated at this table")]
    AlreadySeated,
    #[error("the table is full")]
    TableFull,
    #[error("you are not seated at this table")]
    NotSeated,
    #[error("only the host can do that")]
    NotHost,
    #[error("the game has already started")]
    AlreadyStarted,
    #[error("no game is running at this table")]
    NotPlaying,
    #[error("this table needs {min} to {max} players and has {have}")]
    WrongSeatCount { min: usize, max: usize, have: usize },
    #[error("there is no AI seat to remove")]
    NoAiSeat,
    #[error("that was made against move {got}, but the game is at move {now}")]
    Stale { got: u64, now: u64 },
    #[error("{0}")]
    Rule(RuleError),
    #[error("the chip ledger refused: {0}")]
    Store(StoreError),
    #[error("the table is closed")]
    Closed,
    #[error("game #{0} cannot be resumed: {1}")]
    Unresumable(GameId, String),
}

impl TableError {
    /// The Fluent message id front ends translate.
    pub fn key(&self) -> &'static str {
        match self {
            TableError::BadOptions(_) => "table-bad-options",
            TableError::ChannelBusy => "table-channel-busy",
            TableError::AlreadySeated => "table-already-seated",
            TableError::TableFull => "table-full",
            TableError::NotSeated => "table-not-seated",
            TableError::NotHost => "table-not-host",
            TableError::AlreadyStarted => "table-already-started",
            TableError::NotPlaying => "table-not-playing",
            TableError::WrongSeatCount { .. } => "table-wrong-seat-count",
            TableError::NoAiSeat => "table-no-ai-seat",
            TableError::Stale { .. } => "table-stale",
            TableError::Rule(e) => e.key,
            TableError::Store(e) => e.key,
            TableError::Closed => "table-closed",
            TableError::Unresumable(..) => "table-unresumable",
        }
    }
}

impl From<RuleError> for TableError {
    fn from(e: RuleError) -> TableError {
        TableError::Rule(e)
    }
}

impl From<StoreError> for TableError {
    fn from(e: StoreError) -> TableError {
        TableError::Store(e)
    }
}
