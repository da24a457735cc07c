//! The play (rules/dou-dizhu.md, "Play"): reading a selection of cards as
//! a combination (with the wild card's readings), beating the standing
//! play, passing (不要), the round passing back to its leader, and the game
//! ending when a hand is empty (or, with two players, the farmer is down to
//! the handicap).

use super::action::{illegal, not_in_hand};
use super::cardset::{self, CardSet};
use super::patterns::{self, classify, for_each_play, Combo, Kind};
use super::view::{Event, PassOn, SeatMove, Standing};
use super::wild::{self, WildAs};
use super::{Action, DouDizhu, Phase};
use crate::games::{Game, RuleError, Seat};

/// The play: whose turn, the play to beat (none when leading), and how many
/// seats passed on it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Playing {
    pub(super) turn: Seat,
    pub(super) standing: Option<Standing>,
    pub(super) passes: u8,
}

impl Playing {
    /// `seat` leads a new round.
    pub(super) fn lead(seat: Seat) -> Playing {
        Playing {
            turn: seat,
            standing: None,
            passes: 0,
        }
    }
}

impl DouDizhu {
    /// A pass (不要) on the standing play; when every other seat passed,
    /// its player leads again.
    pub(super) fn play_pass(
        &mut self,
        stage: Playing,
        seat: Seat,
        ev: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let Some(st) = stage.standing else {
            return Err(illegal(
                crate::keys::ERR_LEADER_MUST_PLAY,
                "you lead this round: play something",
            ));
        };
        ev.push(Event::Passed {
            seat,
            on: PassOn::Play,
        });
        self.last_moves[seat] = Some(SeatMove::Passed);
        if stage.passes + 1 >= (self.players - 1) as u8 {
            ev.push(Event::Lead {
                seat: st.seat,
                passed: (0..self.players).filter(|&s| s != st.seat).collect(),
            });
            // A new round: what was played in the last one is off the table.
            self.last_moves = [None; 3];
            self.phase = Phase::Playing(Playing::lead(st.seat));
        } else {
            self.phase = Phase::Playing(Playing {
                turn: self.next(seat),
                standing: stage.standing,
                passes: stage.passes + 1,
            });
        }
        Ok(())
    }

    /// Every reading of `cards` with the wild cards standing for `wild_as`,
    /// or the reason there is none.
    pub(super) fn readings_of(
        &self,
        cards: CardSet,
        wild_as: WildAs,
    ) -> Result<Vec<Combo>, RuleError> {
        let Some(wr) = &self.wild else {
            if !wild_as.is_empty() {
                return Err(illegal(
                    crate::keys::ERR_NO_WILD,
                    "there is no wild card at this table: drop `wild_as`",
                ));
            }
            return Ok(classify(&cards.counts(), &self.patterns).iter().collect());
        };
        let stated = (!wild_as.is_empty()).then_some(&wild_as);
        wild::read(cards, stated, wr, &self.patterns).map_err(|e| {
            let text = cards.ranks_text();
            match e {
                wild::WildError::Missing => illegal(
                    crate::keys::ERR_WILD_AS_MISSING,
                    format!(
                        "{text} mixes wild and natural cards: say what the wild cards stand for"
                    ),
                )
                .arg("cards", crate::message::Arg::Ranks(cards.rank_list())),
                wild::WildError::Count { wild, stated } => illegal(
                    crate::keys::ERR_WILD_AS_COUNT,
                    format!("the play has {wild} wild cards but `wild_as` names {stated} ranks"),
                )
                .arg("wild", wild)
                .arg("stated", stated),
                wild::WildError::Rank(r) => {
                    let rank = cardset::rank_name(r);
                    illegal(
                        crate::keys::ERR_WILD_AS_RANK,
                        format!("a wild card cannot stand for {rank} here"),
                    )
                    .arg("rank", rank)
                }
                wild::WildError::AllWildOwnRank => illegal(
                    crate::keys::ERR_WILD_ALL_OWN_RANK,
                    format!("{text} is all wild cards: they are their own rank"),
                )
                .arg("cards", crate::message::Arg::Ranks(cards.rank_list())),
            }
        })
    }

    /// Reads `cards` (the wild cards standing for `wild_as`) as a play that
    /// is legal now.
    pub fn reading_for(
        &self,
        seat: Seat,
        cards: CardSet,
        reading: Option<Kind>,
        wild_as: WildAs,
        standing: Option<Standing>,
    ) -> Result<Combo, RuleError> {
        if cards.is_empty() {
            return Err(illegal(
                crate::keys::ERR_EMPTY_PLAY,
                "play at least one card",
            ));
        }
        if !cards.is_subset(self.hands[seat]) {
            let missing = cards.minus(self.hands[seat]).cards()[0];
            return Err(not_in_hand(missing));
        }
        let readings = self.readings_of(cards, wild_as)?;
        if readings.is_empty() {
            let text = cards.ranks_text();
            return Err(illegal(
                crate::keys::ERR_NOT_A_COMBINATION,
                format!("{text} is not a valid combination"),
            )
            .arg("cards", crate::message::Arg::Ranks(cards.rank_list())));
        }
        let candidates = || {
            readings
                .iter()
                .copied()
                .filter(move |c| reading.is_none_or(|k| c.kind == k))
        };
        let Some(first) = candidates().next() else {
            let kind = reading.expect("only a stated reading filters");
            let text = cards.ranks_text();
            return Err(illegal(
                crate::keys::ERR_NOT_THAT_READING,
                format!("{text} is not {}", kind.phrase()),
            )
            .arg("cards", crate::message::Arg::Ranks(cards.rank_list()))
            .arg("pattern", kind.name()));
        };
        let Some(st) = standing else {
            return Ok(first);
        };
        if let Some(c) = candidates().find(|c| c.beats(st.combo)) {
            return Ok(c);
        }
        let err = if first.kind == st.combo.kind && first.size == st.combo.size {
            illegal(
                crate::keys::ERR_NOT_HIGHER,
                format!("{} does not beat {}", first.describe(), st.combo.describe()),
            )
        } else if first.kind == st.combo.kind {
            illegal(
                crate::keys::ERR_WRONG_SIZE,
                format!(
                    "{} of {} cards does not beat {} of {} cards",
                    first.kind.phrase(),
                    first.size,
                    st.combo.kind.phrase(),
                    st.combo.size
                ),
            )
        } else {
            illegal(
                crate::keys::ERR_DOES_NOT_BEAT,
                format!(
                    "{} does not beat {}",
                    first.kind.phrase(),
                    st.combo.kind.phrase()
                ),
            )
        };
        Err(err
            .arg("play", first.kind.name())
            .arg("standing", st.combo.kind.name()))
    }

    pub(super) fn play(
        &mut self,
        seat: Seat,
        cards: CardSet,
        reading: Option<Kind>,
        wild_as: WildAs,
        standing: Option<Standing>,
        ev: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let combo = self.reading_for(seat, cards, reading, wild_as, standing)?;
        self.hands[seat] = self.hands[seat].minus(cards);
        self.played[seat] = self.played[seat].union(cards);
        self.last_moves[seat] = Some(SeatMove::Played { cards, combo });
        self.plays[seat] += 1;
        if combo.kind.is_bomb_like() {
            self.bombs += 1;
        }
        if combo.kind == Kind::Rocket {
            self.rockets += 1;
        }
        let left = self.hands[seat].len() as u8;
        let (main, wilds, wild_as) = main_part(cards, combo, self.wild.map(|w| w.wild));
        ev.push(Event::Played {
            seat,
            cards,
            combo,
            cards_left: left,
            main,
            wilds,
            wild_as,
        });
        let farmer_home = self.players == 2 && self.landlord != Some(seat) && left <= self.handicap;
        if left == 0 || farmer_home {
            self.settle(seat, ev);
        } else {
            self.phase = Phase::Playing(Playing {
                turn: self.next(seat),
                standing: Some(Standing { seat, cards, combo }),
                passes: 0,
            });
        }
        Ok(())
    }

    /// Every play open to `seat` now, and the pass when there is a play to
    /// beat.
    pub(super) fn play_actions(&self, stage: Playing, seat: Seat, out: &mut Vec<Action>) {
        // Leads list a hundred plays or more; answers a handful.
        out.reserve(if stage.standing.is_some() { 16 } else { 160 });
        if stage.standing.is_some() {
            out.push(Action::Pass);
        }
        self.legal_plays(seat, |m| {
            out.push(Action::Play {
                cards: m.cards,
                reading: Some(m.combo.kind),
                wild_as: m.wild_as,
            })
        });
    }

    /// The seat's legal plays now (empty unless it is the seat's turn to play).
    pub fn legal_plays(&self, seat: Seat, sink: impl FnMut(patterns::Move)) {
        if let Phase::Playing(Playing { turn, standing, .. }) = self.phase {
            if turn == seat {
                let standing = standing.map(|s| s.combo);
                match &self.wild {
                    Some(wr) => {
                        wild::for_each_play(self.hands[seat], standing, wr, &self.patterns, sink)
                    }
                    None => for_each_play(self.hands[seat], standing, &self.patterns, sink),
                }
            }
        }
    }
}

/// Every legal reading, now, of a selection of cards from the seat's hand:
/// the plays among `legal` (the seat's `legal_actions`) made of the same
/// ranks, each carrying its `as` and `wild_as`, with the selection's own
/// cards. Suits never matter, so a typed or clicked selection matches the
/// generator's canonical cards by rank.
///
/// For front ends (the terminal, Discord): with the wild card (癞子) one
/// selection can have several readings — `6 6 6` and a wild card is a soft
/// bomb of 6 or a trio of 6 with a kicker — so when this returns more than
/// one action, let the player choose among them (a numbered list, a select
/// menu); with one, play it; with none, the selection is not a legal play
/// now (apply the plain play to get the game's reason).
pub fn readings_among(legal: &[Action], cards: CardSet) -> Vec<Action> {
    let want = cards.counts();
    legal
        .iter()
        .filter_map(|a| match *a {
            Action::Play {
                cards: c,
                reading,
                wild_as,
            } if c.counts() == want => Some(Action::Play {
                cards,
                reading,
                wild_as,
            }),
            _ => None,
        })
        .collect()
}

/// [`readings_among`] for a game: every legal reading of `cards` for `seat`
/// now (empty when it is not the seat's turn to play, or the selection is
/// no legal play).
pub fn readings_for(game: &DouDizhu, seat: Seat, cards: CardSet) -> Vec<Action> {
    readings_among(&game.legal_actions(seat), cards)
}

/// The main part of a play read as `combo` (the run, the trios, the four):
/// its natural cards, the wild cards (of rank `wild`) standing for another
/// rank, and the ranks they stood for. Natural cards of each main rank are
/// taken first, then wild cards for what is missing; what is left of
/// `cards` are the kickers.
pub fn main_part(cards: CardSet, combo: Combo, wild: Option<usize>) -> (CardSet, CardSet, Vec<u8>) {
    use patterns::Kind as K;
    let size = combo.size as usize;
    let (count, ranks) = match combo.kind {
        K::Single => (1, 1),
        K::Pair => (2, 1),
        K::Trio | K::TrioSingle | K::TrioPair => (3, 1),
        K::Bomb | K::FourTwo | K::FourTwoPairs => (4, 1),
        K::Straight => (1, size),
        K::PairStraight => (2, size / 2),
        K::Airplane => (3, size / 3),
        K::AirplaneSingles => (3, size / 4),
        K::AirplanePairs => (3, size / 5),
        K::Rocket => return (cards, CardSet::default(), Vec::new()),
    };
    let main_rank = combo.main as usize;
    let mut pool = cards.cards();
    let mut main = Vec::new();
    let mut missing = Vec::new();
    for r in (main_rank + 1).saturating_sub(ranks)..=main_rank {
        for _ in 0..count {
            match pool
                .iter()
                .position(|&c| cardset::rank_index(c) == r && Some(r) != wild)
                .or_else(|| pool.iter().position(|&c| cardset::rank_index(c) == r))
            {
                Some(i) => main.push(pool.remove(i)),
                None => missing.push(r as u8),
            }
        }
    }
    let mut wilds = Vec::new();
    let mut wild_as = Vec::new();
    for r in missing {
        let Some(i) = pool
            .iter()
            .position(|&c| Some(cardset::rank_index(c)) == wild)
        else {
            break;
        };
        wilds.push(pool.remove(i));
        wild_as.push(r);
    }
    (
        CardSet::from_cards(&main),
        CardSet::from_cards(&wilds),
        wild_as,
    )
}
