//! Leads, throws and follows: reading a lead, resolving a throw against the
//! other hands (the engine decides a failing throw; it is not an error),
//! checking a proposed follow against the following obligations, and
//! building the candidate plays `legal_actions` offers.
//!
//! A follow is checked by structure, never by trying subsets: the lead's
//! [`Demands`] (its tractors, then its groups of each width) score both the
//! proposed play and the best follow the follower's cards allow, built
//! greedily by [`construct`]; the play is legal when its score is not below
//! that one (lexicographically, tractors before pairs). The same greedy
//! construction gives the follow candidates, so each of them is legal.
//! With 4 decks a lead of one of the seed's 3.4.5 shapes scores the best
//! row head instead of its tractors ([`super::units::SeedList`]); where two
//! heads rank equal (出牌可选) a candidate is built with each, and a
//! refusal names both ([`FollowError::Either`]).

use super::order::{Order, TRUMP};
use super::units::{
    beats_throw_unit, construct, construct_choice, decompose, find_run, format_key, maximal_runs,
    suit_counts, take_head, total, tractor_of_score, two_quads, Counts, Demands, Head, Pick, Unit,
    TWO_QUADS,
};
use crate::cards::Card;
use crate::games::Seat;

/// The single play suit of `cards`, or `None` when they are empty or mixed.
pub fn uniform_suit(order: &Order, cards: &[Card]) -> Option<usize> {
    let si = order.suit(*cards.first()?);
    cards.iter().all(|&c| order.suit(c) == si).then_some(si)
}

/// Takes the cards of `hand` that the key counts `want` ask for (first
/// ones first).
pub fn take_cards(order: &Order, hand: &[Card], want: &Counts) -> Vec<Card> {
    let mut want = *want;
    let mut out = Vec::new();
    for &c in hand {
        let k = order.key(c) as usize;
        if want[k] > 0 {
            want[k] -= 1;
            out.push(c);
        }
    }
    out
}

fn run_counts(keys: &[u8], w: u8) -> Counts {
    let mut c = [0u8; 54];
    for &k in keys {
        c[k as usize] += w;
    }
    c
}

/// The lead of a trick as every follow is measured against it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lead {
    pub si: usize,
    pub size: usize,
    /// Its units, most cards first.
    pub units: Vec<Unit>,
    pub demands: Demands,
}

impl Lead {
    /// Reads cards of one play suit as a lead.
    pub fn new(order: &Order, si: usize, cards: &[Card], max_width: u8) -> Lead {
        let counts = suit_counts(order, si, cards);
        let units = decompose(order, si, &mut counts.clone(), max_width);
        let demands = Demands::of(&units, &counts, max_width);
        Lead {
            si,
            size: cards.len(),
            units,
            demands,
        }
    }

    /// Cards of the largest unit: the exponent of the `power` kitty multiplier.
    pub fn largest_unit(&self) -> usize {
        self.units.first().map_or(1, Unit::cards)
    }
}

/// A lead's units with the cards of each, read from the play as listed.
pub fn units_with_cards(
    order: &Order,
    si: usize,
    cards: &[Card],
    max_width: u8,
) -> Vec<(Unit, Vec<Card>, usize)> {
    let mut c = suit_counts(order, si, cards);
    let units = decompose(order, si, &mut c, max_width);
    let mut used = vec![false; cards.len()];
    units
        .into_iter()
        .map(|u| {
            let mut mine = Vec::with_capacity(u.cards());
            let mut first = usize::MAX;
            for &k in &u.keys {
                for _ in 0..u.width {
                    let i = (0..cards.len())
                        .find(|&i| !used[i] && order.key(cards[i]) == k)
                        .expect("a unit's cards are in the play");
                    used[i] = true;
                    first = first.min(i);
                    mine.push(cards[i]);
                }
            }
            (u, mine, first)
        })
        .collect()
}

/// A throw that does not stand: the unit the leader plays instead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FailedThrow {
    pub played: Vec<Card>,
    /// The first seat (in turn order from the leader) holding a unit that beats it.
    pub beaten_by: Seat,
}

/// Resolves a lead of several units: it stands unless another player
/// holds, in its play suit, a unit of the same kind that beats one of its
/// units; then the failing unit with the fewest cards, the lowest of those,
/// the first listed among equals, is played alone.
pub fn resolve_throw(
    order: &Order,
    si: usize,
    cards: &[Card],
    others: &[(Seat, &[Card])],
    max_width: u8,
) -> Option<FailedThrow> {
    let units = units_with_cards(order, si, cards, max_width);
    if units.len() < 2 {
        return None;
    }
    let held: Vec<(Seat, Vec<Unit>)> = others
        .iter()
        .map(|&(s, hand)| {
            let mut c = suit_counts(order, si, hand);
            (s, decompose(order, si, &mut c, max_width))
        })
        .collect();
    type Entry = (Unit, Vec<Card>, usize);
    let mut failing: Option<(&Entry, Seat)> = None;
    for entry in &units {
        let beaten = held
            .iter()
            .find(|(_, us)| us.iter().any(|h| beats_throw_unit(h, &entry.0)));
        if let Some((seat, _)) = beaten {
            let better = match failing {
                None => true,
                Some((f, _)) => {
                    (entry.0.cards(), entry.0.top, entry.2) < (f.0.cards(), f.0.top, f.2)
                }
            };
            if better {
                failing = Some((entry, *seat));
            }
        }
    }
    failing.map(|(entry, seat)| FailedThrow {
        played: entry.1.clone(),
        beaten_by: seat,
    })
}

/// Why a follow is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FollowError {
    /// Cards of the led suit were held back: the follower holds `held`.
    Suit { held: usize },
    /// A tractor of the lead must be met with this one (of the follower's).
    Tractor(Vec<Card>),
    /// Groups of `width` (pairs, triples, quads) must be played: like this
    /// one (or these: two quads, two triples heading a row of seed 3.4.5).
    Group { width: u8, cards: Vec<Card> },
    /// Either of two: the seed's "出牌可选", when the follower holds both
    /// heads of the best row (3.4.5 lists 1, 3 and 6).
    Either(Due, Due),
    /// A pair must be played and the follower holds several: any of these
    /// (their cards, pair after pair), so a refusal does not name one as
    /// if it were the only one.
    AnyPair(Vec<Card>),
}

/// A unit a follow must include: a tractor (`width` `None`) or groups of
/// `width` (one, or two heading a row of seed 3.4.5), the follower's cards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Due {
    pub width: Option<u8>,
    pub cards: Vec<Card>,
}

impl Due {
    fn into_error(self) -> FollowError {
        match self.width {
            None => FollowError::Tractor(self.cards),
            Some(width) => FollowError::Group {
                width,
                cards: self.cards,
            },
        }
    }
}

/// What the follower must play for a seed list's row `head`: his highest
/// such cards, if he holds them.
fn head_due(order: &Order, si: usize, hand: &[Card], held: &Counts, head: Head) -> Option<Due> {
    let mut work = *held;
    if !take_head(order, si, &mut work, head, true) {
        return None;
    }
    let mut want = [0u8; 54];
    for (k, w) in want.iter_mut().enumerate() {
        *w = held[k] - work[k];
    }
    let width = match head {
        Head::Tractor(_) | Head::TriplesTractor => None,
        Head::TwoQuads | Head::Quad => Some(4),
        Head::TwoTriples | Head::Triple => Some(3),
    };
    Some(Due {
        width,
        cards: take_cards(order, hand, &want),
    })
}

/// Checks a follow of the right size, made of the follower's cards.
pub fn check_follow(
    order: &Order,
    lead: &Lead,
    hand: &[Card],
    play: &[Card],
) -> Result<(), FollowError> {
    let si = lead.si;
    let held = suit_counts(order, si, hand);
    let h = total(&held);
    let pc = suit_counts(order, si, play);
    let p = total(&pc);
    if h <= lead.size {
        return if p < h {
            Err(FollowError::Suit { held: h })
        } else {
            Ok(())
        };
    }
    if p < lead.size {
        return Err(FollowError::Suit { held: h });
    }
    let best_play = construct(order, si, &lead.demands, &held, lead.size, Pick::Low);
    let best = lead.demands.score(order, si, &best_play);
    let got = lead.demands.score(order, si, &pc);
    if got >= best {
        return Ok(());
    }
    let i = (0..got.len())
        .find(|&i| got[i] < best[i])
        .expect("a lower score differs somewhere");
    let heads = lead.demands.heads_len();
    if lead.demands.list.is_some() && i == 0 {
        // The best row's heads the follower holds: one, or two to choose from.
        let mut due = lead
            .demands
            .heads_of_rank(best[0])
            .iter()
            .filter_map(|&h| head_due(order, si, hand, &held, h));
        let first = due.next().expect("the best follow holds a head of its row");
        return Err(match due.next() {
            Some(second) => FollowError::Either(first, second),
            None => first.into_error(),
        });
    }
    if i < heads {
        // The tractor the best follow met, as long and wide as the follower holds.
        let (l, w) = tractor_of_score(best[i]);
        let keys = (best[i] != TWO_QUADS)
            .then(|| find_run(order, si, &held, w, l, true))
            .flatten();
        if let Some(keys) = keys {
            return Err(FollowError::Tractor(take_cards(
                order,
                hand,
                &run_counts(&keys, w),
            )));
        }
        // No such tractor: the best follow met it with two quads (4 decks).
        let [a, b] = two_quads(order, si, &held, true).expect("the best follow found two quads");
        let mut want = [0u8; 54];
        want[a as usize] = 4;
        want[b as usize] = 4;
        return Err(FollowError::Group {
            width: 4,
            cards: take_cards(order, hand, &want),
        });
    }
    let (w, _) = lead.demands.groups[i - heads];
    // A pair lead: any pair of the suit meets it.
    let pairs: Vec<usize> = (0..54).rev().filter(|&k| held[k] >= 2).collect();
    if w == 2 && lead.size == 2 && pairs.len() > 1 {
        let mut want = [0u8; 54];
        for &k in &pairs {
            want[k] = 2;
        }
        return Err(FollowError::AnyPair(take_cards(order, hand, &want)));
    }
    let k = (0..54)
        .rev()
        .find(|&k| held[k] >= w && pc[k] < w)
        .or_else(|| (0..54).find(|&k| held[k] >= w))
        .expect("the best follow found a group");
    let mut want = [0u8; 54];
    want[k] = w;
    Err(FollowError::Group {
        width: w,
        cards: take_cards(order, hand, &want),
    })
}

/// Candidate follows: legal plays built by structure (cheapest, highest,
/// most points; trumping and discards when short of the led suit).
pub fn follow_candidates(order: &Order, lead: &Lead, hand: &[Card]) -> Vec<Vec<Card>> {
    let si = lead.si;
    let n = lead.size;
    let held = suit_counts(order, si, hand);
    let h = total(&held);
    let mut out: Vec<Vec<Card>> = Vec::new();
    let push = |mut cards: Vec<Card>, out: &mut Vec<Vec<Card>>| {
        cards.sort_unstable();
        if !out.contains(&cards) {
            out.push(cards);
        }
    };
    if h > n {
        // A seed list's free choice: each head of the best row held.
        let choices = if lead.demands.list.is_some() { 2 } else { 1 };
        for choice in 0..choices {
            for pick in [Pick::Low, Pick::High, Pick::Points] {
                let keys = construct_choice(order, si, &lead.demands, &held, n, pick, choice);
                let cards = take_cards(order, hand, &keys);
                if check_follow(order, lead, hand, &cards).is_ok() {
                    push(cards, &mut out);
                }
            }
        }
        return out;
    }
    let suit_cards: Vec<Card> = hand
        .iter()
        .copied()
        .filter(|&c| order.suit(c) == si)
        .collect();
    let others: Vec<Card> = hand
        .iter()
        .copied()
        .filter(|&c| order.suit(c) != si)
        .collect();
    let rest = n - h;
    if h == 0 && si != TRUMP {
        let trumps = suit_counts(order, TRUMP, hand);
        if total(&trumps) >= n {
            for pick in [Pick::Low, Pick::High, Pick::Points] {
                let keys = construct(order, TRUMP, &lead.demands, &trumps, n, pick);
                if format_key(order, TRUMP, &lead.units, &keys).is_some() {
                    push(take_cards(order, hand, &keys), &mut out);
                }
            }
        }
    }
    let cheap = |c: &Card| {
        (
            order.is_trump(*c),
            super::order::points(*c),
            order.value(*c),
        )
    };
    let mut low = others.clone();
    low.sort_by_key(cheap);
    let mut feed = others;
    feed.sort_by_key(|c| {
        (
            order.is_trump(*c),
            -super::order::points(*c),
            order.value(*c),
        )
    });
    for fill in [low, feed] {
        let mut cards = suit_cards.clone();
        cards.extend_from_slice(&fill[..rest]);
        push(cards, &mut out);
    }
    out
}

/// Whether a throw of `held` (cards of play suit `si`) is sure to stand
/// against any split of the `unseen` cards: no unseen single above one of
/// its singles, no unseen run as wide and as long above one of its units.
pub fn throw_is_safe(
    order: &Order,
    si: usize,
    held: &Counts,
    unseen: &Counts,
    max_width: u8,
) -> bool {
    let units = decompose(order, si, &mut held.clone(), max_width);
    units.iter().all(|u| {
        if u.width == 1 {
            let levels = order.levels(si);
            !(u.top as usize + 1..levels.len())
                .any(|v| levels[v].iter().any(|&k| unseen[k as usize] > 0))
        } else {
            !maximal_runs(order, si, unseen, u.width)
                .iter()
                .any(|(top, keys)| keys.len() >= u.len as usize && *top > u.top)
        }
    })
}

/// Candidate leads: every single, pair (triple, quad) and tractor the hand
/// holds, and each whole suit as a throw when it is sure to stand given
/// the cards the leader cannot see (`unseen`, counted by key).
pub fn lead_candidates(
    order: &Order,
    hand: &[Card],
    unseen: &Counts,
    max_width: u8,
) -> Vec<Vec<Card>> {
    let mut out: Vec<Vec<Card>> = Vec::new();
    for si in 0..super::order::PLAY_SUITS {
        let held = suit_counts(order, si, hand);
        if total(&held) == 0 {
            continue;
        }
        for w in 1..=max_width {
            for level in order.levels(si) {
                for &k in level {
                    if held[k as usize] >= w {
                        out.push(take_cards(order, hand, &run_counts(&[k], w)));
                    }
                }
            }
            if w < 2 {
                continue;
            }
            for (_, keys) in maximal_runs(order, si, &held, w) {
                for len in 2..=keys.len() {
                    for start in 0..=keys.len() - len {
                        let c = run_counts(&keys[start..start + len], w);
                        out.push(take_cards(order, hand, &c));
                    }
                }
            }
        }
        let units = decompose(order, si, &mut held.clone(), max_width);
        if units.len() > 1 && throw_is_safe(order, si, &held, unseen, max_width) {
            out.push(take_cards(order, hand, &held));
        }
    }
    out
}

/// Index in `plays` of the play that wins the trick: of the led suit or
/// trump, with the lead's format, and strictly higher than every earlier
/// one by its key unit (trump above plain).
pub fn trick_winner(order: &Order, lead: &Lead, plays: &[&[Card]]) -> usize {
    let strength = |cards: &[Card]| -> Option<(bool, u8)> {
        let s = uniform_suit(order, cards)?;
        if s != lead.si && s != TRUMP {
            return None;
        }
        let key = format_key(order, s, &lead.units, &suit_counts(order, s, cards))?;
        Some((s == TRUMP, key))
    };
    let mut best = 0;
    let mut best_strength = strength(plays[0]);
    for (i, p) in plays.iter().enumerate().skip(1) {
        let s = strength(p);
        if s.is_some() && s > best_strength {
            best = i;
            best_strength = s;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{parse_cards, Rank, Suit};
    use crate::games::shengji::units::{HeadStats, SeedList};

    fn cards(s: &str) -> Vec<Card> {
        parse_cards(&s.split_whitespace().collect::<Vec<_>>()).unwrap()
    }

    #[test]
    fn the_seeds_throw_fails_on_the_smallest_unit() {
        let o = Order::new(Rank::Ten, Some(Suit::Hearts), false, false);
        let throw = cards("9S 8S 8S 4S 4S");
        let j = cards("JS 3H");
        let qq = cards("QS QS");
        let f = resolve_throw(&o, 1, &throw, &[(1, &j)], 2).unwrap();
        assert_eq!(f.played, cards("9S"));
        let f = resolve_throw(&o, 1, &throw, &[(2, &qq)], 2).unwrap();
        assert_eq!(f.played, cards("4S 4S"));
        assert_eq!(f.beaten_by, 2);
        // A pair never counts as a single: AS AS does not beat the K.
        assert!(resolve_throw(&o, 1, &cards("KS QS"), &[(1, &cards("AS AS"))], 2).is_none());
        let f = resolve_throw(&o, 1, &cards("KS QS"), &[(3, &cards("AS 2S"))], 2).unwrap();
        assert_eq!(f.played, cards("QS"));
    }

    /// Seed 3.1.4: "其余家有拖拉机必须出拖拉机": a follower without a
    /// tractor as long as the lead's plays the longest he holds.
    #[test]
    fn a_shorter_tractor_meets_a_longer_tractor_lead() {
        let o = Order::new(Rank::Ten, Some(Suit::Hearts), false, false);
        let lead = Lead::new(&o, 1, &cards("KS KS QS QS JS JS"), 2);
        let hand = cards("9S 9S 8S 8S 6S 6S 4S 4S 2S");
        let follow = |play: &str| check_follow(&o, &lead, &hand, &cards(play));
        assert_eq!(
            follow("9S 9S 6S 6S 4S 4S"),
            Err(FollowError::Tractor(cards("9S 9S 8S 8S")))
        );
        assert!(follow("9S 9S 8S 8S 4S 4S").is_ok());
        assert!(follow("9S 9S 8S 8S 6S 2S").is_err());
        let candidates = follow_candidates(&o, &lead, &hand);
        assert!(!candidates.is_empty());
        for c in candidates {
            assert!(check_follow(&o, &lead, &hand, &c).is_ok(), "{c:?}");
        }
        // Four decks, seed 3.4.5 on 44556677: a tractor of three pairs and
        // a pair come before a tractor of two pairs and two pairs (JS is
        // next to 9S at level 10, so no 9S 8S here).
        let lead = Lead::new(&o, 1, &cards("4S 4S 5S 5S 6S 6S 7S 7S"), 4);
        let hand = cards("KS KS QS QS JS JS 6S 6S 3S 3S 2S");
        let follow = |play: &str| check_follow(&o, &lead, &hand, &cards(play));
        assert!(follow("KS KS QS QS JS JS 3S 3S").is_ok());
        assert_eq!(
            follow("KS KS QS QS 6S 6S 3S 3S"),
            Err(FollowError::Tractor(cards("KS KS QS QS JS JS")))
        );
    }

    /// Seed 3.4.5, list 1 (4 decks, level 10, on 44556677): "1连4或2个4张
    /// (出牌可选)": two quads rank with a tractor of four pairs, above a
    /// tractor of three pairs and a pair; holding both, either may be played.
    #[test]
    fn the_seeds_two_quads_rank_with_a_tractor_of_four_pairs() {
        let o = Order::new(Rank::Ten, Some(Suit::Hearts), false, false);
        let lead = Lead::new(&o, 1, &cards("4S 4S 5S 5S 6S 6S 7S 7S"), 4);
        let hand = cards("KS KS KS KS 2S 2S 2S 2S QS QS JS JS 3S 3S 9S");
        let follow = |hand: &[Card], play: &str| check_follow(&o, &lead, hand, &cards(play));
        assert!(follow(&hand, "KS KS KS KS 2S 2S 2S 2S").is_ok());
        let Err(FollowError::Group {
            width: 4,
            cards: mut quads,
        }) = follow(&hand, "KS KS QS QS JS JS 3S 3S")
        else {
            panic!("a tractor of three pairs and a pair before two quads");
        };
        quads.sort_unstable();
        let mut want = cards("KS KS KS KS 2S 2S 2S 2S");
        want.sort_unstable();
        assert_eq!(quads, want);
        // Holding a tractor of four pairs too (AS AS KS KS QS QS JS JS): free choice.
        let both = cards("AS AS KS KS KS KS 2S 2S 2S 2S QS QS JS JS 3S");
        assert!(follow(&both, "AS AS KS KS QS QS JS JS").is_ok());
        assert!(follow(&both, "KS KS KS KS 2S 2S 2S 2S").is_ok());
        assert!(follow(&both, "AS AS KS KS KS KS QS QS").is_err());
        for hand in [&hand, &both] {
            let candidates = follow_candidates(&o, &lead, hand);
            assert!(!candidates.is_empty());
            for c in candidates {
                assert!(check_follow(&o, &lead, hand, &c).is_ok(), "{c:?}");
            }
        }
    }

    /// Seed 3.4.5, list 2 (4 decks, level 10, on 44445555): two quads
    /// (any two levels), then a tractor of four pairs ("1连4"), before a
    /// tractor of triples (the list's "2个3张", far below).
    #[test]
    fn the_seeds_follows_on_two_quads() {
        let o = Order::new(Rank::Ten, Some(Suit::Hearts), false, false);
        let lead = Lead::new(&o, 1, &cards("4S 4S 4S 4S 5S 5S 5S 5S"), 4);
        let follow = |hand: &[Card], play: &str| check_follow(&o, &lead, hand, &cards(play));
        let quads = cards("KS KS KS KS 9S 9S 9S 9S QS QS JS JS 8S 8S 3S");
        assert!(follow(&quads, "KS KS KS KS 9S 9S 9S 9S").is_ok());
        assert!(matches!(
            follow(&quads, "KS KS QS QS JS JS 9S 9S"),
            Err(FollowError::Group { width: 4, .. })
        ));
        let pairs = cards("AS AS AS KS KS KS QS QS JS JS 3S");
        assert!(follow(&pairs, "AS AS KS KS QS QS JS JS").is_ok());
        assert_eq!(
            follow(&pairs, "AS AS AS KS KS KS QS JS"),
            Err(FollowError::Tractor(cards("AS AS KS KS QS QS JS JS")))
        );
        for hand in [&quads, &pairs] {
            let candidates = follow_candidates(&o, &lead, hand);
            assert!(!candidates.is_empty());
            for c in candidates {
                assert!(check_follow(&o, &lead, hand, &c).is_ok(), "{c:?}");
            }
        }
    }

    /// A follow of `play` from `hand` on `lead` (4 decks, level 10, trump hearts).
    fn on(lead: &str, hand: &str, play: &str) -> Result<(), FollowError> {
        let o = Order::new(Rank::Ten, Some(Suit::Hearts), false, false);
        let lead = Lead::new(&o, 1, &cards(lead), 4);
        check_follow(&o, &lead, &cards(hand), &cards(play))
    }

    fn tractor(s: &str) -> Result<(), FollowError> {
        Err(FollowError::Tractor(cards(s)))
    }

    fn group(width: u8, s: &str) -> Result<(), FollowError> {
        Err(FollowError::Group {
            width,
            cards: cards(s),
        })
    }

    /// Seed 3.4.5 list 1 below the tractors (on 44556677): a quad and two
    /// pairs, ... a quad and four singles, then two triples, then a triple
    /// (with two pairs, one, none), before four pairs; a tractor still
    /// comes before a quad.
    #[test]
    fn the_seeds_list_1_ranks_quads_then_triples_before_pairs() {
        let lead = "4S 4S 5S 5S 6S 6S 7S 7S";
        let hand = "AS AS AS AS QS QS 8S 8S 5S 5S 3S 2S";
        assert_eq!(
            on(lead, hand, "QS QS 8S 8S 5S 5S 3S 2S"),
            group(4, "AS AS AS AS")
        );
        assert_eq!(
            on(lead, hand, "AS AS QS QS 8S 8S 5S 5S"),
            group(4, "AS AS AS AS")
        );
        assert!(on(lead, hand, "AS AS AS AS QS QS 8S 8S").is_ok());
        assert!(on(lead, hand, "AS AS AS AS QS QS 3S 2S").is_err());
        let hand = "KS KS KS 8S 8S 8S 5S 5S JS 3S 2S";
        assert_eq!(
            on(lead, hand, "KS KS KS 5S 5S 8S 8S JS"),
            group(3, "KS KS KS 8S 8S 8S")
        );
        assert!(on(lead, hand, "KS KS KS 8S 8S 8S 5S 5S").is_ok());
        assert_eq!(on(lead, hand, "KS KS KS 8S 8S 8S JS 3S"), group(2, "5S 5S"));
        let hand = "KS KS KS JS JS 8S 8S 5S 5S 3S 3S";
        assert_eq!(
            on(lead, hand, "JS JS 8S 8S 5S 5S 3S 3S"),
            group(3, "KS KS KS")
        );
        assert!(on(lead, hand, "KS KS KS JS JS 8S 8S 5S").is_ok());
        let hand = "9S 9S 8S 8S AS AS AS AS QS QS 3S 3S";
        assert!(on(lead, hand, "AS AS AS AS 9S 9S 8S 8S").is_ok());
        assert!(on(lead, hand, "9S 9S 8S 8S QS QS 3S 3S").is_ok());
        assert_eq!(
            on(lead, hand, "AS AS AS AS QS QS 3S 3S"),
            tractor("9S 9S 8S 8S")
        );
    }

    /// Seed 3.4.5 list 2 below two quads and the tractors (on 44445555):
    /// the same rows as list 1, so a quad and two pairs before a quad, a
    /// triple and a single (the triple counts as one pair), and a tractor
    /// and two pairs before a tractor, a triple and a single.
    #[test]
    fn the_seeds_list_2_rows_after_the_tractors() {
        let lead = "4S 4S 4S 4S 5S 5S 5S 5S";
        let hand = "AS AS AS AS QS QS QS 8S 8S 3S 2S";
        assert!(on(lead, hand, "AS AS AS AS QS QS 8S 8S").is_ok());
        assert_eq!(on(lead, hand, "AS AS AS AS QS QS QS 8S"), group(2, "8S 8S"));
        assert_eq!(
            on(lead, hand, "QS QS QS 8S 8S 3S 2S AS"),
            group(4, "AS AS AS AS")
        );
        let hand = "9S 9S 8S 8S KS KS KS 5S 5S 3S";
        assert!(on(lead, hand, "9S 9S 8S 8S KS KS 5S 5S").is_ok());
        assert_eq!(on(lead, hand, "9S 9S 8S 8S KS KS KS 3S"), group(2, "5S 5S"));
    }

    /// Seed 3.4.5 list 3 (on 667788): a tractor of three pairs or of two
    /// triples, the follower's choice; then a quad (and a pair); then a
    /// tractor of two pairs (and a pair); then pairs.
    #[test]
    fn the_seeds_list_3_on_a_tractor_of_three_pairs() {
        let lead = "6S 6S 7S 7S 8S 8S";
        let both = "KS KS QS QS JS JS 4S 4S 4S 5S 5S 5S 2S";
        assert!(on(lead, both, "KS KS QS QS JS JS").is_ok());
        assert!(on(lead, both, "5S 5S 5S 4S 4S 4S").is_ok());
        let Err(FollowError::Either(a, b)) = on(lead, both, "KS KS QS QS 5S 5S") else {
            panic!("either tractor");
        };
        assert_eq!((a.width, a.cards), (None, cards("KS KS QS QS JS JS")));
        assert_eq!((b.width, b.cards), (None, cards("4S 4S 4S 5S 5S 5S")));
        let triples = "5S 5S 5S 4S 4S 4S KS KS QS QS 2S";
        assert_eq!(
            on(lead, triples, "KS KS QS QS 5S 5S"),
            tractor("5S 5S 5S 4S 4S 4S")
        );
        let quad = "AS AS AS AS QS QS JS JS 3S 3S 5S";
        assert_eq!(on(lead, quad, "QS QS JS JS 3S 3S"), group(4, "AS AS AS AS"));
        assert!(on(lead, quad, "AS AS AS AS 3S 3S").is_ok());
        assert!(on(lead, quad, "AS AS AS AS QS QS").is_ok());
        assert_eq!(on(lead, quad, "AS AS AS AS 5S 3S"), group(2, "QS QS"));
        let pairs = "QS QS JS JS 3S 3S 5S 9S";
        assert_eq!(
            on(lead, "KS KS QS QS 5S 5S 3S 3S 9S", "KS KS 5S 5S 3S 3S"),
            tractor("KS KS QS QS")
        );
        assert!(on(lead, pairs, "QS QS JS JS 3S 3S").is_ok());
        assert_eq!(on(lead, pairs, "QS QS JS JS 5S 3S"), group(2, "3S 3S"));
    }

    /// Seed 3.4.5 list 4 (on JJJQQQ): a tractor of triples, then one of
    /// three pairs, a quad, a tractor of two pairs, two triples, a triple
    /// (with a pair), before three pairs.
    #[test]
    fn the_seeds_list_4_on_a_tractor_of_triples() {
        let lead = "3S 3S 3S 4S 4S 4S";
        let hand = "9S 9S 9S 8S 8S 8S KS KS QS QS JS JS";
        assert_eq!(
            on(lead, hand, "KS KS QS QS JS JS"),
            tractor("9S 9S 9S 8S 8S 8S")
        );
        assert!(on(lead, hand, "9S 9S 9S 8S 8S 8S").is_ok());
        let hand = "9S 9S 8S 8S 7S 7S AS AS AS AS 5S";
        assert_eq!(
            on(lead, hand, "AS AS AS AS 9S 9S"),
            tractor("9S 9S 8S 8S 7S 7S")
        );
        let hand = "AS AS AS AS QS QS JS JS 5S 5S";
        assert_eq!(on(lead, hand, "QS QS JS JS 5S 5S"), group(4, "AS AS AS AS"));
        let hand = "QS QS JS JS 8S 8S 8S 5S 5S 5S 2S";
        assert_eq!(on(lead, hand, "8S 8S 8S 5S 5S 5S"), tractor("QS QS JS JS"));
        assert!(on(lead, hand, "QS QS JS JS 8S 8S").is_ok());
        let hand = "KS KS KS 8S 8S 8S 5S 5S 2S";
        assert_eq!(
            on(lead, hand, "KS KS KS 5S 5S 8S"),
            group(3, "KS KS KS 8S 8S 8S")
        );
        assert!(on(lead, hand, "KS KS KS 8S 8S 8S").is_ok());
        let hand = "KS KS KS 8S 8S 5S 5S 2S";
        assert_eq!(on(lead, hand, "KS KS 8S 8S 5S 5S"), group(3, "KS KS KS"));
        assert!(on(lead, hand, "KS KS KS 8S 8S 5S").is_ok());
        assert_eq!(on(lead, hand, "KS KS KS 8S 5S 2S"), group(2, "8S 8S"));
    }

    /// Seed 3.4.5 list 5 (on AAAA): a quad, a tractor, two pairs, a triple
    /// and a single, a pair and two singles.
    #[test]
    fn the_seeds_list_5_on_a_quad() {
        let lead = "AS AS AS AS";
        let hand = "5S 5S 5S 5S 9S 9S 8S 8S";
        assert_eq!(on(lead, hand, "9S 9S 8S 8S"), group(4, "5S 5S 5S 5S"));
        let hand = "9S 9S 8S 8S KS KS 3S";
        assert_eq!(on(lead, hand, "KS KS 9S 9S"), tractor("9S 9S 8S 8S"));
        assert!(on(lead, hand, "9S 9S 8S 8S").is_ok());
        let hand = "KS KS KS 9S 9S 5S 2S";
        assert!(on(lead, hand, "KS KS 9S 9S").is_ok());
        assert_eq!(on(lead, hand, "KS KS KS 5S"), group(2, "9S 9S"));
        let hand = "KS KS KS 9S 5S 2S";
        assert!(on(lead, hand, "KS KS KS 2S").is_ok());
        assert_eq!(on(lead, hand, "KS KS 9S 5S"), group(3, "KS KS KS"));
    }

    /// Seed 3.4.5 list 6 (on 7788): a tractor or a quad, the follower's
    /// choice (a refusal names both); then two pairs.
    #[test]
    fn the_seeds_list_6_a_tractor_or_a_quad() {
        let lead = "7S 7S 8S 8S";
        let both = "AS AS AS AS 4S 4S 3S 3S 9S";
        assert!(on(lead, both, "AS AS AS AS").is_ok());
        assert!(on(lead, both, "4S 4S 3S 3S").is_ok());
        assert_eq!(
            on(lead, both, "AS AS 4S 4S"),
            Err(FollowError::Either(
                Due {
                    width: None,
                    cards: cards("4S 4S 3S 3S")
                },
                Due {
                    width: Some(4),
                    cards: cards("AS AS AS AS")
                }
            ))
        );
        let o = Order::new(Rank::Ten, Some(Suit::Hearts), false, false);
        let l = Lead::new(&o, 1, &cards(lead), 4);
        let offered = follow_candidates(&o, &l, &cards(both));
        for want in ["AS AS AS AS", "4S 4S 3S 3S"] {
            let mut want = cards(want);
            want.sort_unstable();
            assert!(offered.contains(&want), "{offered:?}");
        }
        let quad = "AS AS AS AS QS QS 5S 5S 2S";
        assert_eq!(on(lead, quad, "QS QS 5S 5S"), group(4, "AS AS AS AS"));
        // Fewer decks: no list, a quad cannot be held, nothing changes.
        let three = Lead::new(&o, 1, &cards(lead), 3);
        assert_eq!(three.demands.list, None);
    }

    /// Four decks, on every seed list's lead and a few others: over many
    /// spade hands, every candidate follow is accepted and a hand holding
    /// more spades than the lead always has one (the lists' rows never
    /// leave the checker and the builder disagreeing).
    #[test]
    fn four_deck_candidates_are_accepted() {
        let o = Order::new(Rank::Ten, Some(Suit::Hearts), false, false);
        for lead_text in [
            "4S 4S 5S 5S 6S 6S 7S 7S",
            "4S 4S 4S 4S 5S 5S 5S 5S",
            "6S 6S 7S 7S 8S 8S",
            "JS JS JS QS QS QS",
            "AS AS AS AS",
            "7S 7S 8S 8S",
            "9S 9S",
            "9S 9S 9S",
            "4S 4S 5S 5S 6S 6S 7S 7S 8S 8S",
        ] {
            let led = cards(lead_text);
            let lead = Lead::new(&o, 1, &led, 4);
            let mut pool: Vec<Card> = "2 3 4 5 6 7 8 9 J Q K A"
                .split(' ')
                .flat_map(|r| cards(&format!("{r}S {r}S {r}S {r}S")))
                .collect();
            for c in &led {
                let i = pool.iter().position(|x| x == c).unwrap();
                pool.remove(i);
            }
            // A fixed xorshift: the same hands on every run.
            let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
            for _ in 0..300 {
                let mut deck = pool.clone();
                let mut hand = cards("3C 4C 5C 6C 7C 8C 9C JC");
                let n = led.len() + 1 + (x % 16) as usize;
                for _ in 0..n {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    hand.push(deck.swap_remove((x % deck.len() as u64) as usize));
                }
                // The one-pass reading of row heads agrees with taking them.
                let held = suit_counts(&o, 1, &hand);
                let stats = HeadStats::of(&o, 1, &held);
                for list in [SeedList::FourPairs, SeedList::TwoTriples] {
                    for &head in list.heads().iter().copied().flatten() {
                        let taken = take_head(&o, 1, &mut held.clone(), head, false);
                        assert_eq!(stats.holds(head), taken, "{head:?} in {hand:?}");
                    }
                }
                let candidates = follow_candidates(&o, &lead, &hand);
                assert!(!candidates.is_empty(), "{lead_text}: {hand:?}");
                for c in candidates {
                    assert!(
                        check_follow(&o, &lead, &hand, &c).is_ok(),
                        "{lead_text}: {hand:?} {c:?}"
                    );
                }
            }
        }
    }

    /// Seed 3.3.3 (three decks), on a tractor of triples: that tractor,
    /// else a tractor of pairs and any two, else two triples, else a triple,
    /// a pair and a single, else a triple and three singles, before pairs.
    #[test]
    fn the_seeds_order_on_a_tractor_of_triples() {
        let o = Order::new(Rank::Ten, Some(Suit::Hearts), false, false);
        let lead = Lead::new(&o, 1, &cards("3S 3S 3S 4S 4S 4S"), 3);
        let follow = |hand: &str, play: &str| check_follow(&o, &lead, &cards(hand), &cards(play));
        let hand = "9S 9S 8S 8S KS KS KS 5S 5S 5S 2S";
        assert_eq!(
            follow(hand, "KS KS KS 5S 5S 5S"),
            Err(FollowError::Tractor(cards("9S 9S 8S 8S")))
        );
        assert!(follow(hand, "9S 9S 8S 8S KS 2S").is_ok());
        let hand = "9S 9S 9S 8S 8S 8S 7S 7S 6S 6S";
        assert_eq!(
            follow(hand, "7S 7S 6S 6S 9S 8S"),
            Err(FollowError::Tractor(cards("9S 9S 9S 8S 8S 8S")))
        );
        assert!(follow(hand, "9S 9S 9S 8S 8S 8S").is_ok());
        let hand = "KS KS KS 8S 8S 8S 5S 5S 2S";
        assert!(follow(hand, "KS KS KS 5S 5S 2S").is_err());
        assert!(follow(hand, "KS KS KS 8S 8S 8S").is_ok());
        let hand = "KS KS KS 9S 9S 7S 5S 2S";
        assert!(follow(hand, "KS KS KS 9S 7S 5S").is_err());
        assert!(follow(hand, "KS KS KS 9S 9S 7S").is_ok());
        let hand = "KS KS KS 9S 7S 7S 5S 5S";
        assert!(follow(hand, "7S 7S 5S 5S KS 9S").is_err());
        assert!(follow(hand, "KS KS KS 7S 7S 9S").is_ok());
        for hand in [
            "9S 9S 8S 8S KS KS KS 5S 5S 5S 2S",
            "KS KS KS 9S 7S 7S 5S 5S",
        ] {
            for c in follow_candidates(&o, &lead, &cards(hand)) {
                assert!(check_follow(&o, &lead, &cards(hand), &c).is_ok(), "{c:?}");
            }
        }
    }

    #[test]
    fn a_pair_lead_needs_a_pair() {
        let o = Order::new(Rank::Two, Some(Suit::Spades), false, false);
        let lead = Lead::new(&o, 2, &cards("9H 9H"), 2);
        let hand = cards("7H 7H 8H 3C");
        assert!(matches!(
            check_follow(&o, &lead, &hand, &cards("7H 8H")),
            Err(FollowError::Group { width: 2, .. })
        ));
        assert!(check_follow(&o, &lead, &hand, &cards("7H 7H")).is_ok());
        for c in follow_candidates(&o, &lead, &hand) {
            assert!(check_follow(&o, &lead, &hand, &c).is_ok());
        }
    }

    /// Issue #36 §3.9: with several pairs of the suit, the refusal names
    /// them all (any one will do), not one as if it were the only one.
    #[test]
    fn a_pair_lead_refused_names_every_pair_held() {
        let o = Order::new(Rank::Two, Some(Suit::Spades), false, false);
        let lead = Lead::new(&o, 2, &cards("9H 9H"), 2);
        let hand = cards("7H 7H KH KH 8H 3C");
        let Err(FollowError::AnyPair(due)) = check_follow(&o, &lead, &hand, &cards("7H 8H")) else {
            panic!("any of two pairs");
        };
        let mut due = due;
        due.sort_unstable();
        let mut want = cards("7H 7H KH KH");
        want.sort_unstable();
        assert_eq!(due, want);
        assert!(check_follow(&o, &lead, &hand, &cards("KH KH")).is_ok());
    }
}
