//! `paiju play dou-dizhu` driven through a pipe, as a newcomer would type.

use crate::support::terminal;

use std::path::Path;
use terminal::{verify, Run};

fn play(db: &Path, args: &[&str], input: &str) -> Run {
    terminal::play("dou-dizhu", db, args, input)
}

/// Enough "let the AI move for me" lines for any game, then "no more".
fn autos() -> String {
    "auto\n".repeat(40) + "n\n"
}

#[test]
fn a_whole_game_through_a_pipe_reaches_the_settlement() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("play.db");
    // "maybe" reaches the "another game?" question: explained, asked again.
    let input = format!("help\nhint\nzzz\n{}maybe\nn\n", "auto\n".repeat(40));
    let (ok, out, err) = play(&db, &["--seed", "3", "--stake", "10"], &input);
    assert!(ok, "exit status; stderr: {err}\n{out}");
    assert!(out.contains("Your hand (17 cards)"), "{out}");
    assert!(out.contains("In every game:"), "help: {out}");
    assert!(out.contains("Hint: "), "hint: {out}");
    assert!(out.contains("Refused: `zzz`"), "bad input explained: {out}");
    assert!(out.contains("Landlord: "), "table line: {out}");
    assert!(
        out.contains("=== Game over") || out.contains("Nobody bid"),
        "{out}"
    );
    assert!(out.contains("Your balance: "), "{out}");
    assert!(out.contains("Another game?"), "{out}");
    assert!(
        out.contains("`maybe` is not an answer here: type y for another game, n to stop."),
        "{out}"
    );
    assert!(out.trim_end().ends_with("再见!"), "{out}");
    let (clean, report) = verify(&db);
    assert!(clean, "{report}");
}

#[test]
fn the_same_seed_plays_the_same_game() {
    let dir = tempfile::tempdir().unwrap();
    let a = play(&dir.path().join("a.db"), &["--seed", "11"], &autos());
    let b = play(&dir.path().join("b.db"), &["--seed", "11"], &autos());
    assert!(a.0 && b.0);
    assert_eq!(a.1, b.1);
}

#[test]
fn a_refused_play_is_explained_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("refuse.db");
    // Cards nobody can hold twice, and a bid out of range, are refused.
    let input = format!("bid 9\n3333 3\n{}", autos());
    let (ok, out, _) = play(&db, &["--seed", "5"], &input);
    assert!(ok);
    assert!(out.matches("Refused:").count() >= 2, "{out}");
    assert!(out.contains("Your balance: "), "{out}");
}

#[test]
fn bad_options_are_refused_before_anything_is_created() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("bad.db");
    for args in [
        vec!["--stake", "0"],
        vec!["--stake", "-5"],
        vec!["--rules", "{\"bidding\":\"auction\"}"],
        vec!["--rules", "[1]"],
        vec!["--rules", "{\"nonsense\":1}"],
    ] {
        let (ok, out, err) = play(&db, &args, "auto\n");
        assert!(!ok, "{args:?} accepted: {out}");
        assert!(!err.is_empty(), "{args:?}: no message");
        assert!(!out.contains("Your hand"), "{args:?}: a game started");
    }
}

/// Issue #32: one check of a table's options serves every front end, and
/// `paiju play` refuses what it does not take instead of ignoring it —
/// each before the ledger file exists.
#[test]
fn every_games_options_are_refused_before_the_ledger_is_made() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("never.db");
    for (game, args, why) in [
        // /shengji start refused it; the terminal took it (a 28-hour wait).
        (
            "shengji",
            vec!["--rules", "{\"declare_window\":100000}"],
            "declare window",
        ),
        // Ignored before: a Chexuan table's stake is 1, its ante the chips;
        // `paiju play chexuan` has no --stake, so clap refuses it.
        (
            "chexuan",
            vec!["--stake", "5"],
            "unexpected argument '--stake'",
        ),
        // More than the starting balance a fresh ledger would give.
        ("chexuan", vec!["--bobo", "5000"], "more than your"),
    ] {
        let (ok, out, err) = terminal::play(game, &db, &args, "\n");
        assert!(!ok, "{game} {args:?} accepted: {out}");
        assert!(err.contains(why), "{game} {args:?}: {err}");
        assert!(!db.exists(), "{game} {args:?}: the ledger was made");
    }
}

/// Issue #32: `paiju play --config FILE` was listed by `--help` and then
/// ignored. It reads the file the bot reads — the starting chips here —
/// and refuses a broken one naming the key, as the bot does.
#[test]
fn play_reads_the_config_file_and_refuses_a_broken_one() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("config.db");
    let broken = dir.path().join("broken.toml");
    std::fs::write(&broken, "[chips]\nstarting = \"many\"\n").unwrap();
    let (ok, out, err) = play(&db, &["--config", broken.to_str().unwrap()], "auto\n");
    assert!(!ok, "a broken config was taken: {out}");
    assert!(err.contains("starting"), "{err}");
    assert!(!db.exists(), "the ledger was made");

    let good = dir.path().join("good.toml");
    std::fs::write(&good, "[chips]\nstarting = 50\n[stakes]\ndou_dizhu = 1\n").unwrap();
    let (ok, out, err) = play(&db, &["--config", good.to_str().unwrap()], "");
    assert!(ok, "{err}\n{out}");
    assert!(out.contains("Your balance: 50 chips"), "{out}");
    assert!(out.contains("Stake: 1 chips"), "the config's stake: {out}");
}

#[test]
fn end_of_input_saves_the_game_and_the_next_run_resumes_it() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("eof.db");
    let (ok, out, err) = play(&db, &["--seed", "8"], "auto\nauto\n");
    assert!(ok, "{err}");
    assert!(out.contains("The game is saved"), "{out}");
    let (clean, report) = verify(&db);
    assert!(clean, "{report}");

    let (ok, out, err) = play(&db, &["--seed", "8"], &autos());
    assert!(ok, "{err}");
    assert!(out.contains("Resuming game #1"), "{out}");
    assert!(out.contains("Your balance: "), "{out}");
    let (clean, report) = verify(&db);
    assert!(clean, "{report}");
}

#[test]
fn a_game_saved_unfinished_is_named_with_the_command_that_finishes_it() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("two.db");
    let (ok, out, err) = play(&db, &["--seed", "8"], "auto\n");
    assert!(ok, "{err}");
    assert!(out.contains("The game is saved"), "{out}");
    // Another game on the same ledger: the saved one is named, with the
    // command that finishes it, and nothing is opened.
    for (lang, want) in [
        (
            "en",
            "your game of Dou Dizhu is still saved and unfinished, and you play one game at a time. Run `paiju play dou-dizhu`",
        ),
        ("zh", "你还有一局斗地主保存着没打完，一次只能打一局。请先运行 `paiju play dou-dizhu`"),
    ] {
        let (ok, out, _) = terminal::play("chexuan", &db, &["--lang", lang], "auto\n");
        assert!(!ok, "{out}");
        assert!(out.contains(want), "{lang}: {out}");
        assert!(!out.contains("cannot start a table"), "{lang}: {out}");
    }
    // The saved game still resumes where it was.
    let (ok, out, err) = play(&db, &["--seed", "8"], &autos());
    assert!(ok, "{err}");
    assert!(out.contains("Resuming game #1"), "{out}");
    let (clean, report) = verify(&db);
    assert!(clean, "{report}");
}

/// The text between the first `from` after `start` and the next `to`.
fn between<'a>(out: &'a str, from: &str, to: &str) -> &'a str {
    let a = out
        .find(from)
        .unwrap_or_else(|| panic!("`{from}` missing:\n{out}"));
    let rest = &out[a + from.len()..];
    &rest[..rest.find(to).unwrap_or(rest.len())]
}

#[test]
fn ranks_and_no_typed_at_the_wrong_moment_make_no_move() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("wrong.db");
    // Seed 3: AI 2 bids 1, then it is the person's bid. `A`, `T`, `a` are
    // ranks and `no` is no bid: all refused in the bidding. Then a bid of
    // 3, and in the play `leave` answered by `no` (stay, not pass) and by
    // `A`; `T` and `a` are cards here (refused or played as cards, never a
    // command). At "another game?" none of them, nor Enter, is a yes.
    let input = format!(
        "A\nT\na\nno\n3\nleave\nno\nleave\nA\ntable\n{}A\nT\na\n\nno\n",
        "auto\n".repeat(40)
    );
    let (ok, out, err) = play(&db, &["--seed", "3"], &input);
    assert!(ok, "{err}\n{out}");
    let bidding = between(&out, "Your move.", "You bid 3.");
    for typed in ["A", "T", "a", "no"] {
        assert!(
            bidding.contains(&format!("Refused: `{typed}`: a bid is 1, 2 or 3")),
            "`{typed}` in the bidding:\n{bidding}"
        );
    }
    assert!(!bidding.contains("You pass"), "{bidding}");
    assert!(!bidding.contains("You play"), "{bidding}");
    // Both answers to the leave question keep the person at the table and
    // play nothing: the table shown next is the same landlord's first lead.
    assert_eq!(
        out.matches("Type `leave` again to confirm").count(),
        2,
        "{out}"
    );
    assert_eq!(
        out.matches("You stay: nothing was played.").count(),
        2,
        "{out}"
    );
    let after_leave = between(&out, "You stay: nothing was played.", "Landlord: ");
    assert!(!after_leave.contains("You play"), "{after_leave}");
    assert!(after_leave.contains("Type `leave` again"), "{after_leave}");
    // The another-game question takes only its answers.
    for typed in ["A", "T", "a"] {
        assert!(
            out.contains(&format!("`{typed}` is not an answer here")),
            "`{typed}` at another game?:\n{out}"
        );
    }
    assert!(out.contains("An empty line is no answer"), "{out}");
    assert!(!out.contains("=== Game #2"), "{out}");
    assert!(out.trim_end().ends_with("再见!"), "{out}");
    assert!(verify(&db).0);
}

/// What `paiju::terminal::play` printed, shared with the test.
#[derive(Clone, Default)]
struct Screen(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

impl std::io::Write for Screen {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Screen {
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.0.lock().unwrap()).into_owned()
    }

    /// Waits (in the paused clock) until `what` shows, at most an hour.
    async fn until(&self, what: &str) -> String {
        for _ in 0..36_000 {
            let text = self.text();
            if text.contains(what) {
                return text;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        panic!("`{what}` never showed:\n{}", self.text());
    }
}

/// Item 5 of issue 17: a person who stepped away sees the turn timer hand
/// the seat to the AI (托管) and every move made for them as it is made,
/// without typing anything; any line typed ends the 托管.
#[tokio::test(start_paused = true)]
async fn the_turn_timer_and_the_moves_made_meanwhile_show_as_they_happen() {
    use paiju::table::{memory::MemoryStore, Tables};
    use paiju::terminal::{play, terminal_config, PlayOptions};
    let store = std::sync::Arc::new(MemoryStore::new(1000));
    let tables = Tables::new(store, terminal_config(1000));
    let options = PlayOptions {
        seed: Some(3),
        rules: serde_json::json!({}),
        stake: 10,
        ai_delay_ms: 1000,
        ai_seats: None,
        buy_in: None,
        lang: paiju::i18n::Lang::EnUs,
    };
    let (mut keyboard, input) = tokio::io::duplex(1024);
    let screen = Screen::default();
    let out = screen.clone();
    let game = tokio::spawn(async move {
        play::<paiju::games::dou_dizhu::DouDizhu, _, _, _>(
            tables,
            options,
            tokio::io::BufReader::new(input),
            out,
        )
        .await
    });
    // Nothing typed: the bid timer runs out and the AI bids for the seat.
    let shown = screen.until("Your time ran out").await;
    assert!(shown.contains("Your move."), "{shown}");
    let shown = screen.until("\nYou ").await;
    let after = shown.split_once("Your time ran out").unwrap().1;
    assert!(after.contains("\nYou "), "the move made for you: {shown}");
    // Any line ends the 托管; the person is asked again at their turn.
    use tokio::io::AsyncWriteExt;
    keyboard.write_all(b"hint\n").await.unwrap();
    screen.until("You are back at the table.").await;
    drop(keyboard);
    game.await.unwrap().unwrap();
}

/// Issue #33: `paiju render --help` and `paiju play --help` listed
/// `--shards`, `--shard-count` and `--config`, which only the bot read.
/// Each subcommand shows its own options; a bot option given to another
/// subcommand is refused by clap.
#[test]
fn each_subcommand_shows_only_its_own_options() {
    let help = |args: &[&str]| {
        let out = terminal::paiju().args(args).output().unwrap();
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let bot = help(&["--help"]);
    assert!(
        bot.contains("--shards") && bot.contains("--config"),
        "{bot}"
    );
    let render = help(&["render", "--help"]);
    assert!(
        !render.contains("--shards") && !render.contains("--config"),
        "{render}"
    );
    let play = help(&["play", "--help"]);
    assert!(
        !play.contains("--shards") && play.contains("--config"),
        "{play}"
    );
    let refused = terminal::paiju()
        .args(["render", "x.json", "--out", "x.png", "--shards", "0-1"])
        .output()
        .unwrap();
    assert_eq!(refused.status.code(), Some(2));
}

/// Issue #36: the 托管 switch typed. `托管` (or `auto on`) hands the seat to
/// the AI, which makes the person's moves until `auto off` (or anything
/// typed); `auto off` while playing one's own seat says so; in Chinese the
/// same words answer in Chinese.
#[tokio::test(start_paused = true)]
async fn the_autoplay_switch_is_typed_in_both_languages() {
    use paiju::table::{memory::MemoryStore, Tables};
    use paiju::terminal::{play, terminal_config, PlayOptions};
    use tokio::io::AsyncWriteExt;
    for (lang, on_word, said_on, off_word, back) in [
        (
            paiju::i18n::Lang::EnUs,
            "auto on",
            "You are on auto-play (托管)",
            "auto off",
            "You are back at the table.",
        ),
        (
            paiju::i18n::Lang::ZhCn,
            "托管",
            "你已托管",
            "取消托管",
            "回到牌桌。",
        ),
    ] {
        let store = std::sync::Arc::new(MemoryStore::new(1000));
        let tables = Tables::new(store, terminal_config(1000));
        let options = PlayOptions {
            seed: Some(3),
            rules: serde_json::json!({}),
            stake: 10,
            ai_delay_ms: 1000,
            ai_seats: None,
            buy_in: None,
            lang,
        };
        let (mut keyboard, input) = tokio::io::duplex(1024);
        let screen = Screen::default();
        let out = screen.clone();
        let game = tokio::spawn(async move {
            play::<paiju::games::dou_dizhu::DouDizhu, _, _, _>(
                tables,
                options,
                tokio::io::BufReader::new(input),
                out,
            )
            .await
        });
        let your_move = match lang {
            paiju::i18n::Lang::EnUs => "Your move.",
            _ => "轮到你了。",
        };
        screen.until(your_move).await;
        keyboard
            .write_all(format!("{off_word}\n").as_bytes())
            .await
            .unwrap();
        let not_on = match lang {
            paiju::i18n::Lang::EnUs => "You are not on auto-play (托管)",
            _ => "你没有托管",
        };
        screen.until(not_on).await;
        keyboard
            .write_all(format!("{on_word}\n").as_bytes())
            .await
            .unwrap();
        let shown = screen.until(said_on).await;
        assert!(!shown.contains("time ran out"), "{shown}");
        // The AI makes the person's move (the bid) with nothing typed.
        let you = match lang {
            paiju::i18n::Lang::EnUs => "\nYou ",
            _ => "\n你",
        };
        let mut shown = String::new();
        for _ in 0..36_000 {
            let text = screen.text();
            shown = text.split_once(said_on).unwrap().1.to_string();
            if shown.contains(you) {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        assert!(shown.contains(you), "a move made for the person: {shown}");
        assert!(
            !shown.contains(your_move),
            "not asked while on 托管: {shown}"
        );
        keyboard
            .write_all(format!("{off_word}\n").as_bytes())
            .await
            .unwrap();
        let text = screen.until(back).await;
        let after = text.rsplit_once(back).unwrap().1;
        assert!(!after.contains(not_on), "the switch word is not read twice");
        drop(keyboard);
        game.await.unwrap().unwrap();
    }
}

/// Issue #36 §3.6: the two-player game (二人斗地主) shows its handicap (让牌)
/// only once a rob gave one, in the apps' words; the nine cards set aside
/// are 不用的牌, not a discard pile (弃牌堆 is 弃三张's word); one farmer wins
/// alone ("the farmer wins"), and a player without a partner wins or loses
/// alone, not "your side".
#[test]
fn the_two_player_game_words_its_handicap_and_its_one_farmer() {
    let dir = tempfile::tempdir().unwrap();
    let two = ["--rules", r#"{"players":2}"#];
    // Seed 3: AI 2 calls; the person is asked to rob (the table shown
    // then has no handicap), robs, AI 2 robs back (handicap 2), the person
    // passes and AI 2 is landlord.
    let input = format!("table\nrob\npass\n{}", autos());
    for (lang, aside, handicap, not) in [
        (
            "en",
            "Set aside (out of play): ",
            "Handicap (让牌): 2 — the farmer wins on getting down to 2 cards.",
            "Handicap",
        ),
        ("zh", "不用的牌：", "让 2 张：农民剩 2 张牌即获胜。", "让牌"),
    ] {
        let db = dir.path().join(format!("two-{lang}.db"));
        let mut args = vec!["--seed", "3", "--lang", lang];
        args.extend(two);
        let (ok, out, err) = play(&db, &args, &input);
        assert!(ok, "{err}\n{out}");
        let first = out.find("> ").expect("a prompt");
        let robbed = out
            .find(handicap)
            .unwrap_or_else(|| panic!("{lang}: {out}"));
        assert!(
            !out[..robbed].contains(not),
            "{lang}: no handicap before a rob:\n{}",
            &out[..robbed]
        );
        assert!(out[first..robbed].contains(aside), "{lang}: {out}");
        assert!(!out.contains("弃牌堆"), "{lang}: {out}");
    }
    // Seed 1: the person is landlord and the farmer wins.
    let db = dir.path().join("farmer.db");
    let mut args = vec!["--seed", "1"];
    args.extend(two);
    let (ok, out, err) = play(&db, &args, &autos());
    assert!(ok, "{err}\n{out}");
    assert!(
        out.contains("=== Game over: the farmer wins. You lose. ==="),
        "{out}"
    );
    assert!(!out.contains("farmers"), "{out}");
    assert!(!out.contains("Your side"), "{out}");
}

/// Issue #36: with one other player there is no "everyone" — the
/// two-player game names who passed before the new lead ("AI 2 passed:
/// you lead again"), the three-player game still says everyone passed;
/// and the nine cards set aside have one name, on the picture and in the
/// words (不用的牌 / Set aside: the picture's font draws 不用的牌).
#[test]
fn a_new_lead_names_the_one_who_passed_at_two() {
    let dir = tempfile::tempdir().unwrap();
    for (lang, everyone, one) in [
        ("en", "Everyone passed", " passed: "),
        ("zh", "大家都不要", "不要："),
    ] {
        let db = dir.path().join(format!("two-{lang}.db"));
        let args = ["--seed", "1", "--lang", lang, "--rules", r#"{"players":2}"#];
        let (ok, out, err) = play(&db, &args, &autos());
        assert!(ok, "{err}\n{out}");
        let out = out.replace(['\u{2068}', '\u{2069}'], "");
        assert!(!out.contains(everyone), "{lang}: {out}");
        assert!(
            out.lines()
                .any(|l| l.contains(one) && l.contains("AI 2")
                    || l.contains(one) && l.contains("电脑2")),
            "{lang}: {out}"
        );
        let db = dir.path().join(format!("three-{lang}.db"));
        let (ok, out, err) = play(&db, &["--seed", "1", "--lang", lang], &autos());
        assert!(ok, "{err}\n{out}");
        assert!(out.contains(everyone), "{lang}: {out}");
    }
    for lang in paiju::i18n::Lang::ALL {
        let picture = paiju::i18n::tr(lang, "picture-aside");
        let words = paiju::i18n::tr_args(lang, "table-aside", &[("cards", "x".into())]);
        assert!(
            words.starts_with(&picture),
            "one name for the cards set aside: {picture} / {words}"
        );
    }
}
