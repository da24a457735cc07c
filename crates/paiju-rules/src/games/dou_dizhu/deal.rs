//! The deal (rules/dou-dizhu.md, "Deal"): the deck for two or three
//! players, a shuffled deal with its first bidder and wild rank, and the
//! deal as a record holds it, read back with every check a hand-written
//! record needs.

use super::cardset::{self, CardSet};
use super::patterns::TWO;
use crate::cards::Card;
use crate::games::Seat;
use crate::record::RecordError;
use serde_json::{json, Value};

/// Cards in each hand.
pub(super) const HAND: usize = 17;
/// Cards set aside and shown in the two-player game.
pub(super) const ASIDE: usize = 9;

/// The deck of a game with `players` seats: 54 cards, or 46 without the
/// 3s and 4s for two players.
pub fn deck_for(players: usize) -> CardSet {
    let full = CardSet::full_deck();
    if players == 2 {
        // Rank indices 0 (3) and 1 (4) are the low byte.
        CardSet(full.0 & !0xFF)
    } else {
        full
    }
}

/// The deal as a record holds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deal {
    /// One hand of 17 per seat (2 or 3 seats).
    pub hands: Vec<Vec<Card>>,
    pub kitty: Vec<Card>,
    /// Two players: the 9 cards set aside and shown (empty otherwise).
    pub aside: Vec<Card>,
    pub first: Seat,
    /// 癞子: the wild rank index (0 = 3 … 12 = 2), drawn after the deal.
    pub wild: Option<usize>,
}

impl Deal {
    /// The classic deck dealt in its order ([`standard_deck`]): 17 cards a
    /// seat from the top, the last three (the jokers among them) the kitty,
    /// `first` to bid. Anyone can write it down, which makes it the fixed
    /// deal of tests and examples.
    ///
    /// [`standard_deck`]: crate::cards::standard_deck
    pub fn in_order(first: Seat) -> Deal {
        let deck = crate::cards::standard_deck();
        Deal {
            hands: vec![
                deck[0..17].to_vec(),
                deck[17..34].to_vec(),
                deck[34..51].to_vec(),
            ],
            kitty: deck[51..54].to_vec(),
            aside: Vec::new(),
            first,
            wild: None,
        }
    }

    pub(super) fn to_json(&self) -> Value {
        let mut v = json!({"hands": self.hands, "kitty": self.kitty});
        if self.hands.len() == 2 {
            v["aside"] = json!(self.aside);
        }
        v["first"] = json!(self.first);
        if let Some(w) = self.wild {
            v["wild"] = json!(cardset::rank_record_name(w));
        }
        v
    }

    /// Reads and checks a record's `deal`: `players` hands of 17, a kitty
    /// of 3, for two players 9 cards aside, a first bidder, the wild rank
    /// when `wild` is played, and together exactly the deck.
    pub(super) fn from_json(v: &Value, players: usize, wild: bool) -> Result<Deal, RecordError> {
        let bad = |m: String| RecordError::Deal(m);
        let obj = v
            .as_object()
            .ok_or_else(|| bad("the deal is a JSON object".into()))?;
        for k in obj.keys() {
            if !matches!(k.as_str(), "hands" | "kitty" | "first" | "aside" | "wild") {
                return Err(bad(format!("unknown deal field `{k}`")));
            }
        }
        let cards_of = |v: &Value, what: &str, n: usize| -> Result<Vec<Card>, RecordError> {
            let items = v
                .as_array()
                .ok_or_else(|| bad(format!("{what} is a list of cards")))?;
            let mut out = Vec::with_capacity(items.len());
            for item in items {
                let text = item
                    .as_str()
                    .ok_or_else(|| bad(format!("{what}: {item} is not a card")))?;
                out.push(
                    text.parse::<Card>()
                        .map_err(|_| bad(format!("{what}: `{text}` is not a card")))?,
                );
            }
            if out.len() != n {
                return Err(bad(format!("{what} has {} cards; it needs {n}", out.len())));
            }
            Ok(out)
        };
        let hands_v = obj
            .get("hands")
            .and_then(Value::as_array)
            .ok_or_else(|| bad("missing `hands`: a list of three hands".into()))?;
        if hands_v.len() != players {
            return Err(bad(format!(
                "{} hands; a {players}-seat game deals {players}",
                hands_v.len()
            )));
        }
        let mut hands = Vec::with_capacity(players);
        for (i, h) in hands_v.iter().enumerate() {
            hands.push(cards_of(h, &format!("hand {i}"), HAND)?);
        }
        let aside = match (obj.get("aside"), players) {
            (Some(a), 2) => cards_of(a, "`aside`", ASIDE)?,
            (None, 2) => return Err(bad("missing `aside`: the 9 cards set aside".into())),
            (Some(_), _) => return Err(bad("`aside` belongs to the two-player game".into())),
            (None, _) => Vec::new(),
        };
        let wild_rank = match (obj.get("wild"), wild) {
            (Some(w), true) => {
                let text = w.as_str().unwrap_or_default();
                let r = cardset::rank_from_name(text)
                    .filter(|&r| r <= TWO && deck_for(players).nibble(r) != 0)
                    .ok_or_else(|| {
                        bad(format!("`wild` {w} is not a rank of this deck (3 … A, 2)"))
                    })?;
                Some(r)
            }
            (None, true) => return Err(bad("missing `wild`: the wild rank".into())),
            (Some(_), false) => {
                return Err(bad("`wild` in the deal needs the `wild` option".into()))
            }
            (None, false) => None,
        };
        let kitty = cards_of(
            obj.get("kitty")
                .ok_or_else(|| bad("missing `kitty`".into()))?,
            "the kitty",
            3,
        )?;
        let first = obj
            .get("first")
            .and_then(Value::as_u64)
            .filter(|&f| f < players as u64)
            .ok_or_else(|| bad("`first` is the seat that bids first, a seat number".into()))?
            as Seat;
        let mut seen = CardSet::EMPTY;
        for c in hands
            .iter()
            .flatten()
            .chain(kitty.iter())
            .chain(aside.iter())
        {
            if seen.contains(*c) {
                return Err(bad(format!("{c} is dealt twice")));
            }
            seen.insert(*c);
        }
        if seen != deck_for(players) {
            return Err(bad(if players == 2 {
                "the deal is not the 46-card deck without 3s and 4s".into()
            } else {
                "the deal is not the full 54-card deck".into()
            }));
        }
        Ok(Deal {
            hands,
            kitty,
            aside,
            first,
            wild: wild_rank,
        })
    }

    /// A shuffled deal for `seats` players (2 or 3): hands of 17, the kitty
    /// of 3, for two players the 9 cards aside, a random first bidder and,
    /// with `wild`, the wild rank drawn after the deal from the ranks in
    /// this deck.
    pub(super) fn shuffled(seats: usize, wild: bool, rng: &mut dyn rand::RngCore) -> Deal {
        use rand::Rng;
        let mut deck = deck_for(seats).cards();
        crate::cards::shuffle(&mut deck, rng);
        let first = rng.gen_range(0..seats);
        let hands: Vec<Vec<Card>> = deck.chunks(HAND).take(seats).map(|h| h.to_vec()).collect();
        let kitty = deck[HAND * seats..HAND * seats + 3].to_vec();
        let aside = deck[HAND * seats + 3..].to_vec();
        let wild = wild.then(|| {
            let ranks: Vec<usize> = (0..=TWO)
                .filter(|&r| deck_for(seats).nibble(r) != 0)
                .collect();
            ranks[rng.gen_range(0..ranks.len())]
        });
        Deal {
            hands,
            kitty,
            aside,
            first,
            wild,
        }
    }
}
