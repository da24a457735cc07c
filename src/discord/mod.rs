//! The Discord front end: with the games' `hosts/<game>/discord` modules,
//! the only code that imports serenity and poise.
//!
//! Owns start-up (token, optional API base URL, command registration),
//! slash commands, component interactions (buttons and select menus, their
//! ids in [`ids`]), rendering of game views to messages, and the one error
//! hook ([`errors::on_error`]) that answers members privately. Text comes
//! from `locales/` through [`crate::i18n`].
//!
//! Pointing the bot elsewhere: with `discord.api_url` set, every REST
//! request goes to that base URL with serenity's rate limiter off (the
//! proxy, or the test's fake Discord, owns rate limits) and the gateway URL
//! is asked from `{api_url}/api/v10/gateway`. Without it nothing differs
//! from a plain serenity client.

pub mod autopass;
pub mod chips;
pub mod commands;
pub mod components;
pub mod errors;
pub mod ids;
pub mod members;
pub mod ops;
pub mod pace;
pub mod perms;
pub mod ratings;
pub mod replay;
pub mod settings;
pub mod table;
pub mod views;

use crate::config::Config;
use crate::i18n::{self, Lang};
use crate::ledger::{Ledger, LedgerConfig, LedgerError};
pub use errors::BotError;
use poise::serenity_prelude as serenity;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// What every command and event handler shares.
pub struct Data {
    pub config: Config,
    pub ledger: Ledger,
    /// Locales replies may use (from config), and the last resort.
    pub langs: Vec<Lang>,
    pub default_lang: Lang,
    /// Set on SIGINT/SIGTERM: new actions are refused while writes finish.
    pub shutting_down: Arc<AtomicBool>,
    /// Every table of every game, and what Discord remembers around them.
    pub host: Arc<table::host::Host>,
    /// A sharded process's shards (`None`: it hosts every guild).
    pub shards: Option<crate::ledger::Shards>,
    /// The settings of the servers this process hosts, read once and
    /// replaced when `/paiju settings` changes them (`settings`).
    pub servers: dashmap::DashMap<u64, Arc<crate::config::server_settings::ServerSettings>>,
    /// Servers whose admins were told where the settings are.
    pub told_admin: dashmap::DashSet<u64>,
    /// Who is still a member of a server (the ladders leave out who left).
    pub members: Arc<members::Members>,
    /// Members whose last private answer could not be shown: their next
    /// click on a private view gets a fresh one ([`views`]).
    pub lost_views: views::LostViews,
}

impl Data {
    pub fn new(config: Config, ledger: Ledger) -> Data {
        let langs: Vec<Lang> = config
            .locales
            .enabled
            .iter()
            .filter_map(|c| Lang::from_code(c))
            .collect();
        let default_lang = Lang::from_code(&config.locales.default).unwrap_or(Lang::EnUs);
        let table_config = crate::table::TableConfig {
            ai_delay_ms: config.timers.ai_delay_ms,
            ..crate::table::TableConfig::from(&config.timers)
        };
        let host = Arc::new(table::host::Host::new(
            ledger.clone(),
            table_config,
            default_lang,
        ));
        Data {
            host,
            shards: config.discord.shard_set(),
            servers: dashmap::DashMap::new(),
            told_admin: dashmap::DashSet::new(),
            members: Arc::default(),
            lost_views: views::LostViews::default(),
            config,
            ledger,
            langs,
            default_lang,
            shutting_down: Arc::new(AtomicBool::new(false)),
        }
    }

    /// The reply language for a member's and a server's Discord locales.
    pub fn lang(&self, user: Option<&str>, guild: Option<&str>) -> Lang {
        i18n::resolve(user, guild, &self.langs, self.default_lang)
    }

    pub fn is_shutting_down(&self) -> bool {
        self.shutting_down.load(Ordering::SeqCst)
    }

    /// Whether this process hosts `guild`'s tables and chips: unsharded,
    /// every guild; sharded, the guilds of its shards. Discord sends a
    /// process only its shards' guilds, but an interaction of another guild
    /// (a gateway routing it elsewhere, a re-sharded deployment) is refused
    /// before anything is done with it; the ledger checks the guild's
    /// shard lease again in every write.
    pub fn hosts_guild(&self, guild: Option<serenity::GuildId>) -> bool {
        match (self.shards, guild) {
            (Some(s), Some(g)) => s.hosts(g.get()),
            _ => true,
        }
    }

    /// [`Data::hosts_guild`] as the refusal a member is shown ("try again").
    pub fn check_guild(&self, guild: Option<serenity::GuildId>) -> Result<(), BotError> {
        if self.hosts_guild(guild) {
            Ok(())
        } else {
            tracing::warn!(
                ?guild,
                "an interaction of a guild on another shard, refused"
            );
            Err(BotError::user(crate::keys::ERR_SHARD_ELSEWHERE))
        }
    }

    /// How long a click's answer may take before the click is
    /// acknowledged first (`discord.defer_after_ms`).
    pub fn defer_after(&self) -> std::time::Duration {
        std::time::Duration::from_millis(self.config.discord.defer_after_ms)
    }
}

pub type Context<'a> = poise::Context<'a, Data, BotError>;

/// Sends a command's reply (`ctx.send`); the first one is the
/// interaction's acknowledgement, timed for the metrics ([`ops`]).
pub async fn send<'a>(
    ctx: Context<'a>,
    reply: poise::CreateReply,
) -> Result<poise::ReplyHandle<'a>, serenity::Error> {
    let sent = ctx.send(reply).await;
    match &sent {
        Ok(_) => ops::acknowledged(),
        Err(e) => {
            ops::counted(e);
        }
    }
    sent
}

/// The reply language of a command: the member's locale, then the server's.
pub fn lang_of_ctx(ctx: Context<'_>) -> Lang {
    // The language the server's admins chose (`/paiju settings`) comes
    // before the one its Discord settings name.
    let chosen = ctx
        .data()
        .cached_settings(ctx.guild_id().map(|g| g.get()))
        .and_then(|s| s.language.clone());
    let guild_locale = match ctx {
        poise::Context::Application(a) => a.interaction.guild_locale.as_deref(),
        poise::Context::Prefix(_) => None,
    };
    ctx.data()
        .lang(ctx.locale(), chosen.as_deref().or(guild_locale))
}

/// Why the bot could not run.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error("no Discord token")]
    NoToken,
    #[error("Discord client: {0}")]
    Client(#[from] serenity::Error),
    #[error("chip ledger ({url}): {source}")]
    Ledger { url: String, source: LedgerError },
    #[error("health and metrics listener (ops.listen = {addr}): {source}")]
    Ops {
        addr: std::net::SocketAddr,
        source: std::io::Error,
    },
}

/// How long the Discord client has to stop after SIGINT/SIGTERM.
const SHUTDOWN_GRACE: std::time::Duration = std::time::Duration::from_secs(5);

/// Runs the bot until SIGINT/SIGTERM or a fatal gateway error.
pub async fn run(config: Config) -> Result<(), StartError> {
    let token = config.discord.token.clone().ok_or(StartError::NoToken)?;
    let api_url = config.discord.api_url.clone();
    let dev_guild = config.discord.dev_guild;
    let ledger_config = LedgerConfig {
        starting_chips: config.chips.starting,
        daily_amount: config.chips.daily,
        daily_cooldown_secs: config.chips.daily_cooldown_secs,
        ..LedgerConfig::default()
    };
    let ledger = Ledger::open(&config.database_url, ledger_config)
        .await
        .map_err(|source| StartError::Ledger {
            url: crate::ledger::redact_url(&config.database_url),
            source,
        })?
        .with_ratings(config.ratings.clone());
    // One process plays at a ledger's tables at a time: a second bot (or a
    // `paiju play`) on the same database would resume the same games. A
    // sharded process holds its shards' leases instead, and writes games
    // only while it holds them (`Ledger::owned_by`).
    let me = crate::ledger::LeaseOwner::me();
    let shards = config.discord.shard_set();
    let leases = match shards {
        Some(s) => ledger.take_shard_leases(s, &me).await,
        None => ledger
            .take_lease(crate::ledger::lease::TABLES, &me)
            .await
            .map(|l| vec![l]),
    }
    .map_err(|source| StartError::Ledger {
        url: crate::ledger::redact_url(&config.database_url),
        source,
    })?;
    let lease_scopes: Vec<String> = match shards {
        Some(s) => (s.first..=s.last)
            .map(|i| crate::ledger::Shards::scope(i, s.count))
            .collect(),
        None => vec![crate::ledger::lease::TABLES.to_string()],
    };
    let ledger = match shards {
        Some(s) => ledger.owned_by(&me, s.count),
        None => ledger,
    };
    let closing_ledger = ledger.clone();
    let health_ledger = ledger.clone();
    let ops_listen = config.ops.listen_addr();
    if ops_listen.is_some() {
        // Before anything is recorded: from here on the metrics are kept.
        crate::ops::metrics::install();
    }
    let data = Data::new(config, ledger);
    let season_clock = ratings::SeasonClock {
        ledger: closing_ledger.clone(),
        members: data.members.clone(),
        default_lang: data.default_lang,
        pace: data.host.pace.clone(),
    };
    let shutting_down = data.shutting_down.clone();

    let options = poise::FrameworkOptions {
        commands: commands::all(),
        on_error: |e| Box::pin(errors::on_error(e)),
        event_handler: |fw, event| Box::pin(on_event(fw, event)),
        // Every command of a guild this process does not host is refused
        // before it runs (its components and modals in `components`).
        // The server's settings are read before its first command runs,
        // so that every command finds them (its language, too).
        command_check: Some(|ctx| {
            Box::pin(async move {
                ctx.data().check_guild(ctx.guild_id())?;
                if let Some(g) = ctx.guild_id() {
                    if let Err(e) = ctx.data().server_settings(g.get()).await {
                        tracing::warn!(guild = g.get(), "cannot read the server's settings: {e}");
                    }
                }
                Ok(true)
            })
        }),
        post_command: |ctx| Box::pin(settings::tell_admin_once(ctx)),
        // Owners are not used; skipping this saves a request at start-up.
        initialize_owners: false,
        ..Default::default()
    };
    let framework = poise::Framework::builder()
        .options(options)
        .setup(move |ctx, ready, framework| {
            Box::pin(async move {
                let cmds = &framework.options().commands;
                match dev_guild {
                    Some(g) => {
                        poise::builtins::register_in_guild(ctx, cmds, serenity::GuildId::new(g))
                            .await?
                    }
                    None => poise::builtins::register_globally(ctx, cmds).await?,
                }
                // Games that were running when the bot stopped carry on,
                // each with its table message posted again.
                // A sharded process resumes its own guilds' games only.
                let resumed = data
                    .host
                    .resume_all(ctx.http.clone(), |server| {
                        shards.is_none_or(|s| s.hosts(server))
                    })
                    .await;
                tracing::info!(
                    resumed,
                    user = %ready.user.name,
                    commands = cmds.len(),
                    scope = if dev_guild.is_some() { "guild" } else { "global" },
                    "connected and commands registered"
                );
                Ok(data)
            })
        })
        .build();

    // Interactions need no intent; GUILDS (not privileged) keeps the cache's
    // guild list, and with it the servers' locales, current.
    let intents = serenity::GatewayIntents::GUILDS;
    let builder = match &api_url {
        Some(url) => {
            let http = serenity::HttpBuilder::new(&token)
                .proxy(url.trim_end_matches('/'))
                .ratelimiter_disabled(true)
                .build();
            serenity::ClientBuilder::new_with_http(http, intents)
        }
        None => serenity::ClientBuilder::new(&token, intents),
    };
    let mut client = builder
        .framework(ops::Timed(framework, Default::default()))
        .await?;
    season_clock.spawn(client.http.clone(), move |server| {
        shards.is_none_or(|s| s.hosts(server))
    });

    // Up before the gateway connects: until it has, /healthz says so.
    let _ops_listener = match ops_listen {
        Some(addr) => {
            let health = crate::ops::Health {
                gateway: ops::gateway_probe(client.shard_manager.clone(), shards),
                ledger: health_ledger,
                leases: Some((me.clone(), lease_scopes)),
            };
            let ops = crate::ops::Ops {
                health,
                metrics: crate::ops::metrics::install(),
            };
            match crate::ops::serve(addr, ops).await {
                Ok(listener) => Some(listener),
                Err(source) => {
                    for lease in leases {
                        lease.release().await;
                    }
                    closing_ledger.close().await;
                    return Err(StartError::Ops { addr, source });
                }
            }
        }
        None => None,
    };

    let shard_manager = client.shard_manager.clone();
    let (stopping, stop) = tokio::sync::oneshot::channel::<()>();
    tokio::spawn(async move {
        wait_for_signal().await;
        // The shutdown first, the log line after: nothing a log write does
        // may keep the bot from stopping.
        shutting_down.store(true, Ordering::SeqCst);
        let _ = stopping.send(());
        tracing::info!("shutting down: no new actions, finishing writes");
        shard_manager.shutdown_all().await;
    });

    // A client that cannot reach Discord retries for ever and does not see
    // the shutdown: after a signal it gets a grace period, then is dropped.
    let result = tokio::select! {
        r = async {
            match shards {
                // serenity's range is inclusive of its end here.
                Some(s) => client.start_shard_range(s.first..s.last, s.count).await,
                None => client.start().await,
            }
        } => r,
        () = async {
            if stop.await.is_err() {
                std::future::pending::<()>().await;
            }
            tokio::time::sleep(SHUTDOWN_GRACE).await;
        } => {
            tracing::warn!("the Discord client did not stop in time; stopping without it");
            Ok(())
        }
    };
    // Every write has finished or failed by now; close the pool cleanly so
    // SQLite checkpoints its WAL.
    for lease in leases {
        lease.release().await;
    }
    closing_ledger.close().await;
    result?;
    Ok(())
}

async fn wait_for_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        let mut term = match signal(SignalKind::terminate()) {
            Ok(s) => s,
            Err(e) => {
                tracing::warn!("cannot listen for SIGTERM: {e}");
                let _ = tokio::signal::ctrl_c().await;
                return;
            }
        };
        tokio::select! {
            _ = term.recv() => {}
            _ = tokio::signal::ctrl_c() => {}
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}

async fn on_event(
    fw: poise::FrameworkContext<'_, Data, BotError>,
    event: &serenity::FullEvent,
) -> Result<(), BotError> {
    if let serenity::FullEvent::InteractionCreate { interaction } = event {
        match interaction {
            serenity::Interaction::Component(component) => {
                components::handle(fw.serenity_context, fw.user_data, component).await
            }
            serenity::Interaction::Modal(modal) => {
                components::handle_modal(fw.serenity_context, fw.user_data, modal).await
            }
            _ => {}
        }
    }
    Ok(())
}
