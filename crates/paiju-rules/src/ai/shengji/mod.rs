//! Shengji's levels beyond the basic bot (`easy`): `normal` and `hard`.
//!
//! - `normal` is the basic bot with what the arena showed it get wrong
//!   repaired, still without search. It reads the table as a card counter
//!   would (`reading`: the cards it has not seen, the suits each seat
//!   has shown void in) and plays by it (`normal_play`): it wins an
//!   opponent's trick only with a play no seat still to come can beat (a
//!   trump only for points), or with a plain card that gives no points
//!   away; it sheds its cheapest cards keeping pairs whole, weighing the
//!   points given away against the top cards kept; it leads what will
//!   stand (a lone trump only on the bank's side), on the bank's side
//!   never into a known void while it has another lead (the attackers
//!   lead into the bank's voids, to shorten its trumps), and on the bank's
//!   side, long in trump, draws the attackers' trumps. It buries its short
//!   plain suits but keeps points out of the kitty (the attackers would
//!   take them multiplied with the last trick), never its trumps, pairs or
//!   aces. It declares by the basic rule's share of trumps, but turns an
//!   opponent's declaration to its own suit from a smaller share and
//!   never its own team's to another suit (declaring by a weighted trump
//!   strength measured no better).
//! - `hard` deals the cards it cannot see to the other seats consistently
//!   with everything public — each seat's number of cards, and the suits a
//!   seat has shown void in by not following them — and the kitty when it
//!   is not the banker; then plays each candidate out to the end of the
//!   hand in every such world with `normal` at every seat, and makes the
//!   candidate whose worlds end best for its team (levels first, then
//!   points), as Dou Dizhu's `hard` does. Declaring and burying stay with
//!   `normal`.
//!
//! Worlds come from the injected generator and their number is fixed, so a
//! seeded game plays the same way on any machine; a wall-clock cap only
//! stops a search early on a machine too loaded to finish it in time.

use crate::ai::Bot;
use crate::cards::{Card, Rank};
use crate::games::shengji::ai::{strongest_declaration, BasicBot};
use crate::games::shengji::order::{points, points_of, Order, PLAY_SUITS};
use crate::games::shengji::play::uniform_suit;
use crate::games::shengji::rules::SEATS;
use crate::games::shengji::session::{Dealing, DealingView};
use crate::games::shengji::units::counts_of;
use crate::games::shengji::{Action, Shengji, ShengjiTable, ShengjiView, Stage, TableAction};
use rand::Rng;
use std::time::{Duration, Instant};

mod normal_play;
mod reading;

/// The `normal` level.
#[derive(Clone, Copy, Debug, Default)]
pub struct NormalBot;

/// How much better, per world, another move must play out than
/// `normal`'s for `hard` to make it (in the value of [`value_for`]: 40 a
/// level, 1 a point).
const SWITCH_MARGIN: f64 = 10.0;

/// The `hard` level.
#[derive(Clone, Debug)]
pub struct HardBot {
    /// Worlds dealt per decision (each plays every candidate out once).
    pub worlds: usize,
    /// At most this many candidates are searched.
    pub candidates: usize,
    /// The wall-clock cap of one decision.
    pub budget: Duration,
}

impl Default for HardBot {
    /// 40 worlds: against `normal` they won 0.580 of 600 hands where 20
    /// won 0.540 (`paiju arena --game shengji --a hard:40 --b normal
    /// --deals 300 --seed 2`), most decisions well inside the cap.
    fn default() -> Self {
        HardBot {
            worlds: 40,
            candidates: 4,
            budget: Duration::from_millis(250),
        }
    }
}

/// A bot of `level` for a hand as the engine plays it.
pub fn hand_bot(level: super::Level) -> Box<dyn Bot<Shengji>> {
    match level {
        super::Level::Easy => Box::new(BasicBot),
        super::Level::Normal => Box::new(NormalBot),
        super::Level::Hard => Box::new(HardBot::default()),
    }
}

/// A bot of `level` for a table hand.
pub fn bot(level: super::Level) -> Box<dyn Bot<ShengjiTable>> {
    table_bot(level, hand_bot(level))
}

/// `hand` at a table hand: `easy` declares by the basic rule, the others
/// as `normal` does.
pub fn table_bot(level: super::Level, hand: Box<dyn Bot<Shengji>>) -> Box<dyn Bot<ShengjiTable>> {
    Box::new(TableLevelBot { hand, level })
}

/// A level's bot at a table: its declarations while the cards arrive
/// (turning the others down), then its hand bot.
pub struct TableLevelBot {
    hand: Box<dyn Bot<Shengji>>,
    level: super::Level,
}

impl Bot<ShengjiTable> for TableLevelBot {
    fn choose(
        &mut self,
        view: &DealingView,
        legal: &[TableAction],
        rng: &mut dyn rand::RngCore,
    ) -> TableAction {
        let hand: Vec<Action> = legal
            .iter()
            .filter_map(|a| match a {
                TableAction::Hand(a) => Some(a.clone()),
                _ => None,
            })
            .collect();
        if hand.is_empty() {
            return legal[0].clone();
        }
        if view.dealing != Dealing::Done {
            // An AI seat of a table must answer while the cards arrive
            // (the table waits on it while its rule wants a declaration).
            let pick = if self.level == super::Level::Easy {
                crate::games::shengji::ai::choose_declaration(&view.hand, &hand, view.hand.dealt)
            } else {
                declaration(&view.hand, &hand, view.hand.dealt)
            };
            if let Some(a) = pick {
                return TableAction::Hand(a);
            }
            if legal.contains(&TableAction::Pass) {
                return TableAction::Pass;
            }
            return TableAction::Hand(hand[0].clone());
        }
        TableAction::Hand(self.hand.choose(&view.hand, &hand, rng))
    }

    fn may_block(&self) -> bool {
        self.hand.may_block()
    }
}

/// `normal` declares (or strengthens its own declaration) when at least
/// this share, in percent, of the cards it has received would be trumps.
const DECLARE_PERCENT: usize = 34;

/// `normal` turns an opponent's declaration to its own suit (反主) from
/// this share: the bank stays with whoever declared first, but its trumps
/// become the suit the attackers are long in.
const OVERRIDE_PERCENT: usize = 25;

/// `normal`'s declaration among `options` with the cards received by
/// `dealt`: the trump that makes the most of them trumps, when that is
/// share enough (less to override an opponent). Over its own team's
/// declaration it only strengthens its own: turning the team's to
/// another suit measured worse.
fn declaration(view: &ShengjiView, options: &[Action], dealt: usize) -> Option<Action> {
    let seat = view.viewer?;
    let standing = view.declarations.last();
    let ours = standing.filter(|d| d.seat % 2 == seat % 2);
    let percent = if standing.is_some() && ours.is_none() {
        OVERRIDE_PERCENT
    } else {
        DECLARE_PERCENT
    };
    let (n, received, a) = strongest_declaration(view, options, dealt, |trump| {
        !ours.is_some_and(|o| o.seat != seat || o.trump != trump)
    })?;
    (n * 100 > received * percent).then(|| a.clone())
}

/// The cards to bury: the short plain suits first (a void to trump with),
/// but no points (the attackers would take them multiplied with the last
/// trick); never trumps, pairs or aces while others remain.
fn bury(view: &ShengjiView) -> Option<Action> {
    let kitty = view.kitty.as_ref()?;
    let level = Rank::from_value(view.level?)?;
    let trump = view.declarations.last().and_then(|d| d.trump);
    let order = Order::new(level, trump, view.rules.twos_trump, view.rules.two_colors);
    let mut pool = view.hand.clone();
    pool.extend_from_slice(kitty);
    let counts = counts_of(&order, &pool);
    let mut lens = [0usize; PLAY_SUITS];
    for &c in &pool {
        lens[order.suit(c)] += 1;
    }
    pool.sort_by_key(|&c| {
        (
            order.is_trump(c),
            counts[order.key(c) as usize] >= 2,
            c.rank() == Some(Rank::Ace),
            points(c) > 0,
            lens[order.suit(c)],
            points(c) >= 10,
            order.value(c),
        )
    });
    Some(Action::Bury(pool[..view.kitty_size].to_vec()))
}

/// The plain suits each seat has shown void in (it did not follow them).
pub fn voids(view: &ShengjiView, order: &Order) -> [[bool; PLAY_SUITS]; SEATS] {
    let mut v = [[false; PLAY_SUITS]; SEATS];
    let mut note = |plays: &[(usize, Vec<Card>)]| {
        let Some((_, first)) = plays.first() else {
            return;
        };
        let Some(si) = uniform_suit(order, first) else {
            return;
        };
        for (seat, cards) in &plays[1..] {
            if cards.iter().any(|&c| order.suit(c) != si) {
                v[*seat][si] = true;
            }
        }
    };
    for t in view.tricks.iter() {
        note(&t.plays);
    }
    note(&view.trick);
    v
}

/// Whether playing `cards` out of `hand` splits a pair (or wider group).
pub(crate) fn breaks_groups(order: &Order, hand: &[Card], cards: &[Card]) -> usize {
    let held = counts_of(order, hand);
    let played = counts_of(order, cards);
    (0..held.len())
        .filter(|&k| held[k] >= 2 && played[k] > 0 && played[k] < held[k])
        .count()
}

impl NormalBot {
    fn play(view: &ShengjiView, legal: &[Action], rng: &mut dyn rand::RngCore) -> Action {
        let Some(reading) = reading::Reading::new(view) else {
            return BasicBot.choose(view, legal, rng);
        };
        let pick = if view.trick.is_empty() {
            normal_play::lead(view, &reading, legal)
        } else {
            normal_play::follow(view, &reading, &normal_play::follows(view, &reading, legal))
        };
        pick.unwrap_or_else(|| BasicBot.choose(view, legal, rng))
    }
}

impl Bot<Shengji> for NormalBot {
    fn choose(
        &mut self,
        view: &ShengjiView,
        legal: &[Action],
        rng: &mut dyn rand::RngCore,
    ) -> Action {
        let chosen = match view.stage {
            Stage::Declaring => {
                let closing = legal.iter().any(|a| !matches!(a, Action::Declare { .. }));
                let declared = declaration(view, legal, view.deal_total);
                declared.or_else(|| if closing { bury(view) } else { None })
            }
            Stage::Playing => Some(NormalBot::play(view, legal, rng)),
            Stage::Finished => None,
        };
        match chosen {
            // A play is one of the legal follows or leads (see
            // [`normal_play::follows`]: more than the engine lists).
            Some(a) if legal.contains(&a) || matches!(a, Action::Bury(_) | Action::Play(_)) => a,
            _ => BasicBot.choose(view, legal, rng),
        }
    }
}

/// Every card of the decks the viewer has not seen: not in its hand, not
/// played, not the kitty it buried.
fn unseen(view: &ShengjiView) -> Vec<Card> {
    let mut pool: Vec<Card> = Vec::new();
    for _ in 0..view.rules.decks {
        pool.extend(crate::cards::standard_deck());
    }
    for c in view.seen() {
        if let Some(i) = pool.iter().position(|x| x == c) {
            pool.swap_remove(i);
        }
    }
    pool
}

/// Deals the unseen cards: each other seat its number of cards, none of a
/// suit it has shown void in; the rest to the kitty when the viewer is not
/// the banker. Voids are given up after a few failed tries.
fn deal_world(
    view: &ShengjiView,
    order: &Order,
    voids: &[[bool; PLAY_SUITS]; SEATS],
    pool: &[Card],
    rng: &mut dyn rand::RngCore,
) -> Option<([Vec<Card>; SEATS], Vec<Card>)> {
    let me = view.viewer?;
    let banker = view.banker?;
    let kitty_size = if banker == me { 0 } else { view.kitty_size };
    let mut want: [usize; SEATS] = view.hand_sizes;
    want[me] = 0;
    if want.iter().sum::<usize>() + kitty_size != pool.len() {
        return None;
    }
    for attempt in 0..12 {
        let strict = attempt < 10;
        let mut cards = pool.to_vec();
        for i in (1..cards.len()).rev() {
            let j = rng.gen_range(0..=i);
            cards.swap(i, j);
        }
        // Cards of a suit someone is void in go first, while there is room.
        cards.sort_by_key(|&c| {
            let si = order.suit(c);
            std::cmp::Reverse((0..SEATS).filter(|&s| voids[s][si]).count())
        });
        let mut hands: [Vec<Card>; SEATS] = Default::default();
        let mut kitty = Vec::new();
        let mut ok = true;
        for c in cards {
            let si = order.suit(c);
            let room: Vec<usize> = (0..SEATS)
                .filter(|&s| hands[s].len() < want[s] && !(strict && voids[s][si]))
                .collect();
            let kitty_room = kitty_size - kitty.len();
            let slots: usize = room
                .iter()
                .map(|&s| want[s] - hands[s].len())
                .sum::<usize>()
                + kitty_room;
            if slots == 0 {
                ok = false;
                break;
            }
            let mut k = rng.gen_range(0..slots);
            let mut placed = false;
            for &s in &room {
                let r = want[s] - hands[s].len();
                if k < r {
                    hands[s].push(c);
                    placed = true;
                    break;
                }
                k -= r;
            }
            if !placed {
                kitty.push(c);
            }
        }
        if ok {
            hands[me] = view.hand.clone();
            let buried = if banker == me {
                view.kitty.clone().unwrap_or_default()
            } else {
                kitty
            };
            return Some((hands, buried));
        }
    }
    None
}

/// How a played-out hand ends for `me`'s team: levels first, then points.
fn value_for(game: &Shengji, me: usize) -> f64 {
    let Some(o) = game.typed_outcome() else {
        return 0.0;
    };
    let mine = o.deltas[me % 2] - o.deltas[(me + 1) % 2];
    let attacking = o.banker % 2 != me % 2;
    let pts = if attacking { o.points } else { -o.points } as f64;
    mine as f64 * 40.0 + pts
}

fn play_out(mut game: Shengji, me: usize, rng: &mut dyn rand::RngCore) -> f64 {
    let mut bot = NormalBot;
    for _ in 0..400 {
        let Some(seat) = game.to_play() else { break };
        let legal = game.legal(seat);
        if legal.is_empty() {
            break;
        }
        let a = bot.choose(&game.view_for(Some(seat)), &legal, rng);
        if game.apply(seat, &a).is_err() {
            break;
        }
    }
    value_for(&game, me)
}

impl HardBot {
    /// The moves worth searching: `normal`'s; when following, the
    /// follows of each kind ([`normal_play::follow_kinds`]); then the
    /// others by the points they give and what they cost, distinct.
    fn candidates(
        &self,
        view: &ShengjiView,
        order: &Order,
        legal: &[Action],
        quick: &Action,
    ) -> Vec<Action> {
        let mut out = vec![quick.clone()];
        let mut options = legal.to_vec();
        if let (false, Some(r)) = (view.trick.is_empty(), reading::Reading::new(view)) {
            options = normal_play::follows(view, &r, legal);
            for a in normal_play::follow_kinds(view, &r, &options) {
                if out.len() < self.candidates && !out.contains(&a) {
                    out.push(a);
                }
            }
        }
        let mut rest: Vec<&Action> = options.iter().filter(|a| !out.contains(a)).collect();
        rest.sort_by_key(|a| match a {
            Action::Play(c) => (
                points_of(c),
                breaks_groups(order, &view.hand, c),
                c.iter().map(|&x| order.strength(x) as u32).sum::<u32>(),
            ),
            _ => (0, 0, 0),
        });
        // The cheapest and the dearest, then those between.
        if let Some(last) = rest.pop() {
            rest.insert(0, last);
        }
        for a in rest {
            if out.len() >= self.candidates {
                break;
            }
            out.push(a.clone());
        }
        out
    }
}

impl Bot<Shengji> for HardBot {
    fn choose(
        &mut self,
        view: &ShengjiView,
        legal: &[Action],
        rng: &mut dyn rand::RngCore,
    ) -> Action {
        let quick = NormalBot.choose(view, legal, rng);
        if view.stage != Stage::Playing {
            return quick;
        }
        let (Some(me), Some(order)) = (view.viewer, view.order()) else {
            return quick;
        };
        let candidates = self.candidates(view, &order, legal, &quick);
        if candidates.len() < 2 {
            return quick;
        }
        let v = voids(view, &order);
        let pool = unseen(view);
        let started = Instant::now();
        let mut score = vec![0.0; candidates.len()];
        let mut worlds = 0;
        while worlds < self.worlds && (worlds == 0 || started.elapsed() < self.budget) {
            let Some((hands, buried)) = deal_world(view, &order, &v, &pool, rng) else {
                return quick;
            };
            let Some(world) = view.world(hands, buried) else {
                return quick;
            };
            for (i, a) in candidates.iter().enumerate() {
                let mut g = world.clone();
                if g.apply(me, a).is_err() {
                    score[i] = f64::NEG_INFINITY;
                    continue;
                }
                score[i] += play_out(g, me, rng);
            }
            worlds += 1;
        }
        // Normal's choice unless another is clearly better: with a few
        // noisy worlds, the best of several estimates flatters itself.
        let best = (0..candidates.len())
            .max_by(|&x, &y| score[x].total_cmp(&score[y]).then(y.cmp(&x)))
            .unwrap_or(0);
        if score[best] - score[0] < SWITCH_MARGIN * worlds as f64 {
            return quick;
        }
        candidates[best].clone()
    }

    fn may_block(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Game;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    /// Whole table hands with every level seated: every choice is legal
    /// and every hand ends; the hard level's worlds are the view's hand.
    #[test]
    fn every_level_plays_whole_hands() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        for _ in 0..2 {
            let mut t = ShengjiTable::deal(Default::default(), SEATS, &mut rng).unwrap();
            let mut bots: Vec<Box<dyn Bot<ShengjiTable>>> = vec![
                Box::new(TableLevelBot {
                    level: super::super::Level::Hard,
                    hand: Box::new(HardBot {
                        worlds: 2,
                        candidates: 3,
                        budget: Duration::from_secs(5),
                    }),
                }),
                bot(super::super::Level::Normal),
                bot(super::super::Level::Easy),
                bot(super::super::Level::Normal),
            ];
            for _ in 0..5000 {
                if let Some(step) = t.table_step() {
                    t.apply(t.hand().prospective_banker(), &step).unwrap();
                    continue;
                }
                let Some(&seat) = t.waiting_on().first() else {
                    break;
                };
                let legal = t.legal_actions(seat);
                let a = bots[seat].choose(&t.view(Some(seat)), &legal, &mut rng);
                t.apply(seat, &a).unwrap();
            }
            assert!(t.is_finished());
        }
    }

    /// The banker's burial keeps points out of the kitty whenever its
    /// hand and the kitty hold enough plain cards without points that are
    /// no pair and no ace (the attackers would take buried points
    /// multiplied with the last trick).
    #[test]
    fn normal_buries_no_points_when_it_need_not() {
        use crate::games::shengji::ShengjiRules;
        let mut checked = 0;
        for seed in 0..24 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut g = Shengji::deal(ShengjiRules::default(), SEATS, &mut rng).unwrap();
            for _ in 0..500 {
                let Some(&seat) = g.waiting_on().first() else {
                    break;
                };
                let legal = g.legal_actions(seat);
                let view = g.view(Some(seat));
                if view.stage != Stage::Declaring {
                    break;
                }
                // (With no banker settled yet the burial is a legal candidate's.)
                let settled = view.level.and_then(Rank::from_value);
                if let (Some(level), true) =
                    (settled, legal.iter().any(|a| matches!(a, Action::Bury(_))))
                {
                    if let Action::Bury(cards) = NormalBot.choose(&view, &legal, &mut rng) {
                        let order = Order::new(
                            level,
                            view.declarations.last().and_then(|d| d.trump),
                            false,
                            false,
                        );
                        let mut pool = view.hand.clone();
                        pool.extend(view.kitty.clone().unwrap());
                        let counts = counts_of(&order, &pool);
                        let spare = pool
                            .iter()
                            .filter(|&&c| {
                                !order.is_trump(c)
                                    && counts[order.key(c) as usize] < 2
                                    && c.rank() != Some(Rank::Ace)
                                    && points(c) == 0
                            })
                            .count();
                        if spare >= view.kitty_size {
                            assert_eq!(points_of(&cards), 0, "seed {seed}: buried {cards:?}");
                            checked += 1;
                        }
                        break;
                    }
                }
                let a = BasicBot.choose(&view, &legal, &mut rng);
                g.apply(seat, &a).unwrap();
            }
        }
        assert!(checked >= 10, "only {checked} burials checked");
    }

    /// With a pair of level spades and seven trumps in 25 cards (28 %),
    /// `normal` turns an opponent's hearts to spades, but leaves its
    /// partner's hearts alone, and the basic rule (a third) declares
    /// nothing.
    #[test]
    fn normal_overrides_an_opponent_from_a_smaller_share() {
        use crate::cards::Suit;
        use crate::games::shengji::Declaration;
        let (mut view, _) = normal_play::tests::playing_view(1);
        let two = |s| Card::new(Rank::Two, s);
        let mut cards = vec![two(Suit::Spades), two(Suit::Spades)];
        for r in [Rank::Three, Rank::Four, Rank::Six, Rank::Seven, Rank::Eight] {
            cards.push(Card::new(r, Suit::Spades));
        }
        for r in &Rank::ALL[1..] {
            cards.push(Card::new(*r, Suit::Clubs));
        }
        for r in &Rank::ALL[1..7] {
            cards.push(Card::new(*r, Suit::Diamonds));
        }
        assert_eq!(cards.len(), 25);
        view.received = cards.clone();
        view.level = Some(2);
        view.dealt = 100;
        let declare = Action::Declare {
            cards: vec![two(Suit::Spades), two(Suit::Spades)],
            dealt: 50,
        };
        let options = [declare.clone()];
        let hearts = |seat| Declaration {
            seat,
            cards: vec![two(Suit::Hearts)],
            strength: 1,
            trump: Some(Suit::Hearts),
            dealt: 10,
        };
        view.declarations = vec![hearts(1)];
        assert_eq!(declaration(&view, &options, 100), Some(declare));
        assert_eq!(
            crate::games::shengji::ai::choose_declaration(&view, &options, 100),
            None
        );
        view.declarations = vec![hearts(2)];
        assert_eq!(declaration(&view, &options, 100), None);
    }
}
