//! Shengji's words for both front ends, from `locales/*/shengji.ftl`: the
//! hand grouped by play suit (trumps first, high to low), the table's
//! lines, the events and the result in words, and typed cards read against
//! the hand. Seats are named by the caller ([`Seats`]); teams as players
//! see them: seats 1 + 3 (the records' 0 + 2) and seats 2 + 4 (1 + 3).

use crate::cards::{parse_friendly, resolve_in_hand, CardSpec};
use crate::cards::{Card, Rank, Suit};
use crate::games::shengji::order::{fold_suit, suit_name, Order, PLAY_SUITS};
use crate::games::shengji::session::{Dealing, DealingView};
use crate::games::shengji::{Action, TableAction};
use crate::games::shengji::{Event, ShengjiOutcome, ShengjiView, Stage};
use crate::i18n::events::Seats;
use crate::i18n::{render_cards, tr, tr_args, Lang};
use fluent_bundle::FluentValue;

/// The order to show a hand in: the hand's once declaring is over, else
/// the one the standing declaration (or none) would give.
pub fn display_order(v: &ShengjiView) -> Order {
    if let Some(o) = v.order() {
        return o;
    }
    let seat = v.viewer.unwrap_or(0);
    let level = v.level.unwrap_or(v.levels[seat % 2]);
    let level = Rank::from_value(level).unwrap_or(Rank::Two);
    let trump = v
        .declarations
        .last()
        .and_then(|d| d.trump)
        .map(|s| fold_suit(s, v.rules.two_colors));
    Order::new(level, trump, v.rules.twos_trump, v.rules.two_colors)
}

/// Cards grouped by play suit, trumps first then ♠ ♥ ♣ ♦, each group high
/// to low; empty suits left out.
pub fn suit_groups(order: &Order, cards: &[Card]) -> Vec<(usize, Vec<Card>)> {
    let mut groups: Vec<(usize, Vec<Card>)> = (0..PLAY_SUITS).map(|s| (s, Vec::new())).collect();
    for &c in cards {
        groups[order.suit(c)].1.push(c);
    }
    for (_, g) in groups.iter_mut() {
        g.sort_by_key(|&c| (std::cmp::Reverse(order.value(c)), c));
    }
    groups.retain(|(_, g)| !g.is_empty());
    groups
}

/// A play suit's name: 主 (trumps), or the plain suit (副).
pub fn suit_label(lang: Lang, si: usize) -> String {
    tr_args(lang, "shengji-suit", &[("suit", suit_name(si).into())])
}

/// The trump of a hand (`S`, `H`, `C`, `D` or `none`) in words.
pub fn trump_label(lang: Lang, trump: &str) -> String {
    tr_args(lang, "shengji-trump", &[("suit", trump.to_string().into())])
}

/// The trump a standing declaration would make, in words.
fn declared_trump(lang: Lang, trump: Option<Suit>) -> String {
    let name = match trump {
        Some(s) => suit_name(1 + s as usize),
        None => "none",
    };
    trump_label(lang, name)
}

/// A level (2 … 14) as its rank: `2` … `A`.
pub fn level_label(level: u8) -> String {
    Rank::from_value(level)
        .map(|r| r.display().to_string())
        .unwrap_or_else(|| level.to_string())
}

/// One play suit's line: `Trumps (主) (5): …` / `主牌（5 张）：…`.
fn suit_line(lang: Lang, si: usize, count: usize, cards: &str) -> String {
    tr_args(
        lang,
        "shengji-suit-line",
        &[
            ("suit", suit_label(lang, si).into()),
            ("count", (count as i64).into()),
            ("cards", cards.to_string().into()),
        ],
    )
}

/// The hand as lines, one per play suit: `主 (5): 大王 7♥ 7♥ …`.
pub fn hand_lines(lang: Lang, v: &ShengjiView) -> Vec<String> {
    let order = display_order(v);
    suit_groups(&order, &v.hand)
        .into_iter()
        .map(|(si, cards)| suit_line(lang, si, cards.len(), &render_cards(lang, &cards)))
        .collect()
}

/// 记牌器 as lines while the tricks are played: a heading, then one line a
/// play suit (trumps first, high to low) of the cards not yet played that
/// the viewer does not hold, copies counted: `主 (9): 大王×2 小王 …`.
/// Empty in the public view and outside the tricks.
pub fn counter_lines(lang: Lang, v: &ShengjiView) -> Vec<String> {
    let Some(unseen) = v.unseen() else {
        return Vec::new();
    };
    let cards: Vec<Card> = (0..unseen.len())
        .filter_map(|i| Some((Card::from_index(i)?, unseen[i])))
        .flat_map(|(c, n)| std::iter::repeat_n(c, usize::from(n)))
        .collect();
    let mut lines = vec![tr(lang, "shengji-counter")];
    for (si, group) in suit_groups(&display_order(v), &cards) {
        let mut items: Vec<String> = Vec::new();
        let mut i = 0;
        while i < group.len() {
            let run = group[i..].iter().take_while(|&&c| c == group[i]).count();
            let name = crate::i18n::render_card(lang, group[i]);
            items.push(if run > 1 {
                format!("{name}×{run}")
            } else {
                name
            });
            i += run;
        }
        lines.push(suit_line(lang, si, group.len(), &items.join(" ")));
    }
    lines
}

/// Both teams' levels: `Levels: seats 1 + 3 at 5 · seats 2 + 4 at 2`.
pub fn levels_line(lang: Lang, levels: [u8; 2]) -> String {
    tr_args(
        lang,
        "shengji-levels",
        &[
            ("first", level_label(levels[0]).into()),
            ("second", level_label(levels[1]).into()),
        ],
    )
}

/// Whether a play is all trumps on a plain lead (毙).
fn trumps_a_plain_lead(order: &Order, lead: &[Card], play: &[Card]) -> bool {
    let plain = lead.first().is_some_and(|&c| !order.is_trump(c));
    plain && !play.is_empty() && play.iter().all(|&c| order.is_trump(c))
}

/// The table as lines: the hand's number and both levels; the dealing and
/// the standing declaration, or the banker, trump and level rank; the
/// current trick; the attackers' points and the cards each seat holds.
pub fn table_lines(lang: Lang, seats: &Seats<'_>, t: &DealingView) -> Vec<String> {
    let v = &t.hand;
    let mut lines = vec![format!(
        "{} · {}",
        tr_args(
            lang,
            "shengji-hand-no",
            &[("hand", i64::from(t.hand_no).into())]
        ),
        levels_line(lang, v.levels)
    )];
    match t.dealing {
        Dealing::Dealing => lines.push(tr_args(
            lang,
            "shengji-dealing",
            &[
                ("dealt", (v.dealt as i64).into()),
                ("total", (v.deal_total as i64).into()),
            ],
        )),
        Dealing::Window => lines.push(tr_args(
            lang,
            "shengji-window",
            &[("seconds", i64::from(v.rules.declare_window).into())],
        )),
        Dealing::Done => {}
    }
    if v.stage == Stage::Declaring {
        match v.declarations.last() {
            Some(d) => lines.push(seats.say(
                lang,
                "shengji-standing",
                d.seat,
                vec![
                    ("cards", render_cards(lang, &d.cards).into()),
                    ("trump", declared_trump(lang, d.trump).into()),
                ],
            )),
            None => lines.push(tr(lang, "shengji-no-declaration")),
        }
        if let Some(b) = v.banker {
            lines.push(seats.say(lang, "shengji-banker", b, Vec::new()));
        }
        return lines;
    }
    if let (Some(b), Some(trump), Some(level)) = (v.banker, v.trump, v.level) {
        lines.push(format!(
            "{} · {} · {}",
            seats.say(lang, "shengji-banker", b, Vec::new()),
            tr_args(
                lang,
                "shengji-trump-is",
                &[("trump", trump_label(lang, trump).into())]
            ),
            tr_args(
                lang,
                "shengji-level-rank",
                &[("rank", level_label(level).into())]
            ),
        ));
    }
    if let Some(order) = v.order() {
        if !v.trick.is_empty() {
            let lead = &v.trick[0].1;
            let plays: Vec<String> = v
                .trick
                .iter()
                .enumerate()
                .map(|(i, (s, cards))| {
                    let mut p = format!("{} {}", seats.name(*s), render_cards(lang, cards));
                    if i > 0 && trumps_a_plain_lead(&order, lead, cards) {
                        p.push_str(&format!(" ({})", tr(lang, "shengji-trumped")));
                    }
                    p
                })
                .collect();
            lines.push(tr_args(
                lang,
                "shengji-trick",
                &[("plays", plays.join(" · ").into())],
            ));
        }
    }
    let left: Vec<String> = (0..4)
        .map(|s| format!("{} {}", seats.name(s), v.hand_sizes[s]))
        .collect();
    lines.push(format!(
        "{} · {}",
        tr_args(
            lang,
            "shengji-attackers-points",
            &[("points", v.attackers_points.into())]
        ),
        tr_args(
            lang,
            "shengji-cards-left",
            &[("counts", crate::i18n::list(lang, &left).into())]
        ),
    ));
    if let (Stage::Finished, Some(kitty)) = (v.stage, &v.kitty) {
        lines.push(tr_args(
            lang,
            "shengji-kitty-shown",
            &[("cards", render_cards(lang, kitty).into())],
        ));
    }
    lines
}

/// What a batch of the deal brought the viewer of `v` (`before`, then
/// `dealt` cards of `total` out): the new cards, then the hand as it stood,
/// by play suit in the order the declarations made by then gave. `v` may be
/// a later view: the cards are the ones received by then. `None` in the
/// public view.
pub fn dealt_line(
    lang: Lang,
    v: &ShengjiView,
    before: usize,
    dealt: usize,
    total: usize,
) -> Option<String> {
    v.viewer?;
    let hand = v.received_by(dealt);
    let new = &hand[v.received_by(before).len().min(hand.len())..];
    let mut then = v.clone();
    then.declarations.retain(|d| d.dealt <= before);
    then.trump = None;
    let order = display_order(&then);
    let shown = |cards: &[Card], sep: &str| {
        suit_groups(&order, cards)
            .into_iter()
            .map(|(_, g)| render_cards(lang, &g))
            .collect::<Vec<_>>()
            .join(sep)
    };
    Some(tr_args(
        lang,
        "shengji-dealt-batch",
        &[
            ("dealt", (dealt as i64).into()),
            ("total", (total as i64).into()),
            ("new", shown(new, " ").into()),
            ("count", (hand.len() as i64).into()),
            ("hand", shown(hand, " | ").into()),
        ],
    ))
}

/// One event in words (empty: nothing worth a line).
pub fn event_line(lang: Lang, seats: &Seats<'_>, e: &Event) -> String {
    match e {
        // The cards a batch brings are private: [`dealt_line`] says them
        // to their seat.
        Event::Dealt { .. } => String::new(),
        Event::Declared { seat, cards, .. } => seats.say(
            lang,
            "shengji-declared",
            *seat,
            vec![("cards", render_cards(lang, cards).into())],
        ),
        Event::DeclaringClosed {
            banker,
            trump,
            flipped,
        } => {
            let mut line = seats.say(
                lang,
                "shengji-declaring-closed",
                *banker,
                vec![("trump", trump_label(lang, trump).into())],
            );
            if let Some(c) = flipped {
                line.push(' ');
                line.push_str(&tr_args(
                    lang,
                    "shengji-flipped",
                    &[("card", render_cards(lang, &[*c]).into())],
                ));
            }
            line
        }
        Event::Buried { seat, count } => seats.say(
            lang,
            "shengji-buried",
            *seat,
            vec![("count", (*count as i64).into())],
        ),
        Event::ThrowFailed {
            seat,
            attempted,
            played,
            beaten_by,
            penalty,
        } => {
            let mut line = seats.say(
                lang,
                "shengji-throw-failed",
                *seat,
                vec![
                    ("attempted", render_cards(lang, attempted).into()),
                    ("played", render_cards(lang, played).into()),
                    ("by", seats.name(*beaten_by).into()),
                ],
            );
            if *penalty > 0 {
                line.push(' ');
                line.push_str(&tr_args(
                    lang,
                    "shengji-throw-penalty",
                    &[("points", i64::from(*penalty).into())],
                ));
            }
            line
        }
        Event::Played { seat, cards } => seats.say(
            lang,
            "shengji-played",
            *seat,
            vec![("cards", render_cards(lang, cards).into())],
        ),
        Event::TrickWon {
            seat,
            points,
            attackers_points,
        } => seats.say(
            lang,
            "shengji-trick-won",
            *seat,
            vec![
                ("points", (*points).into()),
                ("total", (*attackers_points).into()),
            ],
        ),
        Event::HandOver { outcome } => result_lines(lang, seats, outcome).join("\n"),
    }
}

/// The hand's result: the kitty, the level table's verdict (大光, 小光,
/// 上台 …), both levels now, and the match's winner.
pub fn result_lines(lang: Lang, seats: &Seats<'_>, o: &ShengjiOutcome) -> Vec<String> {
    let mut lines = Vec::new();
    if o.kitty_multiplier > 0 {
        lines.push(tr_args(
            lang,
            "shengji-kitty-won",
            &[
                ("kitty", o.kitty_points.into()),
                ("multiplier", o.kitty_multiplier.into()),
            ],
        ));
    }
    let up_banker = o.deltas[o.banker];
    let up_attackers = o.deltas[(o.banker + 1) % 4];
    let points: FluentValue<'static> = o.points.into();
    let verdict = if o.banker_kept {
        match up_banker {
            3 => tr_args(lang, "shengji-result-da-guang", &[("points", points)]),
            2 => tr_args(lang, "shengji-result-xiao-guang", &[("points", points)]),
            _ => tr_args(lang, "shengji-result-banker-up", &[("points", points)]),
        }
    } else if up_attackers == 0 {
        tr_args(lang, "shengji-result-take-bank", &[("points", points)])
    } else {
        tr_args(
            lang,
            "shengji-result-attackers-up",
            &[("points", points), ("levels", up_attackers.into())],
        )
    };
    lines.push(verdict);
    lines.push(levels_line(lang, o.levels));
    match o.match_winner {
        Some(t) => lines.push(tr_args(
            lang,
            "shengji-match-won",
            &[("team", (t as i64 + 1).into())],
        )),
        None => lines.push(seats.say(lang, "shengji-next-banker", o.next_banker, Vec::new())),
    }
    lines
}

/// Typed cards that could not be read: a Fluent id and the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardsRefused {
    pub key: crate::message::Key,
    pub input: String,
}

impl CardsRefused {
    pub fn text(&self, lang: Lang) -> String {
        tr_args(
            lang,
            self.key.as_str(),
            &[("input", self.input.clone().into())],
        )
    }
}

/// Reads typed cards (`7H 7H`, `TS TS 9S 9S`, `10♠`, `大王`) against the
/// cards they must come from; bare ranks pick from them.
pub fn read_cards(text: &str, from: &[Card]) -> Result<Vec<Card>, CardsRefused> {
    let specs = parse_friendly(text).map_err(|e| CardsRefused {
        key: crate::keys::SHENGJI_NOT_CARDS,
        // The word that is not a card, not the parser's English sentence.
        input: match e {
            crate::cards::CardError::NotACard(word) => format!("`{word}`"),
            _ => format!("`{}`", text.trim()),
        },
    })?;
    resolve_in_hand(&specs, from).map_err(|_| CardsRefused {
        key: crate::keys::SHENGJI_CARDS_NOT_HELD,
        input: text.to_string(),
    })
}

/// Every distinct set of cards `specs` may pick from `from` (a bare rank
/// picks any suit of it); at most `MAX_READINGS`, enough to choose from.
fn readings(specs: &[CardSpec], from: &[Card]) -> Vec<Vec<Card>> {
    const MAX_READINGS: usize = 24;
    let mut pool = from.to_vec();
    let mut fixed = Vec::new();
    for spec in specs {
        if let CardSpec::Exact(c) = spec {
            match pool.iter().position(|p| p == c) {
                Some(i) => fixed.push(pool.swap_remove(i)),
                None => return Vec::new(),
            }
        }
    }
    // How many of each bare rank, and the distinct cards held of it.
    let mut ranks: Vec<(Rank, usize)> = Vec::new();
    for spec in specs {
        if let CardSpec::AnyOf(r) = spec {
            match ranks.iter_mut().find(|(q, _)| q == r) {
                Some((_, n)) => *n += 1,
                None => ranks.push((*r, 1)),
            }
        }
    }
    let mut out = vec![fixed];
    for (rank, need) in ranks {
        let mut kinds: Vec<Card> = pool
            .iter()
            .copied()
            .filter(|c| c.rank() == Some(rank))
            .collect();
        kinds.sort_unstable();
        kinds.dedup();
        let held = |c: Card| pool.iter().filter(|&&p| p == c).count();
        // Every way to take `need` cards of the rank: a count per kind.
        let mut picks: Vec<Vec<Card>> = Vec::new();
        fn pick(
            kinds: &[Card],
            held: &dyn Fn(Card) -> usize,
            need: usize,
            acc: &mut Vec<Card>,
            out: &mut Vec<Vec<Card>>,
        ) {
            let Some((&first, rest)) = kinds.split_first() else {
                if need == 0 {
                    out.push(acc.clone());
                }
                return;
            };
            for k in (0..=need.min(held(first))).rev() {
                acc.extend(std::iter::repeat_n(first, k));
                pick(rest, held, need - k, acc, out);
                acc.truncate(acc.len() - k);
            }
        }
        pick(&kinds, &held, need, &mut Vec::new(), &mut picks);
        out = out
            .iter()
            .flat_map(|base| {
                picks.iter().map(move |p| {
                    let mut cards = base.clone();
                    cards.extend(p);
                    cards
                })
            })
            .take(MAX_READINGS)
            .collect();
    }
    out
}

/// The plays a typed line may mean when its bare ranks (`kk`) leave more
/// than one that the rules accept now: the player is asked which (the
/// suits decide whether a follow is legal, so picking one silently may
/// pick the refused one). `None` when the line has one such play or none
/// (then it reads as before, and a refusal says why).
pub fn ambiguous_plays(line: &str, view: &DealingView) -> Option<Vec<Vec<Card>>> {
    if view.hand.stage != Stage::Playing {
        return None;
    }
    let specs = parse_friendly(line.trim()).ok()?;
    if !specs.iter().any(|s| matches!(s, CardSpec::AnyOf(_))) {
        return None;
    }
    let fits: Vec<Vec<Card>> = readings(&specs, &view.hand.hand)
        .into_iter()
        .filter(|cards| view.hand.play_fits(cards))
        .collect();
    (fits.len() > 1).then_some(fits)
}

/// The one play a typed line with bare ranks means when exactly one of its
/// readings fits the rules now (`kk` on a heart pair lead: the hearts).
fn the_fitting_play(line: &str, view: &DealingView) -> Option<Vec<Card>> {
    if view.hand.stage != Stage::Playing {
        return None;
    }
    let specs = parse_friendly(line.trim()).ok()?;
    if !specs.iter().any(|s| matches!(s, CardSpec::AnyOf(_))) {
        return None;
    }
    let mut fits = readings(&specs, &view.hand.hand)
        .into_iter()
        .filter(|cards| view.hand.play_fits(cards));
    let one = fits.next()?;
    fits.next().is_none().then_some(one)
}

/// What a typed line (`/play`, the terminal) asks for besides the shared
/// words: a hand action (or passing on the declarations).
pub fn typed_action(
    line: &str,
    view: &DealingView,
    legal: &[TableAction],
) -> Result<TableAction, CardsRefused> {
    let line = line.trim();
    let lower = line.to_lowercase();
    if matches!(lower.as_str(), "pass" | "p" | "过" | "不亮") {
        return if legal.contains(&TableAction::Pass) {
            Ok(TableAction::Pass)
        } else {
            Err(CardsRefused {
                key: crate::keys::SHENGJI_NO_PASS,
                input: line.to_string(),
            })
        };
    }
    let (verb, rest) = match line.split_once(char::is_whitespace) {
        Some((v, r)) => (v.to_lowercase(), r.trim()),
        None => (lower.clone(), ""),
    };
    let hand = &view.hand.hand;
    let pool = || {
        let mut pool = hand.clone();
        pool.extend(view.hand.kitty.iter().flatten().copied());
        pool
    };
    let declare = |text: &str| -> Result<TableAction, CardsRefused> {
        Ok(TableAction::Hand(Action::Declare {
            cards: read_cards(text, hand)?,
            dealt: view.hand.dealt,
        }))
    };
    match verb.as_str() {
        "declare" | "d" | "亮" | "亮主" => return declare(rest),
        "bury" | "b" | "扣" | "扣底" => {
            return Ok(TableAction::Hand(Action::Bury(read_cards(rest, &pool())?)))
        }
        _ => {}
    }
    let declaring = legal
        .iter()
        .any(|a| matches!(a, TableAction::Hand(Action::Declare { .. })));
    let burying = legal
        .iter()
        .any(|a| matches!(a, TableAction::Hand(Action::Bury(_))));
    if declaring {
        declare(line)
    } else if burying {
        Ok(TableAction::Hand(Action::Bury(read_cards(line, &pool())?)))
    } else if ambiguous_plays(line, view).is_some() {
        // Several suits would do: the player names them (the terminal
        // offers the choice before it gets here).
        Err(CardsRefused {
            key: crate::keys::SHENGJI_WHICH_SUIT,
            input: line.to_string(),
        })
    } else if let Some(cards) = the_fitting_play(line, view) {
        Ok(TableAction::Hand(Action::Play(cards)))
    } else {
        Ok(TableAction::Hand(Action::Play(read_cards(line, hand)?)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::shengji::{Shengji, ShengjiRules};
    use crate::games::Game;
    use rand::{Rng, SeedableRng};

    /// Issue #36 §3.9: `kk` picked other suits than the ones that follow
    /// and was refused. Over random hands in the tricks, a line of a bare
    /// rank twice either offers every play it may mean that the rules
    /// accept (more than one), or reads as one the engine accepts whenever
    /// any of its readings would be; and the choice comes up.
    #[test]
    fn a_bare_rank_reads_as_a_legal_play_or_asks_which() {
        let mut asked = 0;
        let mut resolved = 0;
        for seed in 0..12 {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let mut g = Shengji::deal(ShengjiRules::default(), 4, &mut rng).unwrap();
            while !g.is_finished() {
                let seat = g.waiting_on()[0];
                if seat == 0 && g.view(Some(0)).stage == Stage::Playing {
                    let view = DealingView {
                        hand: g.view(Some(0)),
                        dealing: Dealing::Done,
                        hand_no: 1,
                        ai: vec![false; 4],
                    };
                    let legal: Vec<TableAction> = g
                        .legal_actions(0)
                        .into_iter()
                        .map(TableAction::Hand)
                        .collect();
                    let mut ranks: Vec<String> = view
                        .hand
                        .hand
                        .iter()
                        .filter(|c| c.rank().is_some())
                        .map(|c| {
                            let s = c.to_string();
                            s[..s.len() - 1].to_string()
                        })
                        .collect();
                    ranks.sort();
                    ranks.dedup();
                    let accepts =
                        |cards: &[Card]| g.clone().apply(0, &Action::Play(cards.to_vec())).is_ok();
                    for r in ranks {
                        let line = format!("{r}{r}").to_lowercase();
                        let specs = parse_friendly(&line).unwrap();
                        let all = readings(&specs, &view.hand.hand);
                        let any_legal = all.iter().any(|c| accepts(c));
                        match ambiguous_plays(&line, &view) {
                            Some(plays) => {
                                assert!(plays.len() > 1);
                                assert!(plays.iter().all(|c| accepts(c)), "{line}: {plays:?}");
                                assert_eq!(
                                    typed_action(&line, &view, &legal).unwrap_err().key,
                                    "shengji-which-suit"
                                );
                                asked += 1;
                            }
                            None if any_legal => {
                                let Ok(TableAction::Hand(Action::Play(cards))) =
                                    typed_action(&line, &view, &legal)
                                else {
                                    panic!("{line} reads as a play");
                                };
                                assert!(accepts(&cards), "{line}: {cards:?} of {all:?}");
                                resolved += 1;
                            }
                            None => {}
                        }
                    }
                }
                let legal = g.legal_actions(seat);
                let a = legal[rng.gen_range(0..legal.len())].clone();
                g.apply(seat, &a).unwrap();
            }
        }
        assert!(asked > 0, "some bare rank had two legal readings");
        assert!(resolved > 0);
    }
}
