//! Units (单张, 对, 拖拉机, and with 3+ decks 三同张, 四同张 and their
//! tractors) and the structural questions every rule asks of them: find a
//! run, read a set of cards as units, does a play have the lead's format,
//! how well a follow meets the lead's structure.
//!
//! Cards are counted by key ([`Order::key`]) in a `[u8; 54]`; a *run* of
//! width w and length l is l consecutive value levels of one play suit,
//! each with a key holding at least w copies (a pair is width 2 length 1,
//! a tractor length ≥ 2). A wider run counts as a narrower one and a longer
//! as a shorter one, except that nothing counts as a single but a single
//! where the throw rule says so (that is [`beats_throw_unit`]'s business).

use super::order::Order;
use crate::cards::Card;

/// Cards counted by key.
pub type Counts = [u8; 54];

/// The most value levels a play suit has: the trump suit with
/// `twos_trump` holds 11 plain ranks, two levels of 2s, two of the level
/// rank and two jokers.
pub const MAX_LEVELS: usize = 18;

/// The keys of a run, one per level, kept inline: runs and units are made
/// by the thousand in a hand (every candidate, every check of a follow),
/// and a heap vector for each was most of what a hand cost.
#[derive(Copy, Clone, Default, PartialEq, Eq)]
pub struct Run {
    n: u8,
    k: [u8; MAX_LEVELS],
}

impl Run {
    /// A run of one level.
    pub fn one(k: u8) -> Run {
        let mut r = Run::default();
        r.push(k);
        r
    }

    pub fn push(&mut self, k: u8) {
        self.k[self.n as usize] = k;
        self.n += 1;
    }

    pub fn clear(&mut self) {
        self.n = 0;
    }
}

impl std::ops::Deref for Run {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        &self.k[..self.n as usize]
    }
}

impl std::ops::DerefMut for Run {
    fn deref_mut(&mut self) -> &mut [u8] {
        &mut self.k[..self.n as usize]
    }
}

impl<'a> IntoIterator for &'a Run {
    type Item = &'a u8;
    type IntoIter = std::slice::Iter<'a, u8>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl std::fmt::Debug for Run {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

pub fn counts_of(order: &Order, cards: &[Card]) -> Counts {
    let mut c = [0u8; 54];
    for &card in cards {
        c[order.key(card) as usize] += 1;
    }
    c
}

/// The cards of play suit `si` among `cards`, counted by key.
pub fn suit_counts(order: &Order, si: usize, cards: &[Card]) -> Counts {
    let mut c = [0u8; 54];
    for &card in cards {
        if order.suit(card) == si {
            c[order.key(card) as usize] += 1;
        }
    }
    c
}

pub fn total(c: &Counts) -> usize {
    c.iter().map(|&n| n as usize).sum()
}

/// One unit: `width` identical cards at each of `len` adjacent values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unit {
    pub width: u8,
    pub len: u8,
    /// The value of its highest level.
    pub top: u8,
    /// One key per level, highest first.
    pub keys: Run,
}

impl Unit {
    pub fn cards(&self) -> usize {
        self.width as usize * self.len as usize
    }

    pub fn is_tractor(&self) -> bool {
        self.len >= 2
    }

    /// The shape as (width, len).
    pub fn shape(&self) -> (u8, u8) {
        (self.width, self.len)
    }
}

/// The key of a level holding at least `w` copies, if any.
#[inline]
fn key_with(level: &[u8], c: &Counts, w: u8) -> Option<u8> {
    level.iter().copied().find(|&k| c[k as usize] >= w)
}

/// A run of width ≥ `w` and exactly `len` levels in play suit `si`: the
/// highest such run when `highest`, else the lowest. Keys highest first.
pub fn find_run(
    order: &Order,
    si: usize,
    c: &Counts,
    w: u8,
    len: u8,
    highest: bool,
) -> Option<Run> {
    let levels = order.levels(si);
    let n = levels.len();
    let len = len as usize;
    if len == 0 || len > n {
        return None;
    }
    // The first `len` consecutive levels met in the search direction.
    let mut streak = 0;
    for step in 0..n {
        let i = if highest { n - 1 - step } else { step };
        if key_with(&levels[i], c, w).is_none() {
            streak = 0;
            continue;
        }
        streak += 1;
        if streak == len {
            let (lo, hi) = if highest {
                (i, i + len)
            } else {
                (i + 1 - len, i + 1)
            };
            let mut run = Run::default();
            for level in levels[lo..hi].iter().rev() {
                run.push(key_with(level, c, w).expect("checked on the way"));
            }
            return Some(run);
        }
    }
    None
}

/// Every maximal run of width ≥ `w` (length ≥ 1), highest first, as
/// (top value, keys highest first).
pub fn maximal_runs(order: &Order, si: usize, c: &Counts, w: u8) -> Vec<(u8, Run)> {
    let levels = order.levels(si);
    let mut out = Vec::new();
    let mut run = Run::default();
    let mut top = 0u8;
    for i in (0..levels.len()).rev() {
        match key_with(&levels[i], c, w) {
            Some(k) => {
                if run.is_empty() {
                    top = i as u8;
                }
                run.push(k);
            }
            None => {
                if !run.is_empty() {
                    out.push((top, run));
                    run.clear();
                }
            }
        }
    }
    if !run.is_empty() {
        out.push((top, run));
    }
    out
}

/// Reads cards of one play suit as units, the way every rule reads them:
/// the unit with the most cards first (longest tractors, then the widest),
/// then pairs (triples, quads), then singles. `c` is consumed.
pub fn decompose(order: &Order, si: usize, c: &mut Counts, max_width: u8) -> Vec<Unit> {
    let mut out = Vec::new();
    loop {
        let mut best: Option<(usize, u8, u8, Run)> = None;
        for w in (2..=max_width).rev() {
            for (top, keys) in maximal_runs(order, si, c, w) {
                let size = w as usize * keys.len();
                let better = match &best {
                    None => true,
                    Some((bs, bw, bt, _)) => (size, w, top) > (*bs, *bw, *bt),
                };
                if better {
                    best = Some((size, w, top, keys));
                }
            }
        }
        let Some((_, w, top, keys)) = best else { break };
        for &k in &keys {
            c[k as usize] -= w;
        }
        out.push(Unit {
            width: w,
            len: keys.len() as u8,
            top,
            keys,
        });
    }
    for level in order.levels(si).iter().enumerate().rev() {
        let (v, keys) = level;
        for &k in keys {
            for _ in 0..c[k as usize] {
                out.push(Unit {
                    width: 1,
                    len: 1,
                    top: v as u8,
                    keys: Run::one(k),
                });
            }
            c[k as usize] = 0;
        }
    }
    sort_units(&mut out);
    out
}

/// Orders units the way demands are met: most cards, widest, highest first.
pub fn sort_units(units: &mut [Unit]) {
    units.sort_by_key(|u| std::cmp::Reverse((u.cards(), u.width, u.top)));
}

/// Whether a unit held by another player beats a throw's unit (the
/// Decision of `rules/shengji.md`): a single only by a higher single; a
/// wider or longer unit by one at least as wide and as long, higher.
pub fn beats_throw_unit(holder: &Unit, thrown: &Unit) -> bool {
    let kind_ok = if thrown.width == 1 {
        holder.width == 1
    } else {
        holder.width >= thrown.width && holder.len >= thrown.len
    };
    kind_ok && holder.top > thrown.top
}

/// Whether a play (all of play suit `si`, same size as the lead) has the
/// lead's format; if so the value of its key unit (the highest of its units
/// matching the lead's largest unit kind) for comparing plays.
///
/// The lead's units are matched greedily, highest first, in the lead's
/// order (most cards first); with 3+ decks a lead mixing widths is tried
/// again widest first, since taking a triple's cards for a tractor of
/// pairs can leave no triple (`KKK QQ JJ` has the format of `99 88 + 555`).
pub fn format_key(order: &Order, si: usize, lead: &[Unit], play: &Counts) -> Option<u8> {
    let first = lead.first()?.shape();
    let key = format_key_in(order, si, lead.iter(), first, play);
    let mixed = lead
        .iter()
        .filter(|u| u.width >= 2)
        .any(|u| u.width != lead[0].width);
    if key.is_some() || !mixed {
        return key;
    }
    let mut widest: Vec<&Unit> = lead.iter().collect();
    widest.sort_by_key(|u| std::cmp::Reverse((u.width, u.len)));
    format_key_in(order, si, widest.into_iter(), first, play)
}

fn format_key_in<'a>(
    order: &Order,
    si: usize,
    lead: impl Iterator<Item = &'a Unit>,
    first: (u8, u8),
    play: &Counts,
) -> Option<u8> {
    let mut c = *play;
    let mut key: Option<u8> = None;
    for u in lead.filter(|u| u.width >= 2) {
        let keys = find_run(order, si, &c, u.width, u.len, true)?;
        for &k in &keys {
            c[k as usize] -= u.width;
        }
        if u.shape() == first {
            let top = order.value_of_key(keys[0]);
            key = Some(key.map_or(top, |k: u8| k.max(top)));
        }
    }
    if first.0 == 1 {
        let levels = order.levels(si);
        key = (0..levels.len())
            .rev()
            .find(|&v| levels[v].iter().any(|&k| c[k as usize] > 0))
            .map(|v| v as u8);
    }
    key
}

/// Takes from `work` the tractor that meets a lead's tractor of width `w`
/// and length `l`: the longest held, `l` down to two units, and of those
/// the widest, `w` down to pairs, of at most `budget` cards (see
/// [`Demands::score`]); returns its (length, width).
pub fn take_tractor(
    order: &Order,
    si: usize,
    work: &mut Counts,
    (w, l): (u8, u8),
    budget: usize,
    highest: bool,
) -> Option<(u8, u8)> {
    (2..=l).rev().find_map(|len| {
        (2..=w).rev().find_map(|width| {
            if len as usize * width as usize > budget {
                return None;
            }
            let keys = find_run(order, si, work, width, len, highest)?;
            for &k in &keys {
                work[k as usize] -= width;
            }
            Some((len, width))
        })
    })
}

/// [`take_tractor`], and with 4 decks the seed's 3.4.5 lists 1 and 2 on
/// eight-card tractors (quads exist only with 4 decks, so fewer decks are
/// untouched):
/// - list 1, on a tractor of four pairs (44556677): "1连4或2个4张(出牌可选)":
///   two quads (any two levels) rank with a tractor of four pairs, so
///   either meets it in full and the follower chooses; returned as the
///   tractor's own (4, 2).
/// - list 2, on two quads (44445555): two quads first, returned as (2, 4)
///   and scored [`TWO_QUADS`]; then "1连4", "1连3", "1连队": tractors of
///   pairs, longest first (a tractor of triples counts as one of pairs).
///
/// The exact tractor is taken first when it is held, so a trump follow
/// keeps the lead's format when it can.
pub fn meet_tractor(
    order: &Order,
    si: usize,
    work: &mut Counts,
    shape: (u8, u8),
    budget: usize,
    highest: bool,
) -> Option<(u8, u8)> {
    let (w, l) = shape;
    if (shape == (2, 4) || shape == (4, 2))
        && budget >= 8
        && find_run(order, si, work, w, l, highest).is_none()
    {
        if let Some([a, b]) = two_quads(order, si, work, highest) {
            work[a as usize] -= 4;
            work[b as usize] -= 4;
            return Some((l, w));
        }
        if shape == (4, 2) {
            return take_tractor(order, si, work, (2, 4), budget, highest);
        }
    }
    take_tractor(order, si, work, shape, budget, highest)
}

/// The score entry of two quads meeting a lead's two quads (seed 3.4.5,
/// list 2): above every tractor of pairs ([`tractor_score`] of at most
/// `MAX_LEVELS` levels).
pub const TWO_QUADS: u32 = 8 * (MAX_LEVELS as u32 + 1);

/// One tractor demand's score entry: [`tractor_score`], but two quads on
/// two quads rank above the tractor of four pairs ([`meet_tractor`]).
pub fn meet_score(shape: (u8, u8), met: Option<(u8, u8)>) -> u32 {
    if shape == (4, 2) && met == Some((2, 4)) {
        TWO_QUADS
    } else {
        tractor_score(met)
    }
}

/// The keys of two quads of play suit `si` in `c` (the highest two when
/// `highest`, else the lowest two), if it holds two.
pub fn two_quads(order: &Order, si: usize, c: &Counts, highest: bool) -> Option<[u8; 2]> {
    let levels = order.levels(si);
    let mut found = [0u8; 2];
    let mut n = 0;
    // Keys, not levels: the level cards of two plain suits are two quads.
    let mut look = |level: &[u8]| {
        for &k in level {
            if n < 2 && c[k as usize] >= 4 {
                found[n] = k;
                n += 1;
            }
        }
    };
    if highest {
        levels.iter().rev().for_each(|l| look(l));
    } else {
        levels.iter().for_each(|l| look(l));
    }
    (n == 2).then_some(found)
}

/// A tractor met, as one score entry: longer first, then wider.
pub fn tractor_score(met: Option<(u8, u8)>) -> u32 {
    met.map_or(0, |(len, width)| u32::from(len) * 8 + u32::from(width))
}

/// The (length, width) of a tractor score entry.
pub fn tractor_of_score(score: u32) -> (u8, u8) {
    ((score / 8) as u8, (score % 8) as u8)
}

/// Identical groups of width `w` in `c`: Σ ⌊count / w⌋.
pub fn groups(c: &Counts, w: u8) -> u32 {
    c.iter().map(|&n| (n / w) as u32).sum()
}

/// One of the seed's 3.4.5 follow lists (4 decks): the lead is a single
/// unit of one of these shapes, and a follow is ranked by the best row
/// heading it holds, then by its pairs. Other leads (throws, longer
/// tractors, pairs, triples) keep the rules file's general order.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SeedList {
    /// List 1, a tractor of four pairs (44556677).
    FourPairs,
    /// List 2, two quads (44445555, a tractor of quads).
    TwoQuads,
    /// List 3, a tractor of three pairs (667788).
    ThreePairs,
    /// List 4, a tractor of two triples (JJJQQQ).
    TwoTriples,
    /// List 5, a quad (AAAA).
    Quad,
    /// List 6, a tractor of two pairs (7788).
    TwoPairs,
}

/// The unit(s) a row of a [`SeedList`] starts with.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Head {
    /// A tractor of this many pairs (a wider tractor counts).
    Tractor(u8),
    /// A tractor of two triples or quads (泰坦尼克 with 4 decks).
    TriplesTractor,
    /// Two quads, any two levels (keys).
    TwoQuads,
    Quad,
    /// Two triples, any two levels.
    TwoTriples,
    Triple,
}

use Head::{Quad, Tractor, Triple, TriplesTractor, TwoQuads, TwoTriples};

impl SeedList {
    /// The list of a lead of one unit of `shape` (width, length).
    pub fn of(shape: (u8, u8)) -> Option<SeedList> {
        Some(match shape {
            (2, 4) => SeedList::FourPairs,
            (4, 2) => SeedList::TwoQuads,
            (2, 3) => SeedList::ThreePairs,
            (3, 2) => SeedList::TwoTriples,
            (4, 1) => SeedList::Quad,
            (2, 2) => SeedList::TwoPairs,
            _ => return None,
        })
    }

    /// The rows' heads, best first. Heads sharing a slice rank equal: the
    /// seed's "出牌可选", the follower picks; the lead's own shape comes
    /// first in its slice so a trump follow keeps the format when it can.
    /// Below the last slice a follow is ranked by its pairs alone.
    ///
    /// - List 1: 1连4 or 2个4张; 1连3; 1连队; 1个4张; 2个3张; 1个3张.
    /// - List 2: 2个4张; 1连4; 1连3; 1连队; 1个4张; 2个3张; 1个3张.
    /// - List 3: 667788 or JJJQQQ; 4个 (+1对); 拖拉机 (+1对).
    /// - List 4: 555444; 667788; 4个; 拖拉机; 2个3个; 1个3个.
    /// - List 5: 4个; 拖拉机 (then 2 pairs before 3个+1, see [`Self::groups`]).
    /// - List 6: 拖拉机 or 4个.
    pub fn heads(self) -> &'static [&'static [Head]] {
        match self {
            SeedList::FourPairs => &[
                &[Tractor(4), TwoQuads],
                &[Tractor(3)],
                &[Tractor(2)],
                &[Quad],
                &[TwoTriples],
                &[Triple],
            ],
            SeedList::TwoQuads => &[
                &[TwoQuads],
                &[Tractor(4)],
                &[Tractor(3)],
                &[Tractor(2)],
                &[Quad],
                &[TwoTriples],
                &[Triple],
            ],
            SeedList::ThreePairs => &[&[Tractor(3), TriplesTractor], &[Quad], &[Tractor(2)]],
            SeedList::TwoTriples => &[
                &[TriplesTractor],
                &[Tractor(3)],
                &[Quad],
                &[Tractor(2)],
                &[TwoTriples],
                &[Triple],
            ],
            SeedList::Quad => &[&[Quad], &[Tractor(2)]],
            SeedList::TwoPairs => &[&[Tractor(2), Quad]],
        }
    }

    /// What ranks the rows sharing a head: the pairs of the whole play
    /// (a triple is one, a quad two), as many as the lead's cards hold;
    /// on a quad (list 5) then a triple: "2个对子 → 3个+1个 → 1对+2个单牌".
    pub fn groups(self, size: usize) -> Vec<(u8, u32)> {
        let pairs = (2, (size / 2) as u32);
        match self {
            SeedList::Quad => vec![pairs, (3, 1)],
            _ => vec![pairs],
        }
    }
}

/// Takes `head` from `work` (the highest such cards when `highest`, else
/// the lowest); false, and `work` untouched, when it is not there.
pub fn take_head(order: &Order, si: usize, work: &mut Counts, head: Head, highest: bool) -> bool {
    let (width, len, times) = match head {
        Tractor(len) => (2, len, 1),
        TriplesTractor => (3, 2, 1),
        TwoQuads => (4, 1, 2),
        Quad => (4, 1, 1),
        TwoTriples => (3, 1, 2),
        Triple => (3, 1, 1),
    };
    let before = *work;
    for _ in 0..times {
        let Some(keys) = find_run(order, si, work, width, len, highest) else {
            *work = before;
            return false;
        };
        for &k in &keys {
            work[k as usize] -= width;
        }
    }
    true
}

/// What row heads cards of one play suit hold, read in one pass over its
/// levels (a follow is checked often: no run is searched per head).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct HeadStats {
    /// The longest run of pairs (width ≥ 2), of triples (width ≥ 3).
    pairs_run: u8,
    triples_run: u8,
    /// Keys holding four cards, at least three.
    quads: u8,
    triples: u8,
}

impl HeadStats {
    pub fn of(order: &Order, si: usize, c: &Counts) -> HeadStats {
        let mut st = HeadStats::default();
        let (mut run2, mut run3) = (0u8, 0u8);
        for level in order.levels(si) {
            let mut most = 0;
            for &k in level {
                let n = c[k as usize];
                most = most.max(n);
                st.quads += u8::from(n >= 4);
                st.triples += u8::from(n >= 3);
            }
            run2 = if most >= 2 { run2 + 1 } else { 0 };
            run3 = if most >= 3 { run3 + 1 } else { 0 };
            st.pairs_run = st.pairs_run.max(run2);
            st.triples_run = st.triples_run.max(run3);
        }
        st
    }

    /// Whether the cards hold `head` (what [`take_head`] would take).
    pub fn holds(&self, head: Head) -> bool {
        match head {
            Tractor(len) => self.pairs_run >= len,
            TriplesTractor => self.triples_run >= 2,
            TwoQuads => self.quads >= 2,
            Quad => self.quads >= 1,
            TwoTriples => self.triples >= 2,
            Triple => self.triples >= 1,
        }
    }

    /// The first slice of `heads` holding one of them, as an index.
    pub fn best_slice(&self, heads: &[&[Head]]) -> Option<usize> {
        heads
            .iter()
            .position(|slice| slice.iter().any(|&h| self.holds(h)))
    }
}

/// What a follow must meet: the lead's tractors (longest first) and how
/// many groups of each width (widest first) it holds; or, for a lead of
/// one of the seed's 3.4.5 shapes with 4 decks, that list's row heads and
/// then its pairs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Demands {
    pub tractors: Vec<(u8, u8)>,
    pub groups: Vec<(u8, u32)>,
    pub list: Option<SeedList>,
}

impl Demands {
    pub fn of(lead: &[Unit], lead_counts: &Counts, max_width: u8) -> Demands {
        // Quads exist only with 4 decks: the lists are theirs.
        let list = match lead {
            [one] if max_width == 4 => SeedList::of(one.shape()),
            _ => None,
        };
        if let Some(list) = list {
            return Demands {
                tractors: Vec::new(),
                groups: list.groups(lead[0].cards()),
                list: Some(list),
            };
        }
        let tractors = lead
            .iter()
            .filter(|u| u.is_tractor())
            .map(|u| u.shape())
            .collect();
        let groups = (2..=max_width)
            .rev()
            .map(|w| (w, groups(lead_counts, w)))
            .filter(|&(_, n)| n > 0)
            .collect();
        Demands {
            tractors,
            groups,
            list: None,
        }
    }

    /// How many score entries come before the groups: one per tractor, or
    /// the one row head of a seed list.
    pub fn heads_len(&self) -> usize {
        if self.list.is_some() {
            1
        } else {
            self.tractors.len()
        }
    }

    /// How well cards of the led suit meet the demands, compared
    /// lexicographically: one entry per tractor (greedily, longest first:
    /// the [`meet_score`] of the tractor met, 0 for none), then the
    /// groups of each width, capped at the lead's.
    ///
    /// A tractor of the lead is met by a shorter one when the follower
    /// holds none as long (seed 3.1.4: "其余家有拖拉机必须出拖拉机"; 3.4.5:
    /// on a tractor of four pairs, a tractor of three pairs, then one of
    /// two pairs, before any other pairs), and by a narrower one of the
    /// same length when he holds no wide one (seed 3.3.3: on a tractor of
    /// triples, a tractor of pairs and two more cards comes before two
    /// triples; a longer tractor of quads likewise: triples, then pairs).
    /// On eight-card tractors with 4 decks inside a throw, seed 3.4.5's
    /// lists 1 and 2 ([`meet_tractor`]: two quads rank first, then
    /// tractors of pairs longest first).
    ///
    /// For a lead of a [`SeedList`] shape: first the rank of the best row
    /// head the cards hold (the number of head slices from the bottom, 0
    /// for none), then its groups.
    pub fn score(&self, order: &Order, si: usize, c: &Counts) -> Vec<u32> {
        let mut out = Vec::with_capacity(self.tractors.len() + self.groups.len() + 1);
        if let Some(list) = self.list {
            let heads = list.heads();
            let rank = HeadStats::of(order, si, c)
                .best_slice(heads)
                .map_or(0, |i| heads.len() - i);
            out.push(rank as u32);
            if rank == heads.len() {
                // The best row's heads are the whole lead: nothing more to
                // rank (JJJQQQ holds two pairs, 667788 three, both head list 3).
                out.extend(self.groups.iter().map(|&(_, n)| n));
                return out;
            }
        }
        let mut work = *c;
        for &t in &self.tractors {
            let met = meet_tractor(order, si, &mut work, t, usize::MAX, true);
            out.push(meet_score(t, met));
        }
        for &(w, n) in &self.groups {
            out.push(n.min(groups(c, w)));
        }
        out
    }

    /// The row heads of a seed list's score entry `rank` (see [`Self::score`]).
    pub fn heads_of_rank(&self, rank: u32) -> &'static [Head] {
        let heads = self.list.map_or(&[][..], SeedList::heads);
        heads
            .len()
            .checked_sub(rank as usize)
            .and_then(|i| heads.get(i))
            .copied()
            .unwrap_or(&[])
    }
}

/// How a constructed follow picks among equal choices.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Pick {
    /// The lowest units and fillers (cheapest).
    Low,
    /// The highest units and fillers (to win).
    High,
    /// Low units, fillers with the most points (to feed a partner).
    Points,
}

/// Builds a follow of `size` cards from the follower's cards of the led
/// suit `held` (more than `size` of them), meeting the demands greedily:
/// tractors (or a seed list's best row head) first, then groups widest
/// first, then fillers. Returns keys.
pub fn construct(
    order: &Order,
    si: usize,
    demands: &Demands,
    held: &Counts,
    size: usize,
    pick: Pick,
) -> Counts {
    construct_choice(order, si, demands, held, size, pick, 0)
}

/// [`construct`], taking the `choice`-th head the follower holds among
/// the best row's equal heads of a seed list (the first when there are
/// fewer): every choice is as good, they are the seed's "出牌可选".
pub fn construct_choice(
    order: &Order,
    si: usize,
    demands: &Demands,
    held: &Counts,
    size: usize,
    pick: Pick,
    choice: usize,
) -> Counts {
    let mut work = *held;
    let mut play = [0u8; 54];
    let mut n = 0usize;
    let high = pick == Pick::High;
    if let Some(list) = demands.list {
        let stats = HeadStats::of(order, si, held);
        if let Some(i) = stats.best_slice(list.heads()) {
            let mut held_heads = list.heads()[i].iter().filter(|&&h| stats.holds(h));
            let first = held_heads.clone().next();
            let head = held_heads.nth(choice).or(first).copied();
            let before = work;
            if head.is_some_and(|h| take_head(order, si, &mut work, h, high)) {
                for (k, (&was, &now)) in before.iter().zip(work.iter()).enumerate() {
                    play[k] += was - now;
                    n += (was - now) as usize;
                }
            }
        }
    }
    for &t in &demands.tractors {
        let before = work;
        if let Some((len, width)) = meet_tractor(order, si, &mut work, t, size - n, high) {
            for (k, (&was, &now)) in before.iter().zip(work.iter()).enumerate() {
                play[k] += was - now;
            }
            n += len as usize * width as usize;
        }
    }
    let levels = order.levels(si);
    // The suit's keys in picking order, on the stack.
    let mut ordered = [0u8; 54];
    let mut len = 0;
    let mut put = |k: &u8| {
        ordered[len] = *k;
        len += 1;
    };
    if high {
        levels.iter().rev().flatten().for_each(&mut put);
    } else {
        levels.iter().flatten().for_each(&mut put);
    }
    let ordered = &mut ordered[..len];
    for &(w, want) in &demands.groups {
        if demands.list.is_some() {
            // A group completed from cards already played costs less (a
            // pair taken from a triple made a triple again, list 5).
            while groups(&play, w) < want {
                let cheapest = ordered
                    .iter()
                    .map(|&k| (w - play[k as usize] % w, k))
                    .filter(|&(cost, k)| work[k as usize] >= cost && n + cost as usize <= size)
                    .min_by_key(|&(cost, _)| cost);
                let Some((cost, k)) = cheapest else { break };
                work[k as usize] -= cost;
                play[k as usize] += cost;
                n += cost as usize;
            }
            continue;
        }
        while groups(&play, w) < want && n + w as usize <= size {
            let Some(&k) = ordered.iter().find(|&&k| work[k as usize] >= w) else {
                break;
            };
            work[k as usize] -= w;
            play[k as usize] += w;
            n += w as usize;
        }
    }
    // Fillers: lone cards before breaking groups (cheapest first), or the
    // points first when feeding.
    // The groups are taken: the same slice reordered gives the fillers.
    let fill = ordered;
    if pick == Pick::Points {
        fill.sort_by_key(|&k| std::cmp::Reverse(points(Order::card_of_key(k))));
    }
    for lone_first in [true, false] {
        for &k in fill.iter() {
            while n < size && work[k as usize] > 0 && (!lone_first || work[k as usize] == 1) {
                work[k as usize] -= 1;
                play[k as usize] += 1;
                n += 1;
            }
        }
    }
    play
}

fn points(c: Card) -> i64 {
    super::order::points(c)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{parse_cards, Rank, Suit};

    fn cards(s: &str) -> Vec<Card> {
        parse_cards(&s.split_whitespace().collect::<Vec<_>>()).unwrap()
    }

    fn shapes(o: &Order, si: usize, s: &str, w: u8) -> Vec<(u8, u8)> {
        let mut c = counts_of(o, &cards(s));
        decompose(o, si, &mut c, w)
            .iter()
            .map(|u| u.shape())
            .collect()
    }

    #[test]
    fn the_rules_tractor_examples() {
        let o = Order::new(Rank::Ten, Some(Suit::Hearts), false, false);
        for t in ["SJ SJ BJ BJ", "TH TH SJ SJ", "TS TS TH TH", "AH AH TS TS"] {
            assert_eq!(shapes(&o, 0, t, 2), vec![(2, 2)], "{t}");
        }
        assert_eq!(shapes(&o, 1, "JS JS 9S 9S", 2), vec![(2, 2)]);
        assert_eq!(shapes(&o, 0, "TS TS TC TC", 2), vec![(2, 1), (2, 1)]);
        assert_eq!(shapes(&o, 1, "5S 5S 4S", 2), vec![(2, 1), (1, 1)]);
        let o2 = Order::new(Rank::Ten, Some(Suit::Spades), false, false);
        assert_eq!(shapes(&o2, 2, "AH AH 2H 2H", 2), vec![(2, 1), (2, 1)]);
    }

    /// Seed 3.3.2 (three decks, level 5, trump hearts): 泰坦尼克 and what
    /// is none (555666: the level card is trump, the 6 plain; with no trump
    /// 555555 of two suits are equal ranks).
    #[test]
    fn the_seeds_tractors_of_triples() {
        let o = Order::new(Rank::Five, Some(Suit::Hearts), false, false);
        assert_eq!(shapes(&o, 1, "3S 3S 3S 4S 4S 4S", 3), vec![(3, 2)]);
        assert_eq!(shapes(&o, 1, "4S 4S 4S 6S 6S 6S", 3), vec![(3, 2)]);
        for t in [
            "5S 5S 5S 5H 5H 5H",
            "SJ SJ SJ BJ BJ BJ",
            "AH AH AH 5S 5S 5S",
            "5H 5H 5H SJ SJ SJ",
        ] {
            assert_eq!(shapes(&o, 0, t, 3), vec![(3, 2)], "{t}");
        }
        let no_trump = Order::new(Rank::Five, None, false, false);
        assert_eq!(
            shapes(&no_trump, 0, "5S 5S 5S 5H 5H 5H", 3),
            vec![(3, 1), (3, 1)]
        );
    }

    #[test]
    fn a_mixed_width_lead_is_matched_widest_first_when_needed() {
        let o = Order::new(Rank::Ten, Some(Suit::Hearts), false, false);
        let mut c = counts_of(&o, &cards("9S 9S 8S 8S 5S 5S 5S"));
        let lead = decompose(&o, 1, &mut c, 3);
        let key = |s: &str| format_key(&o, 0, &lead, &counts_of(&o, &cards(s)));
        assert!(key("KH KH KH QH QH JH JH").is_some());
        assert!(key("KH KH QH QH JH JH 3H").is_none());
    }

    #[test]
    fn the_seeds_trumping_examples() {
        let o = Order::new(Rank::Ten, Some(Suit::Hearts), false, false);
        let lead = |s: &str| {
            let mut c = counts_of(&o, &cards(s));
            decompose(&o, 1, &mut c, 2)
        };
        let key = |l: &[Unit], s: &str| format_key(&o, 0, l, &counts_of(&o, &cards(s)));
        assert!(key(&lead("AS KS 5S 5S 4S 4S"), "9H 9H 8H 8H 7H 2H").is_some());
        assert!(key(&lead("AS AS 5S 5S 4S 4S"), "9H 9H 8H 8H 7H 2H").is_none());
        let l = lead("5S 4S 4S");
        assert!(key(&l, "8H 8H 4H") > key(&l, "9H 7H 7H"));
        let l = lead("5S 6S 7S");
        assert!(key(&l, "8H 8H 4H") < key(&l, "9H 7H 7H"));
    }
}
