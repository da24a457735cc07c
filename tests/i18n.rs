//! The locale files: every message id exists in every locale with the same
//! variables, every file on disk is embedded, every error key the code uses
//! has words, and command names obey Discord's rules.

use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};
use paiju::i18n::{self, Lang};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// id (`msg` or `msg.attr`) → variables used.
type Catalog = BTreeMap<String, BTreeSet<String>>;

fn catalog(lang: Lang) -> Catalog {
    let mut out = Catalog::new();
    for (file, text) in i18n::sources(lang) {
        let res = fluent_syntax::parser::parse(*text)
            .unwrap_or_else(|(_, e)| panic!("{}/{file}: {e:?}", lang.code()));
        for entry in res.body {
            match entry {
                Entry::Message(m) => {
                    let id = m.id.name.to_string();
                    let mut vars = BTreeSet::new();
                    if let Some(v) = &m.value {
                        pattern_vars(v, &mut vars);
                    }
                    assert!(
                        out.insert(id.clone(), vars).is_none(),
                        "{}: duplicate message {id}",
                        lang.code()
                    );
                    for a in &m.attributes {
                        let mut vars = BTreeSet::new();
                        pattern_vars(&a.value, &mut vars);
                        out.insert(format!("{id}.{}", a.id.name), vars);
                    }
                }
                Entry::Junk { content } => panic!("{}/{file}: junk {content:?}", lang.code()),
                _ => {}
            }
        }
    }
    out
}

fn pattern_vars(p: &Pattern<&str>, vars: &mut BTreeSet<String>) {
    for el in &p.elements {
        if let PatternElement::Placeable { expression } = el {
            expr_vars(expression, vars);
        }
    }
}

fn expr_vars(e: &Expression<&str>, vars: &mut BTreeSet<String>) {
    match e {
        Expression::Inline(i) => inline_vars(i, vars),
        Expression::Select { selector, variants } => {
            inline_vars(selector, vars);
            for v in variants {
                pattern_vars(&v.value, vars);
            }
        }
    }
}

fn inline_vars(i: &InlineExpression<&str>, vars: &mut BTreeSet<String>) {
    match i {
        InlineExpression::VariableReference { id } => {
            vars.insert(id.name.to_string());
        }
        InlineExpression::FunctionReference { arguments, .. } => {
            for a in &arguments.positional {
                inline_vars(a, vars);
            }
            for a in &arguments.named {
                inline_vars(&a.value, vars);
            }
        }
        InlineExpression::Placeable { expression } => expr_vars(expression, vars),
        _ => {}
    }
}

#[test]
fn every_message_exists_in_every_locale_with_the_same_variables() {
    let en = catalog(Lang::EnUs);
    assert!(en.len() > 100, "en-US has only {} messages", en.len());
    for lang in Lang::ALL {
        let other = catalog(lang);
        let missing: Vec<_> = en.keys().filter(|k| !other.contains_key(*k)).collect();
        let extra: Vec<_> = other.keys().filter(|k| !en.contains_key(*k)).collect();
        assert!(missing.is_empty(), "{} lacks {missing:?}", lang.code());
        assert!(extra.is_empty(), "{} has extra {extra:?}", lang.code());
        for (id, vars) in &en {
            assert_eq!(
                vars,
                &other[id],
                "{}: message {id} uses other variables than en-US",
                lang.code()
            );
        }
    }
}

#[test]
fn every_locale_file_on_disk_is_embedded() {
    for lang in Lang::ALL {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("locales")
            .join(lang.code());
        let mut on_disk: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".ftl"))
            .collect();
        on_disk.sort();
        let mut embedded: Vec<String> = i18n::sources(lang)
            .iter()
            .map(|(f, _)| f.to_string())
            .collect();
        embedded.sort();
        assert_eq!(on_disk, embedded, "{}", lang.code());
    }
}

/// Every `"err-…"` string literal in the code names a message, so no error
/// reaches a member as a bare id.
#[test]
fn every_error_key_in_the_code_has_words() {
    let en = catalog(Lang::EnUs);
    let mut keys = BTreeSet::new();
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    collect_err_keys(&src, &mut keys);
    assert!(keys.contains("err-not-your-turn"), "scan found {keys:?}");
    let missing: Vec<_> = keys.iter().filter(|k| !en.contains_key(*k)).collect();
    assert!(missing.is_empty(), "no Fluent message for {missing:?}");
}

fn collect_err_keys(dir: &Path, keys: &mut BTreeSet<String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            collect_err_keys(&path, keys);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).unwrap();
            let mut rest = text.as_str();
            while let Some(at) = rest.find("\"err-") {
                let tail = &rest[at + 1..];
                let end = tail
                    .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
                    .unwrap_or(tail.len());
                // Only whole literals: `"err-x"`, not format prefixes `"err-{}"`.
                if tail[end..].starts_with('"') && !tail[..end].ends_with('-') {
                    keys.insert(tail[..end].to_string());
                }
                rest = &tail[end..];
            }
        }
    }
}

/// Discord: command and option names match `^[-_'\p{L}\p{N}]{1,32}$`, are
/// lowercase, and descriptions are 1–100 characters.
#[test]
fn command_names_and_descriptions_obey_discord() {
    for lang in Lang::ALL {
        for (id, _) in catalog(lang) {
            if !id.starts_with("cmd-") || id.contains('.') {
                continue;
            }
            let name = i18n::tr_exact(lang, &id).unwrap();
            let n = name.chars().count();
            assert!(
                (1..=32).contains(&n)
                    && name
                        .chars()
                        .all(|c| c == '-' || c == '_' || c == '\'' || c.is_alphanumeric())
                    && name.to_lowercase() == name,
                "{}: {id} = {name:?} is not a valid command name",
                lang.code()
            );
            let d = i18n::attr_exact(lang, &id, "description")
                .unwrap_or_else(|| panic!("{}: {id} has no description", lang.code()));
            assert!(
                (1..=100).contains(&d.chars().count()),
                "{}: {id} description is {} characters",
                lang.code(),
                d.chars().count()
            );
        }
        for id in ["choice-bidding-score", "choice-bidding-rob"] {
            let c = i18n::tr(lang, id);
            assert!((1..=100).contains(&c.chars().count()));
        }
    }
}

/// Every refusal the ledger can give has words in every locale.
#[test]
fn every_ledger_error_key_has_words() {
    for lang in Lang::ALL {
        let cat = catalog(lang);
        for key in paiju::ledger::ERROR_KEYS {
            assert!(cat.contains_key(*key), "{}: no message {key}", lang.code());
        }
    }
}
