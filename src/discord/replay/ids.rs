//! The ids of a replay's controls: everything a click needs is in the id
//! (the game and the step shown), so the buttons of a replay work after the
//! bot restarts, and on a replay opened before it. Format:
//! `rp1:<op>:<game>[:<step>[:<which>]]`, numbers in base 36, well under
//! Discord's 100 characters. Who asks is the clicker, checked anew on
//! every click against the game's seats in the ledger.

use crate::discord::ids::{base36, from_base36, MAX_LEN};

const PREFIX: &str = "rp1";

/// Which of the stepping buttons (each message's ids must differ, and ⏮
/// and ◀ may lead to the same step).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Nav {
    First,
    Back,
    Next,
    Last,
}

impl Nav {
    pub const ALL: [Nav; 4] = [Nav::First, Nav::Back, Nav::Next, Nav::Last];

    fn tag(self) -> &'static str {
        match self {
            Nav::First => "f",
            Nav::Back => "b",
            Nav::Next => "n",
            Nav::Last => "l",
        }
    }

    fn of(tag: &str) -> Option<Nav> {
        Nav::ALL.into_iter().find(|n| n.tag() == tag)
    }

    /// The button's face.
    pub fn emoji(self) -> &'static str {
        match self {
            Nav::First => "⏮",
            Nav::Back => "◀",
            Nav::Next => "▶",
            Nav::Last => "⏭",
        }
    }
}

/// What a replay control asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayId {
    /// "Replay" on a result: opens the game's replay privately at its deal.
    Open { game: i64 },
    /// A stepping button: show `step`.
    Go { game: i64, step: usize, nav: Nav },
    /// The select that jumps to a round: its value is the step.
    Jump { game: i64 },
    /// Post `step` in the channel, public view only.
    Share { game: i64, step: usize },
    /// The record as a JSON file, privately.
    File { game: i64 },
}

impl ReplayId {
    pub fn encode(&self) -> String {
        let g = |game: &i64| base36(*game as u64);
        let s = match self {
            ReplayId::Open { game } => format!("{PREFIX}:o:{}", g(game)),
            ReplayId::Go { game, step, nav } => format!(
                "{PREFIX}:g:{}:{}:{}",
                g(game),
                base36(*step as u64),
                nav.tag()
            ),
            ReplayId::Jump { game } => format!("{PREFIX}:j:{}", g(game)),
            ReplayId::Share { game, step } => {
                format!("{PREFIX}:s:{}:{}", g(game), base36(*step as u64))
            }
            ReplayId::File { game } => format!("{PREFIX}:f:{}", g(game)),
        };
        debug_assert!(s.len() <= MAX_LEN);
        s
    }

    /// A replay id, or `None` for any other id (a table's, a forged one).
    pub fn decode(id: &str) -> Option<ReplayId> {
        if id.len() > MAX_LEN {
            return None;
        }
        let parts: Vec<&str> = id.split(':').collect();
        if parts.first() != Some(&PREFIX) || parts.len() < 3 {
            return None;
        }
        let game = i64::try_from(from_base36(parts[2])?).ok()?;
        let step =
            |i: usize| -> Option<usize> { usize::try_from(from_base36(parts.get(i)?)?).ok() };
        Some(match (parts[1], parts.len()) {
            ("o", 3) => ReplayId::Open { game },
            ("g", 5) => ReplayId::Go {
                game,
                step: step(3)?,
                nav: Nav::of(parts[4])?,
            },
            ("j", 3) => ReplayId::Jump { game },
            ("s", 4) => ReplayId::Share {
                game,
                step: step(3)?,
            },
            ("f", 3) => ReplayId::File { game },
            _ => return None,
        })
    }

    /// Whether `id` is meant for the replays (even a malformed one).
    pub fn is_replay(id: &str) -> bool {
        id.starts_with("rp1:")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replay_ids_read_back_and_refuse_anything_else() {
        let big = i64::MAX;
        for id in [
            ReplayId::Open { game: 1 },
            ReplayId::Go {
                game: big,
                step: 99_999,
                nav: Nav::Last,
            },
            ReplayId::Jump { game: 35 },
            ReplayId::Share { game: 7, step: 0 },
            ReplayId::File { game: 36 },
        ] {
            let text = id.encode();
            assert!(text.len() <= MAX_LEN, "{text}");
            assert_eq!(ReplayId::decode(&text), Some(id), "{text}");
        }
        for bad in [
            "rp1:o",
            "rp1:g:1:2",
            "rp1:g:1:2:x",
            "rp1:s:1",
            "rp1:q:1",
            "rp1:o:1:2",
            "pj1:join:1:0",
            "rp1:o:ZZ",
        ] {
            assert_eq!(ReplayId::decode(bad), None, "{bad}");
        }
    }
}
