//! One task per table: follows the table's events and keeps Discord in step
//! with it. It owns the table message (posted once, then edited as the game
//! moves), each player's hand DM (sent on the deal, edited when the hand
//! changes; when Discord refuses the DM with error 50007 the channel is told,
//! without the hand, to use "My hand"), the result message with "Play
//! again", and the closing words. Generic over the game: everything the
//! game decides comes from its [`DiscordGame`] impl.
//!
//! Discord's rate limits ([`crate::discord::pace`]): the table message and
//! the hand DMs are drawn from the table as it is when their bucket has
//! room, never queued — events that came meanwhile are drawn in the one
//! edit, and when the bucket is full the driver draws again as it frees
//! (an edit that would have waited behind a newer one is never made).
//! What must reach the channel whatever follows — a result, a notice —
//! waits in the driver's outbox, posted in order as soon as the channel's
//! posts bucket has room (Discord counts posts apart from edits, so a
//! result never waits behind the table's edits, nor they behind it); a
//! game's last state is owed as an edit and dropped once a later state is
//! drawn. The driver goes on reading the table's events meanwhile (it
//! never sleeps on a bucket, so it does not fall behind the game). A 429
//! holds the bucket off; after [`MAX_LIMITED`] in a row the driver stops
//! trying until the table moves again.
//!
//! A channel closed to the bot mid-game — a permission taken away (50013
//! Missing Permissions, 50001 Missing Access) or the channel deleted
//! (10003 Unknown Channel) — ends the table as a stop does (the game being
//! played refunded, what finished before it paid), and its host is told
//! privately, by DM, what the bot needs there; nothing more is sent to
//! that channel. A deleted table message (10008) is posted anew.

use super::host::{Host, Replay};
use super::pictures::{self, For};
use super::{DiscordGame, Names, ResultView, TableView};
use crate::discord::ids::{Action as Click, ComponentId};
use crate::discord::ops;
use crate::discord::pace::{self, Bucket};
use crate::games::Seat;
use crate::i18n::{self, Lang};
use crate::ledger::GameMessage;
use crate::render::Scene;
use crate::table::{
    CloseReason, GameId, GameResult, Occupant, ServerId, SettleReport, TableEvent, TableHandle,
    TableOptions, UserId,
};
use poise::serenity_prelude as serenity;
use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::Arc;
use tokio::sync::broadcast::error::{RecvError, TryRecvError};
use tracing::Instrument;

/// Lines of the log the table message shows.
pub const LOG_LINES: usize = 6;
/// Discord: at most 5 buttons a row, 5 rows a message.
const BUTTONS_PER_ROW: usize = 5;
const MAX_ROWS: usize = 5;

/// Discord's JSON error code of a failed request (50007: cannot DM).
pub fn discord_code(e: &serenity::Error) -> Option<isize> {
    match e {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)) => Some(r.error.code),
        _ => None,
    }
}

/// Error 50007: the user does not accept DMs from the bot.
pub const CANNOT_DM: isize = 50007;
/// Error 10008: the message is gone (deleted by someone).
const UNKNOWN_MESSAGE: isize = 10008;
/// Error 10003: the channel is gone.
const UNKNOWN_CHANNEL: isize = 10003;
/// Errors 50001 and 50013: the bot may not see, or may not post there.
const MISSING_ACCESS: isize = 50001;
const MISSING_PERMISSIONS: isize = 50013;

/// Why the table's channel is closed to the bot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Lost {
    /// A permission was taken away (50001, 50013).
    Permissions,
    /// The channel was deleted (10003).
    Channel,
}

impl Lost {
    fn of(e: &serenity::Error) -> Option<Lost> {
        match discord_code(e)? {
            MISSING_ACCESS | MISSING_PERMISSIONS => Some(Lost::Permissions),
            UNKNOWN_CHANNEL => Some(Lost::Channel),
            _ => None,
        }
    }
}
/// 429s in a row after which a drawing is not tried again until the table
/// changes: Discord keeps answering 429 to a bot that keeps asking.
pub const MAX_LIMITED: u32 = 3;

/// Starts the driver of `handle`'s table. Subscribes before returning, so
/// no event after this call is missed.
pub fn spawn<G: DiscordGame>(
    http: Arc<serenity::Http>,
    host: Arc<Host>,
    handle: TableHandle<G>,
    server: ServerId,
    options: TableOptions,
    lang: Lang,
) {
    spawn_resumed(http, host, handle, server, options, lang, None);
}

/// A game resumed after a restart, with the messages the process before
/// posted for it (read back from the ledger).
pub struct Resumed {
    pub game: GameId,
    pub messages: Vec<GameMessage>,
}

/// [`spawn`] for a table resumed at start-up: its old hand DMs are edited
/// to the hands as they are now (not sent again), and its old table message
/// loses its controls and points to the one posted anew, so no button of
/// the process before is left working beside the new ones.
pub fn spawn_resumed<G: DiscordGame>(
    http: Arc<serenity::Http>,
    host: Arc<Host>,
    handle: TableHandle<G>,
    server: ServerId,
    options: TableOptions,
    lang: Lang,
    resumed: Option<Resumed>,
) {
    let rx = handle.subscribe();
    let driver = Driver::<G> {
        http,
        host,
        channel: serenity::ChannelId::new(handle.channel().max(1)),
        handle,
        server,
        options,
        lang,
        message: None,
        last_sent: None,
        table_picture: None,
        log: VecDeque::new(),
        deadline: None,
        game: None,
        last_view: None,
        dms: HashMap::new(),
        dm_refused: HashSet::new(),
        seats: Vec::new(),
        saved_table: None,
        resumed,
        redraw_at: None,
        limited: 0,
        outbox: VecDeque::new(),
        owed_table: None,
        lost: None,
        table_host: None,
    };
    // Every line the driver logs names its table: the guild, the channel
    // and the game kind (and the game id where one is in play).
    let span = tracing::info_span!(
        "table",
        kind = G::KIND.name(),
        guild = server,
        channel = driver.channel.get(),
    );
    tokio::spawn(driver.run(rx).instrument(span));
}

/// A player's hand DM in the current game.
struct Dm {
    channel: serenity::ChannelId,
    message: serenity::MessageId,
    text: String,
    /// The key of the hand picture the DM carries.
    picture: Option<u64>,
}

struct Driver<G: DiscordGame> {
    http: Arc<serenity::Http>,
    host: Arc<Host>,
    handle: TableHandle<G>,
    server: ServerId,
    channel: serenity::ChannelId,
    options: TableOptions,
    lang: Lang,
    /// The table message, once posted.
    message: Option<serenity::MessageId>,
    /// What the table message shows now (skips edits that change nothing).
    last_sent: Option<String>,
    /// The key of the picture the table message carries: a picture is
    /// uploaded again only when its content changed.
    table_picture: Option<u64>,
    log: VecDeque<String>,
    deadline: Option<i64>,
    game: Option<GameId>,
    last_view: Option<G::View>,
    dms: HashMap<UserId, Dm>,
    /// Players whose DMs were refused in this game (the channel was told).
    dm_refused: HashSet<UserId>,
    /// Who sits where, as last seen (the table may be gone when its result
    /// is drawn).
    seats: Vec<Occupant>,
    /// The (game, table message) last written to the ledger, so a restart
    /// finds the message (written once per game and message, not per edit).
    saved_table: Option<(GameId, serenity::MessageId)>,
    /// The resumed game's old messages, until the first drawing handles them.
    resumed: Option<Resumed>,
    /// A drawing was left out because its bucket was full (or Discord said
    /// 429): the table is drawn again at this instant, as it is then.
    redraw_at: Option<tokio::time::Instant>,
    /// 429s in a row ([`MAX_LIMITED`]).
    limited: u32,
    /// The messages the channel is owed, in order.
    outbox: VecDeque<Post>,
    /// A game's last state (the table message without controls), owed
    /// until it is drawn or a later state is.
    owed_table: Option<Owed>,
    /// The channel is closed to the bot: nothing more is sent there.
    lost: Option<Lost>,
    /// Who hosts the table, as last seen (told when the channel is lost).
    table_host: Option<UserId>,
}

/// The table message as a game ended (no controls), owed to the channel
/// until a later state is drawn.
struct Owed {
    embed: serenity::CreateEmbed,
    picture: Option<Scene>,
}

/// A message the driver posts: words, embeds and the buttons below them.
/// Each is its own message (a result keeps its own Replay button).
#[derive(Clone, Default)]
struct Post {
    content: Option<String>,
    embeds: Vec<serenity::CreateEmbed>,
    components: Vec<serenity::CreateActionRow>,
}

impl Post {
    fn embed(embed: serenity::CreateEmbed) -> Post {
        Post {
            embeds: vec![embed],
            ..Post::default()
        }
    }

    fn message(&self) -> serenity::CreateMessage {
        let mut m = serenity::CreateMessage::new()
            .embeds(self.embeds.clone())
            .components(self.components.clone())
            .allowed_mentions(serenity::CreateAllowedMentions::new());
        if let Some(c) = &self.content {
            m = m.content(c.clone());
        }
        m
    }
}

use crate::ledger::now_unix as unix_now;

impl<G: DiscordGame> Driver<G> {
    async fn run(mut self, mut rx: tokio::sync::broadcast::Receiver<TableEvent<G>>) {
        let old_table = self.adopt_resumed();
        self.refresh().await;
        if let Some(old) = old_table {
            self.retire(old).await;
        }
        loop {
            let mut batch = Vec::new();
            let redraw_at = self.redraw_at;
            let received = tokio::select! {
                r = rx.recv() => Some(r),
                () = sleep_until(redraw_at) => None,
            };
            match received {
                Some(Ok(e)) => batch.push(e),
                // Fell behind: the status tells the whole truth anyway.
                Some(Err(RecvError::Lagged(_))) => {}
                Some(Err(RecvError::Closed)) => {
                    self.close(CloseReason::Finished).await;
                    return;
                }
                // A bucket has room again: what is owed, then the table as
                // it is now.
                None => self.redraw_at = None,
            }
            // Whatever else already happened is drawn in one edit.
            loop {
                match rx.try_recv() {
                    Ok(e) => batch.push(e),
                    Err(TryRecvError::Lagged(_)) => continue,
                    Err(_) => break,
                }
            }
            let mut closed = None;
            for event in batch {
                match event {
                    TableEvent::LobbyChanged { seats, host } => {
                        self.seats = seats;
                        self.table_host = Some(host);
                    }
                    TableEvent::Started { game, seats, .. } => {
                        self.seats = seats;
                        self.started(game);
                    }
                    TableEvent::Acted {
                        seat,
                        action,
                        events,
                        actor,
                        ..
                    } => {
                        let names = Names::of(self.lang, &self.seats);
                        let mut lines =
                            G::event_lines(self.lang, &names, seat, &action, &events).into_iter();
                        if actor == crate::table::Actor::AutoPass {
                            // The pass made at once for a member who
                            // cannot beat the play reads as in the apps
                            // (要不起), in place of the pass's own line.
                            lines.next();
                            self.push_log(i18n::tr_args(
                                self.lang,
                                "table-autopassed",
                                &[("player", names.get(seat).into())],
                            ));
                        }
                        for line in lines {
                            self.push_log(line);
                        }
                    }
                    TableEvent::Turn { timeout, .. } => {
                        self.deadline = Some(unix_now() + timeout.as_secs() as i64);
                    }
                    TableEvent::Autoplay { seat, on } => {
                        if on {
                            let names = Names::of(self.lang, &self.seats);
                            let line = i18n::tr_args(
                                self.lang,
                                "table-autoplay",
                                &[("player", names.get(seat).into())],
                            );
                            self.push_log(line);
                        }
                    }
                    TableEvent::Left { user, .. } => {
                        let line = i18n::tr_args(
                            self.lang,
                            "event-left",
                            &[("player", format!("<@{user}>").into())],
                        );
                        self.push_log(line);
                    }
                    TableEvent::Settled {
                        game,
                        result,
                        report,
                        view,
                    } => self.settled(game, *result, *report, *view).await,
                    TableEvent::Trouble { message } => {
                        tracing::warn!(game = ?self.game, "table trouble: {message}");
                    }
                    TableEvent::Closed { reason } => closed = Some(reason),
                }
            }
            if let Some(reason) = closed {
                self.close(reason).await;
                return;
            }
            self.flush(Pace::WhenFree).await;
            self.refresh().await;
            // Owed a message (one the drawing itself added, a notice, or
            // one after the post just made): the loop comes back for it,
            // event or not — unless Discord keeps answering 429, when the
            // next event tries again.
            if (!self.outbox.is_empty() || self.owed_table.is_some())
                && self.redraw_at.is_none()
                && self.limited < MAX_LIMITED
            {
                self.redraw_at = Some(tokio::time::Instant::now());
            }
        }
    }

    /// Sends what the channel is owed: the outbox's posts in order, as
    /// many as the channel's posts bucket has room for ([`Pace::WhenFree`];
    /// the rest when it frees) or all of them ([`Pace::Wait`]: the table
    /// closing), then a game's last state, through the edits bucket. The
    /// two buckets are Discord's two routes: neither waits for the other.
    async fn flush(&mut self, pace: Pace) {
        let bucket = Bucket::Posts(self.channel.get());
        while let Some(post) = self.outbox.pop_front() {
            if self.lost.is_some() {
                // Nobody can read that channel any more.
                self.outbox.clear();
                return;
            }
            let Some(permit) = self.permit(bucket, pace).await else {
                self.outbox.push_front(post);
                break;
            };
            let sent = self.channel.send_message(&self.http, post.message()).await;
            drop(permit);
            match sent {
                Ok(_) => self.limited = 0,
                Err(e) if pace::rate_limited(&e) => {
                    self.rate_limited(bucket, &e);
                    self.outbox.push_front(post);
                    if pace == Pace::WhenFree || self.limited >= MAX_LIMITED {
                        break;
                    }
                }
                Err(e) if Lost::of(&e).is_some() => self.lose_channel(&e).await,
                Err(e) => {
                    tracing::warn!(game = ?self.game, "cannot post in the channel: {}", ops::counted(&e));
                }
            }
        }
        if let Some(owed) = self.owed_table.take() {
            let kept = (owed.embed.clone(), owed.picture.clone());
            if self.show(owed.embed, Vec::new(), owed.picture, pace).await == Shown::Later {
                let (embed, picture) = kept;
                self.owed_table = Some(Owed { embed, picture });
            }
        }
    }

    fn started(&mut self, game: GameId) {
        if self.game == Some(game) {
            return;
        }
        if let Some(old) = self.game {
            self.host.game_ended(old);
        }
        self.game = Some(game);
        tracing::info!(game, "game started");
        self.host.game_started(game, self.channel.get(), G::KIND);
        // New cards: every hand is new, every DM is sent afresh.
        self.dms.clear();
        self.dm_refused.clear();
        self.deadline = None;
    }

    /// Takes over the messages of a resumed game: its hand DMs become this
    /// driver's (edited, with the hands as they are now, by the first
    /// drawing); returns its old table message, to be retired once the new
    /// one is up.
    fn adopt_resumed(&mut self) -> Option<GameMessage> {
        let resumed = self.resumed.take()?;
        self.started(resumed.game);
        let mut table = None;
        for m in resumed.messages {
            match m.user {
                None => table = Some(m),
                Some(user) => {
                    self.dms.insert(
                        user,
                        Dm {
                            channel: serenity::ChannelId::new(m.channel.max(1)),
                            message: serenity::MessageId::new(m.message.max(1)),
                            // Unknown: the first drawing edits it whatever it shows.
                            text: String::new(),
                            picture: None,
                        },
                    );
                }
            }
        }
        table
    }

    /// The old table message of a resumed game: its buttons are the same
    /// game at the same version as the new message's, so they would still
    /// work beside it. It is edited to say where the game went on, with no
    /// controls and no picture.
    async fn retire(&mut self, old: GameMessage) {
        let old_id = serenity::MessageId::new(old.message.max(1));
        if self.message == Some(old_id) {
            return;
        }
        let text = match self.message {
            Some(new) => i18n::tr_args(
                self.lang,
                "table-moved-on",
                &[(
                    "link",
                    format!(
                        "https://discord.com/channels/{}/{}/{new}",
                        self.server, self.channel
                    )
                    .into(),
                )],
            ),
            None => i18n::tr(self.lang, "table-moved-on-unposted"),
        };
        let embed = serenity::CreateEmbed::new()
            .title(i18n::tr(self.lang, G::KIND.name_key()))
            .description(text);
        let edit = serenity::EditMessage::new()
            .embed(embed)
            .components(Vec::new())
            .remove_all_attachments();
        let channel = serenity::ChannelId::new(old.channel.max(1));
        let http = self.http.clone();
        let edited = self
            .host
            .pace
            .send(Bucket::Edits(channel.get()), || {
                channel.edit_message(&http, old_id, edit.clone())
            })
            .await;
        match edited {
            Ok(_) => {}
            // Deleted meanwhile: nothing is left to click.
            Err(e) if discord_code(&e) == Some(UNKNOWN_MESSAGE) => {
                ops::counted(&e);
            }
            Err(e) => {
                tracing::warn!(
                    channel = %channel,
                    "cannot retire the old table message: {}",
                    ops::counted(&e)
                )
            }
        }
    }

    /// Writes `message` of the running game to the ledger, so that the
    /// next process finds it after a restart ([`Resumed`]).
    async fn save_message(&self, user: Option<UserId>, channel: u64, message: u64) {
        let Some(game) = self.game else {
            return;
        };
        let m = GameMessage {
            user,
            channel,
            message,
        };
        if let Err(e) = self.host.tables.store().save_game_message(game, m).await {
            tracing::warn!(game, "cannot remember the message {message}: {e}");
        }
    }

    /// Remembers the table message for the running game, once per pair.
    async fn save_table_message(&mut self) {
        let (Some(game), Some(message)) = (self.game, self.message) else {
            return;
        };
        if self.saved_table == Some((game, message)) {
            return;
        }
        self.save_message(None, self.channel.get(), message.get())
            .await;
        self.saved_table = Some((game, message));
    }

    fn push_log(&mut self, line: String) {
        if line.is_empty() {
            return;
        }
        self.log.push_back(line);
        while self.log.len() > LOG_LINES {
            self.log.pop_front();
        }
    }

    /// Draws the table as it is now, and sends changed hands.
    async fn refresh(&mut self) {
        // `redraw_at` is left as it is: a post still owed (set by the
        // flush before) must not be forgotten by a drawing that changed
        // nothing.
        let Ok(status) = self.handle.status(None).await else {
            return;
        };
        self.seats = status.seats.clone();
        self.table_host = Some(status.host);
        let names = Names::of(self.lang, &status.seats);
        let Some(game) = status.game else {
            let (embed, rows) = self.lobby(&status.seats, status.host, status.stake);
            self.draw(embed, rows, None).await;
            return;
        };
        self.started(game.id);
        // The buttons are those of the first waiting human the computer is
        // not playing for: only the actions anyone may know are legal (the
        // public ones), never one that depends on the seat's hidden cards.
        let turn_user = game.waiting_on.iter().find_map(|&s| {
            let user = status.seats.get(s)?.user()?;
            (!game.autoplay.get(s).copied().unwrap_or(false)).then_some(user)
        });
        let mut legal = Vec::new();
        if let Some(user) = turn_user {
            if let Ok(s) = self.handle.status(Some(user)).await {
                if let Some(g) = s.game.filter(|g| g.version == game.version) {
                    legal = g.public_legal;
                }
            }
        }
        // The deadline a Turn event gave; before one came (a table resumed
        // after a restart, whose Started and Turn went out before this
        // driver listened, or a new game's first drawing) the table's own
        // clock says it.
        if self.deadline.is_none() && turn_user.is_some() {
            self.deadline = game
                .turn_left
                .map(|left| unix_now() + left.as_secs_f64().round() as i64);
        }
        let log: Vec<String> = self.log.iter().cloned().collect();
        let tv = TableView::<G> {
            lang: self.lang,
            game: game.id,
            version: game.version,
            stake: status.stake,
            names: &names,
            view: &game.view,
            deadline: turn_user.and(self.deadline),
            log: &log,
            autoplay: &game.autoplay,
        };
        // Drawn from the public view only: the picture cannot show a hidden card.
        let drawn_names =
            names.for_picture(&status.seats, |u| self.host.display_name(self.server, u));
        let scene = G::table_scene(&game.view).map(|s| s.name_seats(self.lang, drawn_names));
        let (embed, rows) = table_message(&tv, &legal);
        let embed = super::fair::with_commitment(embed, self.lang, game.commitment.as_ref());
        self.last_view = Some(game.view.clone());
        self.draw(embed, rows, scene).await;
        self.save_table_message().await;
        self.send_hands(&status.seats, game.id).await;
    }

    fn lobby(
        &self,
        seats: &[Occupant],
        host: UserId,
        stake: i64,
    ) -> (serenity::CreateEmbed, Vec<serenity::CreateActionRow>) {
        let lang = self.lang;
        let rules: G::Rules =
            serde_json::from_value(self.options.rules.clone()).unwrap_or_default();
        let range = G::seat_range(&rules);
        let names = Names::of(lang, seats);
        let mut lines = vec![i18n::tr_args(
            lang,
            "table-host",
            &[("player", format!("<@{host}>").into())],
        )];
        for seat in 0..(*range.end()).max(seats.len()) {
            let who = if seat < seats.len() {
                names.get(seat)
            } else {
                i18n::tr(lang, "table-seat-empty")
            };
            lines.push(format!("{}. {who}", seat + 1));
        }
        lines.push(String::new());
        // What a seat must hold: joins below it are refused.
        lines.push(i18n::tr_args(
            lang,
            "lobby-min-balance",
            &[("chips", G::min_balance(&rules, stake).max(1).into())],
        ));
        lines.push(i18n::tr_args(
            lang,
            G::LOBBY_HINT_KEY,
            &[
                ("min", (*range.start() as i64).into()),
                ("max", (*range.end() as i64).into()),
            ],
        ));
        let embed = serenity::CreateEmbed::new()
            .title(G::lobby_title(lang, &rules, stake))
            .description(lines.join("\n"));
        let table = self.channel.get();
        let button = |a: Click, key: &str, style| {
            serenity::CreateButton::new(ComponentId::new(a, table, 0).encode())
                .label(i18n::tr(lang, key))
                .style(style)
        };
        use serenity::ButtonStyle::{Danger, Primary, Secondary, Success};
        let rows = vec![serenity::CreateActionRow::Buttons(vec![
            button(Click::Join, "btn-join", Primary),
            button(Click::Leave, "btn-leave", Secondary),
            button(Click::AddAi, "btn-add-ai", Secondary),
            button(Click::Start, "btn-start", Success),
            button(Click::Cancel, "btn-cancel", Danger),
        ])];
        (embed, rows)
    }

    /// Posts the table message, or edits it if it changed: the table's
    /// picture (`picture`, drawn from the public view) on top as the
    /// message's attachment, the embed with its words below it. The picture
    /// is drawn and uploaded only when it differs from the one the message
    /// carries; an edit that leaves it out of the request keeps it, as
    /// Discord keeps the attachments of an edit without an `attachments`
    /// list (and an embed that named it as `attachment://` would have to be
    /// re-uploaded or shown twice, discord-api-docs#5675). `pace`: whether
    /// it waits for the channel's rate-limit bucket or, full, is drawn
    /// again when it frees.
    async fn show(
        &mut self,
        embed: serenity::CreateEmbed,
        rows: Vec<serenity::CreateActionRow>,
        picture: Option<Scene>,
        pace: Pace,
    ) -> Shown {
        let key = picture.as_ref().map(Scene::key);
        let fingerprint = serde_json::json!([&embed, &rows, key]).to_string();
        if self.last_sent.as_deref() == Some(fingerprint.as_str()) {
            return Shown::Done;
        }
        if self.lost.is_some() {
            return Shown::Failed;
        }
        let edits = Bucket::Edits(self.channel.get());
        let posts = Bucket::Posts(self.channel.get());
        if let Some(id) = self.message {
            let Some(permit) = self.permit(edits, pace).await else {
                return Shown::Later;
            };
            let mut edit = serenity::EditMessage::new()
                .embed(embed.clone())
                .components(rows.clone());
            if key != self.table_picture {
                edit = match &picture {
                    Some(scene) => {
                        edit.new_attachment(pictures::attachment(scene, "table", For::Table).await)
                    }
                    None => edit.remove_all_attachments(),
                };
            }
            let edited = self.channel.edit_message(&self.http, id, edit).await;
            drop(permit);
            match edited {
                Ok(_) => {
                    self.last_sent = Some(fingerprint);
                    self.table_picture = key;
                    self.limited = 0;
                    return Shown::Done;
                }
                Err(e) if pace::rate_limited(&e) => {
                    self.rate_limited(edits, &e);
                    return Shown::Later;
                }
                Err(e) if discord_code(&e) == Some(UNKNOWN_MESSAGE) => {
                    // Someone deleted it: post it again below (now or,
                    // the posts bucket full, when it frees).
                    ops::counted(&e);
                    self.message = None;
                }
                Err(e) if Lost::of(&e).is_some() => {
                    self.lose_channel(&e).await;
                    return Shown::Failed;
                }
                Err(e) => {
                    tracing::warn!(
                        game = ?self.game,
                        "cannot edit the table message: {}",
                        ops::counted(&e)
                    );
                    return Shown::Failed;
                }
            }
        }
        let Some(permit) = self.permit(posts, pace).await else {
            return Shown::Later;
        };
        let mut post = serenity::CreateMessage::new()
            .embed(embed)
            .components(rows)
            .allowed_mentions(serenity::CreateAllowedMentions::new());
        if let Some(scene) = &picture {
            post = post.add_file(pictures::attachment(scene, "table", For::Table).await);
        }
        let posted = self.channel.send_message(&self.http, post).await;
        drop(permit);
        match posted {
            Ok(m) => {
                self.message = Some(m.id);
                self.last_sent = Some(fingerprint);
                self.table_picture = key;
                self.limited = 0;
                Shown::Done
            }
            Err(e) if pace::rate_limited(&e) => {
                self.rate_limited(posts, &e);
                Shown::Later
            }
            Err(e) if Lost::of(&e).is_some() => {
                self.lose_channel(&e).await;
                Shown::Failed
            }
            Err(e) => {
                tracing::warn!(
                    game = ?self.game,
                    "cannot post the table message: {}",
                    ops::counted(&e)
                );
                Shown::Failed
            }
        }
    }

    /// Draws the table as it is now, when the bucket has room: a game's
    /// last state still owed is then out of date, and dropped.
    async fn draw(
        &mut self,
        embed: serenity::CreateEmbed,
        rows: Vec<serenity::CreateActionRow>,
        picture: Option<Scene>,
    ) {
        if self.show(embed, rows, picture, Pace::WhenFree).await == Shown::Done {
            self.owed_table = None;
        }
    }

    /// A slot in `bucket` for a request: now or, waiting, when one frees
    /// ([`Pace::Wait`]); or none now, and the table is drawn again when
    /// one frees ([`Pace::WhenFree`]).
    async fn permit(&mut self, bucket: Bucket, pace: Pace) -> Option<pace::Permit> {
        match pace {
            Pace::Wait => Some(self.host.pace.take(bucket).await),
            Pace::WhenFree => match self.host.pace.try_take(bucket) {
                Ok(p) => Some(p),
                Err(at) => {
                    self.later(at);
                    None
                }
            },
        }
    }

    /// Draws the table again at `at` (the earliest asked for wins).
    fn later(&mut self, at: tokio::time::Instant) {
        self.redraw_at = Some(self.redraw_at.map_or(at, |r| r.min(at)));
    }

    /// The channel refused the bot for good (`e`: 50001, 50013 or 10003):
    /// the table is stopped as a stop does (the game being played called
    /// off, its stakes returned), its host is told by DM what the bot
    /// needs there, and nothing more is sent to the channel. Once.
    async fn lose_channel(&mut self, e: &serenity::Error) {
        let Some(lost) = Lost::of(e) else {
            return;
        };
        if self.lost.is_some() {
            return;
        }
        self.lost = Some(lost);
        self.outbox.clear();
        self.owed_table = None;
        self.redraw_at = None;
        tracing::warn!(
            game = ?self.game,
            "the table's channel is closed to the bot ({}); stopping the table",
            ops::counted(e)
        );
        let Some(host) = self
            .table_host
            .or_else(|| self.seats.iter().find_map(|o| o.user()))
        else {
            return;
        };
        let why = match lost {
            Lost::Permissions => "the bot lost its permissions in the channel",
            Lost::Channel => "the channel was deleted",
        };
        if let Err(err) = self.handle.admin_cancel(host, why).await {
            // Already closed (its last words were what failed): nothing
            // is left to refund.
            tracing::debug!(game = ?self.game, "stopping the lost table: {err}");
        }
        let lang = self.host.lang_of(host);
        let game = i18n::tr(lang, G::KIND.name_key());
        let channel = format!("<#{}>", self.channel);
        let text = match lost {
            Lost::Permissions => {
                let keys = self
                    .host
                    .permissions_in(self.channel.get())
                    .map(crate::discord::perms::missing)
                    .filter(|m| !m.is_empty())
                    .unwrap_or_else(crate::discord::perms::needed);
                i18n::tr_args(
                    lang,
                    "table-lost-permissions",
                    &[
                        ("game", game.into()),
                        ("channel", channel.into()),
                        (
                            "permissions",
                            crate::discord::perms::words(lang, &keys).into(),
                        ),
                    ],
                )
            }
            Lost::Channel => i18n::tr_args(
                lang,
                "table-lost-channel",
                &[("game", game.into()), ("channel", channel.into())],
            ),
        };
        let told = async {
            let dm = self.dm_channel(host, true).await?;
            let http = self.http.clone();
            self.host
                .pace
                .send(Bucket::Posts(dm.get()), || {
                    dm.send_message(&http, serenity::CreateMessage::new().content(text.clone()))
                })
                .await
        }
        .await;
        if let Err(e) = told {
            tracing::warn!(
                host,
                "cannot tell the host the table was lost: {}",
                ops::counted(&e)
            );
        }
    }

    /// Discord answered 429 on `bucket` although the bot kept to its
    /// limit (another process writes there too): the bucket is held off,
    /// and the table drawn again after it, up to [`MAX_LIMITED`] times in
    /// a row.
    fn rate_limited(&mut self, bucket: Bucket, e: &serenity::Error) {
        ops::counted(e);
        let until = self.host.pace.hold_off(bucket);
        self.limited += 1;
        if self.limited < MAX_LIMITED {
            tracing::debug!(game = ?self.game, ?bucket, "rate limited; drawing again later");
            self.later(until);
        } else {
            tracing::warn!(
                game = ?self.game,
                ?bucket,
                "rate limited {} times in a row; waiting for the table to move",
                self.limited
            );
        }
    }

    /// Sends each human whose hand changed their hand by DM.
    async fn send_hands(&mut self, seats: &[Occupant], game: GameId) {
        for occupant in seats {
            let Some(user) = occupant.user() else {
                continue;
            };
            if self.dm_refused.contains(&user) {
                continue;
            }
            let Ok(status) = self.handle.status(Some(user)).await else {
                return;
            };
            let Some(g) = status.game.filter(|g| g.id == game) else {
                return;
            };
            let lang = self.host.lang_of(user);
            let Some(hand) = G::hand_text(lang, &g.view) else {
                continue;
            };
            let scene = G::hand_scene(&g.view);
            let text = dm_text::<G>(lang, self.channel.get(), &hand);
            // The words go in an embed so that they show below the picture
            // (a message's own text always shows above its attachments).
            let key = scene.as_ref().map(Scene::key);
            if self
                .dms
                .get(&user)
                .is_some_and(|d| d.text == text && d.picture == key)
            {
                continue;
            }
            self.send_dm(user, text, scene).await;
        }
    }

    /// Sends (or edits) the hand DM: the hand's picture when the game draws
    /// one, its text below it (in an embed, [`words_below`]); the picture is
    /// uploaded only when it changed, and an edit that leaves the
    /// attachments out keeps it.
    async fn send_dm(&mut self, user: UserId, text: String, scene: Option<Scene>) {
        let key = scene.as_ref().map(Scene::key);
        if let Some((channel, message, picture)) = self
            .dms
            .get(&user)
            .map(|d| (d.channel, d.message, d.picture))
        {
            let bucket = Bucket::Edits(channel.get());
            let Some(permit) = self.permit(bucket, Pace::WhenFree).await else {
                return;
            };
            let mut edit = serenity::EditMessage::new().embed(words_below(&text));
            if picture != key {
                edit = match &scene {
                    Some(scene) => {
                        edit.new_attachment(pictures::attachment(scene, "hand", For::Table).await)
                    }
                    None => edit.remove_all_attachments(),
                };
            }
            let edited = channel.edit_message(&self.http, message, edit).await;
            drop(permit);
            match edited {
                Ok(_) => {
                    if let Some(dm) = self.dms.get_mut(&user) {
                        dm.text = text;
                        dm.picture = key;
                    }
                    self.limited = 0;
                    return;
                }
                Err(e) if pace::rate_limited(&e) => {
                    self.rate_limited(bucket, &e);
                    return;
                }
                Err(e) => tracing::debug!(
                    user,
                    "editing the hand DM failed ({}); sending anew",
                    ops::counted(&e)
                ),
            }
        }
        let channel = match self.dm_channel(user, false).await {
            Ok(c) => c,
            Err(e) if pace::rate_limited(&e) => {
                self.rate_limited(Bucket::OpenDm, &e);
                return;
            }
            Err(e) => return self.dm_refused(user, &e),
        };
        let bucket = Bucket::Posts(channel.get());
        let Some(permit) = self.permit(bucket, Pace::WhenFree).await else {
            return;
        };
        let mut message = serenity::CreateMessage::new().embed(words_below(&text));
        if let Some(scene) = &scene {
            message = message.add_file(pictures::attachment(scene, "hand", For::Table).await);
        }
        let sent = channel.send_message(&self.http, message).await;
        drop(permit);
        match sent {
            Ok(m) => {
                self.limited = 0;
                self.save_message(Some(user), channel.get(), m.id.get())
                    .await;
                self.dms.insert(
                    user,
                    Dm {
                        channel,
                        message: m.id,
                        text,
                        picture: key,
                    },
                );
            }
            Err(e) if pace::rate_limited(&e) => self.rate_limited(bucket, &e),
            Err(e) => self.dm_refused(user, &e),
        }
    }

    /// `user`'s DM channel: opened once a process (Discord keeps one per
    /// member and bot), then remembered by the host. `patient`: a 429 is
    /// waited out a few times ([`pace::Pacer::send`]), for a message that
    /// has no later chance (the host told the table is gone); otherwise it
    /// is returned at once, so that a hand DM never holds the table up —
    /// the hand goes at the table's next drawing.
    async fn dm_channel(
        &mut self,
        user: UserId,
        patient: bool,
    ) -> Result<serenity::ChannelId, serenity::Error> {
        if let Some(channel) = self.host.dm_channel(user) {
            return Ok(channel);
        }
        let http = self.http.clone();
        let member = serenity::UserId::new(user.max(1));
        let open = || member.create_dm_channel(&http);
        let channel = if patient {
            self.host.pace.send(Bucket::OpenDm, open).await?
        } else {
            self.host.pace.send_once(Bucket::OpenDm, open).await?
        };
        self.host.remember_dm_channel(user, channel.id);
        Ok(channel.id)
    }

    /// Discord refused `user`'s hand DM: they must use "My hand", and the
    /// channel is told once (without the hand), through the outbox.
    fn dm_refused(&mut self, user: UserId, e: &serenity::Error) {
        ops::counted(e);
        if discord_code(e) != Some(CANNOT_DM) {
            tracing::warn!(user, game = ?self.game, "cannot send the hand DM: {e}");
        }
        self.dm_refused.insert(user);
        let notice = i18n::tr_args(
            self.lang,
            "event-dm-closed",
            &[("player", format!("<@{user}>").into())],
        );
        self.outbox.push_back(Post {
            content: Some(notice),
            ..Post::default()
        });
    }
    /// The game is over: the table message shows the end (no buttons) and
    /// the result is posted with "Play again". `view` is the finished game,
    /// sent with the event because the table may already be gone.
    async fn settled(
        &mut self,
        game: GameId,
        result: GameResult<G>,
        report: SettleReport,
        view: G::View,
    ) {
        tracing::info!(game, paid = ?report.paid, "game settled");
        let mut stake = self.options.stake;
        if let Ok(status) = self.handle.status(None).await {
            self.seats = status.seats;
            stake = status.stake;
        }
        self.last_view = Some(view);
        let names = Names::of(self.lang, &self.seats);
        if let Some(view) = self.last_view.clone() {
            let log: Vec<String> = self.log.iter().cloned().collect();
            let autoplay = vec![false; self.seats.len()];
            let tv = TableView::<G> {
                lang: self.lang,
                game,
                version: 0,
                stake,
                names: &names,
                view: &view,
                deadline: None,
                log: &log,
                autoplay: &autoplay,
            };
            // Owed to the channel until a later state is drawn (this
            // game's last state, still unsent, is dropped then).
            let embed = G::table_embed(&tv);
            let drawn_names =
                names.for_picture(&self.seats, |u| self.host.display_name(self.server, u));
            let picture = G::table_scene(&view).map(|s| s.name_seats(self.lang, drawn_names));
            self.owed_table = Some(Owed { embed, picture });
        }
        let rv = ResultView::<G> {
            lang: self.lang,
            game,
            stake,
            names: &names,
            last_view: self.last_view.as_ref(),
            result: &result,
            report: &report,
        };
        let Some(mut embed) = G::result_embed(&rv) else {
            return;
        };
        // Each seat's rating change, or why the game was not rated.
        if let Some((title, text)) = report.ratings.as_ref().and_then(|r| {
            let config = self.host.tables.store().ratings_config();
            crate::discord::ratings::result_field(self.lang, r, config)
        }) {
            embed = embed.field(title, text, false);
        }
        let embed = super::fair::with_reveal(embed, self.lang, result.fair.as_ref());
        let again_key = G::again_button(&rv);
        let rules: G::Rules =
            serde_json::from_value(self.options.rules.clone()).unwrap_or_default();
        let Some(again_key) = again_key.filter(|_| !G::plays_on(&rules)) else {
            // The next game follows at this table by itself: no "Play again".
            self.outbox.push_back(Post {
                components: vec![serenity::CreateActionRow::Buttons(vec![
                    crate::discord::replay::button(self.lang, game),
                ])],
                ..Post::embed(embed)
            });
            return;
        };
        // Remembered before the button is shown, so its first click works.
        self.host.remember_replay(
            game,
            Replay {
                kind: G::KIND,
                server: self.server,
                channel: self.channel.get(),
                options: TableOptions {
                    seed: None,
                    ..self.options.clone()
                },
            },
        );
        let again = serenity::CreateButton::new(
            ComponentId::new(Click::PlayAgain, game as u64, 0).encode(),
        )
        .label(i18n::tr(self.lang, again_key))
        .style(serenity::ButtonStyle::Primary);
        self.outbox.push_back(Post {
            components: vec![serenity::CreateActionRow::Buttons(vec![
                again,
                crate::discord::replay::button(self.lang, game),
            ])],
            ..Post::embed(embed)
        });
    }

    async fn close(&mut self, reason: CloseReason) {
        if let Some(game) = self.game {
            self.host.game_ended(game);
        }
        // Everything owed is sent before the closing words (the driver
        // ends here, so it may wait for the bucket).
        self.flush(Pace::Wait).await;
        if self.lost.is_some() {
            // The host was told by DM; the channel hears nothing more.
            return;
        }
        let words = match &reason {
            CloseReason::Finished => return,
            CloseReason::Cancelled => i18n::tr(self.lang, "table-cancelled"),
            CloseReason::Stopped { by } => i18n::tr_args(
                self.lang,
                "table-closed-stopped",
                &[("by", format!("<@{by}>").into())],
            ),
            CloseReason::ShortOfChips {
                user,
                balance,
                needed,
            } => i18n::tr_args(
                self.lang,
                "table-closed-short",
                &[
                    ("player", format!("<@{user}>").into()),
                    ("balance", (*balance).into()),
                    ("needed", (*needed).into()),
                ],
            ),
            CloseReason::LobbyIdle => i18n::tr(self.lang, "table-closed-idle"),
            CloseReason::OnlyAi => i18n::tr(self.lang, "table-closed-empty"),
            CloseReason::Broken(why) => {
                tracing::error!(game = ?self.game, "table broke: {why}");
                i18n::tr(self.lang, "table-closed-broken")
            }
        };
        let embed = serenity::CreateEmbed::new()
            .title(i18n::tr(self.lang, G::KIND.name_key()))
            .description(words);
        self.show(embed, Vec::new(), None, Pace::Wait).await;
    }
}

/// What became of a drawing of the table message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shown {
    /// It shows (or already showed) that.
    Done,
    /// Not now: its bucket was full (the driver draws again when it frees).
    Later,
    /// Discord refused it (logged).
    Failed,
}

/// How a drawing waits for its bucket ([`crate::discord::pace`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pace {
    /// Not at all: with the bucket full, the table is drawn again, as it
    /// is then, when it frees. For the table message and hand DMs, which
    /// only ever need to show the latest state.
    WhenFree,
    /// Until the bucket frees: for what must be sent whatever comes after
    /// (a game's last state, its result, the closing words, a notice).
    Wait,
}

/// Sleeps until `at`; never, without one.
async fn sleep_until(at: Option<tokio::time::Instant>) {
    match at {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}

/// The table message of a running game: the game's embed and, below it,
/// the buttons of the seat to act (`legal`: its public actions) and "My
/// hand", in rows of five (at most 24 of the game's buttons).
pub fn table_message<G: DiscordGame>(
    tv: &TableView<'_, G>,
    legal: &[G::Action],
) -> (serenity::CreateEmbed, Vec<serenity::CreateActionRow>) {
    let mut embed = G::table_embed(tv);
    // Who is on 托管, for every game (the apps show it at the seat).
    let on_autoplay: Vec<String> = (0..tv.autoplay.len())
        .filter(|&s| tv.autoplay[s])
        .map(|s| tv.names.get(s))
        .collect();
    if !on_autoplay.is_empty() {
        embed = embed.field(
            i18n::tr(tv.lang, "table-autoplay-title"),
            i18n::tr_args(
                tv.lang,
                "table-autoplay-seats",
                &[("players", i18n::list(tv.lang, &on_autoplay).into())],
            ),
            false,
        );
    }
    let mut buttons = G::table_buttons(tv, legal);
    let own = if G::offers_autoplay() { 2 } else { 1 };
    buttons.truncate(BUTTONS_PER_ROW * MAX_ROWS - own);
    buttons.push(
        serenity::CreateButton::new(tv.id(Click::MyHand))
            .label(i18n::tr(tv.lang, "btn-my-hand"))
            .style(serenity::ButtonStyle::Success),
    );
    if G::offers_autoplay() {
        // A switch: on for a seat not on 托管, off for one that is.
        buttons.push(
            serenity::CreateButton::new(tv.id(Click::Auto))
                .label(i18n::tr(tv.lang, "btn-autoplay"))
                .style(serenity::ButtonStyle::Secondary),
        );
    }
    (embed, rows_of(buttons))
}

/// The text of a member's hand DM: where the game is, then the hand.
pub fn dm_text<G: DiscordGame>(lang: Lang, channel: u64, hand: &str) -> String {
    format!(
        "{}\n{hand}",
        i18n::tr_args(
            lang,
            "dm-hand-title",
            &[
                ("game", i18n::tr(lang, G::KIND.name_key()).into()),
                ("channel", format!("<#{channel}>").into())
            ]
        )
    )
}

/// A private message's words as an embed: Discord shows a message's
/// attachments (the picture) above its embeds but below its own text, so
/// words meant to sit under the picture, for search and screen readers,
/// go in an embed.
pub fn words_below(text: &str) -> serenity::CreateEmbed {
    serenity::CreateEmbed::new().description(text)
}

/// Buttons in rows of five (at most five rows).
pub fn rows_of(buttons: Vec<serenity::CreateButton>) -> Vec<serenity::CreateActionRow> {
    buttons
        .chunks(BUTTONS_PER_ROW)
        .take(MAX_ROWS)
        .map(|row| serenity::CreateActionRow::Buttons(row.to_vec()))
        .collect()
}

/// The seat of `user` among `seats`.
pub fn seat_of(seats: &[Occupant], user: UserId) -> Option<Seat> {
    seats.iter().position(|o| *o == Occupant::Human(user))
}
