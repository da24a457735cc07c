//! The operator's view of the bot (`[ops] listen`, `[log] format`):
//! `/healthz` and `/metrics` scraped from the real bot against the fake
//! Discord while a game is played to its end (the metrics move), `/healthz`
//! answering 503 with its reason when the gateway is not connected, when
//! the database is unreachable and when a lease was lost, and the log
//! written as JSON lines naming the table's guild, channel and game.

use crate::support;

use paiju::ledger::{lease, LeaseOwner, Ledger, LedgerConfig};
use paiju::ops::{self, Health, Ops};
use serde_json::{json, Value};
use std::io::{Read, Write};
use std::net::SocketAddr;
use std::time::{Duration, Instant};
use support::bot::BotProcess;
use support::db::{Backend, TestDb};
use support::fake_discord::{FakeDiscord, CHANNEL_ID, GUILD_ID};
use support::session::{button, sub, table_message};

const ANN: u64 = 100_000_000_000_000_001;

/// One GET, as a scraper makes it: the status and the body.
fn get(addr: SocketAddr, path: &str) -> (u16, String) {
    let mut s = std::net::TcpStream::connect_timeout(&addr, Duration::from_secs(5)).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut raw = String::new();
    s.read_to_string(&mut raw).unwrap();
    let (head, body) = raw.split_once("\r\n\r\n").expect("an HTTP answer");
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    (status, body.to_string())
}

/// [`get`] off the async workers.
async fn scrape(addr: SocketAddr, path: &'static str) -> (u16, String) {
    tokio::task::spawn_blocking(move || get(addr, path))
        .await
        .unwrap()
}

/// The value of one series in Prometheus' text format (`name{labels}`
/// exactly as rendered, labels in the order they were given), if listed.
fn series(metrics: &str, name_and_labels: &str) -> Option<f64> {
    metrics.lines().find_map(|l| {
        let rest = l.strip_prefix(name_and_labels)?;
        rest.strip_prefix(' ')?.trim().parse().ok()
    })
}

/// A port nobody listens on now.
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

async fn wait_until<F, Fut>(what: &str, secs: u64, mut check: F)
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = bool>,
{
    let deadline = Instant::now() + Duration::from_secs(secs);
    while !check().await {
        assert!(Instant::now() < deadline, "waited {secs} s for {what}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_serves_health_and_metrics_and_logs_json_while_a_game_is_played() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let port = free_port();
    let addr: SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
    let listen = addr.to_string();
    // The log format from the config file, the listener from the
    // environment: both ways are read.
    let config = dir.path().join("config.toml");
    std::fs::write(&config, "[log]\nformat = \"json\"\nlevel = \"info\"\n").unwrap();
    let config_var = config.to_str().unwrap().to_string();
    let bot = BotProcess::start(
        &fake.api_url(),
        dir.path(),
        &[
            ("PAIJU_CONFIG", &config_var),
            ("PAIJU_OPS_LISTEN", &listen),
            ("RUST_LOG", "info,serenity=warn,poise=warn"),
            // A member who does not act is played for by the AI after a
            // second: the game runs to its end by itself.
            ("PAIJU_TIMERS_BID_SECS", "1"),
            ("PAIJU_TIMERS_PLAY_SECS", "1"),
            ("PAIJU_TIMERS_AI_DELAY_MS", "0"),
        ],
    );
    fake.wait_ready(1).await;

    // Healthy once the gateway is up: every check says so.
    wait_until("/healthz to answer 200", 30, || async {
        scrape(addr, "/healthz").await.0 == 200
    })
    .await;
    let (_, health) = scrape(addr, "/healthz").await;
    assert!(health.starts_with("ok\n"), "{health}");
    for line in [
        "gateway ok: connected",
        "database ok: reachable",
        "leases ok: held (tables)",
    ] {
        assert!(health.contains(line), "{line} missing from {health}");
    }

    // Every metric is named from the start, each game's counters at 0.
    let (status, before) = scrape(addr, "/metrics").await;
    assert_eq!(status, 200);
    for name in [
        "paiju_tables_live",
        "paiju_games_started_total",
        "paiju_games_finished_total",
        "paiju_games_resumed_total",
    ] {
        assert!(
            before.contains(&format!("# TYPE {name} ")),
            "{name}: {before}"
        );
    }
    let finished = "paiju_games_finished_total{game=\"dou-dizhu\"}";
    let started = "paiju_games_started_total{game=\"dou-dizhu\"}";
    assert_eq!(series(&before, finished), Some(0.0), "{before}");
    assert_eq!(series(&before, started), Some(0.0), "{before}");

    // A table: Ann and two AI seats; she starts and lets the AI play for her.
    let id = fake.command(ANN, "en-US", "dou-dizhu", sub("start", json!([])));
    fake.wait_answer(id).await;
    fake.wait_for("the lobby", 20, |f| {
        table_message(f).is_some_and(|m| button(&m, ":ai:").is_some())
    })
    .await;
    let lobby = table_message(&fake).unwrap();
    let table_id: u64 = lobby["id"].as_str().unwrap().parse().unwrap();
    let add_ai = button(&lobby, ":ai:").unwrap();
    for _ in 0..2 {
        let id = fake.click(ANN, "en-US", table_id, &add_ai);
        fake.wait_answer(id).await;
    }
    let (_, open) = scrape(addr, "/metrics").await;
    assert_eq!(
        series(&open, "paiju_tables_live{game=\"dou-dizhu\"}"),
        Some(1.0),
        "{open}"
    );
    let start = button(&table_message(&fake).unwrap(), ":start:").unwrap();
    let id = fake.click(ANN, "en-US", table_id, &start);
    fake.wait_answer(id).await;

    // The game ends: the counter moves.
    wait_until("the game to finish in the metrics", 120, || async {
        series(&scrape(addr, "/metrics").await.1, finished) >= Some(1.0)
    })
    .await;
    let (_, after) = scrape(addr, "/metrics").await;
    // Three passes are a redeal: the settled game is followed at once by
    // the next one at the same table, so one more may have started.
    let started_now = series(&after, started).unwrap_or(0.0);
    let finished_now = series(&after, finished).unwrap_or(0.0);
    assert!(
        started_now == finished_now || started_now == finished_now + 1.0,
        "{after}"
    );
    assert!(
        series(&after, "paiju_interactions_total{kind=\"command\"}") >= Some(1.0),
        "{after}"
    );
    assert!(
        series(&after, "paiju_interactions_total{kind=\"component\"}") >= Some(3.0),
        "{after}"
    );
    // Histograms with buckets: the clicks' latency and acknowledgement,
    // the settlement's write, the ledger's groups.
    for series_count in [
        "paiju_interaction_seconds_count{kind=\"component\"}",
        "paiju_interaction_ack_seconds_count{kind=\"component\"}",
        "paiju_interaction_ack_seconds_count{kind=\"command\"}",
        "paiju_ledger_write_seconds_count{op=\"settle\"}",
        "paiju_ledger_write_seconds_count{op=\"open\"}",
        "paiju_ledger_group_writes_count",
        "paiju_ledger_group_seconds_count",
    ] {
        assert!(
            series(&after, series_count) >= Some(1.0),
            "{series_count}: {after}"
        );
    }
    assert!(
        after.contains("paiju_interaction_ack_seconds_bucket{kind=\"component\",le=\"0.1\"}"),
        "{after}"
    );
    // Anything else is not found.
    assert_eq!(scrape(addr, "/").await.0, 404);

    let log_file = bot.log.clone();
    let status = bot.stop();
    assert!(status.success() || status.code().is_none(), "{status:?}");

    // The log: one JSON object a line, and the lines about the table name
    // its guild and channel (the span) and its game.
    let log = std::fs::read_to_string(log_file).unwrap();
    let lines: Vec<Value> = log
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect();
    assert!(!lines.is_empty());
    for l in &lines {
        assert!(l["timestamp"].is_string() && l["level"].is_string(), "{l}");
    }
    let settled = lines
        .iter()
        .find(|l| l["message"] == "game settled")
        .unwrap_or_else(|| panic!("no `game settled` line in {log}"));
    eprintln!("a table's log line: {settled}");
    assert_eq!(settled["span"]["name"], "table", "{settled}");
    assert_eq!(settled["span"]["guild"], GUILD_ID, "{settled}");
    assert_eq!(settled["span"]["channel"], CHANNEL_ID, "{settled}");
    assert_eq!(settled["span"]["kind"], "dou-dizhu", "{settled}");
    assert!(settled["game"].as_i64().is_some_and(|g| g > 0), "{settled}");
    assert!(
        lines.iter().any(
            |l| l["message"] == "health and metrics listener: /healthz, /metrics"
                && l["addr"] == listen.as_str()
        ),
        "{log}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn healthz_says_the_gateway_is_not_connected() {
    // A Discord that is not there: the bot keeps trying, and says so.
    let dir = tempfile::tempdir().unwrap();
    let nowhere = format!("http://127.0.0.1:{}", free_port());
    let addr: SocketAddr = format!("127.0.0.1:{}", free_port()).parse().unwrap();
    let listen = addr.to_string();
    let bot = BotProcess::start(&nowhere, dir.path(), &[("PAIJU_OPS_LISTEN", &listen)]);
    wait_until("the listener", 30, || async {
        tokio::task::spawn_blocking(move || std::net::TcpStream::connect(addr).is_ok())
            .await
            .unwrap()
    })
    .await;
    let (status, body) = scrape(addr, "/healthz").await;
    assert_eq!(status, 503, "{body}");
    assert!(body.starts_with("unhealthy\n"), "{body}");
    assert!(
        body.contains("gateway FAIL: not connected: shard 0"),
        "{body}"
    );
    assert!(body.contains("database ok: reachable"), "{body}");
    // The metrics are served all the same.
    let (status, metrics) = scrape(addr, "/metrics").await;
    assert_eq!(status, 200);
    assert!(metrics.contains("paiju_games_finished_total"), "{metrics}");
    bot.stop();
}

/// The health checks on a ledger of this process, on SQLite and on
/// PostgreSQL: a lease taken by another process and a database that no
/// longer answers each turn `/healthz` to 503, naming what is wrong.
async fn healthz_says_a_lost_lease_and_an_unreachable_database(b: Backend) {
    let db = TestDb::new(b).await.unwrap();
    let ledger = Ledger::open(&db.url, LedgerConfig::default())
        .await
        .unwrap();
    let me = LeaseOwner::me();
    let held = ledger.take_lease(lease::TABLES, &me).await.unwrap();
    let health = Health {
        gateway: Box::new(|| Box::pin(async { Ok("connected (1 shard)".to_string()) })),
        ledger: ledger.clone(),
        leases: Some((me.clone(), vec![lease::TABLES.to_string()])),
    };
    let listener = ops::serve(
        "127.0.0.1:0".parse().unwrap(),
        Ops {
            health,
            metrics: ops::metrics::install(),
        },
    )
    .await
    .unwrap();
    let addr = listener.addr;
    let (status, body) = scrape(addr, "/healthz").await;
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("leases ok: held (tables)"), "{body}");

    // Another process took the lease over.
    db.exec("UPDATE leases SET owner = 'someone-else'").await;
    let (status, body) = scrape(addr, "/healthz").await;
    assert_eq!(status, 503, "{body}");
    assert!(
        body.contains("leases FAIL: not held any more: tables"),
        "{body}"
    );
    assert!(body.contains("database ok"), "{body}");

    // The database is gone from under the bot.
    held.release().await;
    ledger.close().await;
    let (status, body) = scrape(addr, "/healthz").await;
    assert_eq!(status, 503, "{body}");
    assert!(body.contains("database FAIL: unreachable"), "{body}");
    assert!(body.contains("gateway ok"), "{body}");
    drop(listener);
}

on_every_database!(healthz_says_a_lost_lease_and_an_unreachable_database);
