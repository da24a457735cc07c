//! Dou Dizhu in the arena, measured the standard way (DouZero's WP and
//! ADP): every deal twice, once with A as the landlord and B on both
//! farmer seats, once the other way round. By default the landlord is
//! fixed — the deal's first seat bids 3 (or calls) and the others pass, as
//! DouZero's evaluation gives the landlord its 20 cards — and with
//! `bidding` the players bid for their seats (A holding the first seat in
//! the first game, B in the second).
//!
//! The protocol's request carries the view's fields at the top level, with
//! the research engines' rank strings (RLCard, DouZero) beside the cards.

use super::stats::{Measure, Score};
use super::{Arena, Decision, LevelSpec, MatchOptions, Played};
use crate::ai::Bot;
use crate::games::dou_dizhu::cardset::CardSet;
use crate::games::dou_dizhu::patterns::RANKS;
use crate::games::dou_dizhu::view::Event;
use crate::games::dou_dizhu::{Action, DouDizhu, Rules};
use crate::games::{Game, RecordAction, Seat};
use serde_json::{json, Map, Value};

impl Arena for DouDizhu {
    const BOTS: &'static str = "easy (basic), normal, hard, hard:<worlds>[:normal|easy|mixed|read]";

    fn measures(_opts: &MatchOptions<Self>) -> Vec<Measure> {
        vec![Measure::rate("wp", "WP"), Measure::amount("adp", "ADP")]
    }

    /// A's side and result: `None` for a redeal. A game is worth 2
    /// points, doubled per bomb or rocket, won or lost.
    fn score(run: &[Played<Self>], holders: &[usize], _opts: &MatchOptions<Self>) -> Option<Score> {
        let game = &run.first()?.game;
        let crate::games::dou_dizhu::Outcome::Played(played) = game.outcome()? else {
            return None;
        };
        let a_landlord = holders[played.landlord] == 0;
        let landlord_won = played.winner == crate::games::dou_dizhu::outcome::Side::Landlord;
        let points = 2i64 << u64::from(played.bombs).min(20);
        let a_won = landlord_won == a_landlord;
        Some(Score {
            side: if a_landlord { "landlord" } else { "farmers" }.into(),
            values: vec![
                Some(if a_won { 1.0 } else { 0.0 }),
                Some(if a_won { points } else { -points } as f64),
            ],
        })
    }

    fn default_seats(rules: &Rules) -> usize {
        rules.players as usize
    }

    /// The levels every game names ([`LevelSpec`]), and `hard:N:normal`,
    /// `hard:N:easy`, `hard:N:mixed`, `hard:N:read`: the hard level
    /// sampling N worlds a decision and taking its opponents in the
    /// rollouts to play so (`read`, the level's own, is `normal` with
    /// selfish farmers as often as it has seen them).
    fn bot(spec: &str) -> Option<Box<dyn Bot<Self>>> {
        use crate::games::dou_dizhu::search::{HardBot, Opponents};
        // `hard:N:<opponents>` is LevelSpec's `hard:N` and the opponents.
        let (level, opponents) = match spec.rsplit_once(':') {
            Some((level, opponents)) if level.starts_with("hard:") => (level, Some(opponents)),
            _ => (spec, None),
        };
        let opponents = match opponents {
            None | Some("read") => Opponents::Read,
            Some("normal") => Opponents::Normal,
            Some("easy") => Opponents::Easy,
            Some("mixed") => Opponents::Mixed,
            Some(_) => return None,
        };
        match LevelSpec::parse(level)? {
            LevelSpec::HardWorlds(worlds) => Some(Box::new(HardBot {
                worlds,
                opponents,
                ..Default::default()
            })),
            LevelSpec::Level(level) => Some(level.bot()),
        }
    }

    /// The first seat's holder, then the other player.
    fn arrangements(first: &Self, _opts: &MatchOptions<Self>) -> Vec<Vec<usize>> {
        let f = first.view(None).first;
        [0, 1]
            .into_iter()
            .map(|p| {
                (0..first.players())
                    .map(|s| if s == f { p } else { 1 - p })
                    .collect()
            })
            .collect()
    }

    /// The fixed landlord's bidding: the first seat takes the top bid (or
    /// calls), everyone else passes.
    fn auto_step(&self, opts: &MatchOptions<Self>) -> Option<(Seat, Action)> {
        if opts.bidding || self.landlord().is_some() {
            return None;
        }
        let seat = self.turn()?;
        let legal = self.legal_actions(seat);
        let want: &[Action] = if seat == self.view(None).first {
            &[Action::Bid(3), Action::Call, Action::Rob]
        } else {
            &[Action::Pass]
        };
        let action = want
            .iter()
            .find(|a| legal.contains(a))
            .copied()
            .or_else(|| legal.first().copied())?;
        Some((seat, action))
    }

    fn rules_json(rules: &Rules) -> Value {
        rules.to_record_json()
    }

    fn request_fields(d: &Decision<'_, Self>) -> Map<String, Value> {
        match request(d) {
            Value::Object(m) => m,
            _ => Map::new(),
        }
    }

    /// `{"cards": "33"}`: an entry of `legal_ranks` (`""` is a pass); and
    /// a play by `action` matches a legal play of the same ranks.
    fn read_other_answer(answer: &Value, legal: &[Action]) -> Option<Result<Action, String>> {
        if let Some(a) = answer.get("action") {
            return Some(
                Action::from_json(a)
                    .map_err(|e| e.message)
                    .and_then(|action| {
                        legal
                            .iter()
                            .find(|l| **l == action || same_play(l, &action))
                            .copied()
                            .ok_or_else(|| format!("{a} is not a legal action now"))
                    }),
            );
        }
        let c = answer.get("cards")?;
        Some((|| {
            let text = c
                .as_str()
                .ok_or_else(|| format!("`cards` {c} is not a string"))?
                .trim()
                .to_ascii_uppercase();
            let text = if text.is_empty() { "PASS".into() } else { text };
            legal
                .iter()
                .find(|l| action_ranks(l).to_ascii_uppercase() == text)
                .copied()
                .ok_or_else(|| format!("`{text}` is not a legal action now"))
        })())
    }
}

/// Ranks in the notation the research engines use (RLCard, DouZero):
/// `3 … 9 T J Q K A 2`, `B` the small (black) joker, `R` the big one;
/// lowest first, one letter a card.
pub fn research_ranks(cards: CardSet) -> String {
    const LETTERS: [char; RANKS] = [
        '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A', '2', 'B', 'R',
    ];
    let c = cards.counts();
    let mut s = String::new();
    for (r, &n) in c.iter().enumerate() {
        for _ in 0..n {
            s.push(LETTERS[r]);
        }
    }
    s
}

/// An action's rank string: the cards of a play (`"334455"`), else the
/// action's name (`"pass"`, `"bid 2"`, `"call"`, `"rob"`, `"kick"`,
/// `"counter"`, `"double"`, `"show"`, `"discard 345"`, `"leave"`).
pub fn action_ranks(action: &Action) -> String {
    match *action {
        Action::Play { cards, .. } => research_ranks(cards),
        Action::Pass => "pass".into(),
        Action::Bid(b) => format!("bid {b}"),
        Action::Call => "call".into(),
        Action::Rob => "rob".into(),
        Action::Kick => "kick".into(),
        Action::Counter => "counter".into(),
        Action::Double => "double".into(),
        Action::Show(_) => "show".into(),
        Action::Leave => "leave".into(),
        Action::Discard(cards) => format!("discard {}", research_ranks(cards)).trim().into(),
    }
}

/// The public history as the protocol sends it: the game's events, each
/// play with its rank string.
fn history_json(history: &[Event]) -> Value {
    Value::Array(
        history
            .iter()
            .map(|e| {
                let mut v = serde_json::to_value(e).expect("events serialize");
                if let Event::Played { cards, .. } = e {
                    v["ranks"] = json!(research_ranks(*cards));
                }
                v
            })
            .collect(),
    )
}

/// Dou Dizhu's fields of the `act` request: only what the seat may see.
pub fn request(d: &Decision<'_, DouDizhu>) -> Value {
    let v = d.view;
    let players = v.players as usize;
    let standing = v.standing.map(|s| {
        json!({
            "seat": s.seat,
            "cards": s.cards,
            "ranks": research_ranks(s.cards),
            "kind": s.combo.kind.name(),
        })
    });
    json!({
        "players": players,
        "phase": v.phase,
        "hand": v.hand,
        "hand_ranks": v.hand.map(research_ranks),
        "landlord": v.landlord,
        "first": v.first,
        "kitty": v.kitty,
        "kitty_ranks": v.kitty.map(research_ranks),
        "aside": v.aside,
        "wild": v.wild.map(|w| crate::games::dou_dizhu::cardset::rank_record_name(w as usize)),
        "handicap": v.handicap,
        "shown": &v.shown[..players],
        "cards_left": &v.cards_left[..players],
        "played": &v.played[..players],
        "played_ranks": v.played[..players].iter().map(|p| research_ranks(*p)).collect::<Vec<_>>(),
        "standing": standing,
        "bids": &v.bids[..players],
        "doubled": &v.doubled[..players],
        "factors": v.factors,
        "history": history_json(d.history),
        "legal_ranks": d.legal.iter().map(action_ranks).collect::<Vec<_>>(),
    })
}

/// A play answered with the same ranks as a legal play (suits never
/// matter), the same wild readings, and its reading when it states one.
fn same_play(legal: &Action, answer: &Action) -> bool {
    match (legal, answer) {
        (
            Action::Play {
                cards: a,
                reading: ra,
                wild_as: wa,
            },
            Action::Play {
                cards: b,
                reading: rb,
                wild_as: wb,
            },
        ) => a.counts() == b.counts() && wa == wb && (rb.is_none() || ra == rb),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::dou_dizhu::patterns::Kind;
    use crate::games::dou_dizhu::wild::WildAs;

    #[test]
    fn ranks_in_research_notation() {
        let cards: Vec<crate::cards::Card> = ["3S", "TH", "TD", "2C", "SJ", "BJ"]
            .iter()
            .map(|c| c.parse().unwrap())
            .collect();
        assert_eq!(research_ranks(CardSet::from_cards(&cards)), "3TT2BR");
    }

    #[test]
    fn answers_by_index_action_or_cards() {
        let three: crate::cards::Card = "3S".parse().unwrap();
        let play = Action::Play {
            cards: CardSet::from_cards(&[three]),
            reading: Some(Kind::Single),
            wild_as: WildAs::NONE,
        };
        let legal = [Action::Pass, play];
        let read = |v: Value| super::super::read_answer::<DouDizhu>(&v, &legal);
        assert_eq!(read(json!({"index": 1})), Ok(play));
        assert_eq!(read(json!({"cards": "3"})), Ok(play));
        assert_eq!(read(json!({"cards": ""})), Ok(Action::Pass));
        assert_eq!(read(json!({"action": {"play": ["3S"]}})), Ok(play));
        assert!(read(json!({"index": 2})).is_err());
        assert!(read(json!({"cards": "44"})).is_err());
        assert!(read(json!({"what": 1})).is_err());
        assert_eq!(super::super::fallback::<DouDizhu>(&legal), Action::Pass);
    }

    #[test]
    fn hard_specs_name_worlds_and_how_opponents_play() {
        for spec in [
            "hard:50",
            "hard:50:normal",
            "hard:50:easy",
            "hard:50:mixed",
            "hard:50:read",
        ] {
            assert!(<DouDizhu as Arena>::bot(spec).is_some(), "{spec}");
        }
        for spec in [
            "hard:0",
            "hard:x",
            "hard:50:",
            "hard:50:perfect",
            "hard::easy",
        ] {
            assert!(<DouDizhu as Arena>::bot(spec).is_none(), "{spec}");
        }
    }
}
