//! Fair deals on Discord ([`crate::fair`]): the table message shows the
//! commitment to the deal's seed (its first 16 hex digits) from the deal
//! on, before anyone acts; the result reveals the seed, the whole
//! commitment and whether the settled record checks against both. Each is
//! one field of its embed, beside whatever the game draws.

use crate::fair::DealCommitment;
use crate::i18n::{self, Lang};
use crate::table::FairReveal;
use poise::serenity_prelude as serenity;

/// `embed` with the commitment field of a running game (unchanged for a
/// game stored before fair deals).
pub fn with_commitment(
    embed: serenity::CreateEmbed,
    lang: Lang,
    commitment: Option<&DealCommitment>,
) -> serenity::CreateEmbed {
    let Some(c) = commitment else {
        return embed;
    };
    let key = if c.chosen {
        "fair-commitment-chosen"
    } else {
        "fair-commitment"
    };
    let line = i18n::tr_args(lang, key, &[("commitment", c.commitment.short().into())]);
    embed.field(i18n::tr(lang, "fair-title"), line, false)
}

/// `embed` with the result's fair-deal field: the seed, the commitment and
/// the check (unchanged for a game stored before fair deals).
pub fn with_reveal(
    embed: serenity::CreateEmbed,
    lang: Lang,
    fair: Option<&FairReveal>,
) -> serenity::CreateEmbed {
    let Some(text) = reveal_text(lang, fair) else {
        return embed;
    };
    embed.field(i18n::tr(lang, "fair-title"), text, false)
}

/// The words of the result's fair-deal field.
pub fn reveal_text(lang: Lang, fair: Option<&FairReveal>) -> Option<String> {
    let fair = fair?;
    let commitment = fair.deal.commitment?;
    let mut lines = vec![i18n::tr_args(
        lang,
        "fair-revealed",
        &[
            ("seed", fair.deal.seed.to_hex().into()),
            ("commitment", commitment.to_hex().into()),
        ],
    )];
    lines.push(i18n::tr(
        lang,
        if fair.verified {
            "fair-verified"
        } else {
            "fair-not-verified"
        },
    ));
    if fair.deal.chosen {
        lines.push(i18n::tr(lang, "fair-chosen-note"));
    }
    Some(lines.join("\n"))
}
