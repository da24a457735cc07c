//! The shapes every game's record actions share, read once: an action is
//! an object with exactly one entry (`{"play": [...]}`), a flag action's
//! value is `true` (`{"pass": true}`), and a table around a hand adds its
//! own flags (`{"leave": true}`) that stand alone. Each game says how it
//! refuses a malformed action (its Fluent key), so the words stay its own.

use super::{ErrorCode, RuleError};
use serde_json::Value;

/// The one entry of a record action: its name and its value. `names`
/// lists the game's actions for the refusal; `malformed` builds it.
pub fn single_entry<'a>(
    value: &'a Value,
    names: &str,
    malformed: impl Fn(String) -> RuleError,
) -> Result<(&'a str, &'a Value), RuleError> {
    let obj = value
        .as_object()
        .ok_or_else(|| malformed("an action is a JSON object".into()))?;
    match obj.iter().next() {
        Some((key, v)) if obj.len() == 1 => Ok((key.as_str(), v)),
        _ => Err(malformed(format!("an action has exactly one of {names}"))),
    }
}

/// A flag action: `action` when the value is `true`, else refused.
pub fn flag<A>(
    name: &str,
    value: &Value,
    action: A,
    malformed: impl Fn(String) -> RuleError,
) -> Result<A, RuleError> {
    if value == &Value::Bool(true) {
        Ok(action)
    } else {
        Err(malformed(format!("`{name}` takes the value true")))
    }
}

/// The table's own flags around a hand's actions: `Some` when `value`
/// names one of `flags` (the action when it is `true` and alone, else a
/// refusal with `malformed_key`), `None` when it is a hand's action.
pub fn table_flag<A: Clone>(
    value: &Value,
    flags: &[(&str, A)],
    malformed_key: crate::message::Key,
) -> Option<Result<A, RuleError>> {
    let (word, action) = flags.iter().find(|(w, _)| value.get(w).is_some())?;
    Some(match value.as_object().map(|o| o.len()) {
        Some(1) if value[word] == Value::Bool(true) => Ok(action.clone()),
        _ => Err(RuleError::new(
            ErrorCode::IllegalAction,
            malformed_key,
            format!("`{word}` takes the value true, alone"),
        )),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn malformed(m: String) -> RuleError {
        RuleError::new(
            ErrorCode::IllegalAction,
            crate::keys::ERR_MALFORMED_ACTION,
            m,
        )
    }

    #[test]
    fn an_action_has_one_entry() {
        let v = json!({"play": ["3S"]});
        assert_eq!(single_entry(&v, "play", malformed).unwrap().0, "play");
        for bad in [json!({}), json!({"a": 1, "b": 2}), json!([1]), json!("x")] {
            let e = single_entry(&bad, "a, b", malformed).unwrap_err();
            assert_eq!(e.key, "err-malformed-action", "{bad}");
        }
    }

    #[test]
    fn flags_take_true_and_table_flags_stand_alone() {
        assert_eq!(flag("pass", &json!(true), 7, malformed).unwrap(), 7);
        assert!(flag("pass", &json!(false), 7, malformed).is_err());
        let flags = [("leave", 1), ("timed_out", 2)];
        let read = |v: Value| table_flag(&v, &flags, crate::keys::ERR_CHEXUAN_MALFORMED_ACTION);
        assert_eq!(read(json!({"timed_out": true})).unwrap().unwrap(), 2);
        assert!(read(json!({"play": ["3S"]})).is_none());
        let refused = read(json!({"leave": true, "play": []}))
            .unwrap()
            .unwrap_err();
        assert_eq!(refused.key, "err-chexuan-malformed-action");
        assert!(read(json!({"leave": 1})).unwrap().is_err());
    }
}
