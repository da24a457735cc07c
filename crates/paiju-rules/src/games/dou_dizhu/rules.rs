//! The table options of Dou Dizhu (rules/dou-dizhu.md), with their
//! defaults, and the check that a set of options makes sense together.
//!
//! The variants are options too: `players: 2` is 二人斗地主 (46 cards, the
//! two-player rob bidding with the handicap 让牌; a record's `seats` says
//! the same and sets it), `wild: true` is 癞子 and `discard: true` is 弃三张.

use super::ai::Level;
use crate::games::{ErrorCode, GameKind, GameRules, RuleError};
use crate::record::RecordError;
use serde::{Deserialize, Serialize};

/// How the landlord is chosen.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Bidding {
    /// 叫分: bids of 1–3, each seat speaks once.
    #[default]
    Score,
    /// 叫地主 / 抢地主: call, then rob (each rob doubles).
    Rob,
}

/// Table options. An omitted option takes its default.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Rules {
    pub bidding: Bidding,
    /// A seat holding both jokers, or the big joker and a 2, must bid while
    /// no bid stands.
    pub forced_bid: bool,
    /// 踢 / 反踢 after a bid of 3 (score bidding only).
    pub kick: bool,
    /// 底牌翻倍: the kitty's cards multiply the game.
    pub kitty_multipliers: bool,
    /// 加倍: each seat may double its settlement once the kitty is taken.
    pub doubling: bool,
    /// 明牌: a seat may show its hand (×5 at the start, ×3 while bidding,
    /// ×2 for the landlord after taking the kitty).
    pub show_cards: bool,
    /// 逃跑: the least a leaving player pays, in base stakes.
    pub escape_penalty: u32,
    /// The house's share of each winner's gain, in percent, rounded down.
    pub rake: u32,
    /// 癞子: a rank drawn after the deal is wild.
    pub wild: bool,
    /// 弃三张: after the kitty, farmers discard 0–3 cards, the landlord 0–2.
    pub discard: bool,
    /// 2 for 二人斗地主 (no 3s or 4s, 9 cards set aside, rob bidding for
    /// two with the handicap, `bidding` is not used), else 3.
    pub players: u8,
    /// How the AI seats play: `easy`, `normal` or `hard` (the default).
    /// The rules of play do not read it.
    pub ai: Level,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            bidding: Bidding::Score,
            forced_bid: false,
            kick: false,
            kitty_multipliers: false,
            doubling: false,
            show_cards: false,
            escape_penalty: 10,
            rake: 0,
            wild: false,
            discard: false,
            players: 3,
            ai: Level::default(),
        }
    }
}

impl GameRules for Rules {
    const KIND: GameKind = GameKind::DouDizhu;

    /// Two or three seats, the rules' `players` the same, and the options
    /// the game can honour.
    fn check_table(&self, seats: usize) -> Result<(), RecordError> {
        if !matches!(seats, 2 | 3) {
            return Err(RecordError::Seats(format!(
                "Dou Dizhu has 3 seats, or 2 in the two-player variant, not {seats}"
            )));
        }
        if self.players as usize != seats {
            return Err(RecordError::Rules(format!(
                "`players` is {} but the table has {seats} seats",
                self.players
            )));
        }
        self.validate()
    }
}

impl Rules {
    /// Refuses option sets the game cannot honour, with a clear reason.
    pub fn validate(&self) -> Result<(), RecordError> {
        self.check().map_err(|e| RecordError::Rules(e.message))
    }

    /// The options that cannot go together or are out of range, as a
    /// refusal with its Fluent key (a host reads it in his language).
    pub fn check(&self) -> Result<(), RuleError> {
        let bad = |key, m: &str| Err(RuleError::new(ErrorCode::IllegalAction, key, m));
        if self.kick && self.bidding != Bidding::Score {
            return bad(
                crate::keys::ERR_OPTION_DDZ_KICK_BIDDING,
                "`kick` needs `\"bidding\": \"score\"`",
            );
        }
        if self.rake > 100 {
            return Err(RuleError::new(
                ErrorCode::IllegalAction,
                crate::keys::ERR_OPTION_RAKE,
                "`rake` is a percentage from 0 to 100",
            )
            .arg("rake", self.rake));
        }
        if !matches!(self.players, 2 | 3) {
            return Err(RuleError::new(
                ErrorCode::IllegalAction,
                crate::keys::ERR_OPTION_DDZ_PLAYERS,
                "`players` is 3, or 2 for the two-player variant",
            )
            .arg("players", self.players));
        }
        if self.kick && self.players == 2 {
            return bad(
                crate::keys::ERR_OPTION_DDZ_KICK_TWO,
                "`kick` is not played with two players (they rob)",
            );
        }
        Ok(())
    }

    /// The JSON a record carries: only the options that differ from the default.
    pub fn to_record_json(&self) -> serde_json::Value {
        let all = serde_json::to_value(self).expect("rules serialize");
        let default = serde_json::to_value(Rules::default()).expect("rules serialize");
        let mut out = serde_json::Map::new();
        if let (Some(a), Some(d)) = (all.as_object(), default.as_object()) {
            for (k, v) in a {
                if d.get(k) != Some(v) {
                    out.insert(k.clone(), v.clone());
                }
            }
        }
        serde_json::Value::Object(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn omitted_options_take_defaults() {
        let r: Rules = serde_json::from_str(r#"{"bidding":"rob","doubling":true}"#).unwrap();
        assert_eq!(r.bidding, Bidding::Rob);
        assert!(r.doubling);
        assert_eq!(r.escape_penalty, 10);
        assert_eq!(
            r.to_record_json(),
            serde_json::json!({"bidding":"rob","doubling":true})
        );
    }

    #[test]
    fn nonsense_is_refused() {
        assert!(serde_json::from_str::<Rules>(r#"{"bogus":1}"#).is_err());
        let kick_rob: Rules = serde_json::from_str(r#"{"bidding":"rob","kick":true}"#).unwrap();
        assert!(kick_rob.validate().is_err());
        let wild: Rules = serde_json::from_str(r#"{"wild":true}"#).unwrap();
        assert!(wild.validate().is_ok());
        let four: Rules = serde_json::from_str(r#"{"players":4}"#).unwrap();
        assert!(four.validate().is_err());
        let two_kick: Rules = serde_json::from_str(r#"{"players":2,"kick":true}"#).unwrap();
        assert!(two_kick.validate().is_err());
    }
}
