//! The rule-based Dou Dizhu bots: they see only their seat's view and the
//! legal actions. They bid by hand strength, lead the play that leaves the
//! hand easiest to play out, follow with the cheapest play that beats the
//! table, keep bombs for when they matter, let a partner's winning play
//! stand, and play out a hand they can finish at once.
//!
//! [`BasicBot`] is the `normal` level: the first basic bot with the
//! mistakes the arena showed repaired (issue #19): it keeps fours as bombs
//! instead of four-with-two, never breaks a bomb or the rocket for an
//! ordinary play, keeps its aces, 2s and jokers (control cards) while the
//! hand is far from out, answers low singles with T–K rather than a 2 or a
//! joker, as a farmer does not lead into the landlord's last pair, and
//! follows a partner's low play when that sheds cards. [`EasyBot`] is that
//! first bot unchanged, the `easy` level. The `hard` level searches
//! ([`super::search`]).

use super::action::Action;
use super::cardset::CardSet;
use super::patterns::{breaks_bomb, Counts, Kind, ACE, BIG_JOKER, SMALL_JOKER, TWO};
use super::view::{PhaseName, View};
use super::DouDizhu;
use crate::ai::Bot;

/// The `normal` level.
#[derive(Clone, Copy, Debug, Default)]
pub struct BasicBot;

/// The `easy` level: the first basic bot, mistakes and all.
#[derive(Clone, Copy, Debug, Default)]
pub struct EasyBot;

/// How hard the AI seats of a Dou Dizhu table play (`"ai"` in the rules,
/// `/dou-dizhu start ai:`, `paiju play --ai`): every game's levels. Easy is
/// [`EasyBot`], normal the repaired [`BasicBot`] (decisions in
/// microseconds), hard the determinized rollouts of
/// [`super::search::HardBot`], a fraction of a second a decision.
pub use crate::ai::Level;

impl Level {
    /// A bot of this level.
    pub fn bot(self) -> Box<dyn Bot<DouDizhu>> {
        match self {
            Level::Easy => Box::new(EasyBot),
            Level::Normal => Box::new(BasicBot),
            Level::Hard => Box::new(super::search::HardBot::default()),
        }
    }
}

/// Rough strength of a hand for bidding: high cards and bombs.
pub fn strength(hand: CardSet) -> u32 {
    let c = hand.counts();
    let mut s = 0;
    s += 4 * c[BIG_JOKER] as u32 + 3 * c[SMALL_JOKER] as u32;
    s += 2 * c[TWO] as u32 + c[ACE] as u32;
    s += 5 * c[..SMALL_JOKER].iter().filter(|&&n| n == 4).count() as u32;
    if c[SMALL_JOKER] == 1 && c[BIG_JOKER] == 1 {
        s += 3;
    }
    // A hand that needs many plays is weak whatever its top cards.
    let turns = turns_to_play_out(&c);
    s + 8u32.saturating_sub(turns)
}

/// Estimated number of plays needed to empty a hand: bombs and the rocket
/// one each, straights taken greedily when they save plays, trios carrying
/// the spare singles and pairs.
pub fn turns_to_play_out(c: &Counts) -> u32 {
    memo::turns(c, false, estimate_turns)
}

fn estimate_turns(c: &Counts) -> u32 {
    let mut c = *c;
    let mut turns = 0;
    if c[SMALL_JOKER] == 1 && c[BIG_JOKER] == 1 {
        c[SMALL_JOKER] = 0;
        c[BIG_JOKER] = 0;
        turns += 1;
    }
    for n in c[..SMALL_JOKER].iter_mut() {
        if *n == 4 {
            *n = 0;
            turns += 1;
        }
    }
    // Straights: take the longest run of singles-bearing ranks while it helps.
    loop {
        let before = loose_turns(&c);
        let mut best: Option<(usize, usize, u32)> = None;
        let mut run_start = 0;
        for r in 0..=ACE + 1 {
            let inside = r <= ACE && c[r] > 0;
            if !inside {
                let len = r - run_start;
                if len >= 5 {
                    let mut t = c;
                    for x in &mut t[run_start..r] {
                        *x -= 1;
                    }
                    let after = loose_turns(&t) + 1;
                    if after < before && best.is_none_or(|b| after < b.2) {
                        best = Some((run_start, r, after));
                    }
                }
                run_start = r + 1;
            }
        }
        match best {
            Some((lo, hi, _)) => {
                for x in &mut c[lo..hi] {
                    *x -= 1;
                }
                turns += 1;
            }
            None => break,
        }
    }
    turns + loose_turns(&c)
}

/// [`turns_to_play_out`] that also sees pair chains (three or more
/// consecutive pairs, 3 … A) as one play: the repaired bot's estimate.
pub fn turns_with_chains(c: &Counts) -> u32 {
    memo::turns(c, true, estimate_with_chains)
}

fn estimate_with_chains(c: &Counts) -> u32 {
    let mut best = turns_to_play_out(c);
    // Each run of ranks holding two or more, taken whole when that helps.
    let mut run_start = 0;
    for r in 0..=ACE + 1 {
        let inside = r <= ACE && c[r] >= 2;
        if !inside {
            if r - run_start >= 3 {
                let mut t = *c;
                for x in &mut t[run_start..r] {
                    *x -= 2;
                }
                best = best.min(1 + turns_with_chains(&t));
            }
            run_start = r + 1;
        }
    }
    best
}

/// The turn estimates remembered by hand: `hard`'s rollouts ask them of
/// the same hands again and again (its own hand less each play, in every
/// world), and they were two fifths of its time. Each thread keeps its
/// own table, emptied when it grows past a bound, so the memory a thread
/// holds stays small; the values are a pure function of the hand, so
/// nothing a game does depends on what was remembered.
mod memo {
    use super::Counts;
    use rustc_hash::FxHashMap;
    use std::cell::RefCell;

    /// Entries a thread keeps (about 1.5 MB) before starting afresh.
    const BOUND: usize = 1 << 16;

    thread_local! {
        static TURNS: RefCell<FxHashMap<u64, u32>> = RefCell::new(FxHashMap::default());
    }

    /// `estimate(c)`, remembered under the hand and which estimate it is.
    pub fn turns(c: &Counts, chains: bool, estimate: fn(&Counts) -> u32) -> u32 {
        // Counts are at most 4: three bits a rank, 45 bits in all.
        let key = c
            .iter()
            .fold(u64::from(chains), |k, &n| (k << 3) | u64::from(n));
        if let Some(v) = TURNS.with(|m| m.borrow().get(&key).copied()) {
            return v;
        }
        // Computed outside the borrow: the chains estimate asks for others.
        let v = estimate(c);
        TURNS.with(|m| {
            let mut m = m.borrow_mut();
            if m.len() >= BOUND {
                m.clear();
            }
            m.insert(key, v);
        });
        v
    }
}

fn loose_turns(c: &Counts) -> u32 {
    let (mut trios, mut pairs, mut singles) = (0u32, 0u32, 0u32);
    for &n in c.iter() {
        match n {
            1 => singles += 1,
            2 => pairs += 1,
            3 => trios += 1,
            _ => {}
        }
    }
    let carried = trios.min(singles + pairs);
    trios + pairs + singles - carried
}

/// What the repaired bot does differently; `EasyBot` has none of it.
#[derive(Clone, Copy, Debug)]
struct Care(bool);

impl Care {
    fn bid(&self, view: &View, legal: &[Action]) -> Action {
        let hand = view.hand.unwrap_or_default();
        let s = strength(hand);
        let has = |a: Action| legal.contains(&a);
        let want = match s {
            0..=7 => 0,
            8..=10 => 1,
            11..=13 => 2,
            _ => 3,
        };
        for b in (1..=want).rev() {
            if has(Action::Bid(b)) {
                return Action::Bid(b);
            }
        }
        let yes = |threshold: u32, a: Action| (s >= threshold && has(a)).then_some(a);
        yes(9, Action::Call)
            .or_else(|| yes(14, Action::Rob))
            .or_else(|| yes(15, Action::Kick))
            .or_else(|| yes(16, Action::Counter))
            .or_else(|| yes(16, Action::Double))
            .or_else(|| has(Action::Pass).then_some(Action::Pass))
            .unwrap_or_else(|| {
                // Forced to bid: the lowest bid.
                legal
                    .iter()
                    .copied()
                    .find(|a| matches!(a, Action::Bid(_)))
                    .unwrap_or(legal[0])
            })
    }

    /// 弃三张: throws away only cards below J (factor ×1), and only when
    /// that leaves a hand needing fewer plays; else discards nothing.
    fn discard(&self, view: &View, legal: &[Action]) -> Action {
        let hand = view.hand.unwrap_or_default();
        let low = |cards: CardSet| cards.counts()[ACE - 3..].iter().all(|&n| n == 0);
        legal
            .iter()
            .filter_map(|a| match *a {
                Action::Discard(cards) if low(cards) => Some(cards),
                _ => None,
            })
            .min_by_key(|cards| (turns_to_play_out(&hand.minus(*cards).counts()), cards.len()))
            .map_or(legal[0], Action::Discard)
    }

    fn play(&self, view: &View, legal: &[Action]) -> Action {
        let careful = self.0;
        let me = view.seat.unwrap_or(0);
        let hand = view.hand.unwrap_or_default();
        // Each play with its reading, and the action itself (it carries what
        // wild cards stand for).
        let plays: Vec<(CardSet, Kind, Action)> = legal
            .iter()
            .filter_map(|a| match *a {
                Action::Play { cards, reading, .. } => {
                    Some((cards, reading.unwrap_or(Kind::Single), *a))
                }
                _ => None,
            })
            .collect();
        let can_pass = legal.contains(&Action::Pass);
        let to_action = |(_, _, a): (CardSet, Kind, Action)| a;
        // 癞子: wild cards are worth keeping; the hand is judged without them.
        let wild_in = |cards: CardSet| {
            view.wild
                .map_or(0, |w| cards.nibble(w as usize).count_ones())
        };
        let turns_without_wild = |cards: CardSet| {
            let mut c = cards.counts();
            if let Some(w) = view.wild {
                c[w as usize] = 0;
            }
            if careful {
                turns_with_chains(&c)
            } else {
                turns_to_play_out(&c)
            }
        };
        // Play out a hand that can go in one play.
        if let Some(&p) = plays.iter().find(|(cards, _, _)| *cards == hand) {
            return to_action(p);
        }
        let landlord = view.landlord.unwrap_or(0);
        // Two players: the farmer wins down to the handicap (让牌), so the
        // largest play that gets there wins at once.
        if view.players == 2 && me != landlord {
            let home = view.handicap as usize;
            if let Some(&p) = plays
                .iter()
                .filter(|(cards, _, _)| hand.len() - cards.len() <= home)
                .max_by_key(|(cards, _, _)| cards.len())
            {
                return to_action(p);
            }
        }
        let enemy_left = (0..view.players as usize)
            .filter(|&s| s != me && (me == landlord || s == landlord))
            .map(|s| view.cards_left[s])
            .min()
            .unwrap_or(20);
        let hand_counts = hand.counts();
        let turns_now = turns_without_wild(hand);
        if let Some(st) = view.standing {
            let partner_winning = me != landlord && st.seat != landlord;
            if partner_winning && can_pass {
                // 顶牌: a partner's low single or pair is one the landlord
                // beats anyway; shedding a card that fits the hand over it
                // keeps a farmer from sitting out the game.
                let partner_left = view.cards_left[st.seat] as usize;
                let low = matches!(st.combo.kind, Kind::Single | Kind::Pair)
                    && (st.combo.main as usize) < 8;
                let sheds = careful && low && partner_left > 2 && enemy_left > 2;
                let fitting = plays
                    .iter()
                    .filter(|(c, k, _)| {
                        !k.is_bomb_like()
                            && wild_in(*c) == 0
                            && turns_without_wild(hand.minus(*c)) < turns_now
                            && c.counts()[ACE..].iter().all(|&n| n == 0)
                            && !breaks_bomb(&hand_counts, *c)
                    })
                    .min_by_key(|(c, _, _)| (turns_without_wild(hand.minus(*c)), c.0));
                return match fitting {
                    Some(&p) if sheds => to_action(p),
                    _ => Action::Pass,
                };
            }
        }
        let leading = view.standing.is_none();
        let cost = |cards: CardSet, kind: Kind| -> (u32, u32) {
            let after = turns_without_wild(hand.minus(cards));
            // A wild card spent is a wild card the hand no longer has, unless
            // the enemy is about to go out.
            let wild_cost = wild_in(cards) * if enemy_left <= 2 { 5 } else { 25 };
            let main = cards
                .counts()
                .iter()
                .enumerate()
                .filter(|(_, &n)| n > 0)
                .map(|(r, _)| r as u32)
                .max()
                .unwrap_or(0);
            // Against an enemy about to go out, lead high singles or avoid them.
            let single_penalty =
                if kind == Kind::Single && enemy_left == 1 && view.standing.is_none() {
                    100 - main
                } else {
                    0
                };
            let care = if careful && after > 0 {
                self.care_cost(cards, kind, after, leading, enemy_left, &hand_counts)
            } else {
                0
            };
            (after * 20 + single_penalty + wild_cost + care, main)
        };
        let best = |bombs: bool| {
            plays
                .iter()
                .filter(|(_, k, _)| k.is_bomb_like() == bombs)
                .min_by_key(|(c, k, _)| {
                    let (a, b) = cost(*c, *k);
                    (a, b, std::cmp::Reverse(c.len()))
                })
                .copied()
        };
        if let Some(p) = best(false) {
            // Breaking a bomb to follow is worse than passing: a pass keeps
            // the bomb for when it matters.
            let broken = careful && breaks_bomb(&hand_counts, p.0) && p.0 != hand;
            if !(broken && can_pass && enemy_left > 2) {
                return to_action(p);
            }
        }
        // Only bombs beat the table (or only bombs are left to lead).
        let after_bomb_finishable = plays
            .iter()
            .any(|(c, _, _)| turns_to_play_out(&hand.minus(*c).counts()) <= 1);
        let matters = enemy_left <= 4 || after_bomb_finishable || !can_pass;
        if matters {
            if let Some(p) = best(true) {
                return to_action(p);
            }
        }
        if can_pass {
            Action::Pass
        } else {
            legal[0]
        }
    }

    /// What the repaired bot adds to a play's cost (20 is one more turn to
    /// play the hand out); `after` is the turns left after it (not 0).
    fn care_cost(
        &self,
        cards: CardSet,
        kind: Kind,
        after: u32,
        leading: bool,
        enemy_left: u8,
        hand: &Counts,
    ) -> u32 {
        let c = cards.counts();
        let mut cost = 0;
        // A four goes out as a bomb (×2, and the lead back), not as four-with-two.
        if matches!(kind, Kind::FourTwo | Kind::FourTwoPairs) {
            cost += 60;
        }
        // Part of a bomb, or one joker of the rocket, for an ordinary play.
        if !kind.is_bomb_like() && breaks_bomb(hand, cards) {
            cost += 60;
        }
        let controls = |from: usize| -> u32 { c[from..].iter().map(|&n| n as u32).sum() };
        if enemy_left > 2 {
            if leading && after > 1 {
                // Aces, 2s and jokers win the lead back later: not for leads
                // while the hand is far from out.
                cost += 15 * controls(ACE) + 10 * controls(TWO);
            } else if !leading && kind == Kind::Single && controls(TWO) > 0 {
                // A 2 or a joker on a low single while T–K would do.
                let mid = (7..ACE).any(|r| hand[r] > 0 && hand[r] < 4);
                if mid {
                    cost += 50;
                }
            }
        }
        // A farmer leading into a landlord with exactly that many cards:
        // a pair into a last pair, a trio into a last trio.
        if leading && enemy_left as usize == cards.len() && matches!(kind, Kind::Pair | Kind::Trio)
        {
            cost += 80;
        }
        cost
    }
}

fn choose(care: Care, view: &View, legal: &[Action]) -> Action {
    // Never shows its hand: the bot takes no extra risk for the multiplier.
    let legal: Vec<Action> = legal
        .iter()
        .copied()
        .filter(|a| !matches!(a, Action::Show(_)))
        .collect();
    if legal.is_empty() {
        return Action::Pass;
    }
    match view.phase {
        PhaseName::Playing => care.play(view, &legal),
        PhaseName::Discarding => care.discard(view, &legal),
        _ => care.bid(view, &legal),
    }
}

impl BasicBot {
    /// The `normal` bot's choice, without a generator (it needs none).
    pub fn decide(view: &View, legal: &[Action]) -> Action {
        choose(Care(true), view, legal)
    }
}

impl EasyBot {
    /// The easy bot's action in `view` (the `hard` bot's rollouts ask it
    /// without a bot at hand).
    pub fn decide(view: &View, legal: &[Action]) -> Action {
        choose(Care(false), view, legal)
    }
}

impl Bot<DouDizhu> for EasyBot {
    fn choose(&mut self, view: &View, legal: &[Action], _rng: &mut dyn rand::RngCore) -> Action {
        EasyBot::decide(view, legal)
    }
}

impl Bot<DouDizhu> for BasicBot {
    fn choose(&mut self, view: &View, legal: &[Action], _rng: &mut dyn rand::RngCore) -> Action {
        choose(Care(true), view, legal)
    }
}

#[cfg(test)]
mod tests {
    use super::super::patterns::RANKS;
    use super::*;

    fn counts(s: &[usize]) -> Counts {
        let mut c = [0u8; RANKS];
        for &r in s {
            c[r] += 1;
        }
        c
    }

    /// The remembered estimates are the estimates, asked once or again,
    /// for hands of every size.
    #[test]
    fn remembered_turns_are_the_estimates() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        for _ in 0..2000 {
            let mut c = [0u8; RANKS];
            for _ in 0..rng.gen_range(1..=20) {
                let r = rng.gen_range(0..RANKS);
                if c[r] < if r >= SMALL_JOKER { 1 } else { 4 } {
                    c[r] += 1;
                }
            }
            for _ in 0..2 {
                assert_eq!(turns_to_play_out(&c), estimate_turns(&c), "{c:?}");
                assert_eq!(turns_with_chains(&c), estimate_with_chains(&c), "{c:?}");
            }
        }
    }

    #[test]
    fn turns_estimate() {
        // 3 4 5 6 7 K: a straight and a single.
        assert_eq!(turns_to_play_out(&counts(&[0, 1, 2, 3, 4, 10])), 2);
        // 333 + 4: one play.
        assert_eq!(turns_to_play_out(&counts(&[0, 0, 0, 1])), 1);
        // a bomb and the rocket.
        assert_eq!(turns_to_play_out(&counts(&[5, 5, 5, 5, 13, 14])), 2);
    }
}
