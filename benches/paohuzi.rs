//! Paohuzi speed: the win check (the best split of a 21-card hand with its
//! huxi), the basic bot's decision on a discard, whole hands between
//! random bots (the simulation's throughput), and `normal`'s decisions:
//! every one of 300 seeded hands timed (its p50, p99 and slowest, by
//! question, printed first), and the slowest under criterion.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use paiju::ai::{Bot, Level, RandomBot};
use paiju::games::paohuzi::ai::BasicBot;
use paiju::games::paohuzi::cards::{counts_of, Card};
use paiju::games::paohuzi::view::PaohuziView;
use paiju::games::paohuzi::Action;
use paiju::games::paohuzi::{best_split, Paohuzi, PaohuziRules, Source};
use paiju::games::Game;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::time::{Duration, Instant};

fn cards(s: &str) -> Vec<Card> {
    s.split_whitespace().map(|c| c.parse().unwrap()).collect()
}

fn random_hand(rng: &mut ChaCha8Rng) -> usize {
    let mut g = Paohuzi::new_hand(PaohuziRules::default(), 0, 0, rng).expect("a deal");
    let mut n = 0;
    while let Some(&seat) = g.waiting_on().first() {
        let legal = g.legal_actions(seat);
        let view = g.view(Some(seat));
        let a = <RandomBot as Bot<Paohuzi>>::choose(&mut RandomBot, &view, &legal, rng);
        g.apply(seat, &a).expect("a legal action");
        n += 1;
    }
    n
}

/// Every question `normal` answers in `hands` seeded hands it plays at
/// every seat, with the legal answers.
fn normal_decisions(hands: u64) -> Vec<(PaohuziView, Vec<Action>)> {
    let rules = PaohuziRules::default();
    let mut bot = paiju::ai::paohuzi::hand_bot(Level::Normal, &rules);
    let mut out = Vec::new();
    for seed in 0..hands {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut g = Paohuzi::new_hand(rules.clone(), 0, 0, &mut rng).expect("a deal");
        while let Some(&seat) = g.waiting_on().first() {
            let legal = g.legal_actions(seat);
            let view = g.view(Some(seat));
            let a = bot.choose(&view, &legal, &mut rng);
            if legal.len() > 1 {
                out.push((view, legal));
            }
            g.apply(seat, &a).expect("a legal action");
        }
    }
    out
}

/// Each decision's time (the least of three runs, so that a busy
/// machine's pauses are not counted), slowest first.
fn time_decisions(decisions: &[(PaohuziView, Vec<Action>)]) -> Vec<(Duration, usize)> {
    let mut bot = paiju::ai::paohuzi::hand_bot(Level::Normal, &PaohuziRules::default());
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    let mut times: Vec<(Duration, usize)> = decisions
        .iter()
        .enumerate()
        .map(|(i, (view, legal))| {
            let least = (0..3)
                .map(|_| {
                    let start = Instant::now();
                    black_box(bot.choose(view, legal, &mut rng));
                    start.elapsed()
                })
                .min()
                .unwrap_or_default();
            (least, i)
        })
        .collect();
    times.sort_by(|a, b| b.cmp(a));
    times
}

fn bench(c: &mut Criterion) {
    let decisions = normal_decisions(300);
    let times = time_decisions(&decisions);
    let at = |q: f64| times[((times.len() as f64) * (1.0 - q)) as usize].0;
    println!(
        "normal: {} decisions; p50 {:?}, p99 {:?}, slowest {:?}",
        times.len(),
        at(0.5),
        at(0.99),
        times[0].0
    );
    for (t, i) in times.iter().take(8) {
        let (view, legal) = &decisions[*i];
        println!(
            "  {t:?}: {:?}, {} answers, {} cards in hand",
            view.asking.map(|a| a.question),
            legal.len(),
            view.my_hand().len()
        );
    }
    let (view, legal) = decisions[times[0].1].clone();
    let mut normal = paiju::ai::paohuzi::hand_bot(Level::Normal, &PaohuziRules::default());
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    c.bench_function("normal: its slowest decision of 300 hands", |b| {
        b.iter(|| black_box(normal.choose(black_box(&view), legal.as_slice(), &mut rng)))
    });

    // The template: seven groups, 15 huxi, with 拾 from another player.
    let template = counts_of(&cards(
        "d1 d2 d3 d2 d7 d10 x1 x2 x3 x4 x5 x6 x7 x8 x9 d4 d5 d6 d8 d9",
    ));
    let d10: Card = "d10".parse().unwrap();
    c.bench_function("win check: best split of a 21-card hand", |b| {
        b.iter(|| {
            black_box(best_split(
                black_box(&template),
                &[],
                Some((d10, Source::Other)),
            ))
        })
    });
    // Many pairs and 绞: the search has the most readings to try.
    let tangled = counts_of(&cards(
        "x1 x1 x2 x2 x3 x3 d1 d1 d2 d2 d3 d3 x4 x5 x6 d4 d5 d6 x7 x8",
    ));
    let x9: Card = "x9".parse().unwrap();
    c.bench_function("win check: 21 cards full of pairs and 绞", |b| {
        b.iter(|| {
            black_box(best_split(
                black_box(&tangled),
                &[],
                Some((x9, Source::Own)),
            ))
        })
    });

    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let dealt = Paohuzi::new_hand(PaohuziRules::default(), 0, 0, &mut rng).expect("a deal");
    let seat = dealt.waiting_on()[0];
    let view = dealt.view(Some(seat));
    let legal = dealt.legal_actions(seat);
    c.bench_function("basic bot: choose the dealer's first discard", |b| {
        b.iter(|| black_box(BasicBot.choose(black_box(&view), &legal, &mut rng)))
    });

    let mut rng = ChaCha8Rng::seed_from_u64(4);
    c.bench_function("whole hand between random bots", |b| {
        b.iter(|| black_box(random_hand(&mut rng)))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
