//! The slash commands, and their names and descriptions in every locale.
//!
//! Names in the code are the en-US names. [`localize`] fills every
//! command's, option's and choice's description and `name_localizations`
//! from the Fluent files (ids `cmd-<command path>` and
//! `cmd-<command path>-opt-<option>`: the bot's own commands in
//! `locales/*/commands.ftl`, a game's `/<game>` group and its choices in
//! its own `locales/*/<game>.ftl`), so Discord shows `/斗地主` to a member
//! whose client speaks Chinese.

use super::{BotError, Data};
use crate::i18n::{self, Lang};
use std::borrow::Cow;

type Command = poise::Command<Data, BotError>;

/// Every command the bot registers, localized.
pub fn all() -> Vec<Command> {
    use super::chips;
    let mut cmds = vec![
        chips::chips(),
        chips::daily(),
        chips::give(),
        chips::chips_admin(),
        chips::history(),
        super::replay::replay(),
        chips::stats(),
        super::table::commands::play(),
        super::table::commands::pass(),
        super::table::commands::hand(),
        super::autopass::autopass(),
        super::settings::paiju(),
        super::settings::help(),
        super::ratings::rank(),
        super::ratings::ladder(),
        super::ratings::season(),
    ];
    for c in cmds.iter_mut().filter(|c| c.name == "paiju") {
        super::settings::set_choices(c);
    }
    // Each game's command group, in the registry's order.
    cmds.extend(crate::games::GameKind::ALL.into_iter().map(
        |kind| crate::games::with_game!(kind, G => <G as super::table::DiscordGame>::command()),
    ));
    for c in &mut cmds {
        localize(c, "cmd");
    }
    cmds
}

/// Fills descriptions and localizations of `cmd` and its subcommands and
/// parameters; `parent` is the id prefix (`cmd`, `cmd-dou-dizhu`, …).
pub fn localize(cmd: &mut Command, parent: &str) {
    let id = format!("{parent}-{}", cmd.name);
    let (names, descriptions) = localizations(&id);
    cmd.description = i18n::attr(Lang::EnUs, &id, "description").map(Cow::Owned);
    cmd.name_localizations = Cow::Owned(names);
    cmd.description_localizations = Cow::Owned(descriptions);
    for p in &mut cmd.parameters {
        let pid = format!("{id}-opt-{}", p.name);
        let (names, descriptions) = localizations(&pid);
        p.description = i18n::attr(Lang::EnUs, &pid, "description").map(Cow::Owned);
        p.name_localizations = Cow::Owned(names);
        p.description_localizations = Cow::Owned(descriptions);
        for choice in p.choices.to_mut() {
            // Choice labels are ids like `choice-bidding-score` written in
            // the code; the en-US text replaces them.
            let key = choice.name.to_string();
            if i18n::has(Lang::EnUs, &key) {
                choice.name = Cow::Owned(i18n::tr(Lang::EnUs, &key));
                choice.localizations = Cow::Owned(
                    Lang::ALL
                        .iter()
                        .filter(|&&l| l != Lang::EnUs)
                        .filter_map(|&l| {
                            i18n::tr_exact(l, &key)
                                .map(|t| (Cow::Borrowed(l.code()), Cow::Owned(t)))
                        })
                        .collect(),
                );
            }
        }
    }
    let sub_parent = id.clone();
    for sub in &mut cmd.subcommands {
        localize(sub, &sub_parent);
    }
}

type Pairs = Vec<(Cow<'static, str>, Cow<'static, str>)>;

/// (name_localizations, description_localizations) of message `id` for
/// every locale but en-US (whose text is the default).
fn localizations(id: &str) -> (Pairs, Pairs) {
    let mut names = Vec::new();
    let mut descriptions = Vec::new();
    for lang in Lang::ALL {
        if lang == Lang::EnUs {
            continue;
        }
        if let Some(n) = i18n::tr_exact(lang, id) {
            names.push((Cow::Borrowed(lang.code()), Cow::Owned(n)));
        }
        if let Some(d) = i18n::attr_exact(lang, id, "description") {
            descriptions.push((Cow::Borrowed(lang.code()), Cow::Owned(d)));
        }
    }
    (names, descriptions)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn walk<'a>(cmds: &'a [Command], out: &mut Vec<&'a Command>) {
        for c in cmds {
            out.push(c);
            walk(&c.subcommands, out);
        }
    }

    #[test]
    fn every_command_and_option_has_words_in_every_locale() {
        let cmds = all();
        let mut flat = Vec::new();
        walk(&cmds, &mut flat);
        for c in flat {
            let d = c.description.as_deref().unwrap_or("");
            assert!(!d.is_empty(), "/{} has no description", c.qualified_name);
            assert!(
                c.name_localizations.iter().any(|(l, _)| l == "zh-CN"),
                "/{} has no zh-CN name",
                c.qualified_name
            );
            for p in &c.parameters {
                assert!(
                    p.description.as_deref().is_some_and(|d| !d.is_empty()),
                    "/{} option {} has no description",
                    c.qualified_name,
                    p.name
                );
                assert!(p.name_localizations.iter().any(|(l, _)| l == "zh-CN"));
            }
        }
    }

    #[test]
    fn en_us_names_in_the_files_match_the_code() {
        fn check(cmds: &[Command], parent: &str) {
            for c in cmds {
                let id = format!("{parent}-{}", c.name);
                assert_eq!(
                    i18n::tr_exact(Lang::EnUs, &id).as_deref(),
                    Some(c.name.as_ref()),
                    "{id}"
                );
                for p in &c.parameters {
                    let pid = format!("{id}-opt-{}", p.name);
                    assert_eq!(
                        i18n::tr_exact(Lang::EnUs, &pid).as_deref(),
                        Some(p.name.as_ref()),
                        "{pid}"
                    );
                }
                check(&c.subcommands, &id);
            }
        }
        check(&all(), "cmd");
    }

    #[test]
    fn zh_cn_dou_dizhu_is_named_in_chinese() {
        let cmds = all();
        let ddz = cmds.iter().find(|c| c.name == "dou-dizhu").unwrap();
        assert!(ddz
            .name_localizations
            .iter()
            .any(|(l, n)| l == "zh-CN" && n == "斗地主"));
    }
}
