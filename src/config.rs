//! Configuration: one typed struct, filled from defaults, then a TOML file,
//! then the environment.
//!
//! The file is `config.toml` in the working directory, or the path given by
//! `--config` or `PAIJU_CONFIG`; a missing default file is not an error (the
//! bot runs on defaults plus `DISCORD_TOKEN`), a missing file that was asked
//! for is. Environment variables win over the file: `DISCORD_TOKEN`, and
//! `PAIJU_<SECTION>_<KEY>` for every key (`PAIJU_DATABASE_URL`,
//! `PAIJU_CHIPS_DAILY`, `PAIJU_DISCORD_API_URL`, …, see [`env_keys`]).
//! `config.example.toml` documents every key; a test proves it parses to
//! the defaults it states. Unknown keys are refused so a typo is not
//! silently ignored.

pub mod server_settings;

use crate::games::GameKind;
use serde::Deserialize;
use std::path::{Path, PathBuf};

/// The default config file, looked for in the working directory.
pub const DEFAULT_CONFIG_FILE: &str = "config.toml";

/// Locales the bot ships text for.
pub const KNOWN_LOCALES: [&str; 2] = ["en-US", "zh-CN"];

/// Everything the bot can be told.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    pub discord: DiscordConfig,
    /// sqlx URL of the ledger database; SQLite creates the file.
    pub database_url: String,
    pub chips: ChipsConfig,
    pub timers: TimersConfig,
    pub stakes: StakesConfig,
    pub locales: LocalesConfig,
    pub log: LogConfig,
    pub ops: OpsConfig,
    /// Ratings, tiers and seasons (the ledger's `RatingsConfig`).
    pub ratings: crate::ledger::RatingsConfig,
}

#[derive(Clone, PartialEq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct DiscordConfig {
    /// The bot token (Discord developer portal → your application → Bot).
    pub token: Option<String>,
    /// Base URL of a Discord REST proxy or a fake Discord, e.g.
    /// `http://127.0.0.1:8080`. When set, requests go there, serenity's rate
    /// limiter is off (the proxy owns rate limits) and the gateway URL comes
    /// from `GET {api_url}/api/v10/gateway`.
    pub api_url: Option<String>,
    /// Register the slash commands to this guild only (instant, for
    /// development) instead of globally.
    pub dev_guild: Option<u64>,
    /// The gateway shards this process runs (`0-3`, or one: `2`) out of
    /// `shard_count`: with several processes on one PostgreSQL ledger each
    /// runs its own shards and hosts its guilds' tables. Unset: one
    /// process runs every guild.
    pub shards: Option<String>,
    /// How many shards the whole deployment has (the same in every process).
    pub shard_count: Option<u32>,
    /// Milliseconds a click's answer may take before the click is
    /// acknowledged first and the answer follows as an edit (Discord
    /// allows 3 s; a member should see at once that the click was taken);
    /// 0: every click is acknowledged first.
    pub defer_after_ms: u64,
}

impl Default for DiscordConfig {
    fn default() -> DiscordConfig {
        DiscordConfig {
            token: None,
            api_url: None,
            dev_guild: None,
            shards: None,
            shard_count: None,
            defer_after_ms: 25,
        }
    }
}

impl DiscordConfig {
    /// The shards this process runs, when sharded (checked by `validate`).
    pub fn shard_set(&self) -> Option<crate::ledger::Shards> {
        let range = self.shards.as_deref()?;
        crate::ledger::Shards::parse(range, self.shard_count?).ok()
    }
}

// The token must never reach a log line.
impl std::fmt::Debug for DiscordConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DiscordConfig")
            .field("token", &self.token.as_ref().map(|_| "<hidden>"))
            .field("api_url", &self.api_url)
            .field("dev_guild", &self.dev_guild)
            .field("shards", &self.shards)
            .field("shard_count", &self.shard_count)
            .field("defer_after_ms", &self.defer_after_ms)
            .finish()
    }
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ChipsConfig {
    /// Chips a member gets the first time the bot sees them in a server.
    pub starting: i64,
    /// Chips `/daily` grants.
    pub daily: i64,
    /// Seconds between two `/daily` claims.
    pub daily_cooldown_secs: i64,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct TimersConfig {
    /// Seconds a seat has to bid (and for the other pre-play choices).
    pub bid_secs: u64,
    /// Seconds a seat has to play before the AI plays for it.
    pub play_secs: u64,
    /// Seconds a table may wait in the lobby before it closes.
    pub lobby_idle_secs: u64,
    /// Milliseconds the computer waits before it plays (an AI seat, or a
    /// player on autoplay), so people can follow the game. 0 in tests.
    pub ai_delay_ms: u64,
}

/// Default stake per game, used when `/<game> start` names none: one key
/// per hosted game, its record name with `_` for `-` (`dou_dizhu`). Every
/// hosted game has one (the registry's default unless set); a key that
/// names no game is refused. Chexuan's is its default ante (底皮) in chips:
/// its hands are played for chips, so a Chexuan table's stake is 1.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(default)]
pub struct StakesConfig(pub std::collections::BTreeMap<String, i64>);

impl StakesConfig {
    /// The config key of a game's stake (`dou_dizhu`).
    pub fn key(kind: GameKind) -> String {
        kind.name().replace('-', "_")
    }

    /// The default stake of `kind` (set, or the registry's).
    pub fn get(&self, kind: GameKind) -> i64 {
        self.0
            .get(&Self::key(kind))
            .copied()
            .unwrap_or_else(|| kind.default_stake())
    }
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct LocalesConfig {
    /// Locales replies may use; others fall back to `default`.
    pub enabled: Vec<String>,
    /// The last resort when neither the user's nor the server's locale is
    /// enabled.
    pub default: String,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct LogConfig {
    /// A `tracing` filter: `info`, `paiju=debug,serenity=warn`, … (`RUST_LOG`
    /// wins when set).
    pub level: String,
    /// How each log line is written: plain text, or one JSON object a
    /// line (tracing-subscriber's JSON layer) with the span's fields — the
    /// guild, channel and game of a table — for a log collector.
    pub format: LogFormat,
}

/// `log.format`: `text` (the default) or `json`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum LogFormat {
    #[default]
    Text,
    Json,
}

impl std::str::FromStr for LogFormat {
    type Err = String;
    fn from_str(s: &str) -> Result<LogFormat, String> {
        match s.trim() {
            "text" => Ok(LogFormat::Text),
            "json" => Ok(LogFormat::Json),
            other => Err(format!("`{other}` is not a log format (text or json)")),
        }
    }
}

/// What an operator reads of a running bot (`src/ops/`).
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct OpsConfig {
    /// The address of the health and metrics listener (`/healthz`,
    /// `/metrics`), e.g. `127.0.0.1:9100`. Unset (the default): no
    /// listener, and no metric is kept.
    pub listen: Option<String>,
}

impl OpsConfig {
    /// The listener's address, when one is set (checked by `validate`).
    pub fn listen_addr(&self) -> Option<std::net::SocketAddr> {
        self.listen.as_deref()?.trim().parse().ok()
    }
}

impl Default for Config {
    fn default() -> Self {
        Config {
            discord: DiscordConfig::default(),
            database_url: "sqlite://paiju.db".into(),
            chips: ChipsConfig::default(),
            timers: TimersConfig::default(),
            stakes: StakesConfig::default(),
            locales: LocalesConfig::default(),
            log: LogConfig::default(),
            ops: OpsConfig::default(),
            ratings: Default::default(),
        }
    }
}

impl Default for ChipsConfig {
    fn default() -> Self {
        ChipsConfig {
            starting: 1000,
            daily: 200,
            daily_cooldown_secs: 86_400,
        }
    }
}

/// The table runtime's timers from the config file's `[timers]` (the AI
/// pause and the stake limit keep their defaults): composed here, so the
/// runtime knows nothing of the config file's format.
impl From<&TimersConfig> for crate::table::TableConfig {
    fn from(timers: &TimersConfig) -> Self {
        crate::table::TableConfig {
            bid_timeout_secs: timers.bid_secs,
            play_timeout_secs: timers.play_secs,
            lobby_idle_secs: timers.lobby_idle_secs,
            ..crate::table::TableConfig::default()
        }
    }
}

/// The ledger's chips settings from the config file's `[chips]` (the log
/// size keeps its default): the composition happens here, at start-up, so
/// the ledger knows nothing of the config file.
impl From<&ChipsConfig> for crate::ledger::LedgerConfig {
    fn from(c: &ChipsConfig) -> Self {
        crate::ledger::LedgerConfig {
            starting_chips: c.starting,
            daily_amount: c.daily,
            daily_cooldown_secs: c.daily_cooldown_secs,
            ..crate::ledger::LedgerConfig::default()
        }
    }
}

impl Default for TimersConfig {
    fn default() -> Self {
        TimersConfig {
            bid_secs: 20,
            play_secs: 30,
            lobby_idle_secs: 600,
            ai_delay_ms: 800,
        }
    }
}

impl Default for StakesConfig {
    fn default() -> Self {
        StakesConfig(
            GameKind::ALL
                .into_iter()
                .map(|k| (Self::key(k), k.default_stake()))
                .collect(),
        )
    }
}

impl Default for LocalesConfig {
    fn default() -> Self {
        LocalesConfig {
            enabled: KNOWN_LOCALES.iter().map(|s| s.to_string()).collect(),
            default: "en-US".into(),
        }
    }
}

impl Default for LogConfig {
    fn default() -> Self {
        LogConfig {
            level: "info".into(),
            format: LogFormat::Text,
        }
    }
}

/// Why a configuration was refused. Every message names the key or file.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("cannot read config file {path}: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("config file {path}: {message}")]
    Parse { path: PathBuf, message: String },
    #[error("environment variable {var}: {message}")]
    Env { var: &'static str, message: String },
    #[error("config key {key}: {message}")]
    Invalid { key: &'static str, message: String },
    #[error("config key stakes.{key}: {message}")]
    Stake { key: String, message: String },
    #[error("environment variable {var}: {message}")]
    EnvStake { var: String, message: String },
}

/// The environment variables read, and the key each sets, besides one
/// `PAIJU_STAKES_<GAME>` per hosted game ([`env_keys`] lists them all).
const FIXED_ENV_KEYS: &[(&str, &str)] = &[
    ("DISCORD_TOKEN", "discord.token"),
    ("PAIJU_DISCORD_TOKEN", "discord.token"),
    ("PAIJU_DISCORD_API_URL", "discord.api_url"),
    ("PAIJU_DISCORD_DEV_GUILD", "discord.dev_guild"),
    ("PAIJU_DISCORD_SHARDS", "discord.shards"),
    ("PAIJU_DISCORD_SHARD_COUNT", "discord.shard_count"),
    ("PAIJU_DISCORD_DEFER_AFTER_MS", "discord.defer_after_ms"),
    ("PAIJU_DATABASE_URL", "database_url"),
    ("PAIJU_CHIPS_STARTING", "chips.starting"),
    ("PAIJU_CHIPS_DAILY", "chips.daily"),
    (
        "PAIJU_CHIPS_DAILY_COOLDOWN_SECS",
        "chips.daily_cooldown_secs",
    ),
    ("PAIJU_TIMERS_BID_SECS", "timers.bid_secs"),
    ("PAIJU_TIMERS_PLAY_SECS", "timers.play_secs"),
    ("PAIJU_TIMERS_LOBBY_IDLE_SECS", "timers.lobby_idle_secs"),
    ("PAIJU_TIMERS_AI_DELAY_MS", "timers.ai_delay_ms"),
    ("PAIJU_LOCALES_ENABLED", "locales.enabled"),
    ("PAIJU_LOCALES_DEFAULT", "locales.default"),
    ("PAIJU_LOG_LEVEL", "log.level"),
    ("PAIJU_LOG_FORMAT", "log.format"),
    ("PAIJU_OPS_LISTEN", "ops.listen"),
];

/// The stake keys, for a refusal (`dou_dizhu, duan_guozi, chexuan`).
fn game_keys() -> String {
    GameKind::ALL.map(StakesConfig::key).join(", ")
}

/// The environment variable of a game's stake (`PAIJU_STAKES_DOU_DIZHU`).
fn stake_var(kind: GameKind) -> String {
    format!(
        "PAIJU_STAKES_{}",
        StakesConfig::key(kind).to_ascii_uppercase()
    )
}

/// Every environment variable read, and the key each sets.
pub fn env_keys() -> Vec<(String, String)> {
    FIXED_ENV_KEYS
        .iter()
        .map(|(var, key)| (var.to_string(), key.to_string()))
        .chain(
            GameKind::ALL
                .into_iter()
                .map(|k| (stake_var(k), format!("stakes.{}", StakesConfig::key(k)))),
        )
        .collect()
}

impl Config {
    /// Parses TOML text on top of the defaults (no environment).
    pub fn from_toml_str(text: &str, origin: &Path) -> Result<Config, ConfigError> {
        toml::from_str(text).map_err(|e| ConfigError::Parse {
            path: origin.to_path_buf(),
            message: e.to_string(),
        })
    }

    /// Loads the configuration the way the binary does: `explicit` (from
    /// `--config`), else `PAIJU_CONFIG`, else `config.toml` if it exists;
    /// then the environment; then validation.
    pub fn load(explicit: Option<&Path>) -> Result<Config, ConfigError> {
        Config::load_with(explicit, |name| std::env::var(name).ok())
    }

    /// [`Config::load`] with the environment given as a lookup function, so
    /// tests need not touch the process environment.
    pub fn load_with(
        explicit: Option<&Path>,
        env: impl Fn(&str) -> Option<String>,
    ) -> Result<Config, ConfigError> {
        let from_env = env("PAIJU_CONFIG")
            .filter(|s| !s.is_empty())
            .map(PathBuf::from);
        let (path, required) = match (explicit, from_env) {
            (Some(p), _) => (p.to_path_buf(), true),
            (None, Some(p)) => (p, true),
            (None, None) => (PathBuf::from(DEFAULT_CONFIG_FILE), false),
        };
        let mut config = match std::fs::read_to_string(&path) {
            Ok(text) => Config::from_toml_str(&text, &path)?,
            Err(e) if !required && e.kind() == std::io::ErrorKind::NotFound => Config::default(),
            Err(source) => return Err(ConfigError::Read { path, source }),
        };
        config.apply_env(env)?;
        config.validate()?;
        Ok(config)
    }

    /// Applies environment overrides. An empty variable counts as unset.
    pub fn apply_env(&mut self, env: impl Fn(&str) -> Option<String>) -> Result<(), ConfigError> {
        let get = |var: &str| env(var).filter(|v| !v.trim().is_empty());
        // PAIJU_DISCORD_TOKEN wins over DISCORD_TOKEN: the more specific name.
        if let Some(v) = get("DISCORD_TOKEN") {
            self.discord.token = Some(v.trim().to_string());
        }
        if let Some(v) = get("PAIJU_DISCORD_TOKEN") {
            self.discord.token = Some(v.trim().to_string());
        }
        if let Some(v) = get("PAIJU_DISCORD_API_URL") {
            self.discord.api_url = Some(v.trim().to_string());
        }
        if let Some(v) = get("PAIJU_DISCORD_DEV_GUILD") {
            self.discord.dev_guild = Some(parse_env("PAIJU_DISCORD_DEV_GUILD", &v)?);
        }
        if let Some(v) = get("PAIJU_DISCORD_SHARDS") {
            self.discord.shards = Some(v.trim().to_string());
        }
        if let Some(v) = get("PAIJU_DISCORD_SHARD_COUNT") {
            self.discord.shard_count = Some(parse_env("PAIJU_DISCORD_SHARD_COUNT", &v)?);
        }
        if let Some(v) = get("PAIJU_DATABASE_URL") {
            self.database_url = v.trim().to_string();
        }
        macro_rules! num {
            ($var:literal, $field:expr) => {
                if let Some(v) = get($var) {
                    $field = parse_env($var, &v)?;
                }
            };
        }
        num!("PAIJU_DISCORD_DEFER_AFTER_MS", self.discord.defer_after_ms);
        num!("PAIJU_CHIPS_STARTING", self.chips.starting);
        num!("PAIJU_CHIPS_DAILY", self.chips.daily);
        num!(
            "PAIJU_CHIPS_DAILY_COOLDOWN_SECS",
            self.chips.daily_cooldown_secs
        );
        num!("PAIJU_TIMERS_BID_SECS", self.timers.bid_secs);
        num!("PAIJU_TIMERS_PLAY_SECS", self.timers.play_secs);
        num!("PAIJU_TIMERS_LOBBY_IDLE_SECS", self.timers.lobby_idle_secs);
        num!("PAIJU_TIMERS_AI_DELAY_MS", self.timers.ai_delay_ms);
        for kind in GameKind::ALL {
            let var = stake_var(kind);
            if let Some(v) = get(&var) {
                let stake = v.trim().parse().map_err(|e| ConfigError::EnvStake {
                    var: var.clone(),
                    message: format!("`{v}`: {e}"),
                })?;
                self.stakes.0.insert(StakesConfig::key(kind), stake);
            }
        }
        if let Some(v) = get("PAIJU_LOCALES_ENABLED") {
            self.locales.enabled = v
                .split(',')
                .map(|s| s.trim().to_string())
                .filter(|s| !s.is_empty())
                .collect();
        }
        if let Some(v) = get("PAIJU_LOCALES_DEFAULT") {
            self.locales.default = v.trim().to_string();
        }
        if let Some(v) = get("PAIJU_LOG_LEVEL") {
            self.log.level = v.trim().to_string();
        }
        if let Some(v) = get("PAIJU_LOG_FORMAT") {
            self.log.format = v.parse().map_err(|message| ConfigError::Env {
                var: "PAIJU_LOG_FORMAT",
                message,
            })?;
        }
        if let Some(v) = get("PAIJU_OPS_LISTEN") {
            self.ops.listen = Some(v.trim().to_string());
        }
        Ok(())
    }

    /// Refuses values the bot cannot run with, naming the key.
    pub fn validate(&self) -> Result<(), ConfigError> {
        let invalid =
            |key: &'static str, message: String| Err(ConfigError::Invalid { key, message });
        if let Err(message) = self.ratings.check() {
            return invalid("ratings", message);
        }
        if let Some(code) = self
            .ratings
            .tier_names
            .values()
            .flat_map(|langs| langs.keys())
            .find(|code| crate::i18n::Lang::from_code(code).is_none())
        {
            return invalid(
                "ratings.tier_names",
                format!("`{code}` is not a language paiju speaks (en-US, zh-CN)"),
            );
        }
        if let Some(t) = &self.discord.token {
            if t.trim().is_empty() || t.chars().any(char::is_whitespace) {
                return invalid(
                    "discord.token",
                    "must be the bot token, without spaces".into(),
                );
            }
        }
        if let Some(url) = &self.discord.api_url {
            let rest = url
                .strip_prefix("http://")
                .or_else(|| url.strip_prefix("https://"));
            if rest.is_none_or(|r| r.is_empty() || r.starts_with('/')) {
                return invalid(
                    "discord.api_url",
                    format!("`{url}` is not an http:// or https:// URL"),
                );
            }
        }
        if self.discord.dev_guild == Some(0) {
            return invalid("discord.dev_guild", "must be a guild id, not 0".into());
        }
        match (&self.discord.shards, self.discord.shard_count) {
            (None, None) => {}
            (Some(range), Some(count)) => {
                if let Err(why) = crate::ledger::Shards::parse(range, count) {
                    return invalid("discord.shards", why);
                }
            }
            (Some(_), None) => {
                return invalid(
                    "discord.shard_count",
                    "is needed with discord.shards".into(),
                )
            }
            (None, Some(_)) => {
                return invalid(
                    "discord.shards",
                    "is needed with discord.shard_count".into(),
                )
            }
        }
        if self.database_url.trim().is_empty() {
            return invalid("database_url", "must not be empty".into());
        }
        if self.chips.starting < 0 {
            return invalid("chips.starting", "must be 0 or more".into());
        }
        if self.chips.daily < 0 {
            return invalid("chips.daily", "must be 0 or more".into());
        }
        if self.chips.daily_cooldown_secs < 0 {
            return invalid("chips.daily_cooldown_secs", "must be 0 or more".into());
        }
        for (key, secs) in [
            ("timers.bid_secs", self.timers.bid_secs),
            ("timers.play_secs", self.timers.play_secs),
            ("timers.lobby_idle_secs", self.timers.lobby_idle_secs),
        ] {
            // Discord's interaction tokens live 15 minutes; a turn longer than
            // that could not edit its own messages.
            if secs == 0 || secs > 900 {
                return invalid(key, format!("{secs} is outside 1..=900 seconds"));
            }
        }
        if self.timers.ai_delay_ms > 10_000 {
            return invalid(
                "timers.ai_delay_ms",
                format!("{} is above 10000 milliseconds", self.timers.ai_delay_ms),
            );
        }
        for (key, stake) in &self.stakes.0 {
            if !GameKind::ALL.iter().any(|&k| StakesConfig::key(k) == *key) {
                return Err(ConfigError::Stake {
                    key: key.clone(),
                    message: format!("no game is named `{key}` (games: {})", game_keys()),
                });
            }
            if *stake <= 0 {
                return Err(ConfigError::Stake {
                    key: key.clone(),
                    message: format!("{stake} must be 1 or more"),
                });
            }
        }
        if self.locales.enabled.is_empty() {
            return invalid("locales.enabled", "name at least one locale".into());
        }
        for l in self
            .locales
            .enabled
            .iter()
            .chain(std::iter::once(&self.locales.default))
        {
            if !KNOWN_LOCALES.contains(&l.as_str()) {
                return invalid(
                    "locales.enabled",
                    format!("unknown locale `{l}` (known: {})", KNOWN_LOCALES.join(", ")),
                );
            }
        }
        if !self.locales.enabled.contains(&self.locales.default) {
            return invalid(
                "locales.default",
                format!("`{}` is not in locales.enabled", self.locales.default),
            );
        }
        if self.log.level.trim().is_empty() {
            return invalid("log.level", "must not be empty (try `info`)".into());
        }
        if let Some(listen) = &self.ops.listen {
            if self.ops.listen_addr().is_none() {
                return invalid(
                    "ops.listen",
                    format!("`{listen}` is not an address and port like 127.0.0.1:9100"),
                );
            }
        }
        Ok(())
    }
}

fn parse_env<T: std::str::FromStr>(var: &'static str, value: &str) -> Result<T, ConfigError>
where
    T::Err: std::fmt::Display,
{
    value.trim().parse().map_err(|e: T::Err| ConfigError::Env {
        var,
        message: format!("`{value}` is not a valid number: {e}"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn env_of(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let map: HashMap<String, String> = pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        move |k| map.get(k).cloned()
    }

    #[test]
    fn defaults_are_valid() {
        Config::default().validate().unwrap();
        assert_eq!(Config::default().database_url, "sqlite://paiju.db");
    }

    #[test]
    fn file_then_env_override() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("c.toml");
        std::fs::write(
            &path,
            "database_url = \"sqlite://file.db\"\n[chips]\ndaily = 5\n[discord]\ntoken = \"from-file\"\n",
        )
        .unwrap();
        let cfg = Config::load_with(Some(&path), env_of(&[])).unwrap();
        assert_eq!(cfg.database_url, "sqlite://file.db");
        assert_eq!(cfg.chips.daily, 5);
        assert_eq!(cfg.chips.starting, 1000, "unset keys keep defaults");
        assert_eq!(cfg.discord.token.as_deref(), Some("from-file"));

        let cfg = Config::load_with(
            Some(&path),
            env_of(&[
                ("DISCORD_TOKEN", "from-env"),
                ("PAIJU_DATABASE_URL", "sqlite://env.db"),
                ("PAIJU_CHIPS_DAILY", "7"),
                ("PAIJU_DISCORD_DEV_GUILD", "42"),
                ("PAIJU_LOCALES_ENABLED", "en-US"),
            ]),
        )
        .unwrap();
        assert_eq!(cfg.discord.token.as_deref(), Some("from-env"));
        assert_eq!(cfg.database_url, "sqlite://env.db");
        assert_eq!(cfg.chips.daily, 7);
        assert_eq!(cfg.discord.dev_guild, Some(42));
        assert_eq!(cfg.locales.enabled, vec!["en-US".to_string()]);
    }

    #[test]
    fn paiju_config_env_names_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("other.toml");
        std::fs::write(&path, "[timers]\nplay_secs = 45\n").unwrap();
        let p = path.to_str().unwrap().to_string();
        let cfg = Config::load_with(None, env_of(&[("PAIJU_CONFIG", &p)])).unwrap();
        assert_eq!(cfg.timers.play_secs, 45);
    }

    #[test]
    fn missing_explicit_file_is_an_error() {
        let err =
            Config::load_with(Some(Path::new("/nonexistent/paiju.toml")), env_of(&[])).unwrap_err();
        assert!(err.to_string().contains("/nonexistent/paiju.toml"), "{err}");
    }

    #[test]
    fn bad_values_name_their_key() {
        let cases: &[(&str, &str)] = &[
            ("[chips]\nstarting = -1\n", "chips.starting"),
            ("[timers]\nplay_secs = 0\n", "timers.play_secs"),
            ("[stakes]\ndou_dizhu = 0\n", "stakes.dou_dizhu"),
            ("[locales]\nenabled = [\"fr\"]\n", "locales.enabled"),
            ("[discord]\napi_url = \"ftp://x\"\n", "discord.api_url"),
            ("[discord]\ndev_guild = 0\n", "discord.dev_guild"),
            ("[discord]\nshards = \"0-3\"\n", "discord.shard_count"),
            ("[discord]\nshard_count = 8\n", "discord.shards"),
            (
                "[discord]\nshards = \"0-8\"\nshard_count = 8\n",
                "discord.shards",
            ),
            ("[ops]\nlisten = \"localhost\"\n", "ops.listen"),
            ("[ops]\nlisten = \"9100\"\n", "ops.listen"),
        ];
        for (text, key) in cases {
            let cfg = Config::from_toml_str(text, Path::new("t.toml")).unwrap();
            let err = cfg.validate().unwrap_err().to_string();
            assert!(err.contains(key), "{text:?} → {err}");
        }
    }

    #[test]
    fn shards_come_from_the_file_or_the_environment() {
        let cfg = Config::from_toml_str(
            "[discord]\nshards = \"2-3\"\nshard_count = 4\n",
            Path::new("t"),
        )
        .unwrap();
        cfg.validate().unwrap();
        let s = cfg.discord.shard_set().unwrap();
        assert_eq!((s.first, s.last, s.count), (2, 3, 4));
        let mut cfg = Config::default();
        cfg.apply_env(env_of(&[
            ("PAIJU_DISCORD_SHARDS", "1"),
            ("PAIJU_DISCORD_SHARD_COUNT", "2"),
        ]))
        .unwrap();
        cfg.validate().unwrap();
        assert_eq!(
            cfg.discord.shard_set().map(|s| (s.first, s.count)),
            Some((1, 2))
        );
        assert_eq!(Config::default().discord.shard_set(), None);
    }

    #[test]
    fn unknown_keys_and_bad_env_are_refused() {
        let err = Config::from_toml_str("[chips]\nstartin = 5\n", Path::new("t.toml")).unwrap_err();
        assert!(err.to_string().contains("startin"), "{err}");
        let mut cfg = Config::default();
        let err = cfg
            .apply_env(env_of(&[("PAIJU_CHIPS_DAILY", "lots")]))
            .unwrap_err();
        assert!(err.to_string().contains("PAIJU_CHIPS_DAILY"), "{err}");
    }

    #[test]
    fn every_hosted_game_has_a_stake_and_others_are_refused() {
        let cfg = Config::default();
        for kind in GameKind::ALL {
            assert_eq!(cfg.stakes.get(kind), kind.default_stake());
        }
        // A file naming one game keeps the others' defaults.
        let cfg = Config::from_toml_str("[stakes]\nchexuan = 25\n", Path::new("t.toml")).unwrap();
        cfg.validate().unwrap();
        assert_eq!(cfg.stakes.get(GameKind::Chexuan), 25);
        assert_eq!(cfg.stakes.get(GameKind::DouDizhu), 10);
        let cfg = Config::from_toml_str("[stakes]\nmahjong = 5\n", Path::new("t.toml")).unwrap();
        let err = cfg.validate().unwrap_err().to_string();
        assert!(
            err.contains("stakes.mahjong") && err.contains("dou_dizhu"),
            "{err}"
        );
        let mut cfg = Config::default();
        cfg.apply_env(env_of(&[("PAIJU_STAKES_CHEXUAN", "40")]))
            .unwrap();
        assert_eq!(cfg.stakes.get(GameKind::Chexuan), 40);
        let err = cfg
            .apply_env(env_of(&[("PAIJU_STAKES_DUAN_GUOZI", "x")]))
            .unwrap_err();
        assert!(err.to_string().contains("PAIJU_STAKES_DUAN_GUOZI"), "{err}");
        assert!(env_keys()
            .iter()
            .any(|(var, key)| var == "PAIJU_STAKES_CHEXUAN" && key == "stakes.chexuan"));
    }

    #[test]
    fn log_format_and_ops_listener_come_from_the_file_or_the_environment() {
        let cfg = Config::default();
        assert_eq!(cfg.log.format, LogFormat::Text);
        assert_eq!(cfg.ops.listen_addr(), None, "no listener unless asked");
        let cfg = Config::from_toml_str(
            "[log]\nformat = \"json\"\n[ops]\nlisten = \"127.0.0.1:9100\"\n",
            Path::new("t.toml"),
        )
        .unwrap();
        cfg.validate().unwrap();
        assert_eq!(cfg.log.format, LogFormat::Json);
        assert_eq!(
            cfg.ops.listen_addr(),
            Some("127.0.0.1:9100".parse().unwrap())
        );
        let err = Config::from_toml_str("[log]\nformat = \"xml\"\n", Path::new("t.toml"))
            .unwrap_err()
            .to_string();
        assert!(err.contains("xml") && err.contains("json"), "{err}");
        let mut cfg = Config::default();
        cfg.apply_env(env_of(&[
            ("PAIJU_LOG_FORMAT", "json"),
            ("PAIJU_OPS_LISTEN", "[::1]:9200"),
        ]))
        .unwrap();
        cfg.validate().unwrap();
        assert_eq!(cfg.log.format, LogFormat::Json);
        assert_eq!(cfg.ops.listen_addr().map(|a| a.port()), Some(9200));
        let err = cfg
            .apply_env(env_of(&[("PAIJU_LOG_FORMAT", "yaml")]))
            .unwrap_err();
        assert!(err.to_string().contains("PAIJU_LOG_FORMAT"), "{err}");
    }

    #[test]
    fn debug_hides_the_token() {
        let mut cfg = Config::default();
        cfg.discord.token = Some("secret-token".into());
        assert!(!format!("{cfg:?}").contains("secret-token"));
    }
}
