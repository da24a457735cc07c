//! Game records: the JSON form of a whole game (rules, deal, actions) and
//! `paiju replay`'s verdict on one (rules/README.md, "Game records").
//! Replaying one game type is [`replay_game`]; which type a record's `game`
//! names is the registry's business (`crate::registry::replay`).

use crate::games::{self, ErrorCode, Game, GameRules, Seat};
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};

/// A game record as stored and replayed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    pub game: String,
    #[serde(default = "empty_object")]
    pub rules: Value,
    pub seats: usize,
    pub deal: Value,
    #[serde(default)]
    pub actions: Vec<Value>,
}

fn empty_object() -> Value {
    Value::Object(Map::new())
}

/// The largest record read, in bytes: a whole Chexuan table session of a
/// thousand hands is well under it.
pub const MAX_RECORD_BYTES: u64 = 4 << 20;
/// The most actions a record may hold.
pub const MAX_ACTIONS: usize = 100_000;
/// The most seats a record may ask for (the ledger's limit; each game
/// checks its own, smaller range).
pub const MAX_SEATS: usize = 16;

/// A record that cannot be replayed at all (exit code 2): bad JSON, an
/// unknown game, a deal that is not a full deck, bad rules.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    #[error("not a game record: {0}")]
    Json(String),
    #[error("unknown game `{0}`")]
    UnknownGame(String),
    #[error("bad rules: {0}")]
    Rules(String),
    #[error("bad deal: {0}")]
    Deal(String),
    #[error("bad seats: {0}")]
    Seats(String),
    #[error("action {index} is malformed: {message}")]
    Action { index: usize, message: String },
    /// More than a record may ask for: refused before any work is done.
    #[error("record too large: {0}")]
    TooLarge(String),
}

/// What `paiju replay` prints for a record that could be read.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    /// Every action was legal.
    Ok {
        finished: bool,
        outcome: Option<Value>,
    },
    /// The action at `at` was refused.
    Refused {
        at: usize,
        code: ErrorCode,
        message: String,
    },
}

impl Verdict {
    pub fn to_json(&self) -> Value {
        match self {
            Verdict::Ok { finished, outcome } => {
                let mut m = json!({"ok": true, "finished": finished});
                if let Some(o) = outcome {
                    m["outcome"] = o.clone();
                }
                m
            }
            Verdict::Refused { at, code, message } => {
                json!({"ok": false, "at": at, "error": code.as_str(), "message": message})
            }
        }
    }

    /// 0 when every action was legal, 1 when one was refused.
    pub fn exit_code(&self) -> i32 {
        match self {
            Verdict::Ok { .. } => 0,
            Verdict::Refused { .. } => 1,
        }
    }
}

impl Record {
    /// Reads a record and checks it asks for no more than a record may:
    /// [`MAX_RECORD_BYTES`], [`MAX_SEATS`], [`MAX_ACTIONS`].
    pub fn from_json(text: &str) -> Result<Record, RecordError> {
        if text.len() as u64 > MAX_RECORD_BYTES {
            return Err(RecordError::TooLarge(format!(
                "{} bytes, more than {MAX_RECORD_BYTES}",
                text.len()
            )));
        }
        let record: Record =
            serde_json::from_str(text).map_err(|e| RecordError::Json(e.to_string()))?;
        if record.seats > MAX_SEATS {
            return Err(RecordError::TooLarge(format!(
                "{} seats, more than {MAX_SEATS}",
                record.seats
            )));
        }
        if record.actions.len() > MAX_ACTIONS {
            return Err(RecordError::TooLarge(format!(
                "{} actions, more than {MAX_ACTIONS}",
                record.actions.len()
            )));
        }
        Ok(record)
    }

    /// Parses `rules` into a game's typed rules; omitted options take their defaults.
    pub fn rules_as<T: serde::de::DeserializeOwned>(&self) -> Result<T, RecordError> {
        let rules = if self.rules.is_null() {
            empty_object()
        } else {
            self.rules.clone()
        };
        serde_json::from_value(rules).map_err(|e| RecordError::Rules(e.to_string()))
    }

    /// A game's rules, checked with the record's seats, and its typed deal:
    /// what a game reads first to rebuild itself from a record.
    pub fn setup<R: GameRules, D: serde::de::DeserializeOwned>(
        &self,
    ) -> Result<(R, D), RecordError> {
        let rules: R = self.rules_as()?;
        rules.check_table(self.seats)?;
        Ok((rules, self.deal_as()?))
    }

    /// Parses `deal` into a game's typed deal.
    pub fn deal_as<T: serde::de::DeserializeOwned>(&self) -> Result<T, RecordError> {
        serde_json::from_value(self.deal.clone()).map_err(|e| RecordError::Deal(e.to_string()))
    }
}

impl Record {
    /// The record of a game of type `G`: its rules, seats, deal and the
    /// actions applied so far, each with its acting seat. The `record()` of
    /// every game that keeps its actions as `(seat, action)` pairs.
    pub fn of<G: Game>(
        rules: &impl Serialize,
        seats: usize,
        deal: &impl Serialize,
        actions: &[(Seat, G::Action)],
    ) -> Record {
        Record {
            game: G::KIND.name().into(),
            rules: serde_json::to_value(rules).expect("rules serialise"),
            seats,
            deal: serde_json::to_value(deal).expect("deal serialises"),
            actions: actions
                .iter()
                .map(|(seat, a)| seated_action(*seat, G::action_to_json(a)))
                .collect(),
        }
    }
}

/// A record action: the action's JSON object with its acting seat added
/// (the inverse of [`split_action`]).
pub fn seated_action(seat: Seat, mut action: Value) -> Value {
    action["seat"] = serde_json::json!(seat);
    action
}

/// The acting seat of a record action, and the action without it.
pub fn split_action(index: usize, value: &Value) -> Result<(Seat, Value), RecordError> {
    let malformed = |message: &str| RecordError::Action {
        index,
        message: message.to_string(),
    };
    let obj = value
        .as_object()
        .ok_or_else(|| malformed("an action is a JSON object"))?;
    let seat = obj
        .get("seat")
        .ok_or_else(|| malformed("missing `seat`"))?
        .as_u64()
        .ok_or_else(|| malformed("`seat` is a number from 0"))? as usize;
    let mut rest = obj.clone();
    rest.remove("seat");
    Ok((seat, Value::Object(rest)))
}

/// A record stored when its table closed mid-game (`"closed": true` beside
/// the record's fields, written by the table runtime): the game did not go
/// on, and the ledger paid what the close paid. Its replay stops at its last
/// action (playing it out would report an ending that never happened and a
/// result the ledger never paid).
pub fn is_closed(record: &Value) -> bool {
    record.get("closed") == Some(&Value::Bool(true))
}

/// Replays a record of one game: builds it from the deal, then applies each
/// action in order until one is refused.
pub fn replay_game<G: Game>(record: &Record) -> Result<Verdict, RecordError> {
    replay_game_with::<G>(record, true)
}

/// [`replay_game`]; `play_out` false leaves the game where its actions end.
pub fn replay_game_with<G: Game>(record: &Record, play_out: bool) -> Result<Verdict, RecordError> {
    let mut game = G::from_record_setup(record)?;
    for (index, raw) in record.actions.iter().enumerate() {
        let refused = |e: games::RuleError| Verdict::Refused {
            at: index,
            code: e.code,
            message: e.message,
        };
        // An action the game cannot even read is refused at its index rather
        // than rejecting the whole record, so tests can pin where it fails.
        let (seat, body) = match split_action(index, raw) {
            Ok(split) => split,
            Err(e) => {
                return Ok(refused(games::RuleError::new(
                    ErrorCode::IllegalAction,
                    crate::keys::ERR_MALFORMED_ACTION,
                    e.to_string(),
                )))
            }
        };
        if seat >= game.seats() {
            return Ok(refused(games::RuleError::new(
                ErrorCode::IllegalAction,
                crate::keys::ERR_NO_SUCH_SEAT,
                format!("seat {seat} does not exist in a {}-seat game", game.seats()),
            )));
        }
        let action = match G::parse_action(&body) {
            Ok(a) => a,
            Err(e) => return Ok(refused(e)),
        };
        if let Err(e) = game.apply(seat, &action) {
            return Ok(refused(e));
        }
    }
    if play_out {
        game.play_out();
    }
    Ok(Verdict::Ok {
        finished: game.is_finished(),
        outcome: game
            .outcome()
            .map(|o| crate::games::GameOutcome::to_json(&o)),
    })
}

/// Checks `actual` against an `.expected.json`: every field of `expected`
/// must be in `actual` with the same value, where the string `"…"` stands
/// for any value (rules/README.md, "Examples").
pub fn matches_expected(actual: &Value, expected: &Value) -> bool {
    match (actual, expected) {
        (_, Value::String(s)) if s == "…" => true,
        (Value::Object(a), Value::Object(e)) => e
            .iter()
            .all(|(k, ev)| a.get(k).is_some_and(|av| matches_expected(av, ev))),
        (Value::Array(a), Value::Array(e)) => {
            a.len() == e.len() && a.iter().zip(e).all(|(av, ev)| matches_expected(av, ev))
        }
        (Value::Number(a), Value::Number(e)) => a.as_f64() == e.as_f64(),
        _ => actual == expected,
    }
}
