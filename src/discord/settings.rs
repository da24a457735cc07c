//! `/paiju settings` (Manage Server): a server's own settings, shown and
//! changed from Discord (issue #34), and `/help`.
//!
//! One command with optional options, so that `/paiju settings` alone shows
//! everything and the last changes, and one line changes several settings
//! at once (`/paiju settings game:Shengji stake:20 ai:hard`). A change is
//! checked whole before anything is written (a bad value refuses the lot),
//! journaled by the ledger with who and when, and effective at once: the
//! process caches a server's settings ([`super::Data::server_settings`])
//! and replaces them on a change. A guild is hosted by one process (its
//! shard's, or the one holding the tables lease), so that cache is the
//! only one that reads them. A table keeps the settings it opened with.

use super::{lang_of_ctx, BotError, Context, Data};
use crate::ai::Level;
use crate::config::server_settings::{
    channels_value, names, number_value, parse_channels, ServerSettings, GAME_FIELDS,
};
use crate::games::GameKind;
use crate::i18n::{self, Lang};
use crate::ledger::{SettingChange, SettingLogEntry};
use poise::serenity_prelude as serenity;
use std::borrow::Cow;
use std::collections::BTreeMap;
use std::sync::Arc;

/// The journal entries `/paiju settings` shows.
const LOG_SHOWN: i64 = 10;

/// What `reset:` can put back to the config file's value.
const RESETS: [&str; 8] = [
    "chips",
    "timers",
    "channels",
    "host_role",
    "language",
    "give",
    "game",
    "all",
];

/// The names a `reset:` choice clears (`game`: the chosen game's).
fn reset_names(
    what: &str,
    game: Option<GameKind>,
    stored: &BTreeMap<String, String>,
) -> Vec<String> {
    let list: Vec<&str> = match what {
        "chips" => vec![names::STARTING, names::DAILY, names::DAILY_COOLDOWN],
        "timers" => vec![
            names::BID_SECS,
            names::PLAY_SECS,
            names::LOBBY_IDLE_SECS,
            names::AI_DELAY_MS,
        ],
        "channels" => vec![names::CHANNELS],
        "host_role" => vec![names::HOST_ROLE],
        "language" => vec![names::LANGUAGE],
        "give" => vec![names::GIVE_ALLOWED, names::GIVE_DAILY_LIMIT],
        "game" => {
            return match game {
                Some(kind) => GAME_FIELDS.iter().map(|f| names::game(kind, f)).collect(),
                None => Vec::new(),
            }
        }
        _ => return stored.keys().filter(|k| is_setting(k)).cloned().collect(),
    };
    list.into_iter().map(str::to_string).collect()
}

/// Whether a stored name is a setting an admin set (the ledger also keeps
/// the bot's own marks, `told.*`, beside them).
fn is_setting(name: &str) -> bool {
    !name.starts_with("told.")
}

/// The commands of the bot itself: `/paiju settings`.
#[poise::command(
    slash_command,
    guild_only,
    subcommands("settings"),
    subcommand_required,
    default_member_permissions = "MANAGE_GUILD",
    required_permissions = "MANAGE_GUILD"
)]
pub async fn paiju(_ctx: Context<'_>) -> Result<(), BotError> {
    Ok(())
}

/// Show or change this server's settings (Manage Server)
#[allow(clippy::too_many_arguments)]
#[poise::command(
    slash_command,
    guild_only,
    default_member_permissions = "MANAGE_GUILD",
    required_permissions = "MANAGE_GUILD"
)]
pub async fn settings(
    ctx: Context<'_>,
    game: Option<i64>,
    enabled: Option<bool>,
    stake: Option<i64>,
    min_stake: Option<i64>,
    max_stake: Option<i64>,
    ai: Option<i64>,
    starting_chips: Option<i64>,
    daily_chips: Option<i64>,
    daily_hours: Option<i64>,
    bid_seconds: Option<i64>,
    play_seconds: Option<i64>,
    lobby_minutes: Option<i64>,
    ai_delay_ms: Option<i64>,
    channels: Option<String>,
    host_role: Option<serenity::Role>,
    language: Option<i64>,
    give: Option<bool>,
    give_limit: Option<i64>,
    reset: Option<i64>,
) -> Result<(), BotError> {
    let server = server_of(ctx)?;
    let lang = lang_of_ctx(ctx);
    let data = ctx.data();
    let stored = data.ledger.server_settings(server).await?;
    let game = match game {
        Some(i) => Some(
            usize::try_from(i)
                .ok()
                .and_then(|i| GameKind::ALL.get(i).copied())
                .ok_or_else(|| BotError::user(crate::keys::SETTINGS_ERR_CHOICE))?,
        ),
        None => None,
    };

    // What the options ask, as (name, new value) in order: resets first,
    // so `reset:timers bid_seconds:20` keeps the 20.
    let mut asked: Vec<(String, Option<String>)> = Vec::new();
    if let Some(r) = reset {
        let what = usize::try_from(r)
            .ok()
            .and_then(|i| RESETS.get(i))
            .ok_or_else(|| BotError::user(crate::keys::SETTINGS_ERR_CHOICE))?;
        if *what == "game" && game.is_none() {
            return Err(BotError::user(crate::keys::SETTINGS_ERR_GAME_NEEDED));
        }
        asked.extend(
            reset_names(what, game, &stored)
                .into_iter()
                .map(|n| (n, None)),
        );
    }
    let per_game = [
        enabled.is_some(),
        stake.is_some(),
        min_stake.is_some(),
        max_stake.is_some(),
        ai.is_some(),
    ];
    if per_game.iter().any(|&b| b) {
        let Some(kind) = game else {
            return Err(BotError::user(crate::keys::SETTINGS_ERR_GAME_NEEDED));
        };
        if let Some(on) = enabled {
            asked.push((names::game(kind, "enabled"), Some(on.to_string())));
        }
        for (field, value) in [
            ("stake", stake),
            ("min_stake", min_stake),
            ("max_stake", max_stake),
        ] {
            if let Some(v) = value {
                let name = names::game(kind, field);
                asked.push((name.clone(), Some(number_value(&name, v, field)?)));
            }
        }
        if let Some(level) = ai {
            if kind.ai_levels().is_none() {
                return Err(BotError::user(crate::keys::SETTINGS_ERR_NO_LEVELS)
                    .arg("game", crate::message::Arg::Words(kind.name_key())));
            }
            let level = usize::try_from(level)
                .ok()
                .and_then(|i| Level::ALL.get(i))
                .ok_or_else(|| BotError::user(crate::keys::SETTINGS_ERR_CHOICE))?;
            asked.push((names::game(kind, "ai"), Some(level.name().to_string())));
        }
    }
    for (name, label, value) in [
        (names::STARTING, "starting_chips", starting_chips),
        (names::DAILY, "daily_chips", daily_chips),
        (names::DAILY_COOLDOWN, "daily_hours", daily_hours),
        (names::BID_SECS, "bid_seconds", bid_seconds),
        (names::PLAY_SECS, "play_seconds", play_seconds),
        (names::LOBBY_IDLE_SECS, "lobby_minutes", lobby_minutes),
        (names::AI_DELAY_MS, "ai_delay_ms", ai_delay_ms),
        (names::GIVE_DAILY_LIMIT, "give_limit", give_limit),
    ] {
        if let Some(v) = value {
            asked.push((name.to_string(), Some(number_value(name, v, label)?)));
        }
    }
    if let Some(typed) = &channels {
        let ids = parse_channels(typed)?;
        asked.push((
            names::CHANNELS.to_string(),
            ids.map(|ids| channels_value(&ids)),
        ));
    }
    if let Some(role) = &host_role {
        asked.push((
            names::HOST_ROLE.to_string(),
            Some(role.id.get().to_string()),
        ));
    }
    if let Some(i) = language {
        let lang = usize::try_from(i)
            .ok()
            .and_then(|i| Lang::ALL.get(i).copied())
            .ok_or_else(|| BotError::user(crate::keys::SETTINGS_ERR_CHOICE))?;
        if !data.langs.contains(&lang) {
            return Err(BotError::user(crate::keys::SETTINGS_ERR_LANGUAGE_OFF)
                .arg("language", crate::message::Arg::Words(language_key(lang))));
        }
        asked.push((names::LANGUAGE.to_string(), Some(lang.code().to_string())));
    }
    if let Some(on) = give {
        asked.push((names::GIVE_ALLOWED.to_string(), Some(on.to_string())));
    }

    if asked.is_empty() && reset.is_none() {
        return show(ctx, lang, server, &stored).await;
    }

    // The last word on each setting, applied to a copy and checked whole.
    let mut changes: Vec<SettingChange> = Vec::new();
    let mut after = stored.clone();
    for (name, new) in asked {
        changes.retain(|c| c.name != name);
        match &new {
            Some(v) => after.insert(name.clone(), v.clone()),
            None => after.remove(&name),
        };
        changes.push(SettingChange {
            old: stored.get(&name).cloned(),
            name,
            new,
        });
    }
    changes.retain(|c| c.old != c.new);
    let settings = ServerSettings::new(&data.config, &after);
    settings.check()?;
    if changes.is_empty() {
        crate::discord::send(ctx, private(i18n::tr(lang, "settings-unchanged"))).await?;
        return Ok(());
    }
    let by = ctx.author().id.get();
    data.ledger
        .change_server_settings(server, &changes, by, crate::ledger::now_unix())
        .await?;
    data.servers.insert(server, Arc::new(settings));
    tracing::info!(
        guild = server,
        user = by,
        changed = changes.len(),
        "server settings changed"
    );
    let mut text = i18n::tr(lang, "settings-changed");
    for c in &changes {
        text.push('\n');
        text.push_str(&change_line(
            lang,
            &data.config,
            &c.name,
            c.old.as_deref(),
            c.new.as_deref(),
        ));
    }
    crate::discord::send(ctx, private(crate::discord::errors::fit_content(text))).await?;
    Ok(())
}

/// The whole of a server's settings and its last changes, privately.
async fn show(
    ctx: Context<'_>,
    lang: Lang,
    server: u64,
    stored: &BTreeMap<String, String>,
) -> Result<(), BotError> {
    let data = ctx.data();
    let s = ServerSettings::new(&data.config, stored);
    let log = data.ledger.server_settings_log(server, LOG_SHOWN).await?;
    let on_off = |b: bool| i18n::tr(lang, if b { "settings-on" } else { "settings-off" });
    let chips = i18n::tr_args(
        lang,
        "settings-chips",
        &[
            ("starting", s.starting.into()),
            ("daily", s.daily.into()),
            ("hours", (s.daily_cooldown_secs / 3600).into()),
            ("give", on_off(s.give_allowed).into()),
            ("limit", s.give_daily_limit.into()),
        ],
    );
    let timers = i18n::tr_args(
        lang,
        "settings-timers",
        &[
            ("bid", (s.timers.bid_timeout_secs as i64).into()),
            ("play", (s.timers.play_timeout_secs as i64).into()),
            ("lobby", (s.timers.lobby_idle_secs as i64 / 60).into()),
            ("delay", (s.timers.ai_delay_ms as i64).into()),
        ],
    );
    let place = i18n::tr_args(
        lang,
        "settings-where",
        &[
            (
                "channels",
                value_text(
                    lang,
                    &data.config,
                    names::CHANNELS,
                    stored.get(names::CHANNELS).map(String::as_str),
                )
                .into(),
            ),
            (
                "role",
                value_text(
                    lang,
                    &data.config,
                    names::HOST_ROLE,
                    stored.get(names::HOST_ROLE).map(String::as_str),
                )
                .into(),
            ),
            (
                "language",
                value_text(
                    lang,
                    &data.config,
                    names::LANGUAGE,
                    stored.get(names::LANGUAGE).map(String::as_str),
                )
                .into(),
            ),
        ],
    );
    let games: Vec<String> = GameKind::ALL
        .into_iter()
        .map(|kind| {
            let g = s.game(kind);
            let ai = match (kind.ai_levels(), g.ai) {
                (None, _) => i18n::tr(lang, "settings-ai-none"),
                (Some(_), Some(level)) => i18n::tr(lang, &format!("choice-ai-{}", level.name())),
                (Some(default), None) => i18n::tr_args(
                    lang,
                    "settings-ai-default",
                    &[(
                        "level",
                        i18n::tr(lang, &format!("choice-ai-{}", default.name())).into(),
                    )],
                ),
            };
            i18n::tr_args(
                lang,
                "settings-game-line",
                &[
                    ("game", i18n::tr(lang, kind.name_key()).into()),
                    ("enabled", on_off(g.enabled).into()),
                    ("stake", g.stake.into()),
                    ("min", g.min_stake.into()),
                    ("max", g.max_stake.into()),
                    ("ai", ai.into()),
                ],
            )
        })
        .collect();
    let log_text = if log.is_empty() {
        i18n::tr(lang, "settings-log-empty")
    } else {
        log.iter()
            .map(|e| log_line(lang, &data.config, e))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let field = |key: &str, value: String| {
        (
            i18n::tr(lang, key),
            crate::discord::errors::fit(&value, FIELD_VALUE),
            false,
        )
    };
    let embed = serenity::CreateEmbed::new()
        .title(i18n::tr(lang, "settings-title"))
        .description(i18n::tr(lang, "settings-how"))
        .fields([
            field("settings-section-chips", chips),
            field("settings-section-timers", timers),
            field("settings-section-where", place),
            field("settings-section-games", games.join("\n")),
            field("settings-section-log", log_text),
        ]);
    crate::discord::send(
        ctx,
        poise::CreateReply::default()
            .ephemeral(true)
            .allowed_mentions(serenity::CreateAllowedMentions::new())
            .embed(embed),
    )
    .await?;
    Ok(())
}

/// Discord: an embed field's value holds 1,024 characters.
const FIELD_VALUE: usize = 1024;

fn private(text: String) -> poise::CreateReply {
    poise::CreateReply::default()
        .ephemeral(true)
        .allowed_mentions(serenity::CreateAllowedMentions::new())
        .content(text)
}

fn server_of(ctx: Context<'_>) -> Result<u64, BotError> {
    ctx.guild_id()
        .map(|g| g.get())
        .ok_or_else(|| BotError::user(crate::keys::ERR_GUILD_ONLY))
}

/// The Fluent id of a language's own name.
fn language_key(lang: Lang) -> &'static str {
    match lang {
        Lang::EnUs => "settings-language-en-US",
        Lang::ZhCn => "settings-language-zh-CN",
    }
}

/// A setting's name as an admin reads it ("Stake (Shengji)").
fn name_text(lang: Lang, name: &str) -> String {
    if let Some(rest) = name.strip_prefix("game.") {
        if let Some((game, field)) = rest.rsplit_once('.') {
            let game = GameKind::of_record(game)
                .map(|k| i18n::tr(lang, k.name_key()))
                .unwrap_or_else(|| game.to_string());
            return i18n::tr_args(
                lang,
                "settings-name-game",
                &[
                    ("game", game.into()),
                    (
                        "field",
                        i18n::tr(lang, &format!("settings-name-{field}")).into(),
                    ),
                ],
            );
        }
    }
    let key = format!("settings-name-{}", name.replace('.', "-"));
    if i18n::has(lang, &key) {
        i18n::tr(lang, &key)
    } else {
        name.to_string()
    }
}

/// A stored value as an admin reads it; `None` is the config file's.
fn value_text(
    lang: Lang,
    config: &crate::config::Config,
    name: &str,
    value: Option<&str>,
) -> String {
    let Some(v) = value else {
        if let Some(d) = crate::config::server_settings::default_value(config, name) {
            let shown = value_text(lang, config, name, Some(&d));
            return i18n::tr_args(lang, "settings-default-value", &[("value", shown.into())]);
        }
        return i18n::tr(
            lang,
            match name {
                names::CHANNELS => "settings-every-channel",
                names::HOST_ROLE => "settings-anyone",
                names::LANGUAGE => "settings-members-own",
                _ => "settings-default",
            },
        );
    };
    match name {
        names::CHANNELS => v
            .split(',')
            .map(|id| format!("<#{id}>"))
            .collect::<Vec<_>>()
            .join(" "),
        names::HOST_ROLE => format!("<@&{v}>"),
        names::LANGUAGE => Lang::from_code(v)
            .map(|l| i18n::tr(lang, language_key(l)))
            .unwrap_or_else(|| v.to_string()),
        names::DAILY_COOLDOWN | names::LOBBY_IDLE_SECS => {
            let scale = crate::config::server_settings::bounds(name).map_or(1, |b| b.scale);
            let n = v.parse::<i64>().unwrap_or(0) / scale;
            n.to_string()
        }
        _ if v == "true" => i18n::tr(lang, "settings-on"),
        _ if v == "false" => i18n::tr(lang, "settings-off"),
        _ if name.ends_with(".ai") => i18n::tr(lang, &format!("choice-ai-{v}")),
        _ => v.to_string(),
    }
}

/// "Stake (Shengji): default → 20".
fn change_line(
    lang: Lang,
    config: &crate::config::Config,
    name: &str,
    old: Option<&str>,
    new: Option<&str>,
) -> String {
    i18n::tr_args(
        lang,
        "settings-change-line",
        &[
            ("setting", name_text(lang, name).into()),
            ("old", value_text(lang, config, name, old).into()),
            ("new", value_text(lang, config, name, new).into()),
        ],
    )
}

/// A journal entry: when, who, what.
fn log_line(lang: Lang, config: &crate::config::Config, e: &SettingLogEntry) -> String {
    i18n::tr_args(
        lang,
        "settings-log-line",
        &[
            ("when", format!("<t:{}:R>", e.at).into()),
            ("user", format!("<@{}>", e.by).into()),
            (
                "change",
                change_line(lang, config, &e.name, e.old.as_deref(), e.new.as_deref()).into(),
            ),
        ],
    )
}

/// Sets the choices of `/paiju settings`' `game`, `ai`, `language` and
/// `reset` from the lists they name (the games, the AI levels, the
/// locales, `RESETS`): their labels are Fluent ids that
/// [`super::commands::localize`] turns into words. A choice arrives as its
/// index in the list.
pub fn set_choices(cmd: &mut poise::Command<Data, BotError>) {
    for sub in &mut cmd.subcommands {
        for p in &mut sub.parameters {
            let labels: Vec<String> = match p.name.as_ref() {
                "game" => GameKind::ALL
                    .iter()
                    .map(|k| k.name_key().to_string())
                    .collect(),
                "ai" => Level::ALL
                    .iter()
                    .map(|l| format!("choice-ai-{}", l.name()))
                    .collect(),
                "language" => Lang::ALL
                    .iter()
                    .map(|&l| language_key(l).to_string())
                    .collect(),
                "reset" => RESETS
                    .iter()
                    .map(|r| format!("settings-reset-{r}"))
                    .collect(),
                _ => continue,
            };
            p.choices = Cow::Owned(
                labels
                    .into_iter()
                    .map(|name| poise::CommandParameterChoice {
                        name: Cow::Owned(name),
                        localizations: Cow::Owned(Vec::new()),
                        __non_exhaustive: (),
                    })
                    .collect(),
            );
        }
    }
}

/// The games, how to start one, the chips commands
// A list of the games with a line each, how to start one, the chips
// commands and where the rules are; an admin also reads where the
// server's settings are.
#[poise::command(slash_command)]
pub async fn help(ctx: Context<'_>) -> Result<(), BotError> {
    let lang = lang_of_ctx(ctx);
    let mut games = String::new();
    for kind in GameKind::ALL {
        let id = format!("cmd-{}", kind.name());
        let command = i18n::tr(lang, &id);
        let about = i18n::attr(lang, &id, "description").unwrap_or_default();
        games.push_str(&i18n::tr_args(
            lang,
            "help-game-line",
            &[("command", command.into()), ("about", about.into())],
        ));
        games.push('\n');
    }
    let mut text = format!(
        "{}\n{}\n{}\n{}\n{}\n{}",
        i18n::tr(lang, "help-intro"),
        games.trim_end(),
        i18n::tr(lang, "help-start"),
        i18n::tr(lang, "help-chips"),
        i18n::tr(lang, "help-autopass"),
        i18n::tr(lang, "help-replay"),
    );
    if is_admin(ctx) {
        text.push('\n');
        text.push_str(&i18n::tr(lang, "help-admin"));
    }
    let embed = serenity::CreateEmbed::new()
        .title(i18n::tr(lang, "help-title"))
        .description(crate::discord::errors::fit(&text, 4096));
    crate::discord::send(
        ctx,
        poise::CreateReply::default()
            .ephemeral(true)
            .allowed_mentions(serenity::CreateAllowedMentions::new())
            .embed(embed),
    )
    .await?;
    if let Some(guild) = ctx.guild_id() {
        if is_admin(ctx) {
            // /help said it: no separate word after another command.
            let _ = ctx.data().ledger.mark_once(guild.get(), TOLD_ADMIN).await;
        }
    }
    Ok(())
}

/// The mark of a server whose admins were told where its settings are.
pub const TOLD_ADMIN: &str = "told.admin";

/// Whether the member of this command may manage the server (the
/// permissions Discord sent with the interaction).
pub fn is_admin(ctx: Context<'_>) -> bool {
    match ctx {
        poise::Context::Application(a) => a
            .interaction
            .member
            .as_ref()
            .and_then(|m| m.permissions)
            .is_some_and(|p| p.manage_guild()),
        poise::Context::Prefix(_) => false,
    }
}

/// After a server's first command by an admin: a private word on where the
/// server's settings are, once per server (the ledger keeps the mark, so a
/// restart does not say it again).
pub async fn tell_admin_once(ctx: Context<'_>) {
    let Some(guild) = ctx.guild_id() else { return };
    let name = &ctx.command().qualified_name;
    if !is_admin(ctx) || name == "help" || name.starts_with("paiju") {
        return;
    }
    let data = ctx.data();
    if data.told_admin.contains(&guild.get()) {
        return;
    }
    match data.ledger.mark_once(guild.get(), TOLD_ADMIN).await {
        Ok(first) => {
            data.told_admin.insert(guild.get());
            if first {
                let lang = lang_of_ctx(ctx);
                let _ = ctx.send(private(i18n::tr(lang, "help-admin-first"))).await;
            }
        }
        Err(e) => tracing::warn!("cannot keep the admin hint's mark: {e}"),
    }
}

impl Data {
    /// `server`'s settings, read from the ledger the first time and kept
    /// (replaced by `/paiju settings` when it changes them).
    pub async fn server_settings(&self, server: u64) -> Result<Arc<ServerSettings>, BotError> {
        if let Some(s) = self.servers.get(&server) {
            return Ok(s.clone());
        }
        let stored = self.ledger.server_settings(server).await?;
        let s = Arc::new(ServerSettings::new(&self.config, &stored));
        self.servers.insert(server, s.clone());
        Ok(s)
    }

    /// `server`'s settings if this process read them already (every
    /// command reads them first: see `command_check`).
    pub fn cached_settings(&self, server: Option<u64>) -> Option<Arc<ServerSettings>> {
        self.servers.get(&server?).map(|s| s.clone())
    }
}
