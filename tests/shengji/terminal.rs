//! `paiju play shengji` through a pipe: the hand grouped by play suit with
//! trumps first, a declaration offered while the cards arrive, a refused
//! follow explained, hints, a whole match to its end, the chips in the
//! ledger verifying clean; the Chinese words; a refused `--decks`.

use crate::support::terminal::{play, play_env, verify};

const ARGS: [&str; 6] = [
    "--seed",
    "3",
    "--decks",
    "2",
    "--rules",
    r#"{"declare_window":0}"#,
];

#[test]
fn a_match_through_a_pipe_explains_a_refused_follow_and_reaches_its_end() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("sj.db");
    // The deal of seed 3: a spade tractor is led to a hand holding five
    // spades. (Its pair of jokers comes with the last batch, when the
    // window of 0 s may close before the offer is read: the offer is
    // checked on a deal that holds for it, below.)
    let input = format!(
        "help\nzzz\nhint\npass\nAH AH KH JH\nhint\n{}",
        "auto\n".repeat(3000)
    );
    let (ok, out, err) = play("shengji", &db, &ARGS, &input);
    assert!(ok, "exit status; stderr: {err}\n{out}");
    assert!(
        out.contains("Shengji (升级 / 拖拉机) in your terminal, 2 decks"),
        "{out}"
    );
    assert!(out.contains("tractor (拖拉机)"), "help: {out}");
    assert!(out.contains("Refused: `zzz`"), "{out}");
    assert!(
        out.contains("  Trumps (主) (7): Big Joker Big Joker"),
        "trumps first: {out}"
    );
    assert!(
        out.contains("Levels: seats 1 + 3 at 2 · seats 2 + 4 at 2"),
        "{out}"
    );
    assert!(out.contains("Trick: AI 3 K♠ Q♠ K♠ Q♠"), "{out}");
    assert!(
        out.contains("You must follow spades: you hold 5."),
        "the refused follow and its reason: {out}"
    );
    assert!(out.contains("Hint: "), "{out}");
    assert!(out.contains("buries 8 cards (扣底)"), "{out}");
    assert!(out.contains("Attackers' points: "), "{out}");
    // Issue #36: the buried kitty is shown to all at the hand's end.
    assert!(out.contains("The kitty (底牌) was: "), "{out}");
    assert!(out.contains("Next hand: "), "hand after hand: {out}");
    assert!(out.contains("Hand 2 · Levels"), "{out}");
    assert!(
        out.contains("win the match!"),
        "the match ends at its goal: {out}"
    );
    assert!(out.contains("Your balance: "), "{out}");
    assert!(
        out.contains("You sit at seat 1 with your partner AI 3 opposite, against AI 2 and AI 4."),
        "{out}"
    );
    assert!(no_seat_zero(&out, "AI "), "seats read from 1: {out}");
    let (clean, report) = verify(&db);
    assert!(clean, "{report}");
}

/// A declaration a person holds while the cards arrive holds the deal
/// until he answers: the offer is always shown (seed 32 deals the pair of
/// jokers among the first 40 cards), `pass` turns it down, the deal goes
/// on, and a declaration turned down is not offered again.
#[test]
fn a_declaration_offered_while_the_cards_arrive_holds_the_deal() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("sj.db");
    let args = [
        "--seed",
        "32",
        "--decks",
        "2",
        "--rules",
        r#"{"declare_window":0}"#,
    ];
    let (_, out, err) = play("shengji", &db, &args, "pass\n");
    let offer = "Dealing: 40 of 100 cards.";
    let at = out.find(offer).unwrap_or_else(|| panic!("{out}\n{err}"));
    let rest = &out[at..];
    let asked = "You may declare: Big Joker Big Joker — or `pass`.";
    assert!(rest.contains(asked), "{out}");
    assert_eq!(out.matches("You may declare").count(), 1, "{out}");
    assert!(
        rest.contains("Declaring is over: AI 3 is the banker"),
        "the deal went on: {out}"
    );
    assert!(!out.contains("Refused"), "{out}");
}

/// Whether every seat `out` names is numbered from 1 as the teams are
/// ("seats 1 + 3"): the person sits at seat 1, so the computer's seats are
/// 2 to 4 and no "AI 1" (nor a seat 0) is ever named.
fn no_seat_zero(out: &str, ai: &str) -> bool {
    let one = format!("{ai}1");
    let named_one = out.match_indices(&one).any(|(i, _)| {
        !out[i + one.len()..]
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_digit())
    });
    !named_one && !out.contains("seat 0") && !out.contains("0 号位")
}

#[test]
fn the_table_speaks_chinese_and_refuses_five_decks() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("sj.db");
    let input = format!("pass\n{}", "auto\n".repeat(60));
    let (_, out, err) = play_env("shengji", &db, &ARGS, &input, &[("LANG", "zh_CN.UTF-8")]);
    assert!(out.contains("主牌（7 张）"), "{out}\n{err}");
    assert!(out.contains("级数：1、3 号位打 2"), "{out}");
    assert!(out.contains("扣底 8 张"), "{out}");
    assert!(
        out.contains("你坐 1 号位，对家是电脑3，对手是电脑2和电脑4。"),
        "{out}"
    );
    assert!(out.contains("电脑4"), "{out}");
    assert!(no_seat_zero(&out, "电脑"), "seats read from 1: {out}");
    let (ok, _, err) = play("shengji", &db, &["--decks", "5"], "");
    assert!(!ok);
    assert!(
        err.contains("Shengji is played with 1 to 4 decks (--decks), not 5"),
        "{err}"
    );
}

/// Issue #36: the words the shared help lists (帮助, 代打) work in Shengji
/// too, and a word that is not a card is refused in Chinese only.
#[test]
fn the_shared_chinese_words_work_and_a_refusal_has_no_english() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("sj.db");
    let (_, out, err) = play(
        "shengji",
        &db,
        &[&ARGS[..], &["--lang", "zh"]].concat(),
        "帮助\n代打\nxyz\n",
    );
    assert!(out.contains("各游戏通用"), "the shared help: {out}\n{err}");
    assert!(!out.contains("`帮助`"), "帮助 refused: {out}");
    assert!(!out.contains("`代打`"), "代打 refused: {out}");
    assert!(out.contains("这不是牌：`xyz`"), "{out}");
    assert!(
        !out.contains("is not a card"),
        "English in a Chinese refusal: {out}"
    );
}

/// `paiju play shengji` run as a person would at a keyboard: the test
/// reads what it prints and types only when asked.
struct Person {
    child: std::process::Child,
    stdin: std::process::ChildStdin,
    chunks: std::sync::mpsc::Receiver<String>,
    /// Everything printed so far.
    out: String,
}

impl Person {
    fn start(db: &std::path::Path, args: &[&str]) -> Person {
        use std::io::Read;
        use std::process::Stdio;
        let mut child = crate::support::terminal::paiju()
            .args(["play", "shengji", "--database"])
            .arg(db)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("paiju starts");
        let stdin = child.stdin.take().unwrap();
        let mut stdout = child.stdout.take().unwrap();
        let (tx, chunks) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut buf = [0u8; 8192];
            let mut pending = Vec::new();
            while let Ok(n) = stdout.read(&mut buf) {
                if n == 0 {
                    break;
                }
                pending.extend_from_slice(&buf[..n]);
                // Whole characters only (a read may cut one in two).
                let valid = match std::str::from_utf8(&pending) {
                    Ok(_) => pending.len(),
                    Err(e) => e.valid_up_to(),
                };
                let text = String::from_utf8(pending[..valid].to_vec()).unwrap();
                pending.drain(..valid);
                if tx.send(text).is_err() {
                    break;
                }
            }
        });
        Person {
            child,
            stdin,
            chunks,
            out: String::new(),
        }
    }

    /// Waits until the output from `from` on holds the prompt the
    /// terminal prints when it reads a line, after one of `asks`; returns
    /// which one (its index) and where the prompt ends.
    fn asked(&mut self, from: usize, asks: &[&str]) -> (usize, usize) {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
        loop {
            let seen = &self.out[from..];
            let first = asks
                .iter()
                .enumerate()
                .filter_map(|(i, a)| seen.find(a).map(|at| (at, i, a.len())))
                .min();
            if let Some((at, i, len)) = first {
                if let Some(p) = seen[at + len..].find("> ") {
                    return (i, from + at + len + p + 2);
                }
            }
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            match self.chunks.recv_timeout(left) {
                Ok(text) => self.out.push_str(&text),
                Err(e) => panic!("waiting for {asks:?} ({e}): {}", &self.out[from..]),
            }
        }
    }

    fn type_line(&mut self, line: &str) {
        use std::io::Write;
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// Waits for the end of the process and of its output.
    fn finish(mut self) -> (bool, String) {
        drop(self.stdin);
        let status = self.child.wait().unwrap();
        while let Ok(text) = self.chunks.recv() {
            self.out.push_str(&text);
        }
        (status.success(), self.out)
    }
}

/// A hint as the person types it back: the joker names as cards.
fn typed(hint: &str) -> String {
    hint.replace(['\u{2068}', '\u{2069}'], "")
        .replace("Big Joker", "BJ")
        .replace("Small Joker", "SJ")
}

/// The seat a terminal line names first ("you" is seat 1, "AI n" seat n),
/// as 0 to 3.
fn named_seat(s: &str) -> usize {
    if s.starts_with("you ") || s.starts_with("You ") {
        return 0;
    }
    let n: String = s
        .trim_start_matches("AI ")
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    n.parse::<usize>().expect(s) - 1
}

/// The person at seat 1 plays a whole match with three AIs in the
/// terminal, every decision typed: `hint`, then the hinted declaration,
/// burial or play typed back (`pass`, `declare …`, `bury …`, cards). After
/// every hand the levels are shown, and they move as the verdict says on
/// the right team (the banker's, or the attackers'), never beyond A; the
/// next banker is the banker's partner or the next seat, as the rules say;
/// the match ends with its winner at A. Then the terminal offers a new
/// match: `y` deals hand 1 of a new one at 2 and 2; leaving it and
/// answering `n` ends the session, and the ledger verifies clean.
#[test]
fn a_person_types_a_whole_match_in_the_terminal_then_starts_a_new_one() {
    let started = std::time::Instant::now();
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("sj.db");
    let mut p = Person::start(
        &db,
        &[
            "--seed",
            "11",
            "--decks",
            "1",
            "--rules",
            r#"{"declare_window":0}"#,
        ],
    );
    const MOVE: &str = "Your move.";
    const NEW_MATCH: &str = "New match, both teams from 2 again? Type y for yes, n for no.";
    let mut at = 0;
    let mut decisions = 0;
    // A hinted move can be overtaken by the game (a declaration typed just
    // as the dealing ends and declaring closes, on a busy machine): it is
    // refused, and the prompt that follows the refusal is answered with a
    // fresh hint, as a person would.
    const REFUSED: &str = "Refused: ";
    loop {
        let (ask, end) = p.asked(at, &[MOVE, NEW_MATCH, REFUSED]);
        if ask == 1 {
            at = end;
            break;
        }
        p.type_line("hint");
        let (answer, hinted) = p.asked(end, &["Hint: ", REFUSED]);
        if answer == 1 {
            // Asked during a declaration the deal's end closed first (a
            // busy machine): "not your turn"; the next prompt is answered.
            at = end;
            continue;
        }
        let line = p.out[end..hinted]
            .lines()
            .find_map(|l| l.trim_start_matches("> ").strip_prefix("Hint: "))
            .expect("a hint")
            .to_string();
        p.type_line(&typed(&line));
        decisions += 1;
        at = hinted;
    }
    let out = p.out[..at].to_string();
    let played = started.elapsed();

    // The match as printed, hand by hand.
    let mut levels = [2u8, 2];
    let mut banker = None;
    let mut next = None;
    let mut hands = 0;
    let mut won = None;
    for line in out.lines().map(|l| l.trim_start_matches("> ")) {
        if let Some(rest) = line.strip_prefix("Declaring is over: ") {
            let b = named_seat(rest);
            if let Some(n) = next {
                assert_eq!(b, n, "the banker named by the last hand: {line}");
            }
            banker = Some(b);
        } else if let Some((kept, n)) = super::discord::verdict(line) {
            let b = banker.expect("a banker before the result");
            let team = if kept { b % 2 } else { 1 - b % 2 };
            levels[team] = (levels[team] + n).min(14);
            next = Some(if kept { (b + 2) % 4 } else { (b + 1) % 4 });
            hands += 1;
        } else if line.starts_with("Levels: ") {
            assert_eq!(
                super::discord::levels_in(line),
                Some(levels),
                "hand {hands}'s levels: {line}"
            );
        } else if let Some(rest) = line.strip_prefix("Next hand: ") {
            assert_eq!(Some(named_seat(rest)), next, "{line}");
            assert!(levels.iter().all(|&l| l < 14), "{line}");
        } else if line.contains("win the match!") {
            won = Some(if line.starts_with("Seats 1 + 3") {
                0
            } else {
                1
            });
        }
    }
    let winner = won.unwrap_or_else(|| panic!("no winner: {out}"));
    assert_eq!(levels[winner], 14, "the winners reached A: {levels:?}");
    assert!(levels[1 - winner] < 14, "{levels:?}");
    assert!(hands >= 4, "{hands} hands");
    assert_eq!(out.matches("Next hand: ").count(), hands - 1, "{out}");
    assert!(
        out.matches(" · Levels: ").count() > hands,
        "the levels before every decision"
    );
    eprintln!(
        "the terminal match: {hands} hands, {decisions} decisions typed, {:.1} s",
        played.as_secs_f64()
    );

    // A new match: hand 1 at 2 and 2; leave it, then decline another.
    p.type_line("y");
    let (_, end) = p.asked(at, &[MOVE]);
    let first = &p.out[at..end];
    assert!(
        first.contains("Hand 1 · Levels: seats 1 + 3 at 2 · seats 2 + 4 at 2"),
        "{first}"
    );
    p.type_line("leave");
    let (_, end) = p.asked(end, &["Type `leave` again to leave."]);
    p.type_line("leave");
    let (_, _) = p.asked(end, &[NEW_MATCH]);
    p.type_line("n");
    let (ok, out) = p.finish();
    assert!(ok, "{out}");
    assert!(out.contains("Thanks for playing. 再见!"), "{out}");
    let (clean, report) = verify(&db);
    assert!(clean, "{report}");
}
