//! Table settings: the runtime's timers and limits ([`TableConfig`], which
//! start-up makes from the config file's `[timers]`: `config.rs` composes
//! it, this layer knows no file format), and one table's options as its
//! host opens it ([`TableOptions`]).

use serde::{Deserialize, Serialize};
use std::time::Duration;

/// Timers and limits of every table (from the config file's `[timers]`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct TableConfig {
    /// Seconds a player has for a bid (call, rob, double …).
    pub bid_timeout_secs: u64,
    /// Seconds a player has for a play.
    pub play_timeout_secs: u64,
    /// A lobby with no activity for this long closes.
    pub lobby_idle_secs: u64,
    /// Milliseconds an AI seat (or a seat on autoplay) waits before acting,
    /// so people can follow the game.
    pub ai_delay_ms: u64,
    /// The largest stake a table may have.
    pub max_stake: i64,
    /// A table that plays on ([`super::TableGame::plays_on`]) waits after
    /// each settled game, its next game neither dealt nor staked, until the
    /// host starts it ([`super::TableHandle::start`]) — `paiju play` asks
    /// "another game?" first. Off on Discord, where the next game follows
    /// by itself. Not a config-file key.
    #[serde(skip)]
    pub pause_between_games: bool,
}

impl Default for TableConfig {
    fn default() -> TableConfig {
        TableConfig {
            bid_timeout_secs: 30,
            play_timeout_secs: 45,
            lobby_idle_secs: 600,
            ai_delay_ms: 800,
            max_stake: 1_000_000,
            pause_between_games: false,
        }
    }
}

impl TableConfig {
    pub fn bid_timeout(&self) -> Duration {
        Duration::from_secs(self.bid_timeout_secs)
    }
    pub fn play_timeout(&self) -> Duration {
        Duration::from_secs(self.play_timeout_secs)
    }
    pub fn lobby_idle(&self) -> Duration {
        Duration::from_secs(self.lobby_idle_secs)
    }
    pub fn ai_delay(&self) -> Duration {
        Duration::from_millis(self.ai_delay_ms)
    }

    /// These limits with a table's own timers, if it has them.
    pub fn with_timers(&self, timers: Option<&TableTimers>) -> TableConfig {
        match timers {
            Some(t) => TableConfig {
                bid_timeout_secs: t.bid_timeout_secs,
                play_timeout_secs: t.play_timeout_secs,
                lobby_idle_secs: t.lobby_idle_secs,
                ai_delay_ms: t.ai_delay_ms,
                ..self.clone()
            },
            None => self.clone(),
        }
    }
}

/// A table's own timers, when its server set them (`/paiju settings`):
/// kept with the table's options, so a table keeps the timers it opened
/// with, through a restart too.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableTimers {
    pub bid_timeout_secs: u64,
    pub play_timeout_secs: u64,
    pub lobby_idle_secs: u64,
    pub ai_delay_ms: u64,
}

/// One table's options, checked when the table opens.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TableOptions {
    /// Chips per unit of the game's score (Dou Dizhu: the base stake).
    pub stake: i64,
    /// The game's rules options as a JSON object; omitted options take
    /// their defaults.
    #[serde(default = "empty_object")]
    pub rules: serde_json::Value,
    /// Seeds the deal and the bots (tests and `paiju play --seed`); `None`
    /// draws a fresh seed.
    #[serde(default)]
    pub seed: Option<u64>,
    /// The language code (`en-US`, `zh-CN`) of the table's public
    /// messages, kept with the game so a resumed table speaks as before.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lang: Option<String>,
    /// The table's own timers (its server's), else every table's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timers: Option<TableTimers>,
}

fn empty_object() -> serde_json::Value {
    serde_json::Value::Object(Default::default())
}

impl TableOptions {
    pub fn new(stake: i64) -> TableOptions {
        TableOptions {
            stake,
            rules: empty_object(),
            seed: None,
            lang: None,
            timers: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_with_its_own_timers_keeps_them_through_its_stored_options() {
        let own = TableTimers {
            bid_timeout_secs: 12,
            play_timeout_secs: 34,
            lobby_idle_secs: 60,
            ai_delay_ms: 0,
        };
        let options = TableOptions {
            timers: Some(own),
            ..TableOptions::new(10)
        };
        // Stored with the game and read back at a resume.
        let stored = serde_json::to_value(&options).unwrap();
        let back: TableOptions = serde_json::from_value(stored).unwrap();
        let config = TableConfig::default().with_timers(back.timers.as_ref());
        assert_eq!(config.bid_timeout(), Duration::from_secs(12));
        assert_eq!(config.play_timeout(), Duration::from_secs(34));
        assert_eq!(config.max_stake, TableConfig::default().max_stake);
        // A table without: every table's timers, and its stored options
        // read as they always did (no `timers` key).
        let plain = serde_json::to_value(TableOptions::new(10)).unwrap();
        assert!(plain.get("timers").is_none());
        assert_eq!(
            TableConfig::default().with_timers(None),
            TableConfig::default()
        );
    }
}
