//! Issue #37: the bot's longest messages fit Discord's limits.
//!
//! The end-to-end tests play against a fake Discord that refuses whatever
//! breaks a documented limit (`support::discord_limits`); this file looks
//! for the longest messages on purpose. [`every_message_of_every_game_fits`]
//! plays many whole games of every game in-process, at their largest
//! settings (four decks of Shengji, six Chexuan seats, twelve of Duan Guozi, …), at random, and
//! draws at every step, in every language, exactly what the bot would send:
//! the table message (its embed with the log, its buttons), every seat's
//! private hand view (with a hint's note and its cards chosen, and with
//! the "outdated" note), each hand DM and the result. Each must be within
//! Discord's limits as it is, without the bot's last-resort cut
//! (`discord::fit`), which would lose words. The end-to-end tests beside
//! it (`discord_e2e`, `shengji::discord`, …) send the same through the
//! real bot.

use crate::support::discord_limits as limits;
use paiju::discord::table::clicks::hand_message;
use paiju::discord::table::driver::{dm_text, table_message, words_below, LOG_LINES};
use paiju::discord::table::fair::{with_commitment, with_reveal};
use paiju::discord::table::{DiscordGame, HandView, Names, ResultView, TableView};
use paiju::fair::{chosen_seed, FairDeal};
use paiju::i18n::Lang;
use paiju::table::{FairReveal, GameResult, JoinArgs, Occupant, SeatSetup, SettleReport};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};
use std::collections::VecDeque;

/// A revealed fair deal as the result shows it, its longest form (a
/// chosen seed, so the note is shown too).
fn fair_reveal() -> FairReveal {
    FairReveal {
        deal: FairDeal::new(chosen_seed(1, 0), true).committed("dou-dizhu", u64::MAX),
        verified: false,
    }
}

/// The largest a message grew, for the report.
#[derive(Default, Debug)]
struct Largest {
    /// (characters, what) of the longest embed text of one message.
    embed: (usize, String),
    /// The most action rows / select options in one message.
    rows: usize,
    options: usize,
    messages: usize,
    /// Moves played, and games played to their end.
    steps: usize,
    finished: usize,
}

impl Largest {
    /// Checks one message against Discord's limits and notes its size.
    fn check(&mut self, what: &str, message: Value) {
        let problems = limits::message(&message, "");
        assert!(
            problems.is_empty(),
            "{what} breaks Discord's limits: {problems:?}\n{message:#}"
        );
        self.messages += 1;
        let text: usize = message["embeds"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|e| {
                let s = |v: &Value| v.as_str().map_or(0, limits::chars);
                s(&e["title"])
                    + s(&e["description"])
                    + s(&e["footer"]["text"])
                    + e["fields"]
                        .as_array()
                        .into_iter()
                        .flatten()
                        .fold(0, |n, f| n + s(&f["name"]) + s(&f["value"]))
            })
            .sum();
        if text > self.embed.0 {
            self.embed = (text, what.to_string());
        }
        let rows = message["components"].as_array().map_or(0, Vec::len);
        self.rows = self.rows.max(rows);
        for row in message["components"].as_array().into_iter().flatten() {
            for c in row["components"].as_array().into_iter().flatten() {
                let n = c["options"].as_array().map_or(0, Vec::len);
                self.options = self.options.max(n);
            }
        }
    }
}

fn to_json<T: serde::Serialize>(x: &T) -> Value {
    serde_json::to_value(x).expect("a builder serializes")
}

/// The longest ids the bot could draw: a game id and version of many
/// digits, members' ids of 20 digits.
const GAME: i64 = i64::MAX;
const VERSION: u64 = 9_999_999;

/// Plays `games` whole games of `G` under `rules` at `seats` seats,
/// every move at random, checking every message the bot would send.
fn sweep<G: DiscordGame>(rules: Value, seats: usize, games: u64, max_steps: usize) -> Largest {
    let mut largest = Largest::default();
    let rules: G::Rules = serde_json::from_value(rules.clone()).expect("rules");
    // People everywhere but one AI seat: mentions are the longest names.
    let occupants: Vec<Occupant> = (0..seats)
        .map(|i| {
            if i == 1 {
                Occupant::Ai
            } else {
                Occupant::Human(u64::MAX - i as u64)
            }
        })
        .collect();
    for seed in 0..games {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let setups: Vec<SeatSetup> = occupants
            .iter()
            .map(|o| SeatSetup {
                human: matches!(o, Occupant::Human(_)),
                join: JoinArgs::default(),
                balance: o.user().map(|_| 1_000_000_000),
            })
            .collect();
        let mut g = G::deal_table(rules.clone(), &setups, &mut rng).expect("a deal");
        let mut logs: Vec<VecDeque<String>> = Lang::ALL.iter().map(|_| VecDeque::new()).collect();
        for step in 0..max_steps {
            for (li, &lang) in Lang::ALL.iter().enumerate() {
                let names = Names::of(lang, &occupants);
                check_step(&mut largest, &g, lang, &names, &logs[li], step);
            }
            if g.is_finished() {
                largest.finished += 1;
                break;
            }
            largest.steps += 1;
            // A table step (Shengji's deal) or a move of a seat asked.
            let waiting = g.waiting_on();
            let step_due = g.table_step();
            let (seat, action) = match (step_due, waiting.choose(&mut rng)) {
                (Some((seat, action, _)), None) => (seat, action),
                (Some((seat, action, _)), Some(_)) if rng.gen_bool(0.5) => (seat, action),
                (_, Some(&seat)) => {
                    let legal = g.legal_actions(seat);
                    let Some(action) = legal.choose(&mut rng).cloned() else {
                        break;
                    };
                    (seat, action)
                }
                (None, None) => break,
            };
            let events = g.apply(seat, &action).expect("a legal action");
            for (li, &lang) in Lang::ALL.iter().enumerate() {
                let names = Names::of(lang, &occupants);
                for line in G::event_lines(lang, &names, seat, &action, &events) {
                    if line.is_empty() {
                        continue;
                    }
                    logs[li].push_back(line);
                    while logs[li].len() > LOG_LINES {
                        logs[li].pop_front();
                    }
                }
            }
        }
        // The result, as the driver posts it.
        if let Some(payout) = g.payout(1_000_000) {
            for &lang in &Lang::ALL {
                let names = Names::of(lang, &occupants);
                let result = GameResult::<G> {
                    outcome: g.outcome(),
                    capped: Vec::new(),
                    // The longest fair-deal field: a chosen seed's note too.
                    fair: Some(fair_reveal()),
                    owed: payout.deltas.clone(),
                };
                let report = SettleReport {
                    paid: payout.deltas.clone(),
                    rake: 0,
                    balances: occupants
                        .iter()
                        .map(|o| o.user().map(|_| 999_999_999_999))
                        .collect(),
                    ratings: None,
                };
                let view = g.view(None);
                let rv = ResultView::<G> {
                    lang,
                    game: GAME,
                    stake: 1_000_000,
                    names: &names,
                    last_view: Some(&view),
                    result: &result,
                    report: &report,
                };
                if let Some(embed) = G::result_embed(&rv) {
                    let embed = with_reveal(embed, lang, result.fair.as_ref());
                    largest.check("the result", json!({ "embeds": [to_json(&embed)] }));
                }
            }
        }
    }
    largest
}

/// Every message the bot would send at this state of `g`.
fn check_step<G: DiscordGame>(
    largest: &mut Largest,
    g: &G,
    lang: Lang,
    names: &Names,
    log: &VecDeque<String>,
    step: usize,
) {
    let log: Vec<String> = log.iter().cloned().collect();
    let autoplay = vec![false; g.seats()];
    let public = g.view(None);
    let turn = g.waiting_on().first().copied();
    let legal = turn.map(|s| g.public_actions(s)).unwrap_or_default();
    let tv = TableView::<G> {
        lang,
        game: GAME,
        version: VERSION,
        stake: 1_000_000,
        names,
        view: &public,
        deadline: Some(4_000_000_000),
        log: &log,
        autoplay: &autoplay,
    };
    let (embed, rows) = table_message(&tv, &legal);
    let embed = with_commitment(embed, lang, fair_reveal().deal.public().as_ref());
    let what = format!("{} table message, step {step}", lang.code());
    largest.check(
        &what,
        json!({ "embeds": [to_json(&embed)], "components": to_json(&rows) }),
    );
    for seat in 0..g.seats() {
        let view = g.view(Some(seat));
        let legal = g.legal_actions(seat);
        let hv = HandView::<G> {
            lang,
            game: GAME,
            version: VERSION,
            seat,
            view: &view,
            legal: &legal,
        };
        let what = format!("{} hand view of seat {seat}, step {step}", lang.code());
        let mut shown = vec![(Vec::new(), None)];
        // A hint's cards chosen, with its line; and the "outdated" note.
        if let Some(a) = legal.last() {
            let (values, line) = G::hint_selection(lang, a);
            shown.push((values, Some(line)));
        }
        shown.push((
            Vec::new(),
            Some(paiju::i18n::tr(lang, "hand-view-outdated")),
        ));
        for (values, note) in shown {
            let (text, rows) = hand_message(&hv, &values, note);
            largest.check(
                &what,
                json!({ "embeds": [to_json(&words_below(&text))], "components": to_json(&rows) }),
            );
        }
        if let Some(hand) = G::hand_text(lang, &view) {
            let text = dm_text::<G>(lang, u64::MAX, &hand);
            largest.check(
                &format!("{} hand DM of seat {seat}", lang.code()),
                json!({ "embeds": [to_json(&words_below(&text))] }),
            );
        }
    }
}

/// Every game at its largest settings, many games each: nothing the bot
/// draws breaks a limit (see the module's doc). Prints the largest of
/// each.
#[test]
fn every_message_of_every_game_fits() {
    use paiju::games::dou_dizhu::DouDizhu;
    use paiju::games::duan_guozi::DuanGuozi;
    let mut report = Vec::new();
    let mut run = |name: &str, largest: Largest| {
        assert!(largest.messages > 0, "{name}: nothing drawn");
        report.push(format!("{name}: {largest:?}"));
    };
    for decks in [2, 3, 4] {
        run(
            &format!("shengji, {decks} decks"),
            sweep::<paiju::games::shengji::session::ShengjiTable>(
                json!({ "decks": decks }),
                4,
                3,
                4000,
            ),
        );
    }
    run(
        "paohuzi",
        sweep::<paiju::hosts::paohuzi::PaohuziTable>(json!({}), 3, 12, 2000),
    );
    for seats in [2, 6] {
        run(
            &format!("chexuan, {seats} seats"),
            sweep::<paiju::games::chexuan::session::ChexuanTable>(json!({}), seats, 4, 600),
        );
    }
    run(
        "dou dizhu, 3 players",
        sweep::<DouDizhu>(json!({}), 3, 10, 500),
    );
    run(
        "dou dizhu, 2 players, wild",
        sweep::<DouDizhu>(json!({ "players": 2, "wild": true }), 2, 10, 500),
    );
    run("duan guozi", sweep::<DuanGuozi>(json!({}), 12, 6, 500));
    eprintln!("{}", report.join("\n"));
}

// ---- The real bot's longest replies, through the strict fake ----------

use crate::support::bot::BotProcess;
use crate::support::fake_discord::{FakeDiscord, GUILD_ID};
use crate::support::session::{sub, text_of};

const ANN: u64 = 100_000_000_000_000_021;

/// `/<game> rules` of every game in both languages: every word arrives
/// (a text past 2,000 characters in as many private messages as it
/// needs, cut between paragraphs), nothing is cut off, and each message
/// is within Discord's limits (the fake refuses any that is not).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rules_of_every_game_arrive_whole_in_both_languages() {
    use paiju::discord::errors::{split_content, MAX_CONTENT};
    use paiju::games::dou_dizhu::DouDizhu;
    use paiju::games::duan_guozi::DuanGuozi;
    let session = crate::support::session::Session::start(&[]).await;
    let fake = &session.fake;
    let games: [(&str, &[&str]); 5] = [
        ("dou-dizhu", DouDizhu::RULES_KEYS),
        ("duan-guozi", DuanGuozi::RULES_KEYS),
        (
            "chexuan",
            paiju::games::chexuan::session::ChexuanTable::RULES_KEYS,
        ),
        (
            "shengji",
            paiju::games::shengji::session::ShengjiTable::RULES_KEYS,
        ),
        ("paohuzi", paiju::hosts::paohuzi::PaohuziTable::RULES_KEYS),
    ];
    let mut longest = (0, String::new());
    for (command, keys) in games {
        for lang in Lang::ALL {
            let want: Vec<String> = keys
                .iter()
                .flat_map(|k| {
                    let text = paiju::i18n::tr(lang, k);
                    let n = limits::chars(&text);
                    if n > longest.0 {
                        longest = (n, format!("{k} ({})", lang.code()));
                    }
                    split_content(&text, MAX_CONTENT)
                })
                .collect();
            let id = fake.command(ANN, lang.code(), command, sub("rules", json!([])));
            fake.wait_for(&format!("/{command} rules in {}", lang.code()), 20, |f| {
                f.answered(id) && f.interaction(id).followups.len() + 1 >= want.len()
            })
            .await;
            let answer = fake.interaction(id);
            assert!(answer.is_ephemeral(), "{answer:?}");
            let mut got = vec![answer.callback.as_ref().unwrap()["data"]["content"].clone()];
            got.extend(answer.followups.iter().map(|f| f["content"].clone()));
            let got: Vec<String> = got
                .iter()
                .map(|c| c.as_str().unwrap_or("").to_string())
                .collect();
            assert_eq!(got, want, "/{command} rules in {}", lang.code());
            assert!(got.iter().all(|p| limits::chars(p) <= limits::CONTENT));
        }
    }
    eprintln!(
        "the longest rules text: {} characters, {}",
        longest.0, longest.1
    );
    fake.assert_within_limits();
    let status = session.bot.stop();
    assert!(status.success() || status.code().is_none(), "{status:?}");
}

/// A server where hundreds of games were played, twelve members at a
/// time at Duan Guozi with big wins and losses, among a thousand members:
/// `/history` shows the newest games that fit Discord's 4,096 characters
/// (and says so), `/stats` of a member with hundreds of games and the
/// leaderboard fit, in both languages.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn history_stats_and_leaderboard_of_a_busy_server_fit() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("paiju.db").display());
    let config = paiju::ledger::LedgerConfig {
        starting_chips: 1_000_000_000_000,
        ..Default::default()
    };
    let ledger = paiju::ledger::Ledger::open(&url, config).await.unwrap();
    let members: Vec<u64> = (0..1000).map(|i| 100_000_000_000_001_000 + i).collect();
    for &m in &members {
        ledger.balance(GUILD_ID, m).await.unwrap();
    }
    let kinds = ["dou-dizhu", "duan-guozi", "chexuan", "shengji", "paohuzi"];
    for g in 0..300u64 {
        // The newest games are Duan Guozi's, twelve seats each: the
        // longest lines /history can have.
        let kind = if g >= 280 {
            "duan-guozi"
        } else {
            kinds[(g % 5) as usize]
        };
        let n = if kind == "duan-guozi" { 12 } else { 4 };
        let mut seats: Vec<Option<u64>> = vec![Some(members[0])];
        seats.extend((1..n).map(|i| Some(members[((g as usize * 7 + i) % 999) + 1])));
        let id = ledger
            .create_game(paiju::ledger::NewGame {
                server: GUILD_ID,
                channel: 1,
                kind: kind.into(),
                options: json!({}),
                seats,
                stake: 1,
            })
            .await
            .unwrap();
        let mut deltas = vec![-123_456_789_012i64; n];
        deltas[0] = 123_456_789_012 * (n as i64 - 1);
        ledger
            .settle(
                id,
                paiju::ledger::Settlement {
                    deltas,
                    rake_percent: 0,
                    record: json!({}),
                    winners: vec![0],
                },
            )
            .await
            .unwrap();
    }
    ledger.close().await;

    let fake = FakeDiscord::start().await;
    let bot = BotProcess::start(&fake.api_url(), dir.path(), &[]);
    fake.wait_ready(1).await;
    for locale in ["en-US", "zh-CN"] {
        let answer = fake
            .wait_answer(fake.command(ANN, locale, "history", json!([])))
            .await;
        let embed = &answer.callback.as_ref().unwrap()["data"]["embeds"][0];
        let lines = embed["description"].as_str().unwrap().lines().count();
        assert!((1..10).contains(&lines), "{lines} lines: {embed}");
        let footer = embed["footer"]["text"].as_str().unwrap_or("");
        let footer = footer.replace(['\u{2068}', '\u{2069}'], "");
        let said = if locale == "en-US" {
            format!("Only the newest {lines} games fit here.")
        } else {
            format!("这里只放得下最近的 {lines} 局。")
        };
        assert_eq!(footer, said);

        let options = json!([{ "name": "user", "type": 6, "value": members[0].to_string() }]);
        let answer = fake
            .wait_answer(fake.command(ANN, locale, "stats", options))
            .await;
        let text = text_of(&answer.callback.as_ref().unwrap()["data"]);
        assert_eq!(text.lines().count(), 6, "a title and a line a game: {text}");

        let board = json!([{ "name": "leaderboard", "type": 5, "value": true }]);
        let answer = fake
            .wait_answer(fake.command(members[500], locale, "chips", board))
            .await;
        let embed = &answer.callback.as_ref().unwrap()["data"]["embeds"][0];
        let lines = embed["description"].as_str().unwrap().lines().count();
        assert_eq!(lines, 10, "{embed}");
    }
    fake.assert_within_limits();
    let status = bot.stop();
    assert!(status.success() || status.code().is_none(), "{status:?}");
}

/// The fake refuses, as Discord does, what breaks a documented limit:
/// HTTP 400, code 50035 with the `errors` object naming each field, read
/// by serenity as the bot reads it; the message is not made, and the
/// request is recorded as a violation (which fails any test that does not
/// expect it, as this one does).
#[tokio::test]
async fn the_fake_refuses_what_discord_refuses() {
    use crate::support::fake_discord::CHANNEL_ID;
    use poise::serenity_prelude as serenity;
    let fake = FakeDiscord::start().await;
    fake.expect_violations();
    // Many requests at one channel, one after another: its rate limits
    // (tested in `discord_rate_limits`) are off here.
    for route in [
        crate::support::fake_discord::RateRoute::ChannelPosts,
        crate::support::fake_discord::RateRoute::MessageEdits,
    ] {
        fake.set_rate_limit(route, None);
    }
    let http = serenity::HttpBuilder::new("fake.bot.token")
        .proxy(fake.api_url())
        .ratelimiter_disabled(true)
        .build();
    http.set_application_id(serenity::ApplicationId::new(
        crate::support::fake_discord::APP_ID,
    ));
    let channel = serenity::ChannelId::new(CHANNEL_ID);
    let refused = |e: serenity::Error| match e {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)) => {
            assert_eq!(r.status_code.as_u16(), 400);
            (
                r.error.code,
                r.error
                    .errors
                    .into_iter()
                    .map(|e| e.path)
                    .collect::<Vec<_>>(),
            )
        }
        other => panic!("not Discord's refusal: {other:?}"),
    };
    // serenity's own checks (it refuses some long contents itself) are
    // passed by: the raw request, as any client could send it.
    let send = |body: Value| {
        let http = &http;
        async move { http.send_message(channel, Vec::new(), &body).await }
    };
    // Within every limit: made.
    let ok =
        json!({ "content": "梅".repeat(2000), "embeds": [{ "description": "x".repeat(4096) }] });
    send(ok).await.unwrap();
    assert!(fake.violations().is_empty());

    let e = send(json!({ "content": "梅".repeat(2001) }))
        .await
        .unwrap_err();
    assert_eq!(refused(e), (50035, vec!["content".to_string()]));
    let two = json!({ "description": "x".repeat(3001) });
    let e = send(json!({ "embeds": [two.clone(), two] }))
        .await
        .unwrap_err();
    assert_eq!(refused(e), (50035, vec!["embeds".to_string()]));
    let button =
        |i: usize| json!({ "type": 2, "style": 1, "label": "b", "custom_id": format!("b{i}") });
    let six: Vec<Value> = (0..6).map(button).collect();
    let e = send(json!({ "content": "six", "components": [{ "type": 1, "components": six }] }))
        .await
        .unwrap_err();
    assert_eq!(
        refused(e),
        (50035, vec!["components.0.components".to_string()])
    );
    let select = json!({ "type": 3, "custom_id": "s", "max_values": 3, "options": [
        { "label": "a", "value": "a" }, { "label": "b", "value": "b" } ] });
    let e = send(
        json!({ "content": "a select", "components": [{ "type": 1, "components": [select] }] }),
    )
    .await
    .unwrap_err();
    assert_eq!(
        refused(e),
        (
            50035,
            vec!["components.0.components.0.max_values".to_string()]
        )
    );
    let long_id = json!({ "type": 2, "style": 1, "label": "b", "custom_id": "x".repeat(101) });
    let e =
        send(json!({ "content": "an id", "components": [{ "type": 1, "components": [long_id] }] }))
            .await
            .unwrap_err();
    assert_eq!(
        refused(e),
        (
            50035,
            vec!["components.0.components.0.custom_id".to_string()]
        )
    );
    // Commands: a capital letter, and a required option after an optional.
    let commands = vec![
        serenity::CreateCommand::new("Play").description("d"),
        serenity::CreateCommand::new("ok")
            .description("d")
            .add_option(serenity::CreateCommandOption::new(
                serenity::CommandOptionType::String,
                "a",
                "d",
            ))
            .add_option(
                serenity::CreateCommandOption::new(serenity::CommandOptionType::String, "b", "d")
                    .required(true),
            ),
    ];
    let e = http
        .create_global_commands(&commands)
        .await
        .map(|_: Vec<serenity::Command>| ())
        .unwrap_err();
    assert_eq!(
        refused(e),
        (
            50035,
            vec!["0.name".to_string(), "1.options.1.required".to_string()]
        )
    );
    // Only the first message was made; every refusal is on record.
    assert_eq!(fake.channel_messages(CHANNEL_ID).len(), 1);
    let violations = fake.violations();
    assert_eq!(violations.len(), 6, "{violations:#?}");
    assert!(violations.iter().all(|v| v.code == 50035));
}

// ---- The fake's own checks -------------------------------------------

mod limits_checks {
    use crate::support::discord_limits::*;
    use serde_json::{json, Value};

    #[test]
    fn each_limit_is_caught_at_its_path() {
        let long = |n: usize| "x".repeat(n);
        let ok = json!({ "content": long(2000), "embeds": [{ "description": long(4000) }] });
        assert!(message(&ok, "").is_empty());
        let p = message(&json!({ "content": long(2001) }), "");
        assert_eq!(p[0].path, "content");
        let p = message(
            &json!({ "embeds": [{ "description": long(4000) }, { "description": long(2001) }] }),
            "data",
        );
        assert_eq!(p[0].path, "data.embeds", "{p:?}");
        let row = |n: usize| json!({ "type": 1, "components": (0..n).map(|i| json!({"type": 2, "style": 1, "label": "b", "custom_id": format!("b{i}")})).collect::<Vec<_>>() });
        assert!(message(&json!({ "components": [row(5)] }), "").is_empty());
        assert_eq!(
            message(&json!({ "components": [row(6)] }), "")[0].path,
            "components.0.components"
        );
        let six: Vec<Value> = (0..6).map(|_| row(1)).collect();
        assert_eq!(
            message(&json!({ "components": six }), "")[0].path,
            "components"
        );
        let select = json!({ "type": 1, "components": [{ "type": 3, "custom_id": "s", "max_values": 3,
            "options": [{ "label": "a", "value": "a" }, { "label": "b", "value": "b" }] }] });
        assert_eq!(
            message(&json!({ "components": [select] }), "")[0].path,
            "components.0.components.0.max_values"
        );
        let body = invalid_form_body(&message(&json!({ "content": long(2001) }), "data"));
        assert_eq!(
            body["errors"]["data"]["content"]["_errors"][0]["code"],
            "BASE_TYPE_MAX_LENGTH"
        );
    }

    #[test]
    fn command_names_and_sizes() {
        assert!(command_name_ok("dou-dizhu"));
        assert!(command_name_ok("斗地主"));
        assert!(!command_name_ok("Dou"));
        assert!(!command_name_ok("two words"));
        assert!(!command_name_ok(&"a".repeat(33)));
        let cmd = json!([{ "name": "x", "description": "d", "options": [
            { "type": 3, "name": "a", "description": "d" },
            { "type": 3, "name": "b", "description": "d", "required": true },
        ]}]);
        assert_eq!(commands(&cmd)[0].path, "0.options.1.required");
        let big = json!([{ "name": "x", "description": "d", "options": (0..25).map(|i| json!({
            "type": 3, "name": format!("o{i}"), "description": "d".repeat(100),
            "description_localizations": { "zh-CN": "长".repeat(100) },
            "choices": (0..25).map(|j| json!({ "name": format!("c{j}"), "value": "v".repeat(90) })).collect::<Vec<_>>()
        })).collect::<Vec<_>>() }]);
        assert!(commands(&big)
            .iter()
            .any(|p| p.code == "APPLICATION_COMMAND_TOO_LARGE"));
    }
}

/// Discord forgets an interaction its bot did not acknowledge within 3 s
/// (10062 Unknown interaction, and the member sees "This interaction
/// failed"): so does the fake, and it records the late callback as a
/// violation, which fails every end-to-end test that does not expect it.
/// A bot whose callback came too late answers the next click as ever.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_fake_forgets_an_interaction_acknowledged_late() {
    use crate::support::bot::BotProcess;
    use crate::support::fake_discord::ACK_LIMIT;
    use std::time::Duration;
    assert_eq!(ACK_LIMIT, Duration::from_secs(3));
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = BotProcess::start(&fake.api_url(), dir.path(), &[]);
    fake.wait_ready(1).await;
    fake.expect_violations();
    // No callback can be on time: the bot's is refused and counted.
    fake.set_ack_limit(Duration::ZERO);
    let ann = 100_000_000_000_000_001;
    let late = fake.command(ann, "en-US", "chips", json!([]));
    fake.wait_for("the late callback", 20, |f| f.late_acks() == 1)
        .await;
    assert!(fake.interaction(late).callback.is_none());
    assert_eq!(fake.violations()[0].code, 10062);
    // Discord's 3 s again: the next command is answered.
    fake.set_ack_limit(ACK_LIMIT);
    let next = fake.command(ann, "en-US", "chips", json!([]));
    let answer = fake.wait_answer(next).await;
    assert!(answer.text().contains("chips"), "{}", answer.text());
    assert_eq!(fake.late_acks(), 1);
    bot.stop();
}
