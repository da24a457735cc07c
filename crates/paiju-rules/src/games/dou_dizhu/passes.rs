//! What the opponents' passes tell of their hands. Once the landlord has
//! the kitty no card is drawn, so every card a seat plays later was in its
//! hand when it passed. A seat that passes only when it cannot follow
//! (a landlord, almost always; a farmer facing the landlord; a farmer of
//! [`super::selfish`]'s style, even on its partner) held, when it passed,
//! no play of the kind that beat the table and left its bombs whole
//! ([`super::patterns::holds_same_kind_beating`]). The `hard` bot's worlds
//! ([`super::search`]) should give it such hands. A selfish player's
//! plays tell as much: it beats with the cheapest play of the kind, so it
//! held none between the play it beat and its own.
//!
//! A [`PassLog`] is kept for each seat the bot plays, and read at each of
//! that seat's turns: since its last move, the seat after it faced what
//! stood after that move, the seat after that faced what stood then, and a
//! seat whose played cards did not grow passed.

use super::action::Action;
use super::cardset::CardSet;
use super::patterns::{for_each_play, holds_same_kind_between, Combo, PatternRules};
use super::view::{PhaseName, SeatMove, View};
use crate::games::Seat;

/// One pass read: who passed, on whose play and what it was, and the
/// cards the passer had played by then. Or, with `over`, a play of the
/// same kind over it, of that main rank (its cards not in `played_then`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Pass {
    pub seat: Seat,
    pub by: Seat,
    pub faced: Combo,
    pub played_then: CardSet,
    pub over: Option<u8>,
}

impl Pass {
    /// A pass on the other side's play (a farmer's on the landlord's, the
    /// landlord's on a farmer's), not on a partner's.
    pub fn on_an_enemy(&self, landlord: Seat) -> bool {
        (self.by == landlord) != (self.seat == landlord)
    }
}

/// The passes one seat has read in the current game.
#[derive(Clone, Debug, Default)]
pub struct PassLog {
    /// The game being read: its kitty and landlord.
    game: Option<(CardSet, Seat)>,
    /// The cards played when this seat last moved, its own move included.
    played: [CardSet; 3],
    /// What stood after this seat's last move, once it has moved.
    after_me: Option<Option<(Seat, Combo)>>,
    passes: Vec<Pass>,
}

impl PassLog {
    /// The passes read so far in this game.
    pub fn passes(&self) -> &[Pass] {
        &self.passes
    }

    /// Reads, at one of this seat's turns, the two moves made since its
    /// last one. A new game (or a log that lost the thread: this seat's
    /// own cards played by someone else, as after a player took the seat
    /// back from the bot) starts afresh.
    pub fn observe(&mut self, view: &View) {
        let (Some(me), Some(kitty), Some(landlord)) = (view.seat, view.kitty, view.landlord) else {
            return;
        };
        if view.players != 3 || view.wild.is_some() || view.phase != PhaseName::Playing {
            return;
        }
        let same_game = self.game == Some((kitty, landlord))
            && (0..3).all(|s| self.played[s].is_subset(view.played[s]))
            && self.played[me] == view.played[me];
        if !same_game {
            *self = PassLog {
                game: Some((kitty, landlord)),
                ..PassLog::default()
            };
            return;
        }
        let Some(mut facing) = self.after_me.take() else {
            // Not yet moved in this game, or read already at this turn.
            return;
        };
        if view.played == self.played && view.standing.map(|st| (st.seat, st.combo)) == facing {
            // Asked again at the turn it passed at (the pass was not
            // taken): after a real pass someone always plays before its
            // next turn.
            return;
        }
        for s in [(me + 1) % 3, (me + 2) % 3] {
            let played = view.played[s] != self.played[s];
            match facing {
                Some((by, faced)) if by != s && !played => self.passes.push(Pass {
                    seat: s,
                    by,
                    faced,
                    played_then: view.played[s],
                    over: None,
                }),
                _ if played => {
                    if let Some((by, faced)) = facing.filter(|&(by, _)| by != s) {
                        self.read_play_over(view, s, by, faced);
                    }
                    // Its play, if it still stands (the next seat passed
                    // on it); else the next seat beat it: no pass to read.
                    facing = view
                        .standing
                        .filter(|st| st.seat == s)
                        .map(|st| (s, st.combo));
                    if facing.is_none() {
                        return;
                    }
                }
                // It led: its own play had stood all round.
                _ => {}
            }
        }
    }

    /// Seat `s` played over `faced` of `by`'s: its play (standing still,
    /// or beaten by the seat after and shown as its last move), read when
    /// it is of the same kind.
    fn read_play_over(&mut self, view: &View, s: Seat, by: Seat, faced: Combo) {
        let play = match (view.standing, view.last_moves[s]) {
            (Some(st), _) if st.seat == s => Some((st.cards, st.combo)),
            (_, Some(SeatMove::Played { cards, combo })) => Some((cards, combo)),
            _ => None,
        };
        if let Some((cards, combo)) = play {
            if combo.kind == faced.kind && combo.size == faced.size {
                self.passes.push(Pass {
                    seat: s,
                    by,
                    faced,
                    played_then: view.played[s].minus(cards),
                    over: Some(combo.main),
                });
            }
        }
    }

    /// Notes this seat's own move, `action`, made in `view`.
    pub fn moved(&mut self, view: &View, action: &Action) {
        let (Some(me), Some(hand)) = (view.seat, view.hand) else {
            return;
        };
        if self.game.is_none() || view.phase != PhaseName::Playing {
            return;
        }
        self.played = view.played;
        let standing = view.standing.map(|st| (st.seat, st.combo));
        self.after_me = Some(match *action {
            Action::Play { cards, reading, .. } => {
                self.played[me] = self.played[me].union(cards);
                let mut combo = None;
                for_each_play(
                    hand,
                    standing.map(|(_, c)| c),
                    &PatternRules::CLASSIC,
                    |m| {
                        if m.cards == cards && reading.is_none_or(|k| k == m.combo.kind) {
                            combo.get_or_insert(m.combo);
                        }
                    },
                );
                combo.map(|c| (me, c))
            }
            _ => standing,
        });
    }

    /// How many of the passes `which` picks would the other seats' hands
    /// `hands` have broken, each seat having played `played` by now?
    pub fn misfits(
        &self,
        hands: &[CardSet; 3],
        played: &[CardSet; 3],
        which: impl Fn(&Pass) -> bool,
    ) -> usize {
        self.passes
            .iter()
            .filter(|p| which(p))
            .filter(|p| {
                let then = hands[p.seat].union(played[p.seat].minus(p.played_then));
                let below = p.over.unwrap_or(u8::MAX);
                holds_same_kind_between(then, p.faced, below, &PatternRules::CLASSIC)
            })
            .count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::dou_dizhu::ai::BasicBot;
    use crate::games::dou_dizhu::{selfish, DouDizhu, Phase, Rules};
    use crate::games::Game;
    use rand::SeedableRng;

    /// Plays `games` seeded games with `play` deciding every turn of play
    /// (`normal` bids), each seat keeping its own log; at each turn adds
    /// up the passes `which` picks that the seat's log has read and those
    /// of them the true hands break.
    fn read_and_broken(
        seed: u64,
        games: usize,
        play: fn(&View, &[Action]) -> Action,
        which: fn(&Pass, Seat) -> bool,
    ) -> (usize, usize) {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let (mut read, mut broken) = (0, 0);
        for _ in 0..games {
            let mut game = DouDizhu::deal(Rules::default(), 3, &mut rng).unwrap();
            let mut logs: [PassLog; 3] = Default::default();
            while let Some(seat) = game.turn() {
                let legal = game.legal_actions(seat);
                let view = game.view(Some(seat));
                logs[seat].observe(&view);
                let a = match (game.phase, game.landlord) {
                    (Phase::Playing(_), Some(l)) => {
                        let which = |p: &Pass| which(p, l);
                        read += logs[seat].passes().iter().filter(|p| which(p)).count();
                        broken += logs[seat].misfits(&game.hands, &game.played, which);
                        play(&view, &legal)
                    }
                    _ => BasicBot::decide(&view, &legal),
                };
                logs[seat].moved(&view, &a);
                game.apply(seat, &a).unwrap();
            }
        }
        (read, broken)
    }

    /// Players who beat whatever they can ([`selfish`]) break none of
    /// their passes, their partner's plays included.
    #[test]
    fn passes_of_players_who_beat_when_they_can_all_fit() {
        let (read, broken) = read_and_broken(3, 40, selfish::decide, |_, _| true);
        assert!(read > 1000, "{read}");
        assert_eq!(broken, 0);
        let (overs, broken) = read_and_broken(3, 40, selfish::decide, |p, _| p.over.is_some());
        assert!(overs > 300, "{overs}");
        assert_eq!(broken, 0);
    }

    /// `normal` beats with the play that leaves the best hand, not the
    /// cheapest: its plays over do not all fit.
    #[test]
    fn plays_over_do_not_all_fit_normal_play() {
        let (read, broken) = read_and_broken(4, 40, BasicBot::decide, |p, _| p.over.is_some());
        assert!(read > 100 && broken > 0, "{broken} of {read}");
    }

    /// `normal` farmers let a partner's play stand with higher cards in
    /// hand: some of those passes do not fit, so the check can fail.
    #[test]
    fn passes_on_a_partner_do_not_all_fit_normal_play() {
        let (read, broken) = read_and_broken(4, 40, BasicBot::decide, |p, l| {
            p.over.is_none() && !p.on_an_enemy(l)
        });
        assert!(read > 100 && broken > 0, "{broken} of {read}");
    }

    /// `normal` passes on an enemy's play only when it cannot follow,
    /// except (rarely) to keep a bomb its favourite play would break.
    #[test]
    fn normal_passes_on_an_enemy_nearly_all_fit() {
        let (read, broken) = read_and_broken(4, 200, BasicBot::decide, |p, l| {
            p.over.is_none() && p.on_an_enemy(l)
        });
        assert!(read > 1000 && broken * 200 < read, "{broken} of {read}");
    }

    /// The log reads a pass at the next turn, on the play it faced, and
    /// forgets the game when a new one starts.
    #[test]
    fn a_pass_is_read_at_the_next_turn_and_a_new_game_forgets() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(8);
        let mut game = DouDizhu::deal(Rules::default(), 3, &mut rng).unwrap();
        while !matches!(game.phase, Phase::Playing(_)) {
            let seat = game.turn().unwrap();
            let legal = game.legal_actions(seat);
            game.apply(seat, &BasicBot::decide(&game.view(Some(seat)), &legal))
                .unwrap();
        }
        let me = game.turn().unwrap();
        let mut log = PassLog::default();
        let view = game.view(Some(me));
        log.observe(&view);
        let lead = BasicBot::decide(&view, &game.legal_actions(me));
        log.moved(&view, &lead);
        game.apply(me, &lead).unwrap();
        let led = game.view(None).standing.unwrap().combo;
        // Both others pass: the lead comes back.
        for s in [(me + 1) % 3, (me + 2) % 3] {
            game.apply(s, &Action::Pass).unwrap();
        }
        log.observe(&game.view(Some(me)));
        let seats: Vec<(Seat, Seat, Combo)> = log
            .passes()
            .iter()
            .map(|p| (p.seat, p.by, p.faced))
            .collect();
        assert_eq!(seats, [((me + 1) % 3, me, led), ((me + 2) % 3, me, led)]);
        // Asked again at the same turn: nothing read twice.
        log.observe(&game.view(Some(me)));
        assert_eq!(log.passes().len(), 2);
        // Facing a play, it passes, but the pass is not taken and it is
        // asked again: nobody passed.
        let mut facing = game.clone();
        let lead = BasicBot::decide(&facing.view(Some(me)), &facing.legal_actions(me));
        facing.apply(me, &lead).unwrap();
        let next = (me + 1) % 3;
        let view = facing.view(Some(next));
        let mut log = PassLog::default();
        log.observe(&view);
        log.moved(&view, &Action::Pass);
        log.observe(&view);
        assert!(log.passes().is_empty());
        let mut other = DouDizhu::deal(Rules::default(), 3, &mut rng).unwrap();
        while !matches!(other.phase, Phase::Playing(_)) {
            let seat = other.turn().unwrap();
            let legal = other.legal_actions(seat);
            other
                .apply(seat, &BasicBot::decide(&other.view(Some(seat)), &legal))
                .unwrap();
        }
        let seat = other.turn().unwrap();
        log.observe(&other.view(Some(seat)));
        assert!(log.passes().is_empty());
    }
}
