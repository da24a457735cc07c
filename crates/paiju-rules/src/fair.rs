//! Deals anyone can verify (公平发牌): a deal's secret seed, its public
//! commitment, and the check of a record against both.
//!
//! Every game a table deals is dealt from a seed of its own, 32 bytes:
//! the deal's generator is ChaCha8 keyed by the seed ([`deal_rng`]), so
//! the deal is a pure function of it and of the non-random parts the record
//! holds (rules, seats, a carried dealer or level). Before anyone acts the
//! table shows the commitment, [`commitment`]:
//!
//! ```text
//! SHA-256( "paiju-fair-deal-v1" ‖ 0x00 ‖ game ‖ 0x00 ‖ game id (8 bytes, big-endian) ‖ seed )
//! ```
//!
//! where `game` is the record's game name (`dou-dizhu`) and the game id the
//! ledger's number of the game. When the game ends the result reveals the
//! seed, and the record keeps both beside its fields (`"fair"`, read by
//! [`FairDeal::of_record`]). [`check`] then says whether the commitment is
//! the seed's and whether the seed deals exactly the record's deal.
//!
//! What it proves: the deal was fixed when the commitment was shown, and it
//! is the deal the record says was played (no card swapped later, no hand
//! claimed that was not dealt). What it does not: that the seed was drawn
//! at random rather than chosen (or tried over and over) by whoever runs the
//! bot before it showed the commitment; that the actions in the record were
//! the players' (`paiju replay` checks they were legal, nothing more); that
//! nobody saw the seed while the game ran (the operator's database holds it).
//! A seed a player chose (`paiju play --seed`) is marked `chosen`: its
//! commitment proves nothing at all about fairness.
//!
//! Pure: no IO, no clock. Where fresh seeds come from is the table runtime's
//! business (the operating system's generator).

use crate::games::Game;
use crate::message::Message;
use crate::record::{Record, RecordError};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sha2::{Digest, Sha256};
use std::fmt;

/// The domain tag at the start of every commitment: a hash of the same
/// bytes made for another purpose cannot pass for one.
pub const DOMAIN: &str = "paiju-fair-deal-v1";

/// The field of a stored record that holds its [`FairDeal`].
pub const RECORD_FIELD: &str = "fair";

/// How many hex digits of a commitment a table message shows.
pub const SHORT_HEX: usize = 16;

/// 32 bytes shown as 64 lowercase hex digits: a seed or a commitment.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Bytes32(pub [u8; 32]);

/// A deal's secret seed.
pub type Seed = Bytes32;
/// The SHA-256 a table shows before anyone acts.
pub type Commitment = Bytes32;

impl Bytes32 {
    pub fn to_hex(&self) -> String {
        self.0.iter().map(|b| format!("{b:02x}")).collect()
    }

    /// The first [`SHORT_HEX`] hex digits, as a table message shows them.
    pub fn short(&self) -> String {
        self.to_hex()[..SHORT_HEX].to_string()
    }

    /// Reads 64 hex digits (either case).
    pub fn from_hex(text: &str) -> Option<Bytes32> {
        let text = text.as_bytes();
        if text.len() != 64 {
            return None;
        }
        let digit = |c: u8| (c as char).to_digit(16).map(|d| d as u8);
        let mut out = [0u8; 32];
        for (i, pair) in text.chunks(2).enumerate() {
            out[i] = digit(pair[0])? << 4 | digit(pair[1])?;
        }
        Some(Bytes32(out))
    }
}

impl fmt::Debug for Bytes32 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_hex())
    }
}

impl fmt::Display for Bytes32 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_hex())
    }
}

impl Serialize for Bytes32 {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_hex())
    }
}

impl<'de> Deserialize<'de> for Bytes32 {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        Bytes32::from_hex(&text)
            .ok_or_else(|| serde::de::Error::custom("expected 64 hex digits (32 bytes)"))
    }
}

/// The commitment to `seed` for game `game_id` named `game` (a record's
/// `game`): see the module's documentation for the bytes hashed.
pub fn commitment(game: &str, game_id: u64, seed: &Seed) -> Commitment {
    let mut h = Sha256::new();
    h.update(DOMAIN.as_bytes());
    h.update([0]);
    h.update(game.as_bytes());
    h.update([0]);
    h.update(game_id.to_be_bytes());
    h.update(seed.0);
    Bytes32(h.finalize().into())
}

/// The generator a deal is drawn from: ChaCha8 keyed by the seed. The
/// tables' generator since the start: eight rounds keep ChaCha's keystream
/// from telling its key (the best attacks reach seven), which is all a deal
/// needs while it runs — the key is revealed at its end anyway — and a
/// table whose player chose a seed deals its first game as it always did
/// ([`chosen_seed`]).
pub fn deal_rng(seed: &Seed) -> ChaCha8Rng {
    ChaCha8Rng::from_seed(seed.0)
}

/// The seed of deal number `n` at a table whose player chose `seed`
/// (`paiju play --seed`): reproducible, so marked chosen, never fair. The
/// first is the key `ChaCha8Rng::seed_from_u64(seed)` expands the number
/// into, so that table deals its first game as it did before fair deals;
/// the next ones are hashed from the number and their index.
pub fn chosen_seed(seed: u64, n: u64) -> Seed {
    if n == 0 {
        return Bytes32(ChaCha8Rng::seed_from_u64(seed).get_seed());
    }
    let mut h = Sha256::new();
    h.update(b"paiju-chosen-seed-v1");
    h.update([0]);
    h.update(seed.to_be_bytes());
    h.update(n.to_be_bytes());
    Bytes32(h.finalize().into())
}

/// What a record keeps of its fair deal (its `"fair"` field). While the
/// game runs the stored snapshot holds the seed alone (its id is the
/// ledger's, given when it is stored); the settled record holds all.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FairDeal {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game_id: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub commitment: Option<Commitment>,
    pub seed: Seed,
    /// The seed was derived from one a player chose (`--seed`): the deal
    /// is reproducible, and its commitment proves nothing.
    #[serde(default, skip_serializing_if = "is_false")]
    pub chosen: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

impl FairDeal {
    /// A deal's seed, before its game has an id.
    pub fn new(seed: Seed, chosen: bool) -> FairDeal {
        FairDeal {
            game_id: None,
            commitment: None,
            seed,
            chosen,
        }
    }

    /// The same seed committed for game `game_id` named `game`.
    pub fn committed(&self, game: &str, game_id: u64) -> FairDeal {
        FairDeal {
            game_id: Some(game_id),
            commitment: Some(commitment(game, game_id, &self.seed)),
            ..self.clone()
        }
    }

    /// What may be shown of it before the game ends: the commitment (once
    /// the game has its id), never the seed.
    pub fn public(&self) -> Option<DealCommitment> {
        Some(DealCommitment {
            commitment: self.commitment?,
            chosen: self.chosen,
        })
    }

    /// The fair deal of a record's JSON: `None` without one (a record from
    /// before fair deals, or written by hand), an error when it is there
    /// but unreadable.
    pub fn of_record(record: &Value) -> Option<Result<FairDeal, RecordError>> {
        let fair = record.get(RECORD_FIELD)?;
        Some(
            serde_json::from_value(fair.clone())
                .map_err(|e| RecordError::Json(format!("`{RECORD_FIELD}`: {e}"))),
        )
    }

    /// Puts it into a record's JSON (an object), beside the record's fields.
    pub fn insert_into(&self, record: &mut Value) {
        if let Some(fields) = record.as_object_mut() {
            fields.insert(
                RECORD_FIELD.into(),
                serde_json::to_value(self).expect("a fair deal serializes"),
            );
        }
    }
}

/// What a table shows of a deal before anyone acts: the commitment to
/// its seed, and whether the seed was chosen (then it proves nothing).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct DealCommitment {
    pub commitment: Commitment,
    pub chosen: bool,
}

/// Why a record does not verify: each a sentence for the front ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Finding {
    /// The record has no `"fair"` field.
    NoSeed,
    /// It has a seed but no game id or commitment (a snapshot of a game
    /// still running, or cut short).
    NotCommitted,
    /// The commitment is not the seed's for this game.
    CommitmentMismatch {
        recorded: Commitment,
        computed: Commitment,
    },
    /// The seed deals something else at `path` of the deal.
    DealDiffers {
        path: String,
        record: String,
        seed: String,
    },
}

impl Finding {
    pub fn to_message(&self) -> Message {
        match self {
            Finding::NoSeed => Message::new(crate::keys::FAIR_NO_SEED),
            Finding::NotCommitted => Message::new(crate::keys::FAIR_NOT_COMMITTED),
            Finding::CommitmentMismatch { recorded, computed } => {
                Message::new(crate::keys::FAIR_COMMITMENT_MISMATCH)
                    .arg("recorded", recorded.to_hex())
                    .arg("computed", computed.to_hex())
            }
            Finding::DealDiffers { path, record, seed } => {
                Message::new(crate::keys::FAIR_DEAL_DIFFERS)
                    .arg("path", path.as_str())
                    .arg("record", record.as_str())
                    .arg("seed", seed.as_str())
            }
        }
    }
}

/// The most differences a check lists: a deal from another seed differs
/// almost everywhere, and the first few say enough.
pub const MAX_FINDINGS: usize = 8;

/// What [`check`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Check {
    /// The commitment is the seed's, and the seed deals the record's deal.
    Verified(FairDeal),
    /// It does not verify; at most [`MAX_FINDINGS`] reasons, and `more`
    /// the count of differences left out.
    Failed { findings: Vec<Finding>, more: usize },
}

impl Check {
    pub fn is_verified(&self) -> bool {
        matches!(self, Check::Verified(_))
    }
}

/// Checks a record of game `G` (its JSON `value`, read as `record`): the
/// commitment against the seed, then the deal the seed gives
/// ([`Game::redeal`]) against the record's, field by field. A record that
/// cannot be read as a game at all is an error.
pub fn check<G: Game>(record: &Record, value: &Value) -> Result<Check, RecordError> {
    let failed = |finding| Check::Failed {
        findings: vec![finding],
        more: 0,
    };
    let fair = match FairDeal::of_record(value) {
        None => return Ok(failed(Finding::NoSeed)),
        Some(fair) => fair?,
    };
    let (Some(game_id), Some(recorded)) = (fair.game_id, fair.commitment) else {
        return Ok(failed(Finding::NotCommitted));
    };
    let mut findings = Vec::new();
    let computed = commitment(&record.game, game_id, &fair.seed);
    if computed != recorded {
        findings.push(Finding::CommitmentMismatch { recorded, computed });
    }
    // Both deals as the game writes them, so a record written with other
    // card spellings or field order is compared by what it deals.
    let played = G::from_record_setup(record)?.record().deal;
    let dealt = G::redeal(record, &mut deal_rng(&fair.seed))?.record().deal;
    let mut differences = Vec::new();
    diff("deal", &played, &dealt, &mut differences);
    let shown = MAX_FINDINGS.saturating_sub(findings.len());
    let more = differences.len().saturating_sub(shown);
    findings.extend(differences.into_iter().take(shown));
    Ok(if findings.is_empty() {
        Check::Verified(fair)
    } else {
        Check::Failed { findings, more }
    })
}

/// Every place where `record` and `seed` differ, by path (`deal.hands[1][4]`).
fn diff(path: &str, record: &Value, seed: &Value, out: &mut Vec<Finding>) {
    match (record, seed) {
        (Value::Array(a), Value::Array(b)) if a.len() == b.len() => {
            for (i, (x, y)) in a.iter().zip(b).enumerate() {
                diff(&format!("{path}[{i}]"), x, y, out);
            }
        }
        (Value::Object(a), Value::Object(b)) => {
            let mut keys: Vec<&String> = a.keys().chain(b.keys()).collect();
            keys.sort();
            keys.dedup();
            for k in keys {
                let null = Value::Null;
                diff(
                    &format!("{path}.{k}"),
                    a.get(k).unwrap_or(&null),
                    b.get(k).unwrap_or(&null),
                    out,
                );
            }
        }
        (a, b) if a == b => {}
        (a, b) => out.push(Finding::DealDiffers {
            path: path.to_string(),
            record: a.to_string(),
            seed: b.to_string(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::dou_dizhu::DouDizhu;

    fn seed(byte: u8) -> Seed {
        Bytes32([byte; 32])
    }

    /// The bytes hashed are the documented ones: anyone can recompute a
    /// commitment with any SHA-256 tool.
    #[test]
    fn the_commitment_is_sha256_of_the_documented_bytes() {
        let mut bytes = b"paiju-fair-deal-v1\0dou-dizhu\0".to_vec();
        bytes.extend(42u64.to_be_bytes());
        bytes.extend([7u8; 32]);
        let expected: [u8; 32] = Sha256::digest(&bytes).into();
        assert_eq!(commitment("dou-dizhu", 42, &seed(7)).0, expected);
        // The game id and the game are bound: another gives another.
        assert_ne!(
            commitment("dou-dizhu", 42, &seed(7)),
            commitment("dou-dizhu", 43, &seed(7))
        );
        assert_ne!(
            commitment("dou-dizhu", 42, &seed(7)),
            commitment("shengji", 42, &seed(7))
        );
    }

    #[test]
    fn hex_reads_back_and_refuses_what_is_not_32_bytes() {
        let s = chosen_seed(5, 0);
        assert_eq!(Bytes32::from_hex(&s.to_hex()), Some(s));
        assert_eq!(
            Bytes32::from_hex(&s.to_hex().to_uppercase()),
            Some(s),
            "either case"
        );
        assert_eq!(Bytes32::from_hex("ab"), None);
        assert_eq!(Bytes32::from_hex(&"g".repeat(64)), None);
        assert_eq!(s.short().len(), SHORT_HEX);
        assert_ne!(chosen_seed(5, 0), chosen_seed(5, 1));
        assert_ne!(chosen_seed(5, 1), chosen_seed(5, 2));
    }

    /// A chosen seed's first deal is the one its number always dealt.
    #[test]
    fn a_chosen_seeds_first_deal_is_the_one_it_dealt_before() {
        use rand::RngCore;
        let mut before = ChaCha8Rng::seed_from_u64(11);
        let mut now = deal_rng(&chosen_seed(11, 0));
        assert_eq!(before.next_u64(), now.next_u64());
    }

    fn dealt_record(seed: &Seed, id: u64) -> (Record, Value) {
        let game = DouDizhu::deal(Default::default(), 3, &mut deal_rng(seed)).unwrap();
        let record = game.record();
        let mut value = serde_json::to_value(&record).unwrap();
        FairDeal::new(*seed, false)
            .committed(&record.game, id)
            .insert_into(&mut value);
        (record, value)
    }

    #[test]
    fn a_dealt_record_verifies() {
        let (record, value) = dealt_record(&seed(1), 9);
        let Check::Verified(fair) = check::<DouDizhu>(&record, &value).unwrap() else {
            panic!("a deal from its own seed verifies");
        };
        assert_eq!(fair.game_id, Some(9));
    }

    #[test]
    fn a_swapped_card_is_found_where_it_was_swapped() {
        let (_, mut value) = dealt_record(&seed(2), 9);
        let hands = &mut value["deal"]["hands"];
        let a = hands[0][0].clone();
        hands[0][0] = hands[1][0].clone();
        hands[1][0] = a;
        let record = Record::from_json(&value.to_string()).unwrap();
        let Check::Failed { findings, .. } = check::<DouDizhu>(&record, &value).unwrap() else {
            panic!("a swapped card must not verify");
        };
        let paths: Vec<&str> = findings
            .iter()
            .filter_map(|f| match f {
                Finding::DealDiffers { path, .. } => Some(path.as_str()),
                _ => None,
            })
            .collect();
        // The swap shows in both hands.
        assert!(paths.iter().any(|p| p.starts_with("deal.hands[0]")));
        assert!(paths.iter().any(|p| p.starts_with("deal.hands[1]")));
    }

    #[test]
    fn another_seed_or_id_does_not_verify() {
        let (record, mut value) = dealt_record(&seed(3), 9);
        // The seed changed: the commitment is not its, and it deals others.
        value["fair"]["seed"] = serde_json::json!(seed(4).to_hex());
        let Check::Failed { findings, more } = check::<DouDizhu>(&record, &value).unwrap() else {
            panic!("another seed must not verify");
        };
        assert!(matches!(findings[0], Finding::CommitmentMismatch { .. }));
        assert_eq!(findings.len(), MAX_FINDINGS);
        assert!(more > 0);
        // The game id changed: the commitment no longer matches.
        let (record, mut value) = dealt_record(&seed(3), 9);
        value["fair"]["game_id"] = serde_json::json!(10);
        let Check::Failed { findings, .. } = check::<DouDizhu>(&record, &value).unwrap() else {
            panic!("another game id must not verify");
        };
        assert_eq!(findings.len(), 1);
    }

    #[test]
    fn a_record_without_a_seed_says_so() {
        let (record, mut value) = dealt_record(&seed(5), 9);
        value.as_object_mut().unwrap().remove("fair");
        assert_eq!(
            check::<DouDizhu>(&record, &value).unwrap(),
            Check::Failed {
                findings: vec![Finding::NoSeed],
                more: 0
            }
        );
        let mut snapshot = serde_json::to_value(&record).unwrap();
        FairDeal::new(seed(5), false).insert_into(&mut snapshot);
        assert_eq!(
            check::<DouDizhu>(&record, &snapshot).unwrap(),
            Check::Failed {
                findings: vec![Finding::NotCommitted],
                more: 0
            }
        );
    }
}
