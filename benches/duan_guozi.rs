//! Duan Guozi speed: naming every two-card hand of the 32-card deck, one
//! round dealt and settled, and a whole game (antes to the empty pot) at 4
//! and 12 players, shuffles and the cut included.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use paiju::games::duan_guozi::{deck, Action, DuanGuozi, HandKind, Rules};
use paiju::games::Game;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn every_pair() -> usize {
    let cards = deck::deck();
    let mut n = 0;
    for (i, a) in cards.iter().enumerate() {
        for b in &cards[i + 1..] {
            if HandKind::of(*a, *b).is_some() {
                n += 1;
            }
        }
    }
    n
}

fn whole_game(seats: usize, rng: &mut ChaCha8Rng) -> usize {
    let mut g = DuanGuozi::deal(Rules::default(), seats, rng).expect("a deal");
    g.play_out();
    g.rounds().len()
}

fn bench(c: &mut Criterion) {
    c.bench_function("name all 496 two-card hands", |b| {
        b.iter(|| black_box(every_pair()))
    });
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let fresh = DuanGuozi::deal(Rules::default(), 6, &mut rng).expect("a deal");
    c.bench_function("one round at 6 players (deal, rank, pay)", |b| {
        b.iter(|| {
            let mut g = fresh.clone();
            let dealer = g.waiting_on()[0];
            black_box(g.apply(dealer, &Action::Deal).expect("the dealer deals"))
        })
    });
    for seats in [4, 12] {
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        c.bench_function(&format!("whole game at {seats} players"), |b| {
            b.iter(|| black_box(whole_game(seats, &mut rng)))
        });
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
