//! 托管 kept with a running game (issue #36): which seats their player
//! handed to the computer, so that a restarted process resumes the game
//! with those seats still played for them. Like the front end's message
//! ids ([`super::messages`]) nothing here moves chips, so a write takes
//! no lock.

use super::db;
use super::{GameId, Ledger, LedgerError};

impl Ledger {
    /// Puts `seat` of `game` on 托管 (`on`) or takes it off. Repeating
    /// either changes nothing.
    pub async fn set_autoplay(&self, game: GameId, seat: u32, on: bool) -> Result<(), LedgerError> {
        let _want = self.group.as_ref().map(super::group::GroupWriter::want);
        let sql = if on {
            "INSERT INTO game_autoplay (game_id, seat) VALUES ($1, $2) \
             ON CONFLICT (game_id, seat) DO NOTHING"
        } else {
            "DELETE FROM game_autoplay WHERE game_id = $1 AND seat = $2"
        };
        db::query(sql)
            .bind(game)
            .bind(i64::from(seat))
            .execute(&self.writer)
            .await?;
        Ok(())
    }

    /// The seats of `game` on 托管, in seat order.
    pub async fn autoplay_seats(&self, game: GameId) -> Result<Vec<u32>, LedgerError> {
        let rows: Vec<(i64,)> =
            db::query_as("SELECT seat FROM game_autoplay WHERE game_id = $1 ORDER BY seat")
                .bind(game)
                .fetch_all(&self.reader)
                .await?;
        Ok(rows
            .into_iter()
            .filter_map(|(s,)| u32::try_from(s).ok())
            .collect())
    }
}
