//! The bot's metrics: their names, in one place, and the calls that record
//! them, made where the events happen (the table runtime, the Discord
//! handler, the ledger store).
//!
//! Recorded through the `metrics` facade: with no recorder installed (no
//! `[ops] listen`, `paiju play`, the tests that do not ask) each call is a
//! load of the facade's global and nothing more. [`install`] puts the
//! Prometheus recorder (`metrics-exporter-prometheus`) behind the facade;
//! `/metrics` renders it ([`super::serve`]).
//!
//! The ledger crate records its own group commits (`paiju_ledger_group_*`,
//! `paiju_ledger::metric_names`) through the same facade, with no
//! exporter of its own: only it sees a group. The rules crate records
//! nothing.

use crate::games::GameKind;
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};
use std::sync::OnceLock;
use std::time::Duration;

/// Tables open now, per game (a lobby or a game in play).
pub const TABLES_LIVE: &str = "paiju_tables_live";
/// Games dealt, per game (a resumed game is not dealt again).
pub const GAMES_STARTED: &str = "paiju_games_started_total";
/// Games settled (chips paid), per game.
pub const GAMES_FINISHED: &str = "paiju_games_finished_total";
/// Unfinished games taken up at start-up, per game and outcome (`resumed`,
/// or `cancelled`: its stakes released).
pub const GAMES_RESUMED: &str = "paiju_games_resumed_total";
/// Interactions handled, per kind (`command`, `component`, `modal`).
pub const INTERACTIONS: &str = "paiju_interactions_total";
/// From an interaction's arrival to the end of its handling (its complete
/// answer sent), per kind.
pub const INTERACTION_SECONDS: &str = "paiju_interaction_seconds";
/// From an interaction's arrival to its first response (the answer, or
/// the acknowledgement an answer then follows), per kind: Discord wants it
/// within 3 seconds.
pub const ACK_SECONDS: &str = "paiju_interaction_ack_seconds";
/// Discord requests that failed, per Discord JSON error code (`50007`:
/// cannot DM that member), `http_<status>` when the answer had none, or
/// `other` (no answer: the network, a body that did not parse).
pub const DISCORD_ERRORS: &str = "paiju_discord_errors_total";
/// A table's write to the ledger as the table waits for it (queueing and
/// commit), per operation (`open`, `action`, `snapshot`, `hold`, `settle`,
/// `cancel`).
pub const LEDGER_WRITE_SECONDS: &str = "paiju_ledger_write_seconds";

/// Upper bounds of the latency histograms' buckets, in seconds: a
/// millisecond to Discord's 3 s and past it.
const SECONDS_BUCKETS: &[f64] = &[
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
];

/// Upper bounds of the group-size histogram's buckets, in writes (a group
/// holds at most 128).
const GROUP_BUCKETS: &[f64] = &[1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0, 128.0];

/// Installs the Prometheus recorder behind the `metrics` facade (once per
/// process; later calls return the same handle) and names every metric,
/// each game's counters at 0, so a scrape lists them before anything
/// happened. If another recorder was installed first, its metrics are not
/// ours to render and the handle renders nothing.
pub fn install() -> &'static PrometheusHandle {
    static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();
    HANDLE.get_or_init(|| {
        let builder = PrometheusBuilder::new()
            .set_buckets_for_metric(Matcher::Suffix("_seconds".into()), SECONDS_BUCKETS)
            .and_then(|b| {
                b.set_buckets_for_metric(
                    Matcher::Full(paiju_ledger::metric_names::GROUP_WRITES.into()),
                    GROUP_BUCKETS,
                )
            })
            .expect("the buckets are not empty");
        let recorder = builder.build_recorder();
        let handle = recorder.handle();
        if let Err(e) = metrics::set_global_recorder(recorder) {
            tracing::warn!("metrics: another recorder was installed first: {e}");
        }
        describe();
        handle
    })
}

/// The HELP line of every metric, and each game's series at zero.
fn describe() {
    use metrics::{describe_counter, describe_gauge, describe_histogram, Unit};
    describe_gauge!(TABLES_LIVE, "Tables open now (lobby or in play), per game.");
    describe_counter!(GAMES_STARTED, "Games dealt, per game.");
    describe_counter!(GAMES_FINISHED, "Games settled, per game.");
    describe_counter!(
        GAMES_RESUMED,
        "Unfinished games taken up at start-up, per game and outcome (resumed or cancelled)."
    );
    describe_counter!(INTERACTIONS, "Discord interactions handled, per kind.");
    describe_histogram!(
        INTERACTION_SECONDS,
        Unit::Seconds,
        "From an interaction's arrival to its complete answer, per kind."
    );
    describe_histogram!(
        ACK_SECONDS,
        Unit::Seconds,
        "From an interaction's arrival to its first response (answer or acknowledgement), per kind."
    );
    describe_counter!(
        DISCORD_ERRORS,
        "Failed Discord requests, per Discord JSON error code (or http_<status>, or other)."
    );
    describe_histogram!(
        LEDGER_WRITE_SECONDS,
        Unit::Seconds,
        "A table's ledger write as the table waits for it, per operation."
    );
    paiju_ledger::describe_metrics();
    for kind in GameKind::ALL {
        let game = kind.name();
        metrics::gauge!(TABLES_LIVE, "game" => game).increment(0.0);
        metrics::counter!(GAMES_STARTED, "game" => game).increment(0);
        metrics::counter!(GAMES_FINISHED, "game" => game).increment(0);
        for outcome in ["resumed", "cancelled"] {
            metrics::counter!(GAMES_RESUMED, "game" => game, "outcome" => outcome).increment(0);
        }
    }
}

/// A table opened (its task started).
pub fn table_opened(kind: GameKind) {
    metrics::gauge!(TABLES_LIVE, "game" => kind.name()).increment(1.0);
}

/// A table closed (its task ended).
pub fn table_closed(kind: GameKind) {
    metrics::gauge!(TABLES_LIVE, "game" => kind.name()).decrement(1.0);
}

/// A game was dealt.
pub fn game_started(kind: GameKind) {
    metrics::counter!(GAMES_STARTED, "game" => kind.name()).increment(1);
}

/// A game was settled.
pub fn game_finished(kind: GameKind) {
    metrics::counter!(GAMES_FINISHED, "game" => kind.name()).increment(1);
}

/// A stored game was taken up at start-up (`resumed`) or could not be
/// and was cancelled.
pub fn game_resumed(kind: GameKind, resumed: bool) {
    let outcome = if resumed { "resumed" } else { "cancelled" };
    metrics::counter!(GAMES_RESUMED, "game" => kind.name(), "outcome" => outcome).increment(1);
}

/// An interaction of `kind` was handled in `took`.
pub fn interaction_handled(kind: &'static str, took: Duration) {
    metrics::counter!(INTERACTIONS, "kind" => kind).increment(1);
    metrics::histogram!(INTERACTION_SECONDS, "kind" => kind).record(took.as_secs_f64());
}

/// An interaction of `kind` got its first response `took` after it arrived.
pub fn interaction_acknowledged(kind: &'static str, took: Duration) {
    metrics::histogram!(ACK_SECONDS, "kind" => kind).record(took.as_secs_f64());
}

/// A Discord request failed with `code` (see [`DISCORD_ERRORS`]).
pub fn discord_error(code: String) {
    metrics::counter!(DISCORD_ERRORS, "code" => code).increment(1);
}

/// A table's ledger write `op` took `took`.
pub fn ledger_write(op: &'static str, took: Duration) {
    metrics::histogram!(LEDGER_WRITE_SECONDS, "op" => op).record(took.as_secs_f64());
}
