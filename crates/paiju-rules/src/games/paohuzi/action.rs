//! Player actions and their record form: `{"hu": true}`, `{"pass": true}`,
//! `{"peng": true}`, `{"chi": [["x1", "x2", "x3"], …]}` (the first group
//! holds the taken card, the others are the 比 groups) and
//! `{"discard": "x3"}`.

use super::cards::Card;
use crate::games::{record_json, RecordAction};
use crate::games::{ErrorCode, RuleError};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

/// One action of a seat.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// 胡: win on the card in question.
    Hu,
    /// Decline what is asked (a win, a 碰 or a 吃).
    Pass,
    /// 碰 the card in question.
    Peng,
    /// 吃 the card in question: the group holding it, then the 比 groups.
    Chi(Vec<Vec<Card>>),
    /// Discard a card from the hand.
    Discard(Card),
}

fn malformed(msg: impl Into<String>) -> RuleError {
    RuleError::new(
        ErrorCode::IllegalAction,
        crate::keys::ERR_PAOHUZI_MALFORMED_ACTION,
        msg,
    )
}

fn card(v: &Value) -> Result<Card, RuleError> {
    let text = v
        .as_str()
        .ok_or_else(|| malformed("cards are written as strings like \"x3\""))?;
    text.parse().map_err(|e: super::cards::CardError| {
        RuleError::new(
            ErrorCode::BadCard,
            crate::keys::ERR_PAOHUZI_BAD_CARD,
            e.to_string(),
        )
        .arg("card", text)
    })
}

impl RecordAction for Action {
    /// Parses a record action (the object minus `seat`).
    fn from_json(value: &Value) -> Result<Action, RuleError> {
        let names = "hu, pass, peng, chi, discard";
        let (key, v) = record_json::single_entry(value, names, malformed)?;
        let flag = |a| record_json::flag(key, v, a, malformed);
        match key {
            "hu" => flag(Action::Hu),
            "pass" => flag(Action::Pass),
            "peng" => flag(Action::Peng),
            "discard" => card(v).map(Action::Discard),
            "chi" => {
                let groups = v
                    .as_array()
                    .filter(|a| !a.is_empty())
                    .ok_or_else(|| malformed("`chi` is a list of groups of three cards"))?;
                let mut out = Vec::with_capacity(groups.len());
                for g in groups {
                    let g = g
                        .as_array()
                        .filter(|g| g.len() == 3)
                        .ok_or_else(|| malformed("each `chi` group holds three cards"))?;
                    out.push(g.iter().map(card).collect::<Result<Vec<_>, _>>()?);
                }
                Ok(Action::Chi(out))
            }
            other => Err(malformed(format!("unknown Paohuzi action `{other}`"))),
        }
    }

    /// The record form of this action.
    fn to_json(&self) -> Value {
        match self {
            Action::Hu => json!({"hu": true}),
            Action::Pass => json!({"pass": true}),
            Action::Peng => json!({"peng": true}),
            Action::Discard(c) => json!({"discard": c.to_string()}),
            Action::Chi(groups) => json!({"chi": groups
                .iter()
                .map(|g| g.iter().map(|c| c.to_string()).collect::<Vec<_>>())
                .collect::<Vec<_>>()}),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_round_trip() {
        let c = |s: &str| s.parse::<Card>().unwrap();
        for a in [
            Action::Hu,
            Action::Pass,
            Action::Peng,
            Action::Discard(c("d10")),
            Action::Chi(vec![
                vec![c("x1"), c("x2"), c("x3")],
                vec![c("x1"), c("x1"), c("d1")],
            ]),
        ] {
            assert_eq!(Action::from_json(&a.to_json()).unwrap(), a);
        }
        assert_eq!(
            Action::from_json(&json!({"discard": "叁"})).unwrap(),
            Action::Discard(c("d3"))
        );
    }

    #[test]
    fn malformed_actions_are_refused_with_codes() {
        let code = |v: Value| Action::from_json(&v).unwrap_err().code;
        assert_eq!(code(json!({"hu": false})), ErrorCode::IllegalAction);
        assert_eq!(code(json!({"chi": []})), ErrorCode::IllegalAction);
        assert_eq!(
            code(json!({"chi": [["x1", "x2"]]})),
            ErrorCode::IllegalAction
        );
        assert_eq!(
            code(json!({"chi": [["x1", "x2", "q3"]]})),
            ErrorCode::BadCard
        );
        assert_eq!(code(json!({"discard": "x11"})), ErrorCode::BadCard);
        assert_eq!(code(json!({"discard": 3})), ErrorCode::IllegalAction);
        assert_eq!(
            code(json!({"hu": true, "pass": true})),
            ErrorCode::IllegalAction
        );
        assert_eq!(code(json!({"gang": true})), ErrorCode::IllegalAction);
    }
}
