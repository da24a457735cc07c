//! Embeds every Fluent file under `locales/<lang>/` (see `src/i18n`): a
//! game's `locales/*/<game>.ftl` is found by being there, so the text
//! layer names no list of the games and no game names its files.

use std::fmt::Write;
use std::path::Path;

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("locales");
    println!("cargo:rerun-if-changed={}", root.display());
    let mut files = Vec::new();
    for lang in std::fs::read_dir(&root).expect("locales/ is readable") {
        let lang = lang.expect("a locales/ entry").path();
        if !lang.is_dir() {
            continue;
        }
        // A file added to a locale changes its folder, not `locales/`.
        println!("cargo:rerun-if-changed={}", lang.display());
        for file in std::fs::read_dir(&lang).expect("a locale folder is readable") {
            let file = file.expect("a locale file").path();
            if file.extension().is_some_and(|e| e == "ftl") {
                files.push(file);
            }
        }
    }
    // A stable order: the bundles are built the same way on every machine.
    files.sort();
    let mut out = String::from("/// (locale, file name, text) of every embedded `.ftl` file.\n");
    out.push_str("pub const FTL_FILES: &[(&str, &str, &str)] = &[\n");
    for file in files {
        let lang = file
            .parent()
            .unwrap()
            .file_name()
            .unwrap()
            .to_str()
            .unwrap();
        let name = file.file_name().unwrap().to_str().unwrap();
        writeln!(
            out,
            "    ({lang:?}, {name:?}, include_str!({:?})),",
            file.display()
        )
        .unwrap();
    }
    out.push_str("];\n");
    let dest = Path::new(&std::env::var("OUT_DIR").unwrap()).join("ftl_files.rs");
    std::fs::write(dest, out).expect("OUT_DIR is writable");
}
