//! Shengji speed: checking a proposed play (a lead, a throw, a follow),
//! building the candidate follows of a 25-card hand, the basic bot's
//! decision, and whole random two-deck hands.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use paiju::ai::{AiKind, Bot};
use paiju::cards::parse_cards;
use paiju::cards::{Rank, Suit};
use paiju::games::shengji::ai::BasicBot;
use paiju::games::shengji::play::{check_follow, follow_candidates, Lead};
use paiju::games::shengji::Order;
use paiju::games::shengji::{sim, Action, Shengji, ShengjiRules};
use paiju::games::Game;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// A two-deck hand dealt and played by random bots up to the first lead.
fn at_first_lead(seed: u64) -> Shengji {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut g = Shengji::deal(ShengjiRules::default(), 4, &mut rng).unwrap();
    let b = g.prospective_banker();
    let bury = g
        .legal_actions(b)
        .into_iter()
        .find(|a| matches!(a, Action::Bury(_)))
        .unwrap();
    g.apply(b, &bury).unwrap();
    g
}

fn bench(c: &mut Criterion) {
    let g = at_first_lead(3);
    let leader = g.to_play().unwrap();
    let hand = g.hand(leader).to_vec();
    let order = g.playing().unwrap().settled.order.clone();
    // The longest plain suit of the leader, thrown whole.
    let throw: Vec<_> = (1..5)
        .map(|si| {
            hand.iter()
                .copied()
                .filter(|&x| order.suit(x) == si)
                .collect::<Vec<_>>()
        })
        .max_by_key(|v| v.len())
        .unwrap();
    c.bench_function("check a lead (single)", |b| {
        b.iter(|| black_box(g.check_play(leader, &hand[..1])))
    });
    c.bench_function("check a lead (whole-suit throw)", |b| {
        b.iter(|| black_box(g.check_play(leader, &throw)))
    });
    // A follow: the lead is the throw resolved (whatever the engine plays).
    let mut led = g.clone();
    led.apply(leader, &Action::Play(throw.clone())).unwrap();
    let follower = led.to_play().unwrap();
    let fhand = led.hand(follower).to_vec();
    let legal = led.legal_actions(follower);
    let Action::Play(follow) = legal[0].clone() else {
        unreachable!()
    };
    c.bench_function("check a follow", |b| {
        b.iter(|| black_box(led.check_play(follower, &follow)))
    });
    let first = led.playing().unwrap().trick[0].1.clone();
    let lead = Lead::new(&order, order.suit(first[0]), &first, 2);
    c.bench_function("candidate follows of a 25-card hand", |b| {
        b.iter(|| black_box(follow_candidates(&order, &lead, &fhand)))
    });
    // Four decks, seed 3.4.5 list 1 (on 44556677): a 54-card hand with a
    // quad, triples and pairs of spades, no tractor; the follow checked
    // is the row it must play (a quad and two pairs).
    let o4 = Order::new(Rank::Ten, Some(Suit::Hearts), false, false);
    let cards = |s: &str| parse_cards(&s.split_whitespace().collect::<Vec<_>>()).unwrap();
    let lead4 = Lead::new(&o4, 1, &cards("4S 4S 5S 5S 6S 6S 7S 7S"), 4);
    let mut hand4 = cards("AS AS AS AS QS QS QS 8S 8S 5S 5S 2S 2S 2S");
    for suit in ["H", "C", "D"] {
        for r in [
            "2", "3", "4", "5", "6", "7", "8", "9", "J", "Q", "K", "A", "T",
        ] {
            hand4.extend(cards(&format!("{r}{suit}")));
        }
    }
    hand4.extend(cards("SJ BJ"));
    hand4.truncate(54);
    let follow4 = cards("AS AS AS AS QS QS 8S 8S");
    assert!(check_follow(&o4, &lead4, &hand4, &follow4).is_ok());
    c.bench_function("check a follow (4 decks, seed list 1)", |b| {
        b.iter(|| black_box(check_follow(&o4, &lead4, &hand4, &follow4)))
    });
    c.bench_function(
        "candidate follows of a 54-card hand (4 decks, list 1)",
        |b| b.iter(|| black_box(follow_candidates(&o4, &lead4, &hand4))),
    );
    c.bench_function("legal_actions at a lead", |b| {
        b.iter(|| black_box(g.legal_actions(leader)))
    });
    let view = g.view(Some(leader));
    let legal = g.legal_actions(leader);
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    c.bench_function("basic bot decision (lead)", |b| {
        b.iter(|| black_box(BasicBot.choose(&view, &legal, &mut rng)))
    });
    let mut seed = 0;
    c.bench_function("whole random two-deck hand", |b| {
        b.iter(|| {
            seed += 1;
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut g = Shengji::deal(ShengjiRules::default(), 4, &mut rng).unwrap();
            sim::play_hand(&mut g, &[AiKind::Random; 4], &mut rng).unwrap();
            black_box(g.is_finished())
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
