//! 要不起 as a member's preference (issue #36): whether the table passes at
//! once for a member whose only move is the pass, per member per server.
//! Off (ask, as ever) unless the member switched it on. Like 托管 kept with
//! a game ([`super::autoplay`]) nothing here moves chips, so a write takes
//! no lock.

use super::db;
use super::{db_id, Ledger, LedgerError, ServerId, UserId};

impl Ledger {
    /// Switches the member's 要不起 preference on (pass at once) or off
    /// (ask). Repeating either changes nothing.
    pub async fn set_autopass(
        &self,
        server: ServerId,
        user: UserId,
        on: bool,
    ) -> Result<(), LedgerError> {
        let _want = self.group.as_ref().map(super::group::GroupWriter::want);
        let sql = if on {
            "INSERT INTO autopass (server_id, user_id) VALUES ($1, $2) \
             ON CONFLICT (server_id, user_id) DO NOTHING"
        } else {
            "DELETE FROM autopass WHERE server_id = $1 AND user_id = $2"
        };
        db::query(sql)
            .bind(db_id(server))
            .bind(db_id(user))
            .execute(&self.writer)
            .await?;
        Ok(())
    }

    /// Whether the member chose to pass at once when passing is the only
    /// move (false when never set).
    pub async fn autopass(&self, server: ServerId, user: UserId) -> Result<bool, LedgerError> {
        let row: Option<i64> =
            db::query_scalar("SELECT user_id FROM autopass WHERE server_id = $1 AND user_id = $2")
                .bind(db_id(server))
                .bind(db_id(user))
                .fetch_optional(&self.reader)
                .await?;
        Ok(row.is_some())
    }
}
