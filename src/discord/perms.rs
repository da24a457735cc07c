//! The channel permissions a table needs of the bot — View Channel, Send
//! Messages, Embed Links (the table is an embed) and Attach Files (its
//! picture) — their names in the member's language, and what the bot last
//! learnt it holds in each channel: every interaction carries the bot's
//! permissions where it was made (`app_permissions`), so a table is
//! refused before it opens in a channel that lacks one, and a table that
//! loses one mid-game can say which.

use crate::i18n::{self, Lang};
use poise::serenity_prelude as serenity;
use serenity::Permissions;

/// What a table needs, with the locale key of each permission's name
/// (Discord's own names for them).
const NEEDED: [(Permissions, &str); 4] = [
    (Permissions::VIEW_CHANNEL, "perm-view-channel"),
    (Permissions::SEND_MESSAGES, "perm-send-messages"),
    (Permissions::EMBED_LINKS, "perm-embed-links"),
    (Permissions::ATTACH_FILES, "perm-attach-files"),
];

/// The locale keys of the permissions a table needs that `have` lacks
/// (none for an administrator, who has them all).
pub fn missing(have: Permissions) -> Vec<&'static str> {
    if have.administrator() {
        return Vec::new();
    }
    NEEDED
        .iter()
        .filter(|(p, _)| !have.contains(*p))
        .map(|(_, key)| *key)
        .collect()
}

/// Every permission a table needs (a channel whose permissions the bot
/// does not know names them all).
pub fn needed() -> Vec<&'static str> {
    NEEDED.iter().map(|(_, key)| *key).collect()
}

/// Permissions by their names in `lang`, as a list ("Embed Links, Attach
/// Files").
pub fn words(lang: Lang, keys: &[&'static str]) -> String {
    let names: Vec<String> = keys.iter().map(|k| i18n::tr(lang, k)).collect();
    i18n::list(lang, &names)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_what_is_missing() {
        let have = Permissions::VIEW_CHANNEL | Permissions::SEND_MESSAGES;
        assert_eq!(missing(have), vec!["perm-embed-links", "perm-attach-files"]);
        assert!(missing(Permissions::ADMINISTRATOR).is_empty());
        assert!(missing(Permissions::all()).is_empty());
        assert_eq!(missing(Permissions::empty()), needed());
    }
}
