//! The real bot against a fake Discord hosts Paohuzi for three members.
//! From the lobby: `/paohuzi start`, two members join, the host starts,
//! and every claim and discard of the dealt hand goes through the buttons
//! and menus of each member's "My hand" to the result and its chips. And a
//! hand resumed from the ledger just after its deal (the deal chosen so
//! that it holds a 碰, a 吃 with 比 and a card 臭 to a member) is played
//! to its result by clicks in each member's private "My hand": the hand by
//! DM, 碰 by its button, 吃 with 比 from the select of groups, discards
//! from the select of cards, 胡 / 过 by buttons; a `/play peng` on a card
//! 臭 to the member is refused with the reason; a button of an earlier
//! question is refused as stale. No channel message shows a hand or a
//! face-down 偎 / 提. Then the commands: the rules in Chinese, a refused
//! stake, a lobby opened, joined and stopped; chips conserved and `ledger
//! verify` clean.

use crate::support::bot::BotProcess;
use crate::support::fake_discord::{private_message, FakeDiscord, CHANNEL_ID, GUILD_ID};
use crate::support::session::{buttons, rules_in_chinese, sub, table_message, text_of, Session};
use paiju::ai::Bot;
use paiju::games::paohuzi::{Action, PaohuziRules, PaohuziTable, TableBot};
use paiju::games::Game;
use rand::SeedableRng;
use serde_json::{json, Value};

const USERS: [u64; 3] = [
    100_000_000_000_000_011,
    100_000_000_000_000_012,
    100_000_000_000_000_013,
];

/// A scripted live hand: its first state, every (seat, action) in the
/// order they are applied, and before which step a seat not asked may try
/// a 碰 on a card 臭 to it.
struct Script {
    start: PaohuziTable,
    steps: Vec<(usize, Action)>,
    chou: (usize, usize),
}

/// The 吃 choices of `legal` in the order the hand view lists them.
fn chi_choices(legal: &[Action]) -> Vec<&Action> {
    legal
        .iter()
        .filter(|a| matches!(a, Action::Chi(_)))
        .collect()
}

/// Searches deals for a hand, played by the bot in the rules' order and
/// taking a 吃 with 比 whenever it may, that has a 碰, a 吃 with 比 and a
/// 臭 card a seat could try to 碰.
fn script() -> Script {
    for seed in 0..5_000u64 {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let start = PaohuziTable::new_hand(PaohuziRules::default(), 0, 0, &mut rng).unwrap();
        let mut t = start.clone();
        let mut steps = Vec::new();
        let (mut peng, mut bi, mut chou) = (false, false, None);
        while !t.is_finished() && steps.len() < 150 {
            let waiting = t.waiting_on();
            if chou.is_none() && t.claiming() && steps.len() > 2 {
                for s in (0..3).filter(|s| !waiting.contains(s)) {
                    let e = t.clone().apply(s, &Action::Peng).unwrap_err();
                    if e.key == "err-paohuzi-chou" {
                        chou = Some((steps.len(), s));
                    }
                }
            }
            let seat = waiting[0];
            let legal = t.legal_actions(seat);
            let forced_bi = legal
                .iter()
                .find(|a| matches!(a, Action::Chi(g) if g.len() > 1))
                .filter(|_| !legal.contains(&Action::Hu));
            let a = match forced_bi {
                Some(a) => a.clone(),
                None => TableBot.choose(&t.view(Some(seat)), &legal, &mut rng),
            };
            peng |= a == Action::Peng;
            bi |= matches!(&a, Action::Chi(g) if g.len() > 1);
            t.apply(seat, &a).unwrap();
            steps.push((seat, a));
        }
        if let (true, true, true, Some(chou)) = (t.is_finished(), peng, bi, chou) {
            return Script { start, steps, chou };
        }
    }
    panic!("no deal in 5000 has a 碰, a 吃 with 比 and a 臭 card");
}

/// The ledger holding the hand after its first step, as the bot's
/// database; returns the record it resumes from.
async fn store_hand(dir: &tempfile::TempDir, s: &Script) {
    let mut t = s.start.clone();
    let (seat, a) = &s.steps[0];
    t.apply(*seat, a).unwrap();
    let record = serde_json::to_value(t.record()).unwrap();
    let db = dir.path().join("paiju.db");
    let ledger = paiju::ledger::Ledger::open(
        db.to_str().unwrap(),
        paiju::ledger::LedgerConfig {
            starting_chips: 1000,
            daily_amount: 100,
            daily_cooldown_secs: 3600,
            ..Default::default()
        },
    )
    .await
    .unwrap();
    for user in USERS {
        ledger.balance(GUILD_ID, user).await.unwrap();
    }
    let id = ledger
        .create_game(paiju::ledger::NewGame {
            server: GUILD_ID,
            channel: CHANNEL_ID,
            kind: "paohuzi".into(),
            options: json!({"stake": 2, "rules": {"mingtang": false}, "seed": null, "lang": null, "host": USERS[0]}),
            seats: USERS.iter().map(|u| Some(*u)).collect(),
            stake: 2,
        })
        .await
        .unwrap();
    ledger.save_snapshot(id, 1, &record).await.unwrap();
    ledger.close().await;
}

/// `user`'s private hand view, opened from the table message.
async fn my_hand(fake: &FakeDiscord, user: u64) -> Value {
    let m = table_message(fake).expect("the table message");
    let id = buttons(&m)
        .into_iter()
        .find(|b| b.starts_with("pj1:hand:"))
        .expect("My hand");
    let msg: u64 = m["id"].as_str().unwrap().parse().unwrap();
    let answer = fake.wait_answer(fake.click(user, "en-US", msg, &id)).await;
    assert!(answer.is_ephemeral());
    private_message(&answer)
}

fn control(m: &Value, tag: &str) -> Option<String> {
    buttons(m)
        .into_iter()
        .find(|b| b.starts_with(&format!("pj1:{tag}:")))
}

/// Plays `action` for `user` with the controls of its hand view; the
/// answer must not be a refusal. Returns the hand view clicked on.
async fn play(fake: &FakeDiscord, user: u64, action: &Action, legal: &[Action]) -> Value {
    let view = my_hand(fake, user).await;
    let text = text_of(&view);
    let click = match action {
        Action::Hu => fake.click_on(user, "en-US", view.clone(), &control(&view, "hu").unwrap()),
        Action::Peng => {
            assert!(text.contains(". Will you "), "{text}");
            fake.click_on(
                user,
                "en-US",
                view.clone(),
                &control(&view, "peng").unwrap(),
            )
        }
        Action::Pass => fake.click_on(
            user,
            "en-US",
            view.clone(),
            &control(&view, "pass").unwrap(),
        ),
        Action::Chi(_) => {
            let choices = chi_choices(legal);
            let i = choices.iter().position(|a| *a == action).unwrap();
            let id = control(&view, "chi").unwrap();
            if choices.len() == 1 {
                fake.click_on(user, "en-US", view.clone(), &id)
            } else {
                // The select of the groups, with their 比.
                let options = view["components"][1]["components"][0]["options"].clone();
                let label = options[i]["label"].as_str().unwrap_or("").to_string();
                if let Action::Chi(g) = action {
                    if g.len() > 1 {
                        assert!(label.contains("with 比"), "{options}");
                    }
                }
                fake.select_on(user, "en-US", view.clone(), &id, &[i.to_string()])
            }
        }
        Action::Discard(c) => {
            let id = control(&view, "out").unwrap();
            fake.select_on(user, "en-US", view.clone(), &id, &[c.to_string()])
        }
    };
    let answer = fake.wait_answer(click).await;
    let said = answer.text();
    assert!(
        said.starts_with("Done: "),
        "{action:?} by {user} refused: {said}"
    );
    view
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_members_play_a_hand_by_buttons_to_its_result() {
    let s = script();
    let dir = tempfile::tempdir().unwrap();
    store_hand(&dir, &s).await;
    let fake = FakeDiscord::start().await;
    let bot = BotProcess::start(
        &fake.api_url(),
        dir.path(),
        &[
            ("PAIJU_TIMERS_BID_SECS", "600"),
            ("PAIJU_TIMERS_PLAY_SECS", "600"),
            ("PAIJU_TIMERS_AI_DELAY_MS", "0"),
        ],
    );
    fake.wait_ready(1).await;
    let session = Session { fake, dir, bot };
    let fake = &session.fake;
    fake.wait_for("the resumed hand", 30, |f| {
        table_message(f).is_some_and(|m| text_of(&m).contains("Wall: "))
    })
    .await;
    // Issue #36: the dealer has discarded, so the 亮张 is one of his cards
    // now, no longer named at the head of the table.
    let resumed = text_of(&table_message(fake).unwrap());
    let head = resumed.lines().find(|l| l.starts_with("Dealer: "));
    assert!(head.is_some_and(|h| !h.contains("亮张")), "{resumed}");
    // The deal by DM: each member's hand in columns.
    for user in USERS {
        fake.wait_for("the hand DM", 20, |f| {
            f.dm_messages(user)
                .iter()
                .any(|m| text_of(m).contains("(x = small 小, d = big 大"))
        })
        .await;
    }

    let mut t = s.start.clone();
    let (seat, a) = &s.steps[0];
    t.apply(*seat, a).unwrap();
    let mut stale: Option<(u64, Value)> = None;
    for (i, (seat, action)) in s.steps.iter().enumerate().skip(1) {
        let user = USERS[*seat];
        if i == s.chou.0 {
            // A 碰 on a card 臭 to the member is refused, with the reason.
            let who = USERS[s.chou.1];
            let id = fake.command(
                who,
                "en-US",
                "play",
                json!([{ "name": "cards", "type": 3, "value": "peng" }]),
            );
            let answer = fake.wait_answer(id).await;
            assert!(answer.is_ephemeral());
            assert!(
                answer
                    .text()
                    .contains("is 臭 to you: you declined it before"),
                "{}",
                answer.text()
            );
        }
        let legal = t.legal_actions(*seat);
        let view = play(fake, user, action, &legal).await;
        if *action == Action::Peng && stale.is_none() {
            stale = Some((user, view));
        }
        t.apply(*seat, action).unwrap();
    }
    assert!(t.is_finished());

    // The result: the winning split with its huxi, tun, fan and the chips
    // (or 荒庄), then the next hand deals by itself.
    fake.wait_for("the hand's result", 30, |f| {
        f.channel_messages(CHANNEL_ID).iter().any(|m| {
            let t = text_of(m);
            t.contains("The winning split") || t.contains("荒庄: a drawn hand")
        })
    })
    .await;
    let result = fake
        .channel_messages(CHANNEL_ID)
        .into_iter()
        .find(|m| {
            let t = text_of(m);
            t.contains("The winning split") || t.contains("荒庄: a drawn hand")
        })
        .expect("a result message");
    let text = text_of(&result);
    if t.hand().outcome_typed().unwrap().winner.is_some() {
        assert!(text.contains(" tun × fan "), "{text}");
    }
    for user in USERS {
        assert!(text.contains(&format!("<@{user}>")), "{text}");
    }
    // A button of an earlier question is refused as stale.
    let (user, old) = stale.expect("a 碰 was played");
    let peng = control(&old, "peng").unwrap();
    let answer = fake
        .wait_answer(fake.click_on(user, "en-US", old.clone(), &peng))
        .await;
    assert!(answer.is_ephemeral());
    assert!(
        answer.text().contains("earlier moment of the game"),
        "{}",
        answer.text()
    );

    // No hand and no face-down card in any channel message (the result
    // shows the winner's cards: the winning split).
    for m in fake.channel_messages(CHANNEL_ID) {
        let text = text_of(&m);
        if text.contains("The winning split") {
            continue;
        }
        assert!(!text.contains("Your hand ("), "{text}");
        assert!(!text.contains("(x = small"), "{text}");
        for hidden in [
            "偎 wei (face down) x",
            "偎 wei (face down) d",
            "提 ti (four) x",
            "提 ti (four) d",
        ] {
            assert!(!text.contains(hidden), "a face-down meld shows: {text}");
        }
    }

    // Everyone leaves: the next hand, just dealt, is cancelled and the
    // table closes.
    for user in USERS {
        let id = fake.command(user, "en-US", "paohuzi", sub("leave", json!([])));
        fake.wait_answer(id).await;
    }

    // The commands: the rules in Chinese, a refused stake, a lobby.
    rules_in_chinese(fake, USERS[1], "paohuzi", "跑胡子", "跑胡子").await;
    fake.wait_for("the table closed", 20, |f| {
        table_message(f).is_some_and(|m| buttons(&m).is_empty())
    })
    .await;
    let id = fake.command(
        USERS[0],
        "en-US",
        "paohuzi",
        sub("start", json!([{ "name": "stake", "type": 4, "value": 0 }])),
    );
    assert!(fake.wait_answer(id).await.is_ephemeral());
    session.finish(&USERS, Some(3000)).await;
}

/// The string select of a message whose id starts with `pj1:<tag>:`, with
/// its options' values.
fn select(m: &Value, tag: &str) -> Option<(String, Vec<Value>)> {
    let prefix = format!("pj1:{tag}");
    m["components"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .find(|c| {
            c["type"] == json!(3)
                && c["custom_id"]
                    .as_str()
                    .is_some_and(|id| id.starts_with(&prefix))
        })
        .map(|c| {
            (
                c["custom_id"].as_str().unwrap().to_string(),
                c["options"].as_array().cloned().unwrap_or_default(),
            )
        })
}

/// The button of a message whose id starts with `pj1:<tag>:`.
fn button_of(m: &Value, tag: &str) -> Option<String> {
    let prefix = format!("pj1:{tag}:");
    m["components"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .find(|c| {
            c["type"] == json!(2)
                && c["custom_id"]
                    .as_str()
                    .is_some_and(|id| id.starts_with(&prefix))
        })
        .map(|c| c["custom_id"].as_str().unwrap().to_string())
}

/// What the members did through the controls.
#[derive(Default, Debug)]
struct Clicks {
    hu: usize,
    peng: usize,
    chi: usize,
    chi_bi: usize,
    discard: usize,
    pass: usize,
}

/// One decision of `user`'s seat if it has one now, made as a player
/// would through a fresh "My hand": 胡 whenever offered, else 碰, else
/// the first 吃 (from the select of groups when there are several), else
/// the first card of the discard select, else 过.
async fn member_turn(fake: &FakeDiscord, user: u64, clicks: &mut Clicks) {
    let id = fake.command(user, "en-US", "hand", json!([]));
    let answer = fake.wait_answer(id).await;
    assert!(answer.is_ephemeral(), "{answer:?}");
    let view = private_message(&answer);
    let click = if let Some(hu) = button_of(&view, "hu") {
        clicks.hu += 1;
        fake.click_on(user, "en-US", view.clone(), &hu)
    } else if let Some(peng) = button_of(&view, "peng") {
        clicks.peng += 1;
        fake.click_on(user, "en-US", view.clone(), &peng)
    } else if let Some((chi, options)) = select(&view, "chi") {
        clicks.chi += 1;
        if options[0]["label"]
            .as_str()
            .is_some_and(|l| l.contains("with 比"))
        {
            clicks.chi_bi += 1;
        }
        fake.select_on(user, "en-US", view.clone(), &chi, &["0".to_string()])
    } else if let Some(chi) = button_of(&view, "chi") {
        clicks.chi += 1;
        fake.click_on(user, "en-US", view.clone(), &chi)
    } else if let Some((out, options)) = select(&view, "out") {
        clicks.discard += 1;
        let card = options[0]["value"].as_str().unwrap().to_string();
        fake.select_on(user, "en-US", view.clone(), &out, &[card])
    } else if let Some(pass) = button_of(&view, "pass") {
        clicks.pass += 1;
        fake.click_on(user, "en-US", view.clone(), &pass)
    } else {
        return; // nothing asked of this seat now
    };
    let answer = fake.wait_answer(click).await;
    let said = answer.text();
    // Another claimant's answer may have settled the card meanwhile.
    assert!(
        said.starts_with("Done: ")
            || said.contains("earlier moment")
            || said.contains("out of date"),
        "{user} refused: {said}"
    );
}

/// The whole way a table is played: `/paohuzi start`, two members join,
/// the host starts; the hands arrive by DM; every claim and discard is
/// made through the buttons and menus of each member's "My hand", hand
/// after hand, until two hands' results are posted with the chips;
/// everyone leaves; the members'
/// chips add up to what they started with and `ledger verify` is clean.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_members_start_join_and_play_hand_after_hand_from_the_lobby() {
    let session = Session::start(&[
        ("PAIJU_TIMERS_BID_SECS", "600"),
        ("PAIJU_TIMERS_PLAY_SECS", "600"),
        ("PAIJU_TIMERS_AI_DELAY_MS", "0"),
    ])
    .await;
    let fake = &session.fake;
    let id = fake.command(
        USERS[0],
        "en-US",
        "paohuzi",
        sub("start", json!([{ "name": "stake", "type": 4, "value": 3 }])),
    );
    assert!(fake.wait_answer(id).await.is_ephemeral());
    fake.wait_for("the lobby", 20, |f| {
        table_message(f).is_some_and(|m| buttons(&m).iter().any(|b| b.contains(":join:")))
    })
    .await;
    for user in &USERS[1..] {
        let id = fake.command(*user, "en-US", "paohuzi", sub("join", json!([])));
        let answer = fake.wait_answer(id).await;
        assert!(answer.is_ephemeral(), "{answer:?}");
    }
    fake.wait_for("the three members seated in the lobby", 20, |f| {
        table_message(f).is_some_and(|m| {
            USERS
                .iter()
                .all(|u| text_of(&m).contains(&format!("<@{u}>")))
        })
    })
    .await;
    let lobby = table_message(fake).unwrap();
    let msg: u64 = lobby["id"].as_str().unwrap().parse().unwrap();
    let start = buttons(&lobby)
        .into_iter()
        .find(|b| b.contains(":start:"))
        .expect("Start");
    fake.wait_answer(fake.click(USERS[0], "en-US", msg, &start))
        .await;

    // The deal by DM: each member's hand in columns.
    for user in USERS {
        fake.wait_for("the hand DM", 20, |f| {
            f.dm_messages(user)
                .iter()
                .any(|m| text_of(m).contains("(x = small 小, d = big 大"))
        })
        .await;
    }

    let is_result = |m: &Value| {
        let t = text_of(m);
        t.contains("The winning split") || t.contains("荒庄: a drawn hand")
    };
    // Hand after hand: the next hand deals by itself after a result, and
    // the members play it too, until two hands have their results.
    let results = |f: &FakeDiscord| {
        f.channel_messages(CHANNEL_ID)
            .iter()
            .filter(|m| is_result(m))
            .count()
    };
    let mut clicks = Clicks::default();
    let until = std::time::Instant::now() + std::time::Duration::from_secs(240);
    while results(fake) < 2 {
        assert!(
            std::time::Instant::now() < until,
            "{} results: {clicks:?}",
            results(fake)
        );
        for user in USERS {
            member_turn(fake, user, &mut clicks).await;
        }
    }
    assert!(clicks.discard > 0, "{clicks:?}");
    eprintln!("the members' clicks: {clicks:?}");
    let result = fake
        .channel_messages(CHANNEL_ID)
        .into_iter()
        .find(is_result)
        .unwrap();
    let text = text_of(&result);
    for user in USERS {
        assert!(text.contains(&format!("<@{user}>")), "{text}");
    }
    if text.contains("The winning split") {
        assert!(text.contains(" tun × fan "), "{text}");
    }

    // No hand and no face-down card in any channel message (the result
    // shows the winner's cards: the winning split).
    for m in fake.channel_messages(CHANNEL_ID) {
        let text = text_of(&m);
        if is_result(&m) {
            continue;
        }
        assert!(!text.contains("(x = small"), "{text}");
        for hidden in [
            "偎 wei (face down) x",
            "偎 wei (face down) d",
            "提 ti (four) x",
            "提 ti (four) d",
        ] {
            assert!(!text.contains(hidden), "a face-down meld shows: {text}");
        }
    }
    for user in USERS {
        let id = fake.command(user, "en-US", "paohuzi", sub("leave", json!([])));
        fake.wait_answer(id).await;
    }
    fake.wait_for("the table closed", 30, |f| {
        table_message(f).is_some_and(|m| buttons(&m).is_empty())
    })
    .await;
    session.finish(&USERS, Some(3000)).await;
}
