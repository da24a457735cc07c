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

/// The application's own layers, low to high: a module may import its own
/// layer's modules and those below, never one above (the composition of
/// the front ends happens at the top, in the registry, the games' host
/// folders and `main.rs`). Cargo cannot say this inside one crate, so the
/// `crate::<module>` paths of every file are read here.
const APP_LAYERS: &[&[&str]] = &[
    &["table", "ops"],
    &["config", "i18n", "arena"],
    &["render"],
    &["terminal", "discord"],
    &["registry"],
    &["hosts"],
];

fn layer_of(module: &str) -> Option<usize> {
    APP_LAYERS.iter().position(|layer| layer.contains(&module))
}

/// Every `crate::<name>` path in `text` (grouped `use crate::{a, b}` too).
fn crate_paths(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (i, _) in text.match_indices("crate::") {
        // `paiju_rules::…` and `$crate::…` are other crates' paths.
        let before = text[..i].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$') {
            continue;
        }
        let rest = &text[i + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let end = group.find('}').unwrap_or(group.len());
            for item in group[..end].split(',') {
                let name = item.trim().split("::").next().unwrap_or("").trim();
                if !name.is_empty() {
                    found.push(name.to_string());
                }
            }
        } else {
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            found.push(name);
        }
    }
    found
}

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn no_module_of_the_application_imports_a_layer_above_it() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut upward = Vec::new();
    let mut read = 0;
    for module in APP_LAYERS.iter().flat_map(|l| l.iter()) {
        let mut files = Vec::new();
        let dir = src.join(module);
        if dir.is_dir() {
            rust_files(&dir, &mut files);
        } else {
            files.push(src.join(format!("{module}.rs")));
        }
        let own = layer_of(module).unwrap();
        for file in files {
            let text = std::fs::read_to_string(&file).unwrap();
            read += 1;
            for name in crate_paths(&text) {
                if layer_of(&name).is_some_and(|l| l > own) {
                    upward.push(format!("{} imports crate::{name}", file.display()));
                }
            }
        }
    }
    assert!(read > 50, "read only {read} files");
    assert!(upward.is_empty(), "upward imports:\n{}", upward.join("\n"));
    // The reader finds what it looks for.
    assert_eq!(
        crate_paths(
            "use crate::{table::X, hosts};\nlet x = crate::render::f(); $crate::y; my_crate::z"
        ),
        ["table", "hosts", "render"]
    );
}
