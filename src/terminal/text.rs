//! The shared loop's sentences and the seat names of `paiju play`, from the
//! Fluent files (`locales/*/terminal.ftl`, and the bot's messages where the
//! words are the same). Each game's own words are in its file; the games'
//! events are worded by [`crate::i18n::events`], the same as on Discord.

use crate::i18n::events::{signed, Seats};
use crate::i18n::{self, tr, tr_args, Lang};
use crate::table::{CloseReason, GameId, TableError};
use fluent_bundle::FluentValue;

/// The input prompt (no words: the same in every language).
pub const PROMPT: &str = "> ";

/// Enough seat names for any game's table (Duan Guozi seats 12).
pub const MAX_SEATS: usize = 16;

/// The terminal's seat names: the player's own seat is "You", the others
/// "AI n" by their seat number as the pictures and Discord count them,
/// from 1 (the player at seat 1 plays with AI 2 and AI 3). Only the names:
/// records keep their seats from 0.
pub fn names(lang: Lang, seats: usize, me: usize) -> Vec<String> {
    (0..seats.max(me + 1))
        .map(|s| {
            if s == me {
                tr(lang, "term-you")
            } else {
                tr_args(lang, "table-ai-name", &[("number", (s as i64 + 1).into())])
            }
        })
        .collect()
}

/// [`names`] as [`Seats`] with `me` as "you"; `names` must outlive it.
pub fn seats(names: &[String], me: usize) -> Seats<'_> {
    Seats::new(names, Some(me))
}

/// One seat's name.
pub fn seat_name(lang: Lang, seat: usize, me: usize) -> String {
    names(lang, seat + 1, me)[seat].clone()
}

fn game_arg(game: GameId) -> FluentValue<'static> {
    FluentValue::from(game)
}

pub fn started(lang: Lang, game: GameId) -> String {
    started_as(lang, "term-started", game)
}

/// [`started`] in the words of `key` (a game's own opening line).
pub fn started_as(lang: Lang, key: &str, game: GameId) -> String {
    format!("\n{}", tr_args(lang, key, &[("game", game_arg(game))]))
}

pub fn resumed(lang: Lang, game: GameId, version: u64) -> String {
    let moves = i64::try_from(version).unwrap_or(i64::MAX);
    format!(
        "\n{}",
        tr_args(
            lang,
            "term-resumed",
            &[("game", game_arg(game)), ("moves", moves.into())]
        )
    )
}

pub fn your_turn(lang: Lang) -> String {
    tr(lang, "term-your-turn")
}

pub fn you_may(lang: Lang, options: &str) -> String {
    tr_args(lang, "term-you-may", &[("options", options.into())])
}

pub fn refused(lang: Lang, why: &str) -> String {
    tr_args(lang, "term-refused", &[("why", why.into())])
}

/// A refusal of the table in the player's language: rule errors by their
/// Fluent key, the table's own by [`TableError::key`].
pub fn table_error(lang: Lang, e: &TableError) -> String {
    refused(lang, &error_words(lang, e))
}

fn error_words(lang: Lang, e: &TableError) -> String {
    match e {
        TableError::Rule(rule) => i18n::tr_rule_error(lang, rule),
        other if i18n::has(Lang::EnUs, other.key().as_str()) => {
            i18n::tr_message(lang, &other.to_message(), &Terminal)
        }
        other => other.to_string(),
    }
}

/// How the terminal shows a member and a moment: the one person at a
/// terminal table is "you", and a moment is a time from now.
pub struct Terminal;

impl i18n::FrontEnd for Terminal {
    fn user(&self, lang: Lang, _: u64) -> String {
        tr(lang, "term-you")
    }

    fn time(&self, lang: Lang, unix_seconds: i64) -> String {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs() as i64);
        // Rounded up: "in 1 min" until the moment, never "in 0 min".
        let minutes = ((unix_seconds - now).max(0) + 59) / 60;
        tr_args(
            lang,
            "term-time-from-now",
            &[
                ("hours", (minutes / 60).into()),
                ("minutes", (minutes % 60).into()),
            ],
        )
    }
}

pub fn not_understood(lang: Lang, input: &str, why: &str) -> String {
    refused(
        lang,
        &tr_args(
            lang,
            "term-not-understood",
            &[("input", input.into()), ("why", why.into())],
        ),
    )
}

pub fn hint(lang: Lang, action: &str) -> String {
    tr_args(lang, "hint-action", &[("action", action.into())])
}

pub fn autoplay(lang: Lang, seats: &Seats<'_>, seat: usize, on: bool) -> String {
    let key = if on {
        "term-autoplay-on"
    } else {
        "term-autoplay-off"
    };
    seats.say(lang, key, seat, vec![])
}

/// 托管 switched on by the person (`托管`, `auto on`).
pub fn autoplay_switched_on(lang: Lang) -> String {
    tr(lang, "term-autoplay-switched-on")
}

/// `auto off` typed while the person plays their own seat.
pub fn autoplay_not_on(lang: Lang) -> String {
    tr(lang, "term-autoplay-not-on")
}

/// The table passed at once for `seat`, whose only move was the pass
/// and whose player chose that (要不起): the apps' words, not a timeout.
pub fn autopassed(lang: Lang, seats: &Seats<'_>, seat: usize) -> String {
    seats.say(lang, "term-autopassed", seat, vec![])
}

/// The person's 要不起 choice (`autopass on|off`, 自动不要 开|关), as now set.
pub fn autopass_set(lang: Lang, on: bool) -> String {
    tr(
        lang,
        if on {
            "term-autopass-on"
        } else {
            "term-autopass-off"
        },
    )
}

/// The person's turn when passing is the only move (要不起), in a game
/// that does not name the play standing.
pub fn forced_pass(lang: Lang) -> String {
    tr(lang, "term-forced-pass")
}

/// `time` rounded up to whole minutes when it is over a minute.
fn whole_minutes_above_one(time: std::time::Duration) -> std::time::Duration {
    let minute = std::time::Duration::from_secs(60);
    if time <= minute {
        return time;
    }
    let secs = time.as_secs() + u64::from(time.subsec_nanos() > 0);
    std::time::Duration::from_secs(secs.div_ceil(60) * 60)
}

/// A length of time in words: `10 min`, `20 s`, `1 min 30 s` (10分钟,
/// 20秒, 1分30秒), rounded up to the second.
pub fn duration(lang: Lang, time: std::time::Duration) -> String {
    let secs = time.as_secs() + u64::from(time.subsec_nanos() > 0);
    let secs = i64::try_from(secs).unwrap_or(i64::MAX);
    tr_args(
        lang,
        "term-duration",
        &[
            ("minutes", (secs / 60).into()),
            ("seconds", (secs % 60).into()),
        ],
    )
}

/// "Your move." with how long the person has for it, when a timer runs:
/// whole minutes (rounded up) while more than a minute is left, seconds
/// after. The seconds of a long turn say nothing a person needs, and they
/// would make the same seeded game print differently on a slower machine
/// ("9 min 59 s" once the turn took a second to reach the prompt).
pub fn your_turn_within(lang: Lang, left: Option<std::time::Duration>) -> String {
    match left {
        Some(left) => tr_args(
            lang,
            "term-your-turn-timed",
            &[("time", duration(lang, whole_minutes_above_one(left)).into())],
        ),
        None => your_turn(lang),
    }
}

/// Said once when little of the person's time is left.
pub fn time_warning(lang: Lang, left: std::time::Duration) -> String {
    tr_args(
        lang,
        "term-time-warning",
        &[("time", duration(lang, left).into())],
    )
}

/// A game's rules texts (what `rules` answers on Discord) as plain text
/// for a terminal: Discord's bold marks taken out, a blank line between
/// two texts.
pub fn rules(lang: Lang, kind: crate::games::GameKind) -> String {
    kind.rules_keys()
        .iter()
        .map(|key| tr(lang, key).replace("**", ""))
        .collect::<Vec<_>>()
        .join("\n\n")
}

pub fn left(lang: Lang, seats: &Seats<'_>, seat: usize) -> String {
    seats.say(lang, "event-left", seat, vec![])
}

/// The player's hand: `Your hand (17 cards): [3♠ 3♥] [5♦] …`.
pub fn hand(lang: Lang, groups: &str, count: usize) -> String {
    tr_args(
        lang,
        "hand-cards",
        &[("count", (count as i64).into()), ("cards", groups.into())],
    )
}

/// One seat's chips in a result (`house`: an AI seat, the house's chips).
pub fn settled_line(lang: Lang, who: &str, chips: i64, house: bool) -> String {
    let key = if house {
        "term-settled-line-house"
    } else {
        "term-settled-line"
    };
    let line = tr_args(
        lang,
        key,
        &[("player", who.into()), ("chips", signed(chips).into())],
    );
    format!("  {line}")
}

pub fn rake(lang: Lang, chips: i64) -> String {
    format!(
        "  {}",
        tr_args(lang, "result-rake", &[("rake", chips.into())])
    )
}

/// A loss the ledger capped at what the seat had.
pub fn capped_loss(lang: Lang, name: &str, capped: &crate::table::CappedLoss) -> String {
    tr_args(
        lang,
        "result-loss-capped",
        &[
            ("player", name.into()),
            ("owed", capped.owed.into()),
            ("paid", capped.paid.into()),
        ],
    )
}

pub fn balance(lang: Lang, chips: i64) -> String {
    tr_args(lang, "term-balance", &[("chips", chips.into())])
}

pub fn choose_reading(lang: Lang) -> String {
    tr(lang, "term-choose-reading")
}

/// Why a line at the readings menu was not a pick.
pub fn pick_a_number(lang: Lang, count: usize) -> String {
    tr_args(
        lang,
        "term-pick-a-number",
        &[("count", i64::try_from(count).unwrap_or(i64::MAX).into())],
    )
}

/// The readings menu was left with an empty line.
pub fn choice_dropped(lang: Lang) -> String {
    tr(lang, "term-choice-dropped")
}

/// Any answer but `leave` to "leave?": the person stays, nothing is played.
pub fn stayed(lang: Lang) -> String {
    tr(lang, "term-stayed")
}

/// The commands of every game ([`super::command`]), after the game's own.
pub fn common_help(lang: Lang) -> String {
    tr(lang, "term-help-common")
}

pub fn another_game(lang: Lang) -> String {
    tr(lang, "term-another-game")
}

/// The answer to "another game?" was neither yes nor no.
pub fn answer_yes_or_no(lang: Lang, answer: &str) -> String {
    tr_args(lang, "term-answer-yes-or-no", &[("answer", answer.into())])
}

pub fn saved_on_eof(lang: Lang, game: &str) -> String {
    format!(
        "\n{}",
        tr_args(lang, "term-saved", &[("game", game.into())])
    )
}

/// A game of another kind is saved unfinished on this ledger: its name and
/// the command that finishes it (one running game at a time).
pub fn saved_elsewhere(lang: Lang, kind: crate::games::GameKind) -> String {
    tr_args(
        lang,
        "term-saved-elsewhere",
        &[
            ("name", tr(lang, kind.name_key()).into()),
            ("game", kind.name().into()),
        ],
    )
}

pub fn goodbye(lang: Lang) -> String {
    tr(lang, "term-goodbye")
}

/// Why a table closed before its game was over.
pub fn closed(lang: Lang, reason: &CloseReason) -> String {
    let key = match reason {
        CloseReason::Finished | CloseReason::Cancelled => "table-cancelled",
        // Only a moderator on Discord stops a game; said the same way.
        CloseReason::Stopped { .. } => "table-stopped-running",
        CloseReason::ShortOfChips {
            balance, needed, ..
        } => {
            return tr_args(
                lang,
                "term-closed-short",
                &[("balance", (*balance).into()), ("needed", (*needed).into())],
            )
        }
        CloseReason::LobbyIdle => "table-closed-idle",
        CloseReason::OnlyAi => "table-closed-empty",
        CloseReason::Broken(_) => "table-closed-broken",
    };
    tr(lang, key)
}

pub fn trouble(lang: Lang, message: &str) -> String {
    tr_args(lang, "term-trouble", &[("message", message.into())])
}

pub fn cannot_resume(lang: Lang, id: GameId, why: &str) -> String {
    tr_args(
        lang,
        "term-cannot-resume",
        &[("game", game_arg(id)), ("why", why.into())],
    )
}

pub fn opening_failed(lang: Lang, e: &TableError) -> String {
    tr_args(
        lang,
        "term-opening-failed",
        &[("why", error_words(lang, e).into())],
    )
}

/// At the deal: the commitment to the deal's seed, whole (fair deals,
/// [`crate::fair`]).
pub fn fair_commitment(lang: Lang, c: &crate::fair::DealCommitment) -> String {
    let key = if c.chosen {
        "term-fair-commitment-chosen"
    } else {
        "term-fair-commitment"
    };
    tr_args(lang, key, &[("commitment", c.commitment.to_hex().into())])
}

/// At the end: the seed revealed and the check of the game's record.
pub fn fair_revealed(lang: Lang, fair: &crate::table::FairReveal) -> Vec<String> {
    let Some(commitment) = fair.deal.commitment else {
        return Vec::new();
    };
    let seed = tr_args(
        lang,
        "term-fair-revealed",
        &[("seed", fair.deal.seed.to_hex().into())],
    );
    let key = if fair.verified {
        "term-fair-verified"
    } else {
        "term-fair-not-verified"
    };
    let check = tr_args(lang, key, &[("commitment", commitment.to_hex().into())]);
    vec![seed, check]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_turn_shows_whole_minutes_and_the_last_minute_seconds() {
        let left = |secs: f64| Some(std::time::Duration::from_secs_f64(secs));
        let en = |secs| your_turn_within(Lang::EnUs, left(secs));
        // A second or two lost before the prompt does not show.
        assert_eq!(en(600.0), "Your move. (10 min to play)");
        assert_eq!(en(598.7), "Your move. (10 min to play)");
        assert_eq!(en(540.0), "Your move. (9 min to play)");
        assert_eq!(en(60.5), "Your move. (2 min to play)");
        assert_eq!(en(60.0), "Your move. (1 min to play)");
        assert_eq!(en(20.0), "Your move. (20 s to play)");
        assert_eq!(
            your_turn_within(Lang::ZhCn, left(598.7)),
            "轮到你了。（限时10分钟）"
        );
    }

    #[test]
    fn you_take_your_own_verbs_in_english_and_every_seat_has_a_name() {
        let en = names(Lang::EnUs, 3, 0);
        // Numbered as the pictures number the seats, from 1 (issue #36).
        assert_eq!(en, ["You", "AI 2", "AI 3"]);
        let s = seats(&en, 0);
        assert_eq!(
            autoplay(Lang::EnUs, &s, 0, false),
            "You are back at the table."
        );
        assert_eq!(
            autoplay(Lang::EnUs, &s, 2, false),
            "AI 3 is back at the table."
        );
        let zh = names(Lang::ZhCn, 3, 0);
        assert_eq!(zh[0], "你");
        assert_eq!(zh[1], "电脑2", "{zh:?}");
        assert_eq!(
            settled_line(Lang::EnUs, "You", 20, false),
            "  You: +20 chips"
        );
        assert_eq!(balance(Lang::ZhCn, 5), "你的余额：5 筹码。");
    }

    #[test]
    fn table_refusals_are_worded_in_the_chosen_language() {
        let rule = TableError::Rule(crate::games::RuleError::not_your_turn());
        assert!(table_error(Lang::ZhCn, &rule).contains("还没轮到你"));
        let stale = TableError::Stale { got: 1, now: 2 };
        let en = table_error(Lang::EnUs, &stale);
        assert!(en.starts_with("Refused: "), "{en}");
        assert!(!en.contains("err-"), "{en}");
        assert!(table_error(Lang::ZhCn, &stale).starts_with("不行："));
    }
}
