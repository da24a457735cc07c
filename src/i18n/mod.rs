//! Text: every user-facing word, from the Fluent files in `locales/`.
//!
//! The `.ftl` files are embedded at compile time (`build.rs` lists them for
//! `include_str!`) so the binary stands alone. This module owns the supported locales ([`Lang`]),
//! the choice of a reply's locale (the member's, then the server's, then the
//! default, see [`resolve`]), message lookup with fallback to en-US
//! ([`tr`], [`tr_args`]), the words of typed errors ([`tr_rule_error`]) and
//! card rendering ([`render_card`], [`render_cards`]).
//!
//! A message id missing everywhere is a bug, not input: the lookup returns
//! the id itself (so the reply still goes out) and logs a warning; a test
//! proves every id used exists in every locale with the same variables.

pub mod events;

use crate::cards::Card;
use crate::games::RuleError;
use crate::message::{Arg, Message};
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use std::borrow::Cow;
use std::sync::OnceLock;

/// The locales paiju ships text for.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Lang {
    EnUs,
    ZhCn,
}

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::EnUs, Lang::ZhCn];

    /// The BCP 47 tag, which is also Discord's locale code.
    pub fn code(self) -> &'static str {
        match self {
            Lang::EnUs => "en-US",
            Lang::ZhCn => "zh-CN",
        }
    }

    /// Reads a Discord locale code. Any English (`en-GB`) reads as en-US;
    /// other Chinese variants (`zh-TW`) are not simplified Chinese and are
    /// not guessed.
    pub fn from_code(code: &str) -> Option<Lang> {
        match code {
            "zh-CN" | "zh" => Some(Lang::ZhCn),
            c if c == "en" || c.starts_with("en-") => Some(Lang::EnUs),
            _ => None,
        }
    }

    /// Reads a language named on the command line: `en`, `en-US`, `zh`,
    /// `zh-CN` (any case, `_` or `-`).
    pub fn from_flag(name: &str) -> Option<Lang> {
        match name.trim().to_ascii_lowercase().replace('_', "-").as_str() {
            "en" | "en-us" => Some(Lang::EnUs),
            "zh" | "zh-cn" => Some(Lang::ZhCn),
            _ => None,
        }
    }

    /// The language of a POSIX locale setting: `LC_ALL`, else `LC_MESSAGES`,
    /// else `LANG` (the first one set and not empty, as the C library reads
    /// them); Chinese (`zh…`) is zh-CN, anything else en-US.
    pub fn from_env_vars(get: impl Fn(&str) -> Option<String>) -> Lang {
        let setting = ["LC_ALL", "LC_MESSAGES", "LANG"]
            .into_iter()
            .filter_map(get)
            .find(|v| !v.is_empty());
        match setting {
            Some(v) if v.to_ascii_lowercase().starts_with("zh") => Lang::ZhCn,
            _ => Lang::EnUs,
        }
    }

    /// [`Lang::from_env_vars`] of this process's environment.
    pub fn from_env() -> Lang {
        Lang::from_env_vars(|k| std::env::var(k).ok())
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// The reply locale: the member's, then the server's, then `default`,
/// taking only locales in `enabled`.
pub fn resolve(user: Option<&str>, server: Option<&str>, enabled: &[Lang], default: Lang) -> Lang {
    [user, server]
        .into_iter()
        .flatten()
        .filter_map(Lang::from_code)
        .find(|l| enabled.contains(l))
        .unwrap_or(default)
}

include!(concat!(env!("OUT_DIR"), "/ftl_files.rs"));

/// The embedded `.ftl` sources of one locale, as (file name, text): every
/// file of `locales/<lang>/` (`build.rs` embeds them), the shared ones and
/// each game's own.
pub fn sources(lang: Lang) -> Vec<(String, &'static str)> {
    FTL_FILES
        .iter()
        .filter(|(code, _, _)| *code == lang.code())
        .map(|(_, file, text)| (file.to_string(), *text))
        .collect()
}

/// A game's name in `lang`, from the name stored in the ledger or a record
/// (`chexuan`); an unknown name is shown as it is.
pub fn display_name(lang: Lang, stored: &str) -> String {
    match crate::games::GameKind::of_record(stored) {
        Some(kind) => tr(lang, kind.name_key()),
        None => stored.to_string(),
    }
}

struct Localizer {
    bundles: Vec<FluentBundle<FluentResource>>,
}

fn localizer() -> &'static Localizer {
    static L: OnceLock<Localizer> = OnceLock::new();
    L.get_or_init(|| Localizer {
        bundles: Lang::ALL.iter().map(|&l| build_bundle(l)).collect(),
    })
}

fn build_bundle(lang: Lang) -> FluentBundle<FluentResource> {
    let id: unic_langid::LanguageIdentifier = lang.code().parse().expect("valid locale tag");
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    // Discord shows the Unicode isolation marks as stray characters.
    bundle.set_use_isolating(false);
    for (file, text) in sources(lang) {
        // The files are ours and tested; a parse error here is a build bug.
        let res = FluentResource::try_new(text.to_string()).unwrap_or_else(|(_, errs)| {
            panic!("locales/{}/{file} does not parse: {errs:?}", lang.code())
        });
        if let Err(errs) = bundle.add_resource(res) {
            panic!("locales/{}/{file}: {errs:?}", lang.code());
        }
    }
    bundle
}

/// Arguments of a message: `&[("chips", 42.into()), ("player", name.into())]`.
pub type Args<'a> = [(&'a str, FluentValue<'a>)];

/// Whether `lang` itself (without fallback) has message `key`.
pub fn has(lang: Lang, key: &str) -> bool {
    localizer().bundles[lang.index()].has_message(key)
}

/// The message `key` without arguments.
pub fn tr(lang: Lang, key: &str) -> String {
    tr_args(lang, key, &[])
}

/// The message `key` in `lang`, else in en-US, else the id itself.
pub fn tr_args(lang: Lang, key: &str, args: &Args<'_>) -> String {
    format(lang, key, None, args).unwrap_or_else(|| {
        tracing::warn!(key, lang = lang.code(), "missing Fluent message");
        key.to_string()
    })
}

/// Items written as a list in `lang`: "a, b, c" in English, "a、b、c" in
/// Chinese (the separator is the Fluent message `list-separator`).
pub fn list<S: AsRef<str>>(lang: Lang, items: &[S]) -> String {
    let separator = tr(lang, "list-separator");
    let items: Vec<&str> = items.iter().map(AsRef::as_ref).collect();
    items.join(&separator)
}

/// An attribute of a message (`cmd-chips.description`), same fallback as
/// [`tr_args`] but `None` when absent everywhere.
pub fn attr(lang: Lang, key: &str, attribute: &str) -> Option<String> {
    format(lang, key, Some(attribute), &[])
}

/// Like [`attr`] but only in `lang` itself, no fallback: for command
/// localizations, where an absent translation must stay absent.
pub fn attr_exact(lang: Lang, key: &str, attribute: &str) -> Option<String> {
    format_in(lang, key, Some(attribute), &[])
}

/// The message value of `key` in `lang` itself, no fallback.
pub fn tr_exact(lang: Lang, key: &str) -> Option<String> {
    format_in(lang, key, None, &[])
}

fn format(lang: Lang, key: &str, attribute: Option<&str>, args: &Args<'_>) -> Option<String> {
    format_in(lang, key, attribute, args).or_else(|| {
        (lang != Lang::EnUs)
            .then(|| format_in(Lang::EnUs, key, attribute, args))
            .flatten()
    })
}

fn format_in(lang: Lang, key: &str, attribute: Option<&str>, args: &Args<'_>) -> Option<String> {
    let bundle = &localizer().bundles[lang.index()];
    let msg = bundle.get_message(key)?;
    let pattern = match attribute {
        Some(a) => msg.get_attribute(a)?.value(),
        None => msg.value()?,
    };
    let mut fargs = FluentArgs::new();
    for (name, value) in args {
        fargs.set(*name, value.clone());
    }
    let mut errors = Vec::new();
    let text = bundle.format_pattern(pattern, Some(&fargs), &mut errors);
    if !errors.is_empty() {
        tracing::warn!(key, lang = lang.code(), ?errors, "Fluent formatting errors");
    }
    Some(text.into_owned())
}

/// What only a front end knows how to show: a member (a mention on
/// Discord, a name in the terminal) and a moment (Discord's relative
/// timestamp, a time from now in the terminal). The other values of a
/// [`Message`] are shown the same way everywhere.
pub trait FrontEnd {
    fn user(&self, lang: Lang, user: u64) -> String;
    fn time(&self, lang: Lang, unix_seconds: i64) -> String;
}

/// For text that names no member and no moment (a rule's refusal): a
/// member is shown by number, a moment in Unix seconds.
pub struct Plain;

impl FrontEnd for Plain {
    fn user(&self, _: Lang, user: u64) -> String {
        format!("#{user}")
    }

    fn time(&self, _: Lang, unix_seconds: i64) -> String {
        unix_seconds.to_string()
    }
}

/// The words of `message` in `lang`, its values shown by `front`.
pub fn tr_message(lang: Lang, message: &Message, front: &dyn FrontEnd) -> String {
    tr_typed(lang, message.key.as_str(), &message.args, front)
}

/// The words of `key` in `lang` with typed values, shown by `front`.
pub fn tr_typed(lang: Lang, key: &str, args: &[(&str, Arg)], front: &dyn FrontEnd) -> String {
    let args: Vec<(&str, FluentValue<'static>)> = args
        .iter()
        .map(|(name, value)| (*name, arg_value(lang, value, front)))
        .collect();
    tr_args(lang, key, &args)
}

/// The sentence for a refused game action. A key no locale knows falls
/// back to the error's plain English message.
pub fn tr_rule_error(lang: Lang, err: &RuleError) -> String {
    if !has(lang, err.key.as_str()) && !has(Lang::EnUs, err.key.as_str()) {
        tracing::warn!(
            key = err.key.as_str(),
            "rule error without a Fluent message"
        );
        return err.message.clone();
    }
    tr_typed(lang, err.key.as_str(), &err.args, &Plain)
}

/// A typed value as Fluent reads it: numbers as numbers (so plural
/// selectors work), cards in the player's words and language.
pub fn arg_value(lang: Lang, value: &Arg, front: &dyn FrontEnd) -> FluentValue<'static> {
    match value {
        Arg::Int(n) => FluentValue::from(*n),
        Arg::Text(text) => FluentValue::String(Cow::Owned(text.clone())),
        Arg::Cards(cards) => words(cards.iter().map(|&c| render_card(lang, c))),
        Arg::ChexuanCards(cards) => words(std::iter::once(events::cx_cards(lang, cards))),
        Arg::Ranks(ranks) => words(ranks.iter().map(|&r| rank_words(lang, r))),
        Arg::User(user) => FluentValue::String(Cow::Owned(front.user(lang, *user))),
        Arg::Time(at) => FluentValue::String(Cow::Owned(front.time(lang, *at))),
        Arg::Words(key) => FluentValue::String(Cow::Owned(tr(lang, key))),
    }
}

fn words(items: impl Iterator<Item = String>) -> FluentValue<'static> {
    FluentValue::String(Cow::Owned(items.collect::<Vec<_>>().join(" ")))
}

/// A Dou Dizhu rank without its suit: `10`, `A`, the jokers by name.
fn rank_words(lang: Lang, rank: usize) -> String {
    use crate::games::dou_dizhu::cardset::rank_name;
    match rank_name(rank) {
        "SJ" => render_card(lang, Card::SmallJoker),
        "BJ" => render_card(lang, Card::BigJoker),
        name => name.to_string(),
    }
}

/// A text argument as a Fluent value: a number when it reads as one (what
/// a player typed, a detail of an error).
pub fn text_value(v: &str) -> FluentValue<'_> {
    match v.parse::<i64>() {
        Ok(n) => FluentValue::from(n),
        Err(_) => FluentValue::String(Cow::Borrowed(v)),
    }
}

/// One card for people: `10♠`, `Q♥`, and the jokers by their local name
/// (`Big Joker`, `大王`).
pub fn render_card(lang: Lang, card: Card) -> String {
    match card {
        Card::Standard(..) => card.pretty(),
        Card::SmallJoker => tr(lang, "card-small-joker"),
        Card::BigJoker => tr(lang, "card-big-joker"),
    }
}

/// Cards separated by spaces, in the order given; `(no cards)` when empty.
pub fn render_cards(lang: Lang, cards: &[Card]) -> String {
    if cards.is_empty() {
        return tr(lang, "cards-none");
    }
    cards
        .iter()
        .map(|&c| render_card(lang, c))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The localized name of a Dou Dizhu pattern from its record name
/// (`"trio_single"` → "trio with a single" / "三带一").
pub fn ddz_pattern_name(lang: Lang, pattern: &str) -> String {
    tr(lang, &format!("ddz-pattern-{}", pattern.replace('_', "-")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{Rank, Suit};
    use crate::games::ErrorCode;

    #[test]
    fn every_game_has_its_name_and_its_files() {
        use crate::games::GameKind;
        for kind in GameKind::ALL {
            for lang in Lang::ALL {
                let name = display_name(lang, kind.name());
                assert_ne!(name, kind.name(), "{kind:?} has no name in {lang:?}");
                assert_ne!(name, kind.name_key(), "{kind:?}: no words for its name");
                let file = format!("{}.ftl", kind.name());
                assert!(
                    sources(lang).iter().any(|(f, _)| *f == file),
                    "no locales/{}/{file}",
                    lang.code()
                );
            }
            assert!(kind.default_stake() > 0);
        }
        assert_eq!(display_name(Lang::ZhCn, "chexuan"), "扯旋");
        assert_eq!(display_name(Lang::ZhCn, "chexuan-table"), "扯旋");
        assert_eq!(display_name(Lang::EnUs, "mahjong"), "mahjong");
        // The shared files are there too, in both locales alike.
        for lang in Lang::ALL {
            let files: Vec<String> = sources(lang).into_iter().map(|(f, _)| f).collect();
            for shared in [
                "bot.ftl",
                "cards.ftl",
                "commands.ftl",
                "errors.ftl",
                "terminal.ftl",
            ] {
                assert!(files.iter().any(|f| f == shared), "{lang:?}: {shared}");
            }
            assert_eq!(files.len(), sources(Lang::EnUs).len());
        }
    }

    #[test]
    fn the_language_comes_from_the_flag_or_the_environment() {
        for (flag, lang) in [
            ("en", Lang::EnUs),
            ("en-US", Lang::EnUs),
            ("zh", Lang::ZhCn),
            ("zh-CN", Lang::ZhCn),
            ("zh_cn", Lang::ZhCn),
        ] {
            assert_eq!(Lang::from_flag(flag), Some(lang), "{flag}");
        }
        assert_eq!(Lang::from_flag("fr"), None);
        assert_eq!(Lang::from_flag(""), None);
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            Lang::from_env_vars(move |k| {
                pairs
                    .iter()
                    .find(|(n, _)| *n == k)
                    .map(|(_, v)| v.to_string())
            })
        };
        assert_eq!(env(&[("LANG", "zh_CN.UTF-8")]), Lang::ZhCn);
        assert_eq!(env(&[("LANG", "en_US.UTF-8")]), Lang::EnUs);
        assert_eq!(env(&[]), Lang::EnUs);
        // LC_ALL wins over LANG; an empty one does not count.
        assert_eq!(
            env(&[("LC_ALL", "zh_TW.UTF-8"), ("LANG", "en_US")]),
            Lang::ZhCn
        );
        assert_eq!(env(&[("LC_ALL", ""), ("LANG", "zh_CN")]), Lang::ZhCn);
        assert_eq!(env(&[("LC_ALL", "C"), ("LANG", "zh_CN")]), Lang::EnUs);
    }

    #[test]
    fn locale_resolution_order() {
        let both = [Lang::EnUs, Lang::ZhCn];
        assert_eq!(
            resolve(Some("zh-CN"), Some("en-US"), &both, Lang::EnUs),
            Lang::ZhCn
        );
        assert_eq!(
            resolve(Some("fr"), Some("zh-CN"), &both, Lang::EnUs),
            Lang::ZhCn
        );
        assert_eq!(resolve(Some("fr"), None, &both, Lang::EnUs), Lang::EnUs);
        assert_eq!(
            resolve(Some("en-GB"), Some("zh-CN"), &both, Lang::ZhCn),
            Lang::EnUs
        );
        assert_eq!(resolve(Some("zh-TW"), None, &both, Lang::EnUs), Lang::EnUs);
        // A disabled locale is skipped.
        assert_eq!(
            resolve(Some("zh-CN"), None, &[Lang::EnUs], Lang::EnUs),
            Lang::EnUs
        );
    }

    #[test]
    fn messages_format_with_arguments_and_plurals() {
        let s = tr_args(
            Lang::EnUs,
            "chips-balance",
            &[("player", "Ann".into()), ("chips", 1200.into())],
        );
        assert_eq!(s, "Ann has 1200 chips.");
        assert_eq!(
            tr_args(Lang::EnUs, "table-cards-left", &[("count", 1.into())]),
            "1 card"
        );
        assert_eq!(
            tr_args(Lang::EnUs, "table-cards-left", &[("count", 17.into())]),
            "17 cards"
        );
        assert_eq!(
            tr_args(Lang::ZhCn, "table-cards-left", &[("count", 17.into())]),
            "17 张"
        );
        assert_eq!(tr(Lang::ZhCn, "cmd-dou-dizhu"), "斗地主");
        assert_eq!(
            attr(Lang::EnUs, "cmd-chips", "description").as_deref(),
            Some("Your chip balance (privately), or this server's leaderboard")
        );
    }

    #[test]
    fn missing_message_falls_back_to_its_id() {
        assert_eq!(tr(Lang::ZhCn, "no-such-message"), "no-such-message");
        assert_eq!(attr(Lang::EnUs, "cmd-chips", "nope"), None);
    }

    #[test]
    fn rule_errors_are_localized_with_plain_english_fallback() {
        let e = RuleError::not_your_turn();
        assert!(tr_rule_error(Lang::ZhCn, &e).contains("还没轮到你"));
        let unknown = RuleError::new(
            ErrorCode::IllegalAction,
            crate::message::Key::listed("missing-rule-key"),
            "plain words",
        );
        assert_eq!(tr_rule_error(Lang::EnUs, &unknown), "plain words");
        let with_arg =
            RuleError::new(ErrorCode::BadCard, crate::keys::ERR_BAD_CARD, "x").arg("card", "ZZ");
        assert!(tr_rule_error(Lang::EnUs, &with_arg).contains("“ZZ”"));
    }

    /// Dou Dizhu's engine names the refused action by a selector key
    /// (Fluent's variant keys take no spaces): a call during score bidding
    /// reads as a call in both languages, not as "do that".
    #[test]
    fn a_refusal_out_of_phase_names_the_action_refused() {
        use crate::games::dou_dizhu::{Action, Deal, DouDizhu, Rules};
        use crate::games::Game;
        let mut game = DouDizhu::new(Rules::default(), Deal::in_order(0)).unwrap();
        for (action, en, zh) in [
            (
                Action::Call,
                "You cannot call the landlord now.",
                "现在不能叫地主。",
            ),
            (
                Action::Rob,
                "You cannot rob the landlord now.",
                "现在不能抢地主。",
            ),
            (Action::Double, "You cannot double now.", "现在不能加倍。"),
        ] {
            let err = game.apply(0, &action).unwrap_err();
            assert_eq!(tr_rule_error(Lang::EnUs, &err), en);
            assert_eq!(tr_rule_error(Lang::ZhCn, &err), zh);
        }
    }

    #[test]
    fn refusals_name_cards_as_players_read_them_never_in_record_notation() {
        let held = RuleError::new(ErrorCode::IllegalAction, crate::keys::ERR_NOT_IN_HAND, "x")
            .arg("card", Card::BigJoker);
        let zh = tr_rule_error(Lang::ZhCn, &held);
        assert!(zh.contains("大王") && !zh.contains("BJ"), "{zh}");
        assert!(tr_rule_error(Lang::EnUs, &held).contains("Big Joker"));
        // Dou Dizhu's ranks without suits: 3 4 and the small joker.
        let combo = RuleError::new(
            ErrorCode::IllegalAction,
            crate::keys::ERR_NOT_A_COMBINATION,
            "x",
        )
        .arg("cards", Arg::Ranks(vec![0, 1, 13]));
        let zh = tr_rule_error(Lang::ZhCn, &combo);
        assert!(zh.contains("3 4 小王") && !zh.contains("SJ"), "{zh}");
        // Chexuan's big joker is 二皇; canonical `QH` reads Q♥.
        let split = RuleError::new(
            ErrorCode::BadCard,
            crate::keys::ERR_CHEXUAN_SPLIT_CARDS,
            "x",
        )
        .arg("card", Arg::chexuan_cards(vec![Card::BigJoker]));
        assert!(tr_rule_error(Lang::ZhCn, &split).starts_with("二皇"));
        let queen = Card::new(Rank::Queen, Suit::Hearts);
        let split = RuleError::new(
            ErrorCode::BadCard,
            crate::keys::ERR_CHEXUAN_SPLIT_CARDS,
            "x",
        )
        .arg("card", Arg::chexuan_cards(vec![queen]));
        assert!(tr_rule_error(Lang::EnUs, &split).starts_with("Q♥"));
        // What the player typed is a text, quoted as typed, even when it
        // reads as a card.
        for typed in ["BJx", "BJ"] {
            let typed = RuleError::new(ErrorCode::BadCard, crate::keys::ERR_BAD_CARD, "x")
                .arg("card", typed);
            assert!(tr_rule_error(Lang::ZhCn, &typed).contains(typed_text(&typed)));
        }
    }

    fn typed_text(e: &RuleError) -> &str {
        match &e.args[0].1 {
            Arg::Text(t) => t,
            other => panic!("{other:?}"),
        }
    }

    /// Each front end shows a member and a moment its own way; the words
    /// around them are the same.
    #[test]
    fn members_and_moments_are_shown_by_the_front_end() {
        struct Names;
        impl FrontEnd for Names {
            fn user(&self, _: Lang, user: u64) -> String {
                format!("member{user}")
            }
            fn time(&self, _: Lang, at: i64) -> String {
                format!("at{at}")
            }
        }
        let fell = Message::new(crate::keys::ERR_START_BALANCE_FELL)
            .arg("user", Arg::User(42))
            .arg("balance", 7);
        let text = tr_message(Lang::EnUs, &fell, &Names);
        assert!(text.starts_with("member42 has only 7 chips"), "{text}");
        let daily = Message::new(crate::keys::ERR_DAILY_COOLDOWN).arg("when", Arg::Time(13_600));
        assert!(tr_message(Lang::ZhCn, &daily, &Names).contains("at13600"));
        assert!(tr_message(Lang::EnUs, &daily, &Plain).contains("13600"));
    }

    #[test]
    fn cards_render_per_locale() {
        let cards = [
            Card::new(Rank::Ten, Suit::Spades),
            Card::new(Rank::Queen, Suit::Hearts),
            Card::BigJoker,
        ];
        assert_eq!(render_cards(Lang::EnUs, &cards), "10♠ Q♥ Big Joker");
        assert_eq!(render_cards(Lang::ZhCn, &cards), "10♠ Q♥ 大王");
        assert_eq!(render_cards(Lang::EnUs, &[]), "(no cards)");
        assert_eq!(ddz_pattern_name(Lang::ZhCn, "trio_single"), "三带一");
    }
}
