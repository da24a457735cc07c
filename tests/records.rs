//! Replays every record under `tests/records/<game>/` and checks it against
//! its `.expected.json` (rules/README.md, "Examples": at least those fields
//! with those values, `"…"` for any text). Also runs the real `paiju replay`
//! binary on a few of them to pin exit codes and standard output.

use paiju::record::{matches_expected, Record};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

fn records_in(game: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/records")
        .join(game);
    let mut out: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let name = p.file_name().unwrap().to_string_lossy();
            name.ends_with(".json") && !name.ends_with(".expected.json")
        })
        .collect();
    out.sort();
    out
}

fn expected_for(record: &Path) -> Value {
    let stem = record.file_stem().unwrap().to_string_lossy();
    let path = record.with_file_name(format!("{stem}.expected.json"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Replays every record of `game`; returns how many passed.
pub fn check_game(game: &str) -> usize {
    let files = records_in(game);
    let mut failures = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let expected = expected_for(file);
        let actual = match Record::from_json(&text).and_then(|r| paiju::registry::replay(&r)) {
            Ok(v) => v.to_json(),
            Err(e) => serde_json::json!({"malformed": e.to_string()}),
        };
        if !matches_expected(&actual, &expected) {
            failures.push(format!(
                "{}\n  expected {expected}\n  got      {actual}",
                file.file_name().unwrap().to_string_lossy()
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} records failed:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
    files.len()
}

#[test]
fn matcher_treats_ellipsis_as_any_text() {
    let actual =
        serde_json::json!({"ok": false, "at": 4, "error": "illegal_action", "message": "x"});
    assert!(matches_expected(
        &actual,
        &serde_json::json!({"ok": false, "at": 4, "error": "…"})
    ));
    assert!(!matches_expected(
        &actual,
        &serde_json::json!({"ok": false, "at": 3})
    ));
    assert!(!matches_expected(
        &actual,
        &serde_json::json!({"missing": 1})
    ));
}

#[test]
fn replay_binary_rejects_malformed_input_with_exit_2() {
    let bin = env!("CARGO_BIN_EXE_paiju");
    for (input, why) in [
        ("{not json", "broken JSON"),
        (r#"{"game":"poker","seats":3,"deal":{}}"#, "unknown game"),
        ("", "empty input"),
    ] {
        let mut child = Command::new(bin)
            .args(["replay", "-"])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        use std::io::Write;
        child
            .stdin
            .take()
            .unwrap()
            .write_all(input.as_bytes())
            .unwrap();
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{why}");
        assert!(!out.stderr.is_empty(), "{why}: a clear message on stderr");
        assert!(out.stdout.is_empty(), "{why}: nothing on stdout");
    }
    let out = Command::new(bin)
        .args(["replay", "/no/such/file.json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn dou_dizhu_records() {
    assert!(check_game("dou-dizhu") >= 40);
}

#[test]
fn duan_guozi_records() {
    assert!(check_game("duan-guozi") >= 42);
}

#[test]
fn chexuan_records() {
    assert!(check_game("chexuan") >= 30);
}

#[test]
fn shengji_records() {
    assert!(check_game("shengji") >= 40);
}

#[test]
fn paohuzi_records() {
    assert!(check_game("paohuzi") >= 40);
}

use paiju::games::Game;
use paiju::record::Verdict;

/// Issue #14: a Duan Guozi table closed mid-game stores its record with
/// `"closed": true`; `paiju replay` then stops where the actions stop
/// instead of dealing the rest and reporting a result nobody was paid.
#[test]
fn a_record_of_a_table_closed_mid_game_is_not_played_out() {
    use paiju::games::duan_guozi::{Action, DuanGuozi};
    use rand::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    let mut game = DuanGuozi::deal(Default::default(), 3, &mut rng).unwrap();
    let dealer = game.waiting_on()[0];
    game.apply(dealer, &Action::Deal).unwrap();
    assert!(!game.is_finished());
    let mut value = serde_json::to_value(game.record()).unwrap();
    let text = value.to_string();
    let (played_out, closed) = paiju::registry::replay_text(&text).unwrap();
    assert!(!closed);
    assert!(matches!(played_out, Verdict::Ok { finished: true, .. }));
    value["closed"] = serde_json::Value::Bool(true);
    let (verdict, closed) = paiju::registry::replay_text(&value.to_string()).unwrap();
    assert!(closed);
    assert_eq!(
        verdict,
        Verdict::Ok {
            finished: false,
            outcome: None
        }
    );
}

/// Issue #33: `paiju render` refused records `paiju replay` accepts (a
/// Chexuan hand with its deck, read as a session; Paohuzi hands answered
/// one seat at a time, read as a live table's). Both read a record one way
/// now: every record that replays whole is drawn — at its end, played out
/// as replay plays it out, or at the last earlier position with something
/// on the table, or the first seat's hand when the table never shows any.
#[test]
fn every_record_that_replays_is_drawn() {
    let mut drawn = 0;
    let mut failures = Vec::new();
    for game in ["dou-dizhu", "duan-guozi", "chexuan", "shengji", "paohuzi"] {
        for file in records_in(game) {
            let text = std::fs::read_to_string(&file).unwrap();
            let Ok(record) = Record::from_json(&text) else {
                continue;
            };
            // Records refused part-way are rule cases of a refusal, often
            // before anything is on the table: those that replay whole.
            let end = match paiju::registry::replay(&record) {
                Ok(paiju::record::Verdict::Ok { .. }) => record.actions.len(),
                _ => continue,
            };
            let mut last = None;
            for at in (0..=end).rev() {
                match paiju::registry::render_record(&text, at, None) {
                    Ok(picture) => {
                        assert!(!picture.png.is_empty());
                        last = None;
                        drawn += 1;
                        break;
                    }
                    Err(paiju::render::RenderError::Nothing) => last = Some("nothing".into()),
                    Err(e) => {
                        last = Some(e.to_string());
                        break;
                    }
                }
            }
            // Nothing on the table yet at any position (a Shengji hand
            // still declaring, a hand won at its deal): the first seat's
            // hand at the end is the position drawn.
            if last.as_deref() == Some("nothing") {
                match paiju::registry::render_record(&text, end, Some(0)) {
                    Ok(_) => {
                        last = None;
                        drawn += 1;
                    }
                    Err(e) => last = Some(e.to_string()),
                }
            }
            if let Some(why) = last {
                failures.push(format!("{}: {why}", file.display()));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} records replay but are not drawn:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(drawn > 200, "drew {drawn}");
}

#[path = "records_pictures/pictures.rs"]
mod pictures;

#[path = "records_pictures/table_sizes.rs"]
mod table_sizes;
