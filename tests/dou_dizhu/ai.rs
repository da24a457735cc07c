//! The basic Dou Dizhu bot: it clearly beats random play on both sides, and
//! it makes the few plays the issue names (finish when it can, let a
//! partner's winning play stand, keep bombs for when they matter). The
//! repaired mistakes of issue #19 are in `ai/mistakes.rs`, and
//! `paiju arena` with its external-bot protocol in `ai/arena.rs`.

#[path = "ai/arena.rs"]
mod arena;
#[path = "ai/mistakes.rs"]
mod mistakes;

use paiju::ai::{AiKind, Bot};
use paiju::games::dou_dizhu::ai::BasicBot;
use paiju::games::dou_dizhu::sim::run;
use paiju::games::dou_dizhu::{Action, DouDizhu, Kind, Rules};
use paiju::games::Game;
use paiju::record::{split_action, Record};
use rand::SeedableRng;

fn landlord_win_rate(landlord: AiKind, farmers: AiKind) -> f64 {
    let s = run(&Rules::default(), 300, 11, AiKind::Basic, landlord, farmers).unwrap();
    s.landlord_wins as f64 / (s.games - s.redeals) as f64
}

#[test]
fn basic_beats_random_on_both_sides() {
    let basic_landlord = landlord_win_rate(AiKind::Basic, AiKind::Random);
    let random_landlord = landlord_win_rate(AiKind::Random, AiKind::Basic);
    assert!(basic_landlord > 0.85, "basic landlord won {basic_landlord}");
    assert!(
        random_landlord < 0.15,
        "random landlord won {random_landlord}"
    );
}

#[test]
fn basic_bots_play_whole_games_with_every_option() {
    let rules: Rules = serde_json::from_str(
        r#"{"forced_bid":true,"kick":true,"kitty_multipliers":true,"doubling":true,"show_cards":true,"rake":5}"#,
    )
    .unwrap();
    // `run` fails if a bot ever makes an illegal move.
    let s = run(&rules, 100, 3, AiKind::Basic, AiKind::Basic, AiKind::Basic).unwrap();
    assert_eq!(s.games, 100);
    let rob: Rules = serde_json::from_str(r#"{"bidding":"rob"}"#).unwrap();
    run(&rob, 100, 4, AiKind::Basic, AiKind::Basic, AiKind::Basic).unwrap();
}

/// A game from one of the record files, after its first `n` actions.
fn from_record(name: &str, n: usize) -> DouDizhu {
    let path = format!(
        "{}/tests/records/dou-dizhu/{name}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let rec = Record::from_json(&std::fs::read_to_string(path).unwrap()).unwrap();
    let mut g = DouDizhu::from_record_setup(&rec).unwrap();
    for (i, raw) in rec.actions.iter().take(n).enumerate() {
        let (seat, body) = split_action(i, raw).unwrap();
        g.apply(seat, &DouDizhu::parse_action(&body).unwrap())
            .unwrap();
    }
    g
}

fn bot_choice(g: &DouDizhu) -> Action {
    let seat = g.turn().unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0);
    BasicBot.choose(&g.view(Some(seat)), &g.legal_actions(seat), &mut rng)
}

#[test]
fn plays_out_a_hand_it_can_finish() {
    // Seat 1 leads with 999TTTJJJQQQ5678 left: one airplane with singles.
    let g = from_record("ddz-anti-spring", 7);
    assert_eq!(g.turn(), Some(1));
    match bot_choice(&g) {
        Action::Play { cards, .. } => assert_eq!(cards, g.hand(1)),
        other => panic!("{other:?}"),
    }
}

#[test]
fn lets_its_partners_winning_play_stand() {
    // Landlord 0 led K, farmer 1 played A: farmer 2 could play a 2 but passes.
    let g = from_record("ddz-single-and-control", 3);
    assert_eq!(g.turn(), Some(2));
    assert_eq!(bot_choice(&g), Action::Pass);
}

#[test]
fn keeps_its_bomb_when_a_plain_play_beats_the_table() {
    // Landlord 0 leads 3333 + 6 7; farmer 1 holds 5555 and answers 5555 + 88.
    // After a plain single, farmer 1 answers with a single, not its bomb.
    let mut g = from_record("ddz-four-two", 1);
    let six = g.hand(0).pick(3, 1);
    g.apply(
        0,
        &Action::Play {
            cards: six,
            reading: None,
            wild_as: paiju::games::dou_dizhu::WildAs::NONE,
        },
    )
    .unwrap();
    match bot_choice(&g) {
        Action::Play { reading, .. } => assert_eq!(reading, Some(Kind::Single)),
        other => panic!("{other:?}"),
    }
}
