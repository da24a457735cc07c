//! Player actions and their record form: `{"raise": N}`, `{"call": true}`,
//! `{"all_in": true}`, `{"check": true}`, `{"fold": true}`,
//! `{"sanhua": true}` and `{"split": {"head": [a, b], "tail": [c, d]}}`.

use super::hands::Split;
use crate::cards::Card;
use crate::games::{record_json, RecordAction};
use crate::games::{ErrorCode, RuleError};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

/// One action of a seat.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// 大: bring the contribution to the highest plus N (N ≥ ante).
    Raise(u64),
    /// 跟: bring the contribution to the highest.
    Call,
    /// 敲: put in everything left of the bobo.
    AllIn,
    /// 休: put in nothing (contribution already the highest).
    Check,
    /// 丢: give up what was put in; out of the hand.
    Fold,
    /// 三花摊牌: lay down 三花十 / 三花六 in round 3; contribution back.
    Sanhua,
    /// Showdown: the head and tail pairs.
    Split(Split),
}

fn malformed(msg: impl Into<String>) -> RuleError {
    RuleError::new(
        ErrorCode::IllegalAction,
        crate::keys::ERR_CHEXUAN_MALFORMED_ACTION,
        msg,
    )
}

fn pair(v: Option<&Value>, name: &str) -> Result<[Card; 2], RuleError> {
    let items = v
        .and_then(Value::as_array)
        .filter(|a| a.len() == 2)
        .ok_or_else(|| malformed(format!("`split.{name}` must be a list of two cards")))?;
    let mut out = [Card::BigJoker; 2];
    for (slot, item) in out.iter_mut().zip(items) {
        let text = item
            .as_str()
            .ok_or_else(|| malformed(format!("`split.{name}` must hold card strings")))?;
        *slot = text.parse().map_err(|e: crate::cards::CardError| {
            RuleError::new(ErrorCode::BadCard, crate::keys::ERR_BAD_CARD, e.to_string())
                .arg("card", text)
        })?;
    }
    Ok(out)
}

/// What a typed betting word asks for: the same words in every front end
/// (the terminal and Discord's `/play`), in English, their one-letter
/// short forms and the Chinese names.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BetWord {
    /// 大 raise: the amount follows.
    Raise,
    /// Any other bet, complete in itself.
    Bet(Action),
}

impl BetWord {
    /// Reads one lower-cased word: `r`/`raise`/`大`, `c`/`call`/`跟`,
    /// `all`/`allin`/`all-in`/`敲`, `k`/`check`/`休`, `f`/`fold`/`丢`,
    /// `s`/`sanhua`/`三花`. Not `a`: in the other games a lone letter is a
    /// card or nothing, and going all-in by a slip of one key costs the
    /// whole bobo.
    pub fn read(word: &str) -> Option<BetWord> {
        Some(match word {
            "r" | "raise" | "大" => BetWord::Raise,
            "c" | "call" | "跟" => BetWord::Bet(Action::Call),
            "all" | "allin" | "all-in" | "敲" => BetWord::Bet(Action::AllIn),
            "k" | "check" | "休" => BetWord::Bet(Action::Check),
            "f" | "fold" | "丢" => BetWord::Bet(Action::Fold),
            "s" | "sanhua" | "三花" => BetWord::Bet(Action::Sanhua),
            _ => return None,
        })
    }
}

impl RecordAction for Action {
    /// Parses a record action (the object minus `seat`).
    fn from_json(value: &Value) -> Result<Action, RuleError> {
        let names = "raise, call, all_in, check, fold, sanhua, split";
        let (key, v) = record_json::single_entry(value, names, malformed)?;
        let flag = |a| record_json::flag(key, v, a, malformed);
        match key {
            "raise" => v
                .as_u64()
                .map(Action::Raise)
                .ok_or_else(|| malformed("`raise` takes a whole number of chips")),
            "call" => flag(Action::Call),
            "all_in" => flag(Action::AllIn),
            "check" => flag(Action::Check),
            "fold" => flag(Action::Fold),
            "sanhua" => flag(Action::Sanhua),
            "split" => {
                let o = v
                    .as_object()
                    .filter(|o| o.len() == 2)
                    .ok_or_else(|| malformed("`split` is {\"head\": [a, b], \"tail\": [c, d]}"))?;
                Ok(Action::Split(Split {
                    head: pair(o.get("head"), "head")?,
                    tail: pair(o.get("tail"), "tail")?,
                }))
            }
            other => Err(malformed(format!("unknown Chexuan action `{other}`"))),
        }
    }

    /// The record form of this action.
    fn to_json(&self) -> Value {
        match self {
            Action::Raise(n) => json!({ "raise": n }),
            Action::Call => json!({ "call": true }),
            Action::AllIn => json!({ "all_in": true }),
            Action::Check => json!({ "check": true }),
            Action::Fold => json!({ "fold": true }),
            Action::Sanhua => json!({ "sanhua": true }),
            Action::Split(s) => json!({ "split": {
                "head": [s.head[0].to_string(), s.head[1].to_string()],
                "tail": [s.tail[0].to_string(), s.tail[1].to_string()],
            }}),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_round_trip() {
        let split = Split {
            head: ["QH".parse().unwrap(), "QD".parse().unwrap()],
            tail: ["3H".parse().unwrap(), "BJ".parse().unwrap()],
        };
        for a in [
            Action::Raise(30),
            Action::Call,
            Action::AllIn,
            Action::Check,
            Action::Fold,
            Action::Sanhua,
            Action::Split(split),
        ] {
            assert_eq!(Action::from_json(&a.to_json()).unwrap(), a);
        }
    }

    #[test]
    fn malformed_actions_are_refused_with_codes() {
        let code = |v: Value| Action::from_json(&v).unwrap_err().code;
        assert_eq!(code(json!({"raise": -5})), ErrorCode::IllegalAction);
        assert_eq!(code(json!({"raise": 2.5})), ErrorCode::IllegalAction);
        assert_eq!(code(json!({"call": false})), ErrorCode::IllegalAction);
        assert_eq!(code(json!({"bet": 5})), ErrorCode::IllegalAction);
        assert_eq!(
            code(json!({"check": true, "fold": true})),
            ErrorCode::IllegalAction
        );
        assert_eq!(code(json!([1])), ErrorCode::IllegalAction);
        assert_eq!(
            code(json!({"split": {"head": ["QH"], "tail": ["2H", "2D"]}})),
            ErrorCode::IllegalAction
        );
        assert_eq!(
            code(json!({"split": {"head": ["QH", "XX"], "tail": ["2H", "2D"]}})),
            ErrorCode::BadCard
        );
    }
}
