//! `/autopass`: a member's 要不起 choice on this server (issue #36). On,
//! when nothing the member holds beats the play standing (Dou Dizhu), the
//! table passes for them at once, and the channel reads "要不起" as in the
//! apps; off (the default), the private hand view says so and offers only
//! Pass. Kept in the ledger per member per server, so it holds in every
//! game and after a restart; the table reads it at the moment it matters.

use super::{lang_of_ctx, BotError, Context, Data};
use crate::i18n;
use crate::table::{ChannelId, ServerId, UserId};
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
    // Without `on:` it only says how it is set.
    let now = match on {
        Some(on) => {
            choose(ctx.data(), server, ctx.channel_id().get(), user, on).await?;
            on
        }
        None => ctx.data().ledger.autopass(server, user).await?,
    };
    let key = if now { "autopass-on" } else { "autopass-off" };
    let reply = poise::CreateReply::default()
        .allowed_mentions(serenity::CreateAllowedMentions::new())
        .content(i18n::tr(lang, key))
        .ephemeral(true);
    crate::discord::send(ctx, reply).await?;
    Ok(())
}

/// Keeps `user`'s choice on `server`, from the command or the hand view's
/// "Always pass". Switched on at the table of `channel`, where passing may
/// be the member's only move now, it has the table look again, so that
/// pass is made at once; elsewhere the next turn reads the choice.
pub async fn choose(
    data: &Data,
    server: ServerId,
    channel: ChannelId,
    user: UserId,
    on: bool,
) -> Result<(), BotError> {
    data.ledger.set_autopass(server, user, on).await?;
    if on {
        let tables = &data.host.tables;
        if let Some(kind) = tables.kind_at(channel) {
            crate::games::with_game!(kind, G => {
                // A table that closed meanwhile has nothing to pass; the
                // choice holds.
                if let Some(table) = tables.get::<G>(channel) {
                    let _ = table.autopass_changed().await;
                }
            });
        }
    }
    Ok(())
}
