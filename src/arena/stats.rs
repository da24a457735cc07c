//! The figures of a match: WP (the share of games won) and ADP (the
//! average points won per game, DouZero's: a game is worth 2 points to a
//! side, doubled per bomb or rocket, won or lost), overall and on each
//! side, each with a 95% confidence interval; and how long decisions took.
//!
//! The overall figures take the deal as the unit (the mean of its two
//! games, sides swapped), which is what makes the swap cancel the cards'
//! luck; the per-side figures take the game. Intervals are the normal
//! approximation (mean ± 1.96 standard errors), fine at the hundreds of
//! games a match plays; a WP interval is never wider than [0, 1].

use serde_json::{json, Value};
use std::time::Duration;

/// The side a player took in one game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Side {
    Landlord,
    Farmers,
}

/// A mean with its 95% confidence half-width.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Estimate {
    pub n: usize,
    pub mean: f64,
    pub half_width: f64,
}

impl Estimate {
    pub fn of(values: &[f64]) -> Estimate {
        let n = values.len();
        if n == 0 {
            return Estimate {
                n,
                mean: f64::NAN,
                half_width: f64::NAN,
            };
        }
        let mean = values.iter().sum::<f64>() / n as f64;
        let var = if n > 1 {
            values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1) as f64
        } else {
            0.0
        };
        Estimate {
            n,
            mean,
            half_width: 1.96 * (var / n as f64).sqrt(),
        }
    }

    pub fn low(&self) -> f64 {
        self.mean - self.half_width
    }

    pub fn high(&self) -> f64 {
        self.mean + self.half_width
    }

    fn to_json(self) -> Value {
        json!({"n": self.n, "mean": self.mean, "ci95": [self.low(), self.high()]})
    }
}

/// Everything a match adds up, seen from player A.
#[derive(Clone, Debug, Default)]
pub struct MatchStats {
    pub names: [String; 2],
    /// Per deal: the mean of A's wins (1/0) and points over its games.
    deal_wins: Vec<f64>,
    deal_points: Vec<f64>,
    /// Per game, by A's side: win (1/0) and points.
    landlord: (Vec<f64>, Vec<f64>),
    farmers: (Vec<f64>, Vec<f64>),
    pub redeals: u64,
    /// Decision times of A and B, in microseconds.
    times: [Vec<u64>; 2],
    /// Faulty decisions of A and B (external players).
    pub faults: [u64; 2],
}

impl MatchStats {
    pub fn new(a: String, b: String) -> MatchStats {
        MatchStats {
            names: [a, b],
            ..MatchStats::default()
        }
    }

    /// One deal's games (`None` for a redeal), as A's side and points.
    pub fn add_deal(&mut self, games: &[Option<(Side, i64)>]) {
        let played: Vec<(Side, i64)> = games.iter().flatten().copied().collect();
        self.redeals += (games.len() - played.len()) as u64;
        if played.is_empty() {
            return;
        }
        let n = played.len() as f64;
        let win = |p: i64| if p > 0 { 1.0 } else { 0.0 };
        self.deal_wins
            .push(played.iter().map(|&(_, p)| win(p)).sum::<f64>() / n);
        self.deal_points
            .push(played.iter().map(|&(_, p)| p as f64).sum::<f64>() / n);
        for (side, p) in played {
            let (w, pts) = match side {
                Side::Landlord => &mut self.landlord,
                Side::Farmers => &mut self.farmers,
            };
            w.push(win(p));
            pts.push(p as f64);
        }
    }

    /// A decision of A (`true`) or B took this long.
    pub fn time(&mut self, a: bool, took: Duration) {
        self.times[usize::from(!a)].push(took.as_micros() as u64);
    }

    pub fn deals(&self) -> usize {
        self.deal_wins.len()
    }

    pub fn games(&self) -> usize {
        self.landlord.0.len() + self.farmers.0.len()
    }

    /// A's WP and ADP over all games.
    pub fn overall(&self) -> (Estimate, Estimate) {
        (
            Estimate::of(&self.deal_wins),
            Estimate::of(&self.deal_points),
        )
    }

    /// A's WP and ADP on one side.
    pub fn side(&self, side: Side) -> (Estimate, Estimate) {
        let (w, p) = match side {
            Side::Landlord => &self.landlord,
            Side::Farmers => &self.farmers,
        };
        (Estimate::of(w), Estimate::of(p))
    }

    /// Player `i`'s decision time at quantile `q`, in microseconds.
    pub fn time_quantile(&self, i: usize, q: f64) -> Option<u64> {
        let mut t = self.times[i].clone();
        if t.is_empty() {
            return None;
        }
        t.sort_unstable();
        let at = ((t.len() as f64 - 1.0) * q).round() as usize;
        Some(t[at.min(t.len() - 1)])
    }

    pub fn to_json(&self) -> Value {
        let row =
            |(wp, adp): (Estimate, Estimate)| json!({"wp": wp.to_json(), "adp": adp.to_json()});
        let times = |i: usize| {
            json!({
                "decisions": self.times[i].len(),
                "p50_us": self.time_quantile(i, 0.5),
                "p99_us": self.time_quantile(i, 0.99),
                "max_us": self.time_quantile(i, 1.0),
                "faults": self.faults[i],
            })
        };
        json!({
            "a": self.names[0],
            "b": self.names[1],
            "deals": self.deals(),
            "games": self.games(),
            "redeals": self.redeals,
            "overall": row(self.overall()),
            "landlord": row(self.side(Side::Landlord)),
            "farmers": row(self.side(Side::Farmers)),
            "timing": {"a": times(0), "b": times(1)},
        })
    }

    /// The table `paiju arena` prints.
    pub fn render(&self) -> String {
        let mut out = format!(
            "A = {}, B = {}: {} deals, {} games (sides swapped), {} redeals\n\n",
            self.names[0],
            self.names[1],
            self.deals(),
            self.games(),
            self.redeals
        );
        out.push_str("A as        games  WP     95% CI            ADP     95% CI\n");
        let line = |label: &str, games: usize, (wp, adp): (Estimate, Estimate)| {
            format!(
                "{label:<10} {games:>6}  {:.3}  [{:.3}, {:.3}]    {:+.2}   [{:+.2}, {:+.2}]\n",
                wp.mean,
                wp.low().max(0.0),
                wp.high().min(1.0),
                adp.mean,
                adp.low(),
                adp.high()
            )
        };
        out.push_str(&line("both", self.games(), self.overall()));
        out.push_str(&line(
            "landlord",
            self.landlord.0.len(),
            self.side(Side::Landlord),
        ));
        out.push_str(&line(
            "farmers",
            self.farmers.0.len(),
            self.side(Side::Farmers),
        ));
        out.push('\n');
        for i in 0..2 {
            let ms = |q| {
                self.time_quantile(i, q).map_or("-".to_string(), |us| {
                    format!("{:.3} ms", us as f64 / 1000.0)
                })
            };
            out.push_str(&format!(
                "{} ({}): {} decisions, p50 {}, p99 {}, max {}{}\n",
                ["A", "B"][i],
                self.names[i],
                self.times[i].len(),
                ms(0.5),
                ms(0.99),
                ms(1.0),
                if self.faults[i] > 0 {
                    format!(", {} faulty answers replaced", self.faults[i])
                } else {
                    String::new()
                }
            ));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn estimates_and_sides() {
        let e = Estimate::of(&[1.0, 0.0, 1.0, 0.0]);
        assert_eq!(e.mean, 0.5);
        // sd = sqrt(1/3), se = sd / 2.
        assert!((e.half_width - 1.96 * (1.0f64 / 3.0).sqrt() / 2.0).abs() < 1e-12);
        let mut s = MatchStats::new("x".into(), "y".into());
        s.add_deal(&[Some((Side::Landlord, 4)), Some((Side::Farmers, -2))]);
        s.add_deal(&[None, Some((Side::Farmers, 2))]);
        assert_eq!(s.deals(), 2);
        assert_eq!(s.games(), 3);
        assert_eq!(s.redeals, 1);
        let (wp, adp) = s.overall();
        assert_eq!(wp.mean, 0.75);
        assert_eq!(adp.mean, 1.5);
        assert_eq!(s.side(Side::Landlord).1.mean, 4.0);
        assert_eq!(s.side(Side::Farmers).0.mean, 0.5);
    }
}
