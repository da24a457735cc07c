//! The `hard` Dou Dizhu bot: determinized rollouts (perfect-information
//! Monte Carlo). At each play it deals the cards it cannot see to the other
//! seats in a way consistent with everything public — the cards each seat
//! has played, the hands shown, the kitty the landlord took, the cards each
//! seat holds — then plays every candidate move out to the end of the game
//! in each such world with the `normal` bot for every seat, and makes the
//! move that won most (a bomb-doubled win counting more).
//!
//! Two things make the same time go further. The rollouts are spent by
//! sequential halving: every candidate is played in a first batch of
//! worlds, the worse half is dropped, the rest played in more worlds, and
//! so on, so the close calls at the top get several times the worlds a
//! flat search could give them. And a world with few cards left is not
//! played out but solved ([`super::endgame`]): both sides' best play to
//! the end, where a rollout's slips decide the most.
//!
//! The rollouts take the opponents to play as `normal` does, unless the
//! table has shown otherwise: as the landlord, the bot reads whether the
//! farmers play to each other or each for himself ([`super::selfish`]),
//! and gives the farmers of as many worlds as the farmers it has faced
//! showed that selfish style. A search that takes selfish farmers for a
//! team passes up the lines that beat them (RLCard's rule agent, the
//! research baseline, is such a player). Those worlds are played out, not
//! solved: the solver takes every seat to play perfectly. The bot's own
//! side plays `normal` in every world.
//!
//! The worlds are drawn to fit what the opponents' moves told
//! ([`super::passes`]): an opponent who passed on its enemy's play held
//! nothing of the kind high enough to follow (bombs apart). An opponent
//! read as selfish (the farmers, as above; the landlord, as a farmer reads
//! it, when its later plays never proved it off the style:
//! [`super::selfish::LandlordReading`]) held nothing of the kind even on
//! its partner's play or by breaking a bomb, nothing cheaper than what it
//! beat a play with, and nothing lower than the card it led. Of a few
//! dozen draws a world takes the first that fits them, else the one that
//! breaks fewest.
//!
//! Bidding, doubling and discards stay with the `normal` bot: the search is
//! where the points are. Worlds are drawn from the generator the caller
//! passes, and the number of worlds is fixed, so a seeded game plays the
//! same way on any machine; a wall-clock cap only stops a search early on a
//! machine too loaded to finish it in time.

use super::action::Action;
use super::ai::{turns_to_play_out, BasicBot, EasyBot};
use super::cardset::CardSet;
use super::endgame::{by_ranks, Position, Solver};
use super::passes::{Pass, PassLog};
use super::patterns::{Bombs, PatternRules};
use super::play::Playing;
use super::selfish::{self, FarmerReading, LandlordReading};
use super::view::{PhaseName, View};
use super::wild::WildRules;
use super::{deck_for, Deal, DouDizhu, Phase, Rules};
use crate::ai::Bot;
use crate::games::Game;
use rand::seq::SliceRandom;
use std::time::{Duration, Instant};

/// The `hard` level.
#[derive(Clone, Debug)]
pub struct HardBot {
    /// The search's size: as many rollouts as `worlds` worlds of every
    /// candidate, spent by sequential halving (the best candidates are
    /// played out in more worlds than that, the worst in fewer).
    pub worlds: usize,
    /// At most this many candidate moves are searched.
    pub candidates: usize,
    /// The wall-clock cap of one decision.
    pub budget: Duration,
    /// Worlds with at most this many cards left in all hands are searched
    /// to the end ([`super::endgame`]) rather than played out by `normal`.
    pub endgame_cards: usize,
    /// The positions one world's endgame search may open before it gives
    /// up and the world is played out instead.
    pub endgame_positions: u32,
    /// How the opponents play in the rollouts.
    pub opponents: Opponents,
    /// What this bot has seen of the farmers it faced as the landlord.
    pub farmers: FarmerReading,
    /// What this bot has seen of the landlords it faced as a farmer.
    pub landlords: LandlordReading,
    /// The passes each seat it plays has read in the current game.
    pub passes: [PassLog; 3],
}

/// How the `hard` bot's rollouts take the opponents to play.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Opponents {
    /// As `normal` in every world.
    Normal,
    /// As `easy` in every world.
    Easy,
    /// As `normal` in the even worlds and `easy` in the odd ones.
    Mixed,
    /// As `normal`, except that farmers read as selfish play
    /// [`super::selfish`]'s style in the share of worlds the reading gives.
    Read,
}

/// How one side plays in one rollout.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Style {
    Normal,
    Easy,
    Selfish,
}

impl Style {
    fn decide(self, view: &View, legal: &[Action]) -> Action {
        match self {
            Style::Normal => BasicBot::decide(view, legal),
            Style::Easy => EasyBot::decide(view, legal),
            Style::Selfish => selfish::decide(view, legal),
        }
    }
}

impl Opponents {
    /// How the opponents play in the world numbered `world`, where a share
    /// `selfish` of the worlds give the farmers the selfish style.
    fn style_in(self, world: usize, selfish: f64) -> Style {
        if self == Opponents::Read && selfish::in_share(world, selfish) {
            return Style::Selfish;
        }
        match self {
            Opponents::Normal | Opponents::Read => Style::Normal,
            Opponents::Easy => Style::Easy,
            Opponents::Mixed if world % 2 == 1 => Style::Easy,
            Opponents::Mixed => Style::Normal,
        }
    }
}

impl Default for HardBot {
    /// 150 worlds: a p99 of about 150 ms a decision on one shared core of
    /// a small server in a release build (`paiju arena` measures it; the
    /// issue's bar is 300 ms).
    fn default() -> Self {
        HardBot {
            worlds: 150,
            candidates: 12,
            budget: Duration::from_millis(800),
            endgame_cards: ENDGAME_CARDS,
            endgame_positions: ENDGAME_POSITIONS,
            opponents: Opponents::Read,
            farmers: FarmerReading::default(),
            landlords: LandlordReading::default(),
            passes: Default::default(),
        }
    }
}

impl Bot<DouDizhu> for HardBot {
    fn choose(&mut self, view: &View, legal: &[Action], rng: &mut dyn rand::RngCore) -> Action {
        self.farmers.observe(view);
        let Some(me) = view.seat.filter(|&s| s < 3) else {
            return self.search(view, legal, rng);
        };
        self.passes[me].observe(view);
        self.landlords.observe(view, &self.passes[me]);
        let action = self.search(view, legal, rng);
        self.passes[me].moved(view, &action);
        action
    }

    /// A search takes up to its budget: tables run it off their task.
    fn may_block(&self) -> bool {
        true
    }
}

impl HardBot {
    /// The decision: see the module documentation.
    fn search(&mut self, view: &View, legal: &[Action], rng: &mut dyn rand::RngCore) -> Action {
        let quick = BasicBot::decide(view, legal);
        if view.phase != PhaseName::Playing || legal.len() < 2 {
            return quick;
        }
        let (Some(me), Some(hand)) = (view.seat, view.hand) else {
            return quick;
        };
        // A hand that goes out in one play needs no search.
        if legal
            .iter()
            .any(|a| matches!(a, Action::Play { cards, .. } if *cards == hand))
        {
            return quick;
        }
        // In an endgame every world is solved, cheaply and exactly: every
        // play is worth trying, not only the likeliest few.
        let left: u32 = view.cards_left.iter().map(|&n| u32::from(n)).sum();
        let most = if left as usize <= self.endgame_cards {
            self.candidates.max(ENDGAME_CANDIDATES)
        } else {
            self.candidates
        };
        let candidates = self.candidates_of(hand, legal, quick, most);
        if candidates.len() < 2 {
            return quick;
        }
        let started = Instant::now();
        // The farmers are read as selfish by their overtakes; the
        // landlord, who has no partner to overtake, by its plays never
        // proved off that style. Its rollouts stay `normal` (playing it
        // selfishly there lost games): only its worlds are drawn to fit.
        let (selfish, selfish_landlord) = if view.landlord == Some(me) {
            (self.farmers.selfish_share(), 0.0)
        } else {
            (0.0, self.landlords.selfish_share())
        };
        // Sequential halving: the rollouts `worlds` × candidates would
        // cost are spread over rounds; after each round the worse half of
        // the candidates is dropped, so the close ones at the top are
        // played out in many more worlds than a flat search could afford.
        // Every survivor is played in every world drawn so far (the same
        // worlds for all: their difference is the moves', not the deals').
        let mut alive: Vec<usize> = (0..candidates.len()).collect();
        let mut score = vec![0i64; candidates.len()];
        let rounds = usize::BITS - (candidates.len() - 1).leading_zeros();
        let per_round = self.worlds * candidates.len() / rounds as usize;
        let mut worlds = 0;
        'rounds: for round in 0..rounds {
            for _ in 0..(per_round / alive.len()).max(1) {
                if worlds > 0 && started.elapsed() >= self.budget {
                    break 'rounds;
                }
                let style = self.opponents.style_in(worlds, selfish);
                let reads_landlord = selfish::in_share(worlds, selfish_landlord);
                let Some(world) = self.world_fitting_passes(view, me, style, reads_landlord, rng)
                else {
                    return quick;
                };
                // One solver a world: the candidates' endgames share
                // positions. Not where the farmers are selfish: the solver
                // takes them to play perfectly, and they do not.
                let mut solver = match style {
                    Style::Selfish => None,
                    _ => self.solver_for(&world),
                };
                for &i in &alive {
                    score[i] += value_of(&world, me, &candidates[i], solver.as_mut(), style);
                }
                worlds += 1;
            }
            if round + 1 < rounds {
                // Ties keep the earlier candidate: the normal bot's first.
                alive.sort_by_key(|&i| (std::cmp::Reverse(score[i]), i));
                alive.truncate(alive.len().div_ceil(2));
            }
        }
        // Ties go to the earlier candidate: the normal bot's choice first.
        let best = alive
            .iter()
            .copied()
            .max_by_key(|&i| (score[i], std::cmp::Reverse(i)))
            .unwrap_or(0);
        candidates[best]
    }
}

/// See [`HardBot::endgame_cards`]; measured by `paiju arena` (README,
/// "How strong the AI is").
pub const ENDGAME_CARDS: usize = 16;
/// Candidates searched in an endgame (see [`HardBot::candidates`]).
const ENDGAME_CANDIDATES: usize = 32;
/// Draws a world may take to fit the opponents' passes.
const PASS_DRAWS: usize = 40;
/// See [`HardBot::endgame_positions`].
pub const ENDGAME_POSITIONS: u32 = 4_000;

impl HardBot {
    /// An endgame solver for `world` when it is small enough and of the
    /// classic game (three seats, no wild card); `None` otherwise.
    fn solver_for(&self, world: &DouDizhu) -> Option<Solver> {
        let left: usize = world.hands.iter().map(|h| h.len()).sum();
        if world.players != 3 || world.wild.is_some() || left > self.endgame_cards {
            return None;
        }
        Some(Solver::new(
            world.landlord?,
            world.patterns,
            self.endgame_positions,
        ))
    }
    /// A world drawn as [`sample_world`] does, fitting what the opponents'
    /// moves told ([`super::passes`]): every pass on an enemy's play, and
    /// all the passes, plays over and leads of an enemy read as selfish
    /// (the farmers of a world whose farmers play selfishly; the landlord
    /// when `reads_landlord`). Of [`PASS_DRAWS`] draws, the first that
    /// fits them all, else the one that breaks the fewest (a player may
    /// pass with a play in hand).
    fn world_fitting_passes(
        &self,
        view: &View,
        me: usize,
        style: Style,
        reads_landlord: bool,
        rng: &mut dyn rand::RngCore,
    ) -> Option<DouDizhu> {
        let landlord = view.landlord?;
        let log = &self.passes[me];
        let enemy = |seat: usize| (seat == landlord) != (me == landlord);
        let read_selfish = |seat: usize| {
            enemy(seat)
                && if seat == landlord {
                    reads_landlord
                } else {
                    style == Style::Selfish
                }
        };
        let owed = |p: &Pass| {
            if read_selfish(p.seat) {
                Some(Bombs::Broken)
            } else if enemy(p.seat) && p.over.is_none() && p.on_an_enemy(landlord) {
                Some(Bombs::Kept)
            } else {
                None
            }
        };
        let owes = log.passes().iter().any(|p| owed(p).is_some())
            || log.leads().iter().any(|l| read_selfish(l.seat));
        if !owes {
            return sample_world(view, me, rng);
        }
        let mut best: Option<(usize, DouDizhu)> = None;
        for _ in 0..PASS_DRAWS {
            let world = sample_world(view, me, rng)?;
            let broken = log.misfits(&world.hands, &view.played, owed)
                + log.lead_misfits(&world.hands, &view.played, read_selfish);
            if best.as_ref().is_none_or(|(b, _)| broken < *b) {
                best = Some((broken, world));
            }
            if broken == 0 {
                break;
            }
        }
        best.map(|(_, world)| world)
    }

    /// The moves worth searching: the normal bot's choice, a pass when
    /// allowed, then the plays that leave the hand easiest to play out,
    /// one reading of each set of ranks.
    fn candidates_of(
        &self,
        hand: CardSet,
        legal: &[Action],
        quick: Action,
        most: usize,
    ) -> Vec<Action> {
        let mut out = vec![quick];
        if quick != Action::Pass && legal.contains(&Action::Pass) {
            out.push(Action::Pass);
        }
        let mut plays: Vec<(u32, u8, Action)> = legal
            .iter()
            .filter_map(|a| match *a {
                Action::Play { cards, .. } => {
                    let c = cards.counts();
                    let top = (0..c.len()).rev().find(|&r| c[r] > 0).unwrap_or(0) as u8;
                    Some((turns_to_play_out(&hand.minus(cards).counts()), top, *a))
                }
                _ => None,
            })
            .collect();
        plays.sort_by_key(|&(t, top, _)| (t, top));
        for (_, _, a) in plays {
            if out.len() >= most {
                break;
            }
            let same_ranks = out.iter().any(|b| match (a, b) {
                (Action::Play { cards: x, .. }, Action::Play { cards: y, .. }) => {
                    x.counts() == y.counts()
                }
                _ => false,
            });
            if !same_ranks {
                out.push(a);
            }
        }
        out
    }
}

/// +2 for a win of `me`'s side, −2 for a loss, doubled per bomb or rocket
/// (DouZero's points, as `paiju arena` counts them), plus one for the win
/// itself so that a likelier win outweighs a costlier loss: `first` made
/// in `world`, the rest solved when `solver` can, else played out (by
/// `normal` for `me`'s side, in `style` for the other).
fn value_of(
    world: &DouDizhu,
    me: usize,
    first: &Action,
    solver: Option<&mut Solver>,
    style: Style,
) -> i64 {
    let mut g = world.clone();
    if g.apply(me, first).is_err() {
        return i64::MIN / 1024;
    }
    let solved = solver.and_then(|s| solve(s, &g));
    let Some(landlord_won) = solved.or_else(|| play_out(&mut g, me, style)) else {
        return 0;
    };
    let Some(landlord) = g.landlord else { return 0 };
    let points = 2i64 << g.bombs.min(6);
    if landlord_won == (me == landlord) {
        points + 1
    } else {
        -points
    }
}

/// Does the landlord win `g` played out by the `normal` bot at `me`'s
/// side and in `style` at the other? `None` for a game it cannot finish
/// (it only picks legal actions: such a world counts for nothing).
fn play_out(g: &mut DouDizhu, me: usize, style: Style) -> Option<bool> {
    let landlord = g.landlord?;
    let mut steps = 0;
    while let Some(seat) = g.turn() {
        let legal = g.legal_actions(seat);
        let opponent = (seat == landlord) != (me == landlord);
        let here = if opponent { style } else { Style::Normal };
        let a = here.decide(&g.view(Some(seat)), &legal);
        if g.apply(seat, &a).is_err() || steps > 400 {
            return None;
        }
        steps += 1;
    }
    let outcome = g.outcome()?;
    Some(matches!(
        outcome,
        super::Outcome::Played(ref p) if p.winner == super::outcome::Side::Landlord
    ))
}

/// Does the landlord win from `g` with both sides playing perfectly?
/// `None` when `g` is not in play or the search gave up.
fn solve(solver: &mut Solver, g: &DouDizhu) -> Option<bool> {
    let Phase::Playing(stage) = g.phase else {
        return None;
    };
    solver.landlord_wins(&Position {
        hands: g.hands.map(by_ranks),
        turn: stage.turn as u8,
        standing: stage.standing.map(|st| (st.seat as u8, st.combo)),
    })
}

/// One world consistent with `view`: the other seats' hands drawn at random
/// from the cards `me` has not seen, each seat keeping the cards known to
/// be in it (a shown hand, the landlord's unplayed kitty cards).
fn sample_world(view: &View, me: usize, rng: &mut dyn rand::RngCore) -> Option<DouDizhu> {
    let players = view.players as usize;
    let landlord = view.landlord?;
    let hand = view.hand?;
    let mut hands = [CardSet::EMPTY; 3];
    hands[me] = hand;
    let mut known = [CardSet::EMPTY; 3];
    let played_all = view.played.iter().fold(CardSet::EMPTY, |a, p| a.union(*p));
    for (s, k) in known.iter_mut().enumerate().take(players) {
        if s == me {
            continue;
        }
        if let Some(shown) = view.shown[s] {
            *k = shown;
        } else if s == landlord {
            *k = view.kitty.unwrap_or_default().minus(played_all);
        }
    }
    let mut unseen = deck_for(players)
        .minus(hand)
        .minus(played_all)
        .minus(view.aside.unwrap_or_default());
    for k in known {
        unseen = unseen.minus(k);
    }
    let mut pool = unseen.cards();
    pool.shuffle(rng);
    for s in 0..players {
        if s == me {
            continue;
        }
        let need = (view.cards_left[s] as usize).checked_sub(known[s].len())?;
        if need > pool.len() {
            return None;
        }
        let drawn: Vec<_> = pool.drain(..need).collect();
        hands[s] = known[s].union(CardSet::from_cards(&drawn));
    }
    let turn = view.turn?;
    let passes = view
        .standing
        .map_or(0, |st| ((turn + players - st.seat - 1) % players) as u8);
    let rules = Rules {
        players: view.players,
        wild: view.wild.is_some(),
        ..Rules::default()
    };
    let deal = Deal {
        hands: hands[..players].iter().map(|h| h.cards()).collect(),
        kitty: view.kitty.unwrap_or_default().cards(),
        aside: view.aside.unwrap_or_default().cards(),
        first: view.first,
        wild: view.wild.map(usize::from),
    };
    let plays = view.played.map(|p| u32::from(!p.is_empty()));
    Some(DouDizhu {
        wild: view
            .wild
            .map(|w| WildRules::new(usize::from(w), deck_for(players))),
        players,
        patterns: if players == 2 {
            PatternRules::TWO_PLAYERS
        } else {
            PatternRules::CLASSIC
        },
        handicap: view.handicap,
        base: view.factors.base,
        rules,
        hands,
        kitty: view.kitty.unwrap_or_default(),
        phase: Phase::Playing(Playing {
            turn,
            standing: view.standing,
            passes,
        }),
        landlord: Some(landlord),
        kicks: view.factors.kicks,
        kitty_factor: view.factors.kitty,
        shown: [None; 3],
        bids: view.bids,
        doubled: view.doubled,
        discard_factors: [None; 3],
        bombs: view.factors.bombs,
        rockets: view.factors.rockets,
        robs: view.factors.robs,
        plays,
        played: view.played,
        last_moves: view.last_moves,
        discarded: [CardSet::EMPTY; 3],
        bidding_started: true,
        history: Vec::new(),
        outcome: None,
        deal,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    /// Whole seeded games with `hard` at every seat: every move legal, and
    /// the same seed plays the same game (the wall-clock cap is far off).
    #[test]
    fn hard_plays_seeded_games_legally_and_the_same_way_twice() {
        let play = |seed: u64| {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let mut game = DouDizhu::deal(Rules::default(), 3, &mut rng).unwrap();
            let mut bot = HardBot {
                worlds: 6,
                budget: Duration::from_secs(60),
                ..HardBot::default()
            };
            let mut moves = Vec::new();
            while let Some(seat) = game.turn() {
                let legal = game.legal_actions(seat);
                let a = bot.choose(&game.view(Some(seat)), &legal, &mut rng);
                assert!(legal.contains(&a), "{a:?} is not legal");
                game.apply(seat, &a).unwrap();
                moves.push(a);
            }
            moves
        };
        for seed in [1, 2] {
            assert_eq!(play(seed), play(seed));
        }
    }

    #[test]
    fn sampled_worlds_keep_what_is_public() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let mut game = DouDizhu::deal(Rules::default(), 3, &mut rng).unwrap();
        let mut bot = BasicBot;
        // Play into the middle of the game.
        for _ in 0..12 {
            let seat = game.turn().unwrap();
            let legal = game.legal_actions(seat);
            let a = bot.choose(&game.view(Some(seat)), &legal, &mut rng);
            game.apply(seat, &a).unwrap();
        }
        let me = game.turn().unwrap();
        let view = game.view(Some(me));
        for _ in 0..20 {
            let w = sample_world(&view, me, &mut rng).unwrap();
            assert_eq!(w.hands[me], game.hands[me]);
            for s in 0..3 {
                assert_eq!(w.hands[s].len(), game.hands[s].len());
                assert_eq!(w.played[s], game.played[s]);
            }
            let all = w.hands.iter().fold(CardSet::EMPTY, |a, h| a.union(*h));
            let played = w.played.iter().fold(CardSet::EMPTY, |a, h| a.union(*h));
            assert_eq!(all.union(played), CardSet::full_deck());
            assert_eq!(w.legal_actions(me), game.legal_actions(me));
        }
    }

    /// A rollout plays `me`'s side as `normal` and the other side as
    /// `easy` when asked to: the same game, play for play, as a loop that
    /// asks those bots itself; and asking for `easy` opponents changes
    /// some rollouts (the two bots differ somewhere in these worlds).
    #[test]
    fn rollouts_play_the_opponents_as_asked() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
        let mut differ = 0;
        for _ in 0..40 {
            let mut game = DouDizhu::deal(Rules::default(), 3, &mut rng).unwrap();
            while !matches!(game.phase, Phase::Playing(_)) {
                // A deal nobody bids on ends without a turn: skip it.
                let Some(seat) = game.turn() else { break };
                let legal = game.legal_actions(seat);
                game.apply(seat, &BasicBot::decide(&game.view(Some(seat)), &legal))
                    .unwrap();
            }
            if !matches!(game.phase, Phase::Playing(_)) {
                continue;
            }
            let me = game.turn().unwrap();
            let landlord = game.landlord.unwrap();
            let mut expected = game.clone();
            while let Some(seat) = expected.turn() {
                let legal = expected.legal_actions(seat);
                let view = expected.view(Some(seat));
                let a = if (seat == landlord) == (me == landlord) {
                    BasicBot::decide(&view, &legal)
                } else {
                    EasyBot::decide(&view, &legal)
                };
                expected.apply(seat, &a).unwrap();
            }
            let mut easy = game.clone();
            play_out(&mut easy, me, Style::Easy).unwrap();
            assert_eq!(easy.played, expected.played);
            assert_eq!(easy.hands, expected.hands);
            let mut normal = game.clone();
            play_out(&mut normal, me, Style::Normal).unwrap();
            differ += usize::from(normal.played != easy.played);
        }
        assert!(
            differ > 0,
            "easy opponents played as normal ones in every world"
        );
    }

    /// In mid-games of `normal` players, the worlds drawn for a seat fit
    /// the opponents' passes on its side's plays more often than plain
    /// draws do, and never worse.
    #[test]
    fn worlds_are_drawn_to_fit_the_opponents_passes() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(21);
        let (mut fitted, mut plain, mut owed_seen) = (0, 0, 0);
        for _ in 0..12 {
            let mut game = DouDizhu::deal(Rules::default(), 3, &mut rng).unwrap();
            let mut bot = HardBot::default();
            let mut turns = 0;
            while let Some(seat) = game.turn() {
                let legal = game.legal_actions(seat);
                let view = game.view(Some(seat));
                bot.passes[seat].observe(&view);
                let landlord = game.landlord;
                if let (Phase::Playing(_), Some(l)) = (game.phase, landlord) {
                    turns += 1;
                    let owed = |p: &Pass| {
                        (p.seat == l) != (seat == l) && p.over.is_none() && p.on_an_enemy(l)
                    };
                    let log = &bot.passes[seat];
                    if turns > 12 && log.passes().iter().any(owed) {
                        owed_seen += 1;
                        for _ in 0..5 {
                            let w = bot
                                .world_fitting_passes(&view, seat, Style::Normal, false, &mut rng)
                                .unwrap();
                            let p = sample_world(&view, seat, &mut rng).unwrap();
                            let owed = |p: &Pass| owed(p).then_some(Bombs::Kept);
                            let broken = |w: &DouDizhu| log.misfits(&w.hands, &view.played, owed);
                            fitted += usize::from(broken(&w) == 0);
                            plain += usize::from(broken(&p) == 0);
                        }
                    }
                }
                let a = BasicBot::decide(&view, &legal);
                bot.passes[seat].moved(&view, &a);
                game.apply(seat, &a).unwrap();
            }
        }
        assert!(owed_seen > 20, "{owed_seen}");
        assert!(fitted > plain, "{fitted} fitted, {plain} plain");
        assert!(
            fitted * 10 >= owed_seen * 5 * 9,
            "{fitted} of {}",
            owed_seen * 5
        );
    }

    /// Against a selfish landlord, a farmer's worlds with the landlord
    /// read fit all its moves (its leads, plays over and passes) at four
    /// decisions of five at least (late in a game 40 draws may find none
    /// that fits), plain draws at under half as many.
    #[test]
    fn worlds_fit_a_selfish_landlords_moves_when_it_is_read() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(22);
        let (mut asked, mut fitted, mut plain) = (0, 0, 0);
        for _ in 0..12 {
            let mut game = DouDizhu::deal(Rules::default(), 3, &mut rng).unwrap();
            let mut bot = HardBot::default();
            while let Some(seat) = game.turn() {
                let legal = game.legal_actions(seat);
                let view = game.view(Some(seat));
                bot.passes[seat].observe(&view);
                if let (Phase::Playing(_), Some(l)) = (game.phase, game.landlord) {
                    let log = &bot.passes[seat];
                    let landlord = |s: usize| s == l;
                    let owed = |p: &Pass| landlord(p.seat).then_some(Bombs::Broken);
                    let broken = |w: &DouDizhu| {
                        log.misfits(&w.hands, &view.played, owed)
                            + log.lead_misfits(&w.hands, &view.played, landlord)
                    };
                    if seat != l && !log.leads().is_empty() {
                        asked += 1;
                        let w = bot
                            .world_fitting_passes(&view, seat, Style::Normal, true, &mut rng)
                            .unwrap();
                        let p = sample_world(&view, seat, &mut rng).unwrap();
                        fitted += usize::from(broken(&w) == 0);
                        plain += usize::from(broken(&p) == 0);
                    }
                }
                let a = match game.phase {
                    Phase::Playing(_) => selfish::decide(&view, &legal),
                    _ => BasicBot::decide(&view, &legal),
                };
                bot.passes[seat].moved(&view, &a);
                game.apply(seat, &a).unwrap();
            }
        }
        assert!(asked > 50, "{asked}");
        assert!(
            fitted * 10 >= asked * 8,
            "{fitted} of {asked}, {plain} plain"
        );
        assert!(plain * 2 < fitted, "{plain} plain, {fitted} fitted");
    }

    #[test]
    fn each_opponents_setting_plays_its_styles() {
        use Style::{Easy, Normal, Selfish};
        let styles = |o: Opponents, selfish: f64| -> Vec<Style> {
            (0..4).map(|w| o.style_in(w, selfish)).collect()
        };
        assert_eq!(styles(Opponents::Mixed, 1.0), [Normal, Easy, Normal, Easy]);
        assert_eq!(styles(Opponents::Read, 0.0), [Normal; 4]);
        assert_eq!(styles(Opponents::Read, 1.0), [Selfish; 4]);
        assert_eq!(styles(Opponents::Easy, 1.0), [Easy; 4]);
        assert_eq!(styles(Opponents::Normal, 1.0), [Normal; 4]);
    }
}
