//! Table options of Duan Guozi and their validation: `ante`, `point_dao`,
//! `sweep`, `chips_per_dao` (rules/duan-guozi.md). An omitted option has its
//! default; an unknown or out-of-range one is a clear error.

use super::hand::{PointDao, DEFAULT_POINT_DAO};
use crate::games::{ErrorCode, GameKind, GameRules, RuleError};
use crate::record::RecordError;
use serde::{Deserialize, Serialize};

/// Fewest and most players at a table.
pub const MIN_SEATS: usize = 2;
pub const MAX_SEATS: usize = 12;

/// Largest ante accepted, in 道 per player: far above any real table, low
/// enough that pot arithmetic never overflows.
pub const MAX_ANTE: u32 = 100_000;

/// The options as a record's `rules` holds them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Rules {
    /// 道 each player puts into the pot when a game starts. `None`: 10, or
    /// 20 when the table has 4 players or fewer.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ante: Option<u32>,
    /// 道 paid by a point hand, indexed by points − 1 (1 point first,
    /// 9 points last). A **decision** of the rules file: `[1,1,1,2,2,2,3,3,3]`.
    pub point_dao: PointDao,
    /// House rule 全拿: `[pot_at_most, dao_at_least]` — when the pot holds at
    /// most `pot_at_most` 道, a winning hand worth at least `dao_at_least`
    /// 道 takes the whole pot. Off by default.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sweep: Option<[u32; 2]>,
    /// Chips per 道. `None`: the table's stake.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chips_per_dao: Option<u64>,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            ante: None,
            point_dao: DEFAULT_POINT_DAO,
            sweep: None,
            chips_per_dao: None,
        }
    }
}

impl GameRules for Rules {
    const KIND: GameKind = GameKind::DuanGuozi;

    /// Checks the options for a table of `seats` players; the error is plain
    /// English naming the option.
    fn check_table(&self, seats: usize) -> Result<(), RecordError> {
        if !(MIN_SEATS..=MAX_SEATS).contains(&seats) {
            return Err(RecordError::Seats(format!(
                "Duan Guozi takes {MIN_SEATS} to {MAX_SEATS} players, not {seats}"
            )));
        }
        self.check().map_err(|e| RecordError::Rules(e.message))
    }
}

impl Rules {
    /// The options out of range, as a refusal with its Fluent key (a host
    /// reads it in his language); the number of seats is the table's.
    pub fn check(&self) -> Result<(), RuleError> {
        let bad = |key, message: String| RuleError::new(ErrorCode::IllegalAction, key, message);
        if let Some(ante) = self.ante {
            if !(1..=MAX_ANTE).contains(&ante) {
                return Err(bad(
                    crate::keys::ERR_OPTION_DG_ANTE,
                    format!("`ante` must be 1 to {MAX_ANTE} 道, not {ante}"),
                )
                .arg("ante", ante)
                .arg("max", MAX_ANTE));
            }
        }
        // Every point hand pays at least 1 道 (so every round with a winner
        // shrinks the pot and the game ends), a higher digit never pays less,
        // and no point hand pays more than 地杠, the hand just above them.
        let pd = &self.point_dao;
        if pd.iter().any(|&d| !(1..=4).contains(&d)) || pd.windows(2).any(|w| w[0] > w[1]) {
            return Err(bad(
                crate::keys::ERR_OPTION_DG_POINT_DAO,
                format!(
                    "`point_dao` lists the 道 of 1 … 9 points: each 1 to 4, never falling, not {pd:?}"
                ),
            ));
        }
        if let Some([pot_at_most, dao_at_least]) = self.sweep {
            if pot_at_most == 0 || dao_at_least == 0 {
                return Err(bad(
                    crate::keys::ERR_OPTION_DG_SWEEP,
                    format!(
                        "`sweep` is [pot_at_most, dao_at_least], both at least 1, not [{pot_at_most}, {dao_at_least}]"
                    ),
                ));
            }
        }
        if self.chips_per_dao == Some(0) {
            return Err(bad(
                crate::keys::ERR_OPTION_DG_CHIPS_PER_DAO,
                "`chips_per_dao` must be at least 1".into(),
            ));
        }
        Ok(())
    }

    /// The ante per player at a table of `seats`.
    pub fn ante_for(&self, seats: usize) -> u32 {
        self.ante.unwrap_or(if seats <= 4 { 20 } else { 10 })
    }

    /// Chips per 道 at a table whose stake is `stake`.
    pub fn chips_per_dao(&self, stake: u64) -> u64 {
        self.chips_per_dao.unwrap_or(stake)
    }

    /// What a winning hand worth `dao` takes from a pot of `pot` 道, and
    /// whether the sweep rule made it take everything.
    pub fn payout(&self, dao: u32, pot: u32) -> (u32, bool) {
        match self.sweep {
            Some([pot_at_most, dao_at_least])
                if pot <= pot_at_most && dao >= dao_at_least && dao < pot =>
            {
                (pot, true)
            }
            _ => (dao.min(pot), false),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(json: &str) -> Result<Rules, serde_json::Error> {
        serde_json::from_str(json)
    }

    #[test]
    fn defaults() {
        let r = parse("{}").unwrap();
        assert_eq!(r, Rules::default());
        assert_eq!(r.ante_for(2), 20);
        assert_eq!(r.ante_for(4), 20);
        assert_eq!(r.ante_for(5), 10);
        assert_eq!(r.ante_for(12), 10);
        assert_eq!(r.chips_per_dao(25), 25);
        assert_eq!(r.payout(3, 4), (3, false));
        assert_eq!(r.payout(16, 4), (4, false));
        r.check_table(2).unwrap();
        r.check_table(12).unwrap();
    }

    #[test]
    fn options_parse_and_apply() {
        let r = parse(
            r#"{"ante": 5, "sweep": [4, 3], "chips_per_dao": 7, "point_dao": [1,1,2,2,2,3,3,3,4]}"#,
        )
        .unwrap();
        r.check_table(3).unwrap();
        assert_eq!(r.ante_for(3), 5);
        assert_eq!(r.chips_per_dao(100), 7);
        assert_eq!(r.payout(3, 4), (4, true), "3 道 takes the 4 left");
        assert_eq!(r.payout(2, 4), (2, false), "2 道 is not enough to sweep");
        assert_eq!(r.payout(3, 5), (3, false), "the pot is above 4");
        assert_eq!(r.payout(5, 4), (4, false), "the hand takes all anyway");
    }

    #[test]
    fn bad_options_are_refused_clearly() {
        assert!(parse(r#"{"antee": 5}"#).is_err(), "unknown option");
        assert!(parse(r#"{"ante": -5}"#).is_err());
        assert!(parse(r#"{"sweep": [4]}"#).is_err());
        let bad = |json: &str, seats: usize, word: &str| {
            let err = parse(json)
                .unwrap()
                .check_table(seats)
                .unwrap_err()
                .to_string();
            assert!(err.contains(word), "{json}: {err}");
        };
        bad("{}", 1, "players");
        bad("{}", 13, "players");
        bad(r#"{"ante": 0}"#, 3, "ante");
        bad(r#"{"ante": 100001}"#, 3, "ante");
        bad(r#"{"point_dao": [0,1,1,2,2,2,3,3,3]}"#, 3, "point_dao");
        bad(r#"{"point_dao": [1,1,1,2,2,2,3,3,5]}"#, 3, "point_dao");
        bad(r#"{"point_dao": [3,1,1,2,2,2,3,3,3]}"#, 3, "point_dao");
        bad(r#"{"sweep": [0, 3]}"#, 3, "sweep");
        bad(r#"{"chips_per_dao": 0}"#, 3, "chips_per_dao");
    }
}
