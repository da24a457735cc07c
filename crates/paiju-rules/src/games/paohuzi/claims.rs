//! Who may take a card and how: the compulsory 跑, 碰, 吃 with its 比
//! groups, and the 臭 rules that forbid them. Pure functions of one
//! player's cards, so the engine, the view and the bots agree.

use super::cards::{Card, Counts, KINDS};
use super::melds::{groups_with, Meld, MeldKind};
use super::rules::HAND;

/// One player's cards and what the 臭 rules remember of him.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// Cards in the hand, by kind; a count of 3 is a 坎.
    pub hand: Counts,
    /// Laid-out melds, in the order they were made.
    pub melds: Vec<Meld>,
    /// Cards lying by him: his discards and his draws nobody took.
    pub pile: Vec<Card>,
    /// Cards he could 吃 or 碰 and declined (臭 to him).
    pub chou: [bool; KINDS],
    /// Cards he declined to 碰: a later 偎 of one is a 臭偎.
    pub declined_peng: [bool; KINDS],
    /// Cards he discarded this hand.
    pub discarded: [bool; KINDS],
    /// 臭胡: cards he could win on and did not, with his laid-out huxi then.
    pub chou_hu: Vec<(Card, u32)>,
}

/// Why a player may not 吃 or 碰 a card.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Barred {
    /// He declined an identical card before (臭牌).
    Chou,
    /// He discarded an identical card earlier in the hand.
    OwnDiscard,
}

impl Player {
    pub fn new(hand: Counts) -> Player {
        Player {
            hand,
            melds: Vec::new(),
            pile: Vec::new(),
            chou: [false; KINDS],
            declined_peng: [false; KINDS],
            discarded: [false; KINDS],
            chou_hu: Vec::new(),
        }
    }

    /// 当前得息数: the huxi of his laid-out melds.
    pub fn laid_huxi(&self) -> u32 {
        self.melds.iter().map(|m| m.huxi).sum()
    }

    /// His 提 and 跑.
    pub fn fours(&self) -> usize {
        self.melds.iter().filter(|m| m.kind.is_four()).count()
    }

    /// Hand and melds.
    pub fn total(&self) -> usize {
        self.hand.iter().map(|&n| n as usize).sum::<usize>()
            + self.melds.iter().map(|m| m.cards.len()).sum::<usize>()
    }

    /// More cards than 20 + max(0, k − 1): a discard is due.
    pub fn discard_due(&self) -> bool {
        self.total() > HAND + self.fours().saturating_sub(1)
    }

    /// Whether `hand` holds a card he may discard (one not in a 坎).
    pub fn has_discard(hand: &Counts) -> bool {
        hand.iter().any(|&n| n == 1 || n == 2)
    }

    /// The 偎 or 臭偎 of `card`, if laid out.
    pub fn wei_of(&self, card: Card) -> Option<usize> {
        self.melds
            .iter()
            .position(|m| m.card() == card && matches!(m.kind, MeldKind::Wei | MeldKind::ChouWei))
    }

    /// The 碰 of `card`, if laid out.
    pub fn peng_of(&self, card: Card) -> Option<usize> {
        self.melds
            .iter()
            .position(|m| m.card() == card && m.kind == MeldKind::Peng)
    }

    /// Whether the 臭 rules bar him from 吃 or 碰 of `card`.
    pub fn barred(&self, card: Card) -> Option<Barred> {
        if self.discarded[card.index()] {
            Some(Barred::OwnDiscard)
        } else if self.chou[card.index()] {
            Some(Barred::Chou)
        } else {
            None
        }
    }

    /// 臭胡: he declined to win on `card` and his huxi has not changed since.
    pub fn chou_hu(&self, card: Card) -> bool {
        let h = self.laid_huxi();
        self.chou_hu.iter().any(|&(c, at)| c == card && at == h)
    }

    /// Whether he may 碰 `card` as far as his cards go (a pair, and a card
    /// to discard afterwards when one is due); the 臭 rules aside.
    pub fn peng_fits(&self, card: Card) -> bool {
        if self.hand[card.index()] != 2 {
            return false;
        }
        let mut after = self.hand;
        after[card.index()] = 0;
        !self.due_after_take_in() || Player::has_discard(&after)
    }

    /// Whether one more card (a 碰 or 吃) makes a discard due.
    fn due_after_take_in(&self) -> bool {
        self.total() + 1 > HAND + self.fours().saturating_sub(1)
    }

    /// Every 吃 of `card` his cards allow, as the action's groups (the
    /// group holding the taken card first, its cards sorted; then the 比
    /// groups, sorted). A 坎's cards are never used; every copy of `card`
    /// left in the hand goes into a 比 group; a discard must be possible
    /// afterwards when one is due. Several lists may lay out the same
    /// melds (a different group named first).
    pub fn chi_options(&self, card: Card) -> Vec<Vec<[Card; 3]>> {
        let mut usable = self.hand;
        for n in usable.iter_mut() {
            if *n == 3 {
                *n = 0;
            }
        }
        let due = self.due_after_take_in();
        let mut out: Vec<Vec<[Card; 3]>> = Vec::new();
        for g in groups_with(card) {
            let mut need = counts(&g);
            need[card.index()] -= 1;
            let Some(rest) = minus(&usable, &need) else {
                continue;
            };
            let mut chains = Vec::new();
            bi_chains(&rest, card, &mut Vec::new(), &mut chains);
            for chain in chains {
                let mut option = vec![g];
                option.extend(chain);
                if due
                    && !self
                        .hand_after_chi(card, &option)
                        .is_some_and(|h| Player::has_discard(&h))
                {
                    continue;
                }
                if !out.contains(&option) {
                    out.push(option);
                }
            }
        }
        out
    }

    /// The hand after a 吃 of `card` laid out `groups` (one `card` of
    /// them being the taken one), or `None` when the hand lacks the cards.
    pub fn hand_after_chi(&self, card: Card, groups: &[[Card; 3]]) -> Option<Counts> {
        let mut used = [0u8; KINDS];
        for g in groups {
            for c in g {
                used[c.index()] += 1;
            }
        }
        used[card.index()] = used[card.index()].checked_sub(1)?;
        minus(&self.hand, &used)
    }
}

/// The counts of a group.
pub fn counts(g: &[Card]) -> Counts {
    let mut n = [0u8; KINDS];
    for c in g {
        n[c.index()] += 1;
    }
    n
}

/// `a − b`, or `None` when `b` asks for more than `a` holds.
pub fn minus(a: &Counts, b: &Counts) -> Option<Counts> {
    let mut out = *a;
    for (o, &n) in out.iter_mut().zip(b) {
        *o = o.checked_sub(n)?;
    }
    Some(out)
}

/// Every set of 比 groups from `rest` that lays out all copies of `card`
/// (each group holding at least one), as sorted lists.
fn bi_chains(rest: &Counts, card: Card, cur: &mut Vec<[Card; 3]>, out: &mut Vec<Vec<[Card; 3]>>) {
    if rest[card.index()] == 0 {
        let mut v = cur.clone();
        v.sort_unstable();
        if !out.contains(&v) {
            out.push(v);
        }
        return;
    }
    for g in groups_with(card) {
        if let Some(next) = minus(rest, &counts(&g)) {
            cur.push(g);
            bi_chains(&next, card, cur, out);
            cur.pop();
        }
    }
}

/// The canonical form of a 吃 action's groups (each group sorted, the 比
/// groups sorted), or `None` when a group is not three cards.
pub fn canonical(groups: &[Vec<Card>]) -> Option<Vec<[Card; 3]>> {
    let mut out: Vec<[Card; 3]> = Vec::with_capacity(groups.len());
    for g in groups {
        let mut a: [Card; 3] = g.as_slice().try_into().ok()?;
        a.sort_unstable();
        out.push(a);
    }
    if out.is_empty() {
        return None;
    }
    out[1..].sort_unstable();
    Some(out)
}
