//! 复盘: replaying a finished game privately on Discord — "Replay" on a
//! result and `/replay game:N` (a game of `/history`). A private message
//! steps through the game (⏮ ◀ ▶ ⏭, and a select that jumps to a round),
//! showing the public table at each step, the move made and the viewer's
//! own hand ([`steps`]); at the viewer's own decisions, what the game's
//! strongest AI would have played. "Share" posts the step shown in the
//! channel from the public view alone; "Record" sends the game's record as
//! a JSON file, privately, which `paiju replay` and `paiju render` read.
//!
//! Owns no state: every control carries the game and the step in its id
//! ([`ids`]) and every click reads the game from the ledger again, so the
//! controls work after a restart, on records stored before replays
//! existed, and from any process. Only a seat of the game may replay it,
//! and only in the server it was played in: the replay shows the viewer's
//! hand, and the record (for the file) holds every hand dealt.

pub mod ids;
pub mod steps;

use super::errors::{fit_content, BotError};
use super::table::pictures::{self, For};
use super::table::Names;
use super::{lang_of_ctx, Context, Data};
use crate::games::{with_game, GameKind, Seat};
use crate::i18n::{self, Lang};
use crate::ledger::{GameStatus, StoredRecord};
use crate::record::Record;
use crate::table::Occupant;
use ids::{Nav, ReplayId};
use poise::serenity_prelude as serenity;
use steps::{Advice, Asked, Shown};

/// Discord's most options in a select menu.
const MAX_OPTIONS: usize = 25;
/// Discord's longest select option label.
const MAX_LABEL: usize = 100;

/// Replay a finished game of yours (a game number from /history).
#[poise::command(slash_command, guild_only)]
pub async fn replay(ctx: Context<'_>, game: i64) -> Result<(), BotError> {
    let server = ctx
        .guild_id()
        .map(|g| g.get())
        .ok_or_else(|| BotError::user(crate::keys::ERR_GUILD_ONLY))?;
    let lang = lang_of_ctx(ctx);
    ctx.defer_ephemeral().await?;
    let page = page(ctx.data(), server, ctx.author().id.get(), game, 0, lang).await?;
    let mut reply = poise::CreateReply::default()
        .ephemeral(true)
        .allowed_mentions(serenity::CreateAllowedMentions::new())
        .components(page.rows);
    for embed in page.embeds {
        reply = reply.embed(embed);
    }
    if let Some(file) = page.picture {
        reply = reply.attachment(file);
    }
    super::send(ctx, reply).await?;
    Ok(())
}

/// The "Replay" button of a game's result.
pub fn button(lang: Lang, game: i64) -> serenity::CreateButton {
    serenity::CreateButton::new(ReplayId::Open { game }.encode())
        .label(i18n::tr(lang, "btn-replay"))
        .style(serenity::ButtonStyle::Secondary)
}

/// A replay message: its embeds, controls and picture.
struct Page {
    embeds: Vec<serenity::CreateEmbed>,
    rows: Vec<serenity::CreateActionRow>,
    picture: Option<serenity::CreateAttachment>,
}

/// A game the asker may replay: found, of this server, with a record, and
/// the asker one of its seats (the seat returned).
async fn load(
    data: &Data,
    server: u64,
    user: u64,
    game: i64,
) -> Result<(StoredRecord, String, Seat), BotError> {
    let unknown = || BotError::user(crate::keys::ERR_REPLAY_UNKNOWN).arg("game", game);
    if game < 1 {
        return Err(unknown());
    }
    let stored = data.ledger.game_record(game).await?.ok_or_else(unknown)?;
    if stored.server != server {
        return Err(BotError::user(crate::keys::ERR_REPLAY_OTHER_SERVER).arg("game", game));
    }
    let seat = stored
        .seats
        .iter()
        .position(|s| *s == Some(user))
        .ok_or_else(|| BotError::user(crate::keys::ERR_REPLAY_NOT_SEAT).arg("game", game))?;
    let text = match (&stored.record, stored.status) {
        (Some(text), _) => text.clone(),
        (None, GameStatus::Running) => {
            return Err(BotError::user(crate::keys::ERR_REPLAY_RUNNING).arg("game", game))
        }
        (None, _) => {
            return Err(BotError::user(crate::keys::ERR_REPLAY_NO_RECORD).arg("game", game))
        }
    };
    Ok((stored, text, seat))
}

/// How the seats are named in a replay: members by mention, AI seats by
/// number.
fn names(lang: Lang, seats: &[Option<u64>]) -> Names {
    Names(
        seats
            .iter()
            .enumerate()
            .map(|(i, s)| match s {
                Some(u) => format!("<@{u}>"),
                None => i18n::tr_args(lang, "table-ai-name", &[("number", (i as i64 + 1).into())]),
            })
            .collect(),
    )
}

/// Step `at` of `stored`'s record, from `viewer`'s side (`None`: the
/// public view), worked out on a blocking thread (the AI's search takes a
/// fraction of a second).
async fn step(
    data: &Data,
    stored: &StoredRecord,
    text: String,
    viewer: Option<Seat>,
    at: usize,
    lang: Lang,
) -> Result<(GameKind, Shown), BotError> {
    let kind = GameKind::of_record(&stored.kind).ok_or_else(|| {
        tracing::warn!(game = stored.id, kind = %stored.kind, "a stored game of no known kind");
        BotError::user(crate::keys::ERR_REPLAY_BROKEN)
    })?;
    let names = names(lang, &stored.seats);
    let occupants: Vec<Occupant> = stored
        .seats
        .iter()
        .map(|s| s.map_or(Occupant::Ai, Occupant::Human))
        .collect();
    let pictured = names.for_picture(&occupants, |u| data.host.display_name(stored.server, u));
    let (game, stake) = (stored.id, stored.stake);
    let shown = tokio::task::spawn_blocking(move || {
        let value: serde_json::Value = serde_json::from_str(&text)
            .map_err(|_| BotError::user(crate::keys::ERR_REPLAY_BROKEN))?;
        let record =
            Record::from_json(&text).map_err(|_| BotError::user(crate::keys::ERR_REPLAY_BROKEN))?;
        let asked = Asked {
            lang,
            game,
            stake,
            names: &names,
            pictured,
            viewer,
            at,
            closed: crate::record::is_closed(&value),
        };
        with_game!(kind, G => steps::show::<G>(&record, &asked))
    })
    .await
    .map_err(|e| BotError::Internal(anyhow::anyhow!("a replay step failed: {e}")))??;
    Ok((kind, shown))
}

/// The private replay page of `game` at step `at` for `user`.
async fn page(
    data: &Data,
    server: u64,
    user: u64,
    game: i64,
    at: usize,
    lang: Lang,
) -> Result<Page, BotError> {
    let (stored, text, seat) = load(data, server, user, game).await?;
    let (kind, shown) = step(data, &stored, text, Some(seat), at, lang).await?;
    let mut lines = vec![step_line(lang, &shown)];
    lines.extend(shown.moved.iter().cloned());
    match &shown.advice {
        Some(Advice::Same) => lines.push(i18n::tr_args(
            lang,
            "replay-ai-same",
            &[("ai", steps::ai_name(lang, kind).into())],
        )),
        Some(Advice::Other { words, turns }) => {
            lines.push(i18n::tr_args(
                lang,
                "replay-ai-other",
                &[
                    ("ai", steps::ai_name(lang, kind).into()),
                    ("move", words.clone().into()),
                ],
            ));
            if let Some((ai, played)) = turns {
                lines.push(turns_line(lang, *ai, *played));
            }
        }
        None => {}
    }
    let title = i18n::tr_args(
        lang,
        "replay-title",
        &[
            ("game", i18n::tr(lang, kind.name_key()).into()),
            ("id", game.into()),
        ],
    );
    let words = serenity::CreateEmbed::new()
        .title(title)
        .description(fit_description(&lines.join("\n")));
    let picture = match &shown.scene {
        Some(scene) => Some(pictures::attachment(scene, "replay", For::Member).await),
        None => None,
    };
    Ok(Page {
        embeds: vec![words, shown.table.clone()],
        rows: controls(lang, game, &shown),
        picture,
    })
}

/// "Step 5 of 40" (or the deal).
fn step_line(lang: Lang, shown: &Shown) -> String {
    if shown.at == 0 {
        i18n::tr_args(
            lang,
            "replay-step-deal",
            &[("steps", (shown.last as i64).into())],
        )
    } else {
        i18n::tr_args(
            lang,
            "replay-step",
            &[
                ("step", (shown.at as i64).into()),
                ("steps", (shown.last as i64).into()),
            ],
        )
    }
}

/// The turns-to-play-out judgement of the viewer's move against the AI's.
fn turns_line(lang: Lang, ai: u32, played: u32) -> String {
    let args = [
        ("ai", i64::from(ai).into()),
        ("played", i64::from(played).into()),
        ("diff", i64::from(ai.abs_diff(played)).into()),
    ];
    let key = match ai.cmp(&played) {
        std::cmp::Ordering::Less => "replay-turns-ai-sooner",
        std::cmp::Ordering::Equal => "replay-turns-as-good",
        std::cmp::Ordering::Greater => "replay-turns-yours-sooner",
    };
    i18n::tr_args(lang, key, &args)
}

/// Text cut to an embed description's 4,096 characters.
fn fit_description(text: &str) -> String {
    super::chips::whole_lines(text, super::errors::MAX_DESCRIPTION).0
}

/// ⏮ ◀ ▶ ⏭ and Share; the select of rounds; the record's file.
fn controls(lang: Lang, game: i64, shown: &Shown) -> Vec<serenity::CreateActionRow> {
    let at = shown.at;
    let mut buttons: Vec<serenity::CreateButton> = Nav::ALL
        .into_iter()
        .map(|nav| {
            let (to, off) = match nav {
                Nav::First => (0, at == 0),
                Nav::Back => (at.saturating_sub(1), at == 0),
                Nav::Next => ((at + 1).min(shown.last), at >= shown.last),
                Nav::Last => (shown.last, at >= shown.last),
            };
            serenity::CreateButton::new(
                ReplayId::Go {
                    game,
                    step: to,
                    nav,
                }
                .encode(),
            )
            .label(nav.emoji())
            .style(serenity::ButtonStyle::Secondary)
            .disabled(off)
        })
        .collect();
    buttons.push(
        serenity::CreateButton::new(ReplayId::Share { game, step: at }.encode())
            .label(i18n::tr(lang, "btn-replay-share"))
            .style(serenity::ButtonStyle::Primary),
    );
    let file = serenity::CreateButton::new(ReplayId::File { game }.encode())
        .label(i18n::tr(lang, "btn-replay-file"))
        .style(serenity::ButtonStyle::Secondary);
    vec![
        serenity::CreateActionRow::Buttons(buttons),
        serenity::CreateActionRow::SelectMenu(jump_menu(lang, game, shown)),
        serenity::CreateActionRow::Buttons(vec![file]),
    ]
}

/// The select that jumps to a round (or a step): every mark while they
/// fit in Discord's 25 options; past that, marks spread evenly over the
/// whole game (the first and last among them) and the marks around the
/// step shown, so any round is reached in a jump or two.
fn jump_menu(lang: Lang, game: i64, shown: &Shown) -> serenity::CreateSelectMenu {
    let marks = &shown.marks;
    let picked: Vec<&steps::Mark> = pick_marks(marks.len(), shown_mark(marks, shown.at))
        .into_iter()
        .map(|i| &marks[i])
        .collect();
    let current = picked
        .iter()
        .rev()
        .find(|m| m.step <= shown.at)
        .map(|m| m.step);
    let options = picked
        .iter()
        .map(|m| {
            let label = match (m.step, m.round) {
                (0, _) => i18n::tr(lang, "replay-jump-deal"),
                (step, Some(round)) => i18n::tr_args(
                    lang,
                    "replay-jump-round",
                    &[
                        ("round", (round as i64).into()),
                        ("step", (step as i64).into()),
                    ],
                ),
                (step, None) => {
                    i18n::tr_args(lang, "replay-jump-step", &[("step", (step as i64).into())])
                }
            };
            let label: String = label.chars().take(MAX_LABEL).collect();
            serenity::CreateSelectMenuOption::new(label, m.step.to_string())
                .default_selection(Some(m.step) == current)
        })
        .collect();
    serenity::CreateSelectMenu::new(
        ReplayId::Jump { game }.encode(),
        serenity::CreateSelectMenuKind::String { options },
    )
    .placeholder(i18n::tr(lang, "replay-jump"))
}

/// The index of the last mark at or before step `at`.
fn shown_mark(marks: &[steps::Mark], at: usize) -> usize {
    marks.iter().rposition(|m| m.step <= at).unwrap_or(0)
}

/// Which of `n` marks the select offers, in order, at most 25: all of
/// them, or 12 spread evenly (the first and the last included) and those
/// nearest mark `current`.
fn pick_marks(n: usize, current: usize) -> Vec<usize> {
    if n <= MAX_OPTIONS {
        return (0..n).collect();
    }
    const SPREAD: usize = 12;
    let mut picked: Vec<usize> = (0..SPREAD).map(|i| i * (n - 1) / (SPREAD - 1)).collect();
    // Then the nearest around the current one, alternately after and before.
    let mut d = 0;
    while picked.len() < MAX_OPTIONS && d < n {
        for i in [current.checked_add(d), current.checked_sub(d + 1)]
            .into_iter()
            .flatten()
        {
            if i < n && !picked.contains(&i) && picked.len() < MAX_OPTIONS {
                picked.push(i);
            }
        }
        d += 1;
    }
    picked.sort_unstable();
    picked
}

/// A click on a replay control (its id decoded by [`ReplayId`]); checked
/// like the command on every click, since anyone may click a result's
/// button and a replay's controls outlive the bot's memory.
pub async fn click(
    ctx: &serenity::Context,
    data: &Data,
    click: &serenity::ComponentInteraction,
    lang: Lang,
) -> Result<(), BotError> {
    let id = ReplayId::decode(&click.data.custom_id)
        .ok_or_else(|| BotError::user(crate::keys::ERR_STALE))?;
    let server = click
        .guild_id
        .map(|g| g.get())
        .ok_or_else(|| BotError::user(crate::keys::ERR_GUILD_ONLY))?;
    let user = click.user.id.get();
    // A replay whose last step could not be shown (its token expired, the
    // message gone): this click's step comes as a new private message,
    // saying why ([`super::views`]).
    let fresh = super::components::renews(data, user, Some(&*click.message));
    let to = Answering {
        lang,
        lost: &data.lost_views,
        note: fresh.then(|| i18n::tr(lang, "view-renewed")),
    };
    match id {
        ReplayId::Open { game } => {
            // A new private message: "thinking…" first (the AI may search).
            defer(ctx, click, true).await?;
            let answer = page(data, server, user, game, 0, lang).await;
            edit_with(ctx, click, &to, answer, true).await;
        }
        ReplayId::Go { game, step, .. } => {
            defer(ctx, click, fresh).await?;
            let answer = page(data, server, user, game, step, lang).await;
            edit_with(ctx, click, &to, answer, fresh).await;
        }
        ReplayId::Jump { game } => {
            let step = match &click.data.kind {
                serenity::ComponentInteractionDataKind::StringSelect { values } => values
                    .first()
                    .and_then(|v| v.parse::<usize>().ok())
                    .ok_or_else(|| BotError::user(crate::keys::ERR_STALE))?,
                _ => return Err(BotError::user(crate::keys::ERR_STALE)),
            };
            defer(ctx, click, fresh).await?;
            let answer = page(data, server, user, game, step, lang).await;
            edit_with(ctx, click, &to, answer, fresh).await;
        }
        ReplayId::Share { game, step } => {
            defer(ctx, click, false).await?;
            let said = match share(ctx, data, click, server, user, game, step, lang).await {
                Ok(()) => i18n::tr(lang, "replay-shared"),
                Err(e) => refusal(click, lang, e),
            };
            private_followup(ctx, click, &to, said).await;
        }
        ReplayId::File { game } => {
            defer(ctx, click, true).await?;
            let answer = file(data, server, user, game, lang).await;
            edit_with(ctx, click, &to, answer, true).await;
        }
    }
    Ok(())
}

/// How a replay click is answered: in the member's language; where a
/// step that could not be shown is remembered; and the word on top of a
/// step shown afresh (its view could not be shown last time).
struct Answering<'a> {
    lang: Lang,
    lost: &'a super::views::LostViews,
    note: Option<String>,
}

/// Acknowledges a click: a private "thinking…" for a new message, else a
/// deferred update of the replay clicked on.
async fn defer(
    ctx: &serenity::Context,
    click: &serenity::ComponentInteraction,
    new_message: bool,
) -> Result<(), BotError> {
    let ack = if new_message {
        serenity::CreateInteractionResponse::Defer(
            serenity::CreateInteractionResponseMessage::new().ephemeral(true),
        )
    } else {
        serenity::CreateInteractionResponse::Acknowledge
    };
    match click.create_response(&ctx.http, ack).await {
        Ok(()) => {
            super::ops::acknowledged();
            Ok(())
        }
        Err(e) => {
            super::ops::counted(&e);
            Err(BotError::Internal(anyhow::anyhow!(
                "cannot acknowledge a replay click: {e}"
            )))
        }
    }
}

/// A refusal's words (an internal error logged).
fn refusal(click: &serenity::ComponentInteraction, lang: Lang, e: BotError) -> String {
    if let BotError::Internal(err) = &e {
        tracing::error!(custom_id = %click.data.custom_id, "replay failed: {err:#}");
    }
    fit_content(e.text(lang))
}

/// The acknowledged click's message (the replay clicked on, or the
/// "thinking…" of a `new_message`) becomes `answer`; a refusal of a click
/// on a replay comes as a private message of its own, the replay left as
/// it was.
async fn edit_with(
    ctx: &serenity::Context,
    click: &serenity::ComponentInteraction,
    to: &Answering<'_>,
    answer: Result<Page, BotError>,
    new_message: bool,
) {
    let page = match answer {
        Ok(page) => page,
        Err(e) => {
            let text = refusal(click, to.lang, e);
            if new_message {
                let edit = serenity::EditInteractionResponse::new().content(text);
                if let Err(e) = click.edit_response(&ctx.http, edit).await {
                    tracing::warn!("cannot answer a replay click: {}", super::ops::counted(&e));
                    to.lost.lost(click.user.id.get());
                }
            } else {
                private_followup(ctx, click, to, text).await;
            }
            return;
        }
    };
    let mut edit = serenity::EditInteractionResponse::new()
        .content(to.note.clone().unwrap_or_default())
        .embeds(page.embeds)
        .components(page.rows)
        .allowed_mentions(serenity::CreateAllowedMentions::new());
    edit = match page.picture {
        Some(file) => edit.new_attachment(file),
        None => edit.clear_attachments(),
    };
    if let Err(e) = click.edit_response(&ctx.http, edit).await {
        tracing::warn!("cannot show a replay step: {}", super::ops::counted(&e));
        // The member sees the step unchanged: the next click renews it.
        to.lost.lost(click.user.id.get());
    }
}

async fn private_followup(
    ctx: &serenity::Context,
    click: &serenity::ComponentInteraction,
    to: &Answering<'_>,
    text: String,
) {
    let message = serenity::CreateInteractionResponseFollowup::new()
        .content(text)
        .ephemeral(true);
    if let Err(e) = click.create_followup(&ctx.http, message).await {
        tracing::warn!("cannot answer a replay click: {}", super::ops::counted(&e));
        to.lost.lost(click.user.id.get());
    }
}

/// Posts step `at` of `game` in the channel clicked in, from the public
/// view alone: the table, its picture and the move, never the sharer's
/// hand nor the AI's advice on it (which would tell the hand).
#[allow(clippy::too_many_arguments)]
async fn share(
    ctx: &serenity::Context,
    data: &Data,
    click: &serenity::ComponentInteraction,
    server: u64,
    user: u64,
    game: i64,
    at: usize,
    lang: Lang,
) -> Result<(), BotError> {
    let (stored, text, _) = load(data, server, user, game).await?;
    let (kind, shown) = step(data, &stored, text, None, at, lang).await?;
    let mut lines = vec![
        i18n::tr_args(
            lang,
            "replay-shared-by",
            &[("player", format!("<@{user}>").into())],
        ),
        step_line(lang, &shown),
    ];
    lines.extend(shown.moved.iter().cloned());
    let words = serenity::CreateEmbed::new()
        .title(i18n::tr_args(
            lang,
            "replay-title",
            &[
                ("game", i18n::tr(lang, kind.name_key()).into()),
                ("id", game.into()),
            ],
        ))
        .description(fit_description(&lines.join("\n")));
    let mut post = serenity::CreateMessage::new()
        .embeds(vec![words, shown.table.clone()])
        .allowed_mentions(serenity::CreateAllowedMentions::new());
    if let Some(scene) = &shown.scene {
        post = post.add_file(pictures::attachment(scene, "replay", For::Member).await);
    }
    // A post in the channel like a table's: paced with the table's posts
    // (Discord's 5 per 5 s a channel), a 429 waited out.
    let channel = click.channel_id;
    data.host
        .pace
        .send(super::pace::Bucket::Posts(channel.get()), || {
            channel.send_message(&ctx.http, post.clone())
        })
        .await
        .map_err(|e| {
            super::ops::counted(&e);
            BotError::Internal(anyhow::anyhow!("cannot share a replay step: {e}"))
        })?;
    Ok(())
}

/// The game's record as a JSON file, privately: `paiju replay` and
/// `paiju render` read it as it is stored.
async fn file(
    data: &Data,
    server: u64,
    user: u64,
    game: i64,
    lang: Lang,
) -> Result<Page, BotError> {
    let (_, text, _) = load(data, server, user, game).await?;
    let words = serenity::CreateEmbed::new().description(i18n::tr_args(
        lang,
        "replay-file",
        &[("game", game.into())],
    ));
    Ok(Page {
        embeds: vec![words],
        rows: Vec::new(),
        picture: Some(serenity::CreateAttachment::bytes(
            text.into_bytes(),
            format!("paiju-game-{game}.json"),
        )),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Up to 25 marks are all offered; past that, 25 at most, the first,
    /// the last and the current one always among them, in order.
    #[test]
    fn the_select_offers_at_most_25_marks_around_the_step_shown() {
        assert_eq!(pick_marks(3, 1), vec![0, 1, 2]);
        assert_eq!(pick_marks(25, 24).len(), 25);
        for n in [26, 40, 300] {
            for current in [0, 1, n / 2, n - 2, n - 1] {
                let picked = pick_marks(n, current);
                assert_eq!(picked.len(), MAX_OPTIONS, "{n} {current}");
                assert!(picked.windows(2).all(|w| w[0] < w[1]), "{picked:?}");
                for must in [0, n - 1, current] {
                    assert!(picked.contains(&must), "{n} {current}: {picked:?}");
                }
                if current + 1 < n {
                    assert!(picked.contains(&(current + 1)), "{picked:?}");
                }
            }
        }
    }
}
