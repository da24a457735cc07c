//! What an operator reads of a running bot: an HTTP listener, off unless
//! `[ops] listen` names an address, serving
//!
//! - `GET /healthz`: 200 when the gateway is connected, the database
//!   answers and this process holds every lease it took; else 503. The
//!   body says each check on a line of its own (`gateway ok: …`,
//!   `database FAIL: …`), so the reason of a 503 is in it;
//! - `GET /metrics`: every metric ([`metrics`]) in Prometheus' text format.
//!
//! The server is hyper's (already in the build through serenity's HTTP
//! client): an accept loop and `hyper::server::conn::http1` per
//! connection; the two routes need no router. The listener has no
//! authentication: keep it on a private address.
//!
//! Nothing here knows Discord: the gateway's state comes as a [`Probe`]
//! the Discord front end makes from its shard manager.

pub mod metrics;

use crate::ledger::{LeaseOwner, Ledger};
use http_body_util::Full;
use hyper::body::{Bytes, Incoming};
use hyper::{Method, Request, Response, StatusCode};
use hyper_util::rt::TokioIo;
use metrics_exporter_prometheus::PrometheusHandle;
use std::future::Future;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

/// How long one health check may take before it counts as failed.
const CHECK_TIMEOUT: Duration = Duration::from_secs(3);

/// How often the recorder drains its histograms (the exporter's own
/// listener would do this; ours does it here).
const UPKEEP_EVERY: Duration = Duration::from_secs(5);

/// A check's result: what was seen (`Ok`), or why it failed (`Err`).
pub type Check = Result<String, String>;

/// Asks something outside this module for one check (the gateway's state).
pub type Probe = Box<dyn Fn() -> Pin<Box<dyn Future<Output = Check> + Send>> + Send + Sync>;

/// What `/healthz` checks.
pub struct Health {
    /// Whether the Discord gateway is connected.
    pub gateway: Probe,
    /// The ledger: it must answer a query.
    pub ledger: Ledger,
    /// The leases this process took (their owner and scopes: `tables`, or
    /// `shard:i/n` for each shard): each must still be held, alive.
    pub leases: Option<(LeaseOwner, Vec<String>)>,
}

/// The result of every check.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HealthReport {
    pub checks: Vec<(&'static str, Check)>,
}

impl HealthReport {
    pub fn healthy(&self) -> bool {
        self.checks.iter().all(|(_, c)| c.is_ok())
    }

    /// The body of `/healthz`: `ok` or `unhealthy`, then a line a check.
    pub fn render(&self) -> String {
        let mut out = String::from(if self.healthy() {
            "ok\n"
        } else {
            "unhealthy\n"
        });
        for (name, check) in &self.checks {
            match check {
                Ok(seen) => out.push_str(&format!("{name} ok: {seen}\n")),
                Err(why) => out.push_str(&format!("{name} FAIL: {why}\n")),
            }
        }
        out
    }
}

impl Health {
    /// Runs every check (each within `CHECK_TIMEOUT`).
    pub async fn check(&self) -> HealthReport {
        let gateway = timed("gateway", (self.gateway)()).await;
        let database = timed("database", async {
            match self.ledger.ping().await {
                Ok(()) => Ok("reachable".to_string()),
                Err(e) => Err(format!("unreachable: {e}")),
            }
        })
        .await;
        let mut checks = vec![gateway, database];
        if let Some((owner, scopes)) = &self.leases {
            checks.push(
                timed("leases", async move {
                    let held = self
                        .ledger
                        .leases_held(owner)
                        .await
                        .map_err(|e| format!("cannot read them: {e}"))?;
                    let lost: Vec<&str> = scopes
                        .iter()
                        .filter(|s| !held.contains(s))
                        .map(String::as_str)
                        .collect();
                    if lost.is_empty() {
                        Ok(format!("held ({})", scopes.join(", ")))
                    } else {
                        Err(format!("not held any more: {}", lost.join(", ")))
                    }
                })
                .await,
            );
        }
        HealthReport { checks }
    }
}

/// `check` within [`CHECK_TIMEOUT`], named.
async fn timed(name: &'static str, check: impl Future<Output = Check>) -> (&'static str, Check) {
    match tokio::time::timeout(CHECK_TIMEOUT, check).await {
        Ok(c) => (name, c),
        Err(_) => (name, Err(format!("no answer within {CHECK_TIMEOUT:?}"))),
    }
}

/// What the listener serves.
pub struct Ops {
    pub health: Health,
    /// The recorder's handle ([`metrics::install`]).
    pub metrics: &'static PrometheusHandle,
}

/// A running listener; stopped when dropped.
pub struct Listener {
    /// The address it listens on (the port chosen, when `:0` was asked).
    pub addr: SocketAddr,
    tasks: Vec<tokio::task::JoinHandle<()>>,
}

impl Drop for Listener {
    fn drop(&mut self) {
        for t in &self.tasks {
            t.abort();
        }
    }
}

/// Listens on `addr` and serves [`Ops`] until the returned [`Listener`]
/// is dropped. An address that cannot be bound is the error (said at
/// start-up, before the bot connects).
pub async fn serve(addr: SocketAddr, ops: Ops) -> std::io::Result<Listener> {
    let listener = tokio::net::TcpListener::bind(addr).await?;
    let addr = listener.local_addr()?;
    let ops = Arc::new(ops);
    let upkeep = {
        let handle = ops.metrics;
        tokio::spawn(async move {
            let mut every = tokio::time::interval(UPKEEP_EVERY);
            loop {
                every.tick().await;
                handle.run_upkeep();
            }
        })
    };
    let accept = tokio::spawn(async move {
        loop {
            let (stream, _) = match listener.accept().await {
                Ok(s) => s,
                Err(e) => {
                    // Out of descriptors and the like: wait, go on.
                    tracing::warn!("ops listener: accept failed: {e}");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            };
            let ops = ops.clone();
            tokio::spawn(async move {
                let service = hyper::service::service_fn(move |req| {
                    let ops = ops.clone();
                    async move { Ok::<_, std::convert::Infallible>(answer(&ops, req).await) }
                });
                let conn = hyper::server::conn::http1::Builder::new()
                    .serve_connection(TokioIo::new(stream), service);
                if let Err(e) = conn.await {
                    tracing::debug!("ops listener: a connection ended badly: {e}");
                }
            });
        }
    });
    tracing::info!(%addr, "health and metrics listener: /healthz, /metrics");
    Ok(Listener {
        addr,
        tasks: vec![accept, upkeep],
    })
}

async fn answer(ops: &Ops, req: Request<Incoming>) -> Response<Full<Bytes>> {
    let text = |status: StatusCode, content_type: &'static str, body: String| {
        let mut r = Response::new(Full::new(Bytes::from(body)));
        *r.status_mut() = status;
        r.headers_mut().insert(
            hyper::header::CONTENT_TYPE,
            hyper::header::HeaderValue::from_static(content_type),
        );
        r
    };
    const PLAIN: &str = "text/plain; charset=utf-8";
    if req.method() != Method::GET && req.method() != Method::HEAD {
        return text(
            StatusCode::METHOD_NOT_ALLOWED,
            PLAIN,
            "only GET\n".to_string(),
        );
    }
    match req.uri().path() {
        "/healthz" => {
            let report = ops.health.check().await;
            let status = if report.healthy() {
                StatusCode::OK
            } else {
                StatusCode::SERVICE_UNAVAILABLE
            };
            text(status, PLAIN, report.render())
        }
        "/metrics" => text(
            StatusCode::OK,
            "text/plain; version=0.0.4; charset=utf-8",
            ops.metrics.render(),
        ),
        _ => text(
            StatusCode::NOT_FOUND,
            PLAIN,
            "not found: /healthz or /metrics\n".to_string(),
        ),
    }
}
