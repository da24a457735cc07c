//! Player actions and their record form: `{"declare": [cards], "dealt": N}`,
//! `{"bury": [cards]}` and `{"play": [cards]}`.

use crate::cards::Card;
use crate::games::{record_json, RecordAction};
use crate::games::{ErrorCode, RuleError};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

/// One action of a seat.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// 亮主 with cards among the first `dealt` cards of the deal.
    Declare { cards: Vec<Card>, dealt: usize },
    /// 扣底: the banker's buried cards (closes declaring).
    Bury(Vec<Card>),
    /// A lead or a follow (a banker's first lead closes declaring when
    /// there is no kitty).
    Play(Vec<Card>),
}

fn malformed(msg: impl Into<String>) -> RuleError {
    RuleError::new(
        ErrorCode::IllegalAction,
        crate::keys::ERR_SHENGJI_MALFORMED_ACTION,
        msg,
    )
}

fn card_list(v: &Value, name: &str) -> Result<Vec<Card>, RuleError> {
    let items = v
        .as_array()
        .ok_or_else(|| malformed(format!("`{name}` takes a list of cards")))?;
    items
        .iter()
        .map(|item| {
            let text = item
                .as_str()
                .ok_or_else(|| malformed(format!("`{name}` holds card strings")))?;
            text.parse().map_err(|e: crate::cards::CardError| {
                RuleError::new(ErrorCode::BadCard, crate::keys::ERR_BAD_CARD, e.to_string())
                    .arg("card", text)
            })
        })
        .collect()
}

impl RecordAction for Action {
    /// Parses a record action (the object minus `seat`).
    fn from_json(value: &Value) -> Result<Action, RuleError> {
        let obj = value
            .as_object()
            .ok_or_else(|| malformed("an action is a JSON object"))?;
        if let Some(cards) = obj.get("declare") {
            if obj.len() != 2 {
                return Err(malformed(
                    "a declaration is {\"declare\": [cards], \"dealt\": N}",
                ));
            }
            let dealt = obj
                .get("dealt")
                .and_then(Value::as_u64)
                .ok_or_else(|| malformed("`dealt` takes a whole number of cards"))?;
            return Ok(Action::Declare {
                cards: card_list(cards, "declare")?,
                dealt: dealt as usize,
            });
        }
        let names = "declare, bury, play";
        let (key, v) = record_json::single_entry(value, names, malformed)?;
        match key {
            "bury" => Ok(Action::Bury(card_list(v, "bury")?)),
            "play" => Ok(Action::Play(card_list(v, "play")?)),
            other => Err(malformed(format!("unknown action `{other}`"))),
        }
    }

    fn to_json(&self) -> Value {
        match self {
            Action::Declare { cards, dealt } => json!({"declare": cards, "dealt": dealt}),
            Action::Bury(cards) => json!({ "bury": cards }),
            Action::Play(cards) => json!({ "play": cards }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn record_forms_round_trip() {
        for text in [
            r#"{"declare":["7H","7H"],"dealt":40}"#,
            r#"{"bury":["3S","4S"]}"#,
            r#"{"play":["AS"]}"#,
        ] {
            let v: Value = serde_json::from_str(text).unwrap();
            assert_eq!(Action::from_json(&v).unwrap().to_json(), v);
        }
    }

    #[test]
    fn malformed_and_bad_cards_are_told_apart() {
        let bad = Action::from_json(&json!({"play": ["ZZ"]})).unwrap_err();
        assert_eq!(bad.code, ErrorCode::BadCard);
        let m = Action::from_json(&json!({"declare": ["7H"]})).unwrap_err();
        assert_eq!(m.code, ErrorCode::IllegalAction);
        assert!(Action::from_json(&json!({"pass": true})).is_err());
    }
}
