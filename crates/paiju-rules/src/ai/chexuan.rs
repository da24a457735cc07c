//! Chexuan's levels beyond the basic bot (`easy`): `normal` and `hard`.
//!
//! Both weigh every action by what it is worth in chips — the showdown's
//! own settlement (尾大吃皮: the big tail takes the antes, each player takes
//! from those he beats at most his bet, the strictly highest tail takes
//! the mango pot), the pot odds of a call, the mango already on the table,
//! a 三花 lay-down's refund — and take the best:
//!
//! - `hard` deals the cards it cannot see: every completion of the live
//!   hands (exactly, when one opponent's two face-down cards are all that
//!   is unknown; else [`HARD_WORLDS`] sampled ones from the injected
//!   generator), settles each world as the showdown would, and models an
//!   opponent facing a raise as the basic bot decides (it goes on with the
//!   stronger hands); at the showdown it gives the split that settles best
//!   against the opponents' possible hands, not merely the highest tail.
//! - `normal` is the same with a dozen sampled worlds and no enumeration,
//!   under a millisecond a decision. (A version without dealing, its
//!   chances from the strength tables, lost to the basic bot in the arena:
//!   the basic bot's bars read what a raise says about the hand behind it
//!   better than a formula of the same cost did.)

use crate::ai::Bot;
use crate::cards::Card;
use crate::games::chexuan::ai::{best_legal_split, percentile, strength, BasicBot};
use crate::games::chexuan::cards::DECK;
use crate::games::chexuan::engine::Status;
use crate::games::chexuan::hands::{best_split, legal_splits, Split};
use crate::games::chexuan::settle::{settle_showdown, Standing};
use crate::games::chexuan::view::{ChexuanView, Stage};
use crate::games::chexuan::{Action, Chexuan};
use rand::Rng;
use std::collections::HashMap;
use std::sync::OnceLock;

/// Worlds `hard` samples when it cannot enumerate.
pub const HARD_WORLDS: usize = 1500;

/// The largest number of worlds `hard` enumerates rather than samples.
const EXACT_LIMIT: usize = 4000;

/// Worlds `normal` samples: a handful, never enumerated, so that it
/// decides within a millisecond.
pub const NORMAL_WORLDS: usize = 12;

/// The `hard` level (and, with few worlds and no enumeration, `normal`).
#[derive(Clone, Copy, Debug)]
pub struct HardBot {
    pub worlds: usize,
    /// Enumerate every world when few enough (else always sample).
    pub exact: bool,
}

impl Default for HardBot {
    fn default() -> Self {
        HardBot {
            worlds: HARD_WORLDS,
            exact: true,
        }
    }
}

impl HardBot {
    /// The `normal` level.
    pub fn normal() -> HardBot {
        HardBot {
            worlds: NORMAL_WORLDS,
            exact: false,
        }
    }
}

/// A bot of `level` (easy: the basic bot).
pub fn bot(level: super::Level) -> Box<dyn Bot<Chexuan>> {
    match level {
        super::Level::Easy => Box::new(BasicBot),
        super::Level::Normal => Box::new(HardBot::normal()),
        super::Level::Hard => Box::new(HardBot::default()),
    }
}

fn mask(cards: &[Card]) -> u32 {
    cards.iter().fold(0, |m, c| {
        m | DECK.iter().position(|d| d == c).map_or(0, |i| 1 << i)
    })
}

/// The best split of every four-card hand, by card mask.
fn best_splits() -> &'static HashMap<u32, Split> {
    static TABLE: OnceLock<HashMap<u32, Split>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = HashMap::with_capacity(35_960);
        for (i, &a) in DECK.iter().enumerate() {
            for (j, &b) in DECK.iter().enumerate().skip(i + 1) {
                for (k, &c) in DECK.iter().enumerate().skip(j + 1) {
                    for &d in &DECK[k + 1..] {
                        let four = [a, b, c, d];
                        t.insert(mask(&four), best_split(&four));
                    }
                }
            }
        }
        t
    })
}

fn best_of(cards: &[Card]) -> Split {
    match best_splits().get(&mask(cards)) {
        Some(s) => *s,
        None => best_split(&[cards[0], cards[1], cards[2], cards[3]]),
    }
}

/// Builds the tables now rather than at the first decision.
pub fn prepare() {
    best_splits();
    crate::games::chexuan::ai::prepare();
}

/// One dealt world: each hand in it (mine first) with its four cards.
type World = Vec<(usize, Vec<Card>)>;

/// What the deciding seat knows, read off its view.
struct Table<'a> {
    view: &'a ChexuanView,
    me: usize,
    mine: Vec<Card>,
    unseen: Vec<Card>,
    /// Live opponents (in the hand, not me).
    live: Vec<usize>,
}

impl<'a> Table<'a> {
    fn read(view: &'a ChexuanView) -> Option<Table<'a>> {
        let me = view.viewer?;
        let mine = view.my_cards();
        let mut known = mine.clone();
        for p in &view.players {
            if p.seat == me {
                continue;
            }
            known.extend(&p.open);
            if let Some(h) = &p.hidden {
                known.extend(h);
            }
        }
        let unseen = DECK
            .iter()
            .copied()
            .filter(|c| !known.contains(c))
            .collect();
        let live = view
            .players
            .iter()
            .filter(|p| p.seat != me && p.status.in_hand())
            .map(|p| p.seat)
            .collect();
        Some(Table {
            view,
            me,
            mine,
            unseen,
            live,
        })
    }

    /// The cards seat `s` is known to hold (all of mine; an opponent's
    /// face-up cards, and its face-down ones once shown).
    fn known_of(&self, s: usize) -> Vec<Card> {
        if s == self.me {
            return self.mine.clone();
        }
        let p = &self.view.players[s];
        let mut c = p.hidden.clone().unwrap_or_default();
        c.extend(&p.open);
        c
    }

    /// Deals one world: four cards for me and each live opponent.
    fn sample(&self, rng: &mut dyn rand::RngCore) -> World {
        let mut pool = self.unseen.clone();
        let mut next = 0;
        let mut take = |n: usize, rng: &mut dyn rand::RngCore| {
            let mut out = Vec::with_capacity(n);
            for _ in 0..n {
                let k = rng.gen_range(next..pool.len());
                pool.swap(next, k);
                out.push(pool[next]);
                next += 1;
            }
            out
        };
        std::iter::once(self.me)
            .chain(self.live.iter().copied())
            .map(|s| {
                let mut c = self.known_of(s);
                let missing = 4usize.saturating_sub(c.len());
                c.extend(take(missing, rng));
                (s, c)
            })
            .collect()
    }

    /// Every world, when the only unknown cards are one opponent's last
    /// two and there are few enough.
    fn exact_worlds(&self) -> Option<Vec<World>> {
        if self.mine.len() < 4 || self.live.len() != 1 {
            return None;
        }
        let opp = self.live[0];
        let known = self.known_of(opp);
        let missing = 4usize.checked_sub(known.len())?;
        let u = &self.unseen;
        let mut out = Vec::new();
        match missing {
            0 => out.push(vec![(self.me, self.mine.clone()), (opp, known)]),
            1 => {
                for &x in u {
                    let mut c = known.clone();
                    c.push(x);
                    out.push(vec![(self.me, self.mine.clone()), (opp, c)]);
                }
            }
            2 => {
                for (i, &x) in u.iter().enumerate() {
                    for &y in &u[i + 1..] {
                        let mut c = known.clone();
                        c.extend([x, y]);
                        out.push(vec![(self.me, self.mine.clone()), (opp, c)]);
                    }
                }
            }
            _ => return None,
        }
        (out.len() <= EXACT_LIMIT).then_some(out)
    }

    fn worlds(&self, n: usize, exact: bool, rng: &mut dyn rand::RngCore) -> Vec<World> {
        exact
            .then(|| self.exact_worlds())
            .flatten()
            .unwrap_or_else(|| (0..n).map(|_| self.sample(rng)).collect())
    }

    /// My change in chips if the hand is settled in `world` with every
    /// live player at `level` (an opponent in `folds` gives up instead),
    /// me splitting by `my_split` (else my best split); the mango pot
    /// counted when my tail is the strictly highest.
    fn settle(
        &self,
        world: &[(usize, Vec<Card>)],
        level: u64,
        folds: &[usize],
        my_split: Option<Split>,
    ) -> f64 {
        let v = self.view;
        let n = v.players.len();
        let mut standing: Vec<Standing> = v
            .players
            .iter()
            .map(|p| match p.status {
                Status::LaidDown => Standing::LaidDown,
                _ => Standing::Folded,
            })
            .collect();
        let mut contributions: Vec<u64> = v.players.iter().map(|p| p.contribution).collect();
        for (s, cards) in world {
            if folds.contains(s) {
                continue;
            }
            let split = match my_split {
                Some(sp) if *s == self.me => sp,
                _ => best_of(cards),
            };
            standing[*s] = Standing::Shown(split);
            let p = &v.players[*s];
            contributions[*s] = p.contribution.max(level.min(p.bobo));
        }
        let settled = settle_showdown(v.ante, v.dealer, &contributions, &standing);
        let mut delta = settled.payouts[self.me] as f64 - contributions[self.me] as f64;
        if settled.mango_winner == Some(self.me) {
            delta += v.mango_pot as f64;
        }
        debug_assert!(n > self.me);
        delta
    }
}

/// How strong seat `s`'s cards look to their holder (what the basic bot,
/// the model of an opponent, bets on).
fn felt_strength(cards: &[Card], seen: &[Card]) -> f64 {
    match cards.len() {
        4 => percentile(&[cards[0], cards[1], cards[2], cards[3]]),
        _ => strength(cards, seen),
    }
}

/// Whether the modelled opponent goes on to `level` having put in
/// `already`: the basic bot's bar (pot odds of its call).
fn goes_on(s: f64, level: u64, already: u64) -> bool {
    let cost = level.saturating_sub(already) as f64;
    s >= 0.44 + 0.08 * cost / (cost + already as f64).max(1.0)
}

/// What every candidate action is worth, and the best of them.
fn decide_bet(view: &ChexuanView, legal: &[Action], ev_at: &dyn Fn(u64, bool) -> f64) -> Action {
    let me = view.viewer.expect("a bot plays a seat");
    let my = &view.players[me];
    let mut best: Option<(f64, Action)> = None;
    let mut consider = |ev: f64, a: Action| {
        if best.is_none_or(|(b, _)| ev > b + 1e-9) {
            best = Some((ev, a));
        }
    };
    // The cheaper actions first: a raise must be worth more to be taken.
    for a in legal {
        match *a {
            Action::Check => {
                // If everyone checks, every player still in pays the 休芒.
                let xiu = view.xiu_mango.unwrap_or(0) as f64 * 0.5;
                consider(ev_at(view.highest, false) - xiu, *a);
            }
            Action::Call => consider(ev_at(view.highest, false), *a),
            Action::Sanhua => consider(0.0, *a),
            Action::Fold => consider(-(my.contribution as f64), *a),
            _ => {}
        }
    }
    let margin = view.ante as f64 * 0.5;
    let mut raises: Vec<u64> = legal
        .iter()
        .filter_map(|a| match a {
            Action::Raise(n) => Some(*n),
            _ => None,
        })
        .collect();
    raises.truncate(5);
    for n in raises {
        consider(ev_at(view.highest + n, true) - margin, Action::Raise(n));
    }
    if legal.contains(&Action::AllIn) {
        consider(ev_at(my.bobo, true) - 2.0 * margin, Action::AllIn);
    }
    match best {
        Some((_, a)) => a,
        None => legal[0],
    }
}

impl HardBot {
    fn bet(&self, view: &ChexuanView, legal: &[Action], rng: &mut dyn rand::RngCore) -> Action {
        let Some(t) = Table::read(view) else {
            return legal[0];
        };
        let worlds = t.worlds(self.worlds, self.exact, rng);
        let seen: Vec<Card> = DECK
            .iter()
            .copied()
            .filter(|c| !t.unseen.contains(c) && !t.mine.contains(c))
            .collect();
        // Each opponent's felt strength in each world (for raises).
        let felt: Vec<Vec<(usize, f64)>> = worlds
            .iter()
            .map(|w| {
                w.iter()
                    .filter(|(s, _)| *s != t.me)
                    .map(|(s, c)| {
                        let p = &view.players[*s];
                        let holds = p.hidden_count + p.open.len();
                        (*s, felt_strength(&c[..holds.min(4)], &seen))
                    })
                    .collect()
            })
            .collect();
        let ev_at = |level: u64, raise: bool| {
            let mut total = 0.0;
            for (w, f) in worlds.iter().zip(&felt) {
                let folds: Vec<usize> = if raise {
                    f.iter()
                        .filter(|(s, st)| {
                            let p = &view.players[*s];
                            p.status == Status::Active && !goes_on(*st, level, p.contribution)
                        })
                        .map(|(s, _)| *s)
                        .collect()
                } else {
                    Vec::new()
                };
                total += t.settle(w, level, &folds, None);
            }
            total / worlds.len().max(1) as f64
        };
        decide_bet(view, legal, &ev_at)
    }

    /// The split that settles best against the opponents' possible hands.
    fn split(
        &self,
        view: &ChexuanView,
        legal: &[Action],
        rng: &mut dyn rand::RngCore,
    ) -> Option<Action> {
        let t = Table::read(view)?;
        let four: [Card; 4] = t.mine.clone().try_into().ok()?;
        let worlds = t.worlds(self.worlds, self.exact, rng);
        let candidates: Vec<Split> = legal_splits(&four)
            .into_iter()
            .filter(|s| legal.contains(&Action::Split(*s)))
            .collect();
        let best = candidates.into_iter().max_by(|a, b| {
            let ev = |s: &Split| -> f64 {
                worlds
                    .iter()
                    .map(|w| t.settle(w, view.highest, &[], Some(*s)))
                    .sum()
            };
            ev(a).total_cmp(&ev(b)).then(a.key().cmp(&b.key()))
        })?;
        Some(Action::Split(best))
    }
}

impl Bot<Chexuan> for HardBot {
    fn choose(
        &mut self,
        view: &ChexuanView,
        legal: &[Action],
        rng: &mut dyn rand::RngCore,
    ) -> Action {
        let pick = match view.stage {
            Stage::Showdown => self
                .split(view, legal, rng)
                .or_else(|| best_legal_split(legal)),
            Stage::Betting { .. } => Some(self.bet(view, legal, rng)),
            Stage::Finished => None,
        };
        checked(pick, legal)
    }
}

/// The pick when legal, else a check, else the first legal action.
fn checked(pick: Option<Action>, legal: &[Action]) -> Action {
    match pick {
        Some(a) if legal.contains(&a) => a,
        _ => legal
            .iter()
            .copied()
            .find(|a| *a == Action::Check)
            .unwrap_or(legal[0]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::chexuan::{ChexuanRules, HandSetup, Mango};
    use crate::games::Game;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    /// Whole hands at four seats, every level at the table: every choice
    /// is legal and every hand ends.
    #[test]
    fn every_level_plays_whole_hands() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let rules = ChexuanRules::default();
        for hand in 0..12 {
            let setup = HandSetup {
                dealer: hand % 4,
                bobo: vec![rules.min_bobo(); 4],
                mango: Mango::default(),
                mango_limit: Vec::new(),
            };
            let mut game = Chexuan::new_hand(rules.clone(), setup, &mut rng).unwrap();
            let mut bots: Vec<Box<dyn Bot<Chexuan>>> = vec![
                bot(super::super::Level::Hard),
                bot(super::super::Level::Normal),
                bot(super::super::Level::Easy),
                Box::new(HardBot {
                    worlds: 50,
                    exact: false,
                }),
            ];
            while let Some(seat) = game.to_act() {
                let legal = game.legal_actions(seat);
                let a = bots[seat].choose(&game.view(Some(seat)), &legal, &mut rng);
                assert!(legal.contains(&a), "{a:?} not in {legal:?}");
                game.apply(seat, &a).unwrap();
            }
            assert!(game.is_finished());
        }
    }

    /// Splits order as the rules say, and the modelled opponent goes on
    /// with strong hands only.
    #[test]
    fn bets_follow_the_cards() {
        let c = |s: &str| s.parse::<Card>().unwrap();
        let top = best_split(&[c("QH"), c("QD"), c("3H"), c("BJ")]);
        let low = best_split(&[c("TH"), c("TS"), c("QD"), c("8S")]);
        assert!(top.key() > low.key());
        assert!(goes_on(0.9, 100, 10));
        assert!(!goes_on(0.3, 100, 10));
    }
}
