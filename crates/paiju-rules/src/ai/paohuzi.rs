//! Paohuzi's levels. `easy` is the first, basic bot
//! ([`crate::games::paohuzi::ai::BasicBot`]). `normal` weighs every claim
//! and discard by the hand it leaves: how far it is from seven melds (a
//! shanten-like count — a meld is worth two cards, a two-card start with a
//! live completer one) and how much huxi it holds or may make towards the
//! 15 a win needs, less the danger of the discard (a 碰, 跑 or 吃 it would
//! feed, judged from the cards seen and the others' melds and piles); it
//! decides in microseconds (the best discard is one search over the hand,
//! in which one card is set aside at the cost of its danger). `hard`
//! samples the hidden cards (the others' hands and face-down melds, the
//! wall) consistently with the view, plays `normal`'s best answers out in
//! every world — its discards, and at a 碰 / 吃 question taking or
//! passing — with `normal` at every seat, the same worlds for every
//! answer, and takes the one that wins the most chips; a choice `normal`
//! finds clear is not searched.

use super::{Bot, Level};
use crate::games::paohuzi::ai::BasicBot;
use crate::games::paohuzi::cards::{counts_of, Card, Counts, KINDS};
use crate::games::paohuzi::claims::Player;
use crate::games::paohuzi::engine::{Claim, DiscardTurn, Phase, Step};
use crate::games::paohuzi::events::QuestionKind;
use crate::games::paohuzi::melds::{group_kind, huxi, Meld, MeldKind};
use crate::games::paohuzi::rules::{PaohuziDeal, PaohuziRules, SEATS};
use crate::games::paohuzi::{Action, LiveView, Paohuzi, PaohuziTable, PaohuziView};
use crate::games::{Game, Seat};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashMap;
use std::time::{Duration, Instant};

/// A bot of `level` for the engine's one-by-one questions.
pub fn hand_bot(level: Level, rules: &PaohuziRules) -> Box<dyn Bot<Paohuzi>> {
    match level {
        Level::Easy => Box::new(BasicBot),
        Level::Normal => Box::new(NormalBot),
        Level::Hard => Box::new(HardBot {
            rules: rules.clone(),
            ..HardBot::default()
        }),
    }
}

/// A bot of `level` at a live table (it sees its own question only).
pub fn bot(level: Level, rules: &PaohuziRules) -> Box<dyn Bot<PaohuziTable>> {
    Box::new(LiveBot(hand_bot(level, rules)))
}

/// A hand bot at a live table: the seat's view, whose `asking` is its own
/// question, is the view the hand bot reads.
pub struct LiveBot(pub Box<dyn Bot<Paohuzi>>);

impl Bot<PaohuziTable> for LiveBot {
    fn choose(&mut self, view: &LiveView, legal: &[Action], rng: &mut dyn rand::RngCore) -> Action {
        self.0.choose(&view.hand, legal, rng)
    }

    fn may_block(&self) -> bool {
        self.0.may_block()
    }
}

/// Melds in a winning hand.
const MELDS: usize = 7;
/// What a complete meld is worth: the two cards a start would still need.
const MELD: f64 = 2.0;
/// What a start (two cards of a meld) with a live completer is worth.
const START: f64 = 1.0;
/// What one huxi is worth against a card of distance: 15 are needed, and
/// each 3 above 12 is a tun more.
const HUXI: f64 = 0.2;
/// What the one-pass discard search's choice may fall short of the best
/// when each discard is valued alone: sums taken in another order differ
/// in the last bits, and a claim is taken only when it is better by 1e-9.
#[cfg(test)]
const SUM_SLACK: f64 = 1e-6;

/// The memo's hasher: its keys are packed counts, already well spread
/// by one multiplication (the default SipHash cost more than the
/// valuation it saved).
#[derive(Default)]
struct KeyHasher(u64);

impl std::hash::Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(5) ^ u64::from(b)).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
    }

    fn write_u64(&mut self, k: u64) {
        self.0 = (k ^ (k >> 29)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

type Memo = HashMap<u64, BySlots, std::hash::BuildHasherDefault<KeyHasher>>;

/// One way to place the first card left (in [`ORDER`]) in a split: the
/// cards it takes (that card first) and what they are worth. A card alone
/// takes no place of the seven; a start or a meld takes one.
#[derive(Clone, Copy)]
struct Place {
    cards: [Card; 3],
    len: usize,
    worth: f64,
}

impl Place {
    fn new(cards: &[Card], worth: f64) -> Place {
        let mut all = [cards[0]; 3];
        all[..cards.len()].copy_from_slice(cards);
        Place {
            cards: all,
            len: cards.len(),
            worth,
        }
    }

    /// `rest` less the place's cards; `None` if one is missing.
    fn taken_from(&self, rest: &Counts) -> Option<Counts> {
        let mut r = *rest;
        for x in &self.cards[..self.len] {
            let n = &mut r[x.index()];
            *n = n.checked_sub(1)?;
        }
        Some(r)
    }
}

/// At most this many ways to place a card (see [`Valuer::places_of`]).
const MAX_PLACES: usize = 12;

/// A split's value with 0, 1, … 7 places of the seven left.
type BySlots = [f64; MELDS + 1];

/// A memo entry of [`Valuer::split_less_one`]: the values and the cards
/// set aside (`NO_CARD`: none could be), by the places left.
type LessOne = (BySlots, [u8; MELDS + 1]);
const NO_CARD: u8 = u8::MAX;

/// How the viewer's hand is valued: the cards it has not seen (the
/// completers a start may still get).
struct Valuer {
    unseen: Counts,
    /// Every way each card may be placed as the first of its group, in
    /// the order they are tried (the first of equal values is kept):
    /// they depend only on the unseen cards, so they are worked out once.
    places: Vec<([Place; MAX_PLACES], usize)>,
    memo: Memo,
    /// [`Valuer::split_less_one`]'s memo, for the costs in `less_costs`.
    less_memo: HashMap<u64, LessOne, std::hash::BuildHasherDefault<KeyHasher>>,
    less_costs: [f64; KINDS],
}

/// The order a split places cards in: by number, the small card before
/// the big (一 壹 二 贰 …). A group's first card in it is the one whose
/// places list it (the melds across the cases start at the small card), and
/// all but 二七十 span a few places: what is left after the first cards is
/// then the untouched tail and a few cards changed near its start, so the
/// memo holds a few states a place. Small first, the big half was left
/// changed in every combination the small cards' groups across the cases
/// took from it (up to 4 ms for a 21-card hand).
const ORDER: [usize; KINDS] = {
    let mut order = [0; KINDS];
    let mut i = 0;
    while i < KINDS {
        order[i] = if i % 2 == 0 { i / 2 } else { 10 + i / 2 };
        i += 1;
    }
    order
};

/// The first card of `rest` in [`ORDER`].
fn first_card(rest: &Counts) -> Option<usize> {
    ORDER.iter().copied().find(|&i| rest[i] > 0)
}

fn key(c: &Counts) -> u64 {
    c.iter().fold(0u64, |k, &n| (k << 3) | u64::from(n))
}

fn card(big: bool, n: u8) -> Option<Card> {
    Card::new(big, n)
}

impl Valuer {
    fn new(unseen: Counts) -> Valuer {
        let mut v = Valuer {
            unseen,
            places: Vec::with_capacity(KINDS),
            memo: Memo::with_capacity_and_hasher(512, Default::default()),
            less_memo: HashMap::with_capacity_and_hasher(512, Default::default()),
            less_costs: [f64::NAN; KINDS],
        };
        v.places = Card::all().map(|c| v.places_of(c)).collect();
        v
    }

    /// How likely a start waiting on `waits` is to be completed: a dead
    /// start (every completer seen) is worth little.
    fn live(&self, waits: &[Option<Card>]) -> f64 {
        let n: u32 = waits
            .iter()
            .flatten()
            .map(|c| u32::from(self.unseen[c.index()]))
            .sum();
        match n {
            0 => 0.1,
            1 => 0.55,
            2 => 0.8,
            _ => 1.0,
        }
    }

    /// Every group `c` may be the first card of, with its worth: alone,
    /// the melds, then the starts (two cards of a meld, worth the chance
    /// of their completer).
    fn places_of(&self, c: Card) -> ([Place; MAX_PLACES], usize) {
        let mut out = [Place::new(&[c], 0.0); MAX_PLACES];
        let mut n_out = 1;
        let mut add = |cards: &[Card], worth: f64| {
            out[n_out] = Place::new(cards, worth);
            n_out += 1;
        };
        let big = c.is_big();
        let n = c.number();
        // A sequence's huxi: 一二三 and 二七十 only.
        let red_or_first = if big { 6.0 } else { 3.0 } * HUXI;
        // Melds with it as the lowest card.
        if let (Some(b), Some(d)) = (card(big, n + 1), card(big, n + 2)) {
            let hx = if n == 1 { red_or_first } else { 0.0 };
            add(&[c, b, d], MELD + hx);
        }
        if n == 2 {
            let (s, t) = (card(big, 7).unwrap(), card(big, 10).unwrap());
            add(&[c, s, t], MELD + red_or_first);
        }
        if !big {
            let o = c.other_case();
            add(&[c, c, o], MELD);
            add(&[c, o, o], MELD);
        }
        // Starts with it as the lowest card.
        {
            let o = c.other_case();
            // A pair: a 碰 / 偎 / 坎 on the same card, a 绞 on the other case.
            let w = self.live(&[Some(c), Some(o)]);
            let pair_hx = if big { 4.0 } else { 2.0 } * HUXI;
            add(&[c, c], START * w + pair_hx * w);
            if !big {
                let w = self.live(&[Some(c), Some(o)]);
                add(&[c, o], START * w);
            }
        }
        if let Some(b) = card(big, n + 1) {
            let lo = card(big, n.wrapping_sub(1));
            let hi = card(big, n + 2);
            let w = self.live(&[lo, hi]);
            // 一二 waits on 三 for huxi (二三 on 一 too, half the time).
            let h = match n {
                1 => 1.0,
                2 => 0.5,
                _ => 0.0,
            } * (if big { 6.0 } else { 3.0 })
                * HUXI;
            add(&[c, b], START * w + h * w);
        }
        if let Some(d) = card(big, n + 2) {
            let mid = card(big, n + 1);
            let w = self.live(&[mid]);
            let h = if n == 1 {
                (if big { 6.0 } else { 3.0 }) * HUXI
            } else {
                0.0
            };
            add(&[c, d], START * w + h * w);
        }
        for (a, b, wait) in [(2, 7, 10), (2, 10, 7), (7, 10, 2)] {
            if n == a {
                let other = card(big, b).unwrap();
                let w = self.live(&[card(big, wait)]);
                let h = (if big { 6.0 } else { 3.0 }) * HUXI;
                add(&[c, other], (START + h) * w);
            }
        }
        (out, n_out)
    }

    /// A hand with `laid` melds laid out worth `laid_huxi`, its 坎 kept
    /// whole: what those are worth, the cards left to split and the places
    /// of the seven left for them.
    fn kept(&self, hand: &Counts, laid: usize, laid_huxi: u32) -> (f64, Counts, usize) {
        let mut rest = *hand;
        let mut v = laid as f64 * MELD + f64::from(laid_huxi) * HUXI;
        let mut slots = MELDS.saturating_sub(laid);
        for c in Card::all() {
            if rest[c.index()] >= 3 {
                rest[c.index()] -= 3;
                v += MELD + f64::from(huxi(MeldKind::Kan, &[c])) * HUXI;
                slots = slots.saturating_sub(1);
            }
        }
        (v, rest, slots)
    }

    /// The value of a hand with `laid` melds laid out worth `laid_huxi`:
    /// its 坎 kept whole, the rest split for the most value.
    fn value(&mut self, hand: &Counts, laid: usize, laid_huxi: u32) -> f64 {
        let (v, rest, slots) = self.kept(hand, laid, laid_huxi);
        v + self.split(&rest, slots)
    }

    /// The best discard of `hand` (laid out as for [`Valuer::value`]) and
    /// the value of the hand it leaves less its cost: the card may be any
    /// whose `costs` is finite (never one of a 坎). `None` when none may go.
    fn value_less_one(
        &mut self,
        hand: &Counts,
        laid: usize,
        laid_huxi: u32,
        costs: &[f64; KINDS],
    ) -> Option<(Card, f64)> {
        let (v, rest, slots) = self.kept(hand, laid, laid_huxi);
        if costs
            .iter()
            .zip(&self.less_costs)
            .any(|(a, b)| a.to_bits() != b.to_bits())
        {
            self.less_memo.clear();
            self.less_costs = *costs;
        }
        let (values, cards) = self.split_less_one(&rest);
        let slots = slots.min(MELDS);
        (cards[slots] != NO_CARD).then(|| {
            (
                Card::from_index(usize::from(cards[slots])),
                v + values[slots],
            )
        })
    }

    /// The best split of `rest` into at most `slots` melds and starts (a
    /// hand has seven melds: more starts than places left are worth
    /// nothing) and single cards.
    fn split(&mut self, rest: &Counts, slots: usize) -> f64 {
        self.splits(rest)[slots.min(MELDS)]
    }

    /// [`Valuer::split`] for every number of places left at once: the first
    /// card left in [`ORDER`] is placed every way, memoised by the cards
    /// alone (the same cards are reached with different places left, and
    /// the values for all of them cost one visit).
    fn splits(&mut self, rest: &Counts) -> BySlots {
        let Some(i) = first_card(rest) else {
            return [0.0; MELDS + 1];
        };
        let k = key(rest);
        if let Some(v) = self.memo.get(&k) {
            return *v;
        }
        let (places, n) = self.places[i];
        let mut best = [f64::MIN; MELDS + 1];
        best[0] = 0.0;
        for p in &places[..n] {
            if let Some(r) = p.taken_from(rest) {
                let child = self.splits(&r);
                let used = usize::from(p.len > 1);
                for s in 1..=MELDS {
                    let v = p.worth + child[s - used];
                    if v > best[s] {
                        best[s] = v;
                    }
                }
            }
        }
        self.memo.insert(k, best);
        best
    }

    /// The best over the cards `c` of `rest` whose cost is finite of
    /// `split(rest − c) − cost(c)`, and that card, for every number of
    /// places left: one search in which a card may be set aside once, at
    /// its cost, instead of one split per card. The first card left is set
    /// aside or placed every way, as in [`Valuer::splits`]; the costs are
    /// `less_costs`.
    fn split_less_one(&mut self, rest: &Counts) -> LessOne {
        let mut best = ([f64::NEG_INFINITY; MELDS + 1], [NO_CARD; MELDS + 1]);
        let Some(i) = first_card(rest) else {
            return best;
        };
        let k = key(rest);
        if let Some(v) = self.less_memo.get(&k) {
            return *v;
        }
        let cost = self.less_costs[i];
        if cost.is_finite() {
            let mut r = *rest;
            r[i] -= 1;
            let child = self.splits(&r);
            best.0 = child.map(|v| v - cost);
            best.1 = [i as u8; MELDS + 1];
        }
        // No place left: every card left is single, the cheapest goes.
        for (j, (&n, &cost)) in rest.iter().zip(&self.less_costs).enumerate() {
            if j != i && n > 0 && cost.is_finite() && -cost > best.0[0] {
                best.0[0] = -cost;
                best.1[0] = j as u8;
            }
        }
        let (places, n) = self.places[i];
        for p in &places[..n] {
            if let Some(r) = p.taken_from(rest) {
                let child = self.split_less_one(&r);
                let used = usize::from(p.len > 1);
                for s in 1..=MELDS {
                    let v = p.worth + child.0[s - used];
                    if v > best.0[s] {
                        best.0[s] = v;
                        best.1[s] = child.1[s - used];
                    }
                }
            }
        }
        self.less_memo.insert(k, best);
        best
    }
}

/// What the viewer knows of the table, read once per decision.
struct Table<'a> {
    view: &'a PaohuziView,
    me: Seat,
    hand: Counts,
    laid: usize,
    laid_huxi: u32,
    unseen: Counts,
    /// Whether the best discard is found in one search (always, but in the
    /// test that checks it against valuing every discard alone).
    prune: bool,
}

impl<'a> Table<'a> {
    fn read(view: &'a PaohuziView) -> Option<Table<'a>> {
        let me = view.viewer?;
        let mine = &view.players[me];
        let unseen = view.unseen()?;
        Some(Table {
            view,
            me,
            hand: counts_of(&view.my_hand()),
            laid: mine.melds.len(),
            laid_huxi: mine.huxi.unwrap_or(mine.visible_huxi),
            unseen,
            prune: true,
        })
    }

    /// How much a discard of `c` may feed the others: a 跑 onto a 臭偎 or a
    /// hidden 坎, a 碰 onto a pair, a 吃 by the next seat; less against a
    /// seat that has let an identical card go (it lies by him), and more
    /// against a seat whose melds already hold much huxi.
    fn danger(&self, c: Card) -> f64 {
        let u = self.unseen[c.index()];
        let mut d = 0.0;
        for p in &self.view.players {
            if p.seat == self.me {
                continue;
            }
            let close = 1.0 + f64::from(p.visible_huxi.min(15)) / 15.0;
            let let_go = p.pile.contains(&c);
            let chou_wei = p
                .melds
                .iter()
                .any(|m| m.kind == MeldKind::ChouWei && m.shown == Some(c));
            if chou_wei {
                d += 1.5 * close;
                continue;
            }
            if let_go {
                continue;
            }
            let share = p.hand_count as f64 / 20.0;
            if u >= 2 {
                let h = if c.is_big() { 0.5 } else { 0.3 };
                d += h * share * close * f64::from(u - 1) / 3.0;
            }
            if p.seat == (self.me + 1) % SEATS {
                d += 0.15 * share * close;
            }
        }
        d
    }

    /// The best of the discards `cands` from `hand` (laid out `laid`,
    /// `laid_huxi`) and the value it leaves, danger counted; `None` when
    /// none may go.
    ///
    /// One search over the hand, in which one card is set aside at the
    /// cost of its danger ([`Valuer::value_less_one`]), instead of a
    /// valuation of the hand each discard leaves: the dealer's first
    /// discard from 21 cards took up to 4 ms that way. Without `prune`
    /// (the test that checks the search) every discard is valued alone.
    fn best_of(
        &self,
        valuer: &mut Valuer,
        hand: &Counts,
        laid: usize,
        laid_huxi: u32,
        cands: impl Iterator<Item = Card>,
    ) -> Option<(Card, f64)> {
        if self.prune {
            let mut costs = [f64::INFINITY; KINDS];
            for c in cands {
                costs[c.index()] = self.danger(c);
            }
            return valuer.value_less_one(hand, laid, laid_huxi, &costs);
        }
        let mut best: Option<(Card, f64)> = None;
        for c in cands {
            let mut h = *hand;
            h[c.index()] = h[c.index()].saturating_sub(1);
            let v = valuer.value(&h, laid, laid_huxi) - self.danger(c);
            // Ties go to the lower card, as in the full ranking.
            if best.is_none_or(|(bc, bv)| v > bv || (v == bv && c < bc)) {
                best = Some((c, v));
            }
        }
        best
    }

    /// The best discard from `hand` (laid out `laid`, `laid_huxi`) and the
    /// value it leaves, danger counted; `None` when no card may go.
    fn best_discard(
        &self,
        valuer: &mut Valuer,
        hand: &Counts,
        laid: usize,
        laid_huxi: u32,
    ) -> Option<(Card, f64)> {
        // Searched, any card may be set aside: a 坎's are kept whole before
        // the search sees the hand. The costs are then the same for every
        // hand a claim may leave, and so is the search's memo.
        if self.prune {
            return self.best_of(valuer, hand, laid, laid_huxi, Card::all());
        }
        let cands = Card::all().filter(|c| matches!(hand[c.index()], 1 | 2));
        self.best_of(valuer, hand, laid, laid_huxi, cands)
    }

    /// The value of the hand after taking in: with a discard if one is due
    /// (`f64::MIN` when no card may go: the take is not worth it).
    fn after_take(
        &self,
        valuer: &mut Valuer,
        hand: &Counts,
        laid: usize,
        laid_huxi: u32,
        due: bool,
    ) -> f64 {
        if due {
            self.best_discard(valuer, hand, laid, laid_huxi)
                .map_or(f64::MIN, |(_, v)| v)
        } else {
            valuer.value(hand, laid, laid_huxi)
        }
    }

    /// Whether taking one more card in makes a discard due (the rules'
    /// 20 + max(0, k − 1)).
    fn due_after_take_in(&self) -> bool {
        let mine = &self.view.players[self.me];
        let fours = mine.melds.iter().filter(|m| m.kind.is_four()).count();
        let total = mine.hand_count + mine.melds.iter().map(|m| m.count).sum::<usize>();
        total + 1 > 20 + fours.saturating_sub(1)
    }
}

/// Actions with `normal`'s values, best first.
type Ranked = Vec<(Action, f64)>;

/// The `normal` level: claims and discards by the hand they leave.
#[derive(Clone, Copy, Debug, Default)]
pub struct NormalBot;

impl NormalBot {
    /// The action `normal` takes, with the values of the discards or claim
    /// answers when `rank_all` asks for them (best first), for `hard` to
    /// search among; without `rank_all` only the best is sought (one
    /// search, a best action).
    fn decide(view: &PaohuziView, legal: &[Action], rank_all: bool) -> (Action, Ranked) {
        Self::decide_searching(view, legal, rank_all, true)
    }

    /// [`NormalBot::decide`], with the one-search discard on or off
    /// (`prune`).
    fn decide_searching(
        view: &PaohuziView,
        legal: &[Action],
        rank_all: bool,
        prune: bool,
    ) -> (Action, Ranked) {
        if legal.contains(&Action::Hu) {
            return (Action::Hu, Vec::new());
        }
        let Some(mut t) = Table::read(view) else {
            return (legal[0].clone(), Vec::new());
        };
        t.prune = prune;
        let mut valuer = Valuer::new(t.unseen);
        let pass = legal.iter().find(|a| **a == Action::Pass).cloned();
        match view.asking.map(|a| a.question) {
            Some(QuestionKind::Discard) if !rank_all => {
                let cands = legal.iter().filter_map(|a| match a {
                    Action::Discard(c) => Some(*c),
                    _ => None,
                });
                let best = t.best_of(&mut valuer, &t.hand, t.laid, t.laid_huxi, cands);
                let action = best.map_or_else(|| legal[0].clone(), |(c, _)| Action::Discard(c));
                (action, Vec::new())
            }
            Some(QuestionKind::Discard) => {
                let mut scored: Vec<(Card, f64)> = legal
                    .iter()
                    .filter_map(|a| match a {
                        Action::Discard(c) => {
                            let mut h = t.hand;
                            h[c.index()] = h[c.index()].saturating_sub(1);
                            let v = valuer.value(&h, t.laid, t.laid_huxi) - t.danger(*c);
                            Some((*c, v))
                        }
                        _ => None,
                    })
                    .collect();
                scored.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
                let action = scored
                    .first()
                    .map_or_else(|| legal[0].clone(), |(c, _)| Action::Discard(*c));
                let ranked = scored
                    .into_iter()
                    .map(|(c, v)| (Action::Discard(c), v))
                    .collect();
                (action, ranked)
            }
            Some(QuestionKind::Peng) | Some(QuestionKind::Chi) => {
                let Some(taken) = view.card else {
                    return (pass.unwrap_or_else(|| legal[0].clone()), Vec::new());
                };
                let due = t.due_after_take_in();
                // Letting it go: the hand as it is; a pair passed on is 臭
                // for later 碰 (a 偎 still comes), a little less worth.
                let mut stay = valuer.value(&t.hand, t.laid, t.laid_huxi);
                if legal.contains(&Action::Peng) {
                    stay -= 0.3;
                }
                let mut best = (stay, pass.clone());
                let mut ranked: Ranked = pass.iter().map(|p| (p.clone(), stay)).collect();
                for a in legal {
                    let v = match a {
                        Action::Peng => {
                            let mut h = t.hand;
                            h[taken.index()] -= 2;
                            let hx = huxi(MeldKind::Peng, &[taken]);
                            t.after_take(&mut valuer, &h, t.laid + 1, t.laid_huxi + hx, due)
                        }
                        Action::Chi(groups) => {
                            let mut h = t.hand;
                            h[taken.index()] += 1;
                            let mut ok = true;
                            let mut hx = 0;
                            for g in groups {
                                for c in g {
                                    if h[c.index()] == 0 {
                                        ok = false;
                                    } else {
                                        h[c.index()] -= 1;
                                    }
                                }
                                hx += group_kind(g).map_or(0, |k| huxi(k, g));
                            }
                            if !ok {
                                continue;
                            }
                            t.after_take(
                                &mut valuer,
                                &h,
                                t.laid + groups.len(),
                                t.laid_huxi + hx,
                                due,
                            )
                        }
                        _ => continue,
                    };
                    if rank_all {
                        ranked.push((a.clone(), v));
                    }
                    if v > best.0 + 1e-9 {
                        best = (v, Some(a.clone()));
                    }
                }
                if !rank_all {
                    ranked.clear();
                }
                // Stable: equal values keep the legal order.
                ranked.sort_by(|a, b| b.1.total_cmp(&a.1));
                (best.1.or(pass).unwrap_or_else(|| legal[0].clone()), ranked)
            }
            _ => (pass.unwrap_or_else(|| legal[0].clone()), Vec::new()),
        }
    }
}

impl Bot<Paohuzi> for NormalBot {
    fn choose(
        &mut self,
        view: &PaohuziView,
        legal: &[Action],
        _rng: &mut dyn rand::RngCore,
    ) -> Action {
        NormalBot::decide(view, legal, false).0
    }
}

/// The `hard` level: `normal`'s best answers (discards, and 碰 / 吃 / pass
/// at a claim) played out in sampled worlds.
#[derive(Clone, Debug)]
pub struct HardBot {
    /// The table's rules (the score a world's hand ends with).
    pub rules: PaohuziRules,
    /// Worlds sampled per decision (the same worlds for every candidate,
    /// so that the cards' luck cancels between them).
    pub worlds: usize,
    /// Answers searched: `normal`'s choice and its next best.
    pub candidates: usize,
    /// Only answers within this much of `normal`'s best value are
    /// searched: a clear choice is `normal`'s at once (a meld is worth 2).
    pub margin: f64,
    /// Wall-clock cap of one decision's search: it only stops the search
    /// early under load (the worlds are seeded, the same every time).
    pub budget: Duration,
}

impl Default for HardBot {
    fn default() -> HardBot {
        HardBot {
            rules: PaohuziRules::default(),
            worlds: 24,
            candidates: 3,
            margin: 1.0,
            budget: Duration::from_millis(200),
        }
    }
}

/// A hand consistent with `view` at the viewer's discard or at its 碰 / 吃
/// question: the hidden cards (the others' hands and face-down 偎 / 提,
/// the wall) dealt at random from those the viewer has not seen. `None`
/// when the view does not add up (it always does for a real view at a
/// discard), or when the deal is not one the viewer could be asked in (a
/// seat ahead would have made its 跑 on the card in question).
pub fn sample_world(
    view: &PaohuziView,
    rules: &PaohuziRules,
    rng: &mut dyn rand::RngCore,
) -> Option<Paohuzi> {
    let me = view.viewer?;
    // The card in question counts as seen, but it is nobody's yet.
    let mut pool = view.unseen()?;
    let claim = match (view.card, view.origin, view.asking) {
        (None, _, _) => None,
        (Some(card), Some(origin), Some(asking)) if asking.seat == me => {
            let step = match asking.question {
                QuestionKind::Peng => Step::Peng(me),
                QuestionKind::Chi => Step::Chi(me),
                _ => return None,
            };
            Some((card, origin, step))
        }
        _ => return None,
    };
    let mut players = Vec::with_capacity(SEATS);
    let mut hidden: Vec<(Seat, usize, usize)> = Vec::new();
    for p in &view.players {
        let mut melds = Vec::new();
        for (i, m) in p.melds.iter().enumerate() {
            match (&m.cards, m.shown) {
                (Some(cards), _) => melds.push(Meld {
                    kind: m.kind,
                    cards: cards.clone(),
                    huxi: m.huxi.unwrap_or_else(|| huxi(m.kind, cards)),
                }),
                (None, Some(c)) => melds.push(Meld::of_same(m.kind, c, m.count)),
                (None, None) => {
                    // Filled below, once the kinds are drawn.
                    hidden.push((p.seat, i, m.count));
                    melds.push(Meld::of_same(m.kind, Card::from_index(0), m.count));
                }
            }
        }
        let mut player = Player::new([0; KINDS]);
        player.melds = melds;
        player.pile = p.pile.clone();
        if p.seat == me {
            player.hand = counts_of(p.hand.as_ref()?);
            for c in p.barred.iter().flatten() {
                player.chou[c.index()] = true;
                player.discarded[c.index()] = true;
            }
        } else {
            for c in &p.pile {
                player.discarded[c.index()] = true;
            }
        }
        players.push(player);
    }
    // Face-down melds first: a kind with enough unseen copies.
    for (seat, i, count) in hidden {
        let kinds: Vec<usize> = (0..KINDS).filter(|&k| pool[k] as usize >= count).collect();
        let k = *kinds.choose(rng)?;
        pool[k] -= count as u8;
        let m = &mut players[seat].melds[i];
        *m = Meld::of_same(m.kind, Card::from_index(k), count);
    }
    let mut cards: Vec<Card> = Card::all()
        .flat_map(|c| std::iter::repeat_n(c, pool[c.index()] as usize))
        .collect();
    cards.shuffle(rng);
    let mut at = 0;
    for p in &view.players {
        if p.seat == me {
            continue;
        }
        let take = cards.get(at..at + p.hand_count)?;
        at += p.hand_count;
        let mut hand = counts_of(take);
        // Four of a kind in a hand would have been laid out as a 提: move
        // the fourth to the wall's part of the pool, for a card that makes
        // no fourth (tried from the rest of the pool in turn).
        while let Some(k) = (0..KINDS).find(|&k| hand[k] >= 4) {
            hand[k] = 3;
            let pos = cards[at..]
                .iter()
                .position(|c| c.index() != k && hand[c.index()] < 3)?;
            let swap = cards[at + pos];
            cards[at + pos] = Card::from_index(k);
            hand[swap.index()] += 1;
        }
        players[p.seat].hand = hand;
    }
    // The 记牌器 may count a card of a face-down meld as unseen (a 臭偎
    // made 提 shows nothing): such surplus cards are left out.
    let wall: Vec<Card> = cards.get(at..at + view.wall)?.to_vec();
    // The deck: whatever came before (never read again), then the wall.
    let mut deck = vec![view.shown_card; 80 - wall.len()];
    deck.extend(&wall);
    let mut world = Paohuzi {
        rules: rules.clone(),
        deal: PaohuziDeal {
            deck,
            dealer: view.dealer,
            drawn_in_a_row: 0,
            together: false,
        },
        players,
        next_card: 80 - view.wall,
        phase: Phase::Discard(DiscardTurn { seat: me }),
        actions: Vec::new(),
        opening: Vec::new(),
    };
    if let Some((card, origin, step)) = claim {
        // The questions on the card as this deal would ask them; those
        // before the viewer's were declined.
        let steps = world.steps_for(card, origin);
        let at = steps.iter().position(|s| *s == step)?;
        world.phase = Phase::Claim(Claim {
            card,
            origin,
            steps,
            at,
        });
    }
    Some(world)
}

/// Plays `game` to its end with `normal` at every seat; the seat's score
/// (its points, a win a little more than its points).
fn play_out(mut game: Paohuzi, seat: Seat) -> f64 {
    // `normal` draws nothing at random.
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    let mut steps = 0;
    while let Some(s) = game.waiting_on().first().copied() {
        let legal = game.legal_actions(s);
        let view = game.view(Some(s));
        let a = NormalBot.choose(&view, &legal, &mut rng);
        if game.apply(s, &a).is_err() || steps > 400 {
            return 0.0;
        }
        steps += 1;
    }
    game.outcome_typed().map_or(0.0, |o| {
        o.deltas[seat] as f64 + if o.winner == Some(seat) { 1.0 } else { 0.0 }
    })
}

impl HardBot {
    /// The answers to search: `normal`'s choice first, then its next best
    /// within the margin.
    fn candidates(&self, action: &Action, ranked: &Ranked) -> Vec<Action> {
        let mut cands = vec![action.clone()];
        let Some(top) = ranked.first().map(|r| r.1) else {
            return cands;
        };
        for (a, v) in ranked {
            if cands.len() >= self.candidates || *v < top - self.margin {
                break;
            }
            if a != action {
                cands.push(a.clone());
            }
        }
        cands
    }
}

impl Bot<Paohuzi> for HardBot {
    fn choose(
        &mut self,
        view: &PaohuziView,
        legal: &[Action],
        rng: &mut dyn rand::RngCore,
    ) -> Action {
        let (action, ranked) = NormalBot::decide(view, legal, true);
        let Some(me) = view.viewer else {
            return action;
        };
        let mut cands = self.candidates(&action, &ranked);
        if cands.len() < 2 {
            return action;
        }
        let started = Instant::now();
        let mut totals = vec![0.0; cands.len()];
        let mut seeds = ChaCha8Rng::seed_from_u64(rng.gen());
        let (mut worlds, mut tries) = (0, 0);
        // A claim's world may be refused (a 跑 ahead): a few tries each.
        while worlds < self.worlds
            && tries < 4 * self.worlds
            && (worlds == 0 || started.elapsed() < self.budget)
        {
            tries += 1;
            let mut world_rng = ChaCha8Rng::seed_from_u64(seeds.gen());
            let Some(world) = sample_world(view, &self.rules, &mut world_rng) else {
                continue;
            };
            worlds += 1;
            for (a, total) in cands.iter().zip(totals.iter_mut()) {
                let mut g = world.clone();
                if g.apply(me, a).is_err() {
                    *total = f64::NEG_INFINITY;
                    continue;
                }
                *total += play_out(g, me);
            }
        }
        // Ties go to normal's order.
        let best = (0..cands.len())
            .max_by(|&a, &b| totals[a].total_cmp(&totals[b]).then(b.cmp(&a)))
            .unwrap_or(0);
        cands.swap_remove(best)
    }

    fn may_block(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::paohuzi::cards::full_deck;
    use crate::games::paohuzi::engine::Origin;
    use crate::games::paohuzi::split::{best_split, Source, MIN_HUXI};

    fn cards(s: &str) -> Vec<Card> {
        s.split_whitespace().map(|c| c.parse().unwrap()).collect()
    }

    /// A hand in progress: the three hands, seat 1's melds, the phase; the
    /// wall the cards nobody holds.
    fn position(hands: [&str; 3], melds_of_1: Vec<Meld>, phase: Phase) -> Paohuzi {
        let mut pool = [4u8; KINDS];
        let mut players: Vec<Player> = hands
            .iter()
            .map(|h| {
                let hand = counts_of(&cards(h));
                for (p, n) in pool.iter_mut().zip(hand) {
                    *p -= n;
                }
                Player::new(hand)
            })
            .collect();
        for m in &melds_of_1 {
            for c in &m.cards {
                pool[c.index()] -= 1;
            }
        }
        players[1].melds = melds_of_1;
        let wall: Vec<Card> = Card::all()
            .flat_map(|c| std::iter::repeat_n(c, pool[c.index()] as usize))
            .take(19)
            .collect();
        let mut deck = full_deck()[..80 - wall.len()].to_vec();
        deck.extend(&wall);
        Paohuzi {
            rules: PaohuziRules::default(),
            deal: PaohuziDeal {
                deck,
                dealer: 0,
                drawn_in_a_row: 0,
                together: false,
            },
            players,
            next_card: 80 - wall.len(),
            phase,
            actions: Vec::new(),
            opening: Vec::new(),
        }
    }

    fn decide(level: Level, game: &Paohuzi, seat: Seat) -> Action {
        let legal = game.legal_actions(seat);
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        hand_bot(level, &game.rules).choose(&game.view(Some(seat)), &legal, &mut rng)
    }

    const OTHERS: [&str; 2] = [
        "x1 x1 x2 x2 x3 x4 x5 x6 x7 x8 d1 d2 d3 d4 d6 d7 d8 d9 d10 x10",
        "x3 x4 x5 x6 x7 x8 x10 x10 d1 d2 d3 d4 d6 d7 d8 d9 d10 d10 x7 x8",
    ];

    /// Every level wins on a card that completes seven melds of 15 huxi.
    #[test]
    fn a_win_offered_is_taken() {
        // 坎 壹…: 伍伍伍 6, 壹贰叁 6, 一二三 3, 四五六, 七八九, 陆柒捌, and
        // 玖拾 waiting on 捌.
        let hand = "d5 d5 d5 d1 d2 d3 x1 x2 x3 x4 x5 x6 x7 x8 x9 d6 d7 d8 d9 d10";
        let d8: Card = "d8".parse().unwrap();
        let win = best_split(&counts_of(&cards(hand)), &[], Some((d8, Source::Other)))
            .expect("the position is a win");
        assert!(win.huxi >= MIN_HUXI, "{}", win.huxi);
        let game = position(
            [hand, OTHERS[0], OTHERS[1]],
            Vec::new(),
            Phase::Claim(Claim {
                card: d8,
                origin: Origin::Drawn(1),
                steps: vec![Step::Hu(0)],
                at: 0,
            }),
        );
        for level in Level::ALL {
            assert_eq!(decide(level, &game, 0), Action::Hu, "{level:?}");
        }
    }

    /// With two lone cards of equal use, `normal` does not discard the one
    /// an opponent's 臭偎 shows (it would make his 跑 at once).
    #[test]
    fn no_discard_into_an_opponents_visible_wait() {
        let hand = "d5 d5 d5 d1 d2 d3 x1 x2 x3 x4 x5 x6 x9 d8";
        let x9: Card = "x9".parse().unwrap();
        let game = position(
            [hand, OTHERS[0], "x3 x4 x5 x6 x7 x8 x10 x10 d1 d2"],
            vec![Meld::of_same(MeldKind::ChouWei, x9, 3)],
            Phase::Discard(DiscardTurn { seat: 0 }),
        );
        let legal = game.legal_actions(0);
        assert!(legal.contains(&Action::Discard(x9)));
        assert_eq!(
            decide(Level::Normal, &game, 0),
            Action::Discard("d8".parse().unwrap())
        );
        // The two lone cards weigh alike but for their danger: the 跑 is
        // what tips it, by more than a 碰 or 吃 the other might feed.
        let (_, scored) = NormalBot::decide(&game.view(Some(0)), &legal, true);
        let value = |c: &str| {
            let c: Card = c.parse().unwrap();
            scored.iter().find(|s| s.0 == Action::Discard(c)).unwrap().1
        };
        assert!(value("d8") > value("x9") + 0.5, "{scored:?}");
    }

    /// `normal` discards a lone card, never one of a finished meld.
    #[test]
    fn discards_keep_the_melds() {
        let hand = "d5 d5 d5 d1 d2 d3 x1 x2 x3 x4 x5 x6 d7 d7 x9";
        let game = position(
            [hand, OTHERS[0], OTHERS[1]],
            Vec::new(),
            Phase::Discard(DiscardTurn { seat: 0 }),
        );
        assert_eq!(
            decide(Level::Normal, &game, 0),
            Action::Discard("x9".parse().unwrap())
        );
    }

    /// A 碰 of a big pair (3 huxi and a meld, for a lone card) is taken.
    #[test]
    fn a_big_peng_is_taken() {
        let hand = "d5 d5 d5 d10 d10 x1 x2 x3 x4 x5 x6 x9 d7";
        let d10: Card = "d10".parse().unwrap();
        let game = position(
            [hand, OTHERS[0], "x3 x4 x5 x6 x7 x8 x10 x10 d1 d2 d3"],
            Vec::new(),
            Phase::Claim(Claim {
                card: d10,
                origin: Origin::Discarded(1),
                steps: vec![Step::Peng(0)],
                at: 0,
            }),
        );
        assert_eq!(game.legal_actions(0), vec![Action::Peng, Action::Pass]);
        assert_eq!(decide(Level::Normal, &game, 0), Action::Peng);
    }

    /// The one-pass discard search of `normal` finds a best discard —
    /// the value of the one it takes is the best of valuing every discard
    /// alone — at every claim and discard of whole hands, and the full
    /// ranking `hard` reads agrees.
    #[test]
    fn the_one_pass_search_finds_a_best_discard() {
        let mut rng = ChaCha8Rng::seed_from_u64(23);
        let (mut compared, mut discards) = (0, 0);
        for n in 0..10 {
            let mut game = Paohuzi::new_hand(PaohuziRules::default(), n % 3, 0, &mut rng).unwrap();
            while let Some(seat) = game.waiting_on().first().copied() {
                let legal = game.legal_actions(seat);
                let view = game.view(Some(seat));
                let (searched, _) = NormalBot::decide_searching(&view, &legal, false, true);
                let (full, ranked) = NormalBot::decide_searching(&view, &legal, true, false);
                if ranked.is_empty() {
                    assert_eq!(searched, full, "{view:?}");
                } else {
                    let value = |a: &Action| ranked.iter().find(|(r, _)| r == a).map(|r| r.1);
                    let (best, of_searched) = (ranked[0].1, value(&searched));
                    assert!(
                        of_searched.is_some_and(|v| v >= best - SUM_SLACK),
                        "{searched:?} {of_searched:?} < {best} {view:?}"
                    );
                    assert!(value(&full).is_some_and(|v| v >= best - SUM_SLACK));
                    if view.asking.map(|a| a.question) == Some(QuestionKind::Discard) {
                        discards += 1;
                    }
                }
                compared += 1;
                game.apply(seat, &searched).unwrap();
            }
        }
        assert!(compared > 200 && discards > 50, "{compared} {discards}");
    }

    /// The worlds `hard` samples hold the viewer's hand and every card it
    /// saw where it saw it, the others' hands and the wall of the sizes it
    /// knows, no kind more than four times, no four of a kind in a hand;
    /// at a 碰 / 吃 question the world asks it the same question on the
    /// same card, with the same answers.
    #[test]
    fn sampled_worlds_agree_with_the_view() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let (mut checked, mut claims) = (0, 0);
        for _ in 0..12 {
            let mut game = Paohuzi::new_hand(PaohuziRules::default(), 0, 0, &mut rng).unwrap();
            while let Some(seat) = game.waiting_on().first().copied() {
                let legal = game.legal_actions(seat);
                let view = game.view(Some(seat));
                // A view the 记牌器 miscounts (a face-down meld it misses)
                // may give no world: `hard` then discards as `normal` does.
                // At a 碰 / 吃 question a world may be refused (a seat ahead
                // would have made its 跑): the next one is taken.
                let searched = matches!(
                    game.question().map(|q| q.1),
                    Some(QuestionKind::Discard | QuestionKind::Peng | QuestionKind::Chi)
                );
                let world = searched
                    .then(|| (0..8).find_map(|_| sample_world(&view, &game.rules, &mut rng)))
                    .flatten();
                if let Some(world) = world {
                    let mut all = [0u8; KINDS];
                    for p in &world.players {
                        for (k, n) in p.hand.iter().enumerate() {
                            assert!(*n <= 3);
                            all[k] += n;
                        }
                        for m in &p.melds {
                            m.cards.iter().for_each(|c| all[c.index()] += 1);
                        }
                        p.pile.iter().for_each(|c| all[c.index()] += 1);
                    }
                    world.deal.deck[world.next_card..]
                        .iter()
                        .for_each(|c| all[c.index()] += 1);
                    assert!(all.iter().all(|&n| n <= 4), "{all:?}");
                    assert_eq!(world.players[seat].hand, game.players[seat].hand);
                    assert_eq!(world.wall_left(), game.wall_left());
                    for (w, g) in world.players.iter().zip(&game.players) {
                        assert_eq!(w.hand.iter().sum::<u8>(), g.hand.iter().sum::<u8>());
                        assert_eq!(w.melds.len(), g.melds.len());
                    }
                    assert_eq!(world.legal_actions(seat), legal);
                    assert_eq!(world.question(), game.question());
                    assert_eq!(world.card_in_question(), game.card_in_question());
                    checked += 1;
                    if view.card.is_some() {
                        claims += 1;
                    }
                }
                let a = NormalBot.choose(&view, &legal, &mut rng);
                game.apply(seat, &a).unwrap();
            }
        }
        assert!(checked > 20, "{checked}");
        assert!(claims > 10, "{claims}");
    }

    /// `hard` searches claims as well as discards: over whole hands it
    /// weighs more than one answer at some 碰 / 吃 questions, and answers
    /// them (and everything else) legally.
    #[test]
    fn hard_searches_claims() {
        let mut rng = ChaCha8Rng::seed_from_u64(31);
        let mut hard = HardBot {
            worlds: 2,
            // The worlds are seeded: a test waits rather than cut them short.
            budget: Duration::from_secs(60),
            ..HardBot::default()
        };
        let (mut searched_claims, mut searched_discards) = (0, 0);
        for n in 0..6 {
            let mut game = Paohuzi::new_hand(PaohuziRules::default(), n % 3, 0, &mut rng).unwrap();
            while let Some(seat) = game.waiting_on().first().copied() {
                let legal = game.legal_actions(seat);
                let view = game.view(Some(seat));
                let a = if seat == 0 {
                    let (action, ranked) = NormalBot::decide(&view, &legal, true);
                    if hard.candidates(&action, &ranked).len() > 1 {
                        match view.asking.map(|q| q.question) {
                            Some(QuestionKind::Discard) => searched_discards += 1,
                            _ => searched_claims += 1,
                        }
                    }
                    hard.choose(&view, &legal, &mut rng)
                } else {
                    NormalBot.choose(&view, &legal, &mut rng)
                };
                assert!(legal.contains(&a), "{a:?} not in {legal:?}");
                game.apply(seat, &a).unwrap();
            }
        }
        assert!(searched_claims > 0, "{searched_claims}");
        assert!(searched_discards > 0, "{searched_discards}");
    }

    /// Whole hands with every level seated: every choice is legal (the
    /// engine accepts it) and every hand ends.
    #[test]
    fn every_level_plays_whole_hands() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let rules = PaohuziRules::default();
        for n in 0..3 {
            let mut bots: Vec<Box<dyn Bot<Paohuzi>>> = (0..SEATS)
                .map(|s| -> Box<dyn Bot<Paohuzi>> {
                    let level = Level::ALL[(s + n) % 3];
                    if level == Level::Hard {
                        Box::new(HardBot {
                            worlds: 3,
                            ..HardBot::default()
                        })
                    } else {
                        hand_bot(level, &rules)
                    }
                })
                .collect();
            let mut game = Paohuzi::new_hand(rules.clone(), n % 3, 0, &mut rng).unwrap();
            while let Some(seat) = game.waiting_on().first().copied() {
                let legal = game.legal_actions(seat);
                let a = bots[seat].choose(&game.view(Some(seat)), &legal, &mut rng);
                assert!(legal.contains(&a), "{a:?} not in {legal:?}");
                game.apply(seat, &a).unwrap();
            }
            assert!(game.is_finished());
        }
    }
}
