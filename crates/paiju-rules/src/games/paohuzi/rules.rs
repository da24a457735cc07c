//! Table options and the deal of one hand (everything random or carried
//! over from earlier hands, made explicit).

use super::cards::{is_full_deck, Card};
use crate::games::{GameKind, GameRules, Seat};
use crate::record::RecordError;
use serde::{Deserialize, Serialize};

/// Paohuzi is played by three.
pub const SEATS: usize = 3;

/// Cards dealt to each seat (the dealer gets one more, the 亮张).
pub const HAND: usize = 20;

/// Table options (`rules` of a record).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PaohuziRules {
    /// 名堂 (option, default false): 红胡 ×2, 点胡 ×3, 乌胡 ×5.
    #[serde(default)]
    pub mingtang: bool,
    /// How the AI seats play (option, default `easy`: the basic bot every
    /// Paohuzi table had, so a stored table that names none plays on as
    /// it did). The engine never reads it.
    #[serde(
        default = "crate::ai::Level::table_default",
        skip_serializing_if = "crate::ai::Level::is_table_default"
    )]
    pub ai: crate::ai::Level,
}

impl Default for PaohuziRules {
    fn default() -> PaohuziRules {
        PaohuziRules {
            mingtang: false,
            ai: crate::ai::Level::table_default(),
        }
    }
}

impl GameRules for PaohuziRules {
    const KIND: GameKind = GameKind::Paohuzi;

    /// Checks a number of seats for a hand or a table.
    fn check_table(&self, seats: usize) -> Result<(), RecordError> {
        if seats != SEATS {
            return Err(RecordError::Seats(format!(
                "Paohuzi takes {SEATS} players, not {seats}"
            )));
        }
        Ok(())
    }
}

/// The deal of a hand (`deal` of a record).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PaohuziDeal {
    /// The 80 cards: the dealer's 20, the next seat's 20, the third seat's
    /// 20, the dealer's shown 亮张, then the wall from the top.
    pub deck: Vec<Card>,
    pub dealer: Seat,
    /// Drawn hands (荒庄) in a row with this dealer before this hand, as a
    /// table carries it (the outcome gives the next hand's value).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub drawn_in_a_row: u32,
    /// The hand was played at a live table that asks every claimant of a
    /// card at once ([`super::live::PaohuziTable`]): the record's actions
    /// are the answers in the order they came, and a replay resolves them
    /// by the rules' priority. Absent (false) in a record of the engine's
    /// one-by-one questions, so those replay as before.
    #[serde(default, skip_serializing_if = "is_false")]
    pub together: bool,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

fn is_false(b: &bool) -> bool {
    !*b
}

impl PaohuziDeal {
    pub fn validate(&self) -> Result<(), String> {
        if !is_full_deck(&self.deck) {
            return Err("the deck must hold the 80 cards, four of each".into());
        }
        if self.dealer >= SEATS {
            return Err(format!("dealer {} is not a seat (0–2)", self.dealer));
        }
        if self.drawn_in_a_row >= 3 {
            return Err("drawn_in_a_row is 0, 1 or 2 (after three the next seat deals)".into());
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Level;

    /// A stored table or record that names no level plays on at `easy`,
    /// the bot it always had, and says nothing of it when written back.
    #[test]
    fn the_ai_level_defaults_to_easy_and_round_trips() {
        let old: PaohuziRules = serde_json::from_str(r#"{"mingtang": true}"#).unwrap();
        assert_eq!(old.ai, Level::Easy);
        assert_eq!(
            serde_json::to_value(&old).unwrap(),
            serde_json::json!({"mingtang": true})
        );
        let hard: PaohuziRules = serde_json::from_str(r#"{"ai": "hard"}"#).unwrap();
        assert_eq!(hard.ai, Level::Hard);
        assert_eq!(serde_json::to_value(&hard).unwrap()["ai"], "hard");
        assert!(serde_json::from_str::<PaohuziRules>(r#"{"ai": "expert"}"#).is_err());
        assert_eq!(PaohuziRules::default().ai, Level::Easy);
    }
}
