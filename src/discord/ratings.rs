//! Ratings on Discord (issue #35): each rated game's rating changes in its
//! result message, `/rank` (privately: a member's tier, rating, games, win
//! rate, best streak and place per game), `/ladder` (a game's ladder of
//! this season or a past one; public when asked, as `/chips`) and `/season`
//! (Manage Server: status, start, end — the end posts the final ladders).
//!
//! Words in `locales/*/ratings.ftl`; the tiers are the ledger's
//! ([`crate::ledger::ratings::model::Ladder`]), named there too.

use super::{lang_of_ctx, BotError, Context};
use crate::i18n::{self, Lang};
use crate::ledger::ratings::model::{Ladder, Tier};
use crate::ledger::{LadderLine, RatingReport, Verdict};
use poise::serenity_prelude as serenity;

/// Lines of a ladder per page: 20 short lines stay far below an embed's
/// 4,096 characters whatever the names.
const LADDER_PAGE: u32 = 20;

/// A game, as `/rank` and `/ladder` take it.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum GameChoice {
    #[name = "choice-game-dou-dizhu"]
    DouDizhu,
    #[name = "choice-game-duan-guozi"]
    DuanGuozi,
    #[name = "choice-game-chexuan"]
    Chexuan,
    #[name = "choice-game-shengji"]
    Shengji,
    #[name = "choice-game-paohuzi"]
    Paohuzi,
}

impl GameChoice {
    fn kind(self) -> &'static str {
        match self {
            GameChoice::DouDizhu => "dou-dizhu",
            GameChoice::DuanGuozi => "duan-guozi",
            GameChoice::Chexuan => "chexuan",
            GameChoice::Shengji => "shengji",
            GameChoice::Paohuzi => "paohuzi",
        }
    }
}

/// A tier's name in `lang`: "黄金 II", "长工".
pub fn tier_name(lang: Lang, tier: Tier) -> String {
    let name = i18n::tr(lang, &tier.key());
    match tier.division {
        Some(d) => i18n::tr_args(
            lang,
            "tier-with-division",
            &[("tier", name.into()), ("division", roman(d).into())],
        ),
        None => name,
    }
}

fn roman(d: u8) -> &'static str {
    match d {
        1 => "I",
        2 => "II",
        _ => "III",
    }
}

/// The ratings' part of a game's result: (title, lines), or `None` for a
/// game the ratings do not concern (no contest).
pub fn result_field(lang: Lang, report: &RatingReport) -> Option<(String, String)> {
    let title = i18n::tr(lang, "rating-result-title");
    let text = match report.verdict {
        Verdict::AiSeat => i18n::tr(lang, "rating-unrated-ai"),
        Verdict::Repeat { meetings } => {
            i18n::tr_args(lang, "rating-unrated-repeat", &[("count", meetings.into())])
        }
        Verdict::Rated => {
            let ladder = Ladder::for_kind(&report.kind);
            report
                .seats
                .iter()
                .flatten()
                .map(|s| {
                    let player = format!("<@{}>", s.user);
                    let change = s.after - s.before;
                    if s.games < report.provisional_games {
                        return i18n::tr_args(
                            lang,
                            "rating-line-provisional",
                            &[
                                ("player", player.into()),
                                ("rating", s.after.into()),
                                ("change", signed(change).into()),
                                ("games", s.games.into()),
                                ("needed", report.provisional_games.into()),
                            ],
                        );
                    }
                    let (was, now) = (ladder.tier(s.before), ladder.tier(s.after));
                    // A first settled rating is no promotion.
                    let was_provisional = s.games - 1 < report.provisional_games;
                    let arrow = match now.cmp(&was) {
                        _ if was_provisional => "",
                        std::cmp::Ordering::Greater => " ↑",
                        std::cmp::Ordering::Less => " ↓",
                        std::cmp::Ordering::Equal => "",
                    };
                    i18n::tr_args(
                        lang,
                        "rating-line",
                        &[
                            ("player", player.into()),
                            ("rating", s.after.into()),
                            ("change", signed(change).into()),
                            ("tier", format!("{}{arrow}", tier_name(lang, now)).into()),
                        ],
                    )
                })
                .collect::<Vec<_>>()
                .join("\n")
        }
    };
    // An embed field holds 1,024 characters: a table of many seats keeps
    // the lines that fit.
    let (text, _) = super::chips::whole_lines(&text, FIELD_MAX);
    Some((title, text))
}

/// The most characters an embed field's value may hold (Discord's limit).
const FIELD_MAX: usize = 1024;

/// `+14`, `-3`, `±0`.
fn signed(n: i64) -> String {
    match n {
        0 => "±0".to_string(),
        n => format!("{n:+}"),
    }
}

fn server_of(ctx: Context<'_>) -> Result<u64, BotError> {
    ctx.guild_id()
        .map(|g| g.get())
        .ok_or_else(|| BotError::user("err-guild-only"))
}

/// A reply that never pings anyone it names.
fn quiet() -> poise::CreateReply {
    poise::CreateReply::default().allowed_mentions(serenity::CreateAllowedMentions::new())
}

/// Your tier and rating in each game (privately)
// Each game's tier, rating, rated games, win rate, best streak and place
// on this season's ladder.
#[poise::command(slash_command, guild_only)]
pub async fn rank(
    ctx: Context<'_>,
    user: Option<serenity::User>,
    game: Option<GameChoice>,
) -> Result<(), BotError> {
    let server = server_of(ctx)?;
    let lang = lang_of_ctx(ctx);
    let target = match &user {
        Some(u) if u.bot => return Err(BotError::user("err-bot-user")),
        Some(u) => u.id.get(),
        None => ctx.author().id.get(),
    };
    let ledger = &ctx.data().ledger;
    let entries = ledger
        .rank_of(server, target, game.map(GameChoice::kind))
        .await?;
    let season = ledger.season_status(server).await?.number;
    let who = format!("<@{target}>");
    let mut lines = Vec::new();
    for e in &entries {
        let s = &e.standing;
        let win_rate = if s.games > 0 {
            (s.wins * 100 + s.games / 2) / s.games
        } else {
            0
        };
        let tier = if e.provisional {
            i18n::tr_args(
                lang,
                "rank-provisional",
                &[
                    ("games", s.games.into()),
                    ("needed", ledger.ratings_config().provisional_games.into()),
                ],
            )
        } else {
            tier_name(lang, e.tier())
        };
        let place = match e.place {
            Some(p) => i18n::tr_args(lang, "rank-place", &[("place", i64::from(p).into())]),
            None => i18n::tr(lang, "rank-no-place"),
        };
        lines.push(i18n::tr_args(
            lang,
            "rank-line",
            &[
                ("game", i18n::display_name(lang, &e.kind).into()),
                ("tier", tier.into()),
                ("rating", e.points().into()),
                ("games", s.games.into()),
                ("rate", win_rate.into()),
                ("streak", s.best_streak.into()),
                ("place", place.into()),
            ],
        ));
    }
    let description = if lines.is_empty() {
        i18n::tr_args(lang, "rank-empty", &[("player", who.clone().into())])
    } else {
        lines.join("\n")
    };
    let embed = serenity::CreateEmbed::new()
        .title(i18n::tr_args(
            lang,
            "rank-title",
            &[("player", who.into()), ("season", season.into())],
        ))
        .description(description);
    crate::discord::send(ctx, quiet().ephemeral(true).embed(embed)).await?;
    Ok(())
}

/// The text of a ladder's page.
fn ladder_text(lang: Lang, kind: &str, lines: &[LadderLine]) -> String {
    let ladder = Ladder::for_kind(kind);
    lines
        .iter()
        .map(|l| {
            let tier = if l.provisional {
                i18n::tr(lang, "ladder-provisional")
            } else {
                tier_name(lang, ladder.tier(l.points))
            };
            i18n::tr_args(
                lang,
                "ladder-line",
                &[
                    ("place", i64::from(l.place).into()),
                    ("player", format!("<@{}>", l.user).into()),
                    ("rating", l.points.into()),
                    ("tier", tier.into()),
                    ("games", l.games.into()),
                    ("wins", l.wins.into()),
                ],
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// A ladder's embed: the season's title and one page of lines.
fn ladder_embed(
    lang: Lang,
    kind: &str,
    season: i64,
    page: u32,
    lines: &[LadderLine],
) -> serenity::CreateEmbed {
    let text = if lines.is_empty() {
        i18n::tr(lang, "ladder-empty")
    } else {
        ladder_text(lang, kind, lines)
    };
    let (text, _) = super::chips::whole_lines(&text, super::errors::MAX_DESCRIPTION);
    let mut embed = serenity::CreateEmbed::new()
        .title(i18n::tr_args(
            lang,
            "ladder-title",
            &[
                ("game", i18n::display_name(lang, kind).into()),
                ("season", season.into()),
            ],
        ))
        .description(text);
    if page > 1 {
        embed = embed.footer(serenity::CreateEmbedFooter::new(i18n::tr_args(
            lang,
            "ladder-page",
            &[("page", i64::from(page).into())],
        )));
    }
    embed
}

/// This server's ladder of a game
// This season's players (or a past season's final ladder), 20 a page. Only
// the caller sees it unless `public`.
#[poise::command(slash_command, guild_only)]
pub async fn ladder(
    ctx: Context<'_>,
    game: GameChoice,
    season: Option<i64>,
    page: Option<i64>,
    public: Option<bool>,
) -> Result<(), BotError> {
    let server = server_of(ctx)?;
    let lang = lang_of_ctx(ctx);
    let ledger = &ctx.data().ledger;
    let current = ledger.season_status(server).await?.number;
    if let Some(s) = season {
        if !(1..=current).contains(&s) {
            return Err(BotError::User {
                key: "err-no-such-season",
                args: vec![
                    ("season", crate::message::Arg::Int(s)),
                    ("current", crate::message::Arg::Int(current)),
                ],
            });
        }
    }
    let page = page.unwrap_or(1).clamp(1, 10_000) as u32;
    let (season, lines) = ledger
        .ladder(
            server,
            game.kind(),
            season,
            (page - 1) * LADDER_PAGE,
            LADDER_PAGE,
        )
        .await?;
    let embed = ladder_embed(lang, game.kind(), season, page, &lines);
    crate::discord::send(
        ctx,
        quiet().embed(embed).ephemeral(!public.unwrap_or(false)),
    )
    .await?;
    Ok(())
}

/// Seasons of this server's ladders (Manage Server).
#[poise::command(
    slash_command,
    guild_only,
    subcommands("season_status", "season_start", "season_end"),
    subcommand_required,
    default_member_permissions = "MANAGE_GUILD",
    required_permissions = "MANAGE_GUILD"
)]
pub async fn season(_ctx: Context<'_>) -> Result<(), BotError> {
    Ok(())
}

/// Which season this is, since when, and its rated games.
#[poise::command(
    slash_command,
    guild_only,
    rename = "status",
    default_member_permissions = "MANAGE_GUILD",
    required_permissions = "MANAGE_GUILD"
)]
pub async fn season_status(ctx: Context<'_>) -> Result<(), BotError> {
    let server = server_of(ctx)?;
    let lang = lang_of_ctx(ctx);
    let ledger = &ctx.data().ledger;
    let s = ledger.season_status(server).await?;
    let since = match s.started_at {
        Some(t) => format!("<t:{t}:D>"),
        None => i18n::tr(lang, "season-since-first-game"),
    };
    let days = ledger.ratings_config().season_days;
    let mut text = i18n::tr_args(
        lang,
        "season-status",
        &[
            ("season", s.number.into()),
            ("since", since.into()),
            ("games", s.games.into()),
        ],
    );
    if let (true, Some(start)) = (days > 0, s.started_at) {
        text.push('\n');
        text.push_str(&i18n::tr_args(
            lang,
            "season-ends-at",
            &[("when", format!("<t:{}:R>", start + days * 86_400).into())],
        ));
    }
    crate::discord::send(ctx, quiet().ephemeral(true).content(text)).await?;
    Ok(())
}

/// Start this season's clock now (before any rated game of it).
#[poise::command(
    slash_command,
    guild_only,
    rename = "start",
    default_member_permissions = "MANAGE_GUILD",
    required_permissions = "MANAGE_GUILD"
)]
pub async fn season_start(ctx: Context<'_>) -> Result<(), BotError> {
    let server = server_of(ctx)?;
    let lang = lang_of_ctx(ctx);
    let number = ctx
        .data()
        .ledger
        .start_season(server, crate::ledger::now_unix())
        .await?;
    let text = i18n::tr_args(lang, "season-started", &[("season", number.into())]);
    crate::discord::send(ctx, quiet().content(text)).await?;
    Ok(())
}

/// End this season: post its final ladders and softly reset every rating
// The ladders are kept (`/ladder season:`).
#[poise::command(
    slash_command,
    guild_only,
    rename = "end",
    default_member_permissions = "MANAGE_GUILD",
    required_permissions = "MANAGE_GUILD"
)]
pub async fn season_end(ctx: Context<'_>) -> Result<(), BotError> {
    let server = server_of(ctx)?;
    let lang = lang_of_ctx(ctx);
    let end = ctx
        .data()
        .ledger
        .end_season(server, crate::ledger::now_unix())
        .await?;
    let text = i18n::tr_args(
        lang,
        "season-ended",
        &[
            ("season", end.number.into()),
            ("next", (end.number + 1).into()),
        ],
    );
    // The final ladders, the top ten of each game: five games' embeds
    // share a message's 6,000 characters (the whole ladder stays kept,
    // `/ladder season:`).
    let embeds: Vec<serenity::CreateEmbed> = end
        .ladders
        .iter()
        .map(|(kind, lines)| {
            let top: Vec<LadderLine> = lines.iter().take(10).cloned().collect();
            ladder_embed(lang, kind, end.number, 1, &top)
        })
        .collect();
    let mut reply = quiet().content(text);
    for e in embeds {
        reply = reply.embed(e);
    }
    crate::discord::send(ctx, reply).await?;
    Ok(())
}
