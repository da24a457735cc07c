//! The messages a front end posted for a running game, kept with the game
//! so that a restarted process can find them again (issue #17, item 13).
//! On Discord these are the table message and each seat's hand DM: after a
//! restart the resumed table retires the old table message's controls and
//! edits the old DMs rather than leaving working buttons and outdated hands
//! behind. The ledger only keeps the ids; what they mean is the front
//! end's business. Nothing here moves chips, so a write takes no lock.

use super::db;
use super::{db_id, from_db_id, GameId, Ledger, LedgerError, UserId};

/// One message posted for a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameMessage {
    /// Whose private message it is (a hand DM), or `None` for the public
    /// table message.
    pub user: Option<UserId>,
    pub channel: u64,
    pub message: u64,
}

/// The stored `user_id` of the public table message (no Discord user has
/// the snowflake 0).
const PUBLIC: i64 = 0;

impl Ledger {
    /// Remembers that `m` was posted for `game`, replacing the message
    /// remembered for the same user (or the table message): a game keeps
    /// one table message and one hand DM per user, the latest.
    pub async fn save_game_message(&self, game: GameId, m: GameMessage) -> Result<(), LedgerError> {
        let _want = self.group.as_ref().map(super::group::GroupWriter::want);
        db::query(
            "INSERT INTO game_messages (game_id, user_id, channel_id, message_id) \
             VALUES ($1, $2, $3, $4) \
             ON CONFLICT (game_id, user_id) \
             DO UPDATE SET channel_id = excluded.channel_id, message_id = excluded.message_id",
        )
        .bind(game)
        .bind(m.user.map(db_id).unwrap_or(PUBLIC))
        .bind(db_id(m.channel))
        .bind(db_id(m.message))
        .execute(&self.writer)
        .await?;
        Ok(())
    }

    /// The messages remembered for `game`: the table message first, then
    /// the DMs in user order.
    pub async fn game_messages(&self, game: GameId) -> Result<Vec<GameMessage>, LedgerError> {
        let rows: Vec<(i64, i64, i64)> = db::query_as(
            "SELECT user_id, channel_id, message_id FROM game_messages \
             WHERE game_id = $1 ORDER BY user_id",
        )
        .bind(game)
        .fetch_all(&self.reader)
        .await?;
        Ok(rows
            .into_iter()
            .map(|(user, channel, message)| GameMessage {
                user: (user != PUBLIC).then(|| from_db_id(user)),
                channel: from_db_id(channel),
                message: from_db_id(message),
            })
            .collect())
    }
}
