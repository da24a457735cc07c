//! 癞子 The wild card: what a play with wild cards can be read as, and every
//! play a hand holding wild cards can make.
//!
//! A wild card stands for any rank but a joker (in the two-player game, any
//! rank of its deck), in any pattern. Alone, or when every card of a play
//! is wild, the wild cards are their own rank (four are a pure wild bomb). A
//! wild card may not stand in the four of a four + two unless the four are
//! the four wild cards themselves. Bombs are ranked rocket > pure wild >
//! hard (natural) > soft (natural + wild), each class by rank.
//!
//! A play with wild cards states what each stands for ([`WildAs`]); two
//! statements that give the same pattern and main rank are the same reading
//! (a wild kicker may stand for any rank that keeps the play legal), so the
//! generator lists each reading once, with one statement that reads so.
//! Everything works on rank counts: `naturals` are the play's non-wild
//! cards, and the wild cards are always the lowest suits of the wild rank
//! in the hand.

use super::cardset::CardSet;
use super::patterns::{
    classify, for_each_wings_choice, generate_plays, wing_caps, BombClass, Combo, Counts, Kind,
    KindGen, Move, PatternRules, BIG_JOKER, RANKS, SMALL_JOKER, TWO,
};
use serde::{Deserialize, Serialize};

/// What the wild cards of a play stand for, as rank indices, lowest first
/// (the order of the cards in a play does not matter: every wild card is
/// of the same rank). Empty for a play without wild cards.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct WildAs {
    ranks: [u8; 4],
    len: u8,
}

impl WildAs {
    pub const NONE: WildAs = WildAs {
        ranks: [0; 4],
        len: 0,
    };

    /// From rank indices in any order; `None` for more than four.
    pub fn from_ranks(ranks: &[usize]) -> Option<WildAs> {
        if ranks.len() > 4 {
            return None;
        }
        let mut w = WildAs::NONE;
        for &r in ranks {
            w.push(r);
        }
        Some(w)
    }

    /// Adds one wild card standing for `r`, keeping the order.
    #[inline]
    fn push(&mut self, r: usize) {
        *self = self.with(r, 1);
    }

    /// Adds `n` wild cards standing for `r`, keeping the order (at most
    /// four in all).
    #[inline]
    fn with(mut self, r: usize, n: u8) -> WildAs {
        if n == 0 {
            return self;
        }
        let (r, n) = (r as u8, n as usize);
        let mut i = self.len as usize;
        while i > 0 && self.ranks[i - 1] > r {
            self.ranks[i - 1 + n] = self.ranks[i - 1];
            i -= 1;
        }
        // Four fixed slots, not a slice fill: that became a memset call.
        for (j, slot) in self.ranks.iter_mut().enumerate() {
            if j >= i && j < i + n {
                *slot = r;
            }
        }
        self.len += n as u8;
        self
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The ranks, lowest first.
    pub fn ranks(&self) -> impl Iterator<Item = usize> + '_ {
        self.ranks[..self.len as usize].iter().map(|&r| r as usize)
    }

    /// How many wild cards stand for each rank.
    pub fn counts(&self) -> Counts {
        let mut c = [0u8; RANKS];
        for r in self.ranks() {
            c[r] += 1;
        }
        c
    }
}

impl Serialize for WildAs {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let names: Vec<&str> = self.ranks().map(super::cardset::rank_record_name).collect();
        names.serialize(s)
    }
}

impl<'de> Deserialize<'de> for WildAs {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<WildAs, D::Error> {
        let names = Vec::<String>::deserialize(d)?;
        let ranks: Option<Vec<usize>> = names
            .iter()
            .map(|n| super::cardset::rank_from_name(n))
            .collect();
        ranks
            .and_then(|r| WildAs::from_ranks(&r))
            .ok_or_else(|| serde::de::Error::custom("`wild_as` lists up to 4 ranks"))
    }
}

/// The wild rank of a game and where its wild cards may stand.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct WildRules {
    /// The wild rank index.
    pub wild: usize,
    /// Bit `r` set: a wild card may stand for rank `r` (never a joker).
    pub may_stand_for: u16,
}

impl WildRules {
    /// Wild rank `wild` in a deck holding the ranks of `deck`.
    pub fn new(wild: usize, deck: CardSet) -> WildRules {
        let mut mask = 0u16;
        for r in 0..=TWO {
            if deck.nibble(r) != 0 {
                mask |= 1 << r;
            }
        }
        WildRules {
            wild,
            may_stand_for: mask,
        }
    }

    #[inline]
    pub fn may_stand_for(&self, r: usize) -> bool {
        r <= TWO && self.may_stand_for & (1 << r) != 0
    }

    /// The play's wild cards (of the wild rank) and natural cards.
    pub fn split(&self, cards: CardSet) -> (CardSet, CardSet) {
        let wild = CardSet(cards.0 & (0xF << (4 * self.wild)));
        (wild, cards.minus(wild))
    }
}

/// Why a statement of wild cards cannot be read.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum WildError {
    /// A play mixing wild and natural cards must say what the wild cards are.
    Missing,
    /// `wild_as` lists a different number of ranks than the play has wild cards.
    Count { wild: usize, stated: usize },
    /// A wild card stated as a rank it may not stand for (a joker, or a rank
    /// not in this deck).
    Rank(usize),
    /// Every card is wild, so they are their own rank.
    AllWildOwnRank,
}

/// Every reading of `cards` with the wild cards standing for `wild_as`
/// (`None`: unstated, allowed only when no card or every card is wild).
pub fn read(
    cards: CardSet,
    wild_as: Option<&WildAs>,
    wr: &WildRules,
    rules: &PatternRules,
) -> Result<Vec<Combo>, WildError> {
    let (wild, naturals) = wr.split(cards);
    let j = wild.len();
    if j == 0 {
        if wild_as.is_some_and(|w| !w.is_empty()) {
            return Err(WildError::Count {
                wild: 0,
                stated: wild_as.map_or(0, |w| w.len()),
            });
        }
        return Ok(classify(&naturals.counts(), rules).iter().collect());
    }
    if naturals.is_empty() {
        // All wild: their own rank, whatever is stated.
        if let Some(w) = wild_as {
            if !w.is_empty() && (w.len() != j || w.ranks().any(|r| r != wr.wild)) {
                return Err(WildError::AllWildOwnRank);
            }
        }
        let mut c = [0u8; RANKS];
        c[wr.wild] = j as u8;
        return Ok(classify(&c, rules)
            .iter()
            .map(|mut combo| {
                if combo.kind == Kind::Bomb {
                    combo.class = BombClass::PureWild;
                }
                combo
            })
            .collect());
    }
    let w = wild_as.ok_or(WildError::Missing)?;
    if w.len() != j {
        return Err(WildError::Count {
            wild: j,
            stated: w.len(),
        });
    }
    if let Some(r) = w.ranks().find(|&r| !wr.may_stand_for(r)) {
        return Err(WildError::Rank(r));
    }
    let assigned = w.counts();
    let mut c = naturals.counts();
    for r in 0..RANKS {
        c[r] += assigned[r];
    }
    Ok(classify(&c, rules)
        .iter()
        .filter_map(|mut combo| {
            match combo.kind {
                // The four of a four + two is never made with wild cards
                // (the four wild cards themselves are their own rank).
                Kind::FourTwo | Kind::FourTwoPairs => {
                    let f = combo.main as usize;
                    if assigned[f] > 0 && !(f == wr.wild && assigned[f] == 4) {
                        return None;
                    }
                }
                Kind::Bomb => {
                    combo.class = if assigned[combo.main as usize] > 0 {
                        BombClass::Soft
                    } else {
                        BombClass::Hard
                    };
                }
                _ => {}
            }
            Some(combo)
        })
        .collect())
}

/// A main part: `(rank, cards needed)` per rank.
type Slots = [(usize, u8)];

/// Generates the plays of a hand that holds wild cards.
struct WildGen<'a, F: FnMut(Move)> {
    hand: CardSet,
    /// Natural cards per rank (the wild rank counts 0).
    nc: Counts,
    /// Wild cards in the hand.
    k: u8,
    wr: &'a WildRules,
    rules: &'a PatternRules,
    sink: F,
}

impl<F: FnMut(Move)> WildGen<'_, F> {
    #[inline]
    fn emit(&mut self, kind: Kind, main: usize, naturals: CardSet, wa: WildAs, class: BombClass) {
        if naturals.is_empty() {
            // All-wild plays are their own rank: generated apart.
            return;
        }
        let cards = naturals.union(self.hand.pick(self.wr.wild, wa.len() as u8));
        (self.sink)(Move {
            cards,
            combo: Combo {
                kind,
                main: main as u8,
                size: cards.len() as u8,
                class,
            },
            wild_as: wa,
        });
    }

    fn pick(&self, r: usize, k: u8) -> CardSet {
        self.hand.pick(r, k)
    }

    /// Every way to fill `slots` from natural cards and at most `budget`
    /// wild cards: `f(naturals, wild_as, wild cards left)`, the natural
    /// cards of each rank most first.
    fn fill<G: FnMut(&mut Self, CardSet, WildAs, u8)>(
        &mut self,
        slots: &Slots,
        budget: u8,
        acc: CardSet,
        wa: WildAs,
        f: &mut G,
    ) {
        // The wild cards the slots need at the least: a window the hand
        // cannot fill is dropped here, not slot by slot.
        let mut short = 0u8;
        for &(r, need) in slots {
            let s = need.saturating_sub(self.nc[r]);
            if s > 0 && !self.wr.may_stand_for(r) {
                return;
            }
            short += s;
        }
        if short <= budget {
            self.fill_from(slots, budget, short, acc, wa, f);
        }
    }

    /// [`Self::fill`] once `short` (the wild cards `slots` need at the
    /// least, at most `budget`) is known: every branch ends in a filling.
    fn fill_from<G: FnMut(&mut Self, CardSet, WildAs, u8)>(
        &mut self,
        slots: &Slots,
        budget: u8,
        short: u8,
        acc: CardSet,
        wa: WildAs,
        f: &mut G,
    ) {
        let Some((&(r, need), rest)) = slots.split_first() else {
            f(self, acc, wa, budget);
            return;
        };
        let have = self.nc[r].min(need);
        let short_rest = short - (need - have);
        // Keep enough wild cards for the slots after this one.
        let lo = need.saturating_sub(budget - short_rest);
        for u in (lo..=have).rev() {
            let wilds = need - u;
            if wilds > 0 && !self.wr.may_stand_for(r) {
                continue;
            }
            self.fill_from(
                rest,
                budget - wilds,
                short_rest,
                acc.union(self.pick(r, u)),
                wa.with(r, wilds),
                f,
            );
        }
    }

    /// The rank a wild kicker stands for: the wild rank itself when it may,
    /// else the lowest rank that may; `bad(r, n)` says rank `r` may not take
    /// the `n`-th more card.
    fn kicker_rank(&self, bad: impl Fn(usize) -> bool) -> Option<usize> {
        let w = self.wr.wild;
        std::iter::once(w)
            .chain(0..=TWO)
            .find(|&r| self.wr.may_stand_for(r) && !bad(r))
    }

    fn all_wild(&mut self, above: Option<Combo>) {
        let w = self.wr.wild;
        for j in 1..=self.k {
            let (kind, class) = match j {
                1 => (Kind::Single, BombClass::Hard),
                2 => (Kind::Pair, BombClass::Hard),
                3 => (Kind::Trio, BombClass::Hard),
                _ => (Kind::Bomb, BombClass::PureWild),
            };
            let combo = Combo {
                kind,
                main: w as u8,
                size: j,
                class,
            };
            if above.is_none_or(|s| combo.beats(s)) {
                (self.sink)(Move {
                    cards: self.hand.pick(w, j),
                    combo,
                    wild_as: WildAs::NONE,
                });
            }
        }
    }

    /// Hard and soft bombs of rank `from..` stronger than `beat` (class, rank).
    fn hard_and_soft_bombs(&mut self, from: usize, beat: Option<(BombClass, usize)>) {
        for r in from..SMALL_JOKER {
            if r == self.wr.wild || self.nc[r] == 0 {
                continue;
            }
            self.fill(
                &[(r, 4)],
                self.k,
                CardSet::EMPTY,
                WildAs::NONE,
                &mut |g, n, wa, _| {
                    let class = if wa.is_empty() {
                        BombClass::Hard
                    } else {
                        BombClass::Soft
                    };
                    if beat.is_none_or(|b| (class, r) > b) {
                        g.emit(Kind::Bomb, r, n, wa, class);
                    }
                },
            );
        }
    }

    /// Calls `f(low, high, naturals, wild_as, wild cards left)` for every
    /// filling of every window of chain ranks `low..=high` (`unit` cards a
    /// rank), high end at or above `above`, in the order of [`Self::fill`]
    /// window by window (each high end, shortest window first). Windows
    /// sharing a high end share their fillings: a window one rank longer
    /// puts each way to fill its new low rank before each filling of the
    /// shorter window that leaves enough wild cards, so a filling is built
    /// once, not once per window and slot.
    fn for_each_window_filling(
        &mut self,
        above: usize,
        len: Option<usize>,
        (min, unit): (usize, u8),
        mut f: impl FnMut(&mut Self, (usize, usize), CardSet, WildAs, u8),
    ) {
        let (lo, hi) = (self.rules.chain_low, self.rules.chain_high);
        // Fillings of the current window: (naturals, wild_as, wild cards used).
        let mut cur: Vec<(CardSet, WildAs, u8)> = Vec::new();
        let mut next: Vec<(CardSet, WildAs, u8)> = Vec::new();
        for high in above.max(lo)..=hi {
            let (shortest, longest) = match len {
                Some(l) => (l.max(min), l.min(high + 1 - lo)),
                None => (min, high + 1 - lo),
            };
            if shortest > longest {
                continue;
            }
            cur.clear();
            cur.push((CardSet::EMPTY, WildAs::NONE, 0));
            for l in 1..=longest {
                let low = high + 1 - l;
                // Each rank needs a card of its own or a wild card that may
                // stand for it; a longer window holds this rank too.
                if !(self.nc[low] > 0 || self.wr.may_stand_for(low)) {
                    break;
                }
                next.clear();
                let have = self.nc[low].min(unit);
                let lowest = unit.saturating_sub(self.k);
                for u in (lowest..=have).rev() {
                    let wilds = unit - u;
                    if wilds > 0 && !self.wr.may_stand_for(low) {
                        continue;
                    }
                    let picked = self.pick(low, u);
                    for &(n, wa, used) in &cur {
                        if used + wilds <= self.k {
                            next.push((picked.union(n), wa.with(low, wilds), used + wilds));
                        }
                    }
                }
                std::mem::swap(&mut cur, &mut next);
                if cur.is_empty() {
                    break;
                }
                if l >= shortest {
                    for &(n, wa, used) in &cur {
                        f(self, (low, high), n, wa, self.k - used);
                    }
                }
            }
        }
    }

    /// Completes a choice of natural wing kickers (`chosen`, `left` more
    /// to choose) with wild cards, each standing for a rank that keeps
    /// the wings legal, if the `wilds` left are enough.
    #[allow(clippy::too_many_arguments)]
    fn wild_wings(
        &mut self,
        chosen: &Counts,
        left: usize,
        wilds: u8,
        cards: CardSet,
        wa: WildAs,
        (low, high): (usize, usize),
    ) {
        if left > wilds as usize {
            return;
        }
        let mut virt = *chosen;
        let mut wa2 = wa;
        for _ in 0..left {
            let r = self.kicker_rank(|r| {
                let limit = if r + 1 == low || r == high + 1 { 2 } else { 3 };
                (low..=high).contains(&r) || virt[r] >= limit
            });
            match r {
                Some(r) => {
                    virt[r] += 1;
                    wa2.push(r);
                }
                None => return,
            }
        }
        self.emit(Kind::AirplaneSingles, high, cards, wa2, BombClass::Hard);
    }

    /// Chooses `need` kicker pairs of distinct ranks: from `ranks` (two
    /// natural cards, or one and a wild card), then pairs of wild cards
    /// standing for ranks not yet used (`used`: a bit per rank).
    #[allow(clippy::too_many_arguments)]
    fn pair_kickers(
        &mut self,
        ranks: &[usize],
        need: usize,
        wilds: u8,
        cards: CardSet,
        wa: WildAs,
        used: u16,
        kind: Kind,
        main: usize,
    ) {
        if need * 2 <= wilds as usize {
            let mut used2 = used;
            let mut wa2 = wa;
            let mut ok = true;
            for _ in 0..need {
                match self.kicker_rank(|r| used2 & (1 << r) != 0) {
                    Some(r) => {
                        used2 |= 1 << r;
                        wa2 = wa2.with(r, 2);
                    }
                    None => {
                        ok = false;
                        break;
                    }
                }
            }
            if ok {
                self.emit(kind, main, cards, wa2, BombClass::Hard);
            }
        }
        if need == 0 {
            return;
        }
        for (i, &r) in ranks.iter().enumerate() {
            if self.nc[r] >= 2 {
                let with = cards.union(self.pick(r, 2));
                self.pair_kickers(
                    &ranks[i + 1..],
                    need - 1,
                    wilds,
                    with,
                    wa,
                    used | 1 << r,
                    kind,
                    main,
                );
            }
            if wilds >= 1 && self.wr.may_stand_for(r) {
                let with = cards.union(self.pick(r, 1));
                self.pair_kickers(
                    &ranks[i + 1..],
                    need - 1,
                    wilds - 1,
                    with,
                    wa.with(r, 1),
                    used | 1 << r,
                    kind,
                    main,
                );
            }
        }
    }

    /// The fours a four + two may use: four natural cards, or the four wild
    /// cards themselves.
    fn fours(&self, above: usize) -> Vec<(usize, CardSet, u8)> {
        let mut out = Vec::new();
        for f in above..SMALL_JOKER {
            if f == self.wr.wild {
                if self.k == 4 {
                    out.push((f, CardSet::EMPTY, 0));
                }
            } else if self.nc[f] == 4 {
                out.push((f, self.pick(f, 4), self.k));
            }
        }
        out
    }
}

impl<F: FnMut(Move)> KindGen for WildGen<'_, F> {
    fn bombs(&mut self, above: usize) {
        self.hard_and_soft_bombs(above, None);
    }

    fn bombs_beating(&mut self, standing: Combo) {
        // Pure wild bombs are their own rank: listed by `all_wild`.
        self.hard_and_soft_bombs(0, Some((standing.class, standing.main as usize)));
    }

    /// Singles, pairs, trios of rank `above..`.
    fn simple(&mut self, kind: Kind, need: u8, above: usize) {
        let top = if need == 1 { RANKS } else { SMALL_JOKER };
        for r in above..top {
            if r == self.wr.wild || self.nc[r] == 0 {
                continue;
            }
            self.fill(
                &[(r, need)],
                self.k,
                CardSet::EMPTY,
                WildAs::NONE,
                &mut |g, n, wa, _| g.emit(kind, r, n, wa, BombClass::Hard),
            );
        }
    }

    fn rocket(&mut self) {
        if self.nc[SMALL_JOKER] == 1 && self.nc[BIG_JOKER] == 1 {
            let cards = self.pick(SMALL_JOKER, 1).union(self.pick(BIG_JOKER, 1));
            self.emit(
                Kind::Rocket,
                BIG_JOKER,
                cards,
                WildAs::NONE,
                BombClass::Hard,
            );
        }
    }

    fn trio_with(&mut self, kicker: u8, above: usize) {
        let kind = if kicker == 1 {
            Kind::TrioSingle
        } else {
            Kind::TrioPair
        };
        for t in above..SMALL_JOKER {
            if !(self.wr.may_stand_for(t) || self.nc[t] >= 3) {
                continue;
            }
            self.fill(
                &[(t, 3)],
                self.k,
                CardSet::EMPTY,
                WildAs::NONE,
                &mut |g, trio, wa, left| {
                    let top = if kicker == 1 { RANKS } else { SMALL_JOKER };
                    // Kickers with a natural card of rank k (a pair may add a wild card).
                    for k in 0..top {
                        if k == t || g.nc[k] == 0 {
                            continue;
                        }
                        g.fill(&[(k, kicker)], left, trio, wa, &mut |g, n, wa2, _| {
                            // A kicker all of wild cards is made below, once.
                            if n != trio {
                                g.emit(kind, t, n, wa2, BombClass::Hard);
                            }
                        });
                    }
                    // All-wild kickers.
                    if left >= kicker {
                        if let Some(r) = g.kicker_rank(|r| r == t) {
                            g.emit(kind, t, trio, wa.with(r, kicker), BombClass::Hard);
                        }
                    }
                },
            );
        }
    }

    /// Chains of `unit` cards per rank.
    fn chains(&mut self, unit: u8, above: usize, len: Option<usize>) {
        let (kind, min) = match unit {
            1 => (Kind::Straight, self.rules.min_straight),
            2 => (Kind::PairStraight, self.rules.min_pair_straight),
            _ => (Kind::Airplane, self.rules.min_airplane),
        };
        self.for_each_window_filling(above, len, (min, unit), |g, (_, high), n, wa, _| {
            g.emit(kind, high, n, wa, BombClass::Hard)
        });
    }

    fn airplane_singles(&mut self, above: usize, len: Option<usize>) {
        let min = self.rules.min_airplane;
        self.for_each_window_filling(above, len, (min, 3), |g, (low, high), body, wa, left| {
            let l = high + 1 - low;
            // Per rank, how many natural kickers it may give.
            let cap = wing_caps(&g.nc, (low, high), Some(g.wr.wild));
            let mut chosen = [0u8; RANKS];
            let hand = g.hand;
            for_each_wings_choice(
                hand,
                &cap,
                &mut chosen,
                0,
                l,
                body,
                &mut |chosen, l, cards| g.wild_wings(chosen, l, left, cards, wa, (low, high)),
            );
        });
    }

    fn airplane_pairs(&mut self, above: usize, len: Option<usize>) {
        let min = self.rules.min_airplane;
        self.for_each_window_filling(above, len, (min, 3), |g, (low, high), body, wa, left| {
            let l = high + 1 - low;
            let mut ranks = [0usize; RANKS];
            let mut n = 0;
            for r in 0..SMALL_JOKER {
                if !(low..=high).contains(&r) && g.nc[r] > 0 && r != g.wr.wild {
                    ranks[n] = r;
                    n += 1;
                }
            }
            let ranks = &ranks[..n];
            let main_ranks = (low..=high).fold(0u16, |m, r| m | 1 << r);
            g.pair_kickers(
                ranks,
                l,
                left,
                body,
                wa,
                main_ranks,
                Kind::AirplanePairs,
                high,
            );
        });
    }

    fn four_two(&mut self, above: usize) {
        for (f, four, wilds) in self.fours(above) {
            // The four wild cards as the four are stated as their own rank.
            let wa = if four.is_empty() {
                WildAs::NONE.with(f, 4)
            } else {
                WildAs::NONE
            };
            let naturals: Vec<usize> = (0..RANKS)
                .filter(|&r| r != f && r != self.wr.wild && self.nc[r] > 0)
                .collect();
            let wild_kicker = |g: &Self| g.kicker_rank(|r| r == f);
            // Two natural kickers (a pair allowed, not both jokers).
            for (i, &a) in naturals.iter().enumerate() {
                if self.nc[a] >= 2 && a < SMALL_JOKER {
                    let cards = four.union(self.pick(a, 2));
                    self.emit(Kind::FourTwo, f, cards, wa, BombClass::Hard);
                }
                for &b in &naturals[i + 1..] {
                    if a == SMALL_JOKER && b == BIG_JOKER {
                        continue;
                    }
                    let cards = four.union(self.pick(a, 1)).union(self.pick(b, 1));
                    self.emit(Kind::FourTwo, f, cards, wa, BombClass::Hard);
                }
                // One natural kicker and one wild.
                if wilds >= 1 {
                    if let Some(r) = wild_kicker(self) {
                        let cards = four.union(self.pick(a, 1));
                        self.emit(Kind::FourTwo, f, cards, wa.with(r, 1), BombClass::Hard);
                    }
                }
            }
            if wilds >= 2 {
                if let Some(r) = wild_kicker(self) {
                    self.emit(Kind::FourTwo, f, four, wa.with(r, 2), BombClass::Hard);
                }
            }
        }
    }

    fn four_two_pairs(&mut self, above: usize) {
        for (f, four, wilds) in self.fours(above) {
            let wa = if four.is_empty() {
                WildAs::NONE.with(f, 4)
            } else {
                WildAs::NONE
            };
            let ranks: Vec<usize> = (0..SMALL_JOKER)
                .filter(|&r| r != f && r != self.wr.wild && self.nc[r] > 0)
                .collect();
            self.pair_kickers(&ranks, 2, wilds, four, wa, 1 << f, Kind::FourTwoPairs, f);
        }
    }
}

/// Every play `hand` can make with `wr`'s wild rank: every play when
/// leading (`standing` is `None`), else every play that beats `standing`.
/// Each distinct set of cards and reading appears once, with canonical
/// cards and one statement of its wild cards.
pub fn for_each_play(
    hand: CardSet,
    standing: Option<Combo>,
    wr: &WildRules,
    rules: &PatternRules,
    sink: impl FnMut(Move),
) {
    let mut nc = hand.counts();
    let k = nc[wr.wild];
    nc[wr.wild] = 0;
    let mut g = WildGen {
        hand,
        nc,
        k,
        wr,
        rules,
        sink,
    };
    g.all_wild(standing);
    generate_plays(&mut g, standing);
}
