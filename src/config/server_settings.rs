//! A server's own settings (issue #34): what its admins set with
//! `/paiju settings`, over the config file's values.
//!
//! The ledger stores each changed setting as text under a stable name
//! ([`names`]) and journals every change; this module types them, bounds
//! them, and composes them with the config file into [`ServerSettings`],
//! the one value the front end reads when a member starts a table, claims
//! `/daily` or picks a language. A setting nobody changed follows the
//! config file, so a server that never ran `/paiju settings` plays exactly
//! as before. The ledger reads the chips settings itself (same names), in
//! the transaction that moves the chips.

use super::Config;
use crate::ai::Level;
use crate::games::GameKind;
use crate::message::{Arg, Message};
use crate::table::TableTimers;
use std::collections::BTreeMap;

/// The stored names of the settings.
pub mod names {
    pub use crate::ledger::server_settings::names::{
        DAILY, DAILY_COOLDOWN, GIVE_ALLOWED, GIVE_DAILY_LIMIT, STARTING,
    };
    pub const BID_SECS: &str = "timers.bid_secs";
    pub const PLAY_SECS: &str = "timers.play_secs";
    pub const LOBBY_IDLE_SECS: &str = "timers.lobby_idle_secs";
    pub const AI_DELAY_MS: &str = "timers.ai_delay_ms";
    /// The channels games may start in: ids separated by commas (absent:
    /// every channel).
    pub const CHANNELS: &str = "channels";
    /// The role a member needs to open a table (absent: anyone).
    pub const HOST_ROLE: &str = "host_role";
    /// The language for members whose own is not enabled (`zh-CN`).
    pub const LANGUAGE: &str = "language";

    /// A per-game setting's name: `game.<game>.<field>`
    /// (`game.dou-dizhu.stake`); `field` is one of [`super::GAME_FIELDS`].
    pub fn game(kind: crate::games::GameKind, field: &str) -> String {
        format!("game.{}.{field}", kind.name())
    }
}

/// The fields of a game's settings, as their names end.
pub const GAME_FIELDS: [&str; 5] = ["enabled", "stake", "min_stake", "max_stake", "ai"];

/// The largest stake any table may have (the table runtime's own limit).
pub const MAX_STAKE: i64 = 1_000_000;

/// What a number setting may be: its stored name, the unit an admin types
/// it in (a multiple of the stored unit) and the bounds in that unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    pub min: i64,
    pub max: i64,
    /// Stored value = typed value × `scale` (hours → seconds: 3600).
    pub scale: i64,
}

/// The bounds of every number setting of a server (the per-game stakes:
/// [`STAKE_BOUNDS`]).
pub fn bounds(name: &str) -> Option<Bounds> {
    let b = |min, max, scale| Some(Bounds { min, max, scale });
    match name {
        names::STARTING => b(0, 1_000_000_000, 1),
        names::DAILY => b(0, 1_000_000_000, 1),
        // Typed in hours: at least one, at most a week.
        names::DAILY_COOLDOWN => b(1, 168, 3600),
        // Enough to read a hand and think; short enough that a table moves.
        names::BID_SECS => b(5, 300, 1),
        names::PLAY_SECS => b(5, 600, 1),
        // Typed in minutes: a lobby waits from one minute to a day.
        names::LOBBY_IDLE_SECS => b(1, 1440, 60),
        names::AI_DELAY_MS => b(0, 5000, 1),
        // 0: no limit.
        names::GIVE_DAILY_LIMIT => b(0, 1_000_000_000_000, 1),
        _ => None,
    }
}

/// The bounds of a game's default stake and its allowed range.
pub const STAKE_BOUNDS: Bounds = Bounds {
    min: 1,
    max: MAX_STAKE,
    scale: 1,
};

/// One game's settings in a server.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSettings {
    /// Whether tables of the game may open here.
    pub enabled: bool,
    /// The stake of a table that names none (Chexuan: its ante).
    pub stake: i64,
    /// The stakes a table may name.
    pub min_stake: i64,
    pub max_stake: i64,
    /// The AI level of a table that names none, for the games with levels
    /// (`None`: the game's own default).
    pub ai: Option<Level>,
}

/// Everything a server may set, composed with the config file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServerSettings {
    pub starting: i64,
    pub daily: i64,
    pub daily_cooldown_secs: i64,
    games: Vec<(GameKind, GameSettings)>,
    pub timers: TableTimers,
    /// The channels games may start in (`None`: all).
    pub channels: Option<Vec<u64>>,
    /// The role a member needs to open a table.
    pub host_role: Option<u64>,
    /// The language code for members whose own is not enabled.
    pub language: Option<String>,
    pub give_allowed: bool,
    /// Chips one member may give in 24 hours (0: no limit).
    pub give_daily_limit: i64,
    /// Whether any setting differs from the config file.
    pub customized: bool,
}

impl ServerSettings {
    /// The config file's values, with `stored` (name → value, as the
    /// ledger keeps them) over them. A stored value that does not parse
    /// (only a hand-edited database has one) is ignored.
    pub fn new(config: &Config, stored: &BTreeMap<String, String>) -> ServerSettings {
        let number = |name: &str, default: i64| -> i64 {
            stored
                .get(name)
                .and_then(|v| v.parse().ok())
                .unwrap_or(default)
        };
        let flag = |name: &str, default: bool| -> bool {
            stored
                .get(name)
                .and_then(|v| v.parse().ok())
                .unwrap_or(default)
        };
        let games = GameKind::ALL
            .into_iter()
            .map(|kind| {
                let field = |f: &str| names::game(kind, f);
                let settings = GameSettings {
                    enabled: flag(&field("enabled"), true),
                    stake: number(&field("stake"), config.stakes.get(kind)),
                    min_stake: number(&field("min_stake"), 1),
                    max_stake: number(&field("max_stake"), MAX_STAKE),
                    ai: kind
                        .ai_levels()
                        .and(stored.get(&field("ai")))
                        .and_then(|v| Level::from_name(v)),
                };
                (kind, settings)
            })
            .collect();
        let channels = stored.get(names::CHANNELS).map(|v| {
            v.split(',')
                .filter_map(|id| id.trim().parse().ok())
                .collect()
        });
        ServerSettings {
            starting: number(names::STARTING, config.chips.starting),
            daily: number(names::DAILY, config.chips.daily),
            daily_cooldown_secs: number(names::DAILY_COOLDOWN, config.chips.daily_cooldown_secs),
            games,
            timers: TableTimers {
                bid_timeout_secs: number(names::BID_SECS, config.timers.bid_secs as i64) as u64,
                play_timeout_secs: number(names::PLAY_SECS, config.timers.play_secs as i64) as u64,
                lobby_idle_secs: number(
                    names::LOBBY_IDLE_SECS,
                    config.timers.lobby_idle_secs as i64,
                ) as u64,
                ai_delay_ms: number(names::AI_DELAY_MS, config.timers.ai_delay_ms as i64) as u64,
            },
            channels,
            host_role: stored.get(names::HOST_ROLE).and_then(|v| v.parse().ok()),
            language: stored.get(names::LANGUAGE).cloned(),
            give_allowed: flag(names::GIVE_ALLOWED, true),
            give_daily_limit: number(names::GIVE_DAILY_LIMIT, 0),
            customized: stored.keys().any(|k| !k.starts_with("told.")),
        }
    }

    /// One game's settings.
    pub fn game(&self, kind: GameKind) -> &GameSettings {
        &self
            .games
            .iter()
            .find(|(k, _)| *k == kind)
            .expect("every game has settings")
            .1
    }

    /// Whether a game may start in `channel`.
    pub fn allows_channel(&self, channel: u64) -> bool {
        self.channels.as_ref().is_none_or(|c| c.contains(&channel))
    }

    /// Whether the timers are the config file's: then a table needs no
    /// timers of its own (and its stored options stay as they were).
    pub fn timers_are(&self, config: &Config) -> bool {
        self.timers
            == TableTimers {
                bid_timeout_secs: config.timers.bid_secs,
                play_timeout_secs: config.timers.play_secs,
                lobby_idle_secs: config.timers.lobby_idle_secs,
                ai_delay_ms: config.timers.ai_delay_ms,
            }
    }

    /// Checks what a whole set of settings must be together: every game's
    /// default stake within its allowed range.
    pub fn check(&self) -> Result<(), Message> {
        for (kind, g) in &self.games {
            if !(g.min_stake <= g.stake && g.stake <= g.max_stake) {
                return Err(Message::new(crate::keys::SETTINGS_ERR_STAKE_ORDER)
                    .arg("game", Arg::Words(kind.name_key()))
                    .arg("min", g.min_stake)
                    .arg("stake", g.stake)
                    .arg("max", g.max_stake));
            }
        }
        Ok(())
    }
}

/// The stored text of the value a setting has when nobody set it (the
/// config file's), for the settings that have one to show.
pub fn default_value(config: &Config, name: &str) -> Option<String> {
    let d = ServerSettings::new(config, &BTreeMap::new());
    if let Some(rest) = name.strip_prefix("game.") {
        let (game, field) = rest.rsplit_once('.')?;
        let g = d.game(GameKind::of_record(game)?);
        return match field {
            "enabled" => Some(g.enabled.to_string()),
            "stake" => Some(g.stake.to_string()),
            "min_stake" => Some(g.min_stake.to_string()),
            "max_stake" => Some(g.max_stake.to_string()),
            _ => None,
        };
    }
    let n = match name {
        names::STARTING => d.starting,
        names::DAILY => d.daily,
        names::DAILY_COOLDOWN => d.daily_cooldown_secs,
        names::BID_SECS => d.timers.bid_timeout_secs as i64,
        names::PLAY_SECS => d.timers.play_timeout_secs as i64,
        names::LOBBY_IDLE_SECS => d.timers.lobby_idle_secs as i64,
        names::AI_DELAY_MS => d.timers.ai_delay_ms as i64,
        names::GIVE_DAILY_LIMIT => d.give_daily_limit,
        names::GIVE_ALLOWED => return Some(d.give_allowed.to_string()),
        _ => return None,
    };
    Some(n.to_string())
}

/// The stored text of a number an admin typed for `name`, checked against
/// its bounds (and scaled to the stored unit); `label` names the option in
/// the refusal.
pub fn number_value(name: &str, typed: i64, label: &str) -> Result<String, Message> {
    let b = if name.starts_with("game.") {
        STAKE_BOUNDS
    } else {
        bounds(name).expect("a number setting has bounds")
    };
    if typed < b.min || typed > b.max {
        return Err(Message::new(crate::keys::SETTINGS_ERR_RANGE)
            .arg("option", label)
            .arg("min", b.min)
            .arg("max", b.max)
            .arg("value", typed));
    }
    Ok((typed * b.scale).to_string())
}

/// The channel ids of a list an admin typed: channel mentions (`<#123>`)
/// or ids, separated by spaces or commas; `all` (or `所有`) is every
/// channel (`Ok(None)`).
pub fn parse_channels(typed: &str) -> Result<Option<Vec<u64>>, Message> {
    let t = typed.trim();
    if t.eq_ignore_ascii_case("all") || t == "所有" || t == "全部" {
        return Ok(None);
    }
    let mut ids = Vec::new();
    for word in t.split([' ', ',', '，']).filter(|w| !w.is_empty()) {
        let digits = word
            .strip_prefix("<#")
            .and_then(|w| w.strip_suffix('>'))
            .unwrap_or(word);
        match digits.parse::<u64>() {
            Ok(id) if id > 0 => {
                if !ids.contains(&id) {
                    ids.push(id)
                }
            }
            _ => {
                let shown: String = word.chars().take(40).collect();
                return Err(Message::new(crate::keys::SETTINGS_ERR_CHANNELS).arg("word", shown));
            }
        }
    }
    if ids.is_empty() || ids.len() > 25 {
        return Err(Message::new(crate::keys::SETTINGS_ERR_CHANNELS_COUNT));
    }
    Ok(Some(ids))
}

/// The stored text of a channel list.
pub fn channels_value(ids: &[u64]) -> String {
    ids.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stored(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn nothing_stored_is_the_config_file() {
        let config = Config::default();
        let s = ServerSettings::new(&config, &BTreeMap::new());
        assert_eq!(s.starting, config.chips.starting);
        assert_eq!(s.daily, config.chips.daily);
        assert!(s.timers_are(&config));
        assert!(s.allows_channel(42));
        assert!(s.give_allowed);
        assert!(!s.customized);
        for kind in GameKind::ALL {
            let g = s.game(kind);
            assert!(g.enabled);
            assert_eq!(g.stake, config.stakes.get(kind));
            assert_eq!(g.ai, None);
        }
        assert_eq!(s.check(), Ok(()));
    }

    #[test]
    fn stored_values_win_and_bad_ones_are_ignored() {
        let config = Config::default();
        let s = ServerSettings::new(
            &config,
            &stored(&[
                (names::STARTING, "500"),
                (names::DAILY, "not a number"),
                ("game.shengji.stake", "25"),
                ("game.shengji.ai", "hard"),
                // Duan Guozi has no levels: a stored one means nothing.
                ("game.duan-guozi.ai", "hard"),
                ("game.paohuzi.enabled", "false"),
                (names::CHANNELS, "11,22"),
                (names::LOBBY_IDLE_SECS, "120"),
            ]),
        );
        assert_eq!(s.starting, 500);
        assert_eq!(s.daily, config.chips.daily);
        assert_eq!(s.game(GameKind::Shengji).stake, 25);
        assert_eq!(s.game(GameKind::Shengji).ai, Some(Level::Hard));
        assert_eq!(s.game(GameKind::DuanGuozi).ai, None);
        assert!(!s.game(GameKind::Paohuzi).enabled);
        assert!(s.allows_channel(22) && !s.allows_channel(33));
        assert_eq!(s.timers.lobby_idle_secs, 120);
        assert!(!s.timers_are(&config));
    }

    #[test]
    fn a_default_stake_outside_its_range_is_refused() {
        let s = ServerSettings::new(
            &Config::default(),
            &stored(&[("game.dou-dizhu.min_stake", "50")]),
        );
        assert_eq!(s.check().unwrap_err().key, "settings-err-stake-order");
    }

    #[test]
    fn typed_numbers_are_bounded_and_scaled() {
        assert_eq!(
            number_value(names::DAILY_COOLDOWN, 12, "x"),
            Ok("43200".into())
        );
        assert_eq!(
            number_value(names::LOBBY_IDLE_SECS, 10, "x"),
            Ok("600".into())
        );
        let e = number_value(names::BID_SECS, 1, "bid").unwrap_err();
        assert_eq!(e.key, "settings-err-range");
        assert!(number_value("game.chexuan.stake", 0, "stake").is_err());
        assert!(number_value("game.chexuan.stake", MAX_STAKE + 1, "stake").is_err());
    }

    #[test]
    fn channels_are_mentions_or_ids_or_all() {
        assert_eq!(parse_channels("all"), Ok(None));
        assert_eq!(parse_channels("<#12> 34,<#12>"), Ok(Some(vec![12, 34])));
        assert_eq!(
            parse_channels("#general").unwrap_err().key,
            "settings-err-channels"
        );
        assert!(parse_channels("  ").is_err());
        assert_eq!(channels_value(&[12, 34]), "12,34");
    }
}
