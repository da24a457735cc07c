//! What the Discord front end tells the operator (`crate::ops`): the
//! gateway's state for `/healthz`, and the interaction and error metrics.
//!
//! Every event reaches poise through [`Timed`], a thin wrapper of its
//! framework: an interaction's arrival time and kind are kept for its
//! handling (a task-local value: serenity dispatches each event in a task
//! of its own, and poise runs the command, its error hook and our event
//! handler inside that one call), its handling runs in a span naming its
//! guild, channel and user, and when it returns the interaction counts as
//! handled. The first response sent to it — a command's reply
//! ([`super::send`]), a click's answer or acknowledgement — calls
//! [`acknowledged`], which records the time to it once.

use crate::ops::{metrics, Check, Probe};
use poise::serenity_prelude as serenity;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;
use tracing::Instrument;

/// The interaction being handled in this task.
struct Arrival {
    at: Instant,
    kind: &'static str,
    acknowledged: AtomicBool,
}

tokio::task_local! {
    static ARRIVAL: Arrival;
}

/// The interaction in this task got its first response now: its time to
/// the acknowledgement is recorded (once; later responses are not firsts).
pub fn acknowledged() {
    let _ = ARRIVAL.try_with(|a| {
        if !a.acknowledged.swap(true, Ordering::Relaxed) {
            metrics::interaction_acknowledged(a.kind, a.at.elapsed());
        }
    });
}

/// Counts a failed Discord request by its error code (see
/// [`metrics::DISCORD_ERRORS`]) and gives the error back, for the log line
/// that says it: `tracing::warn!("…: {}", counted(&e))`.
pub fn counted(e: &serenity::Error) -> &serenity::Error {
    metrics::discord_error(error_code(e));
    e
}

/// The label of a failed request: Discord's JSON error code, else the
/// HTTP status, else `other`.
pub fn error_code(e: &serenity::Error) -> String {
    match e {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)) => {
            if r.error.code != 0 {
                r.error.code.to_string()
            } else {
                format!("http_{}", r.status_code.as_u16())
            }
        }
        _ => "other".to_string(),
    }
}

/// poise's framework, timing every interaction (see the module doc), and
/// handing it each interaction once: one the gateway delivers again (a
/// RESUME replaying an event the bot already had) is dropped, never
/// applied twice (Discord would refuse a second answer anyway, 40060).
pub struct Timed<U: Send + Sync + 'static, E: Send + Sync + 'static>(
    pub poise::Framework<U, E>,
    pub crate::discord::views::Seen,
);

#[serenity::async_trait]
impl<U: Send + Sync + 'static, E: Send + Sync + 'static> serenity::Framework for Timed<U, E> {
    async fn init(&mut self, client: &serenity::Client) {
        self.0.init(client).await;
    }

    async fn dispatch(&self, ctx: serenity::Context, event: serenity::FullEvent) {
        let serenity::FullEvent::InteractionCreate { interaction } = &event else {
            return self.0.dispatch(ctx, event).await;
        };
        let (kind, guild, channel, user) = match interaction {
            serenity::Interaction::Command(i) => ("command", i.guild_id, i.channel_id, i.user.id),
            serenity::Interaction::Component(i) => {
                ("component", i.guild_id, i.channel_id, i.user.id)
            }
            serenity::Interaction::Modal(i) => ("modal", i.guild_id, i.channel_id, i.user.id),
            // Autocomplete and pings: nothing a member waits for.
            _ => return self.0.dispatch(ctx, event).await,
        };
        if !self.1.first(interaction.id().get()) {
            tracing::warn!(
                interaction = interaction.id().get(),
                kind,
                "an interaction delivered again, already handled: dropped"
            );
            metrics::discord_error("duplicate_interaction".to_string());
            return;
        }
        let span = tracing::info_span!(
            "interaction",
            kind,
            guild = guild.map(|g| g.get()),
            channel = channel.get(),
            user = user.get(),
        );
        let arrival = Arrival {
            at: Instant::now(),
            kind,
            acknowledged: AtomicBool::new(false),
        };
        let at = arrival.at;
        ARRIVAL
            .scope(arrival, self.0.dispatch(ctx, event).instrument(span))
            .await;
        metrics::interaction_handled(kind, at.elapsed());
    }
}

/// `/healthz`'s gateway check: every shard this process runs is connected
/// (`shards`: the ones asked for; `None`: the one shard of an unsharded
/// bot).
pub fn gateway_probe(
    manager: Arc<serenity::ShardManager>,
    shards: Option<crate::ledger::Shards>,
) -> Probe {
    Box::new(move || {
        let manager = manager.clone();
        Box::pin(async move {
            let runners = manager.runners.lock().await;
            let expected: Vec<u32> = match shards {
                Some(s) => (s.first..=s.last).collect(),
                None => vec![0],
            };
            let mut trouble = Vec::new();
            for shard in &expected {
                match runners.get(&serenity::ShardId(*shard)) {
                    Some(r) if r.stage == serenity::ConnectionStage::Connected => {}
                    Some(r) => trouble.push(format!("shard {shard} is {:?}", r.stage)),
                    None => trouble.push(format!("shard {shard} has not started")),
                }
            }
            let check: Check = if trouble.is_empty() {
                Ok(format!(
                    "connected ({} shard{})",
                    expected.len(),
                    if expected.len() == 1 { "" } else { "s" }
                ))
            } else {
                Err(format!("not connected: {}", trouble.join("; ")))
            };
            check
        })
    })
}
