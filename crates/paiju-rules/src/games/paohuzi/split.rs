//! The winning split (胡牌拆分): whether a hand with its laid-out melds and
//! a winning card makes seven melds, and the split with the most huxi.
//!
//! The hand splits wholly into 坎, sequences and 绞, plus exactly one pair
//! when the player has a 提 or 跑 (none otherwise). A 坎 of the hand stays
//! whole. The winning card may join the hand (a pair it completes scores as
//! 坎 on the player's own draw, as 碰 on another's), or complete a 跑 / 提
//! with the player's 坎, 碰 or 偎 (破跑胡): every reading is tried and the
//! one with the most huxi is kept.

use super::cards::{Card, Counts, KINDS};
use super::melds::{Meld, MeldKind};
use serde::Serialize;

/// Who the winning card came from, for the 坎 / 碰 and 提 / 跑 it makes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    /// The player's own draw (or the dealer's own 亮张).
    Own,
    /// Another player's draw (or another's 亮张).
    Other,
}

/// A winning arrangement: every meld (laid out and from the hand) and the
/// total huxi.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WinSplit {
    pub huxi: u32,
    pub melds: Vec<Meld>,
}

/// Huxi needed to win.
pub const MIN_HUXI: u32 = 15;

/// The best split of `hand` + `melds` with the winning `card` (none for
/// the dealer's 天胡 on his own 亮张, already in his hand), or `None` when
/// the cards do not make seven melds. The huxi is not checked against
/// [`MIN_HUXI`] here.
pub fn best_split(hand: &Counts, melds: &[Meld], card: Option<(Card, Source)>) -> Option<WinSplit> {
    let mut best: Option<WinSplit> = None;
    let mut consider = |cand: Option<WinSplit>| {
        if let Some(c) = cand {
            if best.as_ref().is_none_or(|b| c.huxi > b.huxi) {
                best = Some(c);
            }
        }
    };
    // The card joins the hand (or there is none).
    let mut joined = *hand;
    let mut triple = None;
    if let Some((c, src)) = card {
        joined[c.index()] += 1;
        if hand[c.index()] == 2 {
            let kind = if src == Source::Own {
                MeldKind::Kan
            } else {
                MeldKind::Peng
            };
            triple = Some((c, kind));
        }
    }
    consider(arrange(&joined, hand, melds.to_vec(), triple));
    if let Some((c, src)) = card {
        let four = if src == Source::Own {
            MeldKind::Ti
        } else {
            MeldKind::Pao
        };
        // 坎 + the card: a 提 / 跑.
        if hand[c.index()] == 3 {
            let mut rest = *hand;
            rest[c.index()] = 0;
            let mut laid = melds.to_vec();
            laid.push(Meld::of_same(four, c, 4));
            consider(arrange(&rest, &rest, laid, None));
        }
        // Own 碰 + the card: a 跑; own 偎 + the card: a 提 / 跑.
        if let Some(i) = melds.iter().position(|m| {
            m.card() == c && matches!(m.kind, MeldKind::Peng | MeldKind::Wei | MeldKind::ChouWei)
        }) {
            let kind = if melds[i].kind == MeldKind::Peng {
                MeldKind::Pao
            } else {
                four
            };
            let mut laid = melds.to_vec();
            laid[i] = Meld::of_same(kind, c, 4);
            consider(arrange(hand, hand, laid, None));
        }
    }
    best
}

/// Splits `cards` (the hand as it would be): the 坎 of `kans_of` stay
/// whole, the rest splits freely; `triple` is the one kind that may form
/// three identical (a pair completed by the winning card).
fn arrange(
    cards: &Counts,
    kans_of: &Counts,
    mut laid: Vec<Meld>,
    triple: Option<(Card, MeldKind)>,
) -> Option<WinSplit> {
    let mut free = *cards;
    for c in Card::all() {
        if kans_of[c.index()] == 3 {
            free[c.index()] -= 3;
            laid.push(Meld::of_same(MeldKind::Kan, c, 3));
        }
    }
    let need_pair = laid.iter().any(|m| m.kind.is_four());
    let total: usize = free.iter().map(|&n| n as usize).sum();
    let groups = (total.saturating_sub(if need_pair { 2 } else { 0 })) / 3 + usize::from(need_pair);
    if laid.len() + groups != 7 || !(total + usize::from(need_pair)).is_multiple_of(3) {
        return None;
    }
    let mut search = Search {
        triple,
        best: None,
        stack: Vec::with_capacity(8),
    };
    search.go(&mut free, 0, if need_pair { 1 } else { 0 }, 0);
    let (hand_huxi, groups) = search.best?;
    laid.extend(groups);
    let huxi = laid.iter().map(|m| m.huxi).sum::<u32>();
    debug_assert!(hand_huxi <= huxi);
    Some(WinSplit { huxi, melds: laid })
}

struct Search {
    triple: Option<(Card, MeldKind)>,
    best: Option<(u32, Vec<Meld>)>,
    stack: Vec<Meld>,
}

impl Search {
    /// Splits `free` from kind `from` on; `pairs` pairs still to place.
    fn go(&mut self, free: &mut Counts, from: usize, pairs: u8, huxi: u32) {
        let Some(i) = (from..KINDS).find(|&i| free[i] > 0) else {
            if pairs == 0 && self.best.as_ref().is_none_or(|(h, _)| huxi > *h) {
                self.best = Some((huxi, self.stack.clone()));
            }
            return;
        };
        let c = Card::from_index(i);
        if let Some((t, kind)) = self.triple {
            if t == c && free[i] >= 3 {
                free[i] -= 3;
                self.push(free, i, pairs, huxi, Meld::of_same(kind, c, 3));
                free[i] += 3;
            }
        }
        if pairs > 0 && free[i] >= 2 {
            free[i] -= 2;
            self.push(
                free,
                i,
                pairs - 1,
                huxi,
                Meld::of_same(MeldKind::Pair, c, 2),
            );
            free[i] += 2;
        }
        // Groups whose lowest card is `c`: sequences upward, 二七十, 绞 (for
        // a small card; a big card's small twin is already used up).
        let n = c.number();
        let try_group = |s: &mut Search, free: &mut Counts, g: [usize; 3], kind: MeldKind| {
            let mut need = [0u8; KINDS];
            for &k in &g {
                need[k] += 1;
            }
            if g.iter().all(|&k| free[k] >= need[k]) {
                for &k in &g {
                    free[k] -= 1;
                }
                let meld = Meld::new(kind, g.iter().map(|&k| Card::from_index(k)).collect());
                s.push(free, i, pairs, huxi, meld);
                for &k in &g {
                    free[k] += 1;
                }
            }
        };
        if n <= 8 {
            try_group(self, free, [i, i + 1, i + 2], MeldKind::Sequence);
        }
        if n == 2 {
            try_group(self, free, [i, i + 5, i + 8], MeldKind::Sequence);
        }
        if !c.is_big() {
            try_group(self, free, [i, i, i + 10], MeldKind::Jiao);
            try_group(self, free, [i, i + 10, i + 10], MeldKind::Jiao);
        }
    }

    fn push(&mut self, free: &mut Counts, i: usize, pairs: u8, huxi: u32, meld: Meld) {
        let h = huxi + meld.huxi;
        self.stack.push(meld);
        self.go(free, i, pairs, h);
        self.stack.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::paohuzi::cards::counts_of;

    fn hand(s: &str) -> Counts {
        let v: Vec<Card> = s.split_whitespace().map(|c| c.parse().unwrap()).collect();
        counts_of(&v)
    }
    fn card(s: &str) -> Card {
        s.parse().unwrap()
    }

    #[test]
    fn seven_sequences_with_huxi() {
        // 壹贰叁 6, 贰柒拾 6, 一二三 3, the rest 0: 15.
        let h = hand("d1 d2 d3 d2 d7 d10 x1 x2 x3 x4 x5 x6 d4 d5 d6 x7 x8 x9 d8 d9");
        let s = best_split(&h, &[], Some((card("d7"), Source::Other))).unwrap();
        assert_eq!(s.melds.len(), 7);
        // d7 d8 d9 (0) and 贰柒拾 need d7 twice: the hand holds one, the card is the other.
        assert_eq!(s.huxi, 15);
    }

    #[test]
    fn a_kan_stays_whole_and_a_completed_pair_scores_by_source() {
        // 坎 x5 (3), pair d9 + card d9: 坎 (6) on own draw, 碰 (3) on another's.
        let h = hand("x5 x5 x5 d9 d9 x1 x2 x3 d1 d2 d3 d4 d5 d6 x7 x8 x9 x6 x6 d6");
        let own = best_split(&h, &[], Some((card("d9"), Source::Own))).unwrap();
        let other = best_split(&h, &[], Some((card("d9"), Source::Other))).unwrap();
        assert_eq!(own.huxi, 3 + 6 + 3 + 6);
        assert_eq!(other.huxi, 3 + 3 + 3 + 6);
        // Without the 坎 whole there is no split.
        let h2 = hand("x5 x5 x5 x6 x7 x1 x2 x3 d1 d2 d3 d4 d5 d6 d7 d8 d9 d10 d10 x4");
        assert!(best_split(&h2, &[], Some((card("x4"), Source::Own))).is_none());
    }

    #[test]
    fn pao_needs_a_pair_and_po_pao_hu() {
        // 坎 d1 + another's d1: 跑 (9) + pair x9, or d1 elsewhere (none fits).
        let h = hand("d1 d1 d1 x9 x9 d2 d3 d4 x1 x2 x3 x4 x5 x6 d5 d6 d7 d8 d9 d10");
        let s = best_split(&h, &[], Some((card("d1"), Source::Other))).unwrap();
        assert!(s.melds.iter().any(|m| m.kind == MeldKind::Pao));
        assert!(s.melds.iter().any(|m| m.kind == MeldKind::Pair));
        assert_eq!(s.huxi, 9 + 3);
        // A laid-out 碰 + the card: 跑.
        let h = hand("x9 x9 d2 d3 d4 x1 x2 x3 x4 x5 x6 d5 d6 d7 d8 d9 d10");
        let peng = [Meld::of_same(MeldKind::Peng, card("d1"), 3)];
        let s = best_split(&h, &peng, Some((card("d1"), Source::Own))).unwrap();
        assert_eq!(s.huxi, 9 + 3);
    }

    #[test]
    fn wrong_count_or_no_pair_fails() {
        let h = hand("x1 x2 x3");
        assert!(best_split(&h, &[], None).is_none());
    }
}
