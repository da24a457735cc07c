//! `paiju simulate duan-guozi`: deals whole games from a seeded RNG and
//! reports rounds, reshuffles, redeals and how rounds and 道 fall by seat.
//! There are no decisions, so the AI kind does not matter. The games per
//! second figure is timed by the caller (no clock in game modules).

use super::{DuanGuozi, Rules};
use crate::games::Game;
use crate::record::RecordError;
use crate::simulate::{SimOptions, SimReport};
use rand::SeedableRng;

/// Players when `--players` is not given.
const DEFAULT_PLAYERS: usize = 4;

pub fn simulate(opts: &SimOptions) -> Result<SimReport, RecordError> {
    let (rules, seats): (Rules, _) = opts.checked_rules(DEFAULT_PLAYERS)?;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(opts.seed);
    let (mut rounds, mut max_rounds, mut reshuffles, mut redeals, mut sweeps) =
        (0u64, 0, 0u64, 0u64, 0u64);
    let mut won = vec![0u64; seats];
    // Rounds won by position in the deal order (0 = the dealer): ties go to
    // the earlier-dealt seat, so early positions should win a little more.
    let mut won_at = vec![0u64; seats];
    let mut net = vec![0i64; seats];
    for _ in 0..opts.games {
        let mut game = DuanGuozi::deal(rules.clone(), seats, &mut rng)?;
        game.play_out();
        let played = game.rounds();
        rounds += played.len() as u64;
        max_rounds = max_rounds.max(played.len());
        reshuffles += game.state().deck_index() as u64;
        for r in played {
            match r.winner {
                Some(w) => {
                    won[w] += 1;
                    let pos = r.deal_order.iter().position(|&s| s == w).unwrap_or(0);
                    won_at[pos] += 1;
                }
                None => redeals += 1,
            }
            sweeps += u64::from(r.swept);
        }
        if let Some(outcome) = game.outcome() {
            for (n, d) in net.iter_mut().zip(outcome.deltas) {
                *n += d;
            }
        }
    }
    let games = opts.games.max(1) as f64;
    let won_total = won.iter().sum::<u64>().max(1) as f64;
    let mut report = SimReport {
        played: opts.games,
        unit: "games",
        ..SimReport::default()
    };
    report.push("game", "duan-guozi");
    report.push("players", seats);
    report.push("games", opts.games);
    report.push("rounds per game", format!("{:.2}", rounds as f64 / games));
    report.push("most rounds in a game", max_rounds);
    report.push(
        "reshuffles per game",
        format!("{:.2}", reshuffles as f64 / games),
    );
    report.push(
        "all-bie-shi redeals per game",
        format!("{:.3}", redeals as f64 / games),
    );
    report.push("sweeps per game", format!("{:.3}", sweeps as f64 / games));
    let share: Vec<String> = won
        .iter()
        .map(|&w| format!("{:.1}%", 100.0 * w as f64 / won_total))
        .collect();
    report.push("round win share by seat", share.join(" "));
    let by_position: Vec<String> = won_at
        .iter()
        .map(|&w| format!("{:.1}%", 100.0 * w as f64 / won_total))
        .collect();
    report.push("win share by deal position", by_position.join(" "));
    let mean: Vec<String> = net
        .iter()
        .map(|&n| format!("{:+.2}", n as f64 / games))
        .collect();
    report.push("mean net 道 by seat", mean.join(" "));
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::AiKind;

    fn opts(players: Option<usize>, rules: serde_json::Value) -> SimOptions {
        SimOptions {
            games: 20,
            seed: 3,
            ai: AiKind::Basic,
            rules,
            players,
            decisions: Default::default(),
        }
    }

    #[test]
    fn same_seed_same_report() {
        let a = simulate(&opts(Some(6), serde_json::json!({})))
            .unwrap()
            .render();
        let b = simulate(&opts(Some(6), serde_json::json!({})))
            .unwrap()
            .render();
        assert_eq!(a, b);
        assert!(a.contains("round win share by seat"));
    }

    #[test]
    fn bad_options_are_errors() {
        assert!(simulate(&opts(Some(13), serde_json::json!({}))).is_err());
        assert!(simulate(&opts(Some(1), serde_json::json!({}))).is_err());
        assert!(simulate(&opts(None, serde_json::json!({"ante": 0}))).is_err());
        assert!(simulate(&opts(None, serde_json::json!({"bogus": 1}))).is_err());
    }
}
