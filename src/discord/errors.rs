//! Errors of the Discord front end and the one place that answers them.
//!
//! A [`BotError::User`] is the member's mistake or a refusal (wrong turn,
//! stale button, not enough chips): it carries a Fluent key and is said
//! privately, in the member's language. A [`BotError::Internal`] is ours:
//! it is logged, and the member is told privately that nothing changed.

use super::Data;
use crate::games::RuleError;
use crate::i18n::{self, Lang};
use crate::message::Arg;
use poise::serenity_prelude as serenity;

#[derive(Debug, thiserror::Error)]
pub enum BotError {
    #[error("{key} {args:?}")]
    User {
        key: crate::message::Key,
        args: Vec<(&'static str, Arg)>,
    },
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl BotError {
    /// A refusal with no arguments.
    pub fn user(key: crate::message::Key) -> BotError {
        BotError::User {
            key,
            args: Vec::new(),
        }
    }

    pub fn arg(self, name: &'static str, value: impl Into<Arg>) -> BotError {
        match self {
            BotError::User { key, mut args } => {
                args.push((name, value.into()));
                BotError::User { key, args }
            }
            other => other,
        }
    }

    /// A table option outside the values it takes (`err-option-range`),
    /// named as the slash command names it.
    pub fn option_range(
        option: &'static str,
        range: std::ops::RangeInclusive<i64>,
        got: i64,
    ) -> BotError {
        BotError::user(crate::keys::ERR_OPTION_RANGE)
            .arg("option", option)
            .arg("min", *range.start())
            .arg("max", *range.end())
            .arg("got", got)
    }

    /// The sentence for the member.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            BotError::User { key, args } => i18n::tr_typed(lang, key.as_str(), args, &Discord),
            BotError::Internal(_) => i18n::tr(lang, crate::keys::ERR_INTERNAL.as_str()),
        }
    }
}

/// How Discord shows a member and a moment: a mention, which each client
/// shows as the member's name, and a timestamp each client shows as a
/// relative time in its own language.
pub struct Discord;

impl i18n::FrontEnd for Discord {
    fn user(&self, _: Lang, user: u64) -> String {
        format!("<@{user}>")
    }

    fn time(&self, _: Lang, unix_seconds: i64) -> String {
        format!("<t:{unix_seconds}:R>")
    }
}

/// A refusal typed by a lower layer (a setting out of its bounds).
impl From<crate::message::Message> for BotError {
    fn from(m: crate::message::Message) -> BotError {
        BotError::User {
            key: m.key,
            args: m.args,
        }
    }
}

impl From<RuleError> for BotError {
    fn from(e: RuleError) -> BotError {
        BotError::User {
            key: e.key,
            args: e.args,
        }
    }
}

impl From<serenity::Error> for BotError {
    fn from(e: serenity::Error) -> BotError {
        BotError::Internal(e.into())
    }
}

/// poise's error hook: every failure of a command ends here and is
/// answered privately.
pub async fn on_error(error: poise::FrameworkError<'_, Data, BotError>) {
    match error {
        poise::FrameworkError::Command { error, ctx, .. } => {
            if let BotError::Internal(e) = &error {
                tracing::error!(command = %ctx.command().qualified_name, "command failed: {e:#}");
            }
            let lang = super::lang_of_ctx(ctx);
            reply_private(ctx, error.text(lang)).await;
        }
        poise::FrameworkError::ArgumentParse { ctx, input, .. } => {
            let lang = super::lang_of_ctx(ctx);
            let text = match input {
                Some(input) => i18n::tr_args(
                    lang,
                    crate::keys::ERR_BAD_OPTION.as_str(),
                    &[("detail", i18n::text_value(&input))],
                ),
                None => i18n::tr(lang, crate::keys::ERR_MALFORMED_ACTION.as_str()),
            };
            reply_private(ctx, text).await;
        }
        // Options that do not fit the command's declaration (a stale
        // registration: text where a number goes, a required one missing)
        // get an answer; serenity itself drops an interaction whose values
        // do not fit their declared types ("10" for an integer option).
        poise::FrameworkError::CommandStructureMismatch {
            ctx, description, ..
        } => {
            tracing::info!(
                command = %ctx.command().qualified_name,
                "a malformed interaction was refused: {description}"
            );
            let ctx = poise::Context::Application(ctx);
            let lang = super::lang_of_ctx(ctx);
            reply_private(
                ctx,
                i18n::tr(lang, crate::keys::ERR_MALFORMED_OPTION.as_str()),
            )
            .await;
        }
        // A command refused before it ran (`command_check`: a guild this
        // process does not host), said like the command's own refusals.
        poise::FrameworkError::CommandCheckFailed {
            error: Some(error),
            ctx,
            ..
        } => {
            let lang = super::lang_of_ctx(ctx);
            reply_private(ctx, error.text(lang)).await;
        }
        poise::FrameworkError::MissingUserPermissions { ctx, .. } => {
            let lang = super::lang_of_ctx(ctx);
            reply_private(ctx, i18n::tr(lang, crate::keys::ERR_PERMISSION.as_str())).await;
        }
        poise::FrameworkError::GuildOnly { ctx, .. } => {
            let lang = super::lang_of_ctx(ctx);
            reply_private(ctx, i18n::tr(lang, crate::keys::ERR_GUILD_ONLY.as_str())).await;
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::error!("while handling an error: {e}");
            }
        }
    }
}

/// The most characters of message content Discord takes.
pub const MAX_CONTENT: usize = 2000;

/// `text` cut to fit a message's content ([`MAX_CONTENT`] characters), an
/// ellipsis marking the cut: a reply that quotes what a member typed (or
/// names many things) must still be sent — Discord refuses a longer one,
/// and the member would get no answer at all.
pub fn fit_content(text: String) -> String {
    if text.chars().count() <= MAX_CONTENT {
        return text;
    }
    let mut cut: String = text.chars().take(MAX_CONTENT - 1).collect();
    cut.push('…');
    cut
}

/// `text` cut to `max` characters, an ellipsis marking the cut.
pub fn fit(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let mut cut: String = text.chars().take(max - 1).collect();
    cut.push('…');
    cut
}

/// The most characters of an embed's description Discord takes.
pub const MAX_DESCRIPTION: usize = 4096;

/// `text` as messages of at most `max` characters each, cut between lines
/// (between paragraphs where one ends close enough to the limit, so a
/// paragraph stays whole), a line longer than `max` alone cut inside it:
/// a long text (a game's rules) arrives whole, in as many messages as it
/// needs, where [`fit_content`] would drop its end.
pub fn split_content(text: &str, max: usize) -> Vec<String> {
    let mut parts = Vec::new();
    let mut rest: Vec<char> = text.chars().collect();
    while rest.len() > max {
        let window = &rest[..=max];
        // The last paragraph break in the second half of the window, else
        // the last line break, else a cut at the limit.
        let newline_at = |from: usize, pair: bool| {
            (from..max)
                .rev()
                .find(|&i| window[i] == '\n' && (!pair || (i > 0 && window[i - 1] == '\n')))
        };
        let cut = newline_at(max / 2, true)
            .or_else(|| newline_at(1, false))
            .unwrap_or(max);
        let part: String = rest[..cut].iter().collect();
        parts.push(part.trim_end().to_string());
        let skip = rest[cut..].iter().take_while(|c| **c == '\n').count();
        rest.drain(..cut + skip);
    }
    let last: String = rest.into_iter().collect();
    if !last.trim().is_empty() || parts.is_empty() {
        parts.push(last);
    }
    parts
}

async fn reply_private(ctx: super::Context<'_>, text: String) {
    let reply = poise::CreateReply::default()
        .content(fit_content(text))
        .ephemeral(true);
    if let Err(e) = crate::discord::send(ctx, reply).await {
        tracing::warn!("could not send an error reply: {e}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ledger::LedgerError;
    use crate::table::{store_error, Fault, TableError};

    /// An option out of range is said in the member's language, with the
    /// option's name, its range and what was given.
    /// A reply past Discord's 2,000 characters is cut to them, never left
    /// unsent; a shorter one is untouched.
    #[test]
    fn a_long_reply_is_cut_to_discords_limit() {
        let long = "梅".repeat(5000);
        let fitted = fit_content(long);
        assert_eq!(fitted.chars().count(), MAX_CONTENT);
        assert!(fitted.ends_with('…'));
        assert_eq!(fit_content("short".into()), "short");
    }

    /// A text past the limit is cut between paragraphs, else lines, into
    /// parts that each fit and together say everything.
    #[test]
    fn a_long_text_is_split_between_paragraphs_and_lines() {
        let run = |c: char, n: usize| std::iter::repeat_n(c, n).collect::<String>();
        // A paragraph break late enough is preferred to a later line break.
        let text = format!("{}\n\n{}\n{}", run('a', 1100), run('b', 500), run('c', 900));
        let parts = split_content(&text, 2000);
        assert_eq!(
            parts,
            [
                run('a', 1100),
                format!("{}\n{}", run('b', 500), run('c', 900))
            ]
        );
        let para = |c: char| run(c, 700);
        // No paragraph break: between lines; no line break: inside.
        let lines = format!("{}\n{}\n{}", para('a'), para('b'), para('c'));
        assert_eq!(split_content(&lines, 1500).len(), 2);
        let one = "梅".repeat(4500);
        let cut = split_content(&one, 2000);
        assert_eq!(
            cut.iter().map(|p| p.chars().count()).collect::<Vec<_>>(),
            [2000, 2000, 500]
        );
        assert_eq!(split_content("short", 2000), ["short"]);
    }

    #[test]
    fn an_option_out_of_range_names_it_and_its_range_in_both_languages() {
        let refused = BotError::option_range("decks", 1..=4, 7);
        assert_eq!(
            refused.text(Lang::EnUs),
            "The table option decks takes 1 to 4, not 7."
        );
        assert_eq!(
            refused.text(Lang::ZhCn),
            "牌桌选项 decks 只能是 1 到 4，不能是 7。"
        );
    }

    /// Issue #33: behind a click, a ledger failure was shown as the user's
    /// mistake and never logged as ours: the front end looked for a key
    /// (`ledger-internal-error`) that nothing produced. The kind is typed
    /// now: a failure of the database is internal (logged; the member reads
    /// the internal-error words), a busy one transient, a refusal the
    /// member's.
    #[test]
    fn a_ledger_failure_behind_a_click_is_internal_and_a_refusal_is_not() {
        let failed = store_error(LedgerError::Database(sqlx::Error::Protocol(
            "the server closed the connection".into(),
        )));
        assert_eq!(failed.fault, Fault::Internal);
        let answer = BotError::from(TableError::Store(failed));
        assert!(matches!(answer, BotError::Internal(_)), "{answer:?}");
        for lang in [Lang::EnUs, Lang::ZhCn] {
            assert_eq!(
                answer.text(lang),
                i18n::tr(lang, crate::keys::ERR_INTERNAL.as_str())
            );
        }

        let busy = store_error(LedgerError::Database(sqlx::Error::PoolTimedOut));
        assert!(busy.is_transient());

        let refused = store_error(LedgerError::InsufficientChips {
            balance: 3,
            needed: 40,
        });
        assert_eq!(refused.fault, Fault::Refusal);
        let answer = BotError::from(TableError::Store(refused));
        assert!(
            matches!(
                answer,
                BotError::User {
                    key: crate::keys::ERR_INSUFFICIENT_CHIPS,
                    ..
                }
            ),
            "{answer:?}"
        );
    }
}
