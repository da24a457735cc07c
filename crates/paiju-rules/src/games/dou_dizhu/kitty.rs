//! The kitty and what follows it before the first lead (rules/dou-dizhu.md,
//! "The kitty", "Discards", "Doubling"): the landlord takes the kitty and
//! its factor (底牌翻倍), each seat may discard (弃三张, the landlord last),
//! then each may double (加倍) before the landlord leads.

use super::action::{illegal, not_in_hand};
use super::cardset::CardSet;
use super::patterns::{self, BIG_JOKER, SMALL_JOKER, TWO};
use super::play::Playing;
use super::view::{Event, PassOn};
use super::{Action, DouDizhu, Phase};
use crate::cards::Card;
use crate::games::{RuleError, Seat};

/// 弃三张: from the seat after the landlord, the landlord last.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Discarding {
    pub(super) turn: Seat,
    spoken: u8,
}

/// 加倍: each seat in turn from the one after the landlord.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Doubling {
    pub(super) turn: Seat,
    spoken: u8,
}

impl DouDizhu {
    /// `seat` is the landlord: it takes the kitty (and its factor).
    pub(super) fn become_landlord(&mut self, seat: Seat, ev: &mut Vec<Event>) {
        self.landlord = Some(seat);
        self.hands[seat] = self.hands[seat].union(self.kitty);
        if self.rules.kitty_multipliers {
            self.kitty_factor = kitty_factor(self.kitty);
        }
        ev.push(Event::Landlord {
            seat,
            kitty: self.kitty,
            base: self.base,
        });
        self.phase = if self.rules.discard {
            Phase::Discarding(Discarding {
                turn: self.next(seat),
                spoken: 0,
            })
        } else {
            self.after_discards(seat)
        };
    }

    /// The most cards `seat` may discard (弃三张): 2 for the landlord, 3 for a farmer.
    pub(super) fn discard_limit(&self, seat: Seat) -> usize {
        if self.landlord == Some(seat) {
            2
        } else {
            3
        }
    }

    /// `seat` discards `cards` (possibly none): they leave the game unseen.
    pub(super) fn discard(
        &mut self,
        stage: Discarding,
        seat: Seat,
        cards: CardSet,
        ev: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let limit = self.discard_limit(seat);
        if cards.len() > limit {
            return Err(illegal(
                crate::keys::ERR_DISCARD_TOO_MANY,
                format!("you may discard at most {limit} cards"),
            )
            .arg("max", limit));
        }
        if !cards.is_subset(self.hands[seat]) {
            let missing = cards.minus(self.hands[seat]).cards()[0];
            return Err(not_in_hand(missing));
        }
        let factor = discard_factor(cards);
        self.hands[seat] = self.hands[seat].minus(cards);
        self.discarded[seat] = cards;
        self.discard_factors[seat] = Some(factor);
        ev.push(Event::Discarded {
            seat,
            count: cards.len() as u8,
            factor,
        });
        let spoken = stage.spoken + 1;
        let landlord = self.landlord.expect("discarding follows bidding");
        self.phase = if spoken as usize == self.players {
            self.after_discards(landlord)
        } else {
            Phase::Discarding(Discarding {
                turn: self.next(seat),
                spoken,
            })
        };
        Ok(())
    }

    /// The phase after the kitty (and any discards): doubling or the first lead.
    pub(super) fn after_discards(&self, landlord: Seat) -> Phase {
        let seat = landlord;
        if self.rules.doubling {
            Phase::Doubling(Doubling {
                turn: self.next(seat),
                spoken: 0,
            })
        } else {
            Phase::Playing(Playing::lead(seat))
        }
    }

    /// `seat` doubles (加倍) or passes (不加倍); after the last, the landlord leads.
    pub(super) fn double(
        &mut self,
        stage: Doubling,
        seat: Seat,
        double: bool,
        ev: &mut Vec<Event>,
    ) {
        self.doubled[seat] = Some(double);
        ev.push(if double {
            Event::Doubled { seat }
        } else {
            Event::Passed {
                seat,
                on: PassOn::Play,
            }
        });
        let spoken = stage.spoken + 1;
        self.phase = if spoken as usize == self.players {
            Phase::Playing(Playing::lead(
                self.landlord.expect("doubling follows bidding"),
            ))
        } else {
            Phase::Doubling(Doubling {
                turn: self.next(seat),
                spoken,
            })
        };
    }

    /// Every discard open to `seat` now: none, or up to its limit.
    pub(super) fn discard_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        let hand = self.hands[seat].cards();
        out.push(Action::Discard(CardSet::EMPTY));
        each_subset_up_to(&hand, self.discard_limit(seat), &mut |s| {
            out.push(Action::Discard(s))
        });
    }
}

/// A discard's factor (弃三张): the largest that applies.
pub fn discard_factor(cards: CardSet) -> u32 {
    let c = cards.counts();
    let jokers = c[SMALL_JOKER] + c[BIG_JOKER];
    if jokers == 2 {
        8
    } else if jokers == 1 {
        4
    } else if c[TWO] > 0 {
        3
    } else if c[patterns::ACE - 3..=patterns::ACE].iter().any(|&n| n > 0) {
        2
    } else {
        1
    }
}

/// The kitty's factor (底牌翻倍): every row that holds, multiplied.
pub fn kitty_factor(kitty: CardSet) -> u32 {
    let c = kitty.counts();
    let mut f = 1;
    if c[patterns::ACE] == 2 || c[TWO] == 2 {
        f *= 2;
    }
    if c.contains(&3) {
        f *= 3;
    }
    if c[..7].iter().map(|&n| n as u32).sum::<u32>() == 3 {
        f *= 3;
    }
    match (c[SMALL_JOKER], c[BIG_JOKER]) {
        (0, 1) => f *= 2,
        (1, 1) => f *= 4,
        _ => {}
    }
    f
}

/// Calls `f` with every non-empty subset of `cards` of at most `k` cards.
fn each_subset_up_to(cards: &[Card], k: usize, f: &mut dyn FnMut(CardSet)) {
    fn go(cards: &[Card], k: usize, acc: CardSet, f: &mut dyn FnMut(CardSet)) {
        for (i, &c) in cards.iter().enumerate() {
            let mut next = acc;
            next.insert(c);
            f(next);
            if k > 1 {
                go(&cards[i + 1..], k - 1, next, f);
            }
        }
    }
    if k > 0 {
        go(cards, k, CardSet::EMPTY, f);
    }
}
