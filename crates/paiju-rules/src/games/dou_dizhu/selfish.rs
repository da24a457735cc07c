//! Farmers who play each for himself, and how the `hard` landlord tells
//! that it faces them.
//!
//! Many players (and RLCard's rule agent, the research baseline) never let
//! a partner's play stand: whatever is on the table, they beat it with the
//! cheapest play of the same kind they hold, breaking pairs and trios to do
//! it; when they cannot, they bomb the landlord; when they lead, they lead
//! the play holding their lowest card. A landlord who takes such farmers
//! for a team that plays to each other misjudges the whole game: the
//! farmers spend their high cards on each other. [`decide`] is that style,
//! for the `hard` bot's rollouts ([`super::search`]).
//!
//! [`FarmerReading`] is what the `hard` bot has seen, as the landlord, of
//! the farmers it faced: how often one beat a partner's play of a queen or
//! higher (a play a farmer who plays to his partner lets stand; the
//! `normal` bot does it about once in 200 games, RLCard's agent about
//! 1.6 times a game). Its games are remembered with a decay, so that a
//! table that changes players is read afresh within a few games; the share
//! of rollout worlds in which the farmers play selfishly follows the rate.

use super::action::Action;
use super::ai::BasicBot;
use super::cardset::CardSet;
use super::passes::PassLog;
use super::patterns::{
    for_each_play, Combo, Kind, Move, PatternRules, ACE, BIG_JOKER, SMALL_JOKER,
};
use super::view::{PhaseName, SeatMove, Standing, View};
use crate::games::Seat;

/// The lowest main rank of a partner's play whose overtaking is read as
/// selfish play: a queen.
const HIGH_PLAY: u8 = 9;

/// The weight an earlier game keeps at each new one.
const DECAY: f64 = 0.9;

/// Games without an overtake assumed before any is read, so that one
/// overtake in a first game does not yet make every world selfish.
const PRIOR_GAMES: f64 = 1.0;

/// The selfish farmer's (or landlord's) action in `view`: see the module
/// documentation. Falls back on `normal` outside the classic game.
pub fn decide(view: &View, legal: &[Action]) -> Action {
    let fallback = || BasicBot::decide(view, legal);
    let (Some(me), Some(hand), Some(landlord)) = (view.seat, view.hand, view.landlord) else {
        return fallback();
    };
    if view.players != 3 || view.wild.is_some() || view.phase != PhaseName::Playing {
        return fallback();
    }
    let Some(st) = view.standing else {
        return lead(hand, legal).unwrap_or_else(fallback);
    };
    // The generator's own readings (the rollouts' game is the classic
    // one): classifying each legal action again would redo its work.
    let mut plays: Vec<Move> = Vec::new();
    for_each_play(hand, Some(st.combo), &PatternRules::CLASSIC, |m| {
        plays.push(m)
    });
    let bombish = |c: &Combo| matches!(c.kind, Kind::Bomb | Kind::Rocket);
    let action = |m: &Move| {
        let a = Action::Play {
            cards: m.cards,
            reading: Some(m.combo.kind),
            wild_as: m.wild_as,
        };
        legal.contains(&a).then_some(a)
    };
    // The cheapest play of the same kind and size, whoever made the play.
    let same = plays
        .iter()
        .filter(|m| {
            let c = &m.combo;
            c.kind == st.combo.kind
                && c.size == st.combo.size
                && (!bombish(c) || bombish(&st.combo))
        })
        .min_by_key(|m| m.combo.main);
    if let Some(m) = same {
        return action(m).unwrap_or_else(fallback);
    }
    // Nothing of the kind: a farmer whose partner moved just before lets
    // it be; otherwise a bomb if there is one.
    let before = (me + 2) % 3;
    if me != landlord && before != landlord {
        return Action::Pass;
    }
    plays
        .iter()
        .filter(|m| bombish(&m.combo))
        .min_by_key(|m| (m.combo.kind == Kind::Rocket, m.combo.main))
        .map_or(Action::Pass, |m| action(m).unwrap_or_else(fallback))
}

/// The lead holding the hand's lowest card, in the first shape it fits:
/// a bomb, the rocket, a trio (or a run of trios, bare), a straight of
/// five or more (longest), a run of three or more pairs, a pair, a single.
fn lead(hand: CardSet, legal: &[Action]) -> Option<Action> {
    let c = hand.counts();
    let lo = (0..c.len()).find(|&r| c[r] > 0)?;
    let mut want = [0u8; super::patterns::RANKS];
    // Runs stop before the 2 (ranks 3 … A).
    let run_of = |ok: &dyn Fn(u8) -> bool| (lo..=ACE).take_while(|&r| ok(c[r])).count();
    if c[lo] == 4 {
        want[lo] = 4;
    } else if lo == SMALL_JOKER && c[BIG_JOKER] == 1 {
        want[SMALL_JOKER] = 1;
        want[BIG_JOKER] = 1;
    } else if c[lo] == 3 {
        let n = run_of(&|k| k == 3).max(1);
        want[lo..lo + n].fill(3);
    } else if let n @ 5.. = run_of(&|k| k == 1 || k == 2) {
        want[lo..lo + n].fill(1);
    } else if c[lo] == 2 {
        let n = run_of(&|k| k == 2);
        want[lo..lo + if n >= 3 { n } else { 1 }].fill(2);
    } else {
        want[lo] = 1;
    }
    legal
        .iter()
        .find(|a| matches!(a, Action::Play { cards, .. } if cards.counts() == want))
        .copied()
}

/// What the `hard` bot has seen of the farmers it faced as the landlord.
#[derive(Clone, Debug, Default)]
pub struct FarmerReading {
    /// Earlier games read, and the overtakes seen in them.
    past: GamesRead,
    /// The overtakes seen in the game being read, and the play that stood
    /// at the landlord's last turn in it.
    this_game: u32,
    last_standing: Option<Standing>,
}

/// Games read, decayed, and what was seen in them, with the game being
/// read: what [`FarmerReading`] and [`LandlordReading`] share.
#[derive(Clone, Debug, Default)]
struct GamesRead {
    games: f64,
    seen: f64,
    /// The game being read (its kitty and landlord: a deal's kitty is its
    /// own) and the cards played in it when last read (they only grow
    /// within a game).
    game: Option<(CardSet, Seat)>,
    played: [CardSet; 3],
}

impl GamesRead {
    /// Follows the table to `view`. When a new game has begun, adds the
    /// one read before with `seen_in_it`, and says so.
    fn follow(&mut self, view: &View, game: (CardSet, Seat), seen_in_it: f64) -> bool {
        let grown = (0..3).all(|s| self.played[s].is_subset(view.played[s]));
        let new = self.game != Some(game) || !grown;
        if new {
            if self.game.is_some() {
                self.games = self.games * DECAY + 1.0;
                self.seen = self.seen * DECAY + seen_in_it;
            }
            self.game = Some(game);
        }
        self.played = view.played;
        new
    }
}

impl FarmerReading {
    /// Reads the table at one of the landlord's turns (other views are
    /// ignored): a farmer that beat its partner's play of a queen or more
    /// since the landlord's last turn.
    pub fn observe(&mut self, view: &View) {
        let (Some(me), Some(kitty)) = (view.seat, view.kitty) else {
            return;
        };
        if view.landlord != Some(me) || view.phase != PhaseName::Playing || view.players != 3 {
            return;
        }
        if self
            .past
            .follow(view, (kitty, me), f64::from(self.this_game))
        {
            self.this_game = 0;
            self.last_standing = None;
        }
        let next = (me + 1) % 3;
        let before = (me + 2) % 3;
        if let Some(st) = view.standing {
            // The seat before the landlord beat the seat after it, which
            // had played since the landlord's turn.
            let next_played = match view.last_moves[next] {
                Some(SeatMove::Played { combo, .. }) => Some(combo),
                _ => None,
            };
            if st.seat == before && next_played.is_some_and(|c| c.main >= HIGH_PLAY) {
                self.this_game += 1;
            }
            // The seat after the landlord beat the play of the seat before
            // it that the landlord let stand at its last turn.
            if st.seat == next
                && self
                    .last_standing
                    .is_some_and(|l| l.seat == before && l.combo.main >= HIGH_PLAY)
            {
                self.this_game += 1;
            }
        }
        self.last_standing = view.standing;
    }

    /// The share of worlds (0 to 1) in which the farmers should play
    /// selfishly: overtakes a game, this one counted as it goes.
    pub fn selfish_share(&self) -> f64 {
        let rate =
            (self.past.seen + f64::from(self.this_game)) / (self.past.games + 1.0 + PRIOR_GAMES);
        rate.clamp(0.0, 1.0)
    }
}

/// What the `hard` bot has seen, as a farmer, of the landlords it faced:
/// in how many games the landlord's later plays proved one of its passes,
/// plays over or leads off the selfish style
/// ([`PassLog::proofs_off_selfish`]: a cheaper play of the kind, a lower
/// card than it led). The `normal` bot is proved off it in about four
/// games of five; a landlord playing the style never is. The share of a
/// farmer's worlds drawn to fit the landlord's moves as selfish is the
/// share of the games read (decayed as [`FarmerReading`]'s, one game of
/// none assumed before any) that proved nothing; none once this game has.
#[derive(Clone, Debug, Default)]
pub struct LandlordReading {
    /// Earlier games read, and those that proved the landlord off the
    /// style.
    past: GamesRead,
    /// Whether the game being read has proved it off the style.
    off_now: bool,
}

impl LandlordReading {
    /// Reads the table at one of a farmer's turns (others are ignored),
    /// from that farmer's log of the moves.
    pub fn observe(&mut self, view: &View, log: &PassLog) {
        let (Some(me), Some(kitty), Some(landlord)) = (view.seat, view.kitty, view.landlord) else {
            return;
        };
        if landlord == me || view.phase != PhaseName::Playing || view.players != 3 {
            return;
        }
        if self
            .past
            .follow(view, (kitty, landlord), f64::from(u8::from(self.off_now)))
        {
            self.off_now = false;
        }
        // Once proved off, this game needs no more reading.
        if !self.off_now {
            self.off_now = log.proofs_off_selfish(landlord, &view.played) > 0;
        }
    }

    /// The share of worlds (0 to 1) drawn to fit the landlord's moves as
    /// selfish.
    pub fn selfish_share(&self) -> f64 {
        if self.off_now {
            return 0.0;
        }
        let (games, off) = (self.past.games, self.past.seen);
        ((games - off) / (games + PRIOR_GAMES)).clamp(0.0, 1.0)
    }
}

/// Is the world numbered `world` one of a `share` of worlds? Spread evenly
/// (the golden ratio's multiples mod 1), so any run of worlds holds about
/// that share.
pub fn in_share(world: usize, share: f64) -> bool {
    let x = (world as f64 * 0.618_033_988_749_894_9).fract();
    x < share
}

#[cfg(test)]
mod tests {
    use super::super::{Deal, DouDizhu, Rules};
    use super::*;
    use crate::cards::{parse_cards, standard_deck, Card};
    use crate::games::Game;

    /// A game where seat 0 took the landlord at 3 and the farmers hold
    /// `one` and `two` (cards as "TS"); the landlord has the rest but
    /// three (the kitty, shown to all, so already in its hand).
    fn table(one: &[&str], two: &[&str]) -> DouDizhu {
        let one = parse_cards(one).unwrap();
        let two = parse_cards(two).unwrap();
        let rest: Vec<Card> = standard_deck()
            .into_iter()
            .filter(|c| !one.contains(c) && !two.contains(c))
            .collect();
        let fill = |mut hand: Vec<Card>, from: &mut Vec<Card>| {
            while hand.len() < 17 {
                hand.push(from.pop().unwrap());
            }
            hand
        };
        // The farmers' fillers come from the top of the deck (2s and
        // jokers go first), so the test's low cards stay the lowest.
        let mut rest = rest;
        let one = fill(one, &mut rest);
        let two = fill(two, &mut rest);
        let kitty = rest.split_off(rest.len() - 3);
        let deal = Deal {
            hands: vec![rest, one, two],
            kitty,
            aside: Vec::new(),
            first: 0,
            wild: None,
        };
        let mut g = DouDizhu::new(Rules::default(), deal).unwrap();
        g.apply(0, &Action::Bid(3)).unwrap();
        g
    }

    fn play(g: &mut DouDizhu, seat: usize, cards: &[&str]) {
        g.apply(seat, &Action::play(&parse_cards(cards).unwrap()))
            .unwrap();
    }

    fn chosen(g: &DouDizhu) -> Action {
        let seat = g.turn().unwrap();
        decide(&g.view(Some(seat)), &g.legal_actions(seat))
    }

    /// The landlord leads a 3, the first farmer plays a 9: the selfish
    /// second farmer beats its partner with its cheapest single above it
    /// (a ten, though it holds kings and higher).
    #[test]
    fn a_selfish_farmer_beats_its_partner_with_its_cheapest_card() {
        let mut g = table(&["9S", "4S"], &["TS", "KS", "KH", "5S"]);
        play(&mut g, 0, &["3S"]);
        play(&mut g, 1, &["9S"]);
        let Action::Play { cards, .. } = chosen(&g) else {
            panic!("a selfish farmer passed")
        };
        let ten = CardSet::from_cards(&parse_cards(&["TS"]).unwrap());
        assert_eq!(cards.counts(), ten.counts(), "a single ten");
    }

    /// A lead holds the hand's lowest card, in the first shape it fits.
    #[test]
    fn a_selfish_lead_holds_the_lowest_card() {
        let lead_of = |ranks: &[&str], want: &[&str]| {
            let hand = CardSet::from_cards(&parse_cards(ranks).unwrap());
            let legal: Vec<Action> = {
                let mut out = Vec::new();
                super::super::patterns::for_each_play(hand, None, &PatternRules::CLASSIC, |m| {
                    out.push(Action::Play {
                        cards: m.cards,
                        reading: Some(m.combo.kind),
                        wild_as: m.wild_as,
                    })
                });
                out
            };
            let got = lead(hand, &legal).unwrap();
            let Action::Play { cards, .. } = got else {
                panic!("{got:?}")
            };
            assert_eq!(
                cards,
                CardSet::from_cards(&parse_cards(want).unwrap()),
                "{ranks:?}"
            );
        };
        lead_of(&["3S", "3H", "3D", "4S", "KS"], &["3S", "3H", "3D"]);
        lead_of(
            &["3S", "4S", "5S", "6S", "7S", "9S"],
            &["3S", "4S", "5S", "6S", "7S"],
        );
        lead_of(
            &["3S", "3H", "4S", "4H", "5S", "5H", "9S"],
            &["3S", "3H", "4S", "4H", "5S", "5H"],
        );
        lead_of(&["3S", "3H", "4S", "9S"], &["3S", "3H"]);
        lead_of(&["3S", "KS", "KH"], &["3S"]);
    }

    /// The landlord reads a farmer beating its partner's queen or higher,
    /// in both orders, and not a partner's low play; one overtake in a
    /// first game is half the worlds, and it carries to the next game.
    #[test]
    fn the_landlord_reads_farmers_that_beat_each_others_high_plays() {
        let landlord_reads = |g: &DouDizhu, r: &mut FarmerReading| {
            assert_eq!(g.turn(), Some(0));
            r.observe(&g.view(Some(0)));
        };
        // The farmer after the landlord is beaten by the one before it.
        let mut g = table(&["QS", "5S", "4S"], &["KS", "7S", "6S"]);
        let mut r = FarmerReading::default();
        landlord_reads(&g, &mut r);
        play(&mut g, 0, &["3S"]);
        play(&mut g, 1, &["4S"]);
        play(&mut g, 2, &["6S"]);
        landlord_reads(&g, &mut r);
        assert_eq!(r.selfish_share(), 0.0, "a low play beaten is not read");
        // The landlord's cheapest single over the 6.
        let low = g
            .legal_actions(0)
            .into_iter()
            .filter(|a| matches!(a, Action::Play { cards, .. } if cards.len() == 1))
            .min_by_key(|a| match a {
                Action::Play { cards, .. } => cards.counts().iter().position(|&n| n > 0),
                _ => None,
            })
            .unwrap();
        g.apply(0, &low).unwrap();
        play(&mut g, 1, &["QS"]);
        play(&mut g, 2, &["KS"]);
        landlord_reads(&g, &mut r);
        assert_eq!(r.selfish_share(), 0.5);
        // Read once, not again at the next turn (the king stood; its
        // farmer leads anew).
        g.apply(0, &Action::Pass).unwrap();
        g.apply(1, &Action::Pass).unwrap();
        play(&mut g, 2, &["7S"]);
        landlord_reads(&g, &mut r);
        assert_eq!(r.selfish_share(), 0.5);

        // The farmer before the landlord is beaten by the one after it,
        // over the landlord's pass, in a new game.
        let mut g = table(&["KS", "5S", "4S"], &["QS", "6S", "7S"]);
        landlord_reads(&g, &mut r);
        // The last game's overtake, decayed into one game of three.
        assert!((r.selfish_share() - 1.0 / 3.0).abs() < 1e-9);
        play(&mut g, 0, &["3S"]);
        g.apply(1, &Action::Pass).unwrap();
        play(&mut g, 2, &["QS"]);
        landlord_reads(&g, &mut r);
        g.apply(0, &Action::Pass).unwrap();
        play(&mut g, 1, &["KS"]);
        g.apply(2, &Action::Pass).unwrap();
        landlord_reads(&g, &mut r);
        assert!((r.selfish_share() - 2.0 / 3.0).abs() < 1e-9);
    }

    #[test]
    fn a_share_of_worlds_is_that_share() {
        let count = |share: f64| (0..1000).filter(|&w| in_share(w, share)).count();
        assert_eq!(count(0.0), 0);
        assert_eq!(count(1.0), 1000);
        assert!((290..=310).contains(&count(0.3)), "{}", count(0.3));
    }
}
