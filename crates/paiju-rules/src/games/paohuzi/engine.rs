//! The hand as a state machine: the deal and its automatic 提, both kinds
//! of 天胡, draws and their five steps, discards, the questions on a card
//! in the order of the rules' Decision (wins, the compulsory 跑, 碰, 吃),
//! compulsory melds, the discard rule, the win and its score, 荒庄 and the
//! next dealer. Every action is checked first and applied only when legal,
//! so a refused action leaves the hand untouched; the steps nobody decides
//! run inside [`Paohuzi::apply`] until someone must answer.

use super::action::Action;
use super::cards::{counts_of, Card, KINDS};
use super::claims::{canonical, counts, Barred, Player};
use super::events::{Event, QuestionKind};
use super::melds::{group_kind, Meld, MeldKind};
use super::rules::{PaohuziDeal, PaohuziRules, HAND, SEATS};
use super::split::{best_split, Source, WinSplit, MIN_HUXI};
use crate::games::{ErrorCode, RuleError, Seat};
use serde::Serialize;

/// Where a card in question came from.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "from", content = "seat", rename_all = "snake_case")]
pub enum Origin {
    /// Drawn from the wall by the seat and shown.
    Drawn(Seat),
    /// Discarded by the seat.
    Discarded(Seat),
}

impl Origin {
    pub fn seat(self) -> Seat {
        match self {
            Origin::Drawn(s) | Origin::Discarded(s) => s,
        }
    }
}

/// One question on a card, in the order they are asked.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "step", content = "seat", rename_all = "snake_case")]
pub enum Step {
    Hu(Seat),
    /// The compulsory 跑: nobody is asked, it takes the card.
    Pao(Seat),
    Peng(Seat),
    Chi(Seat),
}

/// Optional 天胡 on the 亮张: the seats that may win on it, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShownHu {
    pub asked: Vec<Seat>,
    pub at: usize,
}

/// The drawer's card makes his 提 or 偎 and would win: he is asked first.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SelfDraw {
    pub seat: Seat,
    pub card: Card,
}

/// A shown or discarded card and the questions on it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Claim {
    pub card: Card,
    pub origin: Origin,
    pub steps: Vec<Step>,
    pub at: usize,
}

/// A seat must discard.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct DiscardTurn {
    pub seat: Seat,
}

/// A 名堂 or another distinction shown with a win.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mingtang {
    /// 红胡: 10 or more red cards, fan ×2 (option `mingtang`).
    HongHu,
    /// 点胡: exactly one red card, fan ×3 (option `mingtang`).
    DianHu,
    /// 乌胡: no red card, fan ×5 (option `mingtang`).
    WuHu,
    /// 海底胡: won on the wall's last card (shown, no fan).
    Haidi,
    /// 自摸 (shown; it adds one tun).
    Zimo,
    /// 天胡 (shown; its own tun formula).
    TianHu,
}

impl Mingtang {
    /// The id used in Fluent keys: `paohuzi-mingtang-hong-hu`.
    pub fn id(self) -> &'static str {
        match self {
            Mingtang::HongHu => "hong-hu",
            Mingtang::DianHu => "dian-hu",
            Mingtang::WuHu => "wu-hu",
            Mingtang::Haidi => "haidi",
            Mingtang::Zimo => "zimo",
            Mingtang::TianHu => "tian-hu",
        }
    }
}

/// How a hand ended, typed: `Outcome.detail` is this, serialised.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PaohuziOutcome {
    /// `None` for 荒庄.
    pub winner: Option<Seat>,
    pub huxi: u32,
    pub tun: u32,
    pub fan: u32,
    pub zimo: bool,
    pub tianhu: bool,
    /// The compulsory 天胡 (3 提, or 5 坎 and 提).
    pub compulsory_tianhu: bool,
    /// The card won on (none for the dealer's 天胡 and the compulsory one).
    pub winning_card: Option<Card>,
    /// The winning split: every meld, laid out and from the hand.
    pub split: Vec<Meld>,
    /// Red cards among all the winner's cards.
    pub red_cards: u32,
    pub mingtang: Vec<Mingtang>,
    /// Each other player pays the winner tun × fan (units of the stake).
    pub deltas: Vec<i64>,
    /// Who deals the next hand.
    pub next_dealer: Seat,
    /// The `drawn_in_a_row` of the next hand's deal.
    pub drawn_in_a_row: u32,
}

/// The hand's phase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    ShownHu(ShownHu),
    SelfDraw(SelfDraw),
    Claim(Claim),
    Discard(DiscardTurn),
    Finished(Box<PaohuziOutcome>),
}

/// What runs next when nobody has to answer.
#[derive(Copy, Clone, Debug)]
enum Next {
    /// `seat` took cards in: a discard if due, else the next seat draws.
    After(Seat),
    /// `seat` draws.
    Draw(Seat),
}

/// How a win came about, for its score.
#[derive(Copy, Clone, Debug)]
enum WinWay {
    Compulsory,
    Shown,
    Card {
        card: Card,
        source: Source,
        drawer: Seat,
    },
}

/// One hand of Paohuzi.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Paohuzi {
    pub(crate) rules: PaohuziRules,
    pub(crate) deal: PaohuziDeal,
    pub(crate) players: Vec<Player>,
    /// Index in the deck of the wall's next card.
    pub(crate) next_card: usize,
    pub(crate) phase: Phase,
    pub(crate) actions: Vec<(Seat, Action)>,
    /// The events of the deal, before any action.
    pub(crate) opening: Vec<Event>,
}

fn illegal(key: crate::message::Key, message: impl Into<String>) -> RuleError {
    RuleError::new(ErrorCode::IllegalAction, key, message)
}

fn next_seat(s: Seat) -> Seat {
    (s + 1) % SEATS
}

/// The deck index of the 亮张.
const SHOWN: usize = 3 * HAND;

impl Paohuzi {
    /// Deals a hand: 20 cards each, the 亮张 to the dealer, the automatic
    /// 提, the compulsory 天胡, then the optional one or the first turn.
    pub fn start(rules: PaohuziRules, deal: PaohuziDeal) -> Result<Paohuzi, String> {
        deal.validate()?;
        let mut players: Vec<Player> = (0..SEATS)
            .map(|i| {
                let seat = (deal.dealer + i) % SEATS;
                (seat, counts_of(&deal.deck[i * HAND..(i + 1) * HAND]))
            })
            .fold(vec![None; SEATS], |mut v, (seat, hand)| {
                v[seat] = Some(Player::new(hand));
                v
            })
            .into_iter()
            .map(|p| p.expect("every seat dealt"))
            .collect();
        let shown = deal.deck[SHOWN];
        players[deal.dealer].hand[shown.index()] += 1;
        let mut g = Paohuzi {
            rules,
            deal,
            players,
            next_card: SHOWN + 1,
            phase: Phase::Discard(DiscardTurn { seat: 0 }),
            actions: Vec::new(),
            opening: Vec::new(),
        };
        let mut ev = vec![Event::Dealt {
            dealer: g.deal.dealer,
            shown,
            wall: g.wall_left(),
        }];
        for s in g.order_from(g.deal.dealer) {
            for c in Card::all() {
                if g.players[s].hand[c.index()] == 4 {
                    g.players[s].hand[c.index()] = 0;
                    g.players[s].melds.push(Meld::of_same(MeldKind::Ti, c, 4));
                    ev.push(Event::LaidOut {
                        seat: s,
                        kind: MeldKind::Ti,
                        card: None,
                        meld: g.players[s].melds.len() - 1,
                    });
                }
            }
        }
        g.begin(&mut ev);
        g.opening = ev;
        Ok(g)
    }

    /// After the automatic 提: the compulsory 天胡, the optional one, or
    /// the dealer's turn.
    fn begin(&mut self, ev: &mut Vec<Event>) {
        let dealer = self.deal.dealer;
        for s in self.order_from(dealer) {
            let p = &self.players[s];
            let ti = p.fours();
            let kan = p.hand.iter().filter(|&&n| n == 3).count();
            if ti >= 3 || ti + kan >= 5 {
                self.finish_win(s, WinWay::Compulsory, ev);
                return;
            }
        }
        let asked: Vec<Seat> = self
            .order_from(dealer)
            .into_iter()
            .filter(|&s| self.can_win_shown(s))
            .collect();
        if asked.is_empty() {
            self.run(Next::After(dealer), ev);
        } else {
            self.phase = Phase::ShownHu(ShownHu { asked, at: 0 });
        }
    }

    /// The three seats in turn order from `first`.
    fn order_from(&self, first: Seat) -> [Seat; SEATS] {
        [first, next_seat(first), next_seat(next_seat(first))]
    }

    /// Cards left in the wall.
    pub fn wall_left(&self) -> usize {
        self.deal.deck.len() - self.next_card
    }

    /// The 亮张.
    pub fn shown_card(&self) -> Card {
        self.deal.deck[SHOWN]
    }

    /// Whether the 亮张 is still the card in play: no card drawn from the
    /// wall and none discarded since the deal.
    pub fn shown_live(&self) -> bool {
        self.next_card == SHOWN + 1
            && !self
                .actions
                .iter()
                .any(|(_, a)| matches!(a, Action::Discard(_)))
    }

    pub fn dealer(&self) -> Seat {
        self.deal.dealer
    }

    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    /// The events of the deal (the automatic 提, a compulsory 天胡, the
    /// first draws when the dealer need not discard).
    pub fn opening_events(&self) -> &[Event] {
        &self.opening
    }

    /// The seat asked now and what about (none once finished).
    pub fn question(&self) -> Option<(Seat, QuestionKind)> {
        match &self.phase {
            Phase::ShownHu(q) => Some((q.asked[q.at], QuestionKind::TianHu)),
            Phase::SelfDraw(d) => Some((d.seat, QuestionKind::Hu)),
            Phase::Claim(c) => Some(match c.steps[c.at] {
                Step::Hu(s) => (s, QuestionKind::Hu),
                Step::Peng(s) => (s, QuestionKind::Peng),
                Step::Chi(s) => (s, QuestionKind::Chi),
                Step::Pao(_) => unreachable!("a 跑 is never left waiting"),
            }),
            Phase::Discard(d) => Some((d.seat, QuestionKind::Discard)),
            Phase::Finished(_) => None,
        }
    }

    /// The card in question and where it came from (a shown draw or a
    /// discard being claimed).
    pub fn card_in_question(&self) -> Option<(Card, Origin)> {
        match &self.phase {
            Phase::Claim(c) => Some((c.card, c.origin)),
            _ => None,
        }
    }

    pub fn outcome_typed(&self) -> Option<&PaohuziOutcome> {
        match &self.phase {
            Phase::Finished(o) => Some(o),
            _ => None,
        }
    }

    // ----- who may win -----

    /// Whether `seat` may win with `card` from `source` (臭胡 aside from
    /// nothing: a barred win is no win).
    fn can_win(&self, seat: Seat, card: Card, source: Source) -> bool {
        let p = &self.players[seat];
        !p.chou_hu(card)
            && best_split(&p.hand, &p.melds, Some((card, source)))
                .is_some_and(|w| w.huxi >= MIN_HUXI)
    }

    /// The winning split of `seat` on the 亮张 (the dealer's own card).
    fn shown_split(&self, seat: Seat) -> Option<WinSplit> {
        let p = &self.players[seat];
        let card = (seat != self.deal.dealer).then(|| (self.shown_card(), Source::Other));
        best_split(&p.hand, &p.melds, card).filter(|w| w.huxi >= MIN_HUXI)
    }

    fn can_win_shown(&self, seat: Seat) -> bool {
        !self.players[seat].chou_hu(self.shown_card()) && self.shown_split(seat).is_some()
    }

    // ----- the flow nobody decides -----

    /// Runs draws, compulsory melds and untaken cards until someone must
    /// answer or the hand is over.
    fn run(&mut self, mut next: Next, ev: &mut Vec<Event>) {
        loop {
            match next {
                Next::After(s) => {
                    let p = &self.players[s];
                    if p.discard_due() && Player::has_discard(&p.hand) {
                        self.phase = Phase::Discard(DiscardTurn { seat: s });
                        return;
                    }
                    next = Next::Draw(next_seat(s));
                }
                Next::Draw(s) => {
                    if self.wall_left() == 0 {
                        self.finish_drawn(ev);
                        return;
                    }
                    let card = self.deal.deck[self.next_card];
                    self.next_card += 1;
                    let p = &self.players[s];
                    let i = card.index();
                    if p.hand[i] >= 2 || p.wei_of(card).is_some() {
                        // Step 1: it makes his 提 or 偎, unseen by the others.
                        ev.push(Event::Drew {
                            seat: s,
                            card: None,
                            wall: self.wall_left(),
                        });
                        if self.can_win(s, card, Source::Own) {
                            self.phase = Phase::SelfDraw(SelfDraw { seat: s, card });
                            return;
                        }
                        self.lay_out_own(s, card, ev);
                        next = Next::After(s);
                        continue;
                    }
                    ev.push(Event::Drew {
                        seat: s,
                        card: Some(card),
                        wall: self.wall_left(),
                    });
                    match self.open_claim(card, Origin::Drawn(s), ev) {
                        Some(n) => next = n,
                        None => return,
                    }
                }
            }
        }
    }

    /// Lays out the drawer's 提 (坎 or 偎 + card) or 偎 / 臭偎 (pair + card).
    fn lay_out_own(&mut self, s: Seat, card: Card, ev: &mut Vec<Event>) {
        let p = &mut self.players[s];
        let i = card.index();
        let (kind, meld) = if p.hand[i] == 3 {
            p.hand[i] = 0;
            p.melds.push(Meld::of_same(MeldKind::Ti, card, 4));
            (MeldKind::Ti, p.melds.len() - 1)
        } else if let Some(m) = p.wei_of(card) {
            p.melds[m] = Meld::of_same(MeldKind::Ti, card, 4);
            (MeldKind::Ti, m)
        } else {
            p.hand[i] -= 2;
            let kind = if p.declined_peng[i] {
                MeldKind::ChouWei
            } else {
                MeldKind::Wei
            };
            p.melds.push(Meld::of_same(kind, card, 3));
            (kind, p.melds.len() - 1)
        };
        ev.push(Event::LaidOut {
            seat: s,
            kind,
            card: (!kind.is_hidden()).then_some(card),
            meld,
        });
    }

    /// The questions on a shown or discarded card, in the Decision's order.
    pub(crate) fn steps_for(&self, card: Card, origin: Origin) -> Vec<Step> {
        let i = card.index();
        let from = origin.seat();
        let mut steps = Vec::new();
        if let Origin::Drawn(d) = origin {
            for s in self.order_from(d) {
                let source = if s == d { Source::Own } else { Source::Other };
                if self.can_win(s, card, source) {
                    steps.push(Step::Hu(s));
                }
            }
        }
        for (s, p) in self.players.iter().enumerate() {
            let kan_or_wei = s != from && (p.hand[i] == 3 || p.wei_of(card).is_some());
            let peng = matches!(origin, Origin::Drawn(_)) && p.peng_of(card).is_some();
            if kan_or_wei || peng {
                steps.push(Step::Pao(s));
                return steps;
            }
        }
        for (s, p) in self.players.iter().enumerate() {
            if s != from && p.barred(card).is_none() && p.peng_fits(card) {
                steps.push(Step::Peng(s));
            }
        }
        let chi_seats: &[Seat] = match origin {
            Origin::Drawn(d) => &[d, next_seat(d)],
            Origin::Discarded(x) => &[next_seat(x)],
        };
        for &s in chi_seats {
            let p = &self.players[s];
            if p.barred(card).is_none() && !p.chi_options(card).is_empty() {
                steps.push(Step::Chi(s));
            }
        }
        steps
    }

    /// Puts a card in question; returns what runs next when nobody is to
    /// be asked (a 跑 took it, or it lies).
    fn open_claim(&mut self, card: Card, origin: Origin, ev: &mut Vec<Event>) -> Option<Next> {
        let steps = self.steps_for(card, origin);
        self.phase = Phase::Claim(Claim {
            card,
            origin,
            steps,
            at: 0,
        });
        self.advance(ev)
    }

    /// Moves the claim to its current step: a 跑 is made at once; past the
    /// last step the card lies by its seat and the next seat draws.
    fn advance(&mut self, ev: &mut Vec<Event>) -> Option<Next> {
        let Phase::Claim(c) = &self.phase else {
            unreachable!("advance runs on a claim");
        };
        let (card, origin) = (c.card, c.origin);
        match c.steps.get(c.at) {
            Some(Step::Pao(s)) => {
                let s = *s;
                let p = &mut self.players[s];
                let chong = p.fours() > 0;
                let i = card.index();
                if p.hand[i] == 3 {
                    p.hand[i] = 0;
                    p.melds.push(Meld::of_same(MeldKind::Pao, card, 4));
                } else {
                    let m = p
                        .wei_of(card)
                        .or_else(|| p.peng_of(card))
                        .expect("a 跑 step has its meld");
                    p.melds[m] = Meld::of_same(MeldKind::Pao, card, 4);
                }
                ev.push(Event::Pao {
                    seat: s,
                    card,
                    chong,
                });
                Some(Next::After(s))
            }
            Some(_) => None,
            None => {
                let s = origin.seat();
                self.players[s].pile.push(card);
                ev.push(Event::Lies { seat: s, card });
                Some(Next::Draw(next_seat(s)))
            }
        }
    }

    // ----- actions -----

    /// Applies one action of `seat`. On error the hand is unchanged.
    pub fn apply(&mut self, seat: Seat, action: &Action) -> Result<Vec<Event>, RuleError> {
        let Some((asked, kind)) = self.question() else {
            return Err(RuleError::game_over());
        };
        if seat >= SEATS {
            return Err(illegal(
                crate::keys::ERR_NO_SUCH_SEAT,
                format!("seat {seat} does not exist"),
            ));
        }
        if seat != asked {
            return Err(self.not_asked(seat, action));
        }
        let mut ev = Vec::new();
        match (self.phase.clone(), action) {
            (Phase::ShownHu(_), Action::Hu) => {
                self.finish_win(seat, WinWay::Shown, &mut ev);
            }
            (Phase::ShownHu(mut q), Action::Pass) => {
                let card = self.shown_card();
                let p = &mut self.players[seat];
                let h = p.laid_huxi();
                p.chou_hu.push((card, h));
                ev.push(Event::Passed {
                    seat,
                    question: QuestionKind::TianHu,
                });
                q.at += 1;
                if q.at < q.asked.len() {
                    self.phase = Phase::ShownHu(q);
                } else {
                    self.run(Next::After(self.deal.dealer), &mut ev);
                }
            }
            (Phase::SelfDraw(d), Action::Hu) => {
                let way = WinWay::Card {
                    card: d.card,
                    source: Source::Own,
                    drawer: seat,
                };
                self.finish_win(seat, way, &mut ev);
            }
            (Phase::SelfDraw(d), Action::Pass) => {
                let p = &mut self.players[seat];
                let h = p.laid_huxi();
                p.chou_hu.push((d.card, h));
                ev.push(Event::Passed {
                    seat,
                    question: QuestionKind::Hu,
                });
                self.lay_out_own(seat, d.card, &mut ev);
                self.run(Next::After(seat), &mut ev);
            }
            (Phase::Claim(c), Action::Hu) if kind == QuestionKind::Hu => {
                let drawer = c.origin.seat();
                let source = if drawer == seat {
                    Source::Own
                } else {
                    Source::Other
                };
                let way = WinWay::Card {
                    card: c.card,
                    source,
                    drawer,
                };
                self.finish_win(seat, way, &mut ev);
            }
            (Phase::Claim(mut c), Action::Pass) => {
                let p = &mut self.players[seat];
                let i = c.card.index();
                match kind {
                    QuestionKind::Hu => {
                        let h = p.laid_huxi();
                        p.chou_hu.push((c.card, h));
                    }
                    QuestionKind::Peng => {
                        p.chou[i] = true;
                        p.declined_peng[i] = true;
                    }
                    _ => p.chou[i] = true,
                }
                ev.push(Event::Passed {
                    seat,
                    question: kind,
                });
                c.at += 1;
                self.phase = Phase::Claim(c);
                if let Some(n) = self.advance(&mut ev) {
                    self.run(n, &mut ev);
                }
            }
            (Phase::Claim(c), Action::Peng) if kind == QuestionKind::Peng => {
                let p = &mut self.players[seat];
                p.hand[c.card.index()] -= 2;
                p.melds.push(Meld::of_same(MeldKind::Peng, c.card, 3));
                ev.push(Event::Peng { seat, card: c.card });
                self.run(Next::After(seat), &mut ev);
            }
            (Phase::Claim(c), Action::Chi(groups)) if kind == QuestionKind::Chi => {
                let chosen = self.check_chi(seat, c.card, groups)?;
                let p = &mut self.players[seat];
                p.hand = p
                    .hand_after_chi(c.card, &chosen)
                    .expect("a checked 吃 comes from the hand");
                for g in &chosen {
                    let kind = group_kind(g).expect("a checked group");
                    p.melds.push(Meld::new(kind, g.to_vec()));
                }
                ev.push(Event::Chi {
                    seat,
                    card: c.card,
                    groups: chosen.iter().map(|g| g.to_vec()).collect(),
                });
                self.run(Next::After(seat), &mut ev);
            }
            (Phase::Discard(_), Action::Discard(card)) => {
                let p = &self.players[seat];
                let n = p.hand[card.index()];
                if n == 0 {
                    return Err(illegal(
                        crate::keys::ERR_PAOHUZI_NOT_IN_HAND,
                        format!("you do not hold {card}"),
                    )
                    .arg("card", card));
                }
                if n == 3 {
                    return Err(illegal(
                        crate::keys::ERR_PAOHUZI_DISCARD_KAN,
                        format!("you must keep your 坎: {card} is one of three you hold"),
                    )
                    .arg("card", card));
                }
                let p = &mut self.players[seat];
                p.hand[card.index()] -= 1;
                p.discarded[card.index()] = true;
                ev.push(Event::Discarded { seat, card: *card });
                if let Some(n) = self.open_claim(*card, Origin::Discarded(seat), &mut ev) {
                    self.run(n, &mut ev);
                }
            }
            _ => return Err(wrong_answer(kind)),
        }
        self.actions.push((seat, action.clone()));
        Ok(ev)
    }

    /// Checks a 吃 of `card` by `seat` against what his cards allow.
    fn check_chi(
        &self,
        seat: Seat,
        card: Card,
        groups: &[Vec<Card>],
    ) -> Result<Vec<[Card; 3]>, RuleError> {
        let p = &self.players[seat];
        let options = p.chi_options(card);
        let bad_group = || {
            illegal(
                crate::keys::ERR_PAOHUZI_BAD_GROUP,
                "each 吃 group is a sequence (三 consecutive of one case, or 二七十) or a 绞",
            )
        };
        let chosen = canonical(groups).ok_or_else(bad_group)?;
        if options.contains(&chosen) {
            return Ok(chosen);
        }
        if chosen.iter().any(|g| group_kind(g).is_none()) {
            return Err(bad_group());
        }
        if !chosen[0].contains(&card) {
            return Err(illegal(
                crate::keys::ERR_PAOHUZI_CHI_WITHOUT_CARD,
                format!("the first group must hold the card you take, {card}"),
            )
            .arg("card", card));
        }
        if chosen[1..].iter().any(|g| !g.contains(&card)) {
            return Err(illegal(
                crate::keys::ERR_PAOHUZI_BI_WITHOUT_CARD,
                format!("each 比 group must hold a {card}"),
            )
            .arg("card", card));
        }
        let Some(after) = p.hand_after_chi(card, &chosen) else {
            return Err(illegal(
                crate::keys::ERR_PAOHUZI_CHI_NOT_IN_HAND,
                "you do not hold the cards of those groups",
            ));
        };
        let mut used = [0u8; KINDS];
        for g in &chosen {
            for c in g {
                used[c.index()] += 1;
            }
        }
        if let Some(k) = Card::all().find(|k| p.hand[k.index()] == 3 && used[k.index()] > 0) {
            return Err(illegal(
                crate::keys::ERR_PAOHUZI_KEEP_KAN,
                format!("you must keep your 坎 of {k}: its cards are not used in a 吃"),
            )
            .arg("card", k));
        }
        if after[card.index()] > 0 {
            return Err(illegal(
                crate::keys::ERR_PAOHUZI_CHI_NEEDS_BI,
                format!("this 吃 needs 比 for your other {card}: choose a group"),
            )
            .arg("card", card));
        }
        Err(illegal(
            crate::keys::ERR_PAOHUZI_NO_DISCARD_AFTER,
            "after this 吃 you would have no card to discard",
        ))
    }

    /// The refusal for a seat that is not asked now: `not_your_turn`, with
    /// the reason when the rules bar what it tried on the card in question.
    fn not_asked(&self, seat: Seat, action: &Action) -> RuleError {
        let base = RuleError::not_your_turn();
        let Phase::Claim(c) = &self.phase else {
            return base;
        };
        let card = c.card;
        let p = &self.players[seat];
        let still_asked = c.steps[c.at..].iter().any(|s| match s {
            Step::Hu(x) | Step::Pao(x) | Step::Peng(x) | Step::Chi(x) => *x == seat,
        });
        if still_asked {
            return base;
        }
        let why = |key: crate::message::Key, msg: String| {
            RuleError::new(ErrorCode::NotYourTurn, key, msg).arg("card", card)
        };
        match action {
            Action::Hu if p.chou_hu(card) => why(
                crate::keys::ERR_PAOHUZI_CHOU_HU,
                format!(
                    "{card} is 臭 to you: you declined to win on it and your huxi has not changed"
                ),
            ),
            Action::Peng | Action::Chi(_) => match p.barred(card) {
                Some(Barred::Chou) => why(
                    crate::keys::ERR_PAOHUZI_CHOU,
                    format!("{card} is 臭 to you: you declined it before"),
                ),
                Some(Barred::OwnDiscard) => why(
                    crate::keys::ERR_PAOHUZI_OWN_DISCARD,
                    format!("{card} is 臭 to you: you discarded one earlier"),
                ),
                None => {
                    if let Action::Chi(groups) = action {
                        // Only a 吃 of the card in question is explained.
                        if !groups.first().is_some_and(|g| g.contains(&card)) {
                            return base;
                        }
                        if let Some(&k) = groups.iter().flatten().find(|k| p.hand[k.index()] == 3) {
                            return RuleError::new(
                                ErrorCode::NotYourTurn,
                                crate::keys::ERR_PAOHUZI_KEEP_KAN,
                                format!(
                                    "you must keep your 坎 of {k}: its cards are not used in a 吃"
                                ),
                            )
                            .arg("card", k);
                        }
                        let mut hand = p.hand;
                        for g in groups {
                            if let Ok(g3) = <[Card; 3]>::try_from(g.as_slice()) {
                                if g3.contains(&card) && group_kind(&g3).is_some() {
                                    let mut need = counts(&g3);
                                    need[card.index()] -= 1;
                                    if let Some(rest) = super::claims::minus(&hand, &need) {
                                        hand = rest;
                                    }
                                    break;
                                }
                            }
                        }
                        if hand[card.index()] > 0 && p.chi_options(card).is_empty() {
                            return why(
                                crate::keys::ERR_PAOHUZI_CHI_NO_BI,
                                format!("you cannot 吃 {card}: your other {card} cannot be laid out in 比"),
                            );
                        }
                    }
                    base
                }
            },
            _ => base,
        }
    }

    /// Every legal action of `seat` now.
    pub fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        let Some((asked, kind)) = self.question() else {
            return Vec::new();
        };
        if seat != asked {
            return Vec::new();
        }
        match kind {
            QuestionKind::TianHu | QuestionKind::Hu => vec![Action::Hu, Action::Pass],
            QuestionKind::Peng => vec![Action::Peng, Action::Pass],
            QuestionKind::Chi => {
                let (card, _) = self.card_in_question().expect("a claim");
                let mut out = self.chi_actions(seat, card);
                out.push(Action::Pass);
                out
            }
            QuestionKind::Discard => {
                let hand = &self.players[seat].hand;
                Card::all()
                    .filter(|c| matches!(hand[c.index()], 1 | 2))
                    .map(Action::Discard)
                    .collect()
            }
        }
    }

    /// Every 吃 of `card` open to `seat`, one per set of melds laid out
    /// (several group orders lay out the same melds; `apply` takes any).
    fn chi_actions(&self, seat: Seat, card: Card) -> Vec<Action> {
        let mut seen: Vec<Vec<[Card; 3]>> = Vec::new();
        let mut out = Vec::new();
        for option in self.players[seat].chi_options(card) {
            let mut melds = option.clone();
            melds.sort_unstable();
            if seen.contains(&melds) {
                continue;
            }
            seen.push(melds);
            out.push(Action::Chi(option.iter().map(|g| g.to_vec()).collect()));
        }
        out
    }

    /// Every seat that may take the card in question now, with its class
    /// and its choices, in the order the rules ask them (see the module
    /// doc of [`super`]). Empty when no card is in question.
    pub fn claim_offers(&self) -> Vec<ClaimOffer> {
        let mut out = Vec::new();
        match &self.phase {
            Phase::ShownHu(q) => {
                for &s in &q.asked[q.at..] {
                    out.push(ClaimOffer {
                        seat: s,
                        class: ClaimClass::Hu,
                        actions: vec![Action::Hu, Action::Pass],
                    });
                }
            }
            Phase::SelfDraw(d) => out.push(ClaimOffer {
                seat: d.seat,
                class: ClaimClass::Hu,
                actions: vec![Action::Hu, Action::Pass],
            }),
            Phase::Claim(c) => {
                for step in &c.steps[c.at..] {
                    let (seat, class) = match *step {
                        Step::Hu(s) => (s, ClaimClass::Hu),
                        Step::Peng(s) => (s, ClaimClass::Peng),
                        Step::Chi(s) => (s, ClaimClass::Chi),
                        Step::Pao(_) => break,
                    };
                    let actions = match class {
                        ClaimClass::Hu => vec![Action::Hu, Action::Pass],
                        ClaimClass::Peng => vec![Action::Peng, Action::Pass],
                        ClaimClass::Chi => {
                            let mut v = self.chi_actions(seat, c.card);
                            v.push(Action::Pass);
                            v
                        }
                    };
                    out.push(ClaimOffer {
                        seat,
                        class,
                        actions,
                    });
                }
            }
            Phase::Discard(_) | Phase::Finished(_) => {}
        }
        out
    }

    // ----- the end -----

    fn finish_win(&mut self, seat: Seat, way: WinWay, ev: &mut Vec<Event>) {
        let dealer = self.deal.dealer;
        let p = &self.players[seat];
        let (split, card, source, zimo, tianhu, compulsory) = match way {
            WinWay::Compulsory => {
                let mut melds: Vec<Meld> = p
                    .melds
                    .iter()
                    .filter(|m| m.kind == MeldKind::Ti)
                    .cloned()
                    .collect();
                for c in Card::all() {
                    if p.hand[c.index()] == 3 {
                        melds.push(Meld::of_same(MeldKind::Kan, c, 3));
                    }
                }
                let huxi = melds.iter().map(|m| m.huxi).sum();
                (
                    WinSplit { huxi, melds },
                    None,
                    None,
                    seat == dealer,
                    true,
                    true,
                )
            }
            WinWay::Shown => {
                let split = self.shown_split(seat).expect("asked because it wins");
                let (card, source) = if seat == dealer {
                    (None, None)
                } else {
                    (Some(self.shown_card()), Some(Source::Other))
                };
                (split, card, source, seat == dealer, true, false)
            }
            WinWay::Card {
                card,
                source,
                drawer,
            } => {
                let split = best_split(&p.hand, &p.melds, Some((card, source)))
                    .expect("asked because it wins");
                (
                    split,
                    Some(card),
                    Some(source),
                    drawer == seat,
                    false,
                    false,
                )
            }
        };
        let huxi = split.huxi;
        let base = if tianhu {
            (huxi * 2).saturating_sub(12) / 3
        } else {
            huxi.saturating_sub(12) / 3
        };
        let tun = base + u32::from(zimo);
        let mut all = p.hand;
        for m in &p.melds {
            for c in &m.cards {
                all[c.index()] += 1;
            }
        }
        if let Some(c) = card {
            all[c.index()] += 1;
        }
        let red_cards: u32 = Card::all()
            .filter(|c| c.is_red())
            .map(|c| all[c.index()] as u32)
            .sum();
        let mut mingtang = Vec::new();
        let mut fan = 1;
        if self.rules.mingtang {
            if red_cards >= 10 {
                mingtang.push(Mingtang::HongHu);
                fan *= 2;
            } else if red_cards == 1 {
                mingtang.push(Mingtang::DianHu);
                fan *= 3;
            } else if red_cards == 0 {
                mingtang.push(Mingtang::WuHu);
                fan *= 5;
            }
        }
        if matches!(way, WinWay::Card { .. }) && self.wall_left() == 0 {
            mingtang.push(Mingtang::Haidi);
        }
        if zimo {
            mingtang.push(Mingtang::Zimo);
        }
        if tianhu {
            mingtang.push(Mingtang::TianHu);
        }
        let pay = i64::from(tun) * i64::from(fan);
        let deltas: Vec<i64> = (0..SEATS)
            .map(|s| if s == seat { 2 * pay } else { -pay })
            .collect();
        ev.push(Event::Won {
            seat,
            card,
            source,
            huxi,
            tun,
            fan,
            zimo,
            tianhu,
        });
        ev.push(Event::HandOver {
            deltas: deltas.clone(),
            next_dealer: seat,
            drawn_in_a_row: 0,
        });
        self.phase = Phase::Finished(Box::new(PaohuziOutcome {
            winner: Some(seat),
            huxi,
            tun,
            fan,
            zimo,
            tianhu,
            compulsory_tianhu: compulsory,
            winning_card: card,
            split: split.melds,
            red_cards,
            mingtang,
            deltas,
            next_dealer: seat,
            drawn_in_a_row: 0,
        }));
    }

    /// 荒庄: nobody pays; the dealer deals again, or after three drawn
    /// hands in a row the next seat.
    fn finish_drawn(&mut self, ev: &mut Vec<Event>) {
        let n = self.deal.drawn_in_a_row + 1;
        let (next_dealer, drawn_in_a_row) = if n >= 3 {
            (next_seat(self.deal.dealer), 0)
        } else {
            (self.deal.dealer, n)
        };
        let deltas = vec![0; SEATS];
        ev.push(Event::DrawnHand);
        ev.push(Event::HandOver {
            deltas: deltas.clone(),
            next_dealer,
            drawn_in_a_row,
        });
        self.phase = Phase::Finished(Box::new(PaohuziOutcome {
            winner: None,
            huxi: 0,
            tun: 0,
            fan: 0,
            zimo: false,
            tianhu: false,
            compulsory_tianhu: false,
            winning_card: None,
            split: Vec::new(),
            red_cards: 0,
            mingtang: Vec::new(),
            deltas,
            next_dealer,
            drawn_in_a_row,
        }));
    }
}

/// The refusal for an answer that does not fit the question asked.
fn wrong_answer(kind: QuestionKind) -> RuleError {
    let (key, msg) = match kind {
        QuestionKind::TianHu | QuestionKind::Hu => (
            crate::keys::ERR_PAOHUZI_ASKED_HU,
            "you are asked whether to win: hu or pass",
        ),
        QuestionKind::Peng => (
            crate::keys::ERR_PAOHUZI_ASKED_PENG,
            "you are asked whether to 碰: peng or pass",
        ),
        QuestionKind::Chi => (
            crate::keys::ERR_PAOHUZI_ASKED_CHI,
            "you are asked whether to 吃: chi or pass",
        ),
        QuestionKind::Discard => (
            crate::keys::ERR_PAOHUZI_ASKED_DISCARD,
            "you must discard a card",
        ),
    };
    illegal(key, msg)
}

/// The class of a claim, in priority order: wins, then 碰, then 吃 (the
/// compulsory 跑 sits between wins and 碰 and asks nobody).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ClaimClass {
    Hu,
    Peng,
    Chi,
}

/// A seat that may take the card in question, and with what.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ClaimOffer {
    pub seat: Seat,
    pub class: ClaimClass,
    /// Its choices, `pass` last.
    pub actions: Vec<Action>,
}
