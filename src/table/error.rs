//! Why the table refused a command. Each variant has a Fluent key for the
//! front ends, and plain English for logs and the terminal.

use super::store::{GameId, StoreError, UserId};
use crate::games::RuleError;
use crate::message::{Arg, Message};

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    /// A table option refused, with its Fluent key and values.
    #[error("bad table options: {}", .0.message)]
    BadOptions(RuleError),
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
    #[error("seat {seat} is a person's")]
    SeatTaken { seat: usize },
    #[error("this table has seats 1 to {max}")]
    NoSuchSeat { max: usize },
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
    /// At the start, a joiner's balance no longer covers what the seat
    /// brought (the chips went elsewhere after the join).
    #[error("user {user} has only {balance} chips now, less than their seat needs: {cause}")]
    BalanceFell {
        user: UserId,
        balance: i64,
        cause: RuleError,
    },
    /// At the start, a seated player holds less than a seat at this table
    /// needs ([`TableGame::min_balance`](super::TableGame::min_balance)).
    #[error("user {user} has only {balance} chips, less than the {needed} a seat needs")]
    BelowTableMinimum {
        user: UserId,
        balance: i64,
        needed: i64,
    },
}

impl TableError {
    /// A table option refused for a reason only English can give (what
    /// the JSON parser or a trial deal said): `err-bad-option` with it as
    /// the detail.
    pub fn bad_option(detail: impl Into<String>) -> TableError {
        let detail = detail.into();
        TableError::BadOptions(
            RuleError::new(
                crate::games::ErrorCode::IllegalAction,
                crate::keys::ERR_BAD_OPTION,
                detail.clone(),
            )
            .arg("detail", detail),
        )
    }

    /// A table option refused with its own message `key`.
    pub fn option(key: crate::message::Key, message: impl Into<String>) -> TableError {
        TableError::BadOptions(RuleError::new(
            crate::games::ErrorCode::IllegalAction,
            key,
            message,
        ))
    }

    /// The Fluent message id front ends translate (`locales/*/`), with
    /// [`TableError::args`].
    pub fn key(&self) -> crate::message::Key {
        match self {
            TableError::BadOptions(e) => e.key,
            TableError::ChannelBusy => crate::keys::ERR_TABLE_EXISTS,
            TableError::AlreadySeated => crate::keys::ERR_ALREADY_SEATED,
            TableError::TableFull => crate::keys::ERR_TABLE_FULL,
            TableError::NotSeated => crate::keys::ERR_NOT_SEATED,
            TableError::NotHost => crate::keys::ERR_NOT_HOST,
            TableError::AlreadyStarted => crate::keys::ERR_GAME_RUNNING,
            TableError::NotPlaying => crate::keys::ERR_WRONG_PHASE,
            TableError::WrongSeatCount { .. } => crate::keys::ERR_NOT_ENOUGH_PLAYERS,
            TableError::NoAiSeat => crate::keys::ERR_NO_SUCH_SEAT,
            TableError::SeatTaken { .. } => crate::keys::ERR_SEAT_TAKEN,
            TableError::NoSuchSeat { .. } => crate::keys::ERR_SEAT_RANGE,
            TableError::Stale { .. } => crate::keys::ERR_STALE,
            TableError::Rule(e) => e.key,
            TableError::Store(e) => e.key,
            TableError::Closed => crate::keys::ERR_NO_TABLE,
            TableError::Unresumable(..) => crate::keys::ERR_INTERNAL,
            TableError::BalanceFell { .. } => crate::keys::ERR_START_BALANCE_FELL,
            TableError::BelowTableMinimum { .. } => crate::keys::ERR_START_BELOW_TABLE,
        }
    }

    /// The Fluent arguments of [`TableError::key`].
    pub fn args(&self) -> Vec<(&'static str, Arg)> {
        match self {
            TableError::BadOptions(e) => e.args.clone(),
            TableError::WrongSeatCount { min, .. } => vec![("needed", Arg::from(*min))],
            TableError::SeatTaken { seat } => vec![("seat", Arg::from(seat + 1))],
            TableError::NoSuchSeat { max } => vec![("max", Arg::from(*max))],
            TableError::NotPlaying => vec![("action", Arg::from("play"))],
            TableError::Rule(e) => e.args.clone(),
            TableError::Store(e) => e.args.clone(),
            TableError::BalanceFell { user, balance, .. } => {
                vec![("user", Arg::User(*user)), ("balance", Arg::from(*balance))]
            }
            TableError::BelowTableMinimum {
                user,
                balance,
                needed,
            } => vec![
                ("user", Arg::User(*user)),
                ("balance", Arg::from(*balance)),
                ("needed", Arg::from(*needed)),
            ],
            _ => Vec::new(),
        }
    }

    /// What to say: [`TableError::key`] with [`TableError::args`].
    pub fn to_message(&self) -> Message {
        Message {
            key: self.key(),
            args: self.args(),
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
