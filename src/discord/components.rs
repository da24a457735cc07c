//! Button and select-menu clicks and submitted modals: decode the id,
//! check it against the table, act, and answer at once, or acknowledge
//! first when the answer takes longer than `discord.defer_after_ms`.

use super::errors::BotError;
use super::ids::ComponentId;
use super::table::clicks::{self, answer_in_time, Asked, Defer, Views};
use super::Data;
use crate::i18n::Lang;
use poise::serenity_prelude as serenity;

/// Entry point for every component interaction.
pub async fn handle(ctx: &serenity::Context, data: &Data, click: &serenity::ComponentInteraction) {
    let lang = data.lang(Some(&click.locale), click.guild_locale.as_deref());
    if let Some(perms) = click.app_permissions {
        data.host.saw_permissions(click.channel_id.get(), perms);
    }
    saw_name(data, click.guild_id, &click.user, click.member.as_ref());
    let result = dispatch(ctx, data, click, lang).await;
    if let Err(err) = result {
        if let BotError::Internal(e) = &err {
            tracing::error!(custom_id = %click.data.custom_id, "component failed: {e:#}");
        }
        reply_private(ctx, click, err.text(lang)).await;
    }
}

async fn dispatch(
    ctx: &serenity::Context,
    data: &Data,
    click: &serenity::ComponentInteraction,
    lang: Lang,
) -> Result<(), BotError> {
    if data.is_shutting_down() {
        return Err(BotError::user(crate::keys::ERR_SHUTTING_DOWN));
    }
    data.check_guild(click.guild_id)?;
    // A replay's controls carry their own state (the game and the step).
    if super::replay::ids::ReplayId::is_replay(&click.data.custom_id) {
        return super::replay::click(ctx, data, click, lang).await;
    }
    // An id this build did not make is from an old message: stale.
    let id = ComponentId::decode(&click.data.custom_id)
        .map_err(|_| BotError::user(crate::keys::ERR_STALE))?;
    let defer = Defer::of(click, &id);
    let views = Views {
        lost: &data.lost_views,
        fresh: renews(data, click.user.id.get(), Some(&*click.message)),
    };
    answer_in_time(
        ctx,
        Asked::Click(click),
        lang,
        data.defer_after(),
        defer,
        views,
        clicks::work(ctx, data, click, id, lang),
    )
    .await;
    Ok(())
}

/// Remembers the name a member goes by in a server (their nickname, else
/// their display name), for the table pictures.
pub fn saw_name(
    data: &Data,
    guild: Option<serenity::GuildId>,
    user: &serenity::User,
    member: Option<&serenity::Member>,
) {
    if let Some(guild) = guild {
        let name = member.map_or_else(|| user.display_name(), |m| m.display_name());
        data.host.saw_name(guild.get(), user.id.get(), name);
    }
}

/// Whether `user`'s click on `message` is answered with a fresh private
/// view: it is a private view, and the member's last private answer could
/// not be shown ([`super::views`]). Any click of theirs forgets that: one
/// on the table message makes a fresh view anyway.
pub fn renews(data: &Data, user: u64, message: Option<&serenity::Message>) -> bool {
    let lost = data.lost_views.take(user);
    let private = message.is_some_and(|m| {
        m.flags
            .is_some_and(|f| f.contains(serenity::MessageFlags::EPHEMERAL))
    });
    lost && private
}

/// Entry point for every submitted modal: its id is checked like a
/// component's, and it is answered within the same 3 seconds.
pub async fn handle_modal(
    ctx: &serenity::Context,
    data: &Data,
    modal: &serenity::ModalInteraction,
) {
    let lang = data.lang(Some(&modal.locale), modal.guild_locale.as_deref());
    saw_name(data, modal.guild_id, &modal.user, modal.member.as_ref());
    let work = async {
        if data.is_shutting_down() {
            return Err(BotError::user(crate::keys::ERR_SHUTTING_DOWN));
        }
        data.check_guild(modal.guild_id)?;
        let id = ComponentId::decode(&modal.data.custom_id)
            .map_err(|_| BotError::user(crate::keys::ERR_STALE))?;
        clicks::submit(data, modal, id, lang).await
    };
    let views = Views {
        lost: &data.lost_views,
        fresh: renews(data, modal.user.id.get(), modal.message.as_deref()),
    };
    answer_in_time(
        ctx,
        Asked::Modal(modal),
        lang,
        data.defer_after(),
        Defer::Update,
        views,
        work,
    )
    .await;
}

/// Answers a click privately (a fresh ephemeral message), falling back to a
/// followup if the interaction was already acknowledged.
pub async fn reply_private(
    ctx: &serenity::Context,
    click: &serenity::ComponentInteraction,
    text: String,
) {
    // A refusal may quote what was sent: cut to Discord's 2,000 characters.
    let text = super::errors::fit_content(text);
    let msg = serenity::CreateInteractionResponseMessage::new()
        .content(text.clone())
        .ephemeral(true);
    let first = click
        .create_response(&ctx.http, serenity::CreateInteractionResponse::Message(msg))
        .await;
    match &first {
        Ok(()) => super::ops::acknowledged(),
        Err(e) => {
            super::ops::counted(e);
            let follow = serenity::CreateInteractionResponseFollowup::new()
                .content(text)
                .ephemeral(true);
            if let Err(e) = click.create_followup(&ctx.http, follow).await {
                tracing::warn!(
                    "could not answer a component interaction: {}",
                    super::ops::counted(&e)
                );
            }
        }
    }
}
