//! What every game's slash commands share: opening a table, joining,
//! leaving and stopping it (`/<game> start|join|leave|stop` call these), and
//! the typed `/play`, `/pass` and `/hand`, which act at whatever table the
//! channel holds. Replies are private; the table message shows the rest.

use super::clicks::{hand_message, hand_scene};
use super::driver::words_below;
use super::pictures;
use super::{ClickIntent, DiscordGame, HandView};
use crate::discord::errors::{BotError, MAX_CONTENT};
use crate::discord::{lang_of_ctx, Context};
use crate::i18n::{self, Lang};
use crate::table::{JoinArgs, TableHandle, TableOptions};
use poise::serenity_prelude as serenity;

/// Refuses commands while the bot shuts down.
pub fn check_running(ctx: Context<'_>) -> Result<(), BotError> {
    if ctx.data().is_shutting_down() {
        return Err(BotError::user(crate::keys::ERR_SHUTTING_DOWN));
    }
    Ok(())
}

fn server_of(ctx: Context<'_>) -> Result<u64, BotError> {
    ctx.guild_id()
        .map(|g| g.get())
        .ok_or_else(|| BotError::user(crate::keys::ERR_GUILD_ONLY))
}

/// The reply language, remembered for the member's DMs.
fn lang_seen(ctx: Context<'_>) -> Lang {
    let lang = lang_of_ctx(ctx);
    ctx.data().host.saw(ctx.author().id.get(), lang);
    if let poise::Context::Application(app) = ctx {
        crate::discord::components::saw_name(
            ctx.data(),
            app.interaction.guild_id,
            &app.interaction.user,
            app.interaction.member.as_deref(),
        );
    }
    lang
}

async fn say(ctx: Context<'_>, text: String) -> Result<(), BotError> {
    crate::discord::send(
        ctx,
        poise::CreateReply::default()
            .content(crate::discord::errors::fit_content(text))
            .ephemeral(true)
            .allowed_mentions(serenity::CreateAllowedMentions::new()),
    )
    .await?;
    Ok(())
}

fn table_here<G: DiscordGame>(ctx: Context<'_>) -> Result<TableHandle<G>, BotError> {
    ctx.data()
        .host
        .tables
        .get::<G>(ctx.channel_id().get())
        .ok_or_else(|| no_table::<G>(lang_of_ctx(ctx)))
}

/// "No table of this game here": it names the game and the command that
/// opens one (`/chexuan start`, `/扯旋 开桌`), in the member's words.
pub fn no_table<G: DiscordGame>(lang: Lang) -> BotError {
    let command = format!(
        "/{} {}",
        i18n::tr(lang, &format!("cmd-{}", G::KIND.name())),
        i18n::tr(lang, &format!("cmd-{}-start", G::KIND.name()))
    );
    BotError::user(crate::keys::ERR_NO_TABLE_OF)
        .arg("game", i18n::tr(lang, G::KIND.name_key()))
        .arg("command", command)
}

/// `/<game> start`: opens a table of `G` in this channel with the caller as
/// host; its driver posts the table message.
pub async fn open<G: DiscordGame>(ctx: Context<'_>, options: TableOptions) -> Result<(), BotError> {
    open_table::<G>(ctx, options, None).await
}

/// `/<game> start` of a game whose players bring chips (Chexuan's bobo):
/// opens a table with the caller seated with `join`, checked against the
/// caller's balance.
pub async fn open_with<G: DiscordGame>(
    ctx: Context<'_>,
    options: TableOptions,
    join: JoinArgs,
) -> Result<(), BotError> {
    open_table::<G>(ctx, options, Some(join)).await
}

/// The stake of a table of `kind` opened here: the one the member typed as
/// `option` (`stake`, Chexuan's `ante`), within the server's allowed range,
/// else the server's default.
pub async fn chosen_stake(
    ctx: Context<'_>,
    kind: crate::games::GameKind,
    given: Option<i64>,
    option: &'static str,
) -> Result<i64, BotError> {
    let settings = ctx.data().server_settings(server_of(ctx)?).await?;
    let g = settings.game(kind);
    match given {
        None => Ok(g.stake),
        Some(s) if (g.min_stake..=g.max_stake).contains(&s) => Ok(s),
        Some(s) => Err(BotError::option_range(option, g.min_stake..=g.max_stake, s)),
    }
}

/// Refuses a table the server's settings do not allow here: a game turned
/// off, a channel not on the list (the refusal names the allowed ones), a
/// host without the role (Manage Server may always host).
fn check_allowed(
    ctx: Context<'_>,
    settings: &crate::config::server_settings::ServerSettings,
    kind: crate::games::GameKind,
) -> Result<(), BotError> {
    use crate::message::Arg;
    if !settings.game(kind).enabled {
        return Err(
            BotError::user(crate::keys::ERR_GAME_OFF).arg("game", Arg::Words(kind.name_key()))
        );
    }
    if !settings.allows_channel(ctx.channel_id().get()) {
        let allowed: Vec<String> = settings
            .channels
            .iter()
            .flatten()
            .map(|c| format!("<#{c}>"))
            .collect();
        return Err(
            BotError::user(crate::keys::ERR_CHANNEL_NOT_ALLOWED).arg("channels", allowed.join(" "))
        );
    }
    if let Some(role) = settings.host_role {
        let member = match ctx {
            poise::Context::Application(a) => a.interaction.member.as_deref(),
            poise::Context::Prefix(_) => None,
        };
        let has_role = member.is_some_and(|m| m.roles.iter().any(|r| r.get() == role));
        if !has_role && !crate::discord::settings::is_admin(ctx) {
            return Err(
                BotError::user(crate::keys::ERR_HOST_ROLE).arg("role", format!("<@&{role}>"))
            );
        }
    }
    Ok(())
}

/// Refuses a table in a channel where the bot lacks a permission the table
/// needs (its `app_permissions` in the command say), naming them, before
/// anything is staked: the table message could not be posted there.
fn check_bot_permissions(ctx: Context<'_>, lang: crate::i18n::Lang) -> Result<(), BotError> {
    let poise::Context::Application(a) = ctx else {
        return Ok(());
    };
    let Some(have) = a.interaction.app_permissions else {
        return Ok(());
    };
    ctx.data()
        .host
        .saw_permissions(ctx.channel_id().get(), have);
    let missing = crate::discord::perms::missing(have);
    if missing.is_empty() {
        return Ok(());
    }
    Err(BotError::user(crate::keys::ERR_BOT_PERMISSIONS)
        .arg("permissions", crate::discord::perms::words(lang, &missing)))
}

/// Opens the table; the caller's balance is read only when they bring a
/// buy-in (`join`).
async fn open_table<G: DiscordGame>(
    ctx: Context<'_>,
    options: TableOptions,
    join: Option<JoinArgs>,
) -> Result<(), BotError> {
    check_running(ctx)?;
    let server = server_of(ctx)?;
    let lang = lang_seen(ctx);
    // The server's settings as they are now: the table keeps them.
    let settings = ctx.data().server_settings(server).await?;
    check_allowed(ctx, &settings, G::KIND)?;
    check_bot_permissions(ctx, lang)?;
    let mut options = options;
    if let (Some(level), serde_json::Value::Object(rules)) =
        (settings.game(G::KIND).ai, &mut options.rules)
    {
        rules
            .entry("ai")
            .or_insert_with(|| serde_json::json!(level.name()));
    }
    if !settings.timers_are(&ctx.data().config) {
        options.timers = Some(settings.timers);
    }
    let host = ctx.data().host.clone();
    let user = ctx.author().id.get();
    let host_join = match join {
        Some(join) => (join, host.tables.host_balance::<G>(server, user).await?),
        None => (JoinArgs::default(), 0),
    };
    host.open_with::<G>(
        ctx.serenity_context().http.clone(),
        server,
        ctx.channel_id().get(),
        user,
        options,
        host_join,
        lang,
    )?;
    say(
        ctx,
        i18n::tr_args(
            lang,
            "table-opened",
            &[("game", i18n::tr(lang, G::KIND.name_key()).into())],
        ),
    )
    .await
}

/// `/<game> join` bringing `join` (Chexuan's bobo).
pub async fn join_with<G: DiscordGame>(ctx: Context<'_>, join: JoinArgs) -> Result<(), BotError> {
    check_running(ctx)?;
    server_of(ctx)?;
    let lang = lang_seen(ctx);
    table_here::<G>(ctx)?
        .join_with(ctx.author().id.get(), join)
        .await?;
    say(ctx, i18n::tr(lang, "table-joined")).await
}

/// `/<game> join`.
pub async fn join<G: DiscordGame>(ctx: Context<'_>) -> Result<(), BotError> {
    check_running(ctx)?;
    server_of(ctx)?;
    let lang = lang_seen(ctx);
    table_here::<G>(ctx)?.join(ctx.author().id.get()).await?;
    say(ctx, i18n::tr(lang, "table-joined")).await
}

/// `/<game> seat`: moves the member to seat `seat` (1-based, as the
/// lobby shows it) before the game starts: onto an AI seat or a free
/// place, never a person's (`TableHandle::sit`).
pub async fn sit<G: DiscordGame>(ctx: Context<'_>, seat: i64) -> Result<(), BotError> {
    check_running(ctx)?;
    server_of(ctx)?;
    let lang = lang_seen(ctx);
    let index = usize::try_from(seat.saturating_sub(1)).unwrap_or(usize::MAX);
    table_here::<G>(ctx)?
        .sit(ctx.author().id.get(), index)
        .await?;
    say(
        ctx,
        i18n::tr_args(lang, "table-sat", &[("seat", seat.into())]),
    )
    .await
}

/// `/<game> leave`: leaves the lobby, or a running game (its escape).
pub async fn leave<G: DiscordGame>(ctx: Context<'_>) -> Result<(), BotError> {
    check_running(ctx)?;
    server_of(ctx)?;
    let lang = lang_seen(ctx);
    table_here::<G>(ctx)?.leave(ctx.author().id.get()).await?;
    say(ctx, i18n::tr(lang, "table-you-left")).await
}

/// `/<game> stop`: the host or a member with Manage Server closes a table
/// in its lobby. A running game is stopped (the game being played called
/// off and its stakes refunded, what finished before it kept paid; logged
/// and shown at the table with who did it) only by a member with Manage
/// Server: a host who
/// could stop it would escape a losing game for free, while leaving costs
/// the game's leave rules. So a seated host without the permission who
/// stops a running game leaves it, and pays as any leaver.
pub async fn stop<G: DiscordGame>(ctx: Context<'_>) -> Result<(), BotError> {
    check_running(ctx)?;
    server_of(ctx)?;
    let lang = lang_seen(ctx);
    let table = table_here::<G>(ctx)?;
    let status = table.status(None).await?;
    let me = ctx.author().id.get();
    let manages = crate::discord::settings::is_admin(ctx);
    let running = status.game.as_ref().map(|g| g.id);
    match running {
        Some(game) if manages => {
            tracing::info!(
                channel = ctx.channel_id().get(),
                game,
                by = me,
                "a running game was stopped by a member with Manage Server; its stakes in play are refunded"
            );
            table
                .admin_cancel(me, &format!("stopped by {me} (Manage Server)"))
                .await?;
            say(ctx, i18n::tr(lang, "table-stopped-running")).await
        }
        Some(_) if status.host == me && status.seats.iter().any(|o| o.user() == Some(me)) => {
            table.leave(me).await?;
            say(ctx, i18n::tr(lang, "table-stop-left")).await
        }
        Some(_) => Err(BotError::user(crate::keys::ERR_STOP_RUNNING_PERMISSION)),
        None if status.host == me || manages => {
            table.admin_cancel(me, &format!("stopped by {me}")).await?;
            say(ctx, i18n::tr(lang, "table-stopped")).await
        }
        None => Err(BotError::user(crate::keys::ERR_STOP_PERMISSION)),
    }
}

/// `/<game> rules`: the game's rules texts (Fluent ids `keys`), privately:
/// one message a text, or more for a text past Discord's 2,000 characters
/// (cut between paragraphs), so every word arrives.
pub async fn rules(ctx: Context<'_>, keys: &[&str]) -> Result<(), BotError> {
    let lang = lang_seen(ctx);
    for key in keys {
        let text = i18n::tr(lang, key);
        for part in crate::discord::errors::split_content(&text, MAX_CONTENT) {
            say(ctx, part).await?;
        }
    }
    Ok(())
}

/// A slash command of the bot.
pub type Command = poise::Command<crate::discord::Data, BotError>;

type Action = for<'a> fn(
    poise::ApplicationContext<'a, crate::discord::Data, BotError>,
) -> poise::BoxFuture<
    'a,
    Result<(), poise::FrameworkError<'a, crate::discord::Data, BotError>>,
>;

/// A slash command named `name` that runs `action`: the generic commands
/// are built here rather than by `#[poise::command]`, which cannot be
/// generic over the game.
fn slash(name: &str, guild_only: bool, action: Action) -> Command {
    Command {
        name: name.to_string().into(),
        qualified_name: name.to_string().into(),
        identifying_name: name.to_string().into(),
        slash_action: Some(action),
        guild_only,
        ..Default::default()
    }
}

/// Runs `body` as a slash command, a refusal becoming the command's error
/// (answered privately by the bot's error handler).
macro_rules! slash_body {
    ($ctx:ident => $body:expr) => {
        Box::pin(async move {
            let $ctx: Context<'_> = $ctx.into();
            $body
                .await
                .map_err(|error| poise::FrameworkError::new_command($ctx, error))
        })
    };
}

fn join_action<G: DiscordGame>(
    ctx: poise::ApplicationContext<'_, crate::discord::Data, BotError>,
) -> poise::BoxFuture<'_, Result<(), poise::FrameworkError<'_, crate::discord::Data, BotError>>> {
    slash_body!(ctx => join::<G>(ctx))
}

fn leave_action<G: DiscordGame>(
    ctx: poise::ApplicationContext<'_, crate::discord::Data, BotError>,
) -> poise::BoxFuture<'_, Result<(), poise::FrameworkError<'_, crate::discord::Data, BotError>>> {
    slash_body!(ctx => leave::<G>(ctx))
}

fn stop_action<G: DiscordGame>(
    ctx: poise::ApplicationContext<'_, crate::discord::Data, BotError>,
) -> poise::BoxFuture<'_, Result<(), poise::FrameworkError<'_, crate::discord::Data, BotError>>> {
    slash_body!(ctx => stop::<G>(ctx))
}

fn rules_action<G: DiscordGame>(
    ctx: poise::ApplicationContext<'_, crate::discord::Data, BotError>,
) -> poise::BoxFuture<'_, Result<(), poise::FrameworkError<'_, crate::discord::Data, BotError>>> {
    slash_body!(ctx => rules(ctx, G::RULES_KEYS))
}

fn group_action(
    _ctx: poise::ApplicationContext<'_, crate::discord::Data, BotError>,
) -> poise::BoxFuture<'_, Result<(), poise::FrameworkError<'_, crate::discord::Data, BotError>>> {
    // Discord only ever invokes a subcommand of a group.
    Box::pin(async { Ok(()) })
}

/// `/<game> join` for a game whose players bring nothing to the seat.
pub fn join_command<G: DiscordGame>() -> Command {
    slash("join", true, join_action::<G>)
}

/// The command group of `G`: `/<game> start` (the game's own, with its
/// options), `join` ([`DiscordGame::join_command`]), the `leave`, `stop`
/// and `rules` every game shares, and the game's
/// [`extra_commands`](DiscordGame::extra_commands).
pub fn group<G: DiscordGame>() -> Command {
    let mut start = G::start_command();
    start.name = "start".into();
    let mut join = G::join_command();
    join.name = "join".into();
    let mut subcommands = vec![
        start,
        join,
        slash("leave", true, leave_action::<G>),
        slash("rules", false, rules_action::<G>),
        slash("stop", true, stop_action::<G>),
    ];
    subcommands.extend(G::extra_commands());
    for sub in &mut subcommands {
        sub.qualified_name = format!("{} {}", G::KIND.name(), sub.name).into();
        sub.identifying_name = format!("{}-{}", G::KIND.name(), sub.name).into();
    }
    Command {
        subcommands,
        subcommand_required: true,
        ..slash(G::KIND.name(), false, group_action)
    }
}

/// What a typed command asks of the game.
enum Typed<'a> {
    Play(&'a str),
    Pass,
    Hand,
}

/// `/play`, `/pass`, `/hand` at the table in this channel, whatever game.
async fn typed(ctx: Context<'_>, what: Typed<'_>) -> Result<(), BotError> {
    check_running(ctx)?;
    server_of(ctx)?;
    let channel = ctx.channel_id().get();
    let kind = ctx
        .data()
        .host
        .tables
        .kind_at(channel)
        .ok_or_else(|| BotError::user(crate::keys::ERR_NO_TABLE))?;
    crate::games::with_game!(kind, G => typed_in::<G>(ctx, what).await)
}

async fn typed_in<G: DiscordGame>(ctx: Context<'_>, what: Typed<'_>) -> Result<(), BotError> {
    let lang = lang_seen(ctx);
    let user = ctx.author().id.get();
    let table = table_here::<G>(ctx)?;
    let status = table.status(Some(user)).await?;
    let game = status
        .game
        .ok_or_else(|| BotError::user(crate::keys::ERR_WRONG_PHASE).arg("action", "play"))?;
    let seat = game
        .seat
        .ok_or_else(|| BotError::user(crate::keys::ERR_NOT_SEATED))?;
    let hv = HandView::<G> {
        lang,
        game: game.id,
        version: game.version,
        seat,
        view: &game.view,
        legal: &game.legal,
    };
    let action = match what {
        Typed::Hand => {
            let (text, rows) = hand_message(&hv, &[], None);
            let mut reply = poise::CreateReply::default()
                .embed(words_below(&text))
                .components(rows)
                .ephemeral(true);
            if let Some(scene) = hand_scene(&hv, &[]) {
                reply = reply
                    .attachment(pictures::attachment(&scene, "hand", pictures::For::Member).await);
            }
            crate::discord::send(ctx, reply).await?;
            return Ok(());
        }
        Typed::Play(input) => match G::typed_intent(input, &hv)? {
            ClickIntent::Act(action) => action,
            // A question first (which reading): privately, with its controls.
            ClickIntent::Ask(text, rows) => {
                crate::discord::send(
                    ctx,
                    poise::CreateReply::default()
                        .content(text)
                        .components(rows)
                        .ephemeral(true)
                        .allowed_mentions(serenity::CreateAllowedMentions::new()),
                )
                .await?;
                return Ok(());
            }
            // Typed input never asks to select or hint; show the hand.
            ClickIntent::Select(values) => {
                let (text, rows) = hand_message(&hv, &values, None);
                let mut reply = poise::CreateReply::default()
                    .embed(words_below(&text))
                    .components(rows)
                    .ephemeral(true);
                if let Some(scene) = hand_scene(&hv, &values) {
                    reply = reply.attachment(
                        pictures::attachment(&scene, "hand", pictures::For::Member).await,
                    );
                }
                crate::discord::send(ctx, reply).await?;
                return Ok(());
            }
            // Forms open from buttons only (a typed command has answered by now).
            ClickIntent::Hint | ClickIntent::Modal(_) => {
                return Err(BotError::user(crate::keys::ERR_MALFORMED_ACTION))
            }
        },
        Typed::Pass => G::typed_pass(&hv)?,
    };
    table.act(user, game.version, action.clone()).await?;
    say(ctx, G::done_line(lang, &action)).await
}

/// The most characters `/play` takes: a whole 4-deck Shengji hand (54
/// cards) typed out with spaces is about 200.
pub const MAX_TYPED_CARDS: usize = 300;

/// Play cards in the current game.
#[poise::command(slash_command, guild_only)]
pub async fn play(ctx: Context<'_>, #[max_length = 300] cards: String) -> Result<(), BotError> {
    // Discord's client keeps to the option's max_length; a request that
    // does not is refused here, before anything quotes it.
    let typed_chars = cards.chars().count();
    if typed_chars > MAX_TYPED_CARDS {
        return Err(BotError::user(crate::keys::ERR_TYPED_TOO_LONG)
            .arg("max", MAX_TYPED_CARDS)
            .arg("got", typed_chars));
    }
    typed(ctx, Typed::Play(&cards)).await
}

/// Pass your turn in the current game.
#[poise::command(slash_command, guild_only)]
pub async fn pass(ctx: Context<'_>) -> Result<(), BotError> {
    typed(ctx, Typed::Pass).await
}

/// Show your hand privately.
#[poise::command(slash_command, guild_only)]
pub async fn hand(ctx: Context<'_>) -> Result<(), BotError> {
    typed(ctx, Typed::Hand).await
}
