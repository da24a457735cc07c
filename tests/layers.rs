//! The layering line of `design.md`: the pure rules (`src/games/`), the
//! card vocabulary (`src/cards/`) and the record types (`src/record.rs`)
//! import nothing from the runtime, the ledger, the front ends or the game
//! registry, nor the crates that belong to them (tokio, sqlx, serenity,
//! poise, clap). Checked on the source text, so a new file is covered the
//! day it is written.

use std::path::{Path, PathBuf};

/// What a pure file may not name, and why each is out of bounds.
const FORBIDDEN: &[&str] = &[
    "crate::table",
    "crate::ledger",
    "crate::discord",
    "crate::terminal",
    "crate::registry",
    "crate::config",
    "tokio::",
    "sqlx::",
    "serenity::",
    "poise::",
    "clap::",
    "paiju::table",
    "paiju::ledger",
    "paiju::discord",
    "paiju::terminal",
];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The offending lines of `text`: a forbidden path outside comments.
fn offences(text: &str) -> Vec<(usize, String)> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| {
            let code = line.split("//").next().unwrap_or("");
            FORBIDDEN.iter().any(|f| code.contains(f))
        })
        .map(|(i, line)| (i + 1, line.trim().to_string()))
        .collect()
}

#[test]
fn pure_layers_import_nothing_above_them() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&root.join("games"), &mut files);
    rust_files(&root.join("cards"), &mut files);
    files.push(root.join("record.rs"));
    assert!(files.len() > 20, "the scan found the pure files");
    let mut found = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        for (line, code) in offences(&text) {
            found.push(format!("{}:{line}: {code}", file.display()));
        }
    }
    assert!(
        found.is_empty(),
        "pure modules import from the layers above them:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_check_catches_an_import_and_ignores_comments() {
    assert_eq!(
        offences("use crate::table::TableGame;\n// crate::ledger in a comment\n").len(),
        1
    );
    assert!(offences("use crate::games::Game; // not crate::discord\n").is_empty());
    assert_eq!(offences("fn f() { tokio::spawn(x); }").len(), 1);
}
