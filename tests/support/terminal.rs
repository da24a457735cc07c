//! Running `paiju play GAME` as a newcomer would, through a pipe: the
//! shared helpers of the terminal tests (`tests/table_play*.rs`), which
//! include this file by `#[path]` so they do not build the fake Discord.
//!
//! The language of the child is fixed: the locale variables of the machine
//! running the tests are removed, so a test gets English unless it asks
//! for another language (`--lang`, or `env`).

// Each test binary uses its own part of these helpers.
#![allow(dead_code)]

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

/// The locale variables `paiju play` reads its default language from.
const LOCALE_VARS: [&str; 3] = ["LC_ALL", "LC_MESSAGES", "LANG"];

/// The `paiju` binary, with no locale from the environment.
pub fn paiju() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_paiju"));
    for v in LOCALE_VARS {
        c.env_remove(v);
    }
    c
}

/// Runs `paiju ARGS` (a `paiju ledger …` command) with no database URL
/// from the environment: (exit code, stdout, stderr).
pub fn run_paiju<S: AsRef<std::ffi::OsStr>>(
    args: impl IntoIterator<Item = S>,
) -> (i32, String, String) {
    let out = paiju()
        .args(args)
        .env_remove("PAIJU_DATABASE_URL")
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// What a run printed: (exit status success, stdout, stderr).
pub type Run = (bool, String, String);

/// Runs `paiju play GAME` on `db` with `input` piped in.
pub fn play(game: &str, db: &Path, args: &[&str], input: &str) -> Run {
    play_env(game, db, args, input, &[])
}

/// [`play`] with environment variables set (`LANG=zh_CN.UTF-8`).
pub fn play_env(game: &str, db: &Path, args: &[&str], input: &str, env: &[(&str, &str)]) -> Run {
    let mut command = paiju();
    command
        .args(["play", game, "--database"])
        .arg(db)
        .args(args)
        .envs(env.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = command.spawn().expect("paiju starts");
    // A run that refuses its options exits before reading stdin, so the
    // pipe may already be closed: that is not a failure of the test.
    if let Err(e) = child.stdin.take().unwrap().write_all(input.as_bytes()) {
        assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "{e}");
    }
    let out = child.wait_with_output().unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `paiju ledger verify` on `db`: (clean, the report).
pub fn verify(db: &Path) -> (bool, String) {
    let out = paiju()
        .args(["ledger", "verify", "--database"])
        .arg(db)
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}
