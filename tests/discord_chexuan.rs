//! The real bot against a fake Discord hosts Chexuan: `/chexuan start`
//! with an ante and a bobo, a second member joins with his own bobo, an AI
//! takes the third seat, the host starts; the short turn timer lets the
//! computer play for members who do not act, so hands are played to their
//! settlement; face-down cards travel only by DM, the table message shows
//! the mango pot and face-down cards as backs; when both members leave the
//! table closes and the session settles. The ledger verifies clean.

use crate::support;

use serde_json::json;
use support::fake_discord::{message_text, private_message, FakeDiscord, CHANNEL_ID};
use support::session::{button, buttons, rules_in_chinese, sub, table_message, text_of, Session};

const ANN: u64 = 100_000_000_000_000_001;
const BOB: u64 = 100_000_000_000_000_002;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_members_and_an_ai_play_chexuan_hands_to_settlement() {
    let session = Session::start(&[
        ("PAIJU_TIMERS_BID_SECS", "1"),
        ("PAIJU_TIMERS_PLAY_SECS", "1"),
        ("PAIJU_TIMERS_AI_DELAY_MS", "0"),
    ])
    .await;
    let fake = &session.fake;

    rules_in_chinese(fake, ANN, "chexuan", "扯旋", "扯旋").await;

    // A bobo below 20 antes is refused privately and opens nothing.
    let id = fake.command(
        ANN,
        "en-US",
        "chexuan",
        sub("start", json!([{ "name": "bobo", "type": 4, "value": 5 }])),
    );
    let answer = fake.wait_answer(id).await;
    assert!(answer.is_ephemeral(), "{answer:?}");
    assert!(table_message(fake).is_none());

    // Ante 5 (smallest bobo 100); Ann brings 300, Bob 150.
    let id = fake.command(
        ANN,
        "en-US",
        "chexuan",
        sub(
            "start",
            json!([
                { "name": "ante", "type": 4, "value": 5 },
                { "name": "bobo", "type": 4, "value": 300 },
            ]),
        ),
    );
    assert!(fake.wait_answer(id).await.is_ephemeral());
    fake.wait_for("the lobby message", 20, |f| {
        table_message(f).is_some_and(|m| button(&m, ":join:").is_some())
    })
    .await;
    let table_id: u64 = table_message(fake).unwrap()["id"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    let id = fake.command(
        BOB,
        "en-US",
        "chexuan",
        sub("join", json!([{ "name": "bobo", "type": 4, "value": 150 }])),
    );
    assert!(fake.wait_answer(id).await.is_ephemeral());
    fake.wait_for("Bob in the lobby", 20, |f| {
        table_message(f).is_some_and(|m| message_text(&m).contains(&format!("<@{BOB}>")))
    })
    .await;
    let add_ai = button(&table_message(fake).unwrap(), ":ai:").expect("Add AI");
    let id = fake.click(ANN, "en-US", table_id, &add_ai);
    fake.wait_answer(id).await;
    fake.wait_for("the AI seat", 20, |f| {
        table_message(f).is_some_and(|m| text_of(&m).contains("AI 3"))
    })
    .await;
    let start = button(&table_message(fake).unwrap(), ":start:").unwrap();
    let id = fake.click(ANN, "en-US", table_id, &start);
    fake.wait_answer(id).await;

    // The running table: the mango pot always shown, face-down cards as
    // backs, never their faces.
    fake.wait_for("the first hand", 20, |f| {
        table_message(f).is_some_and(|m| text_of(&m).contains("hand 1"))
    })
    .await;
    let text = text_of(&table_message(fake).unwrap());
    assert!(text.contains("Mango pot: "), "{text}");
    assert!(text.contains("Ante (底皮): 5"), "{text}");
    assert!(!text.contains("Your face-down cards"), "{text}");
    // Each member's chips kept off the table (for mango) are on the seat line.
    assert!(text.contains(" off the table) ·"), "{text}");

    // Hidden cards reach each member by DM.
    for user in [ANN, BOB] {
        fake.wait_for("the hand DM", 20, |f| {
            f.dm_messages(user)
                .iter()
                .any(|m| text_of(m).contains("Your face-down cards"))
        })
        .await;
    }

    // A member out of time is played for that one move (check, else fold),
    // said in the log; the bot does not take the seat over.
    fake.wait_for("a timed-out move in the log", 30, |f| {
        table_message(f).is_some_and(|m| {
            let t = text_of(&m);
            t.contains("'s time ran out: this one move is played (check, else fold).")
                && !t.contains("The computer plays for")
        })
    })
    .await;

    // The timer plays for the members: a hand is settled (its line in the
    // log), or the whole session already ran out of players.
    fake.wait_for("a settled hand", 60, |f| {
        session_result(f).is_some()
            || table_message(f).is_some_and(|m| text_of(&m).contains(" over: "))
    })
    .await;
    let text = text_of(&table_message(fake).unwrap());
    assert!(text.contains("Mango pot: "), "{text}");

    // Both members leave: the table closes and the session settles.
    for user in [ANN, BOB] {
        let id = fake.command(user, "en-US", "chexuan", sub("leave", json!([])));
        // Refused privately if the table already closed by itself.
        fake.wait_answer(id).await;
    }
    fake.wait_for("the session's result", 60, |f| session_result(f).is_some())
        .await;
    let result = session_result(fake).unwrap();
    let text = text_of(&result);
    for user in [ANN, BOB] {
        assert!(text.contains(&format!("<@{user}>")), "{text}");
    }

    // "Play again" opens a new lobby with the default bobo, checked against
    // the clicker's balance: the member with more chips left clicks (mango
    // is paid from the chips off the table, so a member may have lost
    // nearly his whole balance).
    let balance_of = |user: u64| -> i64 {
        let line = text
            .lines()
            .find(|l| l.starts_with(&format!("<@{user}>")))
            .unwrap_or_else(|| panic!("no line for {user}: {text}"));
        line.rsplit("→ ").next().unwrap().trim().parse().unwrap()
    };
    let clicker = if balance_of(ANN) >= balance_of(BOB) {
        ANN
    } else {
        BOB
    };
    let again = button(&result, ":again:").expect("Play again");
    let result_id: u64 = result["id"].as_str().unwrap().parse().unwrap();
    let id = fake.click(clicker, "en-US", result_id, &again);
    let answer = fake.wait_answer(id).await;
    assert!(!answer.is_ephemeral(), "refused: {answer:?}");
    fake.wait_for("a new lobby", 20, |f| {
        f.channel_messages(CHANNEL_ID).iter().any(|m| {
            m["id"].as_str() != Some(&table_id.to_string()) && button(m, ":join:").is_some()
        })
    })
    .await;
    let id = fake.command(clicker, "en-US", "chexuan", sub("stop", json!([])));
    fake.wait_answer(id).await;

    // /history and /stats name the game in the member's language (they
    // printed the ledger's `chexuan`).
    let id = fake.command(ANN, "zh-CN", "history", json!([]));
    let text = fake.wait_answer(id).await.text();
    assert!(text.contains("扯旋") && !text.contains("chexuan"), "{text}");
    let id = fake.command(ANN, "en-US", "stats", json!([]));
    let text = fake.wait_answer(id).await.text();
    assert!(
        text.contains("Chexuan") && !text.contains("chexuan"),
        "{text}"
    );

    // An AI seat played: the house mints and burns its chips, which
    // `ledger verify` checks.
    session.finish(&[ANN, BOB], None).await;
}

/// The member named on the table message's "… to act" line.
/// The session's result message, once the table has closed.
fn session_result(fake: &FakeDiscord) -> Option<serde_json::Value> {
    fake.channel_messages(CHANNEL_ID)
        .into_iter()
        .find(|m| text_of(m).contains("The Chexuan table closed after"))
}

fn to_act(fake: &FakeDiscord) -> u64 {
    let text = text_of(&table_message(fake).expect("a table message"));
    let line = text
        .lines()
        .find(|l| l.contains(" to act"))
        .unwrap_or_else(|| panic!("nobody to act:\n{text}"));
    let rest = &line[line.find("<@").expect("a mention") + 2..];
    rest[..rest.find('>').unwrap()].parse().unwrap()
}

/// The table message's control whose id ends with `:tail`.
fn control(fake: &FakeDiscord, tail: &str) -> Option<String> {
    let m = table_message(fake)?;
    buttons(&m)
        .into_iter()
        .find(|id| id.ends_with(tail) || (tail.ends_with(':') && id.contains(tail)))
}

/// `user` clicks the table control ending with `tail`; returns the answer.
async fn click_table(
    fake: &FakeDiscord,
    user: u64,
    tail: &str,
) -> support::fake_discord::Interaction {
    let m = table_message(fake).unwrap();
    let id = control(fake, tail).unwrap_or_else(|| panic!("no `{tail}` in {:?}", buttons(&m)));
    let msg: u64 = m["id"].as_str().unwrap().parse().unwrap();
    let click = fake.click(user, "en-US", msg, &id);
    fake.wait_answer(click).await
}

/// `user` plays the table control ending with `tail`: accepted (no private
/// refusal) and the table moves on (new version, new ids).
async fn play(fake: &FakeDiscord, user: u64, tail: &str) {
    let before = buttons(&table_message(fake).unwrap());
    let answer = click_table(fake, user, tail).await;
    assert!(
        !answer.is_ephemeral(),
        "`{tail}` refused: {}",
        answer.text()
    );
    fake.wait_for(&format!("the table after `{tail}`"), 20, |f| {
        table_message(f).is_some_and(|m| buttons(&m) != before)
    })
    .await;
}

/// Members play a whole hand by clicking: a refused click from the wrong
/// member, the raise modal (refused amounts, a valid one, a stale
/// resubmission), a preset raise, call, checks (休芒 twice), the split
/// select at the showdown (a forged split refused, a legal one taken); then
/// all-in and fold in the next hand, both leave, the session settles, the
/// ledger verifies clean and the two members' chips add up.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn members_click_bets_the_raise_modal_and_the_split() {
    let session = Session::start(&[
        ("PAIJU_TIMERS_BID_SECS", "120"),
        ("PAIJU_TIMERS_PLAY_SECS", "120"),
        ("PAIJU_TIMERS_AI_DELAY_MS", "0"),
    ])
    .await;
    let fake = &session.fake;

    // Ante 5 (smallest bobo 100); Ann brings 300, Bob 200.
    let id = fake.command(
        ANN,
        "en-US",
        "chexuan",
        sub(
            "start",
            json!([
                { "name": "ante", "type": 4, "value": 5 },
                { "name": "bobo", "type": 4, "value": 300 },
            ]),
        ),
    );
    fake.wait_answer(id).await;
    fake.wait_for("the lobby", 20, |f| {
        table_message(f).is_some_and(|m| button(&m, ":join:").is_some())
    })
    .await;
    let id = fake.command(
        BOB,
        "en-US",
        "chexuan",
        sub("join", json!([{ "name": "bobo", "type": 4, "value": 200 }])),
    );
    fake.wait_answer(id).await;
    fake.wait_for("Bob in the lobby", 20, |f| {
        table_message(f).is_some_and(|m| message_text(&m).contains(&format!("<@{BOB}>")))
    })
    .await;
    click_table(fake, ANN, ":start:").await;
    fake.wait_for("hand 1", 20, |f| {
        table_message(f)
            .is_some_and(|m| text_of(&m).contains("hand 1") && text_of(&m).contains(" to act"))
    })
    .await;

    let first = to_act(fake);
    let second = if first == ANN { BOB } else { ANN };
    // The member not to act is refused privately; nothing changes.
    let before = buttons(&table_message(fake).unwrap());
    let answer = click_table(fake, second, ":fold").await;
    assert!(answer.is_ephemeral(), "{answer:?}");
    assert_eq!(buttons(&table_message(fake).unwrap()), before);

    // "Raise…" opens a modal (the first answer) with the legal range.
    let answer = click_table(fake, first, ":raise").await;
    let cb = answer.callback.clone().unwrap();
    assert_eq!(cb["type"], 9, "{cb}");
    let modal_id = cb["data"]["custom_id"].as_str().unwrap().to_string();
    let label = cb["data"]["components"][0]["components"][0]["label"]
        .as_str()
        .unwrap()
        .replace(['\u{2068}', '\u{2069}'], "");
    let first_bobo = if first == ANN { 300 } else { 200 };
    assert!(
        label.contains(&format!("5 to {}", first_bobo - 5)),
        "{label}"
    );
    let table = table_message(fake).unwrap();
    for (typed, words) in [
        ("abc", "is not a number"),
        ("100000", "cannot raise by 100000"),
        ("2", "cannot raise by 2"),
    ] {
        let id = fake.submit_modal(
            first,
            "en-US",
            table.clone(),
            &modal_id,
            &[("amount", typed)],
        );
        let answer = fake.wait_answer(id).await;
        assert!(answer.is_ephemeral(), "{answer:?}");
        assert!(answer.text().contains(words), "{typed}: {}", answer.text());
        assert_eq!(
            buttons(&table_message(fake).unwrap()),
            before,
            "a refusal changes nothing"
        );
    }
    let id = fake.submit_modal(
        first,
        "en-US",
        table.clone(),
        &modal_id,
        &[("amount", "15")],
    );
    let answer = fake.wait_answer(id).await;
    assert!(!answer.is_ephemeral(), "{}", answer.text());
    fake.wait_for("the raise of 15", 20, |f| {
        table_message(f).is_some_and(|m| text_of(&m).contains("by 15 to"))
    })
    .await;
    // The same modal again is from an earlier moment: refused.
    let after = buttons(&table_message(fake).unwrap());
    let id = fake.submit_modal(first, "en-US", table, &modal_id, &[("amount", "15")]);
    let answer = fake.wait_answer(id).await;
    assert!(
        answer.is_ephemeral() && answer.text().contains("earlier moment"),
        "{}",
        answer.text()
    );
    assert_eq!(buttons(&table_message(fake).unwrap()), after);

    // A preset raise, a call; then everyone checks in rounds 2 and 3.
    assert_eq!(to_act(fake), second);
    play(fake, second, ":raise.5").await;
    play(fake, first, ":call").await;
    for _ in 0..4 {
        let who = to_act(fake);
        play(fake, who, ":check").await;
    }

    // The showdown: each splits through the select in "My hand".
    for _ in 0..2 {
        let who = to_act(fake);
        let answer = click_table(fake, who, ":hand:").await;
        let view = private_message(&answer);
        let select = button(&view, ":split").expect("the split select");
        let options: Vec<String> = view["components"][0]["components"][0]["options"]
            .as_array()
            .unwrap()
            .iter()
            .map(|o| o["value"].as_str().unwrap().to_string())
            .collect();
        assert!(!options.is_empty());
        // A split the select did not offer (head and tail swapped, so the
        // head is lower; or cards not in the hand) is refused privately.
        let forged = options
            .iter()
            .map(|v| {
                let (h, t) = v.split_once('-').unwrap();
                format!("{t}-{h}")
            })
            .find(|v| !options.contains(v))
            .unwrap_or_else(|| "QH.QD-QH.QD".to_string());
        let before = buttons(&table_message(fake).unwrap());
        let id = fake.select_on(
            who,
            "en-US",
            view.clone(),
            &select,
            std::slice::from_ref(&forged),
        );
        let answer = fake.wait_answer(id).await;
        assert!(answer.is_ephemeral(), "{forged} taken: {answer:?}");
        assert_eq!(buttons(&table_message(fake).unwrap()), before);
        let id = fake.select_on(who, "en-US", view, &select, &[options[0].clone()]);
        let answer = fake.wait_answer(id).await;
        assert!(answer.text().contains("Done"), "{}", answer.text());
        fake.wait_for("the table after a split", 20, |f| {
            table_message(f).is_some_and(|m| buttons(&m) != before)
        })
        .await;
    }
    fake.wait_for("hand 1 settled", 20, |f| {
        session_result(f).is_some()
            || table_message(f).is_some_and(|m| text_of(&m).contains("Hand 1 over"))
    })
    .await;

    // Hand 2, if both can still play: all-in, then fold.
    if session_result(fake).is_none() {
        fake.wait_for("hand 2", 20, |f| {
            table_message(f)
                .is_some_and(|m| text_of(&m).contains("hand 2") && text_of(&m).contains(" to act"))
        })
        .await;
        let who = to_act(fake);
        play(fake, who, ":allin").await;
        let other = to_act(fake);
        assert_ne!(other, who);
        play(fake, other, ":fold").await;
    }

    for user in [ANN, BOB] {
        let id = fake.command(user, "en-US", "chexuan", sub("leave", json!([])));
        fake.wait_answer(id).await;
    }
    fake.wait_for("the session's result", 60, |f| session_result(f).is_some())
        .await;
    // The table message's last picture is the closed table, not the view
    // before the last action: its title counts the hands the result counts,
    // the mango pot is shared out, nobody is to act.
    let result = text_of(&session_result(fake).unwrap());
    let hands: String = result
        .split("closed after ")
        .nth(1)
        .unwrap()
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    fake.wait_for("the final table picture", 20, |f| {
        table_message(f).is_some_and(|m| {
            let t = text_of(&m);
            t.contains(&format!("· hand {hands}\n"))
                && t.contains("Mango pot: 0 chips")
                && t.contains("Hand over")
                && !t.contains(" to act")
        })
    })
    .await;
    // Two members and no AI: the session moved chips only between them.
    session.finish(&[ANN, BOB], Some(2000)).await;
}

/// A control of a message without its game and version: `g:raise.5`.
fn control_kinds(m: &serde_json::Value) -> Vec<String> {
    let mut kinds: Vec<String> = buttons(m)
        .iter()
        .map(|id| {
            let parts: Vec<&str> = id.split(':').collect();
            let mut kind = parts[1].to_string();
            if parts.len() > 4 {
                kind.push(':');
                kind.push_str(&parts[4..].join(":"));
            }
            kind
        })
        .collect();
    kinds.sort();
    kinds
}

/// A two-seat session (ante 5, bobos 300, balances 1000) checked through
/// rounds 1 and 2, in which the seat to speak first in round 3 holds 三花
/// and the other does not: the seed, the record so far and the seat.
fn sanhua_session() -> (serde_json::Value, usize) {
    use paiju::games::chexuan::session::{ChexuanTable, SessionDeal, TableAction};
    use paiju::games::chexuan::{Action, ChexuanRules};
    use paiju::games::Game;
    for seed in 0..200_000u64 {
        let deal = SessionDeal {
            seed,
            dealer: 0,
            bobo: vec![300, 300],
            ai: Vec::new(),
            reserve: vec![Some(700), Some(700)],
        };
        let rules = ChexuanRules {
            ante: 5,
            ..ChexuanRules::default()
        };
        let mut table = ChexuanTable::start(rules, 2, deal).unwrap();
        let check = TableAction::Hand(Action::Check);
        for _ in 0..4 {
            let seat = table.waiting_on()[0];
            table.apply(seat, &check).unwrap();
        }
        let first = table.waiting_on()[0];
        let sanhua = TableAction::Hand(Action::Sanhua);
        if !table.legal_actions(first).contains(&sanhua) {
            continue;
        }
        let mut after = table.clone();
        after.apply(first, &check).unwrap();
        let second = after.waiting_on()[0];
        if second != first && !after.legal_actions(second).contains(&sanhua) {
            return (serde_json::to_value(table.record()).unwrap(), first);
        }
    }
    panic!("no seed deals 三花 to the first speaker of round 3");
}

/// Issue #14 item 6: the public table message's controls are drawn from
/// what everyone sees, never from the hidden cards. A session resumed from
/// the database at round 3, where the first to speak holds 三花 (face-down
/// cards included) and the second does not: both face the same bets, and
/// the table shows both exactly the same controls; the 三花 lay-down is
/// offered only in the holder's private "My hand", and laying down from
/// there works.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_public_controls_are_the_same_whatever_the_hidden_cards() {
    use support::bot::BotProcess;
    use support::fake_discord::GUILD_ID;
    let (record, holder) = sanhua_session();
    let users = [ANN, BOB];
    let dir = tempfile::tempdir().unwrap();
    {
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
        for user in users {
            ledger.balance(GUILD_ID, user).await.unwrap();
        }
        let id = ledger
            .create_game(paiju::ledger::NewGame {
                server: GUILD_ID,
                channel: CHANNEL_ID,
                kind: "chexuan".into(),
                options: json!({"stake": 1, "rules": {"ante": 5}, "seed": null, "lang": null, "host": ANN}),
                seats: users.iter().map(|u| Some(*u)).collect(),
                stake: 1,
            })
            .await
            .unwrap();
        // A save is a compare-and-set on the version: walk it up to 4.
        for version in 1..=4 {
            ledger.save_snapshot(id, version, &record).await.unwrap();
        }
        ledger.close().await;
    }
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
    fake.wait_for("the resumed table in round 3", 30, |f| {
        table_message(f)
            .is_some_and(|m| text_of(&m).contains(" to act") && control(f, ":check").is_some())
    })
    .await;
    let first = users[holder];
    let second = users[1 - holder];
    assert_eq!(to_act(fake), first);
    // Issue #32 item 16: the table message posted anew after the restart
    // says until when the member may act (it said "<@…> to act." without
    // it: the driver, started after the resumed table announced the turn,
    // knew no deadline).
    let resumed = text_of(&table_message(fake).unwrap());
    let turn = resumed.lines().find(|l| l.contains(" to act")).unwrap();
    assert!(
        turn.contains(&format!("<@{first}> to act, <t:")) && turn.ends_with(":R>"),
        "{resumed}"
    );
    let holders_controls = control_kinds(&table_message(fake).unwrap());
    assert!(
        !holders_controls.iter().any(|k| k.contains("sanhua")),
        "the table tells the channel who holds 三花: {holders_controls:?}"
    );
    // The holder's private view offers it.
    let answer = click_table(fake, first, ":hand:").await;
    let private = private_message(&answer);
    assert!(
        button(&private, ":sanhua").is_some(),
        "{:?}",
        buttons(&private)
    );
    // The holder checks; the other seat faces the same bets without 三花:
    // the same controls.
    play(fake, first, ":check").await;
    assert_eq!(to_act(fake), second);
    assert_eq!(
        control_kinds(&table_message(fake).unwrap()),
        holders_controls
    );
    let answer = click_table(fake, second, ":hand:").await;
    assert!(button(&private_message(&answer), ":sanhua").is_none());
    for user in users {
        let id = fake.command(user, "en-US", "chexuan", sub("leave", json!([])));
        fake.wait_answer(id).await;
    }
    fake.wait_for("the session's result", 60, |f| session_result(f).is_some())
        .await;
    session.finish(&users, Some(2000)).await;
}
