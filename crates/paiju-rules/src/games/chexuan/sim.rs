//! `paiju simulate chexuan`: hands between bots at one table, carrying the
//! dealer and the mango pot from hand to hand, with speed and balance
//! figures. Every hand is checked: chips conserved (the deltas plus the
//! change of the mango pot sum to zero), nobody loses more than the bobo
//! plus his mango payments, and the first hands' records replay to the
//! same outcome.

use super::ai::BasicBot;
use super::{Chexuan, ChexuanRules, HandSetup, Mango, MangoKind};
use crate::ai::{AiKind, Bot, RandomBot};
use crate::games::Game;
use crate::record::{replay_game, RecordError, Verdict};
use crate::simulate::{pct, SimOptions, SimReport};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Figures of one table's run.
#[derive(Clone, Debug, Default)]
struct Tally {
    hands: u64,
    showdowns: u64,
    xiu: u64,
    zhou: u64,
    sanhua: u64,
    actions: u64,
    net: Vec<i64>,
    mango_pot: u64,
}

fn bot_for(kind: AiKind) -> Box<dyn Bot<Chexuan>> {
    match kind {
        AiKind::Random => Box::new(RandomBot),
        AiKind::Basic => Box::new(BasicBot),
    }
}

/// Plays `hands` hands at one table of `bots.len()` seats.
fn run_table(
    rules: &ChexuanRules,
    bots: &mut [Box<dyn Bot<Chexuan>>],
    hands: u64,
    rng: &mut ChaCha8Rng,
    replay_check: u64,
) -> Result<Tally, RecordError> {
    let seats = bots.len();
    let mut tally = Tally {
        net: vec![0; seats],
        ..Tally::default()
    };
    let mut dealer = 0;
    let mut mango = Mango::default();
    for n in 0..hands {
        let setup = HandSetup {
            dealer,
            bobo: vec![rules.min_bobo(); seats],
            mango,
            mango_limit: Vec::new(),
        };
        let mut game = Chexuan::new_hand(rules.clone(), setup, rng)?;
        while let Some(seat) = game.to_act() {
            let legal = game.legal_actions(seat);
            let view = game.view(Some(seat));
            let action = bots[seat].choose(&view, &legal, rng);
            game.apply(seat, &action)
                .map_err(|e| RecordError::Deal(format!("a bot's action was refused: {e}")))?;
            tally.actions += 1;
        }
        let outcome = game.outcome().expect("a finished hand has an outcome");
        let after = game.mango();
        let sum: i64 = outcome.deltas.iter().sum();
        if sum + after.pot as i64 - mango.pot as i64 != 0 {
            return Err(RecordError::Deal(format!(
                "hand {n}: chips not conserved ({sum} in deltas, mango pot {} → {})",
                mango.pot, after.pot
            )));
        }
        for (s, d) in outcome.deltas.iter().enumerate() {
            let cap = rules.min_bobo() as i64 + game.view(None).players[s].mango_paid as i64;
            if -d > cap {
                return Err(RecordError::Deal(format!(
                    "hand {n}: seat {s} lost {} beyond bobo and mango payments",
                    -d
                )));
            }
            tally.net[s] += d;
        }
        if n < replay_check {
            let verdict = replay_game::<Chexuan>(&game.record())?;
            let expected = Verdict::Ok {
                finished: true,
                outcome: Some(crate::games::GameOutcome::to_json(&outcome)),
            };
            if verdict != expected {
                return Err(RecordError::Deal(format!(
                    "hand {n}: its record does not replay to the same outcome"
                )));
            }
        }
        tally.hands += 1;
        tally.showdowns += u64::from(outcome.showdown.is_some());
        tally.sanhua += outcome.laid_down.as_ref().map_or(0, |l| l.len() as u64);
        for m in &outcome.mangos {
            match m.kind {
                MangoKind::Xiu => tally.xiu += 1,
                MangoKind::Zhou => tally.zhou += 1,
            }
        }
        dealer = game.next_dealer().expect("finished");
        mango = after;
    }
    tally.mango_pot = mango.pot;
    Ok(tally)
}

/// Runs the simulation `paiju simulate chexuan` asks for.
pub fn simulate(opts: &SimOptions) -> Result<SimReport, RecordError> {
    let (rules, seats): (ChexuanRules, _) = opts.checked_rules(4)?;
    let mut rng = ChaCha8Rng::seed_from_u64(opts.seed);
    let mut bots: Vec<Box<dyn Bot<Chexuan>>> = (0..seats).map(|_| bot_for(opts.ai)).collect();
    super::ai::prepare();
    let t = run_table(&rules, &mut bots, opts.games, &mut rng, 200)?;

    let mut r = SimReport {
        played: t.hands,
        unit: "hands",
        ..SimReport::default()
    };
    r.push("game", "chexuan");
    r.push("players", seats);
    r.push("ai", format!("{:?}", opts.ai).to_lowercase());
    r.push("hands", t.hands);
    r.push(
        "actions per hand",
        format!("{:.2}", t.actions as f64 / t.hands.max(1) as f64),
    );
    r.push("showdowns", pct(t.showdowns, t.hands));
    r.push("won without showdown", pct(t.hands - t.showdowns, t.hands));
    r.push("休芒 (xiu mango)", t.xiu);
    r.push("皱芒 (zhou mango)", t.zhou);
    r.push("三花 lay-downs", t.sanhua);
    r.push("mango pot at the end", t.mango_pot);
    for (s, net) in t.net.iter().enumerate() {
        r.push(&format!("seat {s} net chips"), net);
    }
    r.push("chips conserved", "yes (checked every hand)");

    // The basic bot against random bots, on a table of its own.
    if opts.ai == AiKind::Basic {
        let mut mixed: Vec<Box<dyn Bot<Chexuan>>> = (0..seats)
            .map(|s| {
                bot_for(if s == 0 {
                    AiKind::Basic
                } else {
                    AiKind::Random
                })
            })
            .collect();
        let m = run_table(&rules, &mut mixed, opts.games, &mut rng, 0)?;
        r.push(
            "basic (seat 0) vs random: chips per hand",
            format!("{:+.2}", m.net[0] as f64 / m.hands.max(1) as f64),
        );
    }
    Ok(r)
}
