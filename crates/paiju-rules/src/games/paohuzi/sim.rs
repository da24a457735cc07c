//! `paiju simulate paohuzi`: hands between bots at one table, carrying the
//! dealer and the count of drawn hands from hand to hand, with speed and
//! balance figures, and the basic bot against two random ones. Every hand
//! is checked: the deltas sum to zero, a win has at least 15 huxi, and the
//! first hands' records replay to the same outcome.

use super::ai::BasicBot;
use super::{Paohuzi, PaohuziRules, MIN_HUXI};
use crate::ai::{AiKind, Bot, RandomBot};
use crate::games::Game;
use crate::record::{replay_game, RecordError, Verdict};
use crate::simulate::{pct, DecisionTimes, SimOptions, SimReport};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Figures of one table's run.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    pub hands: u64,
    pub drawn: u64,
    pub wins: [u64; 3],
    pub dealer_wins: u64,
    pub zimo: u64,
    pub tianhu: u64,
    pub huxi: u64,
    pub tun: u64,
    pub actions: u64,
    pub net: [i64; 3],
    /// Hands with exactly one basic seat (against random ones), its wins
    /// and its points.
    pub lone_basic_hands: u64,
    pub lone_basic_wins: u64,
    pub lone_basic_net: i64,
}

fn bot_for(kind: AiKind) -> Box<dyn Bot<Paohuzi>> {
    match kind {
        AiKind::Random => Box::new(RandomBot),
        AiKind::Basic => Box::new(BasicBot),
    }
}

/// Plays one hand to the end with `bots`; returns it finished.
pub fn play_hand(
    game: &mut Paohuzi,
    bots: &mut [Box<dyn Bot<Paohuzi>>],
    rng: &mut ChaCha8Rng,
) -> Result<u64, RecordError> {
    let mut actions = 0;
    while let Some(seat) = game.waiting_on().first().copied() {
        let legal = game.legal_actions(seat);
        let view = game.view(Some(seat));
        let action = bots[seat].choose(&view, &legal, rng);
        game.apply(seat, &action)
            .map_err(|e| RecordError::Deal(format!("a bot's action was refused: {e}")))?;
        actions += 1;
    }
    Ok(actions)
}

/// Plays `hands` hands; `bot_of(n, seat)` picks each seat's bot for hand n.
pub fn run_table(
    rules: &PaohuziRules,
    hands: u64,
    rng: &mut ChaCha8Rng,
    replay_check: u64,
    bot_of: impl FnMut(u64, usize) -> AiKind,
) -> Result<Tally, RecordError> {
    run_table_timed(rules, hands, rng, replay_check, bot_of, None)
}

/// [`run_table`], timing the basic bots' decisions in `times`.
fn run_table_timed(
    rules: &PaohuziRules,
    hands: u64,
    rng: &mut ChaCha8Rng,
    replay_check: u64,
    mut bot_of: impl FnMut(u64, usize) -> AiKind,
    times: Option<&DecisionTimes>,
) -> Result<Tally, RecordError> {
    let mut t = Tally::default();
    let mut dealer = 0;
    let mut drawn_in_a_row = 0;
    for n in 0..hands {
        let mut bots: Vec<Box<dyn Bot<Paohuzi>>> = (0..3)
            .map(|s| match (bot_of(n, s), times) {
                (AiKind::Basic, Some(times)) => times.wrap(bot_for(AiKind::Basic)),
                (kind, _) => bot_for(kind),
            })
            .collect();
        let mut game = Paohuzi::new_hand(rules.clone(), dealer, drawn_in_a_row, rng)?;
        t.actions += play_hand(&mut game, &mut bots, rng)?;
        let o = game.outcome_typed().expect("a finished hand").clone();
        if o.deltas.iter().sum::<i64>() != 0 {
            return Err(RecordError::Deal(format!(
                "hand {n}: deltas do not sum to zero"
            )));
        }
        if n < replay_check {
            let verdict = replay_game::<Paohuzi>(&game.record())?;
            let expected = Verdict::Ok {
                finished: true,
                outcome: game
                    .outcome()
                    .map(|o| crate::games::GameOutcome::to_json(&o)),
            };
            if verdict != expected {
                return Err(RecordError::Deal(format!(
                    "hand {n}: its record does not replay to the same outcome"
                )));
            }
        }
        t.hands += 1;
        match o.winner {
            None => t.drawn += 1,
            Some(w) => {
                if o.huxi < MIN_HUXI {
                    return Err(RecordError::Deal(format!("hand {n}: a win below 15 huxi")));
                }
                t.wins[w] += 1;
                t.dealer_wins += u64::from(w == dealer);
                t.zimo += u64::from(o.zimo);
                t.tianhu += u64::from(o.tianhu);
                t.huxi += u64::from(o.huxi);
                t.tun += u64::from(o.tun);
            }
        }
        for (net, d) in t.net.iter_mut().zip(&o.deltas) {
            *net += d;
        }
        let basic: Vec<usize> = (0..3).filter(|&s| bot_of(n, s) == AiKind::Basic).collect();
        if let [b] = basic[..] {
            t.lone_basic_hands += 1;
            t.lone_basic_wins += u64::from(o.winner == Some(b));
            t.lone_basic_net += o.deltas[b];
        }
        dealer = o.next_dealer;
        drawn_in_a_row = o.drawn_in_a_row;
    }
    Ok(t)
}

/// Runs the simulation `paiju simulate paohuzi` asks for.
pub fn simulate(opts: &SimOptions) -> Result<SimReport, RecordError> {
    let (rules, _): (PaohuziRules, _) = opts.checked_rules(3)?;
    let mut rng = ChaCha8Rng::seed_from_u64(opts.seed);
    let t = run_table_timed(
        &rules,
        opts.games,
        &mut rng,
        200,
        |_, _| opts.ai,
        Some(&opts.decisions),
    )?;
    let won = t.hands - t.drawn;
    let mut r = SimReport {
        played: t.hands,
        unit: "hands",
        ..SimReport::default()
    };
    r.push("game", "paohuzi");
    r.push("ai", format!("{:?}", opts.ai).to_lowercase());
    r.push("mingtang", rules.mingtang);
    r.push("hands", t.hands);
    r.push(
        "actions per hand",
        format!("{:.2}", t.actions as f64 / t.hands.max(1) as f64),
    );
    r.push("drawn hands (荒庄)", pct(t.drawn, t.hands));
    for (s, w) in t.wins.iter().enumerate() {
        r.push(&format!("seat {s} wins"), pct(*w, t.hands));
    }
    r.push("dealer wins", pct(t.dealer_wins, t.hands));
    r.push("自摸 among wins", pct(t.zimo, won));
    r.push("天胡 among wins", pct(t.tianhu, won));
    r.push(
        "average huxi of a win",
        format!("{:.2}", t.huxi as f64 / won.max(1) as f64),
    );
    r.push(
        "average tun of a win",
        format!("{:.2}", t.tun as f64 / won.max(1) as f64),
    );
    for (s, net) in t.net.iter().enumerate() {
        r.push(&format!("seat {s} net points"), net);
    }

    // One basic seat against two random ones, the basic seat rotating.
    let mut mixed_rng = ChaCha8Rng::seed_from_u64(opts.seed ^ 0x9e37_79b9);
    let basic_at = |n: u64| (n % 3) as usize;
    let m = run_table(&rules, opts.games, &mut mixed_rng, 0, |n, s| {
        if s == basic_at(n) {
            AiKind::Basic
        } else {
            AiKind::Random
        }
    })?;
    let random_wins = m.wins.iter().sum::<u64>() - m.lone_basic_wins;
    // Both tables' hands were timed: count them all for the rate.
    r.played += m.hands;
    r.push("basic vs 2 random: hands", m.hands);
    r.push(
        "basic vs 2 random: basic seat wins",
        pct(m.lone_basic_wins, m.hands),
    );
    r.push(
        "basic vs 2 random: each random seat wins",
        pct(random_wins, 2 * m.hands),
    );
    r.push(
        "basic vs 2 random: basic points per hand",
        format!("{:+.3}", m.lone_basic_net as f64 / m.hands.max(1) as f64),
    );
    Ok(r)
}
