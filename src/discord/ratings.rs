//! Ratings on Discord (issue #35): each rated game's rating changes in its
//! result message, `/rank` (privately: a member's tier, rating, games, win
//! rate, best streak and place per game), `/ladder` (a game's ladder of
//! this season or a past one; public when asked, as `/chips`) and `/season`
//! (Manage Server: status, start, end — the end posts the final ladders).
//!
//! Words in `locales/*/ratings.ftl`; the tiers are the ledger's
//! ([`crate::ledger::ratings::model::Ladder`]), named there too.

use super::members::Members;
use super::{lang_of_ctx, BotError, Context};
use crate::i18n::{self, Lang};
use crate::ledger::ratings::model::{Ladder, Tier};
use crate::ledger::{LadderLine, Ledger, RatingReport, RatingsConfig, SeasonEnd, Verdict};
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

/// A tier's name in `lang`: "黄金 II", "长工" — the config's own name for
/// it when `[ratings.tier_names]` gives one in `lang`.
pub fn tier_name(lang: Lang, tier: Tier, config: &RatingsConfig) -> String {
    let configured = config
        .tier_names
        .get(tier.ladder.name())
        .and_then(|langs| {
            langs
                .iter()
                .find(|(code, _)| Lang::from_code(code) == Some(lang))
        })
        .and_then(|(_, names)| names.get(tier.index));
    let name = match configured {
        Some(n) => n.clone(),
        None => i18n::tr(lang, &tier.key()),
    };
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
pub fn result_field(
    lang: Lang,
    report: &RatingReport,
    config: &RatingsConfig,
) -> Option<(String, String)> {
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
                            (
                                "tier",
                                format!("{}{arrow}", tier_name(lang, now, config)).into(),
                            ),
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
        .ok_or_else(|| BotError::user(crate::keys::ERR_GUILD_ONLY))
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
        Some(u) if u.bot => return Err(BotError::user(crate::keys::ERR_BOT_USER)),
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
            tier_name(lang, e.tier(), ledger.ratings_config())
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
fn ladder_text(lang: Lang, kind: &str, lines: &[LadderLine], config: &RatingsConfig) -> String {
    let ladder = Ladder::for_kind(kind);
    lines
        .iter()
        .map(|l| {
            let tier = if l.provisional {
                i18n::tr(lang, "ladder-provisional")
            } else {
                tier_name(lang, ladder.tier(l.points), config)
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
    config: &RatingsConfig,
) -> serenity::CreateEmbed {
    let text = if lines.is_empty() {
        i18n::tr(lang, "ladder-empty")
    } else {
        ladder_text(lang, kind, lines, config)
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
                key: crate::keys::ERR_NO_SUCH_SEASON,
                args: vec![
                    ("season", crate::message::Arg::Int(s)),
                    ("current", crate::message::Arg::Int(current)),
                ],
            });
        }
    }
    let page = page.unwrap_or(1).max(1);
    if page > LADDER_PAGES {
        return Err(BotError::User {
            key: crate::keys::ERR_LADDER_PAGE,
            args: vec![
                ("pages", crate::message::Arg::Int(LADDER_PAGES)),
                (
                    "players",
                    crate::message::Arg::Int(LADDER_PAGES * i64::from(LADDER_PAGE)),
                ),
            ],
        });
    }
    let page = page as u32;
    // Asking Discord who is still a member may take longer than the 3 s an
    // answer may: acknowledged first.
    let public = public.unwrap_or(false);
    if public {
        ctx.defer().await?;
    } else {
        ctx.defer_ephemeral().await?;
    }
    let members = Listed {
        ledger,
        members: &ctx.data().members,
        http: &ctx.serenity_context().http,
        server,
    };
    let (season, lines) = members
        .ladder(game.kind(), season, page * LADDER_PAGE)
        .await?;
    let first = ((page - 1) * LADDER_PAGE) as usize;
    let lines = lines.get(first..).unwrap_or_default();
    let embed = ladder_embed(
        lang,
        game.kind(),
        season,
        page,
        lines,
        ledger.ratings_config(),
    );
    crate::discord::send(ctx, quiet().embed(embed).ephemeral(!public)).await?;
    Ok(())
}

/// Pages of a ladder `/ladder` walks at most: each line is a lookup of
/// whether the player is still a member.
const LADDER_PAGES: i64 = 25;

/// How many of a ladder's lines are read (and their players looked up) at
/// a time.
const LADDER_BATCH: u32 = 50;

/// A server's ladders as its members see them: players who left the server
/// are not listed, and the places count the players listed.
struct Listed<'a> {
    ledger: &'a Ledger,
    members: &'a Members,
    http: &'a serenity::Http,
    server: u64,
}

impl Listed<'_> {
    /// The first `want` lines of `kind`'s ladder of `season` (this one:
    /// `None`) whose players are still members, and the season's number.
    async fn ladder(
        &self,
        kind: &str,
        season: Option<i64>,
        want: u32,
    ) -> Result<(i64, Vec<LadderLine>), BotError> {
        let mut listed = Vec::new();
        let mut offset = 0;
        loop {
            let (number, batch) = self
                .ledger
                .ladder(self.server, kind, season, offset, LADDER_BATCH)
                .await?;
            listed.extend(self.still_members(&batch).await);
            if batch.len() < LADDER_BATCH as usize || listed.len() >= want as usize {
                listed.truncate(want as usize);
                renumber(&mut listed);
                return Ok((number, listed));
            }
            offset += LADDER_BATCH;
        }
    }

    /// `lines` without the players who left, placed again in their order.
    async fn still_members(&self, lines: &[LadderLine]) -> Vec<LadderLine> {
        let users: Vec<u64> = lines.iter().map(|l| l.user).collect();
        let present = self
            .members
            .still_members(self.http, self.server, &users)
            .await;
        lines
            .iter()
            .zip(present)
            .filter(|(_, here)| *here)
            .map(|(l, _)| l.clone())
            .collect()
    }

    /// A season's end as posted: the words and the final top ten of each
    /// game, without those who left. Five games' embeds share a message's
    /// 6,000 characters (the whole ladder stays kept, `/ladder season:`).
    async fn season_end(
        &self,
        lang: Lang,
        end: &SeasonEnd,
    ) -> (String, Vec<serenity::CreateEmbed>) {
        let text = i18n::tr_args(
            lang,
            "season-ended",
            &[
                ("season", end.number.into()),
                ("next", (end.number + 1).into()),
            ],
        );
        let mut embeds = Vec::new();
        for (kind, lines) in &end.ladders {
            let mut top = Vec::new();
            for batch in lines.chunks(LADDER_BATCH as usize) {
                top.extend(self.still_members(batch).await);
                if top.len() >= 10 {
                    break;
                }
            }
            top.truncate(10);
            renumber(&mut top);
            embeds.push(ladder_embed(
                lang,
                kind,
                end.number,
                1,
                &top,
                self.ledger.ratings_config(),
            ));
        }
        (text, embeds)
    }
}

/// Places 1, 2, 3… in the lines' order.
fn renumber(lines: &mut [LadderLine]) {
    for (i, l) in lines.iter_mut().enumerate() {
        l.place = i as u32 + 1;
    }
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
    // Looking up who is still a member may take more than the 3 s.
    ctx.defer().await?;
    let listed = Listed {
        ledger: &ctx.data().ledger,
        members: &ctx.data().members,
        http: &ctx.serenity_context().http,
        server,
    };
    let (text, embeds) = listed.season_end(lang, &end).await;
    let mut reply = quiet().content(text);
    for e in embeds {
        reply = reply.embed(e);
    }
    crate::discord::send(ctx, reply).await?;
    Ok(())
}

/// How often the bot looks for seasons that came due (and once as it
/// starts).
const SEASON_CLOCK: std::time::Duration = std::time::Duration::from_secs(600);

/// Ends the seasons that outlived `[ratings] season_days` (none when 0).
pub struct SeasonClock {
    pub ledger: Ledger,
    pub members: std::sync::Arc<Members>,
    /// The language of a server that chose none (`/paiju settings`).
    pub default_lang: Lang,
    /// The bot's pacing of its writes (the tables' own): the season's post
    /// keeps to the channel's posts bucket like theirs.
    pub pace: super::pace::Pacer,
}

impl SeasonClock {
    /// Looks now and every ten minutes for the seasons of this process's
    /// servers (`hosts`) that came due, ends each once — another process
    /// may end it first: then this one does nothing — and posts its final
    /// ladders in the channel of the server's last rated game, in the
    /// server's language.
    pub fn spawn(
        self,
        http: std::sync::Arc<serenity::Http>,
        hosts: impl Fn(u64) -> bool + Send + Sync + 'static,
    ) {
        if self.ledger.ratings_config().season_days <= 0 {
            return;
        }
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(SEASON_CLOCK);
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                tick.tick().await;
                self.end_due(&http, &hosts).await;
            }
        });
    }

    async fn end_due(&self, http: &serenity::Http, hosts: &impl Fn(u64) -> bool) {
        let now = crate::ledger::now_unix();
        let due = match self.ledger.seasons_due(now).await {
            Ok(due) => due,
            Err(e) => {
                tracing::warn!("cannot read the seasons due: {e}");
                return;
            }
        };
        for d in due.into_iter().filter(|d| hosts(d.server)) {
            let end = match self
                .ledger
                .end_season_numbered(d.server, now, Some(d.number))
                .await
            {
                Ok(Some(end)) => end,
                Ok(None) => continue,
                Err(e) => {
                    tracing::warn!(server = d.server, "cannot end the season: {e}");
                    continue;
                }
            };
            tracing::info!(server = d.server, season = end.number, "season ended");
            if end.ladders.iter().all(|(_, lines)| lines.is_empty()) {
                // A season nobody played in ends without a word.
                continue;
            }
            let channel = match self.ledger.game_channel(d.last_game).await {
                Ok(Some(c)) if c > 0 => c,
                _ => continue,
            };
            let lang = self
                .ledger
                .server_settings(d.server)
                .await
                .ok()
                .and_then(|s| {
                    s.get(crate::config::server_settings::names::LANGUAGE)
                        .and_then(|code| Lang::from_code(code))
                })
                .unwrap_or(self.default_lang);
            let listed = Listed {
                ledger: &self.ledger,
                members: &self.members,
                http,
                server: d.server,
            };
            let (text, embeds) = listed.season_end(lang, &end).await;
            let msg = serenity::CreateMessage::new()
                .content(text)
                .embeds(embeds)
                .allowed_mentions(serenity::CreateAllowedMentions::new());
            let to = serenity::ChannelId::new(channel);
            let posted = self
                .pace
                .send(super::pace::Bucket::Posts(channel), || {
                    to.send_message(http, msg.clone())
                })
                .await;
            if let Err(e) = posted {
                super::ops::counted(&e);
                tracing::warn!(channel, "cannot post the season's end: {e}");
            }
        }
    }
}
