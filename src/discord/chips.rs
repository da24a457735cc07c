//! Chip commands: `/chips`, `/daily`, `/give`, `/chips-admin`, `/history`,
//! `/stats`, on the ledger. Every chip movement carries the interaction id
//! as its idempotency key, so a replayed interaction moves nothing twice.

use super::{lang_of_ctx, BotError, Context};
use crate::i18n::{self, Lang};
use crate::ledger::LedgerError;
use crate::message::Arg;
use poise::serenity_prelude as serenity;

impl From<LedgerError> for BotError {
    fn from(e: LedgerError) -> BotError {
        if e.is_refusal() {
            let message = crate::table::ledger_message(&e);
            BotError::User {
                key: message.key,
                args: message.args,
            }
        } else {
            BotError::Internal(anyhow::Error::new(e))
        }
    }
}

fn server_of(ctx: Context<'_>) -> Result<u64, BotError> {
    ctx.guild_id()
        .map(|g| g.get())
        .ok_or_else(|| BotError::user("err-guild-only"))
}

fn mention(user: u64) -> String {
    format!("<@{user}>")
}

/// A reply that never pings anyone it names.
fn quiet() -> poise::CreateReply {
    poise::CreateReply::default().allowed_mentions(serenity::CreateAllowedMentions::new())
}

fn refuse_bot(user: &serenity::User) -> Result<(), BotError> {
    if user.bot {
        return Err(BotError::user("err-bot-user"));
    }
    Ok(())
}

/// Checks a typed amount: 1 or more (Discord's integer option may carry
/// anything up to 2^53).
fn amount_of(amount: i64) -> Result<i64, BotError> {
    if amount < 1 {
        return Err(BotError::user("err-amount-positive"));
    }
    Ok(amount)
}

/// Your chip balance (privately), or this server's leaderboard
#[poise::command(slash_command, guild_only)]
// Only `leaderboard: true` posts for the whole channel.
pub async fn chips(
    ctx: Context<'_>,
    user: Option<serenity::User>,
    leaderboard: Option<bool>,
) -> Result<(), BotError> {
    let server = server_of(ctx)?;
    let lang = lang_of_ctx(ctx);
    let ledger = &ctx.data().ledger;
    let me = ctx.author().id.get();
    let target = match &user {
        Some(u) => {
            refuse_bot(u)?;
            u.id.get()
        }
        None => me,
    };
    // The caller's own account exists from now on, so it has a rank.
    let mine = ledger.balance(server, me).await?;
    // Someone else's account is only looked at: opening it here would grant
    // its starting chips on another member's say-so (farmed with /give).
    let balance = if target == me {
        Some(mine)
    } else {
        ledger.existing_balance(server, target).await?
    };
    let rank = ledger.rank(server, me).await?;
    let (rank, chips) = rank.unwrap_or((0, mine));
    let footer = i18n::tr_args(
        lang,
        "chips-your-rank",
        &[("rank", rank.into()), ("chips", chips.into())],
    );
    let content = match balance {
        Some(balance) => i18n::tr_args(
            lang,
            "chips-balance",
            &[
                ("player", mention(target).into()),
                ("chips", balance.into()),
            ],
        ),
        None => i18n::tr_args(
            lang,
            "chips-no-account",
            &[("player", mention(target).into())],
        ),
    };
    if !leaderboard.unwrap_or(false) {
        // A balance is one's own business: only the caller sees it.
        crate::discord::send(
            ctx,
            quiet()
                .ephemeral(true)
                .content(format!("{content}\n{footer}")),
        )
        .await?;
        return Ok(());
    }
    let top = ledger.leaderboard(server, 10).await?;
    let mut board = String::new();
    for (i, (user, chips)) in top.iter().enumerate() {
        board.push_str(&i18n::tr_args(
            lang,
            "chips-leaderboard-line",
            &[
                ("rank", (i as i64 + 1).into()),
                ("player", mention(*user).into()),
                ("chips", (*chips).into()),
            ],
        ));
        board.push('\n');
    }
    if board.is_empty() {
        board = i18n::tr(lang, "chips-leaderboard-empty");
    }
    let embed = serenity::CreateEmbed::new()
        .title(i18n::tr(lang, "chips-leaderboard"))
        .description(board)
        .footer(serenity::CreateEmbedFooter::new(footer));
    crate::discord::send(ctx, quiet().content(content).embed(embed)).await?;
    Ok(())
}

/// Claim your daily chips.
#[poise::command(slash_command, guild_only)]
pub async fn daily(ctx: Context<'_>) -> Result<(), BotError> {
    let server = server_of(ctx)?;
    let lang = lang_of_ctx(ctx);
    let now = crate::ledger::now_unix();
    let balance = ctx
        .data()
        .ledger
        .daily(server, ctx.author().id.get(), now)
        .await?;
    let text = i18n::tr_args(
        lang,
        "daily-claimed",
        &[
            ("amount", ctx.data().config.chips.daily.into()),
            ("chips", balance.into()),
        ],
    );
    crate::discord::send(ctx, quiet().content(text).ephemeral(true)).await?;
    Ok(())
}

/// Give some of your chips to another member.
#[poise::command(slash_command, guild_only)]
pub async fn give(ctx: Context<'_>, user: serenity::User, amount: i64) -> Result<(), BotError> {
    let server = server_of(ctx)?;
    let lang = lang_of_ctx(ctx);
    refuse_bot(&user)?;
    let amount = amount_of(amount)?;
    let me = ctx.author().id.get();
    let ledger = &ctx.data().ledger;
    // A gift must not open the receiver's account: that would grant its
    // starting chips on the giver's say-so. Accounts are never deleted, so
    // one that exists now still exists when the transfer runs.
    if user.id.get() != me
        && ledger
            .existing_balance(server, user.id.get())
            .await?
            .is_none()
    {
        return Err(BotError::User {
            key: "err-give-no-account",
            args: vec![("player", Arg::User(user.id.get()))],
        });
    }
    let key = format!("give:{}", ctx.id());
    ledger
        .transfer(server, me, user.id.get(), amount, &key)
        .await?;
    let balance = ledger.balance(server, me).await?;
    let text = i18n::tr_args(
        lang,
        "give-done",
        &[
            ("amount", amount.into()),
            ("player", mention(user.id.get()).into()),
            ("chips", balance.into()),
        ],
    );
    crate::discord::send(ctx, quiet().content(text)).await?;
    Ok(())
}

/// Grant or take back chips (Manage Server).
#[poise::command(
    slash_command,
    guild_only,
    rename = "chips-admin",
    subcommands("admin_grant", "admin_revoke"),
    subcommand_required,
    default_member_permissions = "MANAGE_GUILD",
    required_permissions = "MANAGE_GUILD"
)]
pub async fn chips_admin(_ctx: Context<'_>) -> Result<(), BotError> {
    Ok(())
}

/// Give a member chips from the house.
#[poise::command(
    slash_command,
    guild_only,
    rename = "grant",
    default_member_permissions = "MANAGE_GUILD",
    required_permissions = "MANAGE_GUILD"
)]
pub async fn admin_grant(
    ctx: Context<'_>,
    user: serenity::User,
    amount: i64,
) -> Result<(), BotError> {
    admin_adjust(ctx, user, amount_of(amount)?, "admin-granted").await
}

/// Take chips back from a member.
#[poise::command(
    slash_command,
    guild_only,
    rename = "revoke",
    default_member_permissions = "MANAGE_GUILD",
    required_permissions = "MANAGE_GUILD"
)]
pub async fn admin_revoke(
    ctx: Context<'_>,
    user: serenity::User,
    amount: i64,
) -> Result<(), BotError> {
    admin_adjust(ctx, user, -amount_of(amount)?, "admin-revoked").await
}

async fn admin_adjust(
    ctx: Context<'_>,
    user: serenity::User,
    signed: i64,
    done_key: &'static str,
) -> Result<(), BotError> {
    let server = server_of(ctx)?;
    let lang = lang_of_ctx(ctx);
    refuse_bot(&user)?;
    let key = format!("admin:{}", ctx.id());
    let balance = ctx
        .data()
        .ledger
        .admin_adjust(server, user.id.get(), signed, ctx.author().id.get(), &key)
        .await
        .map_err(|e| match e {
            // The balance is the member's, not the admin's: say whose.
            LedgerError::InsufficientChips { balance, needed } => BotError::User {
                key: "err-revoke-beyond-balance",
                args: vec![
                    ("player", Arg::User(user.id.get())),
                    ("chips", Arg::Int(balance)),
                    ("amount", Arg::Int(needed)),
                ],
            },
            other => other.into(),
        })?;
    let text = i18n::tr_args(
        lang,
        done_key,
        &[
            ("amount", signed.abs().into()),
            ("player", mention(user.id.get()).into()),
            ("chips", balance.into()),
        ],
    );
    crate::discord::send(ctx, quiet().content(text)).await?;
    Ok(())
}

/// Recent games in this server.
#[poise::command(slash_command, guild_only)]
pub async fn history(ctx: Context<'_>) -> Result<(), BotError> {
    let server = server_of(ctx)?;
    let lang = lang_of_ctx(ctx);
    let games = ctx.data().ledger.history(server, 10).await?;
    let mut lines = Vec::new();
    for g in &games {
        let players: Vec<String> = g
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let who = match s {
                    Some(u) => mention(*u),
                    None => {
                        i18n::tr_args(lang, "table-ai-name", &[("number", (i as i64 + 1).into())])
                    }
                };
                match g.paid.as_ref().and_then(|p| p.get(i)) {
                    Some(d) => format!("{who} {d:+}"),
                    None => who,
                }
            })
            .collect();
        let status = i18n::tr(lang, &format!("history-status-{}", g.status.as_str()));
        lines.push(i18n::tr_args(
            lang,
            "history-line",
            &[
                ("id", g.id.into()),
                ("when", format!("<t:{}:R>", g.created_at).into()),
                ("game", game_name(lang, &g.kind).into()),
                ("status", status.into()),
                ("players", i18n::list(lang, &players).into()),
            ],
        ));
    }
    let description = if lines.is_empty() {
        i18n::tr(lang, "history-empty")
    } else {
        lines.join("\n")
    };
    let (description, shown) = whole_lines(&description, super::errors::MAX_DESCRIPTION);
    let mut embed = serenity::CreateEmbed::new()
        .title(i18n::tr(lang, "history-title"))
        .description(description);
    if shown < lines.len() {
        // Games of many seats (twelve at Duan Guozi) and their chips: the
        // newest that fit Discord's 4,096 characters, and a word on it.
        embed = embed.footer(serenity::CreateEmbedFooter::new(i18n::tr_args(
            lang,
            "history-fewer",
            &[("count", (shown as i64).into())],
        )));
    }
    crate::discord::send(ctx, quiet().embed(embed)).await?;
    Ok(())
}

/// Games played, won and chips won, per game.
#[poise::command(slash_command, guild_only)]
pub async fn stats(ctx: Context<'_>, user: Option<serenity::User>) -> Result<(), BotError> {
    let server = server_of(ctx)?;
    let lang = lang_of_ctx(ctx);
    let target = match &user {
        Some(u) => {
            refuse_bot(u)?;
            u.id.get()
        }
        None => ctx.author().id.get(),
    };
    let s = ctx.data().ledger.stats(server, target).await?;
    let who = mention(target);
    let description = if s.games == 0 {
        i18n::tr_args(lang, "stats-empty", &[("player", who.clone().into())])
    } else {
        s.by_kind
            .iter()
            .map(|k| {
                i18n::tr_args(
                    lang,
                    "stats-line",
                    &[
                        ("game", game_name(lang, &k.kind).into()),
                        ("games", (k.games as i64).into()),
                        ("wins", (k.wins as i64).into()),
                        ("net", k.net.into()),
                    ],
                )
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    let embed = serenity::CreateEmbed::new()
        .title(i18n::tr_args(
            lang,
            "stats-title",
            &[("player", who.into())],
        ))
        .description(description);
    crate::discord::send(ctx, quiet().embed(embed)).await?;
    Ok(())
}

/// The first lines of `text` that fit in `max` characters, and how many
/// (a first line longer than `max` alone is cut, an ellipsis ending it).
pub fn whole_lines(text: &str, max: usize) -> (String, usize) {
    let mut out = String::new();
    let mut size = 0;
    let mut count = 0;
    for line in text.split('\n') {
        let n = line.chars().count() + usize::from(count > 0);
        if size + n > max {
            break;
        }
        if count > 0 {
            out.push('\n');
        }
        out.push_str(line);
        size += n;
        count += 1;
    }
    if count == 0 {
        let mut cut: String = text.chars().take(max.saturating_sub(1)).collect();
        cut.push('…');
        return (cut, 1);
    }
    (out, count)
}

/// A game kind's display name (`dou-dizhu` → "Dou Dizhu" / "斗地主").
fn game_name(lang: Lang, kind: &str) -> String {
    crate::i18n::display_name(lang, kind)
}

#[cfg(test)]
mod tests {
    use super::whole_lines;

    #[test]
    fn whole_lines_keep_to_the_limit() {
        assert_eq!(whole_lines("ab\ncd\nef", 5), ("ab\ncd".to_string(), 2));
        assert_eq!(whole_lines("ab\ncd", 5), ("ab\ncd".to_string(), 2));
        assert_eq!(whole_lines("abcdef", 4), ("abc…".to_string(), 1));
    }
}
