//! Shengji properties over random deals and random candidate play: every
//! candidate is accepted, hands finish, cards are conserved, points total
//! 100 per deck, records replay to the same outcome, and views show no
//! other seat's hand.

use paiju::ai::{Bot, RandomBot};
use paiju::games::shengji::{Action, Phase, Shengji, ShengjiRules};
use paiju::games::Game;
use paiju::games::GameOutcome;
use paiju::record::{replay_game, Verdict};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn rules(decks: u8, flip: bool) -> ShengjiRules {
    let mut r: ShengjiRules = serde_json::from_value(serde_json::json!({
        "decks": decks,
        "no_declare": if flip { "flip" } else { "no_trump" },
    }))
    .unwrap();
    r.twos_trump = decks == 2 && flip;
    // Two colours (one deck) also keep every card and point.
    r.two_colors = decks == 1 && flip;
    r
}

/// Plays a hand with random candidates (and random declarations),
/// checking every candidate of the acting seat is accepted and every view.
fn play(decks: u8, flip: bool, seed: u64) -> Shengji {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut g = Shengji::deal(rules(decks, flip), 4, &mut rng).unwrap();
    let mut steps = 0;
    while !g.is_finished() {
        steps += 1;
        assert!(steps < 2000, "the hand does not finish");
        let waiting = g.waiting_on();
        assert!(!waiting.is_empty());
        let seat = if matches!(g.phase(), Phase::Declaring(_)) && rng.gen_range(0..3) > 0 {
            waiting[rng.gen_range(0..waiting.len())]
        } else {
            g.to_play().unwrap_or_else(|| g.prospective_banker())
        };
        let legal = g.legal_actions(seat);
        assert!(!legal.is_empty(), "seat {seat} waited on with no candidate");
        for a in &legal {
            let mut copy = g.clone();
            copy.apply(seat, a)
                .unwrap_or_else(|e| panic!("candidate {a:?} refused: {e}"));
        }
        for s in 0..4 {
            let v = g.view(Some(s));
            assert_eq!(v.hand, g.hand(s));
            // While declaring the kitty is the seat's that would bury it:
            // the banker, or seat 0 of a first hand nobody declared in.
            let bank = match g.phase() {
                Phase::Declaring(_) => g.prospective_banker() == s,
                _ => g.banker() == Some(s) || g.is_finished(),
            };
            assert!(v.kitty.is_none() || bank, "seat {s} sees the kitty");
        }
        assert!(g.view(None).hand.is_empty() && g.view(None).kitty.is_none());
        let mut bot = RandomBot;
        let a: Action = Bot::<Shengji>::choose(&mut bot, &g.view(Some(seat)), &legal, &mut rng);
        g.apply(seat, &a).unwrap();
    }
    g
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    #[test]
    fn random_hands_finish_conserve_cards_and_points_and_replay(
        decks in 1u8..=4, flip in any::<bool>(), seed in any::<u64>()
    ) {
        let g = play(decks, flip, seed);
        let p = g.playing().unwrap();
        let mut cards = p.settled.buried.len();
        let mut points = 0;
        for t in p.tricks.iter() {
            cards += t.plays.iter().map(|(_, c)| c.len()).sum::<usize>();
            points += t.points;
        }
        prop_assert_eq!(cards, 54 * decks as usize);
        let o = g.typed_outcome().unwrap();
        prop_assert_eq!(points + o.kitty_points, 100 * decks as i64);
        let verdict = replay_game::<Shengji>(&g.record()).unwrap();
        prop_assert_eq!(verdict, Verdict::Ok {
            finished: true,
            outcome: g.outcome().map(|o| o.to_json()),
        });
    }
}

/// Four decks, random play: the seed's 3.4.5 list leads (a quad, tractors
/// of two to four pairs, of triples, of quads) come up, and every
/// candidate follow on them is accepted (`play` checks each candidate).
#[test]
fn four_deck_hands_meet_the_seeds_list_leads() {
    use paiju::games::shengji::play::{uniform_suit, Lead};
    let mut listed = 0;
    for seed in 0..6 {
        let g = play(4, false, seed);
        let p = g.playing().unwrap();
        let order = &p.settled.order;
        for t in p.tricks.iter() {
            let first = &t.plays[0].1;
            let si = uniform_suit(order, first).unwrap();
            listed += usize::from(Lead::new(order, si, first, 4).demands.list.is_some());
        }
    }
    assert!(listed >= 10, "only {listed} list leads");
}

#[test]
fn four_decks_close_declaring_with_the_first_lead() {
    let g = play(4, false, 7);
    assert!(g.playing().unwrap().settled.buried.is_empty());
    let played: usize = g
        .playing()
        .unwrap()
        .tricks
        .iter()
        .flat_map(|t| t.plays.iter().map(|(_, c)| c.len()))
        .sum();
    assert_eq!(played, 216);
    // 100 points a deck, all in the tricks (no kitty with four decks).
    let points: i64 = g.playing().unwrap().tricks.iter().map(|t| t.points).sum();
    assert_eq!(points, 400);
    assert_eq!(g.typed_outcome().unwrap().kitty_points, 0);
}

/// The refusal of a record's last action (the records of
/// `tests/records/shengji/` pin only its English words).
fn last_refusal(text: &str) -> paiju::games::RuleError {
    let record = paiju::record::Record::from_json(text).unwrap();
    let mut g = Shengji::from_record_setup(&record).unwrap();
    let last = record.actions.len() - 1;
    for (i, raw) in record.actions.iter().enumerate() {
        let (seat, body) = paiju::record::split_action(i, raw).unwrap();
        let action = Shengji::parse_action(&body).unwrap();
        match g.apply(seat, &action) {
            Ok(_) => assert!(i < last, "the last action is accepted"),
            Err(e) => {
                assert_eq!(i, last, "refused before the last action: {e}");
                return e;
            }
        }
    }
    unreachable!("a record has at least one action")
}

/// Seed 3.4.5's "出牌可选" (4 decks): refusing a follow that meets neither
/// choice names both, in each language, cards as players read them.
#[test]
fn a_free_choice_refusal_names_both_choices_in_each_language() {
    use paiju::i18n::{tr_rule_error, Lang};
    let e = last_refusal(include_str!(
        "records/shengji/decks-4-list-6-free-choice-refused.json"
    ));
    assert_eq!(
        tr_rule_error(Lang::EnUs, &e),
        "You must play your tractor 4♠ 4♠ 3♠ 3♠ or your four of a kind A♠ A♠ A♠ A♠ on this lead: either one."
    );
    assert_eq!(
        tr_rule_error(Lang::ZhCn, &e),
        "这手出牌可选，二选一：出拖拉机 4♠ 4♠ 3♠ 3♠，或者出四同张 A♠ A♠ A♠ A♠。"
    );
    let e = last_refusal(include_str!(
        "records/shengji/decks-4-free-choice-shorter-tractor-refused.json"
    ));
    let en = tr_rule_error(Lang::EnUs, &e);
    assert!(
        en.contains("your tractor") && en.contains("or your two fours of a kind"),
        "{en}"
    );
    let zh = tr_rule_error(Lang::ZhCn, &e);
    assert!(
        zh.contains("出拖拉机") && zh.contains("或者出两个四同张"),
        "{zh}"
    );
    let e = last_refusal(include_str!(
        "records/shengji/decks-4-list-1-two-triples-refused.json"
    ));
    assert!(tr_rule_error(Lang::EnUs, &e).starts_with("You must play your two triples K♠"));
    assert!(tr_rule_error(Lang::ZhCn, &e).starts_with("有三同张必须跟：你要出两个三同张 "));
}

#[path = "shengji/table.rs"]
mod table;

#[path = "shengji/terminal.rs"]
mod terminal;

#[path = "shengji/discord.rs"]
mod discord;

#[path = "shengji/newplayer.rs"]
mod newplayer;
