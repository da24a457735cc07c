//! Dou Dizhu combinations (牌型): what a set of cards can be read as, how two
//! plays compare, and every play a hand can make, generated straight from
//! its rank counts.
//!
//! Ranks are indices in the game's single-card order (0 = 3 … 11 = A,
//! 12 = 2, 13 = small joker, 14 = big joker). Where chains may run and how
//! long they must be are parameters ([`PatternRules`]) so the two-player
//! variant (no 3s and 4s) and the wild-card variant (readings chosen per
//! wild card) can reuse this code; classification returns every reading of a
//! set of cards, not just one, for the same reason.

use super::cardset::{rank_name, CardSet};
use super::wild::WildAs;
use serde::{Deserialize, Serialize};

pub const RANKS: usize = 15;
pub const ACE: usize = 11;
pub const TWO: usize = 12;
pub const SMALL_JOKER: usize = 13;
pub const BIG_JOKER: usize = 14;

/// Cards per rank index.
pub type Counts = [u8; RANKS];

/// The pattern of a play. Names are the record's `"as"` values.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    Single,
    Pair,
    Trio,
    TrioSingle,
    TrioPair,
    Straight,
    PairStraight,
    Airplane,
    AirplaneSingles,
    AirplanePairs,
    FourTwo,
    FourTwoPairs,
    Bomb,
    Rocket,
}

impl Kind {
    pub const ALL: [Kind; 14] = [
        Kind::Single,
        Kind::Pair,
        Kind::Trio,
        Kind::TrioSingle,
        Kind::TrioPair,
        Kind::Straight,
        Kind::PairStraight,
        Kind::Airplane,
        Kind::AirplaneSingles,
        Kind::AirplanePairs,
        Kind::FourTwo,
        Kind::FourTwoPairs,
        Kind::Bomb,
        Kind::Rocket,
    ];

    /// The record name: `trio_single`.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Single => "single",
            Kind::Pair => "pair",
            Kind::Trio => "trio",
            Kind::TrioSingle => "trio_single",
            Kind::TrioPair => "trio_pair",
            Kind::Straight => "straight",
            Kind::PairStraight => "pair_straight",
            Kind::Airplane => "airplane",
            Kind::AirplaneSingles => "airplane_singles",
            Kind::AirplanePairs => "airplane_pairs",
            Kind::FourTwo => "four_two",
            Kind::FourTwoPairs => "four_two_pairs",
            Kind::Bomb => "bomb",
            Kind::Rocket => "rocket",
        }
    }

    pub fn from_name(s: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.name() == s)
    }

    /// Plain English with an article, for messages: "a pair", "an airplane".
    pub fn phrase(self) -> &'static str {
        match self {
            Kind::Single => "a single",
            Kind::Pair => "a pair",
            Kind::Trio => "a trio",
            Kind::TrioSingle => "a trio with a single",
            Kind::TrioPair => "a trio with a pair",
            Kind::Straight => "a straight",
            Kind::PairStraight => "a pair straight",
            Kind::Airplane => "an airplane",
            Kind::AirplaneSingles => "an airplane with singles",
            Kind::AirplanePairs => "an airplane with pairs",
            Kind::FourTwo => "a four with two singles",
            Kind::FourTwoPairs => "a four with two pairs",
            Kind::Bomb => "a bomb",
            Kind::Rocket => "the rocket",
        }
    }

    pub fn is_bomb_like(self) -> bool {
        matches!(self, Kind::Bomb | Kind::Rocket)
    }
}

/// The class of a bomb (癞子): natural + wild < natural < four wild cards.
/// Every play that is not a bomb, and every bomb of the classic game, is
/// `Hard`.
#[derive(
    Copy, Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum BombClass {
    /// 软炸: natural cards and wild cards.
    Soft,
    /// 硬炸: four natural cards.
    #[default]
    Hard,
    /// 纯癞子炸: the four wild cards.
    PureWild,
}

/// One reading of a play: its pattern, its main rank (the highest rank of
/// the main part: the run, the trios, the four), its size in cards, and for
/// a bomb its class.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Combo {
    pub kind: Kind,
    pub main: u8,
    pub size: u8,
    #[serde(default)]
    pub class: BombClass,
}

impl Combo {
    /// A reading of the classic game (a bomb is a hard bomb).
    pub fn new(kind: Kind, main: usize, size: usize) -> Combo {
        Combo {
            kind,
            main: main as u8,
            size: size as u8,
            class: BombClass::Hard,
        }
    }

    /// Does this play beat `standing` (the last play on the table)?
    pub fn beats(self, standing: Combo) -> bool {
        match (self.kind, standing.kind) {
            (Kind::Rocket, _) => standing.kind != Kind::Rocket,
            (Kind::Bomb, Kind::Rocket) => false,
            (Kind::Bomb, Kind::Bomb) => (self.class, self.main) > (standing.class, standing.main),
            (Kind::Bomb, _) => true,
            (k, s) => k == s && self.size == standing.size && self.main > standing.main,
        }
    }

    /// Plain English: "a pair of 8", "a straight 3–7", "a bomb of 5".
    pub fn describe(self) -> String {
        let main = rank_name(self.main as usize);
        let chain = |unit: u8| {
            let len = self.size / unit;
            let low = rank_name((self.main + 1 - len) as usize);
            format!("{} {low}–{main}", self.kind.phrase())
        };
        match self.kind {
            Kind::Rocket => "the rocket".into(),
            Kind::Straight => chain(1),
            Kind::PairStraight => chain(2),
            Kind::Airplane => chain(3),
            Kind::AirplaneSingles => chain(4),
            Kind::AirplanePairs => chain(5),
            Kind::Bomb if self.class == BombClass::Soft => format!("a soft bomb of {main}"),
            Kind::Bomb if self.class == BombClass::PureWild => {
                format!("a pure wild bomb of {main}")
            }
            k => format!("{} of {main}", k.phrase()),
        }
    }
}

/// Where chains may run and how long they must be. The classic game runs
/// chains from 3 up to A; the two-player variant (later) has no 3s and 4s.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PatternRules {
    pub chain_low: usize,
    pub chain_high: usize,
    pub min_straight: usize,
    pub min_pair_straight: usize,
    pub min_airplane: usize,
}

impl PatternRules {
    pub const CLASSIC: PatternRules = PatternRules {
        chain_low: 0,
        chain_high: ACE,
        min_straight: 5,
        min_pair_straight: 3,
        min_airplane: 2,
    };

    /// 二人斗地主: no 3s or 4s, so chains start at 5.
    pub const TWO_PLAYERS: PatternRules = PatternRules {
        chain_low: 2,
        chain_high: ACE,
        min_straight: 5,
        min_pair_straight: 3,
        min_airplane: 2,
    };
}

impl Default for PatternRules {
    fn default() -> Self {
        PatternRules::CLASSIC
    }
}

/// Up to a handful of readings of one set of cards.
#[derive(Clone, Copy, Debug, Default)]
pub struct Readings {
    items: [Option<Combo>; 4],
    len: usize,
}

impl Readings {
    fn push(&mut self, c: Combo) {
        if self.len < self.items.len() && !self.as_slice_iter().any(|x| x == c) {
            self.items[self.len] = Some(c);
            self.len += 1;
        }
    }

    fn as_slice_iter(&self) -> impl Iterator<Item = Combo> + '_ {
        self.items[..self.len].iter().flatten().copied()
    }

    pub fn iter(&self) -> impl Iterator<Item = Combo> + '_ {
        self.as_slice_iter()
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn first(&self) -> Option<Combo> {
        self.items[0]
    }

    pub fn find(&self, kind: Kind) -> Option<Combo> {
        self.iter().find(|c| c.kind == kind)
    }
}

/// Every legal reading of a set of cards given by rank counts.
pub fn classify(c: &Counts, rules: &PatternRules) -> Readings {
    let mut out = Readings::default();
    let n: usize = c.iter().map(|&x| x as usize).sum();
    if n == 0 {
        return out;
    }
    let combo = |kind, main: usize| Combo::new(kind, main, n);
    let highest = (0..RANKS).rev().find(|&r| c[r] > 0).unwrap_or(0);
    let ranks_with = |k: u8| c.iter().filter(|&&x| x == k).count();
    let distinct = c.iter().filter(|&&x| x > 0).count();
    let rank_with = |k: u8| (0..RANKS).find(|&r| c[r] == k);

    match n {
        1 => out.push(combo(Kind::Single, highest)),
        2 if c[SMALL_JOKER] == 1 && c[BIG_JOKER] == 1 => out.push(combo(Kind::Rocket, BIG_JOKER)),
        2 if distinct == 1 => out.push(combo(Kind::Pair, highest)),
        3 if distinct == 1 => out.push(combo(Kind::Trio, highest)),
        4 if distinct == 1 => out.push(combo(Kind::Bomb, highest)),
        4 if ranks_with(3) == 1 => out.push(combo(Kind::TrioSingle, rank_with(3).unwrap())),
        5 if ranks_with(3) == 1 && ranks_with(2) == 1 => {
            out.push(combo(Kind::TrioPair, rank_with(3).unwrap()))
        }
        6 if ranks_with(4) == 1 && !(c[SMALL_JOKER] == 1 && c[BIG_JOKER] == 1) => {
            out.push(combo(Kind::FourTwo, rank_with(4).unwrap()))
        }
        8 if ranks_with(4) == 1 && ranks_with(2) == 2 => {
            out.push(combo(Kind::FourTwoPairs, rank_with(4).unwrap()))
        }
        _ => {}
    }

    // Too few cards for any chain: done.
    let shortest_chain = rules
        .min_straight
        .min(2 * rules.min_pair_straight)
        .min(3 * rules.min_airplane);
    if n < shortest_chain {
        return out;
    }

    // Pure chains: every present rank has exactly `unit` cards, in one run.
    for (unit, kind, min) in [
        (1u8, Kind::Straight, rules.min_straight),
        (2, Kind::PairStraight, rules.min_pair_straight),
        (3, Kind::Airplane, rules.min_airplane),
    ] {
        if n.is_multiple_of(unit as usize) && ranks_with(unit) == distinct && distinct >= min {
            let low = (0..RANKS).find(|&r| c[r] > 0).unwrap_or(0);
            if low >= rules.chain_low
                && highest <= rules.chain_high
                && highest + 1 - low == distinct
            {
                out.push(combo(kind, highest));
            }
        }
    }

    // Airplanes with wings: find a run of exactly-3 ranks of the right length.
    for (per_unit, kind) in [(4usize, Kind::AirplaneSingles), (5, Kind::AirplanePairs)] {
        if !n.is_multiple_of(per_unit) {
            continue;
        }
        let len = n / per_unit;
        if len < rules.min_airplane {
            continue;
        }
        for low in rules.chain_low..=rules.chain_high {
            let high = low + len - 1;
            if high > rules.chain_high {
                break;
            }
            if !(low..=high).all(|r| c[r] == 3) {
                continue;
            }
            let mut rest = *c;
            for x in &mut rest[low..=high] {
                *x = 0;
            }
            let ok = if kind == Kind::AirplaneSingles {
                singles_wings_ok(&rest, low, high)
            } else {
                rest.iter().filter(|&&x| x == 2).count() == len
                    && rest.iter().all(|&x| x == 0 || x == 2)
            };
            if ok {
                out.push(combo(kind, high));
            }
        }
    }
    out
}

/// Single kickers of an airplane running `low..=high`: any ranks outside the
/// chain, repeats allowed, but never four of one rank, never three of a rank
/// next to the chain (that would be a longer airplane), never both jokers.
fn singles_wings_ok(rest: &Counts, low: usize, high: usize) -> bool {
    if rest[SMALL_JOKER] == 1 && rest[BIG_JOKER] == 1 {
        return false;
    }
    if rest.iter().any(|&x| x >= 4) {
        return false;
    }
    let next_to = |r: usize| r < RANKS && rest[r] >= 3;
    let below = low > 0 && next_to(low - 1);
    !below && !next_to(high + 1)
}

/// A generated play: its canonical cards from the hand, its reading, and
/// what its wild cards stand for (empty without wild cards).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub cards: CardSet,
    pub combo: Combo,
    pub wild_as: WildAs,
}

/// The generators of each pattern, as both the plain generator and the
/// wild one ([`super::wild`]) have them; [`generate_plays`] and
/// [`generate_kind`] turn the play to beat into calls of these, for both.
pub(super) trait KindGen {
    /// Singles, pairs or trios (`need` cards of one rank) of rank `above..`.
    fn simple(&mut self, kind: Kind, need: u8, above: usize);
    /// A trio of rank `above..` with a single (`kicker` 1) or a pair (2).
    fn trio_with(&mut self, kicker: u8, above: usize);
    /// Chains of `unit` cards a rank; `len` fixes the number of ranks
    /// (following a play) or is `None` (leading: every length).
    fn chains(&mut self, unit: u8, above: usize, len: Option<usize>);
    /// Airplanes of `len` trios (or any length) with as many single kickers.
    fn airplane_singles(&mut self, above: usize, len: Option<usize>);
    /// Airplanes of `len` trios (or any length) with as many kicker pairs.
    fn airplane_pairs(&mut self, above: usize, len: Option<usize>);
    /// A four of rank `above..` with two single kickers.
    fn four_two(&mut self, above: usize);
    /// A four of rank `above..` with two kicker pairs.
    fn four_two_pairs(&mut self, above: usize);
    /// Every bomb of rank `above..` but the rocket.
    fn bombs(&mut self, above: usize);
    /// Every bomb but the rocket that beats the bomb `standing`.
    fn bombs_beating(&mut self, standing: Combo);
    fn rocket(&mut self);
}

/// Generates every play when leading (`standing` is `None`), else every
/// play that beats `standing`: the same kind and size higher, any bomb that
/// beats it, the rocket.
pub(super) fn generate_plays(g: &mut impl KindGen, standing: Option<Combo>) {
    match standing {
        None => {
            for kind in Kind::ALL {
                generate_kind(g, kind, 0, None);
            }
        }
        Some(s) if s.kind == Kind::Rocket => {}
        Some(s) if s.kind == Kind::Bomb => {
            g.bombs_beating(s);
            g.rocket();
        }
        Some(s) => {
            generate_kind(g, s.kind, s.main as usize + 1, Some(s.size));
            g.bombs(0);
            g.rocket();
        }
    }
}

/// Generates the plays of `kind` with the main rank `above..`; `size` is the
/// size of the play to beat (it fixes the length of a chain and the number
/// of kickers), or `None` when leading.
pub(super) fn generate_kind(g: &mut impl KindGen, kind: Kind, above: usize, size: Option<u8>) {
    // A chain's length in ranks: its size over the cards each rank brings
    // (with its kickers).
    let units = |per: usize| size.map(|s| s as usize / per);
    match kind {
        Kind::Single => g.simple(Kind::Single, 1, above),
        Kind::Pair => g.simple(Kind::Pair, 2, above),
        Kind::Trio => g.simple(Kind::Trio, 3, above),
        Kind::TrioSingle => g.trio_with(1, above),
        Kind::TrioPair => g.trio_with(2, above),
        Kind::Straight => g.chains(1, above, units(1)),
        Kind::PairStraight => g.chains(2, above, units(2)),
        Kind::Airplane => g.chains(3, above, units(3)),
        Kind::AirplaneSingles => g.airplane_singles(above, units(4)),
        Kind::AirplanePairs => g.airplane_pairs(above, units(5)),
        Kind::FourTwo => g.four_two(above),
        Kind::FourTwoPairs => g.four_two_pairs(above),
        Kind::Bomb => g.bombs(above),
        Kind::Rocket => g.rocket(),
    }
}

/// How many single kickers each rank of `counts` may give the airplane of
/// ranks `low..=high`: none of its own ranks (nor of `not`, the wild rank,
/// whose cards are counted apart), at most 2 of a rank next to it (a third
/// would make the airplane longer) and at most 3 of any other rank.
pub(super) fn wing_caps(
    counts: &Counts,
    (low, high): (usize, usize),
    not: Option<usize>,
) -> Counts {
    let mut cap = [0u8; RANKS];
    for (r, (cap, &have)) in cap.iter_mut().zip(counts.iter()).enumerate() {
        if (low..=high).contains(&r) || Some(r) == not {
            continue;
        }
        let next_to = r + 1 == low || r == high + 1;
        *cap = have.min(if next_to { 2 } else { 3 });
    }
    cap
}

/// Every choice of single kickers for an airplane's wings, natural cards
/// of `hand`: up to `left` of them from ranks `from..`, at most `cap[r]`
/// of rank `r`, never both jokers (a rocket, not two kickers).
/// `choice(chosen, left, cards)` is called at each choice — the kickers
/// per rank so far, how many are still to choose, the play with them — so
/// that a hand with wild cards may complete the rest with them; a complete
/// choice has `left == 0`. Plays with and without wild cards share it.
pub(super) fn for_each_wings_choice(
    hand: CardSet,
    cap: &Counts,
    chosen: &mut Counts,
    from: usize,
    left: usize,
    cards: CardSet,
    choice: &mut impl FnMut(&Counts, usize, CardSet),
) {
    choice(chosen, left, cards);
    if left == 0 {
        return;
    }
    for r in from..RANKS {
        if cap[r] == 0 {
            continue;
        }
        if r == BIG_JOKER && chosen[SMALL_JOKER] == 1 {
            continue;
        }
        let most = (cap[r] as usize).min(left);
        for k in 1..=most {
            chosen[r] = k as u8;
            let with = cards.union(hand.pick(r, k as u8));
            for_each_wings_choice(hand, cap, chosen, r + 1, left - k, with, choice);
        }
        chosen[r] = 0;
    }
}

/// Generates plays from one hand, straight from its rank counts.
struct Gen<'a, F: FnMut(Move)> {
    hand: CardSet,
    c: Counts,
    rules: &'a PatternRules,
    sink: F,
}

impl<F: FnMut(Move)> Gen<'_, F> {
    #[inline]
    fn emit(&mut self, kind: Kind, main: usize, cards: CardSet) {
        (self.sink)(Move {
            cards,
            combo: Combo::new(kind, main, cards.len()),
            wild_as: WildAs::NONE,
        });
    }

    #[inline]
    fn pick(&self, r: usize, k: u8) -> CardSet {
        self.hand.pick(r, k)
    }

    /// Calls `f(low, high)` for every run of ranks holding at least `unit`
    /// cards each, within the chain bounds, with its high end at or above
    /// `above`.
    fn for_each_run(
        &mut self,
        unit: u8,
        above: usize,
        len: Option<usize>,
        min: usize,
        mut f: impl FnMut(&mut Self, usize, usize),
    ) {
        let (lo, hi) = (self.rules.chain_low, self.rules.chain_high);
        let mut run = 0usize;
        for high in lo..=hi {
            if self.c[high] >= unit {
                run += 1;
            } else {
                run = 0;
                continue;
            }
            if high < above {
                continue;
            }
            match len {
                Some(l) => {
                    if run >= l && l >= min {
                        f(self, high + 1 - l, high);
                    }
                }
                None => {
                    for l in min..=run {
                        f(self, high + 1 - l, high);
                    }
                }
            }
        }
    }

    /// Every choice of `left` distinct ranks from `ranks`, a pair of each.
    fn pair_sets(&mut self, ranks: &[usize], left: usize, cards: CardSet, main: usize) {
        if left == 0 {
            self.emit(Kind::AirplanePairs, main, cards);
            return;
        }
        for i in 0..ranks.len() {
            if ranks.len() - i < left {
                break;
            }
            let with = cards.union(self.pick(ranks[i], 2));
            self.pair_sets(&ranks[i + 1..], left - 1, with, main);
        }
    }
}

impl<F: FnMut(Move)> KindGen for Gen<'_, F> {
    fn simple(&mut self, kind: Kind, k: u8, above: usize) {
        let top = if k == 1 { RANKS } else { SMALL_JOKER };
        for r in above..top {
            if self.c[r] >= k {
                let cards = self.pick(r, k);
                self.emit(kind, r, cards);
            }
        }
    }

    fn bombs(&mut self, above: usize) {
        for r in above..SMALL_JOKER {
            if self.c[r] == 4 {
                let cards = self.pick(r, 4);
                self.emit(Kind::Bomb, r, cards);
            }
        }
    }

    fn bombs_beating(&mut self, standing: Combo) {
        self.bombs(standing.main as usize + 1);
    }

    fn rocket(&mut self) {
        if self.c[SMALL_JOKER] == 1 && self.c[BIG_JOKER] == 1 {
            let cards = self.pick(SMALL_JOKER, 1).union(self.pick(BIG_JOKER, 1));
            self.emit(Kind::Rocket, BIG_JOKER, cards);
        }
    }

    fn trio_with(&mut self, kicker: u8, above: usize) {
        let kind = if kicker == 1 {
            Kind::TrioSingle
        } else {
            Kind::TrioPair
        };
        let top = if kicker == 1 { RANKS } else { SMALL_JOKER };
        for t in above..SMALL_JOKER {
            if self.c[t] < 3 {
                continue;
            }
            let trio = self.pick(t, 3);
            for k in 0..top {
                if k != t && self.c[k] >= kicker {
                    let cards = trio.union(self.pick(k, kicker));
                    self.emit(kind, t, cards);
                }
            }
        }
    }

    /// Chains of `unit` cards per rank; `len` fixes the number of ranks
    /// (following a play) or is `None` (leading: every length).
    fn chains(&mut self, unit: u8, above: usize, len: Option<usize>) {
        let (kind, min) = match unit {
            1 => (Kind::Straight, self.rules.min_straight),
            2 => (Kind::PairStraight, self.rules.min_pair_straight),
            _ => (Kind::Airplane, self.rules.min_airplane),
        };
        self.for_each_run(unit, above, len, min, |g, low, high| {
            let mut cards = CardSet::EMPTY;
            for r in low..=high {
                cards = cards.union(g.pick(r, unit));
            }
            g.emit(kind, high, cards);
        });
    }

    fn airplane_singles(&mut self, above: usize, len: Option<usize>) {
        let min = self.rules.min_airplane;
        self.for_each_run(3, above, len, min, |g, low, high| {
            let l = high + 1 - low;
            let mut body = CardSet::EMPTY;
            for r in low..=high {
                body = body.union(g.pick(r, 3));
            }
            let cap = wing_caps(&g.c, (low, high), None);
            let mut chosen = [0u8; RANKS];
            let hand = g.hand;
            for_each_wings_choice(
                hand,
                &cap,
                &mut chosen,
                0,
                l,
                body,
                &mut |_, left, cards| {
                    if left == 0 {
                        g.emit(Kind::AirplaneSingles, high, cards);
                    }
                },
            );
        });
    }

    fn airplane_pairs(&mut self, above: usize, len: Option<usize>) {
        let min = self.rules.min_airplane;
        self.for_each_run(3, above, len, min, |g, low, high| {
            let l = high + 1 - low;
            let mut body = CardSet::EMPTY;
            for r in low..=high {
                body = body.union(g.pick(r, 3));
            }
            let mut pairs = [0usize; RANKS];
            let mut np = 0;
            for r in 0..SMALL_JOKER {
                if (r < low || r > high) && g.c[r] >= 2 {
                    pairs[np] = r;
                    np += 1;
                }
            }
            g.pair_sets(&pairs[..np], l, body, high);
        });
    }

    fn four_two(&mut self, above: usize) {
        for f in above..SMALL_JOKER {
            if self.c[f] != 4 {
                continue;
            }
            let four = self.pick(f, 4);
            for a in 0..RANKS {
                if a == f || self.c[a] == 0 {
                    continue;
                }
                if self.c[a] >= 2 && a < SMALL_JOKER {
                    let cards = four.union(self.pick(a, 2));
                    self.emit(Kind::FourTwo, f, cards);
                }
                for b in a + 1..RANKS {
                    if b == f || self.c[b] == 0 || (a == SMALL_JOKER && b == BIG_JOKER) {
                        continue;
                    }
                    let cards = four.union(self.pick(a, 1)).union(self.pick(b, 1));
                    self.emit(Kind::FourTwo, f, cards);
                }
            }
        }
    }

    fn four_two_pairs(&mut self, above: usize) {
        for f in above..SMALL_JOKER {
            if self.c[f] != 4 {
                continue;
            }
            let four = self.pick(f, 4);
            for a in 0..SMALL_JOKER {
                if a == f || self.c[a] < 2 {
                    continue;
                }
                for b in a + 1..SMALL_JOKER {
                    if b == f || self.c[b] < 2 {
                        continue;
                    }
                    let cards = four.union(self.pick(a, 2)).union(self.pick(b, 2));
                    self.emit(Kind::FourTwoPairs, f, cards);
                }
            }
        }
    }
}

/// Appends to `out` every play `hand` can make: every play when leading
/// (`standing` is `None`), else every play that beats `standing`. Each
/// distinct rank pattern and reading appears once, with canonical cards.
pub fn generate(hand: CardSet, standing: Option<Combo>, rules: &PatternRules, out: &mut Vec<Move>) {
    for_each_play(hand, standing, rules, |m| out.push(m));
}

/// Like [`generate`], handing each play to `sink` (no intermediate list).
pub fn for_each_play(
    hand: CardSet,
    standing: Option<Combo>,
    rules: &PatternRules,
    sink: impl FnMut(Move),
) {
    let mut g = Gen {
        hand,
        c: hand.counts(),
        rules,
        sink,
    };
    generate_plays(&mut g, standing);
}

/// Whether `cards` takes some but not all of a four in the hand, or one
/// joker of the rocket.
pub fn breaks_bomb(hand: &Counts, cards: CardSet) -> bool {
    let c = cards.counts();
    let four = (0..SMALL_JOKER).any(|r| hand[r] == 4 && c[r] > 0 && c[r] < 4);
    let rocket =
        hand[SMALL_JOKER] == 1 && hand[BIG_JOKER] == 1 && (c[SMALL_JOKER] + c[BIG_JOKER]) == 1;
    four || rocket
}

/// Whether a player who follows keeps its bombs (and the rocket) whole or
/// breaks one to do it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Bombs {
    /// Passes rather than break one: the `normal` bot's way.
    Kept,
    /// Follows with any play of the kind: [`super::selfish`]'s way.
    Broken,
}

/// Does `hand` hold a play of `faced`'s own kind and size that beats it,
/// of a main rank below `below` (`u8::MAX`: any)? With [`Bombs::Kept`]
/// only the plays that leave its bombs (and its rocket) whole count: a
/// player who passes with such a play in hand chose to, one who passes
/// with only bomb-breaking plays may rightly have spared the bomb. With a
/// `below`: did a hand that beat `faced` with a play of that main rank
/// have a cheaper way? A bomb faced counts nothing: bombing back is always
/// a choice.
pub fn holds_same_kind_between(
    hand: CardSet,
    faced: Combo,
    below: u8,
    bombs: Bombs,
    rules: &PatternRules,
) -> bool {
    if matches!(faced.kind, Kind::Bomb | Kind::Rocket) {
        return false;
    }
    let counts = hand.counts();
    let mut found = false;
    let mut g = Gen {
        hand,
        c: counts,
        rules,
        sink: |m: Move| {
            // A four spent whole (in a four-with-two, say) is spent too: a
            // player keeping its bomb would pass there.
            let c = m.cards.counts();
            let spends_a_four = (0..SMALL_JOKER).any(|r| counts[r] == 4 && c[r] == 4);
            found |= m.combo.kind == faced.kind
                && m.combo.size == faced.size
                && m.combo.main < below
                && !(bombs == Bombs::Kept && (breaks_bomb(&counts, m.cards) || spends_a_four));
        },
    };
    generate_kind(
        &mut g,
        faced.kind,
        faced.main as usize + 1,
        Some(faced.size),
    );
    found
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::cards::parse_friendly;
    use crate::cards::CardSpec;
    use std::collections::HashSet;

    /// Rank counts from bare ranks: `"33344"`, `"SJBJ"` (the endgame
    /// solver's tests build their hands with it too).
    pub(in crate::games::dou_dizhu) fn counts(s: &str) -> Counts {
        let mut c = [0u8; RANKS];
        for spec in parse_friendly(s).unwrap() {
            let r = match spec {
                CardSpec::AnyOf(rank) => super::super::cardset::rank_index(
                    crate::cards::Card::new(rank, crate::cards::Suit::Spades),
                ),
                CardSpec::Exact(card) => super::super::cardset::rank_index(card),
            };
            c[r] += 1;
        }
        c
    }

    fn kinds(s: &str) -> Vec<(Kind, String)> {
        classify(&counts(s), &PatternRules::CLASSIC)
            .iter()
            .map(|c| (c.kind, rank_name(c.main as usize).to_string()))
            .collect()
    }

    fn one(s: &str) -> Kind {
        let k = kinds(s);
        assert_eq!(k.len(), 1, "{s}: {k:?}");
        k[0].0
    }

    fn none(s: &str) {
        assert!(
            kinds(s).is_empty(),
            "{s} should not be a play: {:?}",
            kinds(s)
        );
    }

    #[test]
    fn basic_patterns() {
        assert_eq!(one("3"), Kind::Single);
        assert_eq!(one("BJ"), Kind::Single);
        assert_eq!(one("22"), Kind::Pair);
        assert_eq!(one("SJBJ"), Kind::Rocket);
        assert_eq!(one("777"), Kind::Trio);
        assert_eq!(one("7773"), Kind::TrioSingle);
        assert_eq!(one("777BJ"), Kind::TrioSingle);
        assert_eq!(one("77733"), Kind::TrioPair);
        assert_eq!(one("7777"), Kind::Bomb);
        none("34");
        none("7733");
        none("777 SJ BJ");
        assert!(classify(&[0; RANKS], &PatternRules::CLASSIC).is_empty());
    }

    #[test]
    fn chains() {
        assert_eq!(one("34567"), Kind::Straight);
        assert_eq!(one("10JQKA"), Kind::Straight);
        assert_eq!(one("3456789 10JQKA"), Kind::Straight);
        none("JQKA2");
        none("3456");
        none("3456 8");
        assert_eq!(one("334455"), Kind::PairStraight);
        none("3344");
        none("QQKKAA22");
        assert_eq!(one("333444"), Kind::Airplane);
        none("AAA222");
        assert_eq!(kinds("333444555666"), vec![(Kind::Airplane, "6".into())]);
    }

    #[test]
    fn kicker_rules() {
        assert_eq!(one("33344455"), Kind::AirplaneSingles);
        assert_eq!(one("33344456"), Kind::AirplaneSingles);
        assert_eq!(one("3334445566"), Kind::AirplanePairs);
        none("3334445555"); // kicker pairs of one rank
        none("33344455556"); // wrong size anyway
        none("333444 SJ BJ"); // rocket as kickers
        assert_eq!(one("333444555777"), Kind::AirplaneSingles); // trio kicker, not adjacent
        none("33334444"); // two bombs are nothing
        assert_eq!(one("333345"), Kind::FourTwo);
        assert_eq!(one("333355"), Kind::FourTwo);
        none("3333 SJ BJ");
        assert_eq!(one("33335566"), Kind::FourTwoPairs);
        none("33335555");
        assert_eq!(one("3333"), Kind::Bomb);
        // four of one rank can never be airplane single kickers
        none("3334445555 6 7");
    }

    #[test]
    fn comparison() {
        let c = |kind, main: usize, size: u8| Combo::new(kind, main, size as usize);
        let pair8 = c(Kind::Pair, 5, 2);
        assert!(c(Kind::Pair, 6, 2).beats(pair8));
        assert!(!c(Kind::Pair, 5, 2).beats(pair8));
        assert!(!c(Kind::Single, 14, 1).beats(pair8));
        let st5 = c(Kind::Straight, 4, 5);
        assert!(!c(Kind::Straight, 6, 6).beats(st5));
        assert!(c(Kind::Straight, 5, 5).beats(st5));
        let bomb3 = c(Kind::Bomb, 0, 4);
        assert!(bomb3.beats(st5));
        assert!(!bomb3.beats(c(Kind::Bomb, 1, 4)));
        let rocket = c(Kind::Rocket, 14, 2);
        assert!(rocket.beats(c(Kind::Bomb, 12, 4)));
        assert!(!c(Kind::Bomb, 12, 4).beats(rocket));
        // kickers never count
        assert!(!c(Kind::TrioSingle, 4, 4).beats(c(Kind::TrioSingle, 4, 4)));
    }

    fn hand(s: &str) -> CardSet {
        // Give each rank's cards distinct suits.
        let mut set = CardSet::EMPTY;
        let c = counts(s);
        for (r, &n) in c.iter().enumerate() {
            set = set.union(CardSet::full_deck().pick(r, n));
        }
        set
    }

    #[test]
    fn a_same_kind_beat_in_hand_is_found_and_a_bomb_spared() {
        let beats = |h: &str, kind: Kind, main: usize, size: usize| {
            holds_same_kind_between(
                hand(h),
                Combo::new(kind, main, size),
                u8::MAX,
                Bombs::Kept,
                &PatternRules::CLASSIC,
            )
        };
        assert!(beats("9", Kind::Single, 5, 1));
        assert!(!beats("8", Kind::Single, 5, 1), "not higher");
        assert!(
            !beats("99", Kind::Pair, 6, 2),
            "a pair of 9s is not above 9s"
        );
        assert!(beats("TT", Kind::Pair, 6, 2));
        assert!(!beats("9", Kind::Pair, 0, 2), "not the kind");
        assert!(
            !beats("9999", Kind::Single, 0, 1),
            "only by breaking a bomb"
        );
        assert!(beats("99995", Kind::Single, 0, 1));
        assert!(
            !beats("SJBJ", Kind::Single, TWO, 1),
            "only by breaking the rocket"
        );
        assert!(beats("BJ", Kind::Single, TWO, 1));
        assert!(beats("34567", Kind::Straight, 3, 5));
        assert!(!beats("345678", Kind::Straight, 5, 6), "as long and higher");
        assert!(
            !beats("AAAA", Kind::Bomb, 5, 4),
            "a bomb faced is never owed"
        );
        let cheaper = |h: &str, main: usize, below: usize| {
            holds_same_kind_between(
                hand(h),
                Combo::new(Kind::Single, main, 1),
                below as u8,
                Bombs::Kept,
                &PatternRules::CLASSIC,
            )
        };
        // Over a 5 (index 2) with a king (10): a 9 (6) was cheaper.
        assert!(cheaper("9K", 2, 10));
        assert!(!cheaper("4K", 2, 10), "the 4 does not beat");
        assert!(!cheaper("AK", 2, 10), "the ace is dearer");
        assert!(!cheaper("K", 2, 10), "the king itself is not cheaper");
    }

    /// Brute force: every subset of the hand's rank counts, classified.
    fn brute(h: CardSet, standing: Option<Combo>) -> HashSet<(u64, Kind)> {
        let c = h.counts();
        let mut out = HashSet::new();
        let mut cur = [0u8; RANKS];
        fn rec(
            r: usize,
            c: &Counts,
            cur: &mut Counts,
            h: CardSet,
            standing: Option<Combo>,
            out: &mut HashSet<(u64, Kind)>,
        ) {
            if r == RANKS {
                for combo in classify(cur, &PatternRules::CLASSIC).iter() {
                    if standing.is_none_or(|s| combo.beats(s)) {
                        out.insert((h.pick_counts(cur).unwrap().0, combo.kind));
                    }
                }
                return;
            }
            for k in 0..=c[r] {
                cur[r] = k;
                rec(r + 1, c, cur, h, standing, out);
            }
            cur[r] = 0;
        }
        rec(0, &c, &mut cur, h, standing, &mut out);
        out
    }

    fn generated(h: CardSet, standing: Option<Combo>) -> HashSet<(u64, Kind)> {
        let mut v = Vec::new();
        generate(h, standing, &PatternRules::CLASSIC, &mut v);
        let set: HashSet<_> = v.iter().map(|m| (m.cards.0, m.combo.kind)).collect();
        assert_eq!(set.len(), v.len(), "no play is generated twice");
        for m in &v {
            let readings = classify(&m.cards.counts(), &PatternRules::CLASSIC);
            assert_eq!(readings.find(m.combo.kind), Some(m.combo), "{m:?}");
        }
        set
    }

    #[test]
    fn generation_matches_brute_force() {
        for h in [
            "33344455566677789",
            "3334445556667778 SJ BJ",
            "33334444555566 2 2 SJ",
            "345678910JQKA2 2 BJ",
            "33445566778899 10 10 J J",
            "3 3 3 5 5 5 7 7 7 9 9 9 J J J 2 2 2",
        ] {
            let h = hand(h);
            assert_eq!(generated(h, None), brute(h, None));
            let mut leads = Vec::new();
            generate(h, None, &PatternRules::CLASSIC, &mut leads);
            for m in leads.iter().step_by(7) {
                assert_eq!(
                    generated(h, Some(m.combo)),
                    brute(h, Some(m.combo)),
                    "following {m:?}"
                );
            }
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(40))]
        #[test]
        fn generation_matches_brute_force_on_random_hands(seed in 0u64..u64::MAX) {
            use rand::seq::SliceRandom;
            use rand::SeedableRng;
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let mut deck = crate::cards::standard_deck();
            deck.shuffle(&mut rng);
            let h = CardSet::from_cards(&deck[..14]);
            proptest::prop_assert_eq!(generated(h, None), brute(h, None));
        }
    }
}
