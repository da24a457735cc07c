//! The SQLite ledger as the table runtime's store: a thin mapping between
//! the runtime's types and `crate::ledger`'s (the same fields; the ledger's
//! stored game also carries holds and start balances the runtime does not
//! need).

use super::store::{
    Fault, GameId, NewGame, ServerId, SettleReport, Settlement, StoreError, StoredGame, TableStore,
    UserId,
};
use crate::ledger::{self, Ledger, LedgerError};
use crate::message::{Arg, Message};
use serde_json::Value;
use std::future::Future;

/// Runs a table's ledger write `op`, timed for the metrics
/// (`paiju_ledger_write_seconds`): the wait as the table sees it.
async fn timed<T>(op: &'static str, write: impl Future<Output = T>) -> T {
    let began = std::time::Instant::now();
    let done = write.await;
    crate::ops::metrics::ledger_write(op, began.elapsed());
    done
}

/// The ledger's error as the table runtime sees it, its kind kept.
pub(crate) fn store_error(e: LedgerError) -> StoreError {
    let fault = match e.fault() {
        ledger::Fault::Refusal => Fault::Refusal,
        ledger::Fault::Transient => Fault::Transient,
        ledger::Fault::Internal => Fault::Internal,
    };
    StoreError {
        key: crate::message::Key::listed(e.key()),
        message: e.to_string(),
        args: ledger_message(&e).args,
        fault,
    }
}

/// What a ledger error says, typed: members as [`Arg::User`] and the next
/// daily claim as an [`Arg::Time`], for each front end to show its way.
pub fn ledger_message(e: &LedgerError) -> Message {
    // The ledger names its keys from its own closed enum (it depends on
    // nothing of paiju's); `paiju_ledger::ERROR_KEYS` is checked against
    // the catalogue by a test.
    let m = Message::new(crate::message::Key::listed(e.key()));
    match e {
        LedgerError::InvalidAmount { amount, .. } => m.arg("amount", *amount),
        LedgerError::InsufficientChips { balance, needed } => {
            m.arg("chips", *balance).arg("needed", *needed)
        }
        LedgerError::ChipsLocked { user, game } | LedgerError::AlreadySeated { user, game } => {
            m.arg("user", Arg::User(*user)).arg("game", *game)
        }
        LedgerError::DuplicateSeat { user } => m.arg("user", Arg::User(*user)),
        LedgerError::BalanceChanged { user, balance } => {
            m.arg("user", Arg::User(*user)).arg("balance", *balance)
        }
        LedgerError::DailyCooldown {
            retry_in_secs,
            available_at,
        } => m
            .arg("when", Arg::Time(*available_at))
            .arg("seconds", *retry_in_secs),
        LedgerError::GiveLimit {
            limit,
            given,
            amount,
        } => m
            .arg("limit", *limit)
            .arg("given", *given)
            .arg("left", (*limit - *given).max(0))
            .arg("amount", *amount),
        LedgerError::SettingChanged { name } => m.arg("setting", name.as_str()),
        LedgerError::UnknownGame { game } => m.arg("game", *game),
        LedgerError::GameNotRunning { game, status } => {
            m.arg("game", *game).arg("status", status.as_str())
        }
        LedgerError::NotSeated { game, user } => m.arg("game", *game).arg("user", Arg::User(*user)),
        LedgerError::LeaseHeld { pid, host, since } => m
            .arg("pid", *pid)
            .arg("host", host.as_str())
            .arg("since", since.as_str()),
        LedgerError::Damaged(detail) => m.arg("detail", detail.as_str()),
        _ => m,
    }
}

fn to_ledger(g: NewGame) -> ledger::NewGame {
    ledger::NewGame {
        server: g.server,
        channel: g.channel,
        kind: g.kind,
        options: g.options,
        seats: g.seats,
        stake: g.stake,
    }
}

impl TableStore for Ledger {
    async fn set_autoplay(&self, game: GameId, seat: usize, on: bool) -> Result<(), StoreError> {
        let seat = u32::try_from(seat).map_err(|_| StoreError::internal("no such seat"))?;
        Ledger::set_autoplay(self, game, seat, on)
            .await
            .map_err(store_error)
    }

    async fn autoplay_seats(&self, game: GameId) -> Result<Vec<usize>, StoreError> {
        let seats = Ledger::autoplay_seats(self, game)
            .await
            .map_err(store_error)?;
        Ok(seats.into_iter().map(|s| s as usize).collect())
    }

    async fn set_autopass(
        &self,
        server: ServerId,
        user: UserId,
        on: bool,
    ) -> Result<(), StoreError> {
        Ledger::set_autopass(self, server, user, on)
            .await
            .map_err(store_error)
    }

    async fn autopass(&self, server: ServerId, user: UserId) -> Result<bool, StoreError> {
        Ledger::autopass(self, server, user)
            .await
            .map_err(store_error)
    }

    async fn create_game(&self, g: NewGame) -> Result<GameId, StoreError> {
        let balances = g.balances.clone();
        timed(
            "open",
            Ledger::create_game_at(self, to_ledger(g), &balances),
        )
        .await
        .map_err(store_error)
    }

    async fn open_game(
        &self,
        g: NewGame,
        entry: Vec<i64>,
        snapshot: Value,
    ) -> Result<GameId, StoreError> {
        let balances = g.balances.clone();
        timed(
            "open",
            Ledger::open_game(self, to_ledger(g), &balances, &entry, &snapshot),
        )
        .await
        .map_err(store_error)
    }

    async fn hold(
        &self,
        game: GameId,
        user: UserId,
        amount: i64,
        key: &str,
    ) -> Result<i64, StoreError> {
        timed("hold", Ledger::hold(self, game, user, amount, key))
            .await
            .map_err(store_error)
    }

    async fn append_action(
        &self,
        game: GameId,
        version: i64,
        action: &Value,
    ) -> Result<(), StoreError> {
        timed("action", Ledger::append_action(self, game, version, action))
            .await
            .map_err(store_error)
    }

    async fn save_snapshot(
        &self,
        game: GameId,
        version: i64,
        snapshot: &Value,
    ) -> Result<(), StoreError> {
        timed(
            "snapshot",
            Ledger::save_snapshot(self, game, version, snapshot),
        )
        .await
        .map_err(store_error)
    }

    async fn settle(&self, game: GameId, s: Settlement) -> Result<SettleReport, StoreError> {
        let settlement = ledger::Settlement {
            deltas: s.deltas,
            rake_percent: s.rake_percent,
            record: s.record,
            winners: s.winners,
        };
        let r = timed(
            "settle",
            Ledger::settle_rated(self, game, settlement, s.contest),
        )
        .await
        .map_err(store_error)?;
        Ok(SettleReport {
            paid: r.paid,
            rake: r.rake,
            balances: r.balances,
            ratings: r.ratings,
        })
    }

    async fn cancel(&self, game: GameId, reason: &str) -> Result<(), StoreError> {
        timed("cancel", Ledger::cancel(self, game, reason))
            .await
            .map_err(store_error)
    }

    async fn unfinished_games(&self) -> Result<Vec<StoredGame>, StoreError> {
        let games = Ledger::unfinished_games(self).await.map_err(store_error)?;
        Ok(games
            .into_iter()
            .map(|g| StoredGame {
                id: g.id,
                server: g.server,
                channel: g.channel,
                kind: g.kind,
                options: g.options,
                seats: g.seats,
                stake: g.stake,
                version: g.version,
                snapshot: g.snapshot,
            })
            .collect())
    }

    async fn balance(&self, server: ServerId, user: UserId) -> Result<i64, StoreError> {
        Ledger::balance(self, server, user)
            .await
            .map_err(store_error)
    }
}
