//! `paiju play` speaks the language asked for: `--lang zh|zh-CN|en|en-US`,
//! else the environment's (`LC_ALL`/`LANG` starting with `zh` → Chinese).
//! Each game is played through a pipe in Chinese and checked for Chinese
//! words and for no English prompt leaking; English is checked the other
//! way round; typed commands and cards are the same in both.

use crate::support::terminal;

use terminal::{play, play_env, verify};

/// The English of the prompts and table lines a player reads in every
/// game; none may show in a Chinese session.
const ENGLISH: [&str; 18] = [
    "Your move",
    "You may",
    "Refused",
    "Your hand",
    "Your balance",
    "Another game",
    "In every game",
    "Hint:",
    "Landlord:",
    "Thanks for playing",
    "Game #",
    "Input closed",
    "You deal",
    "Pot:",
    "Betting:",
    "Mango pot",
    "chips",
    " AI ",
];

/// The Chinese of the same; none may show in an English session (the
/// games' Chinese names and terms in parentheses are part of the English).
const CHINESE: [&str; 8] = [
    "轮到你",
    "你可以",
    "不行：",
    "你的手牌",
    "你的余额",
    "再来一局",
    "各游戏通用：",
    "提示：",
];

fn has_all(out: &str, words: &[&str]) {
    for w in words {
        assert!(out.contains(w), "`{w}` missing:\n{out}");
    }
}

fn no_leak(out: &str, words: &[&str]) {
    for w in words {
        assert!(!out.contains(w), "`{w}` leaked into:\n{out}");
    }
}

#[test]
fn dou_dizhu_in_chinese_by_the_flag_speaks_chinese_only() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("zh.db");
    // Typed commands and cards read the same in Chinese: `bid 9` is refused
    // with a Chinese reason, `zzz` too, and the rest is played by the AI.
    let input = format!("help\nbid 9\nzzz\nhint\n{}n\n", "auto\n".repeat(40));
    let (ok, out, err) = play("dou-dizhu", &db, &["--seed", "3", "--lang", "zh"], &input);
    assert!(ok, "{err}\n{out}");
    has_all(
        &out,
        &[
            "斗地主",
            "各游戏通用：",
            "轮到你了。",
            "你可以：",
            "你的手牌（17 张）",
            "不行：`zzz`",
            "叫分只能是 1、2 或 3",
            "提示：",
            "地主：",
            "你的余额：",
            "再来一局？",
            "谢谢参与",
        ],
    );
    assert!(
        out.contains("剩余牌数：你：17 张"),
        "your seat is 你: {out}"
    );
    no_leak(&out, &ENGLISH);
    assert!(verify(&db).0);
}

#[test]
fn duan_guozi_in_chinese_by_lang_from_the_environment() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("zh.db");
    let input = format!("help\nzzz\n{}好\n\n", "\n".repeat(60));
    let env = [("LANG", "zh_CN.UTF-8")];
    let args = ["--seed", "5", "--players", "3"];
    let (ok, out, err) = play_env("duan-guozi", &db, &args, &input, &env);
    assert!(ok, "{err}\n{out}");
    has_all(
        &out,
        &[
            "端锅子",
            "另有 2 个电脑玩家",
            "各游戏通用：",
            "不行：`zzz`",
            "--- 第 1 轮",
            "轮到你发牌",
            "锅里：",
            "道）",
            "输入已结束",
        ],
    );
    no_leak(&out, &ENGLISH);
    // The flag wins over the environment.
    let (ok, out, _) = play_env(
        "duan-guozi",
        &db,
        &[&args[..], &["--lang", "en-US"]].concat(),
        "leave\nleave\n",
        &env,
    );
    assert!(ok, "{out}");
    assert!(out.contains("Resuming game #"), "{out}");
    no_leak(&out, &CHINESE);
    assert!(verify(&db).0);
}

#[test]
fn chexuan_in_chinese_reads_chinese_bets_and_refuses_in_chinese() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("zh.db");
    let args = [
        "--seed",
        "3",
        "--players",
        "3",
        "--bobo",
        "400",
        "--lang",
        "zh-CN",
    ];
    let input = format!(
        "help\n大 5\nzzz\n提示\n{}leave\nleave\n{}n\n",
        "代打\n".repeat(12),
        "auto\n".repeat(30)
    );
    let (ok, out, err) = play("chexuan", &db, &args, &input);
    assert!(ok, "{err}\n{out}");
    has_all(
        &out,
        &[
            "扯旋",
            "簸簸 400",
            "扯旋下注：",
            "不行：`大 5`",
            "至少 10",
            "不是命令",
            "提示：",
            "你的暗牌：",
            "芒果池：",
            "你可以：大 N",
            "第 2 手：",
            "比牌：",
            "牌桌关闭",
            "你的余额：",
        ],
    );
    no_leak(&out, &ENGLISH);
    assert!(verify(&db).0);
}

#[test]
fn english_says_you_with_your_own_verbs_and_no_chinese_prompt() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("en.db");
    // Chinese in the environment, English by the flag.
    let env = [("LC_ALL", "zh_CN.UTF-8")];
    let args = [
        "--seed",
        "3",
        "--players",
        "3",
        "--bobo",
        "400",
        "--lang",
        "en",
    ];
    let input = format!(
        "{}leave\nleave\n{}n\n",
        "auto\n".repeat(12),
        "auto\n".repeat(30)
    );
    let (ok, out, err) = play_env("chexuan", &db, &args, &input, &env);
    assert!(ok, "{err}\n{out}");
    no_leak(&out, &CHINESE);
    // "You deals", "You checks": the grammar slips are gone.
    for line in out.lines() {
        for slip in [
            "You deals",
            "You checks",
            "You calls",
            "You raises",
            "You folds",
            "You has",
            "You wins",
            "You takes",
            "You is",
            "You leaves",
            "You speaks",
            "you deals",
        ] {
            assert!(!line.contains(slip), "{line}");
        }
    }
    assert!(
        [
            "You check",
            "You call",
            "You raise",
            "You fold",
            "You go all-in",
            "you deal"
        ]
        .iter()
        .any(|w| out.contains(w)),
        "{out}"
    );
}

#[test]
fn an_unknown_language_is_refused_before_anything_starts() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("bad.db");
    let (ok, out, err) = play("dou-dizhu", &db, &["--lang", "fr"], "auto\n");
    assert!(!ok, "{out}");
    assert!(err.contains("en or zh"), "{err}");
    assert!(out.is_empty(), "{out}");
    let help = terminal::paiju().args(["play", "--help"]).output().unwrap();
    let help = String::from_utf8_lossy(&help.stdout);
    assert!(help.contains("--lang"), "{help}");
}

/// Refusals of the command line, before any game starts, are in the
/// player's language too, and change nothing (no ledger file is written).
#[test]
fn command_line_refusals_speak_the_language_asked_for() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("refused.db");
    let plain = |s: String| s.replace(['\u{2068}', '\u{2069}'], "");
    for (game, args, zh, en) in [
        (
            "chexuan",
            &["--players", "9"][..],
            "扯旋需要 2 到 6 名玩家（--players），不能是 9",
            "Chexuan takes 2 to 6 players (--players), not 9",
        ),
        (
            "duan-guozi",
            &["--players", "13"][..],
            "端锅子需要 2 到 12 名玩家",
            "Duan Guozi takes 2 to 12 players",
        ),
        (
            "dou-dizhu",
            &["--players", "4"][..],
            "斗地主需要 3 名玩家",
            "Dou Dizhu takes 3 players",
        ),
        (
            "dou-dizhu",
            &["--rules", "[1]"][..],
            "JSON 对象",
            "JSON object",
        ),
    ] {
        for (lang, want) in [("zh", zh), ("en", en)] {
            let mut all = args.to_vec();
            all.extend(["--lang", lang]);
            let (ok, out, err) = play(game, &db, &all, "auto\n");
            let err = plain(err);
            assert!(!ok, "{game} {all:?}: {out}");
            assert!(
                err.contains(want),
                "{game} {all:?}: `{want}` missing from {err}"
            );
            assert!(out.is_empty(), "{out}");
        }
    }
    // Another game's flag, and an unknown game, are clap's refusals
    // (issue #33): each game's subcommand takes its own flags only.
    for (game, args, said) in [
        (
            "dou-dizhu",
            &["--ante", "5"][..],
            "unexpected argument '--ante'",
        ),
        (
            "duan-guozi",
            &["--bobo", "300"][..],
            "unexpected argument '--bobo'",
        ),
        ("chexuan", &["--wild"][..], "unexpected argument '--wild'"),
        (
            "chexuan",
            &["--stake", "5"][..],
            "unexpected argument '--stake'",
        ),
        ("mahjong", &[][..], "unrecognized subcommand 'mahjong'"),
    ] {
        let (ok, out, err) = play(game, &db, args, "auto\n");
        assert!(!ok && out.is_empty(), "{game} {args:?}: {out}");
        assert!(
            err.contains(said),
            "{game} {args:?}: `{said}` missing from {err}"
        );
    }
    assert!(!db.exists(), "a refused command line wrote the ledger");
}

/// A table that refuses to start says why with its values, in the player's
/// language: the ledger's refusal keeps its numbers (it printed a raw
/// `{$chips}`), and a table option is refused in Chinese for a Chinese
/// player (the rake's refusal was English inside a Chinese sentence).
#[test]
fn table_refusals_keep_their_values_and_their_language() {
    let dir = tempfile::tempdir().unwrap();
    let plain = |s: String| s.replace(['\u{2068}', '\u{2069}'], "");
    for (i, (game, args, zh, en)) in [
        (
            "duan-guozi",
            &["--ante", "200"][..],
            "只有 1000 筹码",
            "1000 chips",
        ),
        (
            "dou-dizhu",
            &["--rules", r#"{"rake":150}"#][..],
            "抽水是 0 到 100 的百分比，不能是 150",
            "The rake is a percentage from 0 to 100, not 150",
        ),
    ]
    .into_iter()
    .enumerate()
    {
        for (lang, want) in [("zh", zh), ("en", en)] {
            let db = dir.path().join(format!("start-{i}-{lang}.db"));
            let mut all = args.to_vec();
            all.extend(["--lang", lang]);
            let (_, out, err) = play(game, &db, &all, "");
            let said = plain(format!("{out}{err}"));
            assert!(
                said.contains(want),
                "{game} {all:?}: `{want}` missing from {said}"
            );
            assert!(!said.contains("{$"), "a raw placeholder: {said}");
        }
    }
}

/// English words in a Chinese session: runs of two or more Latin letters
/// outside backticks (a command or a file shown to type), except the
/// program's own name. Card ranks are single letters (J Q K A) and pass.
fn english_words(out: &str) -> Vec<String> {
    let mut found = Vec::new();
    for line in out.lines() {
        let mut plain = String::new();
        for (i, part) in line.split('`').enumerate() {
            if i % 2 == 0 {
                plain.push_str(part);
                plain.push(' ');
            }
        }
        let mut word = String::new();
        for c in plain.chars().chain([' ']) {
            if c.is_ascii_alphabetic() {
                word.push(c);
            } else {
                if word.len() >= 2 && word != "paiju" {
                    found.push(format!("{word} in: {line}"));
                }
                word.clear();
            }
        }
    }
    found
}

/// A space between two Chinese characters ("你 叫 3 分", "轮到 你").
/// Cards are separated by spaces, so a card named in Chinese (大王, 二皇)
/// counts as a card, not as a word of the sentence.
fn stray_spaces(out: &str) -> Vec<String> {
    let han = |c: char| ('\u{4e00}'..='\u{9fff}').contains(&c);
    out.lines()
        .filter(|line| {
            let mut line = line.to_string();
            for card in ["大王", "小王", "二皇"] {
                line = line.replace(card, "🂠");
            }
            let c: Vec<char> = line.chars().collect();
            c.windows(3).any(|w| han(w[0]) && w[1] == ' ' && han(w[2]))
        })
        .map(str::to_string)
        .collect()
}

/// Issue 17 (items 16–19): whole games of the three hosted games in
/// Chinese through a pipe read like an app: no English word, no space
/// inside a Chinese sentence, 不叫 and 不要 where each belongs, 1-based
/// seats.
#[test]
fn whole_chinese_games_have_no_english_and_no_stray_spaces() {
    let dir = tempfile::tempdir().unwrap();
    let runs = [
        (
            "dou-dizhu",
            vec!["--seed", "3", "--rules", r#"{"doubling":true}"#],
            format!("不叫\n{}不\n", "代打\n".repeat(40)),
        ),
        (
            "dou-dizhu",
            vec!["--seed", "4", "--wild"],
            format!("叫 3 分\n{}不\n", "代打\n".repeat(40)),
        ),
        (
            "duan-guozi",
            vec!["--seed", "5", "--players", "3"],
            format!("牌桌\n{}不\n", "\n".repeat(80)),
        ),
        (
            "chexuan",
            vec!["--seed", "3", "--players", "3", "--bobo", "400"],
            format!(
                "手牌\n{}离开\n离开\n{}不\n",
                "代打\n".repeat(30),
                "代打\n".repeat(30)
            ),
        ),
    ];
    let mut all = String::new();
    for (i, (game, args, input)) in runs.iter().enumerate() {
        let db = dir.path().join(format!("zh-{i}.db"));
        let mut args = args.clone();
        args.extend(["--lang", "zh"]);
        let (ok, out, err) = play(game, &db, &args, input);
        assert!(ok, "{game}: {err}\n{out}");
        assert!(out.contains("谢谢参与"), "{game} played to its end:\n{out}");
        all.push_str(&out);
    }
    let english = english_words(&all);
    assert!(
        english.is_empty(),
        "English in Chinese mode:\n{}",
        english.join("\n")
    );
    let spaces = stray_spaces(&all);
    assert!(spaces.is_empty(), "stray spaces:\n{}", spaces.join("\n"));
    has_all(&all, &["你坐 1 号位", "你不叫。", "不要", "叫 3 分"]);
}

/// Issue #17 item 18 through the pipe: a Chinese refusal names the jokers
/// as players read them (大王, 小王), never in record notation, whichever
/// way the cards were typed (`BJ` or `大王`); and the refused lines play
/// nothing (the hand is still 20 cards after them).
#[test]
fn a_chinese_refusal_names_the_big_joker_not_bj() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("jokers.db");
    // Seed 3: you bid 3 and lead, holding neither joker.
    let input = format!(
        "bid 3\nBJ BJ\n大王 大王\nSJ SJ\nhand\n{}n\n",
        "auto\n".repeat(40)
    );
    let (ok, out, err) = play("dou-dizhu", &db, &["--seed", "3", "--lang", "zh"], &input);
    assert!(ok, "{err}\n{out}");
    let plain = out.replace(['\u{2068}', '\u{2069}'], "");
    for (typed, named) in [("BJ BJ", "大王"), ("大王 大王", "大王"), ("SJ SJ", "小王")] {
        let line = plain
            .lines()
            .find(|l| l.contains(&format!("不行：`{typed}`")))
            .unwrap_or_else(|| panic!("no refusal of `{typed}`:\n{plain}"));
        assert!(line.contains(&format!("你手里没有{named}")), "{line}");
        let said = line.split('`').nth(2).unwrap_or_default();
        assert!(!said.contains("BJ") && !said.contains("SJ"), "{line}");
    }
    // Refused moves play nothing: `hand` after them still shows 20 cards.
    let after = plain.split("不行：`SJ SJ`").nth(1).unwrap();
    assert!(after.contains("你的手牌（20 张）"), "{after}");
    assert!(verify(&db).0);
}

/// Issue #17 items 6, 7 and 10 through the pipe, in both languages: the
/// multiplier shown is the one paid, with its factors (bid · doubling);
/// the phase labels name the phase (叫地主中, 加倍中, discarding); the
/// result shows the multiplier paid, the cards the others kept, and every
/// seat's chips, which are the stake × multiplier the table showed.
#[test]
fn the_multiplier_shown_is_the_one_paid_and_the_result_shows_everything() {
    let dir = tempfile::tempdir().unwrap();
    let doubling = ["--seed", "3", "--rules", r#"{"doubling":true}"#];
    let runs = [
        (
            "en",
            format!("bid 3\ndouble\n{}n\n", "auto\n".repeat(40)),
            [
                "On the table: nothing yet (bidding).",
                "On the table: nothing yet (doubling).",
                "Multiplier: ×6 (bid ×3 · You doubled ×2)",
                "AI 2's cards left: ",
                "  You: -240 chips",
                "  AI 2: +120 chips",
                "  AI 3: +120 chips",
            ],
        ),
        (
            "zh",
            format!("叫 3 分\n加倍\n{}不\n", "代打\n".repeat(40)),
            [
                "桌面：还没有出牌（叫地主中）。",
                "桌面：还没有出牌（加倍中）。",
                "倍数：×6（叫分 ×3 · 你加倍 ×2）",
                "电脑2剩下的牌：",
                "  你：-240 筹码",
                "  电脑2：+120 筹码",
                "  电脑3：+120 筹码",
            ],
        ),
    ];
    for (lang, input, expected) in runs {
        let db = dir.path().join(format!("mult-{lang}.db"));
        let mut args = doubling.to_vec();
        args.extend(["--lang", lang]);
        let (ok, out, err) = play("dou-dizhu", &db, &args, &input);
        assert!(ok, "{err}\n{out}");
        let plain = out.replace(['\u{2068}', '\u{2069}'], "");
        has_all(&plain, &expected);
        // The result's multiplier is the last one the table showed.
        let (play, result) = plain.rsplit_once("\n=== ").expect("a result");
        let shown = play
            .lines()
            .rev()
            .find(|l| l.starts_with("Multiplier:") || l.starts_with("倍数："))
            .expect("the table showed a multiplier");
        assert!(result.contains(shown.trim()), "{shown}\n{result}");
        assert!(verify(&db).0);
    }

    // The discard phase (弃三张) says so, not "bidding".
    let db = dir.path().join("discard.db");
    let input = format!("bid 3\n{}n\n", "auto\n".repeat(40));
    let (ok, out, err) = play("dou-dizhu", &db, &["--seed", "3", "--discard"], &input);
    assert!(ok, "{err}\n{out}");
    let plain = out.replace(['\u{2068}', '\u{2069}'], "");
    has_all(&plain, &["On the table: nothing yet (discarding)."]);
    assert!(!plain.contains("(bidding).\nYou may: a discard"), "{plain}");
}

/// Issue #36: the words the shared help lists work in every game, in
/// Chinese as typed by a Chinese player (帮助, 代打), never read as cards
/// or a bid.
#[test]
fn the_shared_chinese_words_work_in_every_game() {
    for game in ["dou-dizhu", "duan-guozi", "chexuan", "shengji", "paohuzi"] {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("words.db");
        let (_, out, err) = play(game, &db, &["--seed", "3", "--lang", "zh"], "帮助\n代打\n");
        assert!(out.contains("各游戏通用："), "{game}: {out}\n{err}");
        for word in ["`帮助`", "`代打`"] {
            assert!(!out.contains(word), "{game} refused {word}: {out}");
        }
    }
}
