//! `/autopass`: a member's 要不起 choice on this server (issue #36). On,
//! when nothing the member holds beats the play standing (Dou Dizhu), the
//! table passes for them at once, and the channel reads "要不起" as in the
//! apps; off (the default), the private hand view says so and offers only
//! Pass. Kept in the ledger per member per server, so it holds in every
//! game and after a restart; the table reads it at the moment it matters.

use super::{lang_of_ctx, BotError, Context};
use crate::i18n;
use poise::serenity_prelude as serenity;

/// Pass at once when nothing you hold beats the play (要不起)
#[poise::command(slash_command, guild_only)]
pub async fn autopass(ctx: Context<'_>, on: Option<bool>) -> Result<(), BotError> {
    let server = ctx
        .guild_id()
        .map(|g| g.get())
        .ok_or_else(|| BotError::user(crate::keys::ERR_GUILD_ONLY))?;
    let lang = lang_of_ctx(ctx);
    let user = ctx.author().id.get();
    let ledger = &ctx.data().ledger;
    // Without `on:` it only says how it is set.
    let now = match on {
        Some(on) => {
            ledger.set_autopass(server, user, on).await?;
            if on {
                // Switched on at the table where passing is the member's
                // only move now: it passes at once. Elsewhere the next
                // turn reads the choice.
                let tables = &ctx.data().host.tables;
                let channel = ctx.channel_id().get();
                if let Some(kind) = tables.kind_at(channel) {
                    crate::games::with_game!(kind, G => {
                        if let Some(table) = tables.get::<G>(channel) {
                            let _ = table.autopass_changed().await;
                        }
                    });
                }
            }
            on
        }
        None => ledger.autopass(server, user).await?,
    };
    let key = if now { "autopass-on" } else { "autopass-off" };
    let reply = poise::CreateReply::default()
        .allowed_mentions(serenity::CreateAllowedMentions::new())
        .content(i18n::tr(lang, key))
        .ephemeral(true);
    crate::discord::send(ctx, reply).await?;
    Ok(())
}
