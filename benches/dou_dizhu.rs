//! Dou Dizhu speed: move generation for an opening 20-card hand and after a
//! play, and a whole random game (bidding included).

use criterion::{black_box, criterion_group, Criterion};
use paiju::ai::{Bot, RandomBot};
use paiju::cards::parse_cards;
use paiju::games::dou_dizhu::patterns::{for_each_play, Combo, Kind, PatternRules};
use paiju::games::dou_dizhu::{wild, CardSet, DouDizhu, Rules, WildRules};
use paiju::games::Game;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn hand(cards: &[&str]) -> CardSet {
    CardSet::from_cards(&parse_cards(cards).unwrap())
}

fn count(h: CardSet, standing: Option<Combo>) -> usize {
    let mut n = 0;
    for_each_play(h, standing, &PatternRules::CLASSIC, |_| n += 1);
    n
}

fn bench(c: &mut Criterion) {
    // A landlord's opening hand rich in chains, trios and a bomb.
    let opening = hand(&[
        "3S", "3H", "3C", "4S", "4H", "4C", "5S", "5H", "6S", "7S", "8S", "9S", "9H", "TS", "JS",
        "QS", "QH", "KS", "2S", "BJ",
    ]);
    let ordinary = hand(&[
        "3D", "4D", "5D", "5C", "6H", "7H", "8H", "8D", "9D", "TH", "JH", "JD", "QD", "KH", "KD",
        "AS", "AH", "2H", "2D", "SJ",
    ]);
    eprintln!(
        "moves: rich opening {}, ordinary opening {}",
        count(opening, None),
        count(ordinary, None)
    );
    c.bench_function("legal plays, rich 20-card opening hand", |b| {
        b.iter(|| count(black_box(opening), None))
    });
    c.bench_function("legal plays, ordinary 20-card opening hand", |b| {
        b.iter(|| count(black_box(ordinary), None))
    });
    let pair_of_5 = Combo::new(Kind::Pair, 2, 2);
    c.bench_function("legal plays, following a pair", |b| {
        b.iter(|| count(black_box(ordinary), Some(pair_of_5)))
    });
    let trio_single = Combo::new(Kind::TrioSingle, 0, 4);
    c.bench_function("legal plays, following a trio with a single", |b| {
        b.iter(|| count(black_box(opening), Some(trio_single)))
    });

    // 癞子: 20-card hands holding all four wild cards (8 is wild), through
    // the generator and through `legal_actions` (which builds the actions).
    let wr = WildRules::new(5, CardSet::full_deck());
    let (wild_ordinary, wild_rich) = wild_hands();
    let count_wild = |h: CardSet, standing: Option<Combo>| {
        let mut n = 0;
        wild::for_each_play(h, standing, &wr, &PatternRules::CLASSIC, |_| n += 1);
        n
    };
    eprintln!(
        "wild moves: ordinary opening {}, rich opening {}",
        count_wild(wild_ordinary, None),
        count_wild(wild_rich, None)
    );
    c.bench_function(
        "wild: legal plays, ordinary 20-card opening hand, 4 wild",
        |b| b.iter(|| count_wild(black_box(wild_ordinary), None)),
    );
    c.bench_function(
        "wild: legal plays, rich 20-card opening hand, 4 wild",
        |b| b.iter(|| count_wild(black_box(wild_rich), None)),
    );
    c.bench_function("wild: legal plays, following a pair, 4 wild", |b| {
        b.iter(|| count_wild(black_box(wild_ordinary), Some(pair_of_5)))
    });
    let wild_game = wild_landlord(&wild_ordinary);
    c.bench_function(
        "wild: legal_actions, 20-card landlord's opening, 4 wild",
        |b| b.iter(|| black_box(&wild_game).legal_actions(0).len()),
    );

    // Through the Game trait: legal_actions of a freshly dealt landlord.
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut g = DouDizhu::deal(Rules::default(), 3, &mut rng).unwrap();
    let first = g.turn().unwrap();
    g.apply(first, &paiju::games::dou_dizhu::Action::Bid(3))
        .unwrap();
    c.bench_function("legal_actions, dealt landlord's opening", |b| {
        b.iter(|| black_box(&g).legal_actions(first).len())
    });

    c.bench_function("whole random game", |b| {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        b.iter(|| {
            let mut g = DouDizhu::deal(Rules::default(), 3, &mut rng).unwrap();
            while let Some(seat) = g.turn() {
                let legal = g.legal_actions(seat);
                let a = <RandomBot as Bot<DouDizhu>>::choose(
                    &mut RandomBot,
                    &g.view(Some(seat)),
                    &legal,
                    &mut rng,
                );
                g.apply(seat, &a).unwrap();
            }
            g.is_finished()
        })
    });
}

/// Two 20-card opening hands holding the four wild cards (8 is wild): an
/// ordinary one and one rich in trios and chains.
fn wild_hands() -> (CardSet, CardSet) {
    let ordinary = hand(&[
        "8S", "8H", "8C", "8D", "3D", "4D", "5D", "5C", "6H", "7H", "9D", "TH", "JH", "JD", "QD",
        "KH", "KD", "AS", "AH", "2H",
    ]);
    let rich = hand(&[
        "8S", "8H", "8C", "8D", "3S", "3H", "3C", "4S", "4H", "4C", "5S", "5H", "6S", "7S", "9S",
        "9H", "TS", "JS", "QS", "2S",
    ]);
    (ordinary, rich)
}

/// A wild game (8 wild) in which seat 0 is the landlord holding `hand` (20
/// cards with the kitty) and leads.
fn wild_landlord(hand: &CardSet) -> DouDizhu {
    let rest: Vec<String> = CardSet::full_deck()
        .minus(*hand)
        .cards()
        .iter()
        .map(|c| c.to_string())
        .collect();
    let mine: Vec<String> = hand.cards().iter().map(|c| c.to_string()).collect();
    let deal = serde_json::json!({
        "hands": [mine[..17], rest[..17], rest[17..34]],
        "kitty": mine[17..],
        "first": 0,
        "wild": "8",
    });
    let record = serde_json::json!({"game": "dou-dizhu", "rules": {"wild": true}, "seats": 3,
        "deal": deal, "actions": []});
    let record = paiju::record::Record::from_json(&record.to_string()).unwrap();
    let mut g = DouDizhu::from_record_setup(&record).unwrap();
    g.apply(0, &paiju::games::dou_dizhu::Action::Bid(3))
        .unwrap();
    g
}

criterion_group!(benches, bench);

/// `PAIJU_BENCH_REPEAT=N cargo bench --bench dou_dizhu` skips criterion and
/// runs the wild generator and `legal_actions` on the 20-card, 4-wild
/// opening hands N times: a fixed amount of work for
/// `valgrind --tool=callgrind`, whose instruction count does not depend on
/// the machine's load as wall-clock timings do (compare runs with N and 0).
fn main() {
    if let Some(n) = std::env::var("PAIJU_BENCH_REPEAT")
        .ok()
        .and_then(|v| v.parse::<usize>().ok())
    {
        let wr = WildRules::new(5, CardSet::full_deck());
        let (ordinary, rich) = wild_hands();
        let game = wild_landlord(&ordinary);
        let mut total = 0usize;
        for _ in 0..n {
            for h in [ordinary, rich] {
                wild::for_each_play(black_box(h), None, &wr, &PatternRules::CLASSIC, |_| {
                    total += 1
                });
            }
            total += black_box(&game).legal_actions(0).len();
        }
        println!("{n} rounds, {total} plays");
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
