//! Issue #14 through the real `paiju` binary: two processes on one ledger,
//! refused options, hostile input lines, a damaged database, and replay's
//! bounds and closed pipes.

use crate::support::terminal;

use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};
use terminal::{paiju, play, verify};

/// `paiju play dou-dizhu --seed 3` on `db`, its stdout lines on a channel.
fn start(db: &Path) -> (Child, mpsc::Receiver<String>) {
    let mut child = paiju()
        .args(["play", "dou-dizhu", "--seed", "3", "--database"])
        .arg(db)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("paiju starts");
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if tx.send(line.trim_start_matches("> ").to_string()).is_err() {
                break;
            }
        }
    });
    (child, rx)
}

fn until(rx: &mpsc::Receiver<String>, prefix: &str) -> Vec<String> {
    let mut lines = Vec::new();
    loop {
        let line = rx
            .recv_timeout(Duration::from_secs(60))
            .unwrap_or_else(|_| panic!("no `{prefix}`; so far:\n{}", lines.join("\n")));
        let done = line.starts_with(prefix);
        lines.push(line);
        if done {
            return lines;
        }
    }
}

#[test]
fn a_second_process_on_the_same_ledger_is_refused_until_the_first_is_gone() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("two.db");
    let (mut first, rx) = start(&db);
    let mut first_in = first.stdin.take().unwrap();
    until(&rx, "Your move.");
    first_in.write_all(b"auto\n").unwrap();
    first_in.flush().unwrap();
    until(&rx, "Your move.");

    // The same game is saved and the first process plays it: a second one
    // must not resume it too.
    let (ok, out, err) = play("dou-dizhu", &db, &["--seed", "3"], "auto\nauto\n");
    assert!(!ok);
    assert!(!out.contains("Resuming"), "{out}");
    assert!(
        err.contains(&format!("Another paiju process (pid {}", first.id())),
        "{err}"
    );
    assert!(err.contains(" UTC"), "says since when: {err}");
    assert_eq!(err.lines().count(), 1, "{err}");

    // The first dies without a word: the next process takes over at once
    // and resumes the game where the first left it.
    first.kill().unwrap();
    first.wait().unwrap();
    drop(first_in);
    let input = "auto\n".repeat(40) + "n\n";
    let (ok, out, err) = play("dou-dizhu", &db, &["--seed", "3"], &input);
    assert!(ok, "{out}\n{err}");
    assert!(out.contains("=== Resuming game #1"), "{out}");
    assert!(out.contains("Your balance: "), "{out}");
    let (clean, report) = verify(&db);
    assert!(clean, "{report}");
}

#[test]
fn refused_options_create_no_database_and_are_said_once() {
    let dir = tempfile::tempdir().unwrap();
    let cases: [(&str, &[&str]); 3] = [
        ("dou-dizhu", &["--stake", "0"]),
        ("chexuan", &["--bobo", "0"]),
        ("dou-dizhu", &["--rules", r#"{"bidding":"nope"}"#]),
    ];
    for (i, (game, args)) in cases.iter().enumerate() {
        let db = dir.path().join(format!("refused{i}.db"));
        let (ok, out, err) = play(game, &db, args, "auto\n");
        assert!(!ok, "{args:?}");
        assert!(!db.exists(), "{args:?} created the database");
        let said = format!("{out}{err}");
        assert_eq!(
            said.matches("cannot start a table").count(),
            1,
            "{args:?}: {said}"
        );
    }
}

#[test]
fn a_huge_line_or_one_not_utf8_is_refused_and_the_game_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("lines.db");
    let mut child = paiju()
        .args(["play", "dou-dizhu", "--seed", "3", "--database"])
        .arg(&db)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let mut input = vec![b'x'; 8 << 20];
        input.push(b'\n');
        input.extend_from_slice(b"\xff\xfe auto\n");
        input.extend_from_slice("auto\n".repeat(40).as_bytes());
        input.extend_from_slice(b"n\n");
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("longer than 4096 bytes"), "{stdout}");
    assert!(stdout.contains("not UTF-8 text"), "{stdout}");
    assert!(!stdout.contains(&"x".repeat(100)), "the line is not echoed");
    assert!(stdout.contains("Your balance: "), "the game went on");
    assert!(stdout.len() < 1 << 20, "{} bytes out", stdout.len());
}

#[test]
fn a_damaged_database_is_refused_before_anything_is_played() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("damaged.db");
    // A game left saved mid-way.
    let (ok, out, _) = play("dou-dizhu", &db, &["--seed", "3"], "auto\n");
    assert!(ok && out.contains("saved"), "{out}");
    // The ledger folds its write-ahead log into the file when it closes;
    // a process ended on a loaded machine may leave it in the log. Fold it
    // in here, so the pages overwritten below hold the ledger's data.
    tokio::runtime::Runtime::new().unwrap().block_on(async {
        use sqlx::{ConnectOptions, Connection};
        let mut c = sqlx::sqlite::SqliteConnectOptions::new()
            .filename(&db)
            .connect()
            .await
            .unwrap();
        sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)")
            .execute(&mut c)
            .await
            .unwrap();
        c.close().await.unwrap();
    });
    let mut bytes = std::fs::read(&db).unwrap();
    let page = 4096;
    assert!(bytes.len() >= 5 * page, "{} bytes", bytes.len());
    for b in &mut bytes[page..4 * page] {
        *b = 0xa5;
    }
    std::fs::write(&db, &bytes).unwrap();
    let (ok, out, err) = play(
        "dou-dizhu",
        &db,
        &["--seed", "3"],
        "auto\n".repeat(40).as_str(),
    );
    assert!(!ok);
    assert!(!out.contains("Resuming"), "{out}");
    assert!(err.contains("The database file is damaged"), "{err}");
    assert_eq!(std::fs::read(&db).unwrap(), bytes, "nothing written");
}

fn replay_stdin(record: &[u8], read_output: bool) -> (Option<i32>, String, String) {
    let mut child = paiju()
        .args(["replay", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take();
    if !read_output {
        // Like `| head -c 0`: the reader is gone before anything is written.
        stdout = None;
    }
    let mut stdin = child.stdin.take().unwrap();
    let record = record.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&record);
    });
    let mut out = String::new();
    if let Some(mut stdout) = stdout {
        stdout.read_to_string(&mut out).unwrap();
    }
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    writer.join().unwrap();
    (child.wait().unwrap().code(), out, err)
}

fn duan_guozi_record(seats: usize, ante: u32, decks: usize) -> serde_json::Value {
    use paiju::games::duan_guozi::DuanGuozi;
    use paiju::games::Game;
    use rand::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    let game = DuanGuozi::deal(Default::default(), 2, &mut rng).unwrap();
    let mut record = serde_json::to_value(game.record()).unwrap();
    record["seats"] = serde_json::json!(seats);
    record["rules"]["ante"] = serde_json::json!(ante);
    let deck = record["deal"]["decks"][0].clone();
    record["deal"]["decks"] = serde_json::Value::Array(vec![deck; decks]);
    record
}

#[test]
fn replay_refuses_what_a_record_may_not_ask_for_and_survives_a_closed_pipe() {
    // Well-formed and small: replays whether or not anyone reads the verdict.
    let small = serde_json::to_vec(&duan_guozi_record(2, 1, 3)).unwrap();
    let (code, out, err) = replay_stdin(&small, true);
    assert_eq!(code, Some(0), "{out}{err}");
    let (code, _, err) = replay_stdin(&small, false);
    assert_eq!(code, Some(0), "a closed pipe is not a crash: {err}");
    assert!(!err.contains("panicked"), "{err}");

    // Over the size bound: refused before it is parsed.
    let big = serde_json::to_vec(&duan_guozi_record(12, 100_000, 40_000)).unwrap();
    assert!(big.len() > 4 << 20);
    let started = Instant::now();
    let (code, _, err) = replay_stdin(&big, true);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("record too large"), "{err}");

    // Under the size bound but asking for an endless game: 12 seats, the
    // largest ante, thousands of deck orders.
    let endless = serde_json::to_vec(&duan_guozi_record(12, 100_000, 20_000)).unwrap();
    assert!(endless.len() < 4 << 20);
    let (code, _, err) = replay_stdin(&endless, true);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        started.elapsed() < Duration::from_secs(30),
        "{:?}",
        started.elapsed()
    );
}

use crate::support::bot;

#[test]
fn the_bot_stops_on_sigterm_when_discord_cannot_be_reached() {
    let dir = tempfile::tempdir().unwrap();
    // A port nobody listens on.
    let port = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        l.local_addr().unwrap().port()
    };
    let bot = bot::BotProcess::start(&format!("http://127.0.0.1:{port}"), dir.path(), &[]);
    let log = bot.log.clone();
    std::thread::sleep(Duration::from_secs(3));
    let signalled = Instant::now();
    let status = bot.stop();
    let log = std::fs::read_to_string(log).unwrap_or_default();
    assert!(status.success(), "{status:?}\n{log}");
    assert!(
        signalled.elapsed() < Duration::from_secs(12),
        "{:?}\n{log}",
        signalled.elapsed()
    );
}

/// Issue #32: a bot whose log pipe has lost its reader (a supervisor's
/// pipe closed) ignored SIGTERM and SIGINT until `kill -9`: the failed log
/// write was reported with `eprintln!`, which panicked on the same closed
/// pipe inside the signal handler's task. A failing log write never blocks
/// the shutdown now.
#[test]
fn the_bot_stops_on_a_signal_after_its_log_pipe_closed() {
    let dir = tempfile::tempdir().unwrap();
    let port = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        l.local_addr().unwrap().port()
    };
    for signal in ["-TERM", "-INT"] {
        let db = format!("sqlite://{}", dir.path().join("paiju.db").display());
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_paiju"))
            .current_dir(dir.path())
            .env_clear()
            .env("PATH", std::env::var("PATH").unwrap_or_default())
            .env("DISCORD_TOKEN", "fake.bot.token")
            .env("PAIJU_DISCORD_API_URL", format!("http://127.0.0.1:{port}"))
            .env("PAIJU_DATABASE_URL", db)
            .env("RUST_LOG", "paiju=debug,serenity=debug")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // Close both pipes while it starts: every later log line fails to
        // be written.
        std::thread::sleep(Duration::from_millis(500));
        drop(child.stdout.take());
        drop(child.stderr.take());
        std::thread::sleep(Duration::from_secs(2));
        let signalled = Instant::now();
        let pid = child.id().to_string();
        std::process::Command::new("kill")
            .args([signal, &pid])
            .status()
            .unwrap();
        let mut status = None;
        while signalled.elapsed() < Duration::from_secs(15) {
            if let Some(s) = child.try_wait().unwrap() {
                status = Some(s);
                break;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let Some(status) = status else {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{signal}: still running 15 s after the signal");
        };
        assert!(status.success(), "{signal}: {status:?}");
    }
}
