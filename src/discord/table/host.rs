//! The bot's tables: one [`Tables`] registry for every game, and what the
//! Discord side remembers around it (each member's language, the channel of
//! each running game, what "Play again" reopens, each member's DM channel)
//! and the one [`Pacer`] every table's writes go through. Only synchronous
//! map operations; nothing here is held across an `.await`.

use super::driver;
use super::DiscordGame;
use crate::discord::pace::Pacer;
use crate::games::GameKind;
use crate::i18n::Lang;
use crate::ledger::Ledger;
use crate::table::{
    ChannelId, GameId, JoinArgs, ServerId, TableConfig, TableError, TableHandle, TableOptions,
    Tables, UserId,
};
use dashmap::DashMap;
use poise::serenity_prelude as serenity;
use std::sync::Arc;

/// A finished game's table, as "Play again" reopens it.
#[derive(Clone, Debug)]
pub struct Replay {
    pub kind: GameKind,
    pub server: ServerId,
    pub channel: ChannelId,
    pub options: TableOptions,
}

/// Shared by every command, click and driver.
pub struct Host {
    pub tables: Tables<Ledger>,
    /// The language each member last used with the bot (for their DMs).
    langs: DashMap<UserId, Lang>,
    pub default_lang: Lang,
    /// Which channel each running game is in (clicks from DMs find it here).
    games: DashMap<GameId, (ChannelId, GameKind)>,
    /// Finished games whose "Play again" is still good.
    replays: DashMap<GameId, Replay>,
    /// Each member's DM channel with the bot, once opened: Discord keeps
    /// the one channel, so it is opened once a process, not once a deal.
    dm_channels: DashMap<UserId, serenity::ChannelId>,
    /// Discord's rate limits, kept by every table's writes.
    pub pace: Pacer,
    /// The bot's permissions in each channel, as the latest interaction
    /// there said ([`crate::discord::perms`]).
    channel_perms: DashMap<ChannelId, serenity::Permissions>,
    /// Each member's display name in each server (nickname, else global
    /// name, else user name), as their latest interaction there gave it:
    /// what the table pictures write on their seat.
    display_names: DashMap<(ServerId, UserId), String>,
}

impl Host {
    pub fn new(ledger: Ledger, config: TableConfig, default_lang: Lang) -> Host {
        Host {
            tables: Tables::new(Arc::new(ledger), config),
            langs: DashMap::new(),
            default_lang,
            games: DashMap::new(),
            replays: DashMap::new(),
            dm_channels: DashMap::new(),
            pace: Pacer::new(),
            channel_perms: DashMap::new(),
            display_names: DashMap::new(),
        }
    }

    /// The bot's permissions in `channel`, from an interaction made there.
    pub fn saw_permissions(&self, channel: ChannelId, perms: serenity::Permissions) {
        self.channel_perms.insert(channel, perms);
    }

    /// The bot's permissions in `channel` as last seen, if any were.
    pub fn permissions_in(&self, channel: ChannelId) -> Option<serenity::Permissions> {
        self.channel_perms.get(&channel).map(|p| *p)
    }

    /// `user`'s DM channel, if this process opened it.
    pub fn dm_channel(&self, user: UserId) -> Option<serenity::ChannelId> {
        self.dm_channels.get(&user).map(|c| *c)
    }

    pub(super) fn remember_dm_channel(&self, user: UserId, channel: serenity::ChannelId) {
        self.dm_channels.insert(user, channel);
    }

    /// Remembers `user`'s language (from their latest interaction).
    pub fn saw(&self, user: UserId, lang: Lang) {
        self.langs.insert(user, lang);
    }

    /// Remembers the name `user` goes by in `server`, from an interaction
    /// made there (a member's nickname, else their display name).
    pub fn saw_name(&self, server: ServerId, user: UserId, name: &str) {
        let name = name.trim();
        if name.is_empty() {
            return;
        }
        let key = (server, user);
        if self.display_names.get(&key).is_some_and(|n| *n == name) {
            return;
        }
        self.display_names.insert(key, name.to_string());
    }

    /// The name `user` was last seen going by in `server`, if any.
    pub fn display_name(&self, server: ServerId, user: UserId) -> Option<String> {
        self.display_names.get(&(server, user)).map(|n| n.clone())
    }

    /// The language to write to `user` in, without an interaction at hand.
    pub fn lang_of(&self, user: UserId) -> Lang {
        self.langs
            .get(&user)
            .map(|l| *l)
            .unwrap_or(self.default_lang)
    }

    pub(super) fn game_started(&self, game: GameId, channel: ChannelId, kind: GameKind) {
        self.games.insert(game, (channel, kind));
    }

    pub(super) fn game_ended(&self, game: GameId) {
        self.games.remove(&game);
    }

    /// The channel and kind of a running game.
    pub fn game(&self, game: GameId) -> Option<(ChannelId, GameKind)> {
        self.games.get(&game).map(|e| *e)
    }

    pub(super) fn remember_replay(&self, game: GameId, replay: Replay) {
        // A long-running bot forgets old tables' "Play again" rather than
        // growing without end.
        if self.replays.len() > 10_000 {
            self.replays.clear();
        }
        self.replays.insert(game, replay);
    }

    pub fn replay(&self, game: GameId) -> Option<Replay> {
        self.replays.get(&game).map(|r| r.clone())
    }

    /// Opens a table of `G` in `channel` and starts its driver, which posts
    /// the table message in `lang`. The host brings `host_join.0` (a buy-in,
    /// or the default for games without one), checked against the host's
    /// balance `host_join.1`.
    #[allow(clippy::too_many_arguments)]
    pub fn open_with<G: DiscordGame>(
        self: &Arc<Self>,
        http: Arc<serenity::Http>,
        server: ServerId,
        channel: ChannelId,
        host_user: UserId,
        options: TableOptions,
        host_join: (JoinArgs, i64),
        lang: Lang,
    ) -> Result<TableHandle<G>, TableError> {
        // Kept with the game, so the table speaks the same after a restart
        // (and a "Play again" speaks its new opener's language).
        let options = TableOptions {
            lang: Some(lang.code().to_string()),
            ..options
        };
        let handle = self.tables.open_with::<G>(
            server,
            channel,
            host_user,
            options.clone(),
            host_join.0,
            host_join.1,
        )?;
        driver::spawn(http, self.clone(), handle.clone(), server, options, lang);
        Ok(handle)
    }

    /// At start-up: resumes every unfinished game of the servers `hosts`
    /// accepts (a sharded process: its shards' guilds) and re-posts the
    /// table message of each in its channel; the old table message loses its
    /// controls and the old hand DMs are edited to the hands as they are now
    /// ([`driver::spawn_resumed`]). Returns how many run again.
    pub async fn resume_all(
        self: &Arc<Self>,
        http: Arc<serenity::Http>,
        hosts: impl Fn(u64) -> bool,
    ) -> usize {
        let stored = match self.tables.store().unfinished_games().await {
            Ok(s) => s,
            Err(e) => {
                tracing::error!("cannot list unfinished games: {e}");
                return 0;
            }
        };
        let report = match self.tables.resume_where(|g| hosts(g.server)).await {
            Ok(r) => r,
            Err(e) => {
                tracing::error!("resuming games failed: {e}");
                return 0;
            }
        };
        for (id, why) in &report.cancelled {
            tracing::warn!(game = id, "not resumed, stakes released: {why}");
        }
        let mut n = 0;
        for id in &report.resumed {
            let Some(game) = stored.iter().find(|g| g.id == *id) else {
                continue;
            };
            let Some(kind) = GameKind::from_name(&game.kind) else {
                continue;
            };
            let options: TableOptions = match serde_json::from_value(game.options.clone()) {
                Ok(o) => o,
                Err(_) => TableOptions::new(game.stake),
            };
            let lang = options
                .lang
                .as_deref()
                .and_then(Lang::from_code)
                .unwrap_or(self.default_lang);
            // What the process before posted for it: retired or taken over
            // by the driver, so no old button keeps working.
            let messages = match self.tables.store().game_messages(game.id).await {
                Ok(m) => m,
                Err(e) => {
                    tracing::warn!(game = id, "cannot read the game's old messages: {e}");
                    Vec::new()
                }
            };
            let resumed = driver::Resumed {
                game: game.id,
                messages,
            };
            let started = crate::games::with_game!(kind, G => {
                match self.tables.get::<G>(game.channel) {
                    Some(handle) => {
                        driver::spawn_resumed(
                            http.clone(),
                            self.clone(),
                            handle,
                            game.server,
                            options,
                            lang,
                            Some(resumed),
                        );
                        true
                    }
                    None => false,
                }
            });
            if started {
                n += 1;
                tracing::info!(game = id, channel = game.channel, "resumed");
            }
        }
        n
    }
}
