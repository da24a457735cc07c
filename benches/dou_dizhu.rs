//! Dou Dizhu speed: move generation for an opening 20-card hand and after a
//! play, and a whole random game (bidding included).

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use paiju::ai::{Bot, RandomBot};
use paiju::cards::parse_cards;
use paiju::games::dou_dizhu::patterns::{for_each_play, Combo, Kind, PatternRules};
use paiju::games::dou_dizhu::{CardSet, DouDizhu, Rules};
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
    let pair_of_5 = Combo {
        kind: Kind::Pair,
        main: 2,
        size: 2,
    };
    c.bench_function("legal plays, following a pair", |b| {
        b.iter(|| count(black_box(ordinary), Some(pair_of_5)))
    });
    let trio_single = Combo {
        kind: Kind::TrioSingle,
        main: 0,
        size: 4,
    };
    c.bench_function("legal plays, following a trio with a single", |b| {
        b.iter(|| count(black_box(opening), Some(trio_single)))
    });

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

criterion_group!(benches, bench);
criterion_main!(benches);
