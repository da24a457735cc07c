//! Dou Dizhu actions: the typed form, the record form
//! (`{"bid": 2}`, `{"play": ["3S","3H"], "as": "pair"}`,
//! `{"play": ["5H","6S","6D","6C"], "wild_as": ["6"]}` …), and the typed
//! errors with their Fluent keys.

use super::cardset::CardSet;
use super::patterns::Kind;
use super::wild::WildAs;
use crate::cards::{parse_friendly, resolve_in_hand, Card, CardError};
use crate::games::RecordAction;
use crate::games::{ErrorCode, RuleError};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::{json, Map, Value};

/// When a hand is shown (明牌), which sets its factor.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ShowStage {
    /// Before bidding starts: ×5.
    Start,
    /// While bidding: ×3.
    Bidding,
    /// The landlord, after taking the kitty and before the first lead: ×2.
    Kitty,
}

impl ShowStage {
    pub fn factor(self) -> u32 {
        match self {
            ShowStage::Start => 5,
            ShowStage::Bidding => 3,
            ShowStage::Kitty => 2,
        }
    }

    fn name(self) -> &'static str {
        match self {
            ShowStage::Start => "start",
            ShowStage::Bidding => "bidding",
            ShowStage::Kitty => "kitty",
        }
    }
}

/// One action of one seat.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Score bidding: 1, 2 or 3.
    Bid(u8),
    /// Pass: in bidding, kicking, doubling, or on a play.
    Pass,
    /// Rob bidding: call the landlord (叫地主).
    Call,
    /// Rob bidding: rob (抢地主), or the caller's rob back.
    Rob,
    /// Kick (踢) after a bid of 3.
    Kick,
    /// The landlord's counter-kick (反踢).
    Counter,
    /// Double (加倍).
    Double,
    /// Show the hand (明牌); `None` means "at the stage it is now".
    Show(Option<ShowStage>),
    /// Play these cards, read as `reading` when given (`"as"`), the wild
    /// cards (癞子) standing for `wild_as` (empty: no wild card, or every
    /// card wild, or not stated).
    Play {
        cards: CardSet,
        reading: Option<Kind>,
        wild_as: WildAs,
    },
    /// Abandon the game (逃跑).
    Leave,
    /// The discard phase (弃三张): these cards leave the game unseen.
    Discard(CardSet),
}

impl Action {
    /// A play of these cards with no stated reading.
    pub fn play(cards: &[Card]) -> Action {
        Action::Play {
            cards: CardSet::from_cards(cards),
            reading: None,
            wild_as: WildAs::NONE,
        }
    }
}

impl RecordAction for Action {
    /// The record form (without `seat`).
    fn to_json(&self) -> Value {
        match *self {
            Action::Bid(b) => json!({"bid": b}),
            Action::Pass => json!({"pass": true}),
            Action::Call => json!({"call": true}),
            Action::Rob => json!({"rob": true}),
            Action::Kick => json!({"kick": true}),
            Action::Counter => json!({"counter": true}),
            Action::Double => json!({"double": true}),
            Action::Show(None) => json!({"show": true}),
            Action::Show(Some(s)) => json!({"show": s.name()}),
            Action::Leave => json!({"leave": true}),
            Action::Discard(cards) => json!({"discard": cards}),
            Action::Play {
                cards,
                reading,
                wild_as,
            } => {
                let mut m = Map::new();
                m.insert("play".into(), json!(cards));
                if let Some(k) = reading {
                    m.insert("as".into(), json!(k.name()));
                }
                if !wild_as.is_empty() {
                    m.insert("wild_as".into(), json!(wild_as));
                }
                Value::Object(m)
            }
        }
    }

    /// Reads the record form (without `seat`).
    fn from_json(value: &Value) -> Result<Action, RuleError> {
        let obj = value
            .as_object()
            .ok_or_else(|| malformed("an action is a JSON object"))?;
        let keys: Vec<&str> = obj
            .keys()
            .map(String::as_str)
            .filter(|k| *k != "as" && *k != "wild_as")
            .collect();
        let [key] = keys[..] else {
            return Err(malformed(
                "an action has exactly one of bid, pass, call, rob, kick, counter, double, show, play, discard, leave",
            ));
        };
        if (obj.contains_key("as") || obj.contains_key("wild_as")) && key != "play" {
            return Err(malformed("`as` and `wild_as` go only with `play`"));
        }
        let v = &obj[key];
        let flag = |a: Action| {
            if v == &Value::Bool(true) {
                Ok(a)
            } else {
                Err(malformed(&format!("`{key}` takes the value true")))
            }
        };
        match key {
            "bid" => match v.as_u64() {
                Some(b @ 1..=3) => Ok(Action::Bid(b as u8)),
                _ => Err(RuleError::new(
                    ErrorCode::IllegalAction,
                    crate::keys::ERR_BID_RANGE,
                    "a bid is 1, 2 or 3",
                )),
            },
            "pass" => flag(Action::Pass),
            "call" => flag(Action::Call),
            "rob" => flag(Action::Rob),
            "kick" => flag(Action::Kick),
            "counter" => flag(Action::Counter),
            "double" => flag(Action::Double),
            "leave" => flag(Action::Leave),
            "show" => match v {
                Value::Bool(true) => Ok(Action::Show(None)),
                Value::String(s) => match s.as_str() {
                    "start" => Ok(Action::Show(Some(ShowStage::Start))),
                    "bidding" => Ok(Action::Show(Some(ShowStage::Bidding))),
                    "kitty" => Ok(Action::Show(Some(ShowStage::Kitty))),
                    _ => Err(malformed(
                        "`show` is true, \"start\", \"bidding\" or \"kitty\"",
                    )),
                },
                _ => Err(malformed(
                    "`show` is true, \"start\", \"bidding\" or \"kitty\"",
                )),
            },
            "discard" => Ok(Action::Discard(card_list(v, "discard")?)),
            "play" => {
                let cards = card_list(v, "play")?;
                let reading = match obj.get("as") {
                    None => None,
                    Some(a) => Some(a.as_str().and_then(Kind::from_name).ok_or_else(|| {
                        RuleError::new(
                            ErrorCode::IllegalAction,
                            crate::keys::ERR_UNKNOWN_PATTERN,
                            format!("`as` {a} is not a pattern name"),
                        )
                    })?),
                };
                let wild_as = match obj.get("wild_as") {
                    None => WildAs::NONE,
                    Some(w) => wild_as_list(w)?,
                };
                Ok(Action::Play {
                    cards,
                    reading,
                    wild_as,
                })
            }
            other => Err(malformed(&format!("`{other}` is not a Dou Dizhu action"))),
        }
    }
}

impl Serialize for Action {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.to_json().serialize(s)
    }
}

impl<'de> Deserialize<'de> for Action {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Action, D::Error> {
        let v = Value::deserialize(d)?;
        Action::from_json(&v).map_err(serde::de::Error::custom)
    }
}

/// A JSON list of distinct cards (`play`, `discard`).
fn card_list(v: &Value, key: &str) -> Result<CardSet, RuleError> {
    let items = v
        .as_array()
        .ok_or_else(|| malformed(&format!("`{key}` is a list of cards")))?;
    let mut cards = CardSet::EMPTY;
    for item in items {
        let text = item.as_str().ok_or_else(|| bad_card(&item.to_string()))?;
        let card: Card = text.parse().map_err(|_| bad_card(text))?;
        if cards.contains(card) {
            return Err(RuleError::new(
                ErrorCode::BadCard,
                crate::keys::ERR_CARD_TWICE,
                format!("{card} is listed twice"),
            )
            .arg("card", card));
        }
        cards.insert(card);
    }
    Ok(cards)
}

/// `wild_as`: a list of up to four ranks, none a joker (`["6", "T"]`).
fn wild_as_list(v: &Value) -> Result<WildAs, RuleError> {
    let bad = || {
        RuleError::new(
            ErrorCode::IllegalAction,
            crate::keys::ERR_WILD_AS_MALFORMED,
            "`wild_as` is a list of ranks (3 … A, 2), one per wild card",
        )
    };
    let items = v.as_array().ok_or_else(bad)?;
    let mut ranks = Vec::with_capacity(items.len());
    for item in items {
        let r = item
            .as_str()
            .and_then(super::cardset::rank_from_name)
            .filter(|&r| r <= super::patterns::TWO)
            .ok_or_else(bad)?;
        ranks.push(r);
    }
    WildAs::from_ranks(&ranks).ok_or_else(bad)
}

pub(crate) fn malformed(message: &str) -> RuleError {
    RuleError::new(
        ErrorCode::IllegalAction,
        crate::keys::ERR_MALFORMED_ACTION,
        message,
    )
}

pub(crate) fn bad_card(text: &str) -> RuleError {
    RuleError::new(
        ErrorCode::BadCard,
        crate::keys::ERR_BAD_CARD,
        format!("`{text}` is not a card"),
    )
    .arg("card", text)
}

pub(crate) fn illegal(key: crate::message::Key, message: impl Into<String>) -> RuleError {
    RuleError::new(ErrorCode::IllegalAction, key, message)
}

/// The card or bare rank a [`CardError`] names (as the input parser wrote
/// it: `BJ`, `5♥`, `10`): a card is typed as one, so that players read it
/// in their words (大王); a rank stays as written.
fn card_or_rank(name: &str) -> crate::message::Arg {
    match name.parse::<Card>() {
        Ok(card) => card.into(),
        Err(_) => name.into(),
    }
}

fn not_in_hand_named(name: &str) -> RuleError {
    RuleError::new(
        ErrorCode::BadCard,
        crate::keys::ERR_NOT_IN_HAND,
        format!("{name} is not in your hand"),
    )
    .arg("card", card_or_rank(name))
}

pub(crate) fn not_in_hand(card: Card) -> RuleError {
    RuleError::new(
        ErrorCode::BadCard,
        crate::keys::ERR_NOT_IN_HAND,
        format!("{} is not in your hand", card.pretty()),
    )
    .arg("card", card)
}

/// Friendly input for front ends: `33344`, `10 J Q K A`, `大王`, `3♠ 3h`.
/// Bare ranks are picked from `hand`; exact cards must be in it.
pub fn parse_play(input: &str, hand: &[Card]) -> Result<Vec<Card>, RuleError> {
    let specs = parse_friendly(input).map_err(card_error)?;
    let cards = resolve_in_hand(&specs, hand).map_err(card_error)?;
    if CardSet::from_cards(&cards).len() != cards.len() {
        let dup = cards
            .iter()
            .find(|c| cards.iter().filter(|d| d == c).count() > 1)
            .expect("a duplicate exists");
        return Err(RuleError::new(
            ErrorCode::BadCard,
            crate::keys::ERR_CARD_TWICE,
            format!("{} is listed twice", dup.pretty()),
        )
        .arg("card", *dup));
    }
    Ok(cards)
}

fn card_error(e: CardError) -> RuleError {
    match e {
        CardError::NotACard(s) => bad_card(&s),
        CardError::NotInHand(s) => not_in_hand_named(&s),
        CardError::NotEnough { card, have } => RuleError::new(
            ErrorCode::BadCard,
            crate::keys::ERR_NOT_ENOUGH,
            format!("you have only {have} of {card}"),
        )
        .arg("card", card_or_rank(&card))
        .arg("have", have),
        CardError::Empty => illegal(crate::keys::ERR_EMPTY_PLAY, "play at least one card"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse_cards;

    #[test]
    fn record_form_round_trips() {
        for v in [
            json!({"bid": 2}),
            json!({"pass": true}),
            json!({"call": true}),
            json!({"rob": true}),
            json!({"kick": true}),
            json!({"counter": true}),
            json!({"double": true}),
            json!({"show": "start"}),
            json!({"show": true}),
            json!({"leave": true}),
            json!({"discard": []}),
            json!({"discard": ["3S", "BJ"]}),
            json!({"play": ["3S", "3H"]}),
            json!({"play": ["3S", "3H", "3C", "3D", "4S", "4H"], "as": "four_two"}),
            json!({"play": ["5H", "6S", "6C", "6D"], "wild_as": ["6"]}),
            json!({"play": ["5S", "5H", "7S", "8S", "9S"], "as": "straight", "wild_as": ["3", "T"]}),
        ] {
            let a = Action::from_json(&v).unwrap();
            assert_eq!(a.to_json(), v);
        }
    }

    #[test]
    fn malformed_actions_have_the_right_codes() {
        let code = |v: Value| Action::from_json(&v).unwrap_err().code;
        assert_eq!(code(json!({"play": ["3S", "XX"]})), ErrorCode::BadCard);
        assert_eq!(code(json!({"play": ["3S", "3S"]})), ErrorCode::BadCard);
        assert_eq!(code(json!({"play": [3]})), ErrorCode::BadCard);
        assert_eq!(code(json!({"play": "3S"})), ErrorCode::IllegalAction);
        assert_eq!(code(json!({"bid": 4})), ErrorCode::IllegalAction);
        assert_eq!(
            code(json!({"bid": 1, "pass": true})),
            ErrorCode::IllegalAction
        );
        assert_eq!(code(json!({"dance": true})), ErrorCode::IllegalAction);
        assert_eq!(code(json!([1])), ErrorCode::IllegalAction);
        assert_eq!(code(json!({"pass": false})), ErrorCode::IllegalAction);
        assert_eq!(
            code(json!({"play": ["3S"], "as": "triple"})),
            ErrorCode::IllegalAction
        );
    }

    #[test]
    fn friendly_plays() {
        let hand = parse_cards(&["3S", "3H", "3D", "4C", "4D", "TS", "BJ"]).unwrap();
        assert_eq!(parse_play("33344", &hand).unwrap().len(), 5);
        assert_eq!(parse_play("10 大王", &hand).unwrap().len(), 2);
        assert_eq!(parse_play("5h", &hand).unwrap_err().key, "err-not-in-hand");
        assert_eq!(
            parse_play("5h", &hand).unwrap_err().message,
            "5♥ is not in your hand"
        );
        assert_eq!(parse_play("3333", &hand).unwrap_err().key, "err-not-enough");
        assert_eq!(parse_play("3x", &hand).unwrap_err().key, "err-bad-card");
        // The second 3♠ is no longer in the hand once the first is taken.
        assert_eq!(
            parse_play("3s 3s", &hand).unwrap_err().key,
            "err-not-in-hand"
        );
    }
}
