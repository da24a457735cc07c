//! `paiju arena --scores FILE`: every deal's scores, one JSON line as the
//! deal ends, so that a long match stopped (killed, or the machine
//! restarted) goes on where it stopped when run again with the same file.
//!
//! The first line says what was played: the game, the players, the seed
//! or the deals' file and the table options. A later run with other
//! options is refused, since its scores would not add up with these; the
//! number of deals may differ (deal *n* is the same deal for any count),
//! so a run can be made longer. Each later line is one deal:
//! `{"deal": n, "hands": h, "games": [score or null, …]}` (`n` from 1, as
//! the records' names count). A last line cut short by the stop is
//! dropped; a deal found twice counts once.

use super::stats::{DealPlayed, Score};
use super::ArenaError;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;
use std::sync::Mutex;

/// The scores file of a run, open for appending.
pub struct ScoresFile {
    file: Mutex<std::fs::File>,
    /// The deals the file already holds, by index from 0.
    pub done: BTreeMap<usize, DealPlayed>,
}

/// The version of the file's form, in its first line.
const FORM: u64 = 1;

impl ScoresFile {
    /// Opens (or starts) the file of a run described by `run` (an object:
    /// what must be the same for the scores to add up).
    pub fn open(path: &Path, run: Value) -> Result<ScoresFile, ArenaError> {
        let header = json!({ "paiju_arena_scores": FORM, "run": run });
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
            Err(e) => return Err(e.into()),
        };
        // A stop while a line was written leaves it without its newline.
        let whole = match text.rfind('\n') {
            Some(end) => &text[..=end],
            None => "",
        };
        let mut done = BTreeMap::new();
        let mut lines = whole.lines().enumerate();
        match lines.next() {
            None => {}
            Some((_, first)) => {
                let found: Value = serde_json::from_str(first).map_err(|e| bad(path, 1, &e))?;
                if found != header {
                    return Err(ArenaError::Options(format!(
                        "{} holds the scores of another run ({}); this one is {}",
                        path.display(),
                        found.get("run").unwrap_or(&found),
                        header["run"]
                    )));
                }
            }
        }
        for (at, line) in lines {
            let deal: DealLine = serde_json::from_str(line).map_err(|e| bad(path, at + 1, &e))?;
            if deal.deal == 0 {
                return Err(bad(path, at + 1, &"deals count from 1"));
            }
            done.entry(deal.deal - 1).or_insert(DealPlayed {
                games: deal.games,
                hands: deal.hands,
                times: Default::default(),
            });
        }
        let mut file = std::fs::OpenOptions::new()
            .create(true)
            .write(true)
            .truncate(false)
            .open(path)?;
        file.set_len(whole.len() as u64)?;
        use std::io::Seek;
        file.seek(std::io::SeekFrom::End(0))?;
        if whole.is_empty() {
            writeln!(file, "{header}")?;
            file.sync_data()?;
        }
        Ok(ScoresFile {
            file: Mutex::new(file),
            done,
        })
    }

    /// Adds deal `index` (from 0), as one line written whole.
    pub fn append(&self, index: usize, deal: &DealPlayed) -> Result<(), ArenaError> {
        let line = serde_json::to_string(&DealLine {
            deal: index + 1,
            hands: deal.hands,
            games: deal.games.clone(),
        })
        .expect("scores serialize");
        let mut file = self.file.lock().expect("scores file");
        file.write_all(format!("{line}\n").as_bytes())?;
        file.sync_data()?;
        Ok(())
    }
}

/// One deal's line.
#[derive(serde::Serialize, serde::Deserialize)]
struct DealLine {
    deal: usize,
    hands: usize,
    games: Vec<Option<Score>>,
}

fn bad(path: &Path, line: usize, e: &dyn std::fmt::Display) -> ArenaError {
    ArenaError::Options(format!(
        "{} line {line} is not an arena scores line: {e}",
        path.display()
    ))
}
