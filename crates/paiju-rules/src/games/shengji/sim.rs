//! `paiju simulate shengji`: matches between bots, hand after hand (the
//! next banker and both levels carried over, a new match once one is won),
//! with speed and balance figures. Declaring is driven the way a live table
//! drives it: every four cards dealt, each seat may declare with the cards
//! it has received so far. Every hand is checked: cards conserved, points
//! in the tricks total 100 per deck, and the first hands' records replay
//! to the same outcome.

use super::ai::{choose_declaration, BasicBot};
use super::rules::{ShengjiRules, SEATS};
use super::{Action, Phase, Shengji};
use crate::ai::{AiKind, Bot, RandomBot};
use crate::games::Game;
use crate::record::{replay_game, RecordError, Verdict};
use crate::simulate::{pct, DecisionTimes, SimOptions, SimReport};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn bot_for(kind: AiKind) -> Box<dyn Bot<Shengji>> {
    match kind {
        AiKind::Random => Box::new(RandomBot),
        AiKind::Basic => Box::new(BasicBot),
    }
}

fn fail(n: u64, why: impl std::fmt::Display) -> RecordError {
    RecordError::Deal(format!("hand {n}: {why}"))
}

/// Plays one hand to the end with `kinds[seat]` bots.
pub fn play_hand(
    game: &mut Shengji,
    kinds: &[AiKind; SEATS],
    rng: &mut ChaCha8Rng,
) -> Result<(), String> {
    play_hand_timed(game, kinds, rng, None)
}

/// [`play_hand`], timing the basic bots' decisions (declarations too) in
/// `times`.
fn play_hand_timed(
    game: &mut Shengji,
    kinds: &[AiKind; SEATS],
    rng: &mut ChaCha8Rng,
    times: Option<&DecisionTimes>,
) -> Result<(), String> {
    let mut bots: Vec<Box<dyn Bot<Shengji>>> = kinds
        .iter()
        .map(|&k| match (k, times) {
            (AiKind::Basic, Some(times)) => times.wrap(bot_for(k)),
            _ => bot_for(k),
        })
        .collect();
    let total = game.deal_total();
    let mut n = 0;
    while n < total {
        n = (n + 4).min(total);
        for (seat, &kind) in kinds.iter().enumerate() {
            let options: Vec<Action> = game
                .declarations_for(seat)
                .into_iter()
                .filter_map(|a| match a {
                    Action::Declare { cards, dealt } if dealt <= n => {
                        Some(Action::Declare { cards, dealt: n })
                    }
                    _ => None,
                })
                .collect();
            if options.is_empty() {
                continue;
            }
            let choice = match kind {
                AiKind::Basic => {
                    let decide = || choose_declaration(&game.view(Some(seat)), &options, n);
                    match times {
                        Some(times) => times.time(decide),
                        None => decide(),
                    }
                }
                AiKind::Random => (rng.gen_range(0..20) == 0)
                    .then(|| options[rng.gen_range(0..options.len())].clone()),
            };
            if let Some(a) = choice {
                game.apply(seat, &a)
                    .map_err(|e| format!("a declaration was refused: {e}"))?;
            }
        }
    }
    while matches!(game.phase(), Phase::Declaring(_)) {
        let seat = game.prospective_banker();
        let legal: Vec<Action> = game
            .legal_actions(seat)
            .into_iter()
            .filter(|a| !matches!(a, Action::Declare { .. }))
            .collect();
        let a = bots[seat].choose(&game.view(Some(seat)), &legal, rng);
        game.apply(seat, &a)
            .map_err(|e| format!("the banker's {a:?} was refused: {e}"))?;
    }
    while let Some(seat) = game.to_play() {
        let legal = game.legal_actions(seat);
        if legal.is_empty() {
            return Err(format!("seat {seat} has no candidate play"));
        }
        let a = bots[seat].choose(&game.view(Some(seat)), &legal, rng);
        game.apply(seat, &a)
            .map_err(|e| format!("{a:?} by seat {seat} was refused: {e}"))?;
    }
    Ok(())
}

/// Figures of one run.
#[derive(Clone, Debug, Default)]
struct Tally {
    hands: u64,
    matches: u64,
    kept: u64,
    attacker_points: i64,
    banker_levels: i64,
    attacker_levels: i64,
    throws_failed: u64,
    /// Hands won by team 0 (kept the bank as bankers, or took it as attackers).
    team0_won: u64,
    team_levels: [i64; 2],
}

/// Plays `hands` hands of matches; `kinds` per seat.
fn run(
    rules: &ShengjiRules,
    kinds: [AiKind; SEATS],
    hands: u64,
    rng: &mut ChaCha8Rng,
    replay_check: u64,
    times: Option<&DecisionTimes>,
) -> Result<Tally, RecordError> {
    let mut t = Tally::default();
    let mut next: Option<(usize, [u8; 2])> = None;
    for n in 0..hands {
        let mut game = match next {
            None => Shengji::deal(rules.clone(), SEATS, rng)?,
            Some((banker, levels)) => {
                Shengji::new_hand(rules.clone(), banker, levels, Some(banker), rng)?
            }
        };
        play_hand_timed(&mut game, &kinds, rng, times).map_err(|e| fail(n, e))?;
        let o = game
            .typed_outcome()
            .ok_or_else(|| fail(n, "the hand did not finish"))?
            .clone();
        let p = game.playing().expect("a finished hand has its tricks");
        let mut played = p.settled.buried.len();
        let mut in_tricks = 0;
        for tr in p.tricks.iter() {
            for (_, c) in &tr.plays {
                played += c.len();
            }
            in_tricks += tr.points;
            t.throws_failed += u64::from(tr.attempted.is_some());
        }
        if played != rules.deck_size() {
            return Err(fail(
                n,
                format!("{played} cards accounted for, not {}", rules.deck_size()),
            ));
        }
        let kitty = o.kitty_points;
        if in_tricks + kitty != 100 * rules.decks as i64 {
            return Err(fail(
                n,
                format!("{in_tricks} + {kitty} points, not 100 per deck"),
            ));
        }
        if n < replay_check {
            let verdict = replay_game::<Shengji>(&game.record())?;
            let expected = Verdict::Ok {
                finished: true,
                outcome: game
                    .outcome()
                    .map(|o| crate::games::GameOutcome::to_json(&o)),
            };
            if verdict != expected {
                return Err(fail(n, "its record does not replay to the same outcome"));
            }
        }
        t.hands += 1;
        t.kept += u64::from(o.banker_kept);
        t.attacker_points += o.points;
        let bteam = o.banker % 2;
        t.banker_levels += o.deltas[o.banker];
        t.attacker_levels += o.deltas[(o.banker + 1) % SEATS];
        if (bteam == 0) == o.banker_kept {
            t.team0_won += 1;
        }
        t.team_levels[0] += o.deltas[0];
        t.team_levels[1] += o.deltas[1];
        next = match o.match_winner {
            Some(_) => {
                t.matches += 1;
                None
            }
            None => Some((o.next_banker, o.levels)),
        };
    }
    Ok(t)
}

/// Runs the simulation `paiju simulate shengji` asks for.
pub fn simulate(opts: &SimOptions) -> Result<SimReport, RecordError> {
    let (rules, _): (ShengjiRules, _) = opts.checked_rules(SEATS)?;
    let mut rng = ChaCha8Rng::seed_from_u64(opts.seed);
    let t = run(
        &rules,
        [opts.ai; SEATS],
        opts.games,
        &mut rng,
        100,
        Some(&opts.decisions),
    )?;
    let hands = t.hands.max(1) as f64;
    let mut r = SimReport {
        played: t.hands,
        unit: "hands",
        ..SimReport::default()
    };
    r.push("game", "shengji");
    r.push("decks", rules.decks);
    r.push("ai", format!("{:?}", opts.ai).to_lowercase());
    r.push("hands", t.hands);
    r.push("matches won", t.matches);
    r.push("banker side kept the bank", pct(t.kept, t.hands));
    r.push(
        "average attacker points",
        format!("{:.1}", t.attacker_points as f64 / hands),
    );
    r.push(
        "banker side levels per hand",
        format!("{:.2}", t.banker_levels as f64 / hands),
    );
    r.push(
        "attacker levels per hand",
        format!("{:.2}", t.attacker_levels as f64 / hands),
    );
    r.push(
        "failed throws per hand",
        format!("{:.2}", t.throws_failed as f64 / hands),
    );
    r.push("cards and points conserved", "yes (checked every hand)");
    if opts.ai == AiKind::Basic {
        use AiKind::{Basic, Random};
        let a = run(
            &rules,
            [Basic, Random, Basic, Random],
            opts.games,
            &mut rng,
            0,
            None,
        )?;
        let b = run(
            &rules,
            [Random, Basic, Random, Basic],
            opts.games,
            &mut rng,
            0,
            None,
        )?;
        // Every hand played was timed: count them all for the rate.
        r.played += a.hands + b.hands;
        let won = a.team0_won + (b.hands - b.team0_won);
        let levels = a.team_levels[0] + b.team_levels[1] - a.team_levels[1] - b.team_levels[0];
        r.push(
            "basic team vs random team: hands won",
            pct(won, a.hands + b.hands),
        );
        r.push(
            "basic team vs random team: levels per hand ahead",
            format!("{:+.2}", levels as f64 / (a.hands + b.hands).max(1) as f64),
        );
    }
    Ok(r)
}
