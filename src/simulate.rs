//! `paiju simulate`: whole games between bots, for speed and balance figures.
//!
//! Each game module provides `simulate(&SimOptions) -> Result<SimReport, _>`;
//! this module parses the options and prints the report. Same seed, same
//! results: every game's deal comes from a ChaCha RNG seeded from `seed`.

use crate::ai::AiKind;
use crate::games::GameKind;
use crate::record::RecordError;
use serde_json::Value;

#[derive(Clone, Debug)]
pub struct SimOptions {
    pub games: u64,
    pub seed: u64,
    pub ai: AiKind,
    /// The table options as a JSON object (`{}` for the defaults).
    pub rules: Value,
    /// Number of seats, for games that take a range.
    pub players: Option<usize>,
}

/// The figures a simulation prints: `(label, value)` lines, in order.
///
/// A game's simulation counts what it played (`played`, in `unit`s: games,
/// hands); [`simulate`] times the run and adds the rate, so no clock is
/// read inside `games/`.
#[derive(Clone, Debug, Default)]
pub struct SimReport {
    pub lines: Vec<(String, String)>,
    pub played: u64,
    pub unit: &'static str,
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

pub fn simulate(kind: GameKind, opts: &SimOptions) -> Result<SimReport, RecordError> {
    let start = std::time::Instant::now();
    let mut report = match kind {
        GameKind::DouDizhu => crate::games::dou_dizhu::simulate(opts),
        GameKind::DuanGuozi => crate::games::duan_guozi::simulate(opts),
        GameKind::Chexuan => crate::games::chexuan::simulate(opts),
        GameKind::Paohuzi => crate::games::paohuzi::simulate(opts),
        other => Err(RecordError::UnknownGame(format!(
            "{} cannot be simulated yet",
            other.name()
        ))),
    }?;
    let secs = start.elapsed().as_secs_f64().max(1e-9);
    let unit = if report.unit.is_empty() {
        "games"
    } else {
        report.unit
    };
    let rate = report.played as f64 / secs;
    report.push(&format!("{unit} per second"), format!("{rate:.0}"));
    Ok(report)
}
