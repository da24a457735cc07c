//! The layering of `design.md`, held by the compiler: the rules
//! (`crates/paiju-rules`) and the ledger (`crates/paiju-ledger`) are
//! crates of their own, so neither can name the application above them,
//! and `#![forbid(unsafe_code)]` keeps every `unsafe` in the ledger. What
//! Cargo cannot say by itself is checked here: which crates each lower
//! layer's manifest may depend on at all.

use std::path::Path;

/// Crates that belong to the layers above the rules (the runtime, the
/// ledger, the front ends, the command line, the operator's metrics) and
/// to paiju itself.
const ABOVE_THE_RULES: &[&str] = &[
    "tokio",
    "sqlx",
    "serenity",
    "poise",
    "clap",
    "metrics",
    "metrics-exporter-prometheus",
    "hyper",
    "paiju",
    "paiju-ledger",
];

/// Crates of the application and its front ends. The ledger may record
/// its own metrics through the `metrics` facade, never export them.
const ABOVE_THE_LEDGER: &[&str] = &[
    "serenity",
    "poise",
    "clap",
    "metrics-exporter-prometheus",
    "hyper",
    "paiju",
    "paiju-rules",
];

/// The dependency names of a crate's manifest (every dependency table).
fn dependencies(manifest: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(manifest).unwrap();
    let toml: toml::Table = toml::from_str(&text).unwrap();
    ["dependencies", "dev-dependencies", "build-dependencies"]
        .iter()
        .filter_map(|t| toml.get(*t).and_then(|d| d.as_table()))
        .flat_map(|t| t.keys().cloned())
        .collect()
}

fn crate_manifest(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("crates")
        .join(name)
        .join("Cargo.toml")
}

#[test]
fn the_rules_crate_depends_on_nothing_above_it() {
    let deps = dependencies(&crate_manifest("paiju-rules"));
    assert!(
        deps.iter().any(|d| d == "rand"),
        "read the manifest: {deps:?}"
    );
    let found: Vec<&String> = deps
        .iter()
        .filter(|d| ABOVE_THE_RULES.contains(&d.as_str()))
        .collect();
    assert!(found.is_empty(), "paiju-rules depends on {found:?}");
}

#[test]
fn the_ledger_crate_depends_on_nothing_of_the_application() {
    let deps = dependencies(&crate_manifest("paiju-ledger"));
    assert!(
        deps.iter().any(|d| d == "sqlx"),
        "read the manifest: {deps:?}"
    );
    let found: Vec<&String> = deps
        .iter()
        .filter(|d| ABOVE_THE_LEDGER.contains(&d.as_str()))
        .collect();
    assert!(found.is_empty(), "paiju-ledger depends on {found:?}");
}

/// `unsafe` is forbidden by attribute outside the ledger; the attribute
/// itself is what this checks is still there.
#[test]
fn unsafe_code_is_forbidden_outside_the_ledger() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for file in [
        root.join("src/lib.rs"),
        root.join("src/main.rs"),
        root.join("crates/paiju-rules/src/lib.rs"),
    ] {
        let text = std::fs::read_to_string(&file).unwrap();
        assert!(
            text.contains("#![forbid(unsafe_code)]"),
            "{} does not forbid unsafe code",
            file.display()
        );
    }
}
