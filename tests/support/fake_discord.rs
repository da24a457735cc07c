//! A fake Discord on 127.0.0.1 for end-to-end tests of the real bot.
//!
//! REST (a small HTTP/1.1 server, JSON bodies): the routes the bot uses —
//! `GET /api/v10/gateway`, `GET users/@me`, application command bulk
//! overwrites (global and per guild), interaction callbacks, the original
//! response and followups (`/webhooks/{app}/{token}…`), DM channel creation
//! (`POST users/@me/channels`), channel messages and their edits. Every
//! request is recorded. A chosen user can have DMs closed: sending to their
//! DM channel answers 403 with Discord's error 50007.
//!
//! Channels can be closed to the bot, as members do it: a permission
//! taken away ([`FakeDiscord::set_bot_permissions`]: interactions there
//! carry it as `app_permissions`, and a post or edit without View Channel
//! is 403 50001, without Send Messages — or with an embed without Embed
//! Links, a file without Attach Files — 403 50013), a message deleted
//! (10008), a channel deleted (10003).
//!
//! Rate limits, as Discord keeps them ([`RateRoute`]): each bucket counts
//! its requests in fixed windows that open at the first request received,
//! and a request past the limit is answered 429 with `retry_after` in its
//! body and `Retry-After` / `X-RateLimit-*` headers (every answer of a
//! limited route carries the `X-RateLimit-*` headers). By default 5
//! messages posted and 5 edited per 5 s in a channel, 5 DM channels opened
//! per 5 s and 50 requests a second in all, interaction callbacks and
//! webhooks excepted ([`FakeDiscord::set_rate_limit`] changes one for a
//! test). A 429 fails nothing by itself; a request to a bucket before its
//! `retry_after` has passed is a violation (Discord bans bots that keep
//! asking).
//!
//! Gateway (WebSocket, plain JSON frames): Hello, Identify → READY,
//! heartbeats → op 11, and INTERACTION_CREATE dispatches built like
//! Discord's documented payloads (with the fields serenity requires).
//!
//! Test helpers drive users: [`FakeDiscord::command`], [`FakeDiscord::click`],
//! [`FakeDiscord::select`], then read what the bot did.

#![allow(dead_code)]

use super::discord_limits as limits;
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message as WsMessage;

pub const APP_ID: u64 = 900_000_000_000_000_001;
pub const BOT_USER_ID: u64 = 900_000_000_000_000_001;
pub const GUILD_ID: u64 = 800_000_000_000_000_001;
pub const CHANNEL_ID: u64 = 810_000_000_000_000_001;
/// A second guild, on the other shard of two from [`GUILD_ID`] (Discord's
/// shard of a guild is `(id >> 22) % shard_count`), with its channel.
pub const GUILD_2: u64 = GUILD_ID + (1 << 22);
pub const CHANNEL_2: u64 = 810_000_000_000_000_002;
/// Discord's time to acknowledge an interaction.
pub const ACK_LIMIT: Duration = Duration::from_secs(3);
/// How long an interaction's token works for its original response and
/// followups: "Interaction tokens are valid for 15 minutes" (Discord's
/// "Receiving and Responding" documentation). Past that every request
/// through the token (`/webhooks/{app}/{token}…`: get, edit or delete the
/// original, post or edit a followup) is refused 401 with 50027 Invalid
/// Webhook Token, as bots observe it (discord/discord-api-docs#6851:
/// "after the 15 mins window, any API request made to it returns 401",
/// Rapptz/discord.py#9856, DisnakeDev/disnake#379); a token Discord does
/// not know at all is 404 10015 Unknown Webhook.
///
/// What Discord does not document is a click on a component of an old
/// private (ephemeral) message: the click is an interaction of its own,
/// with a fresh token, and an update of the message clicked on (callback
/// type 7, or type 6 then an edit of `@original`) goes through that fresh
/// token. Nothing published says it is refused, so the fake accepts it and
/// records it ([`FakeDiscord::old_view_updates`]). What cannot be done is
/// reaching the old message through its own, expired token.
pub const TOKEN_LIFETIME: Duration = Duration::from_secs(15 * 60);

/// How the fake drops a bot's gateway connection ([`FakeDiscord::drop_gateway`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GatewayDrop {
    /// A close frame with this code. 4000 (unknown error) and the others
    /// Discord lists as reconnectable leave the session resumable; 4009
    /// (session timed out) ends it: the bot must identify again.
    Close(u16),
    /// The socket dropped, no close frame: the session stays resumable.
    Reset,
    /// Op 9 INVALID_SESSION with `d: false`: the session is gone; the bot
    /// identifies again and what was sent in the gap is lost.
    InvalidSession,
    /// The connection goes quiet: no HEARTBEAT_ACK and no dispatch (a
    /// "zombied" connection). The session stays resumable, as Discord
    /// keeps it; what the bot does is its own (serenity 0.12.5 restarts
    /// the shard and identifies again).
    Stall,
}

/// One gateway session, as Discord keeps it (READY's `session_id`).
struct GatewaySession {
    id: String,
    shard: u64,
    count: u64,
    /// The last sequence number given.
    seq: u64,
    /// Every dispatch sent in this session, by its sequence number: a
    /// RESUME is answered with the ones after the bot's number.
    log: Vec<(u64, Value)>,
    /// The connection now carrying it; `None` while the bot is away.
    conn: Option<mpsc::UnboundedSender<Out>>,
    /// Interactions queued while the bot was away, not yet delivered.
    pending: Vec<u64>,
}

/// What a gateway connection's task is told to do.
enum Out {
    Frame(Value),
    Drop(GatewayDrop),
}

/// A rate-limit bucket of the fake's ([`FakeDiscord::set_rate_limit`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RateRoute {
    /// `POST channels/{id}/messages`, per channel.
    ChannelPosts,
    /// `PATCH channels/{id}/messages/{id}`, per channel.
    MessageEdits,
    /// `POST users/@me/channels` (opening a DM channel).
    OpenDm,
    /// Every request but interaction callbacks and webhooks.
    Global,
}

/// A bucket's limit: `limit` requests per window of `per`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RateLimit {
    pub limit: u32,
    pub per: Duration,
}

impl RateRoute {
    /// Discord's limit: 5 per 5 s a channel for posts and for edits, 50
    /// requests a second globally (Discord's documented global limit). The
    /// DM-opening bucket is not published; 5 per 5 s is this fake's
    /// choice, as strict as the message buckets.
    pub fn discord_limit(self) -> RateLimit {
        let (limit, secs) = match self {
            RateRoute::ChannelPosts | RateRoute::MessageEdits | RateRoute::OpenDm => (5, 5),
            RateRoute::Global => (50, 1),
        };
        RateLimit {
            limit,
            per: Duration::from_secs(secs),
        }
    }

    /// The bucket of a request (its route and major parameter), and
    /// whether the global limit counts it.
    fn of(method: &str, parts: &[&str]) -> (Option<(RateRoute, u64)>, bool) {
        let channel = |c: &str| c.parse::<u64>().unwrap_or(0);
        let route = match (method, parts) {
            ("POST", ["channels", c, "messages"]) => Some((RateRoute::ChannelPosts, channel(c))),
            ("PATCH", ["channels", c, "messages", _]) => {
                Some((RateRoute::MessageEdits, channel(c)))
            }
            ("POST", ["users", "@me", "channels"]) => Some((RateRoute::OpenDm, 0)),
            _ => None,
        };
        let global = !matches!(parts.first(), Some(&"interactions") | Some(&"webhooks"));
        (route, global)
    }
}

/// One bucket's current window.
struct Window {
    opened: std::time::Instant,
    count: u32,
    /// The end of the window a 429 was answered in: a request before it
    /// ignored `retry_after`.
    limited_until: Option<std::time::Instant>,
}
const TIMESTAMP: &str = "2026-01-01T00:00:00.000000+00:00";

/// One REST request the bot made.
#[derive(Clone, Debug)]
pub struct Request {
    pub method: String,
    pub path: String,
    pub body: Value,
    /// The HTTP status the fake answered.
    pub status: u16,
    /// The fake's answer (the message made or edited, for those routes).
    pub reply: Option<Value>,
}

/// A request the fake refused because real Discord would have: past one
/// of Discord's documented limits ([`limits`]: 50035 Invalid Form Body).
/// Every one is recorded; a test fails on any unless it said it expects
/// them ([`FakeDiscord::expect_violations`]).
#[derive(Clone, Debug)]
pub struct Violation {
    /// `POST /api/v10/channels/…/messages`
    pub route: String,
    /// Discord's error code in the answer (50035 …).
    pub code: u32,
    /// What was wrong, one line a problem (`content: Must be 2000 or fewer…`).
    pub problems: Vec<String>,
}

impl std::fmt::Display for Violation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} -> {}: {}",
            self.route,
            self.code,
            self.problems.join("; ")
        )
    }
}

/// One interaction the fake dispatched and what the bot answered.
#[derive(Clone, Debug)]
pub struct Interaction {
    pub id: u64,
    pub token: String,
    pub user: u64,
    /// The body of `POST /interactions/{id}/{token}/callback` (at most one
    /// is accepted, like Discord: a second is error 40060).
    pub callback: Option<Value>,
    /// The original response as edited (`PATCH …/messages/@original`).
    pub original: Option<Value>,
    pub followups: Vec<Value>,
    /// The message clicked on (component and modal interactions).
    pub message: Option<Value>,
    /// The message clicked on as an update (callback type 7) left it:
    /// its attachments kept or replaced like Discord's edits.
    pub updated: Option<Value>,
    /// When the fake sent it on the gateway, and when the bot's callback
    /// (its acknowledgement) arrived: the load bench's latency.
    pub sent: std::time::Instant,
    pub acked: Option<std::time::Instant>,
    /// When the answer a member sees was complete ([`FakeDiscord::answered`]):
    /// the callback itself, or the edit or followup that follows a deferral.
    pub done: Option<std::time::Instant>,
    /// The bot deleted its original response (a deferral that needed no
    /// words after all).
    pub deleted: bool,
    /// What was asked: the command's name, or the component's or modal's
    /// custom id.
    pub asked: String,
    /// When it was made, on the test clock ([`FakeDiscord::advance_clock`]):
    /// its token works for [`TOKEN_LIFETIME`] from then.
    pub born: std::time::Instant,
    /// Discord never delivered it: no gateway session was there to take
    /// it, or the session holding it was invalidated before the bot
    /// resumed. The member sees "This interaction failed" after 3 s.
    pub lost: bool,
}

impl Interaction {
    /// Whether Discord has shown the member "This interaction failed": no
    /// acknowledgement came within its 3 seconds.
    pub fn failed(&self) -> bool {
        self.acked.is_none() && self.sent.elapsed() > ACK_LIMIT
    }

    /// Whether the answer a member sees is complete: a callback that
    /// carries it, or, after a deferral (type 5, or type 6 on a private
    /// view), the edit or followup that follows.
    pub fn complete(&self) -> bool {
        match &self.callback {
            None => false,
            // Deferred (5): wait for its content (or its removal).
            Some(cb) if cb["type"] == json!(5) => {
                self.original.is_some() || !self.followups.is_empty() || self.deleted
            }
            // A deferred update (6) of a private view: the bot redraws the
            // view with an edit (its picture unchanged, no files), so the
            // answer a member sees is that edit; wait for it. A deferred
            // update of a public message needs nothing more.
            Some(cb) if cb["type"] == json!(6) && is_ephemeral_message(self.message.as_ref()) => {
                self.original.is_some() || !self.followups.is_empty()
            }
            Some(_) => true,
        }
    }

    /// Notes the moment the answer became complete (the first time).
    fn mark_done(&mut self) {
        if self.done.is_none() && self.complete() {
            self.done = Some(std::time::Instant::now());
        }
    }

    /// Whether the bot answered privately: an ephemeral callback (flag 64)
    /// or a deferral whose followups/edits are ephemeral.
    pub fn is_ephemeral(&self) -> bool {
        let flags = |v: &Value| v["flags"].as_u64().unwrap_or(0) & 64 == 64;
        match &self.callback {
            // A deferred update: of a private view, or followed by private
            // messages only (a refusal that came after the acknowledgement).
            Some(cb) if cb["type"] == json!(6) => {
                is_ephemeral_message(self.message.as_ref())
                    || (!self.followups.is_empty() && self.followups.iter().all(flags))
            }
            Some(cb) => flags(&cb["data"]),
            None => false,
        }
    }

    /// All text the bot sent for this interaction: callback, original edit
    /// and followups (content and embed descriptions/fields).
    pub fn text(&self) -> String {
        let mut out = String::new();
        if let Some(cb) = &self.callback {
            out.push_str(&message_text(&cb["data"]));
        }
        if let Some(o) = &self.original {
            out.push_str(&message_text(o));
        }
        for f in &self.followups {
            out.push_str(&message_text(f));
        }
        out
    }
}

/// One interaction's timing ([`FakeDiscord::answer_times`]).
#[derive(Clone, Debug)]
pub struct AnswerTime {
    pub asked: String,
    /// When the fake sent the interaction to the bot.
    pub sent: std::time::Instant,
    pub ack: Option<Duration>,
    pub done: Option<Duration>,
}

/// Whether a clicked message is a private (ephemeral) one.
fn is_ephemeral_message(m: Option<&Value>) -> bool {
    m.is_some_and(|m| m["flags"].as_u64().unwrap_or(0) & 64 == 64)
}

/// The private message an interaction answer shows (its callback, as
/// redrawn by a later update), as a message object a test can click on.
pub fn private_message(i: &Interaction) -> Value {
    let mut data = i
        .original
        .clone()
        .or_else(|| i.updated.clone())
        .or_else(|| i.callback.as_ref().map(|c| c["data"].clone()))
        .unwrap_or(json!({}));
    data["flags"] = json!(64);
    let attachments = data["attachments"].clone();
    // An update keeps the id of the message clicked on; a new private
    // message is named after the interaction that made it.
    let id = data["id"]
        .as_str()
        .and_then(|m| m.parse().ok())
        .unwrap_or(i.id);
    let mut m = message_json(id, CHANNEL_ID, &data, true);
    // The answer's attachments as the fake resolved them (ids included).
    if attachments
        .as_array()
        .is_some_and(|a| a.iter().all(|f| f.get("filename").is_some()))
    {
        m["attachments"] = attachments;
    }
    m
}

/// The `n`th private followup of an interaction as a message object a
/// test can click on (with the id the fake gave it).
pub fn private_followup(i: &Interaction, n: usize) -> Value {
    let mut data = i.followups[n].clone();
    data["flags"] = json!(64);
    let id = data["id"]
        .as_str()
        .and_then(|m| m.parse().ok())
        .expect("a followup's id");
    let attachments = data["attachments"].clone();
    let mut m = message_json(id, CHANNEL_ID, &data, true);
    m["attachments"] = attachments;
    m
}

/// Every `custom_id` of a message's components, in order.
pub fn custom_ids(m: &Value) -> Vec<String> {
    let mut out = Vec::new();
    for row in m["components"].as_array().into_iter().flatten() {
        for c in row["components"].as_array().into_iter().flatten() {
            if let Some(id) = c["custom_id"].as_str() {
                out.push(id.to_string());
            }
        }
    }
    out
}

/// Content plus every embed's title, description and fields, one string
/// (lines joined by newlines, none before the first).
pub fn message_text(m: &Value) -> String {
    let mut s = message_text_lines(m);
    if s.starts_with('\n') {
        s.remove(0);
    }
    s
}

fn message_text_lines(m: &Value) -> String {
    let mut s = m["content"].as_str().unwrap_or("").to_string();
    if let Some(embeds) = m["embeds"].as_array() {
        for e in embeds {
            for k in ["title", "description"] {
                if let Some(t) = e[k].as_str() {
                    s.push('\n');
                    s.push_str(t);
                }
            }
            if let Some(fields) = e["fields"].as_array() {
                for f in fields {
                    s.push('\n');
                    s.push_str(f["name"].as_str().unwrap_or(""));
                    s.push('\n');
                    s.push_str(f["value"].as_str().unwrap_or(""));
                }
            }
            if let Some(t) = e["footer"]["text"].as_str() {
                s.push('\n');
                s.push_str(t);
            }
        }
    }
    s
}

#[derive(Default)]
struct State {
    requests: Vec<Request>,
    next_id: u64,
    /// Users whose DMs are closed (50007).
    dm_closed: HashSet<u64>,
    /// user → DM channel
    dm_channels: HashMap<u64, u64>,
    /// message id → message JSON (as last edited)
    messages: HashMap<u64, Value>,
    /// channel → its message ids in creation order (reading one channel
    /// stays cheap with many tables' channels)
    channel_order: HashMap<u64, Vec<u64>>,
    /// channel → how many posts and edits it has had
    changes: HashMap<u64, u64>,
    /// Guild channels besides CHANNEL_ID that interactions came from.
    channels: HashSet<u64>,
    interactions: Vec<Interaction>,
    /// interaction id and token → its index in `interactions`
    by_id: HashMap<u64, usize>,
    by_token: HashMap<String, usize>,
    /// The session id of the last identified gateway session, if any.
    gateway: Option<String>,
    /// Every gateway session Discord still knows (identified, not
    /// invalidated), connected or waiting for a RESUME. An interaction
    /// goes to the newest session of its guild's shard, else to the last
    /// identified one.
    sessions: Vec<GatewaySession>,
    /// Set by [`FakeDiscord::via_shard`]: the session (shard, shard count)
    /// the next interactions go to whatever their guild.
    forced: Option<(u64, u64)>,
    identifies: u32,
    /// RESUMEs the fake accepted, and refused (answered op 9).
    resumes: u32,
    resumes_refused: u32,
    /// The `heartbeat_interval` Hello gives (Discord: 41,250 ms).
    heartbeat_ms: Option<u64>,
    /// On a RESUME, dispatches sent before the sequence number the bot
    /// gave are sent again too, this many ([`FakeDiscord::replay_overlap`]).
    replay_overlap: u64,
    /// Sessions made so far (their ids).
    session_count: u64,
    /// The test clock's lead over the real one
    /// ([`FakeDiscord::advance_clock`]): interaction tokens expire by it.
    clock: Duration,
    /// The clock jumps by this much once the next interaction callback is
    /// accepted ([`FakeDiscord::advance_clock_after_next_ack`]).
    jump_after_ack: Option<Duration>,
    /// Requests made through an expired interaction token (refused 401,
    /// 50027): the interaction's id and `METHOD path`.
    expired_uses: Vec<(u64, String)>,
    /// Private views updated by a click more than 15 minutes after the
    /// interaction that made them (accepted: see [`TOKEN_LIFETIME`]).
    old_view_updates: Vec<u64>,
    /// Followup message id → the interaction whose token made it.
    followup_of: HashMap<u64, u64>,
    /// Registered commands (last bulk overwrite), global or for the guild.
    commands: Vec<Value>,
    registrations: u32,
    usernames: HashMap<u64, String>,
    /// The roles of members who have some (none by default).
    roles: HashMap<u64, Vec<u64>>,
    /// Users who left every guild ([`FakeDiscord::leave_guilds`]): asked
    /// for as members, they are Unknown Member (10007).
    left: HashSet<u64>,
    /// Requests refused as past Discord's limits ([`Violation`]).
    violations: Vec<Violation>,
    /// The test expects violations (it tests the bot's reaction to one):
    /// they are recorded and refused, but fail nothing by themselves.
    expect_violations: bool,
    /// How long after the interaction its first callback may come
    /// (Discord: 3 s; [`FakeDiscord::set_ack_limit`]); `None`: 3 s.
    ack_limit: Option<Duration>,
    /// Rate limits a test changed (`None`: that bucket is off); the others
    /// are Discord's ([`RateRoute::discord_limit`]).
    rate_limits: HashMap<RateRoute, Option<RateLimit>>,
    /// Each bucket's window, by route and major parameter.
    windows: HashMap<(RateRoute, u64), Window>,
    /// Every request answered 429: its method and path.
    limited: Vec<String>,
    /// The bot's permissions in a channel, where a test set them (else
    /// all of them).
    bot_perms: HashMap<u64, u64>,
    /// Channels deleted (every request there is 10003 Unknown Channel).
    deleted_channels: HashSet<u64>,
}

/// Discord's permission bits the fake checks.
pub mod perm {
    pub const ADMINISTRATOR: u64 = 1 << 3;
    pub const VIEW_CHANNEL: u64 = 1 << 10;
    pub const SEND_MESSAGES: u64 = 1 << 11;
    pub const EMBED_LINKS: u64 = 1 << 14;
    pub const ATTACH_FILES: u64 = 1 << 15;
    pub const READ_MESSAGE_HISTORY: u64 = 1 << 16;
    /// What a server gives a bot invited as the README says.
    pub const INVITED: u64 =
        VIEW_CHANNEL | SEND_MESSAGES | EMBED_LINKS | ATTACH_FILES | READ_MESSAGE_HISTORY;
}

/// What a channel's permissions let the bot do with a message (`post`:
/// a new one, else an edit of its own): the refusal Discord answers, if any.
fn refused_by(perms: u64, post: bool, body: &Value) -> Option<(u16, Option<Value>)> {
    if perms & perm::ADMINISTRATOR != 0 {
        return None;
    }
    let has = |p: u64| perms & p != 0;
    if !has(perm::VIEW_CHANNEL) {
        return Some(error(403, 50001, "Missing Access"));
    }
    let embeds = body["embeds"].as_array().is_some_and(|e| !e.is_empty());
    let files = body["_files"].as_array().is_some_and(|f| !f.is_empty());
    if (post && !has(perm::SEND_MESSAGES))
        || (embeds && !has(perm::EMBED_LINKS))
        || (files && !has(perm::ATTACH_FILES))
    {
        return Some(error(403, 50013, "Missing Permissions"));
    }
    None
}

impl State {
    /// Now, on the test clock.
    fn clock_now(&self) -> std::time::Instant {
        std::time::Instant::now() + self.clock
    }

    /// A request through interaction token `token` to `METHOD path`:
    /// refused as Discord refuses it once the token is past its
    /// [`TOKEN_LIFETIME`] (401, 50027), recorded.
    fn expired(&mut self, token: &str, route: String) -> Option<(u16, Option<Value>)> {
        let at = *self.by_token.get(token)?;
        let now = self.clock_now();
        let i = &self.interactions[at];
        if now.saturating_duration_since(i.born) <= TOKEN_LIFETIME {
            return None;
        }
        let id = i.id;
        self.expired_uses.push((id, route));
        Some(error(401, 50027, "Invalid Webhook Token"))
    }

    /// Session `at` is over (invalidated, or replaced by a new IDENTIFY):
    /// the interactions it still held for the bot are lost.
    fn end_session(&mut self, at: usize) {
        let g = self.sessions.remove(at);
        for id in g.pending {
            if let Some(&i) = self.by_id.get(&id) {
                self.interactions[i].lost = true;
            }
        }
        if self.gateway.as_ref() == Some(&g.id) {
            self.gateway = None;
        }
    }

    fn snowflake(&mut self) -> u64 {
        self.next_id += 1;
        1_000_000_000_000_000_000 + self.next_id
    }

    /// The attachments a new message gets: every uploaded file, each with
    /// an id of its own (a snowflake, as Discord gives).
    fn create_attachments(&mut self, body: &Value) -> Result<Value, (u16, Option<Value>)> {
        let files = body["_files"].as_array().cloned().unwrap_or_default();
        let out = files.into_iter().map(|f| self.stored(f)).collect();
        Ok(Value::Array(out))
    }

    /// The attachments of `old` after an edit, as Discord documents it
    /// ("Editing Message Attachments"): without an `attachments` list the
    /// old ones stay and uploaded files are appended; with one, exactly the
    /// listed ones remain, an old one named by its id, a new one by the
    /// `n` of its `files[n]` part. An id that is neither is refused (50035).
    fn edit_attachments(
        &mut self,
        old: &Value,
        body: &Value,
    ) -> Result<Value, (u16, Option<Value>)> {
        let had = old["attachments"].as_array().cloned().unwrap_or_default();
        let files = body["_files"].as_array().cloned().unwrap_or_default();
        let Some(listed) = body.get("attachments").and_then(Value::as_array) else {
            let mut out = had;
            out.extend(files.into_iter().map(|f| self.stored(f)));
            return Ok(Value::Array(out));
        };
        let mut out = Vec::new();
        for entry in listed {
            let id = match &entry["id"] {
                Value::String(s) => s.clone(),
                Value::Number(n) => n.to_string(),
                _ => return Err(error(400, 50035, "Invalid Form Body")),
            };
            if let Some(kept) = had.iter().find(|a| a["id"] == json!(id)) {
                out.push(kept.clone());
            } else if let Some(f) = files
                .iter()
                .find(|f| f["index"].as_u64().is_some_and(|n| n.to_string() == id))
            {
                out.push(self.stored(f.clone()));
            } else {
                return Err(error(400, 50035, "Invalid Form Body"));
            }
        }
        Ok(Value::Array(out))
    }

    /// An uploaded file as an attachment of a message.
    fn stored(&mut self, mut f: Value) -> Value {
        let name = f["filename"].as_str().unwrap_or("").to_string();
        let id = self.snowflake();
        f["id"] = json!(id.to_string());
        f["content_type"] = json!(content_type(&name));
        f["url"] = json!(format!("https://cdn.example/{id}/{name}"));
        f["proxy_url"] = json!(format!("https://media.example/{id}/{name}"));
        if let Some(m) = f.as_object_mut() {
            m.remove("index");
        }
        f
    }

    fn interaction_mut(&mut self, token: &str) -> Option<&mut Interaction> {
        let at = *self.by_token.get(token)?;
        self.interactions.get_mut(at)
    }

    fn rate_limit(&self, route: RateRoute) -> Option<RateLimit> {
        match self.rate_limits.get(&route) {
            Some(set) => *set,
            None => Some(route.discord_limit()),
        }
    }

    /// Counts a request in its buckets: `Ok` with the headers of its
    /// route's bucket, or the 429 Discord answers past a limit.
    fn count_request(
        &mut self,
        method: &str,
        path: &str,
        parts: &[&str],
    ) -> Result<Headers, (u16, Option<Value>, Headers)> {
        let (route, global) = RateRoute::of(method, parts);
        let buckets = global
            .then_some((RateRoute::Global, 0))
            .into_iter()
            .chain(route);
        let now = std::time::Instant::now();
        let mut headers = Vec::new();
        for (bucket, key) in buckets {
            let Some(limit) = self.rate_limit(bucket) else {
                continue;
            };
            let w = self.windows.entry((bucket, key)).or_insert(Window {
                opened: now,
                count: 0,
                limited_until: None,
            });
            if now >= w.opened + limit.per {
                w.opened = now;
                w.count = 0;
            }
            let reset_after = (w.opened + limit.per).saturating_duration_since(now);
            let early = w.limited_until.is_some_and(|u| now < u);
            let hash = format!("{bucket:?}").to_lowercase();
            let reset_at = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap_or_default()
                + reset_after;
            if w.count >= limit.limit {
                w.limited_until = Some(w.opened + limit.per);
                let retry = reset_after.as_secs_f64();
                let is_global = bucket == RateRoute::Global;
                self.limited.push(format!("{method} {path}"));
                if early {
                    self.violations.push(Violation {
                        route: format!("{method} {path}"),
                        code: 429,
                        problems: vec![format!(
                            "asked again {retry:.2} s before the retry_after of a 429 on {bucket:?}"
                        )],
                    });
                }
                let mut h = vec![
                    (
                        "Retry-After".to_string(),
                        format!("{}", retry.ceil() as u64),
                    ),
                    ("X-RateLimit-Limit".to_string(), limit.limit.to_string()),
                    ("X-RateLimit-Remaining".to_string(), "0".to_string()),
                    (
                        "X-RateLimit-Reset".to_string(),
                        format!("{:.3}", reset_at.as_secs_f64()),
                    ),
                    ("X-RateLimit-Reset-After".to_string(), format!("{retry:.3}")),
                    ("X-RateLimit-Bucket".to_string(), hash),
                    (
                        "X-RateLimit-Scope".to_string(),
                        if is_global { "global" } else { "user" }.to_string(),
                    ),
                ];
                if is_global {
                    h.push(("X-RateLimit-Global".to_string(), "true".to_string()));
                }
                // Discord's body: no `code`.
                let body = json!({
                    "message": "You are being rate limited.",
                    "retry_after": (retry * 1000.0).round() / 1000.0,
                    "global": is_global,
                });
                return Err((429, Some(body), h));
            }
            w.count += 1;
            if bucket != RateRoute::Global {
                headers = vec![
                    ("X-RateLimit-Limit".to_string(), limit.limit.to_string()),
                    (
                        "X-RateLimit-Remaining".to_string(),
                        (limit.limit - w.count).to_string(),
                    ),
                    (
                        "X-RateLimit-Reset".to_string(),
                        format!("{:.3}", reset_at.as_secs_f64()),
                    ),
                    (
                        "X-RateLimit-Reset-After".to_string(),
                        format!("{:.3}", reset_after.as_secs_f64()),
                    ),
                    ("X-RateLimit-Bucket".to_string(), hash),
                ];
            }
        }
        Ok(headers)
    }
}

/// The fake. Cheap to clone; every clone sees the same state.
#[derive(Clone)]
pub struct FakeDiscord {
    state: Arc<Mutex<State>>,
    /// Held by the test's handles (not by the fake's own server tasks):
    /// when the last is dropped, at the end of the test, it fails the test
    /// if any request broke Discord's rules.
    guard: Option<Arc<Guard>>,
    /// Told after every request the bot makes, so that a test waiting on
    /// what the bot sends looks again at once rather than at its next poll.
    changed: Arc<tokio::sync::Notify>,
    pub http_port: u16,
    pub ws_port: u16,
}

/// Fails the test, when its last handle on the fake goes, if the bot broke
/// any of Discord's rules in it (unless the test expected that).
struct Guard {
    state: Arc<Mutex<State>>,
}

impl Drop for Guard {
    fn drop(&mut self) {
        if std::thread::panicking() {
            return;
        }
        let st = self.state.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(report) = violations_report(&st) {
            drop(st);
            panic!("{report}");
        }
    }
}

/// The failure a test's violations make, if any (and not expected).
fn violations_report(st: &State) -> Option<String> {
    if st.expect_violations || st.violations.is_empty() {
        return None;
    }
    let lines: Vec<String> = st.violations.iter().map(|v| format!("  {v}")).collect();
    Some(format!(
        "the bot broke Discord's rules {} time(s) (Discord would have refused these):\n{}",
        lines.len(),
        lines.join("\n")
    ))
}

impl FakeDiscord {
    /// Binds both servers on 127.0.0.1 (ephemeral ports) and serves them.
    pub async fn start() -> FakeDiscord {
        let http = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let ws = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let state = Arc::new(Mutex::new(State::default()));
        let fake = FakeDiscord {
            guard: Some(Arc::new(Guard {
                state: state.clone(),
            })),
            state,
            changed: Arc::new(tokio::sync::Notify::new()),
            http_port: http.local_addr().unwrap().port(),
            ws_port: ws.local_addr().unwrap().port(),
        };
        let f = fake.detached();
        tokio::spawn(async move {
            while let Ok((stream, _)) = http.accept().await {
                let f = f.clone();
                tokio::spawn(async move { f.serve_http(stream).await });
            }
        });
        let f = fake.detached();
        tokio::spawn(async move {
            while let Ok((stream, _)) = ws.accept().await {
                let f = f.clone();
                tokio::spawn(async move { f.serve_gateway(stream).await });
            }
        });
        fake
    }

    /// A handle for the fake's own tasks: without the test's guard, so the
    /// servers running on do not keep the end-of-test check from running.
    fn detached(&self) -> FakeDiscord {
        FakeDiscord {
            guard: None,
            ..self.clone()
        }
    }

    /// Sets one rate-limit bucket for this test (`None`: no limit there);
    /// the others stay Discord's. Its windows start afresh.
    pub fn set_rate_limit(&self, route: RateRoute, limit: Option<RateLimit>) {
        let mut st = self.lock();
        st.rate_limits.insert(route, limit);
        st.windows.retain(|(r, _), _| *r != route);
    }

    /// The bot's permissions in `channel` from now on (bits of [`perm`]):
    /// interactions there say so, and posts and edits there are refused
    /// as Discord refuses them.
    pub fn set_bot_permissions(&self, channel: u64, perms: u64) {
        self.lock().bot_perms.insert(channel, perms);
    }

    /// Someone deletes message `id`: editing it is 10008 from now on.
    pub fn delete_message(&self, id: u64) {
        let mut st = self.lock();
        st.messages.remove(&id);
        for ids in st.channel_order.values_mut() {
            ids.retain(|m| *m != id);
        }
    }

    /// Someone deletes `channel`: every request there is 10003.
    pub fn delete_channel(&self, channel: u64) {
        let mut st = self.lock();
        st.deleted_channels.insert(channel);
        if let Some(ids) = st.channel_order.remove(&channel) {
            for id in ids {
                st.messages.remove(&id);
            }
        }
    }

    /// Every request the fake answered 429 (rate limited), as `METHOD path`.
    pub fn rate_limited(&self) -> Vec<String> {
        self.lock().limited.clone()
    }

    /// Every request refused as past Discord's rules, in order.
    pub fn violations(&self) -> Vec<Violation> {
        self.lock().violations.clone()
    }

    /// This test provokes violations on purpose (to test the bot's answer
    /// to Discord's refusal): they are still refused and recorded
    /// ([`FakeDiscord::violations`]), but no longer fail the test.
    pub fn expect_violations(&self) {
        self.lock().expect_violations = true;
    }

    /// Panics, listing them, if any request so far broke Discord's rules
    /// (a test that expects violations is exempt). Every test's end runs
    /// this (the last handle's drop); so does every wait, so a broken rule
    /// fails at once rather than as a timeout.
    pub fn assert_within_limits(&self) {
        let report = violations_report(&self.lock());
        if let Some(report) = report {
            panic!("{report}");
        }
    }

    /// Advances the test clock by `by`: interaction tokens age by it (not
    /// the 3 s to acknowledge, which is the member's wait, in real time).
    pub fn advance_clock(&self, by: Duration) {
        self.lock().clock += by;
    }

    /// The clock advances by `by` as soon as the next interaction callback
    /// is accepted: an answer that comes after its deferral, through the
    /// same token, comes that much later (a test of the bot's reaction to
    /// an expired token).
    pub fn advance_clock_after_next_ack(&self, by: Duration) {
        self.lock().jump_after_ack = Some(by);
    }

    /// Every request through an expired interaction token (refused 401,
    /// 50027): the interaction's id and `METHOD path`.
    pub fn expired_token_uses(&self) -> Vec<(u64, String)> {
        self.lock().expired_uses.clone()
    }

    /// The private views (message ids) a click updated more than
    /// [`TOKEN_LIFETIME`] after the interaction that made them.
    pub fn old_view_updates(&self) -> Vec<u64> {
        self.lock().old_view_updates.clone()
    }

    /// The `heartbeat_interval` the next connections' Hello gives
    /// (Discord's is about 41 s; a test of a stall wants it short).
    pub fn set_heartbeat_interval(&self, ms: u64) {
        self.lock().heartbeat_ms = Some(ms);
    }

    /// On a RESUME, also send again the `n` interactions before the
    /// sequence number the bot gave (a delivery Discord repeats): the bot
    /// must not apply one twice.
    pub fn replay_overlap(&self, n: u64) {
        self.lock().replay_overlap = n;
    }

    /// RESUMEs the fake accepted.
    pub fn resumes(&self) -> u32 {
        self.lock().resumes
    }

    /// RESUMEs the fake refused (the session was gone: op 9).
    pub fn resumes_refused(&self) -> u32 {
        self.lock().resumes_refused
    }

    /// Whether the bot's gateway session is connected now.
    pub fn connected(&self) -> bool {
        let st = self.lock();
        st.sessions
            .iter()
            .any(|g| Some(&g.id) == st.gateway.as_ref() && g.conn.is_some())
    }

    /// Drops the last identified session's connection, `how`. A close
    /// 4009 or an INVALID_SESSION ends the session there and then: what it
    /// held for the bot, and what is sent before the bot identifies again,
    /// is lost. Otherwise Discord keeps the session for a RESUME, and what
    /// is sent meanwhile waits for it.
    pub fn drop_gateway(&self, how: GatewayDrop) {
        let mut st = self.lock();
        let last = st.gateway.clone();
        let at = st
            .sessions
            .iter()
            .position(|g| Some(&g.id) == last.as_ref())
            .expect("no gateway session to drop");
        let conn = match how {
            GatewayDrop::InvalidSession | GatewayDrop::Close(4009) => {
                let conn = st.sessions[at].conn.clone();
                st.end_session(at);
                conn
            }
            _ => st.sessions[at].conn.take(),
        };
        if let Some(conn) = conn {
            let _ = conn.send(Out::Drop(how));
        }
    }

    /// Waits until interaction `id` has failed as Discord fails it: no
    /// acknowledgement within 3 s ("This interaction failed"); panics if
    /// the bot answered it.
    pub async fn wait_failed(&self, id: u64) {
        tokio::time::sleep(ACK_LIMIT + Duration::from_millis(200)).await;
        let i = self.interaction(id);
        assert!(i.failed(), "interaction {id} was answered: {i:?}");
    }

    /// What to put in `discord.api_url`.
    pub fn api_url(&self) -> String {
        format!("http://127.0.0.1:{}", self.http_port)
    }

    /// How late a callback may come (Discord's 3 s unless a test says
    /// otherwise: a test of the bot's answer to a late one sets less).
    pub fn set_ack_limit(&self, limit: Duration) {
        self.lock().ack_limit = Some(limit);
    }

    /// The interactions the bot acknowledged too late (refused, 10062).
    pub fn late_acks(&self) -> usize {
        self.lock()
            .violations
            .iter()
            .filter(|v| v.code == 10062)
            .count()
    }

    pub fn set_username(&self, user: u64, name: &str) {
        self.lock().usernames.insert(user, name.to_string());
    }

    /// Gives `user` these roles in every guild (their interactions carry
    /// them, as Discord's member objects do).
    pub fn set_roles(&self, user: u64, roles: &[u64]) {
        self.lock().roles.insert(user, roles.to_vec());
    }

    /// `user` leaves every guild: `GET /guilds/{g}/members/{user}` answers
    /// 404 Unknown Member (10007) from now on.
    pub fn leave_guilds(&self, user: u64) {
        self.lock().left.insert(user);
    }

    /// From now on, sending a DM to `user` fails with 50007.
    pub fn close_dms(&self, user: u64) {
        self.lock().dm_closed.insert(user);
    }

    pub fn requests(&self) -> Vec<Request> {
        self.lock().requests.clone()
    }

    pub fn identifies(&self) -> u32 {
        self.lock().identifies
    }

    pub fn commands(&self) -> Vec<Value> {
        self.lock().commands.clone()
    }

    pub fn registrations(&self) -> u32 {
        self.lock().registrations
    }

    pub fn interactions(&self) -> Vec<Interaction> {
        self.lock().interactions.clone()
    }

    pub fn interaction(&self, id: u64) -> Interaction {
        let st = self.lock();
        let at = *st.by_id.get(&id).expect("no such interaction");
        st.interactions[at].clone()
    }

    /// Messages of a channel in creation order, as last edited.
    pub fn channel_messages(&self, channel: u64) -> Vec<Value> {
        let st = self.lock();
        st.channel_order
            .get(&channel)
            .map(|ids| ids.iter().map(|id| st.messages[id].clone()).collect())
            .unwrap_or_default()
    }

    pub fn message(&self, id: u64) -> Option<Value> {
        self.lock().messages.get(&id).cloned()
    }

    /// `user`'s DM channel, once the bot opened it.
    pub fn dm_channel(&self, user: u64) -> Option<u64> {
        self.lock().dm_channels.get(&user).copied()
    }

    /// Messages in `user`'s DM channel.
    pub fn dm_messages(&self, user: u64) -> Vec<Value> {
        let channel = self.lock().dm_channels.get(&user).copied();
        channel
            .map(|c| self.channel_messages(c))
            .unwrap_or_default()
    }

    /// Waits until `cond` holds, or panics after `secs` with `what`.
    pub async fn wait_for(&self, what: &str, secs: u64, cond: impl Fn(&FakeDiscord) -> bool) {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(secs);
        loop {
            // Registered before looking, so a request made while `cond`
            // runs still wakes this wait.
            let changed = self.changed.notified();
            tokio::pin!(changed);
            changed.as_mut().enable();
            self.assert_within_limits();
            if cond(self) {
                return;
            }
            if tokio::time::Instant::now() > deadline {
                // What the bot last asked: where a stall was.
                let st = self.lock();
                let last: Vec<String> = st
                    .requests
                    .iter()
                    .rev()
                    .take(60)
                    .rev()
                    .map(|r| format!("{} {} -> {}", r.method, r.path, r.status))
                    .collect();
                panic!(
                    "timed out waiting for {what}; the bot's last requests:\n{}",
                    last.join("\n")
                );
            }
            // What the gateway changes is not a request: polled.
            tokio::select! {
                _ = changed => {}
                _ = tokio::time::sleep(Duration::from_millis(20)) => {}
            }
        }
    }

    /// Waits until the bot is connected (READY sent) and has registered its
    /// commands `registrations` times in all.
    pub async fn wait_ready(&self, registrations: u32) {
        self.wait_for("the bot to connect and register commands", 60, |f| {
            let st = f.lock();
            st.gateway.is_some() && st.registrations >= registrations
        })
        .await;
    }

    /// Waits for the bot's answer to interaction `id` (a callback, and, for
    /// a deferral, the original edited or a followup).
    pub async fn wait_answer(&self, id: u64) -> Interaction {
        self.wait_for(&format!("an answer to interaction {id}"), 20, |f| {
            f.answered(id)
        })
        .await;
        self.interaction(id)
    }

    /// Whether interaction `id` has its answer (see [`Interaction::complete`]).
    pub fn answered(&self, id: u64) -> bool {
        let st = self.lock();
        st.by_id
            .get(&id)
            .is_some_and(|&at| st.interactions[at].complete())
    }

    /// The time from sending each interaction to its acknowledgement, for
    /// those acknowledged, and how many were not.
    pub fn ack_times(&self) -> (Vec<(String, Duration)>, usize) {
        let st = self.lock();
        let acked: Vec<(String, Duration)> = st
            .interactions
            .iter()
            .filter_map(|i| Some((i.asked.clone(), i.acked?.duration_since(i.sent))))
            .collect();
        let missing = st.interactions.len() - acked.len();
        (acked, missing)
    }

    /// Every interaction's timing, for the load bench: what was asked, the
    /// time to its acknowledgement and to its complete answer (each `None`
    /// when it never came).
    pub fn answer_times(&self) -> Vec<AnswerTime> {
        let st = self.lock();
        st.interactions
            .iter()
            .map(|i| AnswerTime {
                asked: i.asked.clone(),
                sent: i.sent,
                ack: i.acked.map(|t| t.duration_since(i.sent)),
                done: i.done.map(|t| t.duration_since(i.sent)),
            })
            .collect()
    }

    /// How many times the bot posted or edited a message in `channel` (a
    /// cheap test of "did it change" before reading the messages).
    pub fn channel_changes(&self, channel: u64) -> u64 {
        self.lock().changes.get(&channel).copied().unwrap_or(0)
    }

    /// `user` runs slash command `name` in the test channel. `options` is
    /// Discord's `data.options` array (subcommands included). Returns the
    /// interaction id.
    pub fn command(&self, user: u64, locale: &str, name: &str, options: Value) -> u64 {
        self.command_in(CHANNEL_ID, user, locale, name, options)
    }

    /// [`FakeDiscord::command`] in another channel of the guild.
    pub fn command_in(
        &self,
        channel: u64,
        user: u64,
        locale: &str,
        name: &str,
        options: Value,
    ) -> u64 {
        let mut resolved_users = serde_json::Map::new();
        let mut resolved_members = serde_json::Map::new();
        collect_user_options(&options, &mut |id| {
            let u = self.user_json(id);
            resolved_users.insert(id.to_string(), u);
            resolved_members.insert(id.to_string(), partial_member_json());
        });
        // A role option (type 8) is resolved as Discord does.
        let mut resolved_roles = serde_json::Map::new();
        collect_role_options(&options, &mut |id| {
            resolved_roles.insert(id.to_string(), role_json(id, guild_of(channel)));
        });
        let data = json!({
            "id": "700000000000000001",
            "name": name,
            "type": 1,
            "options": options,
            "resolved": {
                "users": resolved_users,
                "members": resolved_members,
                "roles": resolved_roles,
            },
        });
        self.dispatch_interaction(guild_of(channel), channel, user, locale, 2, data, None)
    }

    /// `user` presses the button `custom_id` on message `message_id`.
    pub fn click(&self, user: u64, locale: &str, message_id: u64, custom_id: &str) -> u64 {
        let message = self
            .message(message_id)
            .expect("click on an unknown message");
        let data = json!({ "custom_id": custom_id, "component_type": 2 });
        self.dispatch_interaction(GUILD_ID, CHANNEL_ID, user, locale, 3, data, Some(message))
    }

    /// `user` picks `values` in the string select `custom_id` of a message
    /// (an ephemeral message: pass its JSON as the fake stored it).
    pub fn select_on(
        &self,
        user: u64,
        locale: &str,
        message: Value,
        custom_id: &str,
        values: &[String],
    ) -> u64 {
        let data = json!({ "custom_id": custom_id, "component_type": 3, "values": values });
        self.dispatch_interaction(GUILD_ID, CHANNEL_ID, user, locale, 3, data, Some(message))
    }

    /// `user` presses a button on a message given as JSON (e.g. an
    /// ephemeral reply, which has no channel message of its own).
    pub fn click_on(&self, user: u64, locale: &str, message: Value, custom_id: &str) -> u64 {
        self.click_on_in(CHANNEL_ID, user, locale, message, custom_id)
    }

    /// [`FakeDiscord::click_on`] in another channel of the guild.
    pub fn click_on_in(
        &self,
        channel: u64,
        user: u64,
        locale: &str,
        message: Value,
        custom_id: &str,
    ) -> u64 {
        let data = json!({ "custom_id": custom_id, "component_type": 2 });
        self.dispatch_interaction(
            guild_of(channel),
            channel,
            user,
            locale,
            3,
            data,
            Some(message),
        )
    }

    /// `user` submits the modal `custom_id` (opened by a click on
    /// `message`) with its text inputs as (input id, value).
    pub fn submit_modal(
        &self,
        user: u64,
        locale: &str,
        message: Value,
        custom_id: &str,
        fields: &[(&str, &str)],
    ) -> u64 {
        let rows: Vec<Value> = fields
            .iter()
            .map(|(id, value)| {
                json!({ "type": 1, "components": [{ "type": 4, "custom_id": id, "value": value }] })
            })
            .collect();
        let data = json!({ "custom_id": custom_id, "components": rows });
        self.dispatch_interaction(GUILD_ID, CHANNEL_ID, user, locale, 5, data, Some(message))
    }

    /// Sends the interactions `send` makes to the gateway session that
    /// identified as shard `shard` of `count`, whatever their guild: a
    /// misrouted interaction, on purpose (Discord routes a guild's to its
    /// shard, `(guild_id >> 22) % count`; so does this fake otherwise).
    pub fn via_shard<T>(&self, shard: u64, count: u64, send: impl FnOnce(&Self) -> T) -> T {
        self.lock().forced = Some((shard, count));
        struct Unforce<'a>(&'a FakeDiscord);
        impl Drop for Unforce<'_> {
            fn drop(&mut self) {
                self.0.lock().forced = None;
            }
        }
        let _unforce = Unforce(self);
        send(self)
    }

    #[allow(clippy::too_many_arguments)]
    fn dispatch_interaction(
        &self,
        guild: u64,
        channel: u64,
        user: u64,
        locale: &str,
        kind: u8,
        data: Value,
        message: Option<Value>,
    ) -> u64 {
        let id = {
            let mut st = self.lock();
            if channel != CHANNEL_ID {
                st.channels.insert(channel);
            }
            let id = st.snowflake();
            let token = format!("tok-{id}");
            let user_json = user_json(user, st.usernames.get(&user).map(String::as_str));
            let asked = data["custom_id"]
                .as_str()
                .or(data["name"].as_str())
                .unwrap_or_default()
                .to_string();
            let mut payload = json!({
                "id": id.to_string(),
                "application_id": APP_ID.to_string(),
                "type": kind,
                "data": data,
                "guild_id": guild.to_string(),
                "channel": { "id": channel.to_string(), "type": 0, "name": "games", "permissions": "2147483647" },
                "channel_id": channel.to_string(),
                "member": {
                    "user": user_json,
                    "nick": null,
                    "avatar": null,
                    "roles": st.roles.get(&user).cloned().unwrap_or_default()
                        .iter().map(u64::to_string).collect::<Vec<_>>(),
                    "joined_at": TIMESTAMP,
                    "premium_since": null,
                    "deaf": false,
                    "mute": false,
                    "flags": 0,
                    "pending": false,
                    "permissions": if user % 10 == 9 { "2147483647" } else { "1024" },
                },
                "token": token,
                "version": 1,
                "app_permissions": st.bot_perms.get(&channel).copied().unwrap_or(2147483647).to_string(),
                "locale": locale,
                "guild_locale": "en-US",
                "entitlements": [],
                "authorizing_integration_owners": { "0": guild.to_string() },
                "context": 0,
                "attachment_size_limit": limits::ATTACHMENT_SIZE,
            });
            if let Some(m) = message {
                payload["message"] = m;
            }
            let at = st.interactions.len();
            st.by_id.insert(id, at);
            st.by_token.insert(token.clone(), at);
            let born = st.clock_now();
            st.interactions.push(Interaction {
                id,
                token: token.clone(),
                user,
                callback: None,
                original: None,
                followups: Vec::new(),
                message: payload.get("message").cloned(),
                updated: None,
                sent: std::time::Instant::now(),
                acked: None,
                done: None,
                deleted: false,
                asked,
                born,
                lost: false,
            });
            let forced = st.forced;
            let last = st.gateway.clone();
            // The newest session of the guild's shard (or the forced one),
            // else the last identified.
            let session = st
                .sessions
                .iter()
                .rposition(|g| match forced {
                    Some(to) => (g.shard, g.count) == to,
                    None => g.count > 0 && (guild >> 22) % g.count == g.shard,
                })
                .or_else(|| {
                    if forced.is_some() {
                        return None;
                    }
                    st.sessions
                        .iter()
                        .position(|g| Some(&g.id) == last.as_ref())
                });
            if let (Some(to), None) = (forced, session) {
                panic!("no gateway session identified as shard {to:?}");
            }
            match session {
                Some(s) => {
                    let g = &mut st.sessions[s];
                    g.seq += 1;
                    let frame =
                        json!({ "op": 0, "t": "INTERACTION_CREATE", "s": g.seq, "d": payload });
                    g.log.push((g.seq, frame.clone()));
                    // Sent under the lock: frames leave in the order of
                    // their sequence numbers, as Discord's do (serenity
                    // warns otherwise). With the bot away, the frame waits
                    // for its RESUME.
                    let sent = g
                        .conn
                        .as_ref()
                        .is_some_and(|c| c.send(Out::Frame(frame)).is_ok());
                    if !sent {
                        g.pending.push(id);
                    }
                }
                // No session to take it: Discord cannot deliver it, and
                // the member sees "This interaction failed".
                None => st.interactions[at].lost = true,
            }
            id
        };
        id
    }

    fn user_json(&self, id: u64) -> Value {
        let name = self.lock().usernames.get(&id).cloned();
        user_json(id, name.as_deref())
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    // ---- gateway ----

    async fn serve_gateway(self, stream: TcpStream) {
        let Ok(ws) = tokio_tungstenite::accept_async(stream).await else {
            return;
        };
        let (mut sink, mut source) = ws.split();
        let interval = self.lock().heartbeat_ms.unwrap_or(41_250);
        let hello = json!({ "op": 10, "d": { "heartbeat_interval": interval } });
        if sink.send(WsMessage::Text(hello.to_string())).await.is_err() {
            return;
        }
        let (tx, mut rx) = mpsc::unbounded_channel::<Out>();
        // A stalled connection answers nothing and sends nothing.
        let mut stalled = false;
        loop {
            tokio::select! {
                frame = source.next() => {
                    let Some(Ok(frame)) = frame else { break };
                    let text = match frame {
                        WsMessage::Text(t) => t,
                        WsMessage::Binary(b) => String::from_utf8_lossy(&b).into_owned(),
                        WsMessage::Close(_) => break,
                        _ => continue,
                    };
                    if stalled {
                        continue;
                    }
                    let Ok(v) = serde_json::from_str::<Value>(&text) else { continue };
                    let answer: Vec<Value> = match v["op"].as_u64() {
                        Some(1) => vec![json!({ "op": 11 })],
                        Some(2) => vec![self.identify(&v, &tx)],
                        Some(6) => self.resume(&v, &tx),
                        _ => Vec::new(),
                    };
                    let mut closed = false;
                    for out in answer {
                        if sink.send(WsMessage::Text(out.to_string())).await.is_err() {
                            closed = true;
                            break;
                        }
                    }
                    if closed { break; }
                }
                out = rx.recv() => {
                    match out {
                        None => break,
                        Some(Out::Frame(_)) if stalled => {}
                        Some(Out::Frame(out)) => {
                            if sink.send(WsMessage::Text(out.to_string())).await.is_err() { break; }
                        }
                        Some(Out::Drop(GatewayDrop::Close(code))) => {
                            let frame = tokio_tungstenite::tungstenite::protocol::CloseFrame {
                                code: code.into(),
                                reason: "the fake closes the gateway".into(),
                            };
                            let _ = sink.send(WsMessage::Close(Some(frame))).await;
                            break;
                        }
                        // The socket goes without a close frame.
                        Some(Out::Drop(GatewayDrop::Reset)) => break,
                        Some(Out::Drop(GatewayDrop::InvalidSession)) => {
                            let op9 = json!({ "op": 9, "d": false });
                            if sink.send(WsMessage::Text(op9.to_string())).await.is_err() { break; }
                        }
                        Some(Out::Drop(GatewayDrop::Stall)) => stalled = true,
                    }
                }
            }
        }
        // This connection is gone: its session (if Discord still keeps
        // it) waits for a RESUME.
        let mut st = self.lock();
        for g in st.sessions.iter_mut() {
            if g.conn.as_ref().is_some_and(|c| c.same_channel(&tx)) {
                g.conn = None;
            }
        }
    }

    /// IDENTIFY: a new session for the shard asked for (replacing the one
    /// it had: Discord delivers a shard's events to its newest session),
    /// answered with READY.
    fn identify(&self, v: &Value, tx: &mpsc::UnboundedSender<Out>) -> Value {
        let shard = &v["d"]["shard"];
        let (shard, count) = (
            shard[0].as_u64().unwrap_or(0),
            shard[1].as_u64().unwrap_or(1),
        );
        let mut st = self.lock();
        st.identifies += 1;
        while let Some(at) = st
            .sessions
            .iter()
            .position(|g| (g.shard, g.count) == (shard, count))
        {
            st.end_session(at);
        }
        st.session_count += 1;
        let id = format!("fake-session-{}", st.session_count);
        let ready = ready_json(self.ws_port, shard, count, &id);
        st.sessions.push(GatewaySession {
            id: id.clone(),
            shard,
            count,
            seq: 1,
            log: vec![(1, ready.clone())],
            conn: Some(tx.clone()),
            pending: Vec::new(),
        });
        st.gateway = Some(id);
        ready
    }

    /// RESUME (op 6, with the session id and the last sequence number the
    /// bot saw): Discord sends again every dispatch after that number,
    /// then RESUMED; a session it no longer keeps is refused with op 9
    /// (`d: false`), and the bot must identify again.
    fn resume(&self, v: &Value, tx: &mpsc::UnboundedSender<Out>) -> Vec<Value> {
        let session = v["d"]["session_id"].as_str().unwrap_or_default();
        let seq = v["d"]["seq"].as_u64().unwrap_or(0);
        let mut st = self.lock();
        let overlap = st.replay_overlap;
        let Some(at) = st.sessions.iter().position(|g| g.id == session) else {
            st.resumes_refused += 1;
            return vec![json!({ "op": 9, "d": false })];
        };
        let g = &mut st.sessions[at];
        g.conn = Some(tx.clone());
        let from = seq.saturating_sub(overlap);
        let mut out: Vec<Value> = g
            .log
            .iter()
            .filter(|(s, f)| *s > from && (*s > seq || f["t"] == "INTERACTION_CREATE"))
            .map(|(_, f)| f.clone())
            .collect();
        g.seq += 1;
        let resumed = json!({ "op": 0, "t": "RESUMED", "s": g.seq, "d": {} });
        g.log.push((g.seq, resumed.clone()));
        g.pending.clear();
        out.push(resumed);
        st.resumes += 1;
        out
    }

    // ---- REST ----

    async fn serve_http(self, mut stream: TcpStream) {
        let mut buf = Vec::new();
        loop {
            let Some((method, path, headers, body)) = read_request(&mut stream, &mut buf).await
            else {
                return;
            };
            let body_json = parse_body(&headers, &body);
            // Rate limits first: a 429 is all a request past one gets.
            let counted = {
                let bare = path.split('?').next().unwrap_or("");
                let rest = bare.strip_prefix("/api/v10/").unwrap_or("");
                let parts: Vec<&str> = rest.split('/').collect();
                self.lock().count_request(&method, bare, &parts)
            };
            let (status, reply, limit_headers) = match counted {
                Ok(h) => {
                    let (status, reply) = self.route(&method, &path, &body_json);
                    (status, reply, h)
                }
                Err((status, reply, h)) => (status, reply, h),
            };
            self.lock().requests.push(Request {
                method: method.clone(),
                path: path.clone(),
                body: body_json,
                status,
                reply: reply.clone(),
            });
            self.changed.notify_waiters();
            let text = match &reply {
                Some(v) => v.to_string(),
                None => String::new(),
            };
            let reason = match status {
                200 => "OK",
                204 => "No Content",
                400 => "Bad Request",
                401 => "Unauthorized",
                403 => "Forbidden",
                404 => "Not Found",
                429 => "Too Many Requests",
                _ => "Status",
            };
            let extra: String = limit_headers
                .iter()
                .map(|(k, v)| format!("{k}: {v}\r\n"))
                .collect();
            let head = format!(
                "HTTP/1.1 {status} {reason}\r\ncontent-type: application/json\r\ncontent-length: {}\r\n{extra}connection: keep-alive\r\n\r\n",
                text.len()
            );
            // One write: a head and a body written apart wait on the
            // client's delayed acknowledgement (Nagle), ~40 ms a request.
            let mut out = head.into_bytes();
            out.extend_from_slice(text.as_bytes());
            if stream.write_all(&out).await.is_err() {
                return;
            }
        }
    }

    fn route(&self, method: &str, full_path: &str, body: &Value) -> (u16, Option<Value>) {
        let path = full_path.split('?').next().unwrap_or("");
        let Some(rest) = path.strip_prefix("/api/v10/") else {
            return not_found();
        };
        let parts: Vec<&str> = rest.split('/').collect();
        let mut st = self.lock();
        // Discord's limits first: a body past one is refused whole (400,
        // 50035) and changes nothing; the fake records it.
        let (problems, empty) = check_limits(method, &parts, body);
        if !problems.is_empty() {
            st.violations.push(Violation {
                route: format!("{method} {path}"),
                code: 50035,
                problems: problems.iter().map(|p| p.to_string()).collect(),
            });
            return (400, Some(limits::invalid_form_body(&problems)));
        }
        if empty {
            st.violations.push(Violation {
                route: format!("{method} {path}"),
                code: 50006,
                problems: vec!["no content, embed, file or component".into()],
            });
            return error(400, 50006, "Cannot send an empty message");
        }
        // An interaction's token works for 15 minutes (TOKEN_LIFETIME).
        if let ["webhooks", _, token, ..] = parts.as_slice() {
            if let Some(refused) = st.expired(token, format!("{method} {path}")) {
                return refused;
            }
        }
        match (method, parts.as_slice()) {
            ("GET", ["gateway"]) | ("GET", ["gateway", "bot"]) => (
                200,
                Some(json!({
                    "url": format!("ws://127.0.0.1:{}", self.ws_port),
                    "shards": 1,
                    "session_start_limit": { "total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1 }
                })),
            ),
            ("GET", ["users", "@me"]) => (200, Some(bot_user_json())),
            ("PUT", ["applications", _, "commands"])
            | ("PUT", ["applications", _, "guilds", _, "commands"]) => {
                let guild = parts.get(3).copied();
                let list: Vec<Value> = body
                    .as_array()
                    .cloned()
                    .unwrap_or_default()
                    .into_iter()
                    .map(|mut c| {
                        let id = st.snowflake();
                        c["id"] = json!(id.to_string());
                        c["application_id"] = json!(APP_ID.to_string());
                        c["version"] = json!("1");
                        if c.get("type").is_none() {
                            c["type"] = json!(1);
                        }
                        if let Some(g) = guild {
                            c["guild_id"] = json!(g);
                        }
                        if c.get("description").is_none() {
                            c["description"] = json!("");
                        }
                        c
                    })
                    .collect();
                st.commands = list.clone();
                st.registrations += 1;
                (200, Some(Value::Array(list)))
            }
            ("POST", ["interactions", id, token, "callback"]) => {
                let limit = st.ack_limit.unwrap_or(ACK_LIMIT);
                let Some(i) = st
                    .interaction_mut(token)
                    .filter(|i| i.id.to_string() == *id)
                else {
                    return error(404, 10062, "Unknown interaction");
                };
                if i.callback.is_some() {
                    return error(400, 40060, "Interaction has already been acknowledged.");
                }
                // Discord forgets an interaction not acknowledged within
                // 3 s: the member sees "This interaction failed".
                let waited = i.sent.elapsed();
                if waited > limit {
                    let asked = i.asked.clone();
                    st.violations.push(Violation {
                        route: format!("{method} {path}"),
                        code: 10062,
                        problems: vec![format!(
                            "`{asked}` acknowledged {:.2} s after it was sent (Discord allows {} s)",
                            waited.as_secs_f64(),
                            limit.as_secs_f64()
                        )],
                    });
                    return error(404, 10062, "Unknown interaction");
                }
                // The files travel beside `data`; the message they make
                // lists them as attachments.
                let mut callback = body.clone();
                let files = body.get("_files").cloned();
                if let Some(m) = callback.as_object_mut() {
                    m.remove("_files");
                }
                if let Some(files) = files {
                    callback["data"]["_files"] = files;
                }
                let kind = callback["type"].as_u64();
                let clicked = i.message.clone();
                let data = callback["data"].clone();
                let attached = match (kind, &clicked) {
                    // An update edits the message clicked on.
                    (Some(7), Some(old)) => st.edit_attachments(old, &data),
                    _ => st.create_attachments(&data),
                };
                let attached = match attached {
                    Ok(a) => a,
                    Err(e) => return e,
                };
                let i = st
                    .interaction_mut(token)
                    .filter(|i| i.id.to_string() == *id)
                    .expect("found above");
                if let Some(m) = callback["data"].as_object_mut() {
                    m.remove("_files");
                }
                if let (Some(7), Some(mut old)) = (kind, clicked) {
                    merge(&mut old, &callback["data"]);
                    old["attachments"] = attached.clone();
                    i.updated = Some(old);
                }
                callback["data"]["attachments"] = attached;
                let updates_view =
                    matches!(kind, Some(6) | Some(7)) && is_ephemeral_message(i.message.as_ref());
                let view = i
                    .message
                    .as_ref()
                    .and_then(|m| m["id"].as_str())
                    .and_then(|m| m.parse::<u64>().ok());
                i.callback = Some(callback);
                i.acked = Some(std::time::Instant::now());
                i.mark_done();
                // A click on a private view: how old is the view (the
                // interaction that made it, whose id the fake gives it)?
                if let (true, Some(view)) = (updates_view, view) {
                    let now = st.clock_now();
                    // A followup's age is its interaction's.
                    let made_by = st.followup_of.get(&view).copied().unwrap_or(view);
                    let old = st.by_id.get(&made_by).is_some_and(|&at| {
                        now.saturating_duration_since(st.interactions[at].born) > TOKEN_LIFETIME
                    });
                    if old {
                        st.old_view_updates.push(view);
                    }
                }
                if let Some(by) = st.jump_after_ack.take() {
                    st.clock += by;
                }
                (204, None)
            }
            ("GET", ["webhooks", _, token, "messages", "@original"]) => {
                match st.interaction_mut(token) {
                    Some(i) => {
                        let content = i
                            .original
                            .clone()
                            .or_else(|| i.callback.as_ref().map(|c| c["data"].clone()));
                        let msg = message_json(0, CHANNEL_ID, &content.unwrap_or(json!({})), true);
                        (200, Some(msg))
                    }
                    None => error(404, 10015, "Unknown Webhook"),
                }
            }
            ("PATCH", ["webhooks", _, token, "messages", "@original"]) => {
                let id = st.snowflake();
                let Some(i) = st.interaction_mut(token) else {
                    return error(404, 10015, "Unknown Webhook");
                };
                // An edit of the original merges like Discord does (an
                // update's original is the message it updated).
                let deferred_update = i.callback.as_ref().is_some_and(|c| c["type"] == json!(6));
                let mut merged = i
                    .original
                    .clone()
                    .or_else(|| i.updated.clone())
                    .or_else(|| i.message.clone().filter(|_| deferred_update))
                    .unwrap_or_else(|| {
                        i.callback
                            .as_ref()
                            .map(|c| c["data"].clone())
                            .unwrap_or(json!({}))
                    });
                let attached = match st.edit_attachments(&merged, body) {
                    Ok(a) => a,
                    Err(e) => return e,
                };
                merge(&mut merged, body);
                if let Some(m) = merged.as_object_mut() {
                    m.remove("_files");
                }
                merged["attachments"] = attached.clone();
                let i = st.interaction_mut(token).expect("found above");
                i.original = Some(merged.clone());
                i.mark_done();
                let mut m = message_json(id, CHANNEL_ID, &merged, true);
                m["attachments"] = attached;
                (200, Some(m))
            }
            ("DELETE", ["webhooks", _, token, "messages", "@original"]) => {
                match st.interaction_mut(token) {
                    Some(i) if i.callback.is_some() => {
                        i.deleted = true;
                        i.mark_done();
                        (204, None)
                    }
                    Some(_) => error(404, 10008, "Unknown Message"),
                    None => error(404, 10015, "Unknown Webhook"),
                }
            }
            ("POST", ["webhooks", _, token]) => {
                let id = st.snowflake();
                let attached = match st.create_attachments(body) {
                    Ok(a) => a,
                    Err(e) => return e,
                };
                match st.interaction_mut(token) {
                    Some(i) => {
                        let mut followup = body.clone();
                        if let Some(m) = followup.as_object_mut() {
                            m.remove("_files");
                        }
                        followup["attachments"] = attached.clone();
                        followup["id"] = json!(id.to_string());
                        i.followups.push(followup);
                        i.mark_done();
                        let owner = i.id;
                        st.followup_of.insert(id, owner);
                        let mut m = message_json(id, CHANNEL_ID, body, true);
                        m["attachments"] = attached;
                        (200, Some(m))
                    }
                    None => error(404, 10015, "Unknown Webhook"),
                }
            }
            ("PATCH", ["webhooks", _, token, "messages", mid]) => {
                let mid: u64 = mid.parse().unwrap_or(0);
                // Followups are not kept by id: an edit's files stand for
                // its attachments.
                let attached = match st.create_attachments(body) {
                    Ok(a) => a,
                    Err(e) => return e,
                };
                match st.interaction_mut(token) {
                    Some(i) => {
                        let mut edit = body.clone();
                        if let Some(m) = edit.as_object_mut() {
                            m.remove("_files");
                        }
                        edit["attachments"] = attached.clone();
                        i.followups.push(edit);
                        i.mark_done();
                        let mut m = message_json(mid, CHANNEL_ID, body, true);
                        m["attachments"] = attached;
                        (200, Some(m))
                    }
                    None => error(404, 10015, "Unknown Webhook"),
                }
            }
            ("POST", ["users", "@me", "channels"]) => {
                let Some(user) = body["recipient_id"]
                    .as_str()
                    .and_then(|s| s.parse::<u64>().ok())
                    .or_else(|| body["recipient_id"].as_u64())
                else {
                    return error(400, 50035, "Invalid Form Body");
                };
                let channel = match st.dm_channels.get(&user) {
                    Some(c) => *c,
                    None => {
                        let c = st.snowflake();
                        st.dm_channels.insert(user, c);
                        c
                    }
                };
                let recipient = user_json(user, st.usernames.get(&user).map(String::as_str));
                (
                    200,
                    Some(json!({
                        "id": channel.to_string(),
                        "type": 1,
                        "last_message_id": null,
                        "recipients": [recipient],
                    })),
                )
            }
            ("POST", ["channels", channel, "messages"]) => {
                let Ok(channel) = channel.parse::<u64>() else {
                    return error(404, 10003, "Unknown Channel");
                };
                if st.deleted_channels.contains(&channel) {
                    return error(404, 10003, "Unknown Channel");
                }
                if let Some(refused) = st
                    .bot_perms
                    .get(&channel)
                    .and_then(|&p| refused_by(p, true, body))
                {
                    return refused;
                }
                let dm_of = st
                    .dm_channels
                    .iter()
                    .find(|(_, c)| **c == channel)
                    .map(|(u, _)| *u);
                if let Some(user) = dm_of {
                    if st.dm_closed.contains(&user) {
                        return error(403, 50007, "Cannot send messages to this user");
                    }
                }
                if dm_of.is_none() && channel != CHANNEL_ID && !st.channels.contains(&channel) {
                    return error(404, 10003, "Unknown Channel");
                }
                let id = st.snowflake();
                let attached = match st.create_attachments(body) {
                    Ok(a) => a,
                    Err(e) => return e,
                };
                let mut msg = message_json(id, channel, body, false);
                msg["attachments"] = attached;
                st.messages.insert(id, msg.clone());
                st.channel_order.entry(channel).or_default().push(id);
                *st.changes.entry(channel).or_default() += 1;
                (200, Some(msg))
            }
            ("PATCH", ["channels", channel, "messages", mid]) => {
                if let Ok(channel) = channel.parse::<u64>() {
                    if st.deleted_channels.contains(&channel) {
                        return error(404, 10003, "Unknown Channel");
                    }
                    if let Some(refused) = st
                        .bot_perms
                        .get(&channel)
                        .and_then(|&p| refused_by(p, false, body))
                    {
                        return refused;
                    }
                    *st.changes.entry(channel).or_default() += 1;
                }
                let Ok(mid) = mid.parse::<u64>() else {
                    return error(404, 10008, "Unknown Message");
                };
                let Some(old) = st.messages.get(&mid).cloned() else {
                    return error(404, 10008, "Unknown Message");
                };
                let attached = match st.edit_attachments(&old, body) {
                    Ok(a) => a,
                    Err(e) => return e,
                };
                let mut merged = old.clone();
                merge(&mut merged, body);
                merged["attachments"] = attached;
                if let Some(m) = merged.as_object_mut() {
                    m.remove("_files");
                }
                merged["edited_timestamp"] = json!(TIMESTAMP);
                st.messages.insert(mid, merged.clone());
                (200, Some(merged))
            }
            ("GET", ["channels", _, "messages", mid]) => {
                match mid
                    .parse::<u64>()
                    .ok()
                    .and_then(|m| st.messages.get(&m).cloned())
                {
                    Some(m) => (200, Some(m)),
                    None => error(404, 10008, "Unknown Message"),
                }
            }
            ("GET", ["guilds", _, "members", user]) => match user.parse::<u64>() {
                Ok(u) if !st.left.contains(&u) => {
                    let mut member = partial_member_json();
                    member["user"] = user_json(u, st.usernames.get(&u).map(String::as_str));
                    member["roles"] = json!(st
                        .roles
                        .get(&u)
                        .map(|r| r.iter().map(u64::to_string).collect::<Vec<_>>())
                        .unwrap_or_default());
                    member.as_object_mut().unwrap().remove("permissions");
                    (200, Some(member))
                }
                _ => error(404, 10007, "Unknown Member"),
            },
            _ => not_found(),
        }
    }
}

/// What a request breaks of Discord's documented limits ([`limits`]), by
/// its route, and whether it would post an empty message (50006).
fn check_limits(method: &str, parts: &[&str], body: &Value) -> (Vec<limits::Problem>, bool) {
    let empty = |m: &Value| {
        let blank = |k: &str| match &m[k] {
            Value::Null => true,
            Value::String(s) => s.is_empty(),
            Value::Array(a) => a.is_empty(),
            _ => false,
        };
        blank("content") && blank("embeds") && blank("components") && blank("_files")
    };
    match (method, parts) {
        ("POST", ["channels", _, "messages"]) | ("POST", ["webhooks", _, _]) => {
            (limits::message(body, ""), empty(body))
        }
        ("PATCH", ["channels", _, "messages", _])
        | ("PATCH", ["webhooks", _, _, "messages", _]) => (limits::message(body, ""), false),
        ("POST", ["interactions", _, _, "callback"]) => {
            let mut data = body["data"].clone();
            if let Some(f) = body.get("_files") {
                data["_files"] = f.clone();
            }
            let new_message = body["type"] == json!(4) && empty(&data);
            (limits::callback(body), new_message)
        }
        ("PUT", ["applications", _, "commands"])
        | ("PUT", ["applications", _, "guilds", _, "commands"]) => (limits::commands(body), false),
        _ => (Vec::new(), false),
    }
}

fn not_found() -> (u16, Option<Value>) {
    error(404, 0, "404: Not Found")
}

fn error(status: u16, code: u32, message: &str) -> (u16, Option<Value>) {
    (status, Some(json!({ "code": code, "message": message })))
}

/// Merges an edit into a stored message: keys present replace.
fn merge(target: &mut Value, edit: &Value) {
    if let (Some(t), Some(e)) = (target.as_object_mut(), edit.as_object()) {
        for (k, v) in e {
            t.insert(k.clone(), v.clone());
        }
    }
}

/// The guild a channel belongs to: [`CHANNEL_2`] is [`GUILD_2`]'s, every
/// other channel [`GUILD_ID`]'s.
pub fn guild_of(channel: u64) -> u64 {
    if channel == CHANNEL_2 {
        GUILD_2
    } else {
        GUILD_ID
    }
}

fn collect_role_options(options: &Value, f: &mut dyn FnMut(u64)) {
    if let Some(list) = options.as_array() {
        for o in list {
            if o["type"] == json!(8) {
                if let Some(id) = o["value"].as_str().and_then(|s| s.parse().ok()) {
                    f(id);
                }
            }
            collect_role_options(&o["options"], f);
        }
    }
}

/// A role object as Discord sends it in an interaction's resolved data.
fn role_json(id: u64, guild: u64) -> Value {
    json!({
        "id": id.to_string(),
        "guild_id": guild.to_string(),
        "name": format!("role-{id}"),
        "color": 0,
        "colors": { "primary_color": 0, "secondary_color": null, "tertiary_color": null },
        "hoist": false,
        "icon": null,
        "unicode_emoji": null,
        "position": 1,
        "permissions": "0",
        "managed": false,
        "mentionable": true,
        "flags": 0,
    })
}

fn collect_user_options(options: &Value, f: &mut dyn FnMut(u64)) {
    if let Some(list) = options.as_array() {
        for o in list {
            if o["type"] == json!(6) {
                if let Some(id) = o["value"].as_str().and_then(|s| s.parse().ok()) {
                    f(id);
                }
            }
            collect_user_options(&o["options"], f);
        }
    }
}

pub fn user_json(id: u64, name: Option<&str>) -> Value {
    let name = name
        .map(str::to_string)
        .unwrap_or_else(|| format!("user{}", id % 1000));
    json!({
        "id": id.to_string(),
        "username": name,
        "global_name": name,
        "discriminator": "0",
        "avatar": null,
        "bot": false,
        "public_flags": 0,
    })
}

fn bot_user_json() -> Value {
    json!({
        "id": BOT_USER_ID.to_string(),
        "username": "paiju",
        "global_name": null,
        "discriminator": "0",
        "avatar": null,
        "bot": true,
        "verified": true,
        "mfa_enabled": false,
        "flags": 0,
        "public_flags": 0,
    })
}

fn partial_member_json() -> Value {
    json!({
        "nick": null,
        "avatar": null,
        "roles": [],
        "joined_at": TIMESTAMP,
        "premium_since": null,
        "deaf": false,
        "mute": false,
        "flags": 0,
        "pending": false,
        "permissions": "1024",
    })
}

/// A full message object as Discord returns it, from the bot's create/edit
/// body.
fn message_json(id: u64, channel: u64, body: &Value, webhook: bool) -> Value {
    let mut m = json!({
        "id": id.to_string(),
        "channel_id": channel.to_string(),
        "author": bot_user_json(),
        "content": body["content"].as_str().unwrap_or(""),
        "timestamp": TIMESTAMP,
        "edited_timestamp": null,
        "tts": false,
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "attachments": uploaded(body),
        "embeds": body.get("embeds").cloned().unwrap_or(json!([])),
        "pinned": false,
        "type": 0,
        "components": body.get("components").cloned().unwrap_or(json!([])),
        "flags": body.get("flags").cloned().unwrap_or(json!(0)),
    });
    if webhook {
        m["webhook_id"] = json!(APP_ID.to_string());
        m["application_id"] = json!(APP_ID.to_string());
    }
    m
}

fn ready_json(ws_port: u16, shard: u64, count: u64, session: &str) -> Value {
    let guilds: Vec<Value> = [GUILD_ID, GUILD_2]
        .into_iter()
        .filter(|g| (g >> 22) % count.max(1) == shard)
        .map(|g| json!({ "id": g.to_string(), "unavailable": true }))
        .collect();
    json!({
        "op": 0,
        "t": "READY",
        "s": 1,
        "d": {
            "v": 10,
            "user": bot_user_json(),
            "guilds": guilds,
            "session_id": session,
            // serenity 0.12.5 resumes at the URL it first connected to
            // and never reads this; the fake serves both on one port.
            "resume_gateway_url": format!("ws://127.0.0.1:{ws_port}"),
            "shard": [shard, count],
            "application": { "id": APP_ID.to_string(), "flags": 0 },
            "private_channels": [],
            "presences": [],
            "relationships": [],
        }
    })
}

type Headers = Vec<(String, String)>;

/// Reads one HTTP/1.1 request (Content-Length bodies) from a kept-alive
/// connection. `None` when the peer closed.
async fn read_request(
    stream: &mut TcpStream,
    buf: &mut Vec<u8>,
) -> Option<(String, String, Headers, Vec<u8>)> {
    let head_end = loop {
        if let Some(pos) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
            break pos;
        }
        let mut chunk = [0u8; 8192];
        let n = stream.read(&mut chunk).await.ok()?;
        if n == 0 {
            return None;
        }
        buf.extend_from_slice(&chunk[..n]);
    };
    let head = String::from_utf8_lossy(&buf[..head_end]).into_owned();
    let mut lines = head.split("\r\n");
    let mut first = lines.next()?.split(' ');
    let method = first.next()?.to_string();
    let path = first.next()?.to_string();
    let headers: Headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let len: usize = headers
        .iter()
        .find(|(k, _)| k == "content-length")
        .and_then(|(_, v)| v.parse().ok())
        .unwrap_or(0);
    let body_start = head_end + 4;
    while buf.len() < body_start + len {
        let mut chunk = [0u8; 8192];
        let n = stream.read(&mut chunk).await.ok()?;
        if n == 0 {
            return None;
        }
        buf.extend_from_slice(&chunk[..n]);
    }
    let body = buf[body_start..body_start + len].to_vec();
    buf.drain(..body_start + len);
    Some((method, path, headers, body))
}

/// JSON body, or the `payload_json` part of a multipart body with its
/// uploaded files described under `"_files"`: each file's name, size and
/// whether it is a PNG (its signature), so tests can check attachments.
fn parse_body(headers: &Headers, body: &[u8]) -> Value {
    let ctype = headers
        .iter()
        .find(|(k, _)| k == "content-type")
        .map(|(_, v)| v.as_str())
        .unwrap_or("");
    if ctype.starts_with("multipart/") {
        let Some(boundary) = ctype.split("boundary=").nth(1) else {
            return Value::Null;
        };
        let boundary = format!("--{}", boundary.trim_matches('"'));
        let mut payload = Value::Null;
        let mut files = Vec::new();
        for part in split_bytes(body, boundary.as_bytes()) {
            let Some(head_end) = part.windows(4).position(|w| w == b"\r\n\r\n") else {
                continue;
            };
            let head = String::from_utf8_lossy(&part[..head_end]);
            let mut data = &part[head_end + 4..];
            if data.ends_with(b"\r\n") {
                data = &data[..data.len() - 2];
            }
            if head.contains("name=\"payload_json\"") {
                payload = serde_json::from_slice(data).unwrap_or(Value::Null);
            } else if let Some(at) = head.find("filename=\"") {
                let name = &head[at + 10..];
                let name = &name[..name.find('"').unwrap_or(name.len())];
                // `name="files[n]"`: `n` is the id the payload's
                // `attachments` list gives this file.
                let index = head
                    .split("name=\"files[")
                    .nth(1)
                    .and_then(|r| r.split(']').next())
                    .and_then(|n| n.parse::<u64>().ok());
                // FNV-1a of the bytes: tells an upload of the same picture.
                let hash = data.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
                    (h ^ u64::from(*b)).wrapping_mul(0x100_0000_01b3)
                });
                let mut file = json!({
                    "filename": name,
                    "size": data.len(),
                    "png": data.starts_with(b"\x89PNG\r\n\x1a\n"),
                    "hash": format!("{hash:016x}"),
                    "index": index,
                });
                // A text file (a game record) is kept whole, so a test
                // can download it as a member would.
                if name.ends_with(".json") {
                    if let Ok(text) = std::str::from_utf8(data) {
                        file["text"] = json!(text);
                    }
                }
                files.push(file);
            }
        }
        if !files.is_empty() && payload.is_object() {
            payload["_files"] = Value::Array(files);
        }
        return payload;
    }
    serde_json::from_slice(body).unwrap_or(Value::Null)
}

/// The content type Discord gives an uploaded file, by its name.
fn content_type(name: &str) -> &'static str {
    if name.ends_with(".json") {
        "application/json"
    } else {
        "image/png"
    }
}

/// The parts of a multipart body between its boundaries.
fn split_bytes<'a>(body: &'a [u8], boundary: &[u8]) -> Vec<&'a [u8]> {
    let mut out = Vec::new();
    let mut rest = body;
    while let Some(at) = rest.windows(boundary.len()).position(|w| w == boundary) {
        let part = &rest[..at];
        if part.len() > 2 {
            out.push(part.strip_prefix(b"\r\n").unwrap_or(part));
        }
        rest = &rest[at + boundary.len()..];
    }
    out
}

/// The attachments a create or edit body uploads, as Discord lists them on
/// the message.
fn uploaded(body: &Value) -> Value {
    let files = body["_files"].as_array().cloned().unwrap_or_default();
    Value::Array(
        files
            .into_iter()
            .enumerate()
            .map(|(i, mut f)| {
                let name = f["filename"].as_str().unwrap_or("").to_string();
                f["id"] = json!(format!("{}", 700_000 + i));
                f["content_type"] = json!(content_type(&name));
                f["url"] = json!(format!("https://cdn.example/{name}"));
                f["proxy_url"] = json!(format!("https://media.example/{name}"));
                f
            })
            .collect(),
    )
}

/// The attachments of a message (each with `filename`, `size`, `png`).
pub fn attachments(m: &Value) -> Vec<Value> {
    m["attachments"].as_array().cloned().unwrap_or_default()
}

/// The one PNG a message carries, named `<prefix>…png`, of a sane size
/// (issue #20: under 150 KB); panics with the message otherwise.
pub fn picture(m: &Value, prefix: &str) -> Value {
    let files = attachments(m);
    assert_eq!(files.len(), 1, "one picture expected: {m}");
    let f = files[0].clone();
    let name = f["filename"].as_str().unwrap();
    assert!(name.starts_with(prefix) && name.ends_with(".png"), "{f}");
    assert_eq!(f["png"], true, "{f}");
    assert_eq!(f["content_type"], "image/png", "{f}");
    let size = f["size"].as_u64().unwrap();
    assert!((500..150 * 1024).contains(&size), "{size} bytes: {f}");
    f
}

/// What the bot did with the pictures of messages it posted and edited
/// (channel messages, DMs included).
#[derive(Debug, Default)]
pub struct Uploads {
    /// Pictures uploaded, with new messages or edits.
    pub uploaded: usize,
    /// Edits of a message with a picture that kept it without sending it.
    pub kept: usize,
    /// Edits that replaced a message's picture by another.
    pub replaced: usize,
}

/// Walks every message post and edit the bot made, in order, checking
/// Discord's rules the way a user sees them: a message never carries more
/// than one picture, an edit never uploads the picture the message already
/// has (same bytes), and an edit that keeps the picture sends no file.
/// Pictures named alike (named by content) have the same bytes.
pub fn check_uploads(fake: &FakeDiscord, prefix: &str) -> Uploads {
    let mut on: HashMap<String, Vec<Value>> = HashMap::new();
    let mut named: HashMap<String, String> = HashMap::new();
    let mut out = Uploads::default();
    for r in fake.requests() {
        let posted = r.method == "POST" && r.path.ends_with("/messages");
        let edited = r.method == "PATCH" && r.path.contains("/channels/");
        if !(posted || edited) || r.status != 200 {
            continue;
        }
        let Some(reply) = &r.reply else { continue };
        let id = reply["id"].as_str().unwrap_or("").to_string();
        let named_so = |a: &Value| {
            a["filename"]
                .as_str()
                .is_some_and(|n| n.starts_with(prefix))
        };
        let before: Vec<Value> = on.get(&id).cloned().unwrap_or_default();
        let before: Vec<Value> = before.into_iter().filter(named_so).collect();
        let after: Vec<Value> = attachments(reply).into_iter().filter(named_so).collect();
        let files: Vec<Value> = r.body["_files"]
            .as_array()
            .cloned()
            .unwrap_or_default()
            .into_iter()
            .filter(|f| {
                f["filename"]
                    .as_str()
                    .is_some_and(|n| n.starts_with(prefix))
            })
            .collect();
        assert!(
            attachments(reply).len() <= 1,
            "more than one picture: {reply}"
        );
        for f in &files {
            let (name, hash) = (f["filename"].as_str().unwrap(), f["hash"].as_str().unwrap());
            assert!(name.ends_with(".png") && f["png"] == true, "not a PNG: {f}");
            let size = f["size"].as_u64().unwrap();
            assert!((500..150 * 1024).contains(&size), "{size} bytes: {f}");
            assert!(
                !before.iter().any(|b| b["hash"] == f["hash"]),
                "{} re-uploads the picture it has: {name}",
                r.path
            );
            let same = named.entry(name.to_string()).or_insert(hash.to_string());
            assert_eq!(same, hash, "two pictures named {name}");
            out.uploaded += 1;
        }
        if edited && !before.is_empty() {
            if files.is_empty()
                && after.first().map(|a| &a["id"]) == before.first().map(|b| &b["id"])
            {
                out.kept += 1;
            } else if !files.is_empty() {
                out.replaced += 1;
            }
        }
        on.insert(id, after);
    }
    out
}
