//! What the opponents' passes, plays and leads tell of their hands. Once
//! the landlord has the kitty no card is drawn, so every card a seat plays
//! later was in its hand when it passed. A seat that passes only when it
//! cannot follow (a landlord, almost always; a farmer facing the landlord)
//! held, when it passed, no play of the kind that beat the table and left
//! its bombs whole ([`super::patterns::holds_same_kind_between`]). The
//! `hard` bot's worlds ([`super::search`]) should give it such hands.
//!
//! A seat that plays [`super::selfish`]'s style tells more: it passes only
//! when it holds nothing of the kind (a farmer, even on its partner's
//! play; it breaks a bomb to follow), beats with the cheapest play of the
//! kind (so it held none between the play it beat and its own), and leads
//! the play holding its lowest card, in the shape that card makes (it held
//! no lower card, and no more of that rank than a single, pair, trio or
//! bomb it led). Its later plays can prove a seat off that style (a lower
//! card played after a lead, say): [`PassLog::proofs_off_selfish`].
//!
//! A [`PassLog`] is kept for each seat the bot plays, and read at each of
//! that seat's turns: since its last move (or, at its first turn, since
//! the landlord's lead), the seat after it faced what stood after that
//! move, the seat after that faced what stood then, a seat whose played
//! cards did not grow passed, and a seat that faced nothing led.

use super::action::Action;
use super::cardset::CardSet;
use super::patterns::{classify, holds_same_kind_between, Bombs, Combo, PatternRules};
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

/// One lead read: who led, its cards, and the cards it had played before.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Lead {
    pub seat: Seat,
    pub cards: CardSet,
    pub played_then: CardSet,
}

impl Lead {
    /// Does a hand `then` (the leader's when it led) break "the play
    /// holding the lowest card, in the shape that card makes"? A lower
    /// card, or (a single, pair, trio or bomb led) more of the lowest rank
    /// than was led. A straight or a run of pairs may leave a card of its
    /// lowest rank behind (a second straight, a pair).
    fn misfits(&self, then: CardSet) -> bool {
        let (held, led) = (then.counts(), self.cards.counts());
        let Some(low) = (0..led.len()).find(|&r| led[r] > 0) else {
            return false;
        };
        let ranks = led.iter().filter(|&&n| n > 0).count();
        let run = ranks > 1 && led[low] <= 2;
        (0..low).any(|r| held[r] > 0) || (!run && held[low] != led[low])
    }
}

impl Pass {
    /// Does a hand `then` (the seat's when it passed or played over) break
    /// this read: a play of the kind that beat what it faced (cheaper than
    /// its own, for a play over), counted as `bombs` says?
    fn misfits(&self, then: CardSet, bombs: Bombs) -> bool {
        let below = self.over.unwrap_or(u8::MAX);
        holds_same_kind_between(then, self.faced, below, bombs, &PatternRules::CLASSIC)
    }

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
    leads: Vec<Lead>,
}

impl PassLog {
    /// The passes read so far in this game.
    pub fn passes(&self) -> &[Pass] {
        &self.passes
    }

    /// The leads read so far in this game.
    pub fn leads(&self) -> &[Lead] {
        &self.leads
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
            // At this seat's first turn the moves since the landlord's
            // lead are read as if this seat had moved just before it, with
            // nothing standing. Not when the log starts in mid-game (a
            // seat handed to the bot later): each seat that played must
            // have made one play, still shown as its move.
            let one_play_each = (0..3).all(|s| {
                view.played[s].is_empty()
                    || matches!(view.last_moves[s],
                        Some(SeatMove::Played { cards, .. }) if cards == view.played[s])
            });
            if !(view.played[me].is_empty() && one_play_each) {
                return;
            }
            self.after_me = Some(None);
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
                    let play = play_of(view, s);
                    if let Some((by, faced)) = facing.filter(|&(by, _)| by != s) {
                        if let Some(play) = play {
                            self.read_play_over(view, s, by, faced, play);
                        }
                    } else {
                        // Nothing stood, or its own play had stood all
                        // round: it led.
                        self.leads.push(Lead {
                            seat: s,
                            cards: view.played[s].minus(self.played[s]),
                            played_then: self.played[s],
                        });
                    }
                    // What the next seat faced: its play.
                    facing = play.map(|(_, combo)| (s, combo));
                    if facing.is_none() {
                        return;
                    }
                }
                // Nothing stood and it did not play: it has not moved yet
                // (the seat after the landlord, read at the first turn).
                _ => {}
            }
        }
    }

    /// Seat `s` played `play` over `faced` of `by`'s: read when it is of
    /// the same kind.
    fn read_play_over(
        &mut self,
        view: &View,
        s: Seat,
        by: Seat,
        faced: Combo,
        (cards, combo): (CardSet, Combo),
    ) {
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

    /// Notes this seat's own move, `action`, made in `view`.
    pub fn moved(&mut self, view: &View, action: &Action) {
        let (Some(me), Some(_)) = (view.seat, view.hand) else {
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
                // The reading the game itself takes (`Playing::reading_for`):
                // the first of the stated kind that beats what stands.
                classify(&cards.counts(), &PatternRules::CLASSIC)
                    .iter()
                    .filter(|c| reading.is_none_or(|k| c.kind == k))
                    .find(|c| standing.is_none_or(|(_, st)| c.beats(st)))
                    .map(|c| (me, c))
            }
            _ => standing,
        });
    }

    /// How many of the passes `which` picks would the other seats' hands
    /// `hands` have broken, each seat having played `played` by now?
    /// `which` says too whether the seat kept or broke its bombs to follow.
    pub fn misfits(
        &self,
        hands: &[CardSet; 3],
        played: &[CardSet; 3],
        which: impl Fn(&Pass) -> Option<Bombs>,
    ) -> usize {
        self.passes
            .iter()
            .filter_map(|p| which(p).map(|bombs| (p, bombs)))
            .filter(|(p, bombs)| {
                p.misfits(
                    hands[p.seat].union(played[p.seat].minus(p.played_then)),
                    *bombs,
                )
            })
            .count()
    }

    /// How many of the leads of the seats `which` picks would the hands
    /// `hands` have broken ([`Lead`]'s reading), each seat having played
    /// `played` by now?
    pub fn lead_misfits(
        &self,
        hands: &[CardSet; 3],
        played: &[CardSet; 3],
        which: impl Fn(Seat) -> bool,
    ) -> usize {
        self.leads
            .iter()
            .filter(|l| which(l.seat))
            .filter(|l| l.misfits(hands[l.seat].union(played[l.seat].minus(l.played_then))))
            .count()
    }

    /// How many of `seat`'s passes, plays over and leads its later plays
    /// (by `played`) prove off [`super::selfish`]'s style: a cheaper play
    /// of the kind, or a lower card than it led, or more of that rank.
    pub fn proofs_off_selfish(&self, seat: Seat, played: &[CardSet; 3]) -> usize {
        let passes = self.passes.iter().filter(|p| p.seat == seat).filter(|p| {
            // Its cards played since were all in its hand then.
            p.misfits(played[seat].minus(p.played_then), Bombs::Broken)
        });
        let leads = self.leads.iter().filter(|l| l.seat == seat).filter(|l| {
            let since = played[seat].minus(l.played_then);
            // Against what it led and played since, a lead misfits only
            // by a card of a lower rank or more of its lowest one.
            l.misfits(since)
        });
        passes.count() + leads.count()
    }
}

/// The play seat `s` made since the reader's last turn: still standing
/// (the next seat passed on it), or beaten by the next seat and shown as
/// its last move of the round.
fn play_of(view: &View, s: Seat) -> Option<(CardSet, Combo)> {
    match (view.standing, view.last_moves[s]) {
        (Some(st), _) if st.seat == s => Some((st.cards, st.combo)),
        (_, Some(SeatMove::Played { cards, combo })) => Some((cards, combo)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::dou_dizhu::ai::BasicBot;
    use crate::games::dou_dizhu::selfish::LandlordReading;
    use crate::games::dou_dizhu::{selfish, DouDizhu, Phase, Rules};
    use crate::games::Game;
    use rand::SeedableRng;

    /// Plays `games` seeded games with `play` deciding every turn of play
    /// (`normal` bids), each seat keeping its own log; calls `at_turn`
    /// with the game, the seat, the landlord and the seat's log at each
    /// turn of play, and `at_end` with the game and the logs once it ends.
    fn play_games(
        seed: u64,
        games: usize,
        play: fn(&View, &[Action]) -> Action,
        mut at_turn: impl FnMut(&DouDizhu, Seat, Seat, &PassLog),
        mut at_end: impl FnMut(&DouDizhu, &[PassLog; 3]),
    ) {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..games {
            let mut game = DouDizhu::deal(Rules::default(), 3, &mut rng).unwrap();
            let mut logs: [PassLog; 3] = Default::default();
            while let Some(seat) = game.turn() {
                let legal = game.legal_actions(seat);
                let view = game.view(Some(seat));
                logs[seat].observe(&view);
                let a = match (game.phase, game.landlord) {
                    (Phase::Playing(_), Some(l)) => {
                        at_turn(&game, seat, l, &logs[seat]);
                        play(&view, &legal)
                    }
                    _ => BasicBot::decide(&view, &legal),
                };
                logs[seat].moved(&view, &a);
                game.apply(seat, &a).unwrap();
            }
            at_end(&game, &logs);
        }
    }

    /// [`play_games`], adding up at each turn the passes `which` picks
    /// that the seat's log has read and those of them the true hands
    /// break (bombs kept).
    fn read_and_broken(
        seed: u64,
        games: usize,
        play: fn(&View, &[Action]) -> Action,
        which: fn(&Pass, Seat) -> bool,
    ) -> (usize, usize) {
        let (mut read, mut broken) = (0, 0);
        let at_turn = |game: &DouDizhu, _, l, log: &PassLog| {
            let which = |p: &Pass| which(p, l);
            read += log.passes().iter().filter(|p| which(p)).count();
            broken += log.misfits(&game.hands, &game.played, |p| {
                which(p).then_some(Bombs::Kept)
            });
        };
        play_games(seed, games, play, at_turn, |_, _| {});
        (read, broken)
    }

    /// Selfish players (who break a bomb to follow, and lead their
    /// lowest card) fit everything read of them, even taken to break
    /// their bombs; and their later plays never prove them off the style.
    #[test]
    fn selfish_players_fit_their_passes_plays_and_leads_and_are_never_proved_off() {
        let (mut passes, mut overs, mut leads, mut broken, mut proofs) = (0, 0, 0, 0, 0);
        let at_turn = |game: &DouDizhu, seat: Seat, _, log: &PassLog| {
            passes += log.passes().iter().filter(|p| p.over.is_none()).count();
            overs += log.passes().iter().filter(|p| p.over.is_some()).count();
            leads += log.leads().len();
            broken += log.misfits(&game.hands, &game.played, |_| Some(Bombs::Broken));
            broken += log.lead_misfits(&game.hands, &game.played, |_| true);
            proofs += (0..3)
                .filter(|&s| s != seat)
                .map(|s| log.proofs_off_selfish(s, &game.played))
                .sum::<usize>();
        };
        play_games(5, 40, selfish::decide, at_turn, |_, _| {});
        assert!(
            passes > 1000 && overs > 300 && leads > 300,
            "{passes} {overs} {leads}"
        );
        assert_eq!((broken, proofs), (0, 0));
    }

    /// `normal` landlords lead, beat and pass by the hand they keep: a
    /// farmer's log proves most of them off the selfish style by the end
    /// of the game, and the reading's share of selfish worlds falls; a
    /// selfish landlord's rises.
    #[test]
    fn normal_landlords_are_proved_off_the_selfish_style_and_selfish_ones_read_as_such() {
        let (mut games, mut proved) = (0, 0);
        let at_end = |game: &DouDizhu, logs: &[PassLog; 3]| {
            let Some(l) = game.landlord else { return };
            games += 1;
            proved += usize::from(logs[(l + 1) % 3].proofs_off_selfish(l, &game.played) > 0);
        };
        play_games(11, 60, BasicBot::decide, |_, _, _, _| {}, at_end);
        assert!(games > 40 && proved * 3 > games * 2, "{proved} of {games}");

        let share_after = |play: fn(&View, &[Action]) -> Action, reading: &mut LandlordReading| {
            let at_turn = |game: &DouDizhu, seat: Seat, _, log: &PassLog| {
                reading.observe(&game.view(Some(seat)), log)
            };
            play_games(12, 30, play, at_turn, |_, _| {});
            reading.selfish_share()
        };
        let mut reading = LandlordReading::default();
        assert_eq!(reading.selfish_share(), 0.0);
        let selfish = share_after(selfish::decide, &mut reading);
        assert!(selfish > 0.85, "{selfish}");
        let normal = share_after(BasicBot::decide, &mut reading);
        assert!(normal < 0.4, "{normal}");
    }

    /// A lead misfits a hand with a lower card, or (a single, pair, trio
    /// or bomb led) with more of its rank; a straight may leave one.
    #[test]
    fn a_lead_misfits_a_lower_card_or_more_of_its_rank() {
        let set = |ranks: &str| -> CardSet {
            let counts = crate::games::dou_dizhu::patterns::tests::counts(ranks);
            CardSet::full_deck().pick_counts(&counts).unwrap()
        };
        let lead = |led: &str| Lead {
            seat: 0,
            cards: set(led),
            played_then: CardSet::default(),
        };
        for (led, hand, misfits) in [
            ("5", "5789", false),
            ("5", "45789", true),
            ("5", "55789", true),
            ("55", "55789", false),
            ("55", "555789", true),
            ("555", "555789", false),
            ("56789", "556789", false),
            ("56789", "456789", true),
            ("556677", "556677", false),
        ] {
            assert_eq!(lead(led).misfits(set(hand)), misfits, "{led} from {hand}");
        }
    }

    /// At a farmer's first turn its log has read the landlord's lead, and
    /// at the second farmer's the first farmer's play over it.
    #[test]
    fn the_landlords_lead_is_read_at_a_farmers_first_turn() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(8);
        let mut played_games = 0;
        for _ in 0..20 {
            let mut game = DouDizhu::deal(Rules::default(), 3, &mut rng).unwrap();
            while let (Some(seat), false) = (game.turn(), matches!(game.phase, Phase::Playing(_))) {
                let legal = game.legal_actions(seat);
                game.apply(seat, &BasicBot::decide(&game.view(Some(seat)), &legal))
                    .unwrap();
            }
            // Nobody bid: no game.
            let Some(l) = game.landlord else { continue };
            played_games += 1;
            let lead = selfish::decide(&game.view(Some(l)), &game.legal_actions(l));
            game.apply(l, &lead).unwrap();
            let led = game.played[l];
            let mut log = PassLog::default();
            log.observe(&game.view(Some((l + 1) % 3)));
            let want = Lead {
                seat: l,
                cards: led,
                played_then: CardSet::default(),
            };
            assert_eq!(log.leads(), [want]);
            let one = (l + 1) % 3;
            let over = selfish::decide(&game.view(Some(one)), &game.legal_actions(one));
            game.apply(one, &over).unwrap();
            let mut log = PassLog::default();
            log.observe(&game.view(Some((l + 2) % 3)));
            assert_eq!(log.leads(), [want]);
            let read: Vec<(Seat, Seat, Option<u8>)> = log
                .passes()
                .iter()
                .map(|p| (p.seat, p.by, p.over))
                .collect();
            match over {
                Action::Pass => assert_eq!(read, [(one, l, None)]),
                _ => {
                    let main = game.view(None).standing.unwrap().combo.main;
                    assert_eq!(read, [(one, l, Some(main))]);
                }
            }
        }
        assert!(played_games > 15, "{played_games}");
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
