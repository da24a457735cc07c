//! Generates `keys.rs`: one [`Key`](crate::message::Key) constant per
//! message id of the English catalogue (`locales/en-US/*.ftl`), so that a
//! refusal names its words by a constant the compiler checks — a key
//! without words, or words renamed, is a build error, not a bare id shown
//! to a player. (The other locales are held to the same ids by
//! `tests/i18n.rs`.) Only the ids are read: a message starts a line with
//! `id =`; terms (`-x`), comments and indented continuations do not.

use std::fmt::Write;
use std::path::Path;

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../locales/en-US");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("locales/en-US is readable")
        .map(|e| e.expect("a locale file").path())
        .filter(|p| p.extension().is_some_and(|e| e == "ftl"))
        .collect();
    files.sort();
    let mut out = String::new();
    let mut seen = std::collections::BTreeSet::new();
    for file in files {
        println!("cargo:rerun-if-changed={}", file.display());
        let name = file.file_name().unwrap().to_str().unwrap().to_string();
        let text = std::fs::read_to_string(&file).expect("a readable .ftl file");
        for line in text.lines() {
            let Some((id, _)) = line.split_once('=') else {
                continue;
            };
            let id = id.trim_end();
            let is_id = id.starts_with(|c: char| c.is_ascii_alphabetic())
                && id
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
            if !is_id || !seen.insert(id.to_string()) {
                continue;
            }
            let constant: String = id
                .chars()
                .map(|c| match c {
                    '-' => '_',
                    c => c.to_ascii_uppercase(),
                })
                .collect();
            writeln!(
                out,
                "/// `{id}` ({name}).\npub const {constant}: Key = Key::catalogued({id:?});"
            )
            .unwrap();
        }
    }
    let dest = Path::new(&std::env::var("OUT_DIR").unwrap()).join("keys.rs");
    std::fs::write(dest, out).expect("OUT_DIR is writable");
}
