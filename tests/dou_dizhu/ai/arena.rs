//! `paiju arena` end to end: a whole (small) match through the external
//! protocol with the example Python bot, every game's record replayed; the
//! handshake and fault rules of docs/arena.md; the swap of sides.

use paiju::arena::external::External;
use paiju::arena::{
    deals_from_text, play_match, player_from_spec, seeded_deals, ArenaError, BotPlayer,
    MatchOptions,
};
use paiju::games::dou_dizhu::ai::Level;
use paiju::games::dou_dizhu::{DouDizhu, Rules};
use paiju::games::Game;
use paiju::record::{replay_game, Record, Verdict};
use std::time::Duration;

fn example_bot() -> String {
    format!(
        "exec:python3 {}/examples/arena_bot.py",
        env!("CARGO_MANIFEST_DIR")
    )
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("paiju-arena-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn a_match_through_the_example_bot_replays_game_by_game() {
    let dir = temp_dir("example");
    let opts = MatchOptions::<DouDizhu> {
        records: Some(dir.clone()),
        ..MatchOptions::default()
    };
    let deals = seeded_deals(&opts, 4, 9).unwrap();
    let mut a = player_from_spec(&example_bot(), 1, Duration::from_secs(20)).unwrap();
    let mut b = player_from_spec("normal", 2, Duration::from_secs(1)).unwrap();
    assert!(a.name().starts_with("example"), "{}", a.name());
    let stats = play_match(&mut *a, &mut *b, &deals, &opts).unwrap();
    assert_eq!(stats.deals(), 4);
    assert_eq!(stats.games(), 8);
    assert_eq!(stats.faults, [0, 0]);
    // Four games on each side, and each record replays to its end.
    assert_eq!(stats.side("landlord", "wp").n, 4);
    assert_eq!(stats.side("farmers", "wp").n, 4);
    let mut landlords = Vec::new();
    for i in 1..=4 {
        for tag in ["a", "b"] {
            let text = std::fs::read_to_string(dir.join(format!("{i:06}-{tag}.json"))).unwrap();
            let rec = Record::from_json(&text).unwrap();
            match replay_game::<paiju::games::dou_dizhu::DouDizhu>(&rec).unwrap() {
                Verdict::Ok { finished, outcome } => {
                    assert!(finished);
                    landlords.push(outcome.unwrap()["landlord"].clone());
                }
                other => panic!("{other:?}"),
            }
        }
    }
    // The fixed landlord: both games of a deal have the same landlord seat.
    for pair in landlords.chunks(2) {
        assert_eq!(pair[0], pair[1]);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_example_bot_plays_every_phase_of_the_variants() {
    for rules in [
        r#"{"bidding":"rob","kick":false,"doubling":true,"show_cards":true}"#,
        r#"{"kick":true,"kitty_multipliers":true,"forced_bid":true}"#,
        r#"{"players":2}"#,
        r#"{"wild":true}"#,
        r#"{"discard":true}"#,
    ] {
        let rules: Rules = serde_json::from_str(rules).unwrap();
        let opts = MatchOptions {
            bidding: true,
            ..MatchOptions::<DouDizhu>::new(rules.clone())
        };
        let deals = seeded_deals(&opts, 2, 3).unwrap();
        let mut a = player_from_spec(&example_bot(), 1, Duration::from_secs(20)).unwrap();
        let mut b = BotPlayer::new("normal", Level::Normal.bot(), 2);
        let stats = play_match(&mut *a, &mut b, &deals, &opts).unwrap();
        assert_eq!(stats.faults, [0, 0], "{rules:?}");
        assert_eq!(stats.games() as u64 + stats.redeals, 4, "{rules:?}");
    }
}

#[test]
fn deals_from_a_file_are_played_as_written() {
    let opts = MatchOptions::<DouDizhu>::default();
    let game = seeded_deals(&opts, 1, 4).unwrap().remove(0).first;
    let deal = game.record().deal;
    let text = format!("# one deal\n\n{deal}\n");
    let deals = deals_from_text(&opts, &text).unwrap();
    assert_eq!(deals.len(), 1);
    assert_eq!(deals[0].first.record().deal, deal);
    assert!(matches!(
        deals_from_text(&opts, "{\"hands\": []}"),
        Err(ArenaError::Deal { index: 1, .. })
    ));
}

#[test]
fn a_bot_of_another_protocol_version_is_refused() {
    let bot = r#"read line; echo '{"type":"hello","protocol":99}'; cat >/dev/null"#;
    match External::spawn(bot, Duration::from_secs(5), "dou-dizhu") {
        Err(ArenaError::Player { message, .. }) => assert!(message.contains("99"), "{message}"),
        Err(e) => panic!("{e}"),
        Ok(_) => panic!("a bot of protocol 99 was accepted"),
    }
}

#[test]
fn illegal_answers_are_faults_and_three_in_a_row_end_the_match() {
    // Shakes hands, then answers every request with an index out of range.
    let bot = r#"python3 -c '
import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "hello":
        print(json.dumps({"type": "hello", "protocol": 1}), flush=True)
    elif m["type"] == "act":
        print(json.dumps({"id": m["id"], "index": 9999}), flush=True)
'"#;
    let mut a = External::spawn(bot, Duration::from_secs(20), "dou-dizhu").unwrap();
    let mut b = BotPlayer::new("normal", Level::Normal.bot(), 2);
    let opts = MatchOptions::<DouDizhu>::default();
    let deals = seeded_deals(&opts, 1, 5).unwrap();
    match play_match(&mut a, &mut b, &deals, &opts) {
        Err(ArenaError::Player { message, .. }) => {
            assert!(message.contains("in a row"), "{message}")
        }
        other => panic!("{:?}", other.map(|s| s.to_json())),
    }
    assert_eq!(a.faults(), 3);
}

#[test]
fn a_silent_bot_times_out_into_the_fallback() {
    // Shakes hands, then never answers.
    let bot = r#"read line; echo '{"type":"hello","protocol":1}'; cat >/dev/null"#;
    let mut a = External::spawn(bot, Duration::from_millis(50), "dou-dizhu").unwrap();
    let mut b = BotPlayer::new("normal", Level::Normal.bot(), 2);
    let opts = MatchOptions::<DouDizhu>::default();
    let deals = seeded_deals(&opts, 1, 5).unwrap();
    let err = play_match(&mut a, &mut b, &deals, &opts).unwrap_err();
    assert!(err.to_string().contains("in a row"), "{err}");
    assert_eq!(a.faults(), 3);
}

/// Dou Dizhu's players are every game's levels (`basic` the same as
/// `easy`, as docs/arena.md says) and its `hard:N:<opponents>`; anything
/// else is refused with the list.
#[test]
fn dou_dizhu_players_are_the_levels_and_hard_with_its_opponents() {
    let spec = |s: &str| player_from_spec::<DouDizhu>(s, 1, Duration::from_secs(1));
    for ok in [
        "basic",
        "easy",
        "normal",
        "hard",
        "hard:40",
        "hard:40:read",
        "hard:40:mixed",
        "hard:40:easy",
        "hard:40:normal",
    ] {
        assert!(spec(ok).is_ok(), "{ok}");
    }
    for bad in [
        "expert",
        "hard:0",
        "hard:x",
        "hard:40:bogus",
        "normal:40",
        "hard:",
    ] {
        match spec(bad) {
            Err(ArenaError::Options(message)) => {
                assert!(message.contains("easy (basic)"), "{message}")
            }
            Err(e) => panic!("{bad}: {e}"),
            Ok(_) => panic!("{bad} was taken"),
        }
    }
}
