//! The locale files: every message id exists in every locale with the same
//! variables, every file on disk is embedded, every error key the code uses
//! has words, and command names obey Discord's rules.

use fluent_bundle::FluentValue;
use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};
use paiju::i18n::{self, Lang};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// id (`msg` or `msg.attr`) → variables used.
type Catalog = BTreeMap<String, BTreeSet<String>>;

fn catalog(lang: Lang) -> Catalog {
    let mut out = Catalog::new();
    for (file, text) in i18n::sources(lang) {
        let res = fluent_syntax::parser::parse(text)
            .unwrap_or_else(|(_, e)| panic!("{}/{file}: {e:?}", lang.code()));
        for entry in res.body {
            match entry {
                Entry::Message(m) => {
                    let id = m.id.name.to_string();
                    let mut vars = BTreeSet::new();
                    if let Some(v) = &m.value {
                        pattern_vars(v, &mut vars);
                    }
                    assert!(
                        out.insert(id.clone(), vars).is_none(),
                        "{}: duplicate message {id}",
                        lang.code()
                    );
                    for a in &m.attributes {
                        let mut vars = BTreeSet::new();
                        pattern_vars(&a.value, &mut vars);
                        out.insert(format!("{id}.{}", a.id.name), vars);
                    }
                }
                Entry::Junk { content } => panic!("{}/{file}: junk {content:?}", lang.code()),
                _ => {}
            }
        }
    }
    out
}

fn pattern_vars(p: &Pattern<&str>, vars: &mut BTreeSet<String>) {
    for el in &p.elements {
        if let PatternElement::Placeable { expression } = el {
            expr_vars(expression, vars);
        }
    }
}

fn expr_vars(e: &Expression<&str>, vars: &mut BTreeSet<String>) {
    match e {
        Expression::Inline(i) => inline_vars(i, vars),
        Expression::Select { selector, variants } => {
            inline_vars(selector, vars);
            for v in variants {
                pattern_vars(&v.value, vars);
            }
        }
    }
}

fn inline_vars(i: &InlineExpression<&str>, vars: &mut BTreeSet<String>) {
    match i {
        InlineExpression::VariableReference { id } => {
            vars.insert(id.name.to_string());
        }
        InlineExpression::FunctionReference { arguments, .. } => {
            for a in &arguments.positional {
                inline_vars(a, vars);
            }
            for a in &arguments.named {
                inline_vars(&a.value, vars);
            }
        }
        InlineExpression::Placeable { expression } => expr_vars(expression, vars),
        _ => {}
    }
}

/// Selector variables for grammar alone, which a locale may leave unused.
const GRAMMAR_ONLY: [&str; 1] = ["you"];

#[test]
fn every_message_exists_in_every_locale_with_the_same_variables() {
    let en = catalog(Lang::EnUs);
    assert!(en.len() > 100, "en-US has only {} messages", en.len());
    for lang in Lang::ALL {
        let other = catalog(lang);
        let missing: Vec<_> = en.keys().filter(|k| !other.contains_key(*k)).collect();
        let extra: Vec<_> = other.keys().filter(|k| !en.contains_key(*k)).collect();
        assert!(missing.is_empty(), "{} lacks {missing:?}", lang.code());
        assert!(extra.is_empty(), "{} has extra {extra:?}", lang.code());
        for (id, vars) in &en {
            // A variable only English grammar needs (`$you`: "You bid" /
            // "Ann bids") may go unused where the language has no need.
            let needed: BTreeSet<String> = vars
                .iter()
                .filter(|v| !GRAMMAR_ONLY.contains(&v.as_str()))
                .cloned()
                .collect();
            let theirs = &other[id];
            assert!(
                theirs.is_subset(vars) && needed.is_subset(theirs),
                "{}: message {id} uses other variables than en-US ({theirs:?} vs {vars:?})",
                lang.code()
            );
        }
    }
}

#[test]
fn every_locale_file_on_disk_is_embedded() {
    for lang in Lang::ALL {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("locales")
            .join(lang.code());
        let mut on_disk: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".ftl"))
            .collect();
        on_disk.sort();
        let mut embedded: Vec<String> = i18n::sources(lang)
            .iter()
            .map(|(f, _)| f.to_string())
            .collect();
        embedded.sort();
        assert_eq!(on_disk, embedded, "{}", lang.code());
    }
}

/// Discord: command and option names match `^[-_'\p{L}\p{N}]{1,32}$`, are
/// lowercase, and descriptions are 1–100 characters.
#[test]
fn command_names_and_descriptions_obey_discord() {
    for lang in Lang::ALL {
        for (id, _) in catalog(lang) {
            if !id.starts_with("cmd-") || id.contains('.') {
                continue;
            }
            let name = i18n::tr_exact(lang, &id).unwrap();
            let n = name.chars().count();
            assert!(
                (1..=32).contains(&n)
                    && name
                        .chars()
                        .all(|c| c == '-' || c == '_' || c == '\'' || c.is_alphanumeric())
                    && name.to_lowercase() == name,
                "{}: {id} = {name:?} is not a valid command name",
                lang.code()
            );
            let d = i18n::attr_exact(lang, &id, "description")
                .unwrap_or_else(|| panic!("{}: {id} has no description", lang.code()));
            assert!(
                (1..=100).contains(&d.chars().count()),
                "{}: {id} description is {} characters",
                lang.code(),
                d.chars().count()
            );
        }
        for id in ["choice-bidding-score", "choice-bidding-rob"] {
            let c = i18n::tr(lang, id);
            assert!((1..=100).contains(&c.chars().count()));
        }
    }
}

/// Every refusal the ledger can give has words in every locale.
#[test]
fn every_ledger_error_key_has_words() {
    for lang in Lang::ALL {
        let cat = catalog(lang);
        for key in paiju::ledger::ERROR_KEYS {
            assert!(cat.contains_key(*key), "{}: no message {key}", lang.code());
        }
    }
}

/// Every message formats completely: with each variable set, no Fluent
/// placeable is left unresolved (`{$x}` or `{missing-message}`), so the
/// select expressions that show ids through other messages all resolve.
#[test]
fn every_message_formats_without_leftover_placeables() {
    for lang in Lang::ALL {
        for (id, vars) in catalog(lang) {
            if id.contains('.') {
                continue;
            }
            for value in ["x", "2"] {
                let args: Vec<(&str, FluentValue<'_>)> = vars
                    .iter()
                    .map(|v| (v.as_str(), i18n::text_value(value)))
                    .collect();
                let text = i18n::tr_args(lang, &id, &args);
                assert!(
                    !text.contains('{') && !text.contains('}'),
                    "{}: {id} formats as {text:?}",
                    lang.code()
                );
            }
        }
    }
}

/// Every `{ other-message }` a message refers to exists in the same locale
/// (a dangling reference shows as `{other-message}` only when its select
/// variant is hit, which the formatting test cannot reach for every id).
#[test]
fn every_message_reference_resolves() {
    for lang in Lang::ALL {
        let known = catalog(lang);
        for (file, text) in i18n::sources(lang) {
            let res = fluent_syntax::parser::parse(text).unwrap();
            for entry in res.body {
                let Entry::Message(m) = entry else { continue };
                let mut refs = BTreeSet::new();
                if let Some(v) = &m.value {
                    pattern_refs(v, &mut refs);
                }
                for a in &m.attributes {
                    pattern_refs(&a.value, &mut refs);
                }
                for r in refs {
                    assert!(
                        known.contains_key(&r),
                        "{}/{file}: {} refers to missing {r}",
                        lang.code(),
                        m.id.name
                    );
                }
            }
        }
    }
}

fn pattern_refs(p: &Pattern<&str>, refs: &mut BTreeSet<String>) {
    for el in &p.elements {
        if let PatternElement::Placeable { expression } = el {
            expr_refs(expression, refs);
        }
    }
}

fn expr_refs(e: &Expression<&str>, refs: &mut BTreeSet<String>) {
    match e {
        Expression::Inline(i) => inline_refs(i, refs),
        Expression::Select { selector, variants } => {
            inline_refs(selector, refs);
            for v in variants {
                pattern_refs(&v.value, refs);
            }
        }
    }
}

fn inline_refs(i: &InlineExpression<&str>, refs: &mut BTreeSet<String>) {
    match i {
        InlineExpression::MessageReference { id, attribute } => {
            refs.insert(match attribute {
                Some(a) => format!("{}.{}", id.name, a.name),
                None => id.name.to_string(),
            });
        }
        InlineExpression::Placeable { expression } => expr_refs(expression, refs),
        _ => {}
    }
}

fn has_everywhere(key: &str) {
    for lang in Lang::ALL {
        assert!(i18n::has(lang, key), "{} lacks {key}", lang.code());
    }
}

#[test]
fn every_duan_guozi_hand_and_class_has_words() {
    use paiju::games::duan_guozi::{deck::Class, HAND_IDS};
    for id in HAND_IDS {
        has_everywhere(&format!("dg-hand-{id}"));
    }
    for class in Class::ALL {
        has_everywhere(&format!("dg-class-{}", class.id()));
    }
    // A point hand is named by its top class and digit, as players name
    // it in both languages (issue #36 §3.7: "Heaven 9", "Arrow 8" were
    // translations nobody uses).
    let name = |lang, class: &str, points: i64| {
        i18n::tr_args(
            lang,
            "dg-hand-points",
            &[("class", class.into()), ("points", points.into())],
        )
    };
    assert_eq!(name(Lang::ZhCn, "tian", 9), "天字九");
    assert_eq!(name(Lang::ZhCn, "shi", 1), "矢字一");
    assert_eq!(name(Lang::EnUs, "tian", 9), "天字九 (9 points, class 天)");
    assert_eq!(name(Lang::EnUs, "shi", 5), "矢字五 (5 points, class 矢)");
    assert_eq!(name(Lang::EnUs, "di", 1), "地字一 (1 point, class 地)");
}

/// Issue #36 §3.7 and §3.13: Duan Guozi's rules text teaches the game on
/// its own: the class order with each class's cards, every pair with its
/// suits, the point hands' names, and the 全拿 thresholds.
#[test]
fn the_duan_guozi_rules_text_teaches_the_game() {
    let en = i18n::tr(Lang::EnUs, "dg-rules");
    for want in [
        "天 (Q♥ Q♦) > 地 (2♥ 2♦) > 人 (8♥ 8♦) > 鹅 (4♥ 4♦) > 长 (4♠ 4♣ 6♠ 6♣ 10♠ 10♣) > 矢 (6♥ 6♦ 7♥ 7♦ 10♥ 10♦ J♥ J♦) > 杂 (9♥ 9♦ 8♠ 8♣ 7♠ 7♣ 5♥ 5♦)",
        "对杂九 (9♥9♦) 9, 对杂八 (8♠8♣) 8, 对杂七 (7♠7♣) 7, 对杂五 (5♥5♦) 6",
        "天字九 is 9 points with a 天 card",
        "when the pot holds 4 dao or fewer, a hand worth 3 dao or more (7 points or better) takes the whole pot",
    ] {
        assert!(en.contains(want), "{want}\n{en}");
    }
    let zh = i18n::tr(Lang::ZhCn, "dg-rules");
    for want in [
        "天（Q♥ Q♦）> 地（2♥ 2♦）> 人（8♥ 8♦）> 鹅（4♥ 4♦）> 长",
        "对杂九（9♥9♦）9，对杂八（8♠8♣）8，对杂七（7♠7♣）7，对杂五（5♥5♦）6",
        "天字九是带天牌的九点",
        "锅里剩 4 道或更少时，值 3 道以上的牌（七点或更大）把整锅拿走",
    ] {
        assert!(zh.contains(want), "{want}\n{zh}");
    }
}

#[test]
fn every_chexuan_card_hand_and_sanhua_has_words() {
    use paiju::games::chexuan::{cards, HandKind, Sanhua};
    let points = (0..=9).map(HandKind::Points);
    for kind in HandKind::NAMED.into_iter().chain(points) {
        has_everywhere(&format!("chexuan-hand-{}", kind.id()));
    }
    for card in cards::DECK {
        has_everywhere(&format!("chexuan-card-{}", cards::card_name(card).unwrap()));
    }
    for s in [Sanhua::SanHuaShi, Sanhua::SanHuaLiu] {
        has_everywhere(&format!("chexuan-sanhua-{}", s.id()));
    }
}

#[test]
fn every_dou_dizhu_pattern_has_words() {
    use paiju::games::dou_dizhu::Kind;
    for kind in Kind::ALL {
        for lang in Lang::ALL {
            let name = i18n::ddz_pattern_name(lang, kind.name());
            assert!(
                !name.starts_with("ddz-"),
                "{}: {}",
                lang.code(),
                kind.name()
            );
        }
    }
}

/// Pattern and hand ids in error arguments reach the member as words.
#[test]
fn error_arguments_that_are_ids_are_shown_as_words() {
    use paiju::games::{ErrorCode, RuleError};
    let beat = RuleError::new(
        ErrorCode::IllegalAction,
        paiju::keys::ERR_DOES_NOT_BEAT,
        "x",
    )
    .arg("play", "trio_single")
    .arg("standing", "rocket");
    assert_eq!(
        i18n::tr_rule_error(Lang::ZhCn, &beat),
        "三带一压不住王炸。王炸最大，只能不出。"
    );
    assert!(i18n::tr_rule_error(Lang::EnUs, &beat)
        .starts_with("Your trio with a single cannot beat the rocket"));
    let split = RuleError::new(
        ErrorCode::IllegalAction,
        paiju::keys::ERR_CHEXUAN_HEAD_BELOW_TAIL,
        "x",
    )
    .arg("head", "points-3")
    .arg("tail", "ding-er-huang");
    let zh = i18n::tr_rule_error(Lang::ZhCn, &split);
    assert!(zh.contains("头是3 点") && zh.contains("尾是丁二皇"), "{zh}");
    // Every id the engines can pass has its own variant, in every locale:
    // a missing one would fall to the default and show the bare id.
    use paiju::games::{chexuan::HandKind, dou_dizhu::Kind};
    for lang in Lang::ALL {
        for kind in Kind::ALL {
            let word = i18n::ddz_pattern_name(lang, kind.name());
            for key in [
                paiju::keys::ERR_DOES_NOT_BEAT,
                paiju::keys::ERR_NOT_HIGHER,
                paiju::keys::ERR_WRONG_SIZE,
            ] {
                let e = RuleError::new(ErrorCode::IllegalAction, key, "x")
                    .arg("play", kind.name())
                    .arg("standing", kind.name());
                let text = i18n::tr_rule_error(lang, &e);
                assert!(text.contains(&word), "{text}");
            }
            let e = RuleError::new(
                ErrorCode::IllegalAction,
                paiju::keys::ERR_NOT_THAT_READING,
                "x",
            )
            .arg("cards", "3")
            .arg("pattern", kind.name());
            assert!(i18n::tr_rule_error(lang, &e).contains(&word));
        }
        for kind in HandKind::NAMED
            .into_iter()
            .chain((0..=9).map(HandKind::Points))
        {
            let word = i18n::tr(lang, &format!("chexuan-hand-{}", kind.id()));
            let e = RuleError::new(
                ErrorCode::IllegalAction,
                paiju::keys::ERR_CHEXUAN_HEAD_BELOW_TAIL,
                "x",
            )
            .arg("head", kind.id())
            .arg("tail", kind.id());
            let text = i18n::tr_rule_error(lang, &e);
            assert!(text.contains(&word), "{text}");
        }
    }
    let off = RuleError::new(ErrorCode::IllegalAction, paiju::keys::ERR_OPTION_OFF, "x")
        .arg("option", "show_cards");
    assert_eq!(i18n::tr_rule_error(Lang::ZhCn, &off), "本桌没有开启明牌。");
}

/// Issue #36 §3.13: a new player learns each game from its `rules` answer
/// alone — Chexuan's named hands with their cards and the mango amounts,
/// Paohuzi's huxi table and 臭偎 as the rules define it, Shengji's trump
/// order and, in Chinese, the commands a Chinese client shows.
#[test]
fn rules_texts_teach_what_a_new_player_asked_for() {
    for lang in Lang::ALL {
        let hands = i18n::tr(lang, "chexuan-rules-hands");
        for cards in ["10♠ 10♣", "4♠ 4♣", "J♠ J♣", "7♥ 7♦", "9♠ 9♣", "3♥"] {
            assert!(hands.contains(cards), "{}: {cards} in {hands}", lang.code());
        }
        for name in ["梅十", "板凳", "虎头", "天王", "灯笼九", "苕十九"] {
            assert!(hands.contains(name), "{}: {name} in {hands}", lang.code());
        }
        assert!(
            hands.contains("皱芒 2") && hands.contains("休芒 5") && hands.contains(" 10"),
            "{}: the mango amounts in {hands}",
            lang.code()
        );
        let score = i18n::tr(lang, "paohuzi-rules-score");
        for huxi in ["9 / 6", "12 / 9", "6 / 3", "3 / 1"] {
            assert!(score.contains(huxi), "{}: {huxi} in {score}", lang.code());
        }
        let shengji = i18n::tr(lang, "shengji-rules");
        assert!(shengji.contains("A K Q J 10"), "{}: {shengji}", lang.code());
    }
    let rules = i18n::tr(Lang::ZhCn, "paohuzi-rules");
    assert!(!rules.contains("碰过又不碰"), "{rules}");
    assert!(rules.contains("没碰，偎上就是臭偎"), "{rules}");
    let play = i18n::tr(Lang::ZhCn, "shengji-rules-play");
    assert!(
        play.contains("/出牌 牌:7H 7H") && play.contains("/不出") && !play.contains("/play"),
        "{play}"
    );
}

/// `/<game> rules` answers with one message: it must fit Discord's 2000
/// characters and mark the project's decisions.
#[test]
fn rules_texts_fit_one_discord_message() {
    for lang in Lang::ALL {
        for id in [
            "ddz-rules",
            "ddz-rules-variants",
            "dg-rules",
            "chexuan-rules",
            "chexuan-rules-hands",
            "shengji-rules",
            "shengji-rules-play",
            "paohuzi-rules",
            "paohuzi-rules-score",
        ] {
            let text =
                i18n::tr_exact(lang, id).unwrap_or_else(|| panic!("{} lacks {id}", lang.code()));
            let n = text.chars().count();
            assert!(n <= 2000, "{}: {id} is {n} characters", lang.code());
        }
    }
    for (id, en, zh) in [
        ("ddz-rules", "decision", "约定"),
        ("dg-rules", "decision", "约定"),
        ("chexuan-rules", "decision", "约定"),
    ] {
        assert!(i18n::tr(Lang::EnUs, id).contains(en), "{id}");
        assert!(i18n::tr(Lang::ZhCn, id).contains(zh), "{id}");
    }
}

/// Every variable a game error's message uses is passed by every place in
/// the engines that raises it (`.arg("name", …)`): otherwise the member
/// would read a bare `{$name}`. A raise site is a key literal right after
/// `illegal(` or `RuleError::new(…,`; its arguments are the `.arg` calls
/// up to the end of the statement or match arm.
#[test]
fn game_errors_pass_every_variable_their_words_use() {
    let en = catalog(Lang::EnUs);
    let mut sites = Vec::new();
    let games = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/paiju-rules/src/games");
    // Raise sites name their key by its generated constant (`keys::ERR_X`).
    let ids: BTreeMap<String, String> = en
        .keys()
        .map(|id| (id.to_uppercase().replace('-', "_"), id.clone()))
        .collect();
    collect_raise_sites(&games, &ids, &mut sites);
    assert!(
        sites.len() > 40,
        "scan found only {} raise sites",
        sites.len()
    );
    for (file, key, args) in sites {
        let Some(vars) = en.get(&key) else { continue };
        let missing: Vec<_> = vars.difference(&args).collect();
        assert!(
            missing.is_empty(),
            "{file}: {key} is raised without {missing:?} (passes {args:?})"
        );
    }
}

fn collect_raise_sites(
    dir: &Path,
    ids: &BTreeMap<String, String>,
    sites: &mut Vec<(String, String, BTreeSet<String>)>,
) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            collect_raise_sites(&path, ids, sites);
            continue;
        }
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let mut from = 0;
        const KEY: &str = "keys::ERR_";
        while let Some(at) = text[from..].find(KEY).map(|i| i + from) {
            let tail = &text[at + "keys::".len()..];
            let end = tail
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(tail.len());
            let key = ids.get(&tail[..end]).expect("a generated key").as_str();
            from = at + "keys::".len() + end;
            // The path before the constant (`crate::keys::`) belongs to it.
            let at = text[..at]
                .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == ':' || c == '_'))
                .map_or(0, |i| i + 1);
            let mut back = at.saturating_sub(120);
            while !text.is_char_boundary(back) {
                back -= 1;
            }
            let before = &text[back..at];
            let call = before
                .rfind("illegal(")
                .map(|i| i + "illegal(".len())
                .or_else(|| {
                    before
                        .rfind("RuleError::new(")
                        .map(|i| i + "RuleError::new(".len())
                });
            // Only a call directly holding the key (after its error code),
            // not a list of keys or an `assert_eq!(…, "err-x")` in a test.
            let Some(call) = call else { continue };
            let between = before[call..].trim();
            let code_only = between.strip_prefix("ErrorCode::").is_some_and(|c| {
                c.strip_suffix(',')
                    .is_some_and(|c| c.chars().all(|ch| ch.is_ascii_alphanumeric()))
            });
            if !(between.is_empty() || code_only) {
                continue;
            }
            let rest = &text[from..];
            let stop = [";", "=>", KEY]
                .iter()
                .filter_map(|s| rest.find(s))
                .min()
                .unwrap_or(rest.len());
            let mut args = BTreeSet::new();
            arg_names(&rest[..stop], &mut args);
            // `let err = if … { illegal("err-a", …) } else { … };` followed by
            // `Err(err.arg(…))`: the arguments come in the next statement.
            let statement_start = text[..at].rfind(';').unwrap_or(0);
            if let Some(binding) = text[statement_start..at]
                .split_once("let ")
                .and_then(|(_, b)| b.split_once(" = "))
                .map(|(name, _)| name.trim())
            {
                if let Some(end) = rest.find(';') {
                    let next = &rest[end + 1..];
                    let next = &next[..next.find([';', '}']).unwrap_or(next.len())];
                    let squeezed: String = next.split_whitespace().collect();
                    if squeezed.contains(&format!("{binding}.arg(")) {
                        arg_names(next, &mut args);
                    }
                }
            }
            let file = path.display().to_string();
            sites.push((file, key.to_string(), args));
        }
    }
}

fn arg_names(chain: &str, args: &mut BTreeSet<String>) {
    let mut chain = chain;
    while let Some(i) = chain.find(".arg(\"") {
        let name = &chain[i + 6..];
        let close = name.find('"').unwrap_or(name.len());
        args.insert(name[..close].to_string());
        chain = &name[close..];
    }
}

/// Lists read as lists in each language: "a, b" in English, "a、b" in
/// Chinese; and every state of a ledger game has words for `/history`.
#[test]
fn lists_and_game_states_are_written_in_each_language() {
    let items = ["AI 1", "AI 2", "Ann"];
    assert_eq!(i18n::list(Lang::EnUs, &items), "AI 1, AI 2, Ann");
    assert_eq!(i18n::list(Lang::ZhCn, &items), "AI 1、AI 2、Ann");
    assert_eq!(i18n::list(Lang::ZhCn, &["一"]), "一");
    assert_eq!(i18n::list::<&str>(Lang::EnUs, &[]), "");
    use paiju::ledger::GameStatus;
    for status in [
        GameStatus::Running,
        GameStatus::Finished,
        GameStatus::Cancelled,
    ] {
        let key = format!("history-status-{}", status.as_str());
        for lang in Lang::ALL {
            assert!(
                i18n::tr_exact(lang, &key).is_some(),
                "{} lacks {key}",
                lang.code()
            );
        }
    }
    assert_eq!(i18n::tr(Lang::ZhCn, "history-status-finished"), "已结束");
}

/// Issue #32 item 18: the other games do not speak Dou Dizhu. The hand
/// view's line on a seat's turn is the game's own (Shengji's declaring,
/// Paohuzi's discard, Chexuan's bets), not "pick cards below, then Play; or
/// Pass".
#[test]
fn the_hand_view_on_a_turn_speaks_the_games_own_words() {
    use paiju::ai::Bot;
    use paiju::discord::table::clicks::hand_message;
    use paiju::discord::table::{DiscordGame, HandView};
    use paiju::games::chexuan::session::{ChexuanTable, SessionDeal};
    use paiju::games::chexuan::ChexuanRules;
    use paiju::games::paohuzi::{Action as PhzAction, PaohuziRules, PaohuziTable, TableBot};
    use paiju::games::shengji::session::Dealing;
    use paiju::games::shengji::{Action as SjAction, ShengjiRules, ShengjiTable, TableAction};
    use paiju::games::Game;
    use rand::SeedableRng;

    fn turn_text<G: DiscordGame>(g: &G, seat: usize, lang: Lang) -> String {
        let view = g.view(Some(seat));
        let legal = g.legal_actions(seat);
        let hv = HandView::<G> {
            lang,
            game: 1,
            version: 0,
            seat,
            view: &view,
            legal: &legal,
        };
        let text = hand_message(&hv, &[], None).0;
        assert!(
            !text.contains(&i18n::tr(lang, "hand-your-turn")),
            "{}: {text}",
            lang.code()
        );
        text
    }

    // Shengji: a seat offered a declaration while the cards arrive.
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let rules: ShengjiRules = serde_json::from_value(serde_json::json!({})).unwrap();
    let mut sj =
        ShengjiTable::deal_hand(rules, vec![false; 4], 1, 0, [2, 2], None, &mut rng).unwrap();
    let declaring = loop {
        assert_ne!(
            sj.dealing(),
            Dealing::Done,
            "nobody was offered a declaration"
        );
        let offered = (0..4).find(|&s| {
            sj.legal_actions(s)
                .iter()
                .any(|a| matches!(a, TableAction::Hand(SjAction::Declare { .. })))
        });
        if let Some(s) = offered {
            break s;
        }
        let step = sj.table_step().expect("a table step while nobody is asked");
        sj.apply(0, &step).unwrap();
    };
    for lang in [Lang::EnUs, Lang::ZhCn] {
        let text = turn_text(&sj, declaring, lang);
        assert!(
            text.contains(&i18n::tr(lang, "shengji-your-turn-declare")),
            "{text}"
        );
    }
    assert!(
        turn_text(&sj, declaring, Lang::EnUs).contains("choose the declaration below, or Not now")
    );

    // Paohuzi: the seat to discard.
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2);
    let mut phz = PaohuziTable::new_hand(PaohuziRules::default(), 0, 0, &mut rng).unwrap();
    let discarding = loop {
        let seat = phz.waiting_on()[0];
        let legal = phz.legal_actions(seat);
        if !phz.claiming() && legal.iter().any(|a| matches!(a, PhzAction::Discard(_))) {
            break seat;
        }
        let a = TableBot.choose(&phz.view(Some(seat)), &legal, &mut rng);
        phz.apply(seat, &a).unwrap();
    };
    for lang in [Lang::EnUs, Lang::ZhCn] {
        let text = turn_text(&phz, discarding, lang);
        assert!(
            text.contains(&i18n::tr(lang, "paohuzi-your-turn-discard")),
            "{text}"
        );
    }

    // Chexuan: the first to bet.
    let deal = SessionDeal {
        seed: 3,
        dealer: 0,
        bobo: vec![300, 300],
        ai: Vec::new(),
        reserve: vec![Some(700), Some(700)],
    };
    let rules = ChexuanRules {
        ante: 10,
        ..ChexuanRules::default()
    };
    let cx = ChexuanTable::start(rules, 2, deal).unwrap();
    let betting = cx.waiting_on()[0];
    for lang in [Lang::EnUs, Lang::ZhCn] {
        let text = turn_text(&cx, betting, lang);
        assert!(
            text.contains(&i18n::tr(lang, "chexuan-your-turn-bet")),
            "{text}"
        );
    }
}

/// Issue #32 item 18: `/chexuan leave` (join, seat, stop) with no table
/// open names `/chexuan start`, not `/dou-dizhu start`.
#[test]
fn no_table_names_the_games_own_start_command() {
    use paiju::discord::table::commands::no_table;
    use paiju::games::chexuan::session::ChexuanTable;
    let clean = |s: String| s.replace(['\u{2068}', '\u{2069}'], "");
    let en = clean(no_table::<ChexuanTable>(Lang::EnUs).text(Lang::EnUs));
    assert_eq!(
        en,
        "There is no Chexuan table in this channel. Open one with /chexuan start."
    );
    let zh = clean(no_table::<ChexuanTable>(Lang::ZhCn).text(Lang::ZhCn));
    assert!(zh.contains("/扯旋 开桌") && !zh.contains("斗地主"), "{zh}");
}

/// Issue #32 item 18: Chexuan's lobby says its ante, as the game does
/// ("Ante (底皮): 10 chips"), not "stake 1".
#[test]
fn the_chexuan_lobby_says_its_ante() {
    use paiju::discord::table::DiscordGame;
    use paiju::games::chexuan::session::ChexuanTable;
    use paiju::games::chexuan::ChexuanRules;
    let clean = |s: String| s.replace(['\u{2068}', '\u{2069}'], "");
    let rules = ChexuanRules {
        ante: 10,
        ..ChexuanRules::default()
    };
    let title = clean(ChexuanTable::lobby_title(Lang::EnUs, &rules, 1));
    assert!(
        title.contains("ante (底皮) 10 chips") && !title.contains("stake"),
        "{title}"
    );
    let zh = clean(ChexuanTable::lobby_title(Lang::ZhCn, &rules, 1));
    assert!(zh.contains("底皮 10"), "{zh}");
}
