//! A server's own settings (issue #34): what its admins changed with
//! `/paiju settings`, over the config file's defaults, and the journal of
//! every change (who, when, old → new).
//!
//! The ledger stores a setting as text under a name and does not know most
//! of them: the application types and bounds them before they get here.
//! It reads the chips ones itself ([`names`]), in the same transaction as
//! the chips they govern, so a new starting balance, daily amount or gift
//! limit holds from the next write on in every process of a deployment.
//!
//! A change is a compare-and-set: the caller names the value it read (or
//! `None`, the default), and a setting changed meanwhile by another admin
//! refuses the whole change ([`LedgerError::SettingChanged`]).

use super::db::{self, Lock, Tx};
use super::{db_id, from_db_id, Ledger, LedgerError, ServerId, UserId};
use std::collections::BTreeMap;

/// The names of the settings the ledger reads itself.
pub mod names {
    /// Chips a member's account opens with in this server.
    pub const STARTING: &str = "chips.starting";
    /// Chips `/daily` grants (0: no daily chips).
    pub const DAILY: &str = "chips.daily";
    /// Seconds between two `/daily` claims.
    pub const DAILY_COOLDOWN: &str = "chips.daily_cooldown_secs";
    /// `true` or `false`: whether members may `/give` chips.
    pub const GIVE_ALLOWED: &str = "give.allowed";
    /// The chips one member may give in 24 hours (0: no limit).
    pub const GIVE_DAILY_LIMIT: &str = "give.daily_limit";
}

/// One change of one setting: its name, the value the caller read (`None`:
/// it had none, the default held), and the new one (`None`: back to the
/// default).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SettingChange {
    pub name: String,
    pub old: Option<String>,
    pub new: Option<String>,
}

/// A journaled change, as `/paiju settings` shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SettingLogEntry {
    pub name: String,
    pub old: Option<String>,
    pub new: Option<String>,
    pub by: UserId,
    /// Unix seconds.
    pub at: i64,
}

/// The seconds a gift limit counts back over.
pub const GIVE_WINDOW_SECS: i64 = 24 * 60 * 60;

impl Ledger {
    /// The settings `server`'s admins set (name → value); a name absent
    /// has the config file's value.
    pub async fn server_settings(
        &self,
        server: ServerId,
    ) -> Result<BTreeMap<String, String>, LedgerError> {
        let rows: Vec<(String, String)> =
            db::query_as("SELECT name, value FROM server_settings WHERE server_id = $1")
                .bind(db_id(server))
                .fetch_all(&self.reader)
                .await?;
        Ok(rows.into_iter().collect())
    }

    /// Applies `changes` together, each journaled, or none: a setting
    /// whose stored value is not the `old` its change names was changed by
    /// someone else since it was read, and refuses the whole change. A
    /// change to the value it already has is journaled by nobody (it is no
    /// change) and skipped.
    pub async fn change_server_settings(
        &self,
        server: ServerId,
        changes: &[SettingChange],
        by: UserId,
        now_unix: i64,
    ) -> Result<usize, LedgerError> {
        let mut tx = self.begin(Lock::Server(db_id(server))).await?;
        self.check_server_owner(&mut tx, server).await?;
        let mut changed = 0;
        for c in changes {
            let stored = stored_setting(&mut tx, server, &c.name).await?;
            if stored != c.old {
                return Err(LedgerError::SettingChanged {
                    name: c.name.clone(),
                });
            }
            if c.new == stored {
                continue;
            }
            match &c.new {
                Some(value) => {
                    db::query(
                        "INSERT INTO server_settings (server_id, name, value) VALUES ($1, $2, $3) \
                         ON CONFLICT (server_id, name) DO UPDATE SET value = excluded.value",
                    )
                    .bind(db_id(server))
                    .bind(&c.name)
                    .bind(value)
                    .execute(&mut tx)
                    .await?;
                }
                None => {
                    db::query("DELETE FROM server_settings WHERE server_id = $1 AND name = $2")
                        .bind(db_id(server))
                        .bind(&c.name)
                        .execute(&mut tx)
                        .await?;
                }
            }
            db::query(
                "INSERT INTO server_settings_log \
                 (server_id, name, old_value, new_value, changed_by, changed_at) \
                 VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(db_id(server))
            .bind(&c.name)
            .bind(stored.clone())
            .bind(c.new.clone())
            .bind(db_id(by))
            .bind(now_unix)
            .execute(&mut tx)
            .await?;
            changed += 1;
        }
        tx.commit().await?;
        Ok(changed)
    }

    /// Sets the mark `name` (`told.admin`) of `server` if it is not set:
    /// true the first time. Marks are the bot's own, not settings: they
    /// are not journaled.
    pub async fn mark_once(&self, server: ServerId, name: &str) -> Result<bool, LedgerError> {
        let _want = self.group.as_ref().map(super::group::GroupWriter::want);
        let done = db::query(
            "INSERT INTO server_settings (server_id, name, value) VALUES ($1, $2, '1') \
             ON CONFLICT (server_id, name) DO NOTHING",
        )
        .bind(db_id(server))
        .bind(name)
        .execute(&self.writer)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// The latest `limit` changes of `server`'s settings, newest first.
    pub async fn server_settings_log(
        &self,
        server: ServerId,
        limit: i64,
    ) -> Result<Vec<SettingLogEntry>, LedgerError> {
        type Row = (String, Option<String>, Option<String>, i64, i64);
        let rows: Vec<Row> = db::query_as(
            "SELECT name, old_value, new_value, changed_by, changed_at FROM server_settings_log \
             WHERE server_id = $1 ORDER BY id DESC LIMIT $2",
        )
        .bind(db_id(server))
        .bind(limit)
        .fetch_all(&self.reader)
        .await?;
        Ok(rows
            .into_iter()
            .map(|(name, old, new, by, at)| SettingLogEntry {
                name,
                old,
                new,
                by: from_db_id(by),
                at,
            })
            .collect())
    }
}

/// A setting's stored value, read inside a write.
async fn stored_setting(
    tx: &mut Tx,
    server: ServerId,
    name: &str,
) -> Result<Option<String>, LedgerError> {
    Ok(
        db::query_scalar("SELECT value FROM server_settings WHERE server_id = $1 AND name = $2")
            .bind(db_id(server))
            .bind(name)
            .fetch_optional(&mut *tx)
            .await?,
    )
}

/// A number setting read inside a write, else `default`. A stored value
/// that is no number (only a hand-edited database has one) counts as
/// unset: the application never writes one.
pub(crate) async fn number_setting(
    tx: &mut Tx,
    server: ServerId,
    name: &str,
    default: i64,
) -> Result<i64, LedgerError> {
    Ok(stored_setting(tx, server, name)
        .await?
        .and_then(|v| v.parse().ok())
        .unwrap_or(default))
}

/// A yes/no setting read inside a write, else `default`.
pub(crate) async fn flag_setting(
    tx: &mut Tx,
    server: ServerId,
    name: &str,
    default: bool,
) -> Result<bool, LedgerError> {
    Ok(stored_setting(tx, server, name)
        .await?
        .and_then(|v| v.parse().ok())
        .unwrap_or(default))
}

/// The chips `user` gave in `server` since `since` (Unix seconds).
pub(crate) async fn given_since(
    tx: &mut Tx,
    server: ServerId,
    user: UserId,
    since: i64,
) -> Result<i64, LedgerError> {
    let given: Option<i64> = db::query_scalar(
        "SELECT CAST(SUM(-amount) AS BIGINT) FROM journal WHERE server_id = $1 AND user_id = $2 \
         AND reason = 'transfer' AND amount < 0 AND created_at >= $3",
    )
    .bind(db_id(server))
    .bind(db_id(user))
    .bind(since)
    .fetch_one(&mut *tx)
    .await?;
    Ok(given.unwrap_or(0))
}
