//! The SQLite ledger as the table runtime's store: a thin mapping between
//! the runtime's types and `crate::ledger`'s (the same fields; the ledger's
//! stored game also carries holds and start balances the runtime does not
//! need).

use super::store::{
    Fault, GameId, NewGame, ServerId, SettleReport, Settlement, StoreError, StoredGame, TableStore,
    UserId,
};
use crate::ledger::{self, Ledger, LedgerError};
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
        key: e.key(),
        message: e.to_string(),
        args: e.args(),
        fault,
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
        let r = timed("settle", Ledger::settle(self, game, settlement))
            .await
            .map_err(store_error)?;
        Ok(SettleReport {
            paid: r.paid,
            rake: r.rake,
            balances: r.balances,
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::discord::errors::BotError;
    use crate::i18n::{self, Lang};
    use crate::table::TableError;

    /// Issue #33: behind a click, a ledger failure was shown as the user's
    /// mistake and never logged as ours: the front end looked for a key
    /// (`ledger-internal-error`) that nothing produced. The kind is typed
    /// now: a failure of the database is internal (logged; the member reads
    /// the internal-error words), a busy one transient, a refusal the
    /// member's.
    #[test]
    fn a_ledger_failure_behind_a_click_is_internal_and_a_refusal_is_not() {
        let failed = store_error(LedgerError::Database(sqlx::Error::Protocol(
            "the server closed the connection".into(),
        )));
        assert_eq!(failed.fault, Fault::Internal);
        let answer = BotError::from(TableError::Store(failed));
        assert!(matches!(answer, BotError::Internal(_)), "{answer:?}");
        for lang in [Lang::EnUs, Lang::ZhCn] {
            assert_eq!(answer.text(lang), i18n::tr(lang, "err-internal"));
        }

        let busy = store_error(LedgerError::Database(sqlx::Error::PoolTimedOut));
        assert!(busy.is_transient());

        let refused = store_error(LedgerError::InsufficientChips {
            balance: 3,
            needed: 40,
        });
        assert_eq!(refused.fault, Fault::Refusal);
        let answer = BotError::from(TableError::Store(refused));
        assert!(
            matches!(
                answer,
                BotError::User {
                    key: "err-insufficient-chips",
                    ..
                }
            ),
            "{answer:?}"
        );
    }
}
