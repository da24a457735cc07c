//! Clicks on table controls, for every game: the lobby's Join, Leave, Add
//! AI, Start and Cancel; "My hand" and the hand view's controls; the game's
//! buttons on the table message; and "Play again".
//!
//! Ids carry the game and its version: a click made against any other
//! version is refused privately as stale (only "My hand" is drawn from the
//! game as it is now). The table refuses a seat that is not to act with its
//! own polite, private words. Every click is answered at once when its
//! answer is ready within a small budget (`discord.defer_after_ms`, tens
//! of milliseconds); otherwise it is acknowledged first and the answer
//! follows as an edit, well within Discord's 3 seconds. Pictures are drawn
//! off the async workers, and only when the message does not show them.
//!
//! A game control may open a modal (a form, e.g. Chexuan's "Raise…"): the
//! modal must be the first answer to the click, and its submission comes
//! back as a modal interaction ([`submit`]) whose id carries the table and
//! version like any component's, checked the same way.

use super::driver::words_below;
use super::host::Host;
use super::pictures;
use super::{ClickIntent, Control, DiscordGame, HandView};
use crate::discord::errors::{fit_content, BotError};
use crate::discord::ids::{Action as Click, ComponentId};
use crate::discord::views::LostViews;
use crate::discord::{ops, Data};
use crate::games::GameKind;
use crate::i18n::{self, Lang};
use crate::render::Scene;
use crate::table::{ChannelId, Fault, GameId, TableError, UserId};
use poise::serenity_prelude as serenity;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

impl From<TableError> for BotError {
    fn from(e: TableError) -> BotError {
        match e {
            // Typed: a failure of the store is ours, logged and answered
            // with the internal-error words (a key test missed every one).
            TableError::Store(s) if s.fault == Fault::Internal => {
                BotError::Internal(anyhow::anyhow!(s.message))
            }
            TableError::Unresumable(..) => BotError::Internal(anyhow::Error::new(e)),
            e => BotError::User {
                key: e.key(),
                args: e.args(),
            },
        }
    }
}

/// How a click is answered.
pub enum Answer {
    /// Acknowledged with no reply of its own: the table message changes.
    Ack,
    /// A private reply.
    Private(String, Vec<serenity::CreateActionRow>),
    /// The message clicked on (a private hand view) is redrawn, keeping
    /// the picture it carries.
    Update(String, Vec<serenity::CreateActionRow>),
    /// The private hand view, with its picture when the game draws one
    /// (drawn only if the message does not show it already): a new private
    /// message, or (`update`) the one clicked on redrawn.
    Hand {
        text: String,
        rows: Vec<serenity::CreateActionRow>,
        picture: Option<Scene>,
        update: bool,
    },
    /// A modal (form) opens; only possible as the first answer.
    Modal(serenity::CreateModal),
}

/// An answer ready to send: its picture drawn, or known to be kept.
enum Ready {
    Ack,
    Private(String, Vec<serenity::CreateActionRow>),
    /// The view clicked on redrawn around the picture it shows.
    Keep(String, Vec<serenity::CreateActionRow>),
    Hand {
        text: String,
        rows: Vec<serenity::CreateActionRow>,
        picture: Option<serenity::CreateAttachment>,
        update: bool,
    },
    Modal(serenity::CreateModal),
    Refused(BotError),
}

/// How a click is acknowledged when its answer is not ready in time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Defer {
    /// A deferred update (type 6): nothing shows; then the view clicked on
    /// is edited, or the answer follows as a private message.
    Update,
    /// A private "thinking…" (type 5, ephemeral), which the answer then
    /// replaces: for a click whose answer is a new private message ("My
    /// hand" on the table message), so the member sees it coming.
    Thinking,
}

impl Defer {
    /// How `click`, with its decoded `id`, is deferred.
    pub fn of(click: &serenity::ComponentInteraction, id: &ComponentId) -> Defer {
        let private_view = click
            .message
            .flags
            .is_some_and(|f| f.contains(serenity::MessageFlags::EPHEMERAL));
        if id.action == Click::MyHand && !private_view {
            Defer::Thinking
        } else {
            Defer::Update
        }
    }
}

/// What the answer knows of the member's private views: where a view that
/// could not be shown is remembered, and whether this click comes from
/// such a view (`fresh`: answered with a new private message, not an
/// update of the old one; [`crate::discord::views`]).
#[derive(Clone, Copy)]
pub struct Views<'a> {
    pub lost: &'a LostViews,
    pub fresh: bool,
}

/// The interaction being answered: a click, or a submitted modal. Both
/// answer the same ways.
#[derive(Clone, Copy)]
pub enum Asked<'a> {
    Click(&'a serenity::ComponentInteraction),
    Modal(&'a serenity::ModalInteraction),
}

impl Asked<'_> {
    /// Whether the message clicked on carries an attachment named `file`
    /// (pictures are named by their content, so it is the same picture).
    fn shows(&self, file: &str) -> bool {
        match self {
            Asked::Click(c) => c.message.attachments.iter().any(|a| a.filename == file),
            Asked::Modal(m) => m
                .message
                .as_ref()
                .is_some_and(|msg| msg.attachments.iter().any(|a| a.filename == file)),
        }
    }

    fn user(&self) -> u64 {
        match self {
            Asked::Click(c) => c.user.id.get(),
            Asked::Modal(m) => m.user.id.get(),
        }
    }

    fn custom_id(&self) -> &str {
        match self {
            Asked::Click(c) => &c.data.custom_id,
            Asked::Modal(m) => &m.data.custom_id,
        }
    }

    /// The interaction's first response (an answer or an acknowledgement):
    /// timed for the metrics; a failure is counted by its code.
    async fn respond(
        &self,
        http: &serenity::Http,
        response: serenity::CreateInteractionResponse,
    ) -> serenity::Result<()> {
        let sent = match self {
            Asked::Click(c) => c.create_response(http, response).await,
            Asked::Modal(m) => m.create_response(http, response).await,
        };
        if sent.is_ok() {
            ops::acknowledged();
        }
        count_failure(&sent);
        sent
    }

    async fn followup(
        &self,
        http: &serenity::Http,
        message: serenity::CreateInteractionResponseFollowup,
    ) -> serenity::Result<()> {
        let sent = match self {
            Asked::Click(c) => c.create_followup(http, message).await.map(|_| ()),
            Asked::Modal(m) => m.create_followup(http, message).await.map(|_| ()),
        };
        count_failure(&sent);
        sent
    }

    async fn edit(
        &self,
        http: &serenity::Http,
        edit: serenity::EditInteractionResponse,
    ) -> serenity::Result<()> {
        let sent = match self {
            Asked::Click(c) => c.edit_response(http, edit).await.map(|_| ()),
            Asked::Modal(m) => m.edit_response(http, edit).await.map(|_| ()),
        };
        count_failure(&sent);
        sent
    }

    async fn delete(&self, http: &serenity::Http) -> serenity::Result<()> {
        let sent = match self {
            Asked::Click(c) => c.delete_response(http).await,
            Asked::Modal(m) => m.delete_response(http).await,
        };
        count_failure(&sent);
        sent
    }
}

/// Counts a request's failure by Discord's error code.
fn count_failure<T>(sent: &serenity::Result<T>) {
    if let Err(e) = sent {
        ops::counted(e);
    }
}

/// Runs `work` and answers the click (or modal) with its result (a
/// refusal privately). An answer not ready `within` (its picture drawn
/// too) is acknowledged first as `defer` says, and follows as an edit or a
/// private message: Discord wants an acknowledgement within 3 seconds, and
/// a member should see at once that the click was taken.
///
/// A click from a view whose last answer could not be shown (`views.fresh`)
/// is answered with a new private message, saying why; an answer that
/// cannot be shown now (its edit or followup refused: the token expired,
/// the view gone) is remembered for the member's next click.
pub async fn answer_in_time(
    ctx: &serenity::Context,
    asked: Asked<'_>,
    lang: Lang,
    within: Duration,
    defer: Defer,
    views: Views<'_>,
    work: impl Future<Output = Result<Answer, BotError>>,
) {
    // A fresh view is a new private message: "thinking…" if it is late.
    let defer = if views.fresh { Defer::Thinking } else { defer };
    let mut pending =
        std::pin::pin!(async { ready(asked, renewed(work.await, views.fresh, lang)).await });
    // No budget at all: acknowledged first, always (a timeout of zero
    // would still take an answer ready at its first poll).
    let in_time = if within.is_zero() {
        None
    } else {
        tokio::time::timeout(within, &mut pending).await.ok()
    };
    let answer = match in_time {
        Some(answer) => answer,
        None => {
            let ack = match defer {
                Defer::Update => serenity::CreateInteractionResponse::Acknowledge,
                Defer::Thinking => serenity::CreateInteractionResponse::Defer(
                    serenity::CreateInteractionResponseMessage::new().ephemeral(true),
                ),
            };
            if let Err(e) = asked.respond(&ctx.http, ack).await {
                tracing::warn!(custom_id = %asked.custom_id(), "cannot acknowledge a click: {e}");
            }
            let late = pending.await;
            follow_up(ctx, asked, lang, defer, late, views.lost).await;
            return;
        }
    };
    let response = match answer {
        Ready::Ack => serenity::CreateInteractionResponse::Acknowledge,
        Ready::Private(text, rows) => serenity::CreateInteractionResponse::Message(
            serenity::CreateInteractionResponseMessage::new()
                .content(text)
                .components(rows)
                .ephemeral(true),
        ),
        // The hand view redrawn with the picture it carries: an update
        // response would list the attachments anew (serenity always sends
        // the list, and an empty one removes the picture), so the click is
        // acknowledged and the view edited without touching its attachment.
        Ready::Keep(text, rows) => {
            keep_picture(ctx, asked, text, rows, views.lost).await;
            return;
        }
        Ready::Hand {
            text,
            rows,
            picture,
            update,
        } => {
            let message = serenity::CreateInteractionResponseMessage::new()
                .content("")
                .embed(words_below(&text))
                .components(rows)
                .files(picture);
            if update {
                serenity::CreateInteractionResponse::UpdateMessage(message)
            } else {
                serenity::CreateInteractionResponse::Message(message.ephemeral(true))
            }
        }
        Ready::Modal(modal) => serenity::CreateInteractionResponse::Modal(modal),
        Ready::Refused(err) => {
            log_internal(&err, asked);
            serenity::CreateInteractionResponse::Message(
                serenity::CreateInteractionResponseMessage::new()
                    .content(fit_content(err.text(lang)))
                    .ephemeral(true),
            )
        }
    };
    if let Err(e) = asked.respond(&ctx.http, response).await {
        tracing::warn!(custom_id = %asked.custom_id(), "cannot answer a click: {e}");
    }
}

/// The answer to a click from a view that could not be shown last time:
/// a new private message (never an update of the old view), saying why
/// above what it shows.
fn renewed(result: Result<Answer, BotError>, fresh: bool, lang: Lang) -> Result<Answer, BotError> {
    if !fresh {
        return result;
    }
    let note = |text: String| format!("{}\n{text}", i18n::tr(lang, "view-renewed"));
    Ok(match result? {
        Answer::Update(text, rows) | Answer::Private(text, rows) => {
            Answer::Private(note(text), rows)
        }
        Answer::Hand {
            text,
            rows,
            picture,
            ..
        } => Answer::Hand {
            text: note(text),
            rows,
            picture,
            update: false,
        },
        other => other,
    })
}

/// The answer made ready to send: a hand's picture is drawn (off the
/// async workers, [`pictures`]) unless the view clicked on already shows
/// it.
async fn ready(asked: Asked<'_>, result: Result<Answer, BotError>) -> Ready {
    match result {
        Ok(Answer::Ack) => Ready::Ack,
        Ok(Answer::Private(text, rows)) => Ready::Private(text, rows),
        Ok(Answer::Update(text, rows)) => Ready::Keep(text, rows),
        Ok(Answer::Hand {
            text,
            rows,
            picture: Some(scene),
            update: true,
        }) if asked.shows(&pictures::file_name(&scene, "hand")) => Ready::Keep(text, rows),
        Ok(Answer::Hand {
            text,
            rows,
            picture,
            update,
        }) => {
            let picture = match &picture {
                Some(scene) => {
                    Some(pictures::attachment(scene, "hand", pictures::For::Member).await)
                }
                None => None,
            };
            Ready::Hand {
                text,
                rows,
                picture,
                update,
            }
        }
        Ok(Answer::Modal(modal)) => Ready::Modal(modal),
        Err(err) => Ready::Refused(err),
    }
}

/// Redraws the clicked hand view (its words and controls) keeping the
/// picture it carries: acknowledged first, then edited without an
/// attachment list, which Discord reads as "keep them".
async fn keep_picture(
    ctx: &serenity::Context,
    asked: Asked<'_>,
    text: String,
    rows: Vec<serenity::CreateActionRow>,
    lost: &LostViews,
) {
    let ack = serenity::CreateInteractionResponse::Acknowledge;
    if let Err(e) = asked.respond(&ctx.http, ack).await {
        tracing::warn!(custom_id = %asked.custom_id(), "cannot answer a click: {e}");
        return;
    }
    let edit = serenity::EditInteractionResponse::new()
        .content("")
        .embed(words_below(&text))
        .components(rows);
    if let Err(e) = asked.edit(&ctx.http, edit).await {
        tracing::warn!(custom_id = %asked.custom_id(), "cannot redraw a hand view: {e}");
        // The member sees their view unchanged: the next click renews it.
        lost.lost(asked.user());
    }
}

fn log_internal(err: &BotError, asked: Asked<'_>) {
    if let BotError::Internal(e) = err {
        tracing::error!(custom_id = %asked.custom_id(), "click failed: {e:#}");
    }
}

/// The answer of an acknowledged click: after a deferred update, an edit
/// of the view clicked on or a private followup; after a private
/// "thinking…", that message edited into the answer (or deleted when
/// there is nothing to say).
async fn follow_up(
    ctx: &serenity::Context,
    asked: Asked<'_>,
    lang: Lang,
    defer: Defer,
    ready: Ready,
    lost: &LostViews,
) {
    let thinking = defer == Defer::Thinking;
    // Words only: a private followup, or the "thinking…" edited.
    let say = |text: String, rows: Vec<serenity::CreateActionRow>| async move {
        if thinking {
            let edit = serenity::EditInteractionResponse::new()
                .content(text)
                .components(rows);
            asked.edit(&ctx.http, edit).await
        } else {
            let message = serenity::CreateInteractionResponseFollowup::new()
                .content(text)
                .components(rows)
                .ephemeral(true);
            asked.followup(&ctx.http, message).await
        }
    };
    let sent = match ready {
        Ready::Ack if thinking => asked.delete(&ctx.http).await,
        Ready::Ack => Ok(()),
        Ready::Private(text, rows) => say(text, rows).await,
        Ready::Keep(text, rows) => {
            // No attachment list: the view keeps its picture.
            let edit = serenity::EditInteractionResponse::new()
                .content("")
                .embed(words_below(&text))
                .components(rows);
            asked.edit(&ctx.http, edit).await
        }
        Ready::Hand {
            text,
            rows,
            picture,
            update: false,
        } if !thinking => {
            let message = serenity::CreateInteractionResponseFollowup::new()
                .embed(words_below(&text))
                .ephemeral(true)
                .components(rows)
                .add_files(picture);
            asked.followup(&ctx.http, message).await
        }
        // The view clicked on, or the "thinking…", becomes the hand view:
        // a new picture replaces what it showed, none removes it.
        Ready::Hand {
            text,
            rows,
            picture,
            ..
        } => {
            let edit = serenity::EditInteractionResponse::new()
                .content("")
                .embed(words_below(&text))
                .components(rows);
            let edit = match picture {
                Some(p) => edit.new_attachment(p),
                None => edit.clear_attachments(),
            };
            asked.edit(&ctx.http, edit).await
        }
        // A modal can only be the first answer; this click was already
        // acknowledged, so the member is asked to click again.
        Ready::Modal(_) => {
            say(
                i18n::tr(lang, crate::keys::ERR_CLICK_AGAIN.as_str()),
                Vec::new(),
            )
            .await
        }
        Ready::Refused(err) => {
            log_internal(&err, asked);
            say(fit_content(err.text(lang)), Vec::new()).await
        }
    };
    if let Err(e) = sent {
        tracing::warn!(custom_id = %asked.custom_id(), "cannot follow up a click: {e}");
        // Acknowledged, but the answer never showed (an expired or unknown
        // token, a view gone): the member's next click gets a fresh view.
        lost.lost(asked.user());
    }
}

/// Every click on a table control (the id is already decoded).
pub async fn work(
    ctx: &serenity::Context,
    data: &Data,
    click: &serenity::ComponentInteraction,
    id: ComponentId,
    lang: Lang,
) -> Result<Answer, BotError> {
    let host = &data.host;
    let user = click.user.id.get();
    host.saw(user, lang);
    let values: Vec<String> = match &click.data.kind {
        serenity::ComponentInteractionDataKind::StringSelect { values } => values.clone(),
        _ => Vec::new(),
    };
    let in_private_view = click
        .message
        .flags
        .is_some_and(|f| f.contains(serenity::MessageFlags::EPHEMERAL));
    match &id.action {
        Click::Join | Click::Leave | Click::AddAi | Click::Start | Click::Cancel => {
            let channel = click.channel_id.get();
            let kind = host
                .tables
                .kind_at(channel)
                .ok_or_else(|| BotError::user(crate::keys::ERR_NO_TABLE))?;
            if id.table != channel {
                return Err(BotError::user(crate::keys::ERR_STALE));
            }
            crate::games::with_game!(kind, G => lobby::<G>(host, channel, &id.action, user).await)
        }
        Click::PlayAgain => play_again(ctx, host, click, id.table as GameId, user, lang).await,
        Click::Auto => {
            let (channel, kind) = game_of(host, &id, click.channel_id.get())?;
            crate::games::with_game!(kind, G => autoplay_switch::<G>(host, channel, user, lang).await)
        }
        Click::AutopassOn => {
            let (channel, kind) = game_of(host, &id, click.channel_id.get())?;
            crate::games::with_game!(kind, G => {
                autopass_on::<G>(data, channel, user, lang, in_private_view).await
            })
        }
        _ => {
            let (channel, kind) = game_of(host, &id, click.channel_id.get())?;
            let c = GameClick {
                host,
                channel,
                id: &id,
                values: &values,
                fields: None,
                user,
                lang,
                in_private_view,
            };
            crate::games::with_game!(kind, G => game_click::<G>(c).await)
        }
    }
}

/// The 托管 switch: the clicking player's seat goes to the computer, or
/// comes back when it is on 托管. Any version of the table message will
/// do: it is a switch of the seat, not a move of the game.
async fn autoplay_switch<G: DiscordGame>(
    host: &Host,
    channel: ChannelId,
    user: UserId,
    lang: Lang,
) -> Result<Answer, BotError> {
    let table = host
        .tables
        .get::<G>(channel)
        .ok_or_else(|| BotError::user(crate::keys::ERR_STALE))?;
    let status = table.status(Some(user)).await?;
    let game = status
        .game
        .ok_or_else(|| BotError::user(crate::keys::ERR_STALE))?;
    let seat = game
        .seat
        .ok_or_else(|| BotError::user(crate::keys::ERR_NOT_SEATED))?;
    let key = if game.autoplay.get(seat).copied().unwrap_or(false) {
        table.take_back(user).await?;
        "autoplay-switched-off"
    } else {
        table.autoplay(user).await?;
        "autoplay-switched-on"
    };
    Ok(Answer::Private(i18n::tr(lang, key), Vec::new()))
}

/// 自动不要, clicked in the hand view that says 要不起: the member's
/// choice is switched on as `/autopass on:True` does
/// ([`autopass::choose`](crate::discord::autopass::choose)), so the pass
/// owed now is made for them at once. Any version will do: it is a choice
/// of the member, not a move (a pass already made stays one pass).
async fn autopass_on<G: DiscordGame>(
    data: &Data,
    channel: ChannelId,
    user: UserId,
    lang: Lang,
    in_private_view: bool,
) -> Result<Answer, BotError> {
    let table = data
        .host
        .tables
        .get::<G>(channel)
        .ok_or_else(|| BotError::user(crate::keys::ERR_STALE))?;
    let status = table.status(Some(user)).await?;
    if status.game.and_then(|g| g.seat).is_none() {
        return Err(BotError::user(crate::keys::ERR_NOT_SEATED));
    }
    crate::discord::autopass::choose(data, status.server, channel, user, true).await?;
    let text = i18n::tr(lang, "autopass-on");
    Ok(if in_private_view {
        Answer::Update(text, Vec::new())
    } else {
        Answer::Private(text, Vec::new())
    })
}

/// The channel and game kind of the game a control belongs to. The
/// table's driver learns of a new game (the next hand of a match) only when
/// it reaches that event, maybe after slow requests to Discord, while
/// `/hand` already draws the new game's controls from the table itself: a
/// game the driver does not know yet is looked for at the channel clicked
/// in, whose table then tells whether it is the game running there.
fn game_of(host: &Host, id: &ComponentId, channel: u64) -> Result<(ChannelId, GameKind), BotError> {
    host.game(id.table as GameId)
        .or_else(|| host.tables.kind_at(channel).map(|kind| (channel, kind)))
        .ok_or_else(|| BotError::user(crate::keys::ERR_STALE))
}

async fn lobby<G: DiscordGame>(
    host: &Host,
    channel: ChannelId,
    action: &Click,
    user: UserId,
) -> Result<Answer, BotError> {
    let table = host
        .tables
        .get::<G>(channel)
        .ok_or_else(|| BotError::user(crate::keys::ERR_NO_TABLE))?;
    match action {
        Click::Join => table.join(user).await?,
        Click::Leave => table.leave(user).await?,
        Click::AddAi => table.add_ai(user).await?,
        Click::Start => {
            table.start(user).await?;
        }
        Click::Cancel => table.cancel(user).await?,
        _ => return Err(BotError::user(crate::keys::ERR_STALE)),
    }
    Ok(Answer::Ack)
}

async fn play_again(
    ctx: &serenity::Context,
    host: &Arc<Host>,
    click: &serenity::ComponentInteraction,
    game: GameId,
    user: UserId,
    lang: Lang,
) -> Result<Answer, BotError> {
    let replay = host
        .replay(game)
        .filter(|r| r.channel == click.channel_id.get())
        .ok_or_else(|| BotError::user(crate::keys::ERR_STALE))?;
    let kind: GameKind = replay.kind;
    // A game whose players bring chips (Chexuan's bobo) checks the default
    // buy-in against the new host's balance.
    let balance = crate::games::with_game!(kind, G => {
        host.tables.host_balance::<G>(replay.server, user).await?
    });
    // The finished table may still be closing: give it a moment.
    let mut tries = 0;
    loop {
        let http = ctx.http.clone();
        let opened = crate::games::with_game!(kind, G => {
            host.open_with::<G>(
                http,
                replay.server,
                replay.channel,
                user,
                replay.options.clone(),
                (crate::table::JoinArgs::default(), balance),
                lang,
            )
            .map(|_| ())
        });
        match opened {
            Err(TableError::ChannelBusy) if tries < 20 => {
                tries += 1;
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            other => return other.map(|_| Answer::Ack).map_err(BotError::from),
        }
    }
}

struct GameClick<'a> {
    host: &'a Arc<Host>,
    channel: ChannelId,
    id: &'a ComponentId,
    values: &'a [String],
    /// The text inputs of a submitted modal, by their ids; `None` for a
    /// click.
    fields: Option<&'a [(String, String)]>,
    user: UserId,
    lang: Lang,
    in_private_view: bool,
}

/// A submitted modal (its id is already decoded): the game reads its
/// fields as an action of the submitting seat, checked like a click on
/// the control that opened it (same table, same version).
pub async fn submit(
    data: &Data,
    modal: &serenity::ModalInteraction,
    id: ComponentId,
    lang: Lang,
) -> Result<Answer, BotError> {
    let host = &data.host;
    let user = modal.user.id.get();
    host.saw(user, lang);
    let fields: Vec<(String, String)> = modal
        .data
        .components
        .iter()
        .flat_map(|row| row.components.iter())
        .filter_map(|c| match c {
            serenity::ActionRowComponent::InputText(t) => {
                Some((t.custom_id.clone(), t.value.clone().unwrap_or_default()))
            }
            _ => None,
        })
        .collect();
    let in_private_view = modal
        .message
        .as_ref()
        .and_then(|m| m.flags)
        .is_some_and(|f| f.contains(serenity::MessageFlags::EPHEMERAL));
    let (channel, kind) = game_of(host, &id, modal.channel_id.get())?;
    let c = GameClick {
        host,
        channel,
        id: &id,
        values: &[],
        fields: Some(&fields),
        user,
        lang,
        in_private_view,
    };
    crate::games::with_game!(kind, G => game_click::<G>(c).await)
}

async fn game_click<G: DiscordGame>(c: GameClick<'_>) -> Result<Answer, BotError> {
    let table = c
        .host
        .tables
        .get::<G>(c.channel)
        .ok_or_else(|| BotError::user(crate::keys::ERR_STALE))?;
    let status = table.status(Some(c.user)).await?;
    let game = status
        .game
        .ok_or_else(|| BotError::user(crate::keys::ERR_STALE))?;
    let same_game = game.id as u64 == c.id.table;
    let current = same_game && game.version == c.id.version;
    // A control drawn at an earlier version of this game, for a seat the
    // game still waits on, may answer a question several seats are asked
    // at once (Paohuzi's claims, `TableGame::question_round`): the table
    // judges its action against the version it was drawn at, and refuses
    // it as stale unless that is still the seat's question.
    let earlier = same_game
        && game
            .asked_at
            .is_some_and(|at| (at..game.version).contains(&c.id.version))
        && c.id.action != Click::MyHand;
    let stale = !current && !earlier && c.id.action != Click::MyHand;
    if stale && !(c.in_private_view && same_game && c.fields.is_none()) {
        return Err(BotError::user(crate::keys::ERR_STALE));
    }
    let seat = game
        .seat
        .ok_or_else(|| BotError::user(crate::keys::ERR_NOT_SEATED))?;
    if stale {
        // A click on an outdated hand view (a double click on Play, whose
        // first click already played): the view itself is redrawn as it is
        // now, with a word on why nothing was played.
        let hv = HandView::<G> {
            lang: c.lang,
            game: game.id,
            version: game.version,
            seat,
            view: &game.view,
            legal: &game.legal,
        };
        let note = i18n::tr(c.lang, "hand-view-outdated");
        return Ok(hand_answer(&hv, &[], Some(note), true));
    }
    if earlier && !game.waiting_on.contains(&seat) {
        return Err(BotError::user(crate::keys::ERR_STALE));
    }
    let acted_at = if earlier { c.id.version } else { game.version };
    let hv = HandView::<G> {
        lang: c.lang,
        game: game.id,
        version: game.version,
        seat,
        view: &game.view,
        legal: &game.legal,
    };
    if c.id.action == Click::MyHand && c.fields.is_none() {
        return Ok(hand_answer(&hv, &[], None, false));
    }
    let control = Control::<G::Click>::of(&c.id.action)
        .ok_or_else(|| BotError::user(crate::keys::ERR_STALE))?;
    let intent = match c.fields {
        Some(fields) => ClickIntent::Act(G::on_modal(&control, fields, &hv)?),
        None => G::on_click(&control, c.values, &hv)?,
    };
    // Only an action is judged by the table; anything else drawn at an
    // earlier version is stale.
    if earlier && !matches!(intent, ClickIntent::Act(_)) {
        return Err(BotError::user(crate::keys::ERR_STALE));
    }
    match intent {
        ClickIntent::Modal(modal) => Ok(Answer::Modal(modal.0)),
        ClickIntent::Act(action) => {
            table.act(c.user, acted_at, action.clone()).await?;
            if !c.in_private_view {
                return Ok(Answer::Ack);
            }
            // Redraw the private hand view as it is after the action.
            let done = G::done_line(c.lang, &action);
            // The last action of a game closes its table: then there is no
            // hand left to draw.
            let after = table.status(Some(c.user)).await.ok().and_then(|s| s.game);
            let Some(g) = after.filter(|g| g.id == game.id) else {
                // No hand left: the view says what was done, without a picture.
                return Ok(Answer::Hand {
                    text: done,
                    rows: Vec::new(),
                    picture: None,
                    update: true,
                });
            };
            let hv = HandView::<G> {
                lang: c.lang,
                game: g.id,
                version: g.version,
                seat,
                view: &g.view,
                legal: &g.legal,
            };
            Ok(hand_answer(&hv, &[], Some(done), true))
        }
        ClickIntent::Select(values) => Ok(hand_answer(&hv, &values, None, true)),
        ClickIntent::Ask(text, rows) if c.in_private_view => Ok(Answer::Update(text, rows)),
        ClickIntent::Ask(text, rows) => Ok(Answer::Private(text, rows)),
        ClickIntent::Hint => {
            let hint = table.hint(c.user).await?;
            let (values, line) = G::hint_selection(c.lang, &hint);
            Ok(hand_answer(&hv, &values, Some(line), c.in_private_view))
        }
    }
}

/// The private hand view as an answer: the hand's picture, the selected
/// cards raised, with its text and controls ([`hand_message`]) below.
pub fn hand_answer<G: DiscordGame>(
    hv: &HandView<'_, G>,
    selected: &[String],
    note: Option<String>,
    update: bool,
) -> Answer {
    let (text, rows) = hand_message(hv, selected, note);
    Answer::Hand {
        text,
        rows,
        picture: hand_scene(hv, selected),
        update,
    }
}

/// What the picture of the seat's hand shows, the `selected` cards
/// raised; `None` when the game draws no hand now. Drawn by
/// [`pictures::attachment`] as `hand-<key>.png`.
pub fn hand_scene<G: DiscordGame>(hv: &HandView<'_, G>, selected: &[String]) -> Option<Scene> {
    let mut scene = G::hand_scene(hv.view)?;
    scene.select(&G::selected_faces(hv.view, selected));
    Some(scene)
}

/// The private hand view: the hand, whose turn, an optional note on top,
/// and the game's controls.
pub fn hand_message<G: DiscordGame>(
    hv: &HandView<'_, G>,
    selected: &[String],
    note: Option<String>,
) -> (String, Vec<serenity::CreateActionRow>) {
    let mut lines = Vec::new();
    if let Some(note) = note {
        lines.push(note);
    }
    lines.push(
        G::hand_text(hv.lang, hv.view)
            .unwrap_or_else(|| i18n::tr(hv.lang, crate::keys::ERR_NO_HAND.as_str())),
    );
    lines.push(i18n::tr(
        hv.lang,
        if hv.my_turn() {
            G::your_turn_key(hv)
        } else {
            "hand-not-your-turn"
        },
    ));
    (lines.join("\n"), G::hand_components(hv, selected))
}
