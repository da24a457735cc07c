//! `paiju simulate`: whole games between bots, for speed and balance figures.
//!
//! Each game module provides `simulate(&SimOptions) -> Result<SimReport, _>`;
//! this module parses the options and prints the report. Same seed, same
//! results: every game's deal comes from a ChaCha RNG seeded from `seed`.

use crate::ai::{AiKind, Bot};
use crate::games::{Game, GameRules};
use crate::record::RecordError;
use serde_json::Value;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

#[derive(Clone, Debug)]
pub struct SimOptions {
    pub games: u64,
    pub seed: u64,
    pub ai: AiKind,
    /// The table options as a JSON object (`{}` for the defaults).
    pub rules: Value,
    /// Number of seats, for games that take a range.
    pub players: Option<usize>,
    /// Where a simulation records how long its AI decisions take (the
    /// basic bots'); [`timed`] reports their quantiles.
    pub decisions: DecisionTimes,
}

/// The durations of AI decisions, recorded as they are made. The clock is
/// read here, not in `games/`: a game's simulation times a decision by
/// handing it to [`DecisionTimes::time`], or a bot to
/// [`DecisionTimes::wrap`].
#[derive(Clone, Debug, Default)]
pub struct DecisionTimes(Arc<Mutex<Vec<Duration>>>);

impl DecisionTimes {
    /// Makes one decision, timed.
    pub fn time<T>(&self, decide: impl FnOnce() -> T) -> T {
        let start = Instant::now();
        let out = decide();
        let took = start.elapsed();
        if let Ok(mut times) = self.0.lock() {
            times.push(took);
        }
        out
    }

    /// `bot`, with every decision timed.
    pub fn wrap<G: Game>(&self, bot: Box<dyn Bot<G>>) -> Box<dyn Bot<G>> {
        Box::new(TimedBot {
            bot,
            times: self.clone(),
        })
    }

    /// How many decisions were timed, and their p50, p99 and slowest.
    pub fn quantiles(&self) -> Option<(usize, Duration, Duration, Duration)> {
        let mut times = self.0.lock().ok()?.clone();
        if times.is_empty() {
            return None;
        }
        times.sort_unstable();
        let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
        Some((times.len(), at(0.5), at(0.99), times[times.len() - 1]))
    }
}

struct TimedBot<G: Game> {
    bot: Box<dyn Bot<G>>,
    times: DecisionTimes,
}

impl<G: Game> Bot<G> for TimedBot<G> {
    fn choose(
        &mut self,
        view: &G::View,
        legal: &[G::Action],
        rng: &mut dyn rand::RngCore,
    ) -> G::Action {
        self.times.time(|| self.bot.choose(view, legal, rng))
    }

    fn may_block(&self) -> bool {
        self.bot.may_block()
    }
}

/// A duration as microseconds with one decimal.
fn micros(d: Duration) -> String {
    format!("{:.1} µs", d.as_secs_f64() * 1e6)
}

/// The figures a simulation prints: `(label, value)` lines, in order.
///
/// A game's simulation counts what it played (`played`, in `unit`s: games,
/// hands); `paiju simulate` times the run and adds the rate, so no clock is
/// read inside `games/`.
#[derive(Clone, Debug, Default)]
pub struct SimReport {
    pub lines: Vec<(String, String)>,
    pub played: u64,
    pub unit: &'static str,
}

impl SimOptions {
    /// The rules asked for, checked with the seats asked for (or the
    /// game's `default_seats`): every simulation's first step.
    pub fn checked_rules<R: GameRules>(
        &self,
        default_seats: usize,
    ) -> Result<(R, usize), RecordError> {
        let rules: R = serde_json::from_value(self.rules.clone())
            .map_err(|e| RecordError::Rules(e.to_string()))?;
        let seats = self.players.unwrap_or(default_seats);
        rules.check_table(seats)?;
        Ok((rules, seats))
    }
}

/// `part` of `whole` as a percentage with one decimal, for the reports.
pub fn pct(part: u64, whole: u64) -> String {
    format!("{:.1}%", 100.0 * part as f64 / whole.max(1) as f64)
}

impl SimReport {
    pub fn push(&mut self, label: &str, value: impl ToString) {
        self.lines.push((label.to_string(), value.to_string()));
    }

    pub fn render(&self) -> String {
        let width = self.lines.iter().map(|(l, _)| l.len()).max().unwrap_or(0);
        self.lines
            .iter()
            .map(|(l, v)| format!("{l:<width$}  {v}\n"))
            .collect()
    }
}

/// Runs one game's simulation and adds its rate (`{unit} per second`),
/// timed here: no clock is read inside `games/`. Which game runs is the
/// registry's business (`crate::registry::simulate`).
pub fn timed(
    opts: &SimOptions,
    run: impl FnOnce() -> Result<SimReport, RecordError>,
) -> Result<SimReport, RecordError> {
    let start = std::time::Instant::now();
    let mut report = run()?;
    let secs = start.elapsed().as_secs_f64().max(1e-9);
    let unit = if report.unit.is_empty() {
        "games"
    } else {
        report.unit
    };
    let rate = report.played as f64 / secs;
    report.push(&format!("{unit} per second"), format!("{rate:.0}"));
    if let Some((n, p50, p99, max)) = opts.decisions.quantiles() {
        report.push(
            "AI decision p50 / p99 / max",
            format!(
                "{} / {} / {} ({n} decisions)",
                micros(p50),
                micros(p99),
                micros(max)
            ),
        );
    }
    Ok(report)
}
