//! The figures of a match, the same for every game: each game names its
//! measures (Dou Dizhu's WP and ADP, Shengji's hands won and levels,
//! Paohuzi's win and 放炮 rates, chips per hand …) and gives player A's
//! value of each in every game it plays; this adds them up, overall and
//! on each side A took, each with a 95% confidence interval, and times
//! the decisions.
//!
//! The overall figures take the deal as the unit (the mean of its games,
//! sides rotated), which is what makes the rotation cancel the cards'
//! luck; the per-side figures take the game. Intervals are the normal
//! approximation (mean ± 1.96 standard errors), fine at the hundreds of
//! games a match plays; a rate's interval is never wider than [0, 1].

use serde_json::{json, Map, Value};

/// One figure a game measures A by.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Measure {
    /// Its key in `--json` (`wp`, `adp`, `chips_per_hand` …).
    pub key: &'static str,
    /// Its column heading in the table.
    pub label: &'static str,
    /// A share of games (0 to 1): shown with three decimals and its
    /// interval kept within [0, 1]; else a signed amount with two.
    pub rate: bool,
}

impl Measure {
    pub const fn rate(key: &'static str, label: &'static str) -> Measure {
        Measure {
            key,
            label,
            rate: true,
        }
    }

    pub const fn amount(key: &'static str, label: &'static str) -> Measure {
        Measure {
            key,
            label,
            rate: false,
        }
    }
}

/// A's result in one game: the side it took and its value of each of the
/// game's measures (`None` where a measure does not apply, e.g. Shengji's
/// points as attackers in a hand A defended).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Score {
    pub side: String,
    pub values: Vec<Option<f64>>,
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

    fn to_json(self, rate: bool) -> Value {
        let (low, high) = self.bounds(rate);
        let num = |v: f64| if v.is_finite() { json!(v) } else { Value::Null };
        json!({"n": self.n, "mean": num(self.mean), "ci95": [num(low), num(high)]})
    }

    /// The interval, within [0, 1] for a rate.
    fn bounds(&self, rate: bool) -> (f64, f64) {
        if rate {
            (self.low().max(0.0), self.high().min(1.0))
        } else {
            (self.low(), self.high())
        }
    }
}

/// Everything a match adds up, seen from player A.
#[derive(Clone, Debug, Default)]
pub struct MatchStats {
    /// The game's record name.
    pub game: String,
    pub names: [String; 2],
    pub measures: Vec<Measure>,
    /// Per measure, per deal: the mean of A's values over its games.
    deal_values: Vec<Vec<f64>>,
    deals: usize,
    /// The sides A took, in the order first seen, each with its values
    /// per measure, per game.
    sides: Vec<(String, Vec<Vec<f64>>)>,
    games: usize,
    /// Hands played (a Chexuan session or a Shengji match has many).
    pub hands: usize,
    pub redeals: u64,
    /// Decision times of A and B, in microseconds.
    times: [Vec<u64>; 2],
    /// Faulty decisions of A and B (external players).
    pub faults: [u64; 2],
    /// Deals whose scores came from a `--scores` file, not played now
    /// (their decision times are not among `times`).
    pub resumed: usize,
}

/// One deal as played: A's scores in each of its games (`None` for a
/// redeal), the hands they took, and the decision times of A and B in
/// microseconds (none for a deal read back from a `--scores` file).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DealPlayed {
    pub games: Vec<Option<Score>>,
    pub hands: usize,
    pub times: [Vec<u64>; 2],
}

impl MatchStats {
    pub fn new(game: &str, a: String, b: String, measures: Vec<Measure>) -> MatchStats {
        MatchStats {
            game: game.to_string(),
            names: [a, b],
            deal_values: vec![Vec::new(); measures.len()],
            measures,
            ..MatchStats::default()
        }
    }

    fn index(&self, key: &str) -> usize {
        self.measures
            .iter()
            .position(|m| m.key == key)
            .unwrap_or_else(|| panic!("no measure `{key}` in {}", self.game))
    }

    /// One deal's games (`None` for a redeal), as A's scores.
    pub fn add_deal(&mut self, games: &[Option<Score>]) {
        let played: Vec<&Score> = games.iter().flatten().collect();
        self.redeals += (games.len() - played.len()) as u64;
        if played.is_empty() {
            return;
        }
        self.deals += 1;
        self.games += played.len();
        for (m, deal) in self.deal_values.iter_mut().enumerate() {
            let vals: Vec<f64> = played.iter().filter_map(|s| s.values[m]).collect();
            if !vals.is_empty() {
                deal.push(vals.iter().sum::<f64>() / vals.len() as f64);
            }
        }
        for score in played {
            let at = match self.sides.iter().position(|(s, _)| *s == score.side) {
                Some(at) => at,
                None => {
                    self.sides
                        .push((score.side.clone(), vec![Vec::new(); self.measures.len()]));
                    self.sides.len() - 1
                }
            };
            let side = &mut self.sides[at].1;
            for (m, v) in score.values.iter().enumerate() {
                if let Some(v) = v {
                    side[m].push(*v);
                }
            }
        }
    }

    /// A whole deal: its games, hands and decision times.
    pub fn add_played(&mut self, deal: &DealPlayed) {
        self.add_deal(&deal.games);
        self.hands += deal.hands;
        for (mine, theirs) in self.times.iter_mut().zip(&deal.times) {
            mine.extend_from_slice(theirs);
        }
    }

    /// Deals that counted (a deal of redeals only does not).
    pub fn deals(&self) -> usize {
        self.deals
    }

    /// Games that counted, on all sides.
    pub fn games(&self) -> usize {
        self.games
    }

    /// A's measure `key` over all games, the deal as the unit.
    pub fn overall(&self, key: &str) -> Estimate {
        Estimate::of(&self.deal_values[self.index(key)])
    }

    /// The sides A took, in the order first seen.
    pub fn sides(&self) -> Vec<&str> {
        self.sides.iter().map(|(s, _)| s.as_str()).collect()
    }

    /// A's measure `key` on one side, the game as the unit.
    pub fn side(&self, side: &str, key: &str) -> Estimate {
        let m = self.index(key);
        match self.sides.iter().find(|(s, _)| s == side) {
            Some((_, values)) => Estimate::of(&values[m]),
            None => Estimate::of(&[]),
        }
    }

    /// Games played on one side.
    pub fn side_games(&self, side: &str) -> usize {
        self.sides
            .iter()
            .find(|(s, _)| s == side)
            .map_or(0, |(_, v)| v.iter().map(Vec::len).max().unwrap_or(0))
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

    fn row_json(&self, est: impl Fn(&str) -> Estimate) -> Value {
        let mut m = Map::new();
        for measure in &self.measures {
            m.insert(measure.key.into(), est(measure.key).to_json(measure.rate));
        }
        Value::Object(m)
    }

    pub fn to_json(&self) -> Value {
        let times = |i: usize| {
            json!({
                "decisions": self.times[i].len(),
                "p50_us": self.time_quantile(i, 0.5),
                "p99_us": self.time_quantile(i, 0.99),
                "max_us": self.time_quantile(i, 1.0),
                "faults": self.faults[i],
            })
        };
        let mut sides = Map::new();
        for side in self.sides() {
            let mut row = self.row_json(|k| self.side(side, k));
            row["games"] = json!(self.side_games(side));
            sides.insert(side.to_string(), row);
        }
        json!({
            "game": self.game,
            "a": self.names[0],
            "b": self.names[1],
            "deals": self.deals(),
            "games": self.games(),
            "hands": self.hands,
            "redeals": self.redeals,
            "resumed": self.resumed,
            "overall": self.row_json(|k| self.overall(k)),
            "sides": sides,
            "timing": {"a": times(0), "b": times(1)},
        })
    }

    /// The table `paiju arena` prints.
    pub fn render(&self) -> String {
        let mut out = format!(
            "A = {}, B = {}: {} deals, {} games (sides rotated), {} hands, {} redeals\n\n",
            self.names[0],
            self.names[1],
            self.deals(),
            self.games(),
            self.hands,
            self.redeals
        );
        if self.resumed > 0 {
            out.push_str(&format!(
                "{} of the deals were read back from the scores file; the decision times are this run's\n\n",
                self.resumed
            ));
        }
        let width = self
            .sides()
            .iter()
            .map(|s| s.chars().count())
            .max()
            .unwrap_or(0)
            .max(10);
        let cell = |m: &Measure, e: Estimate| {
            let (low, high) = e.bounds(m.rate);
            if e.n == 0 {
                "-".to_string()
            } else if m.rate {
                format!("{:.3} [{:.3}, {:.3}]", e.mean, low, high)
            } else {
                format!("{:+.2} [{:+.2}, {:+.2}]", e.mean, low, high)
            }
        };
        let mut head = format!("{:<width$} {:>6}", "A as", "games");
        for m in &self.measures {
            head.push_str(&format!("  {:<24}", format!("{} (95% CI)", m.label)));
        }
        out.push_str(head.trim_end());
        out.push('\n');
        let mut line = |label: &str, games: usize, est: &dyn Fn(&str) -> Estimate| {
            let mut l = format!("{label:<width$} {games:>6}");
            for m in &self.measures {
                l.push_str(&format!("  {:<24}", cell(m, est(m.key))));
            }
            out.push_str(l.trim_end());
            out.push('\n');
        };
        line("all", self.games(), &|k| self.overall(k));
        for side in self.sides() {
            line(side, self.side_games(side), &|k| self.side(side, k));
        }
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
        let measures = vec![Measure::rate("wp", "WP"), Measure::amount("adp", "ADP")];
        let mut s = MatchStats::new("dou-dizhu", "x".into(), "y".into(), measures);
        let score = |side: &str, win: f64, points: f64| Score {
            side: side.into(),
            values: vec![Some(win), Some(points)],
        };
        s.add_deal(&[
            Some(score("landlord", 1.0, 4.0)),
            Some(score("farmers", 0.0, -2.0)),
        ]);
        s.add_deal(&[None, Some(score("farmers", 1.0, 2.0))]);
        assert_eq!(s.deals(), 2);
        assert_eq!(s.games(), 3);
        assert_eq!(s.redeals, 1);
        assert_eq!(s.overall("wp").mean, 0.75);
        assert_eq!(s.overall("adp").mean, 1.5);
        assert_eq!(s.side("landlord", "adp").mean, 4.0);
        assert_eq!(s.side("farmers", "wp").mean, 0.5);
        assert_eq!(s.sides(), ["landlord", "farmers"]);
        assert_eq!(s.side_games("farmers"), 2);
        let text = s.render();
        assert!(text.contains("landlord"), "{text}");
        assert_eq!(s.to_json()["sides"]["farmers"]["games"], 2);
    }

    #[test]
    fn a_measure_that_does_not_apply_is_left_out() {
        let measures = vec![
            Measure::rate("won", "hands won"),
            Measure::amount("points", "points"),
        ];
        let mut s = MatchStats::new("shengji", "x".into(), "y".into(), measures);
        s.add_deal(&[
            Some(Score {
                side: "bankers".into(),
                values: vec![Some(1.0), None],
            }),
            Some(Score {
                side: "attackers".into(),
                values: vec![Some(0.0), Some(40.0)],
            }),
        ]);
        assert_eq!(s.overall("points").mean, 40.0);
        assert_eq!(s.overall("won").mean, 0.5);
        assert_eq!(s.side("bankers", "points").n, 0);
    }
}
