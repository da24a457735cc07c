//! Chexuan in the terminal: your face-down cards and everyone's face-up
//! cards, the stacks and what each has put in, the mango pot always on the
//! table line, the betting actions open now (大 raise with its range, 跟,
//! 敲, 休, 丢, 三花), the split (type the two cards of your head, or pick a
//! numbered split; a head lower than its tail is refused with the reason),
//! and every pairwise result at the showdown, hand after hand.

use super::text;
use super::{Input, PlayOptions, TerminalGame};
use crate::cards::{parse_friendly, resolve_in_hand, Card};
use crate::games::chexuan::hands::{evaluate, HandKind, Split, Versus};
use crate::games::chexuan::view::{PlayerView, Stage};
use crate::games::chexuan::{Action, ChexuanRules, Event, MangoKind, Status};
use crate::games::{Outcome, Seat};
use crate::i18n::{self, Lang};
use crate::table::chexuan::{ChexuanTable, SessionEvent, TableAction, TableView};

/// A two-card hand's name, `天牌 Heaven pair`.
pub fn hand_name(kind: HandKind) -> String {
    i18n::tr(Lang::EnUs, &format!("chexuan-hand-{}", kind.id()))
}

fn pair(cards: &[Card]) -> String {
    cards
        .iter()
        .map(|c| c.pretty())
        .collect::<Vec<_>>()
        .join(" ")
}

fn seat(s: Seat, me: Seat) -> String {
    text::seat_name(s, me)
}

fn signed(v: i64) -> String {
    if v > 0 {
        format!("+{v}")
    } else {
        v.to_string()
    }
}

fn split_text(s: &Split) -> String {
    format!(
        "head [{}] {} / tail [{}] {}",
        pair(&s.head),
        hand_name(evaluate(s.head[0], s.head[1])),
        pair(&s.tail),
        hand_name(evaluate(s.tail[0], s.tail[1])),
    )
}

fn versus(v: Versus) -> &'static str {
    match v {
        Versus::Win => "beats",
        Versus::Tie => "ties with",
        Versus::Lose => "loses to",
    }
}

fn mango_name(kind: MangoKind) -> &'static str {
    match kind {
        MangoKind::Xiu => "休芒 (everyone checked)",
        MangoKind::Zhou => "皱芒 (a first-round raise nobody called)",
    }
}

/// The words for one event of a hand (seats are table seats).
pub fn hand_event_line(event: &Event, me: Seat) -> String {
    let who = |s: Seat| seat(s, me);
    match event {
        Event::Raised {
            seat,
            by,
            contribution,
        } => format!("{} raises (大) by {by} to {contribution}.", who(*seat)),
        Event::Called { seat, contribution } => {
            format!("{} calls (跟): {contribution}.", who(*seat))
        }
        Event::AllIn {
            seat, contribution, ..
        } => format!("{} goes all-in (敲): {contribution}.", who(*seat)),
        Event::Checked { seat } => format!("{} checks (休).", who(*seat)),
        Event::Folded { seat } => format!("{} folds (丢).", who(*seat)),
        Event::LaidDown {
            seat,
            cards,
            returned,
            ..
        } => format!(
            "{} lays down 三花 [{}] and takes back {returned}.",
            who(*seat),
            pair(cards)
        ),
        Event::RoundOver { .. } => String::new(),
        Event::Mango {
            kind,
            amount,
            payers,
            pot,
            taken_by,
            count,
            ..
        } => {
            let payers: Vec<String> = payers.iter().map(|&s| who(s)).collect();
            let mut line = format!(
                "Mango #{count}: {}! {} pay {amount} each into the mango pot (芒果), now {pot}.",
                mango_name(*kind),
                payers.join(", ")
            );
            if let Some(t) = taken_by {
                line.push_str(&format!(" {} takes the whole mango pot.", who(*t)));
            }
            line
        }
        Event::CardsDealt { round, cards } => {
            let dealt: Vec<String> = cards
                .iter()
                .map(|(s, c)| format!("{} {}", who(*s), c.pretty()))
                .collect();
            format!("Deal {round}, face up: {}.", dealt.join(", "))
        }
        Event::RoundBegins { round, seat } => {
            format!("Betting round {round}: {} speaks first.", who(*seat))
        }
        Event::ShowdownBegins { seat } => format!(
            "Showdown: everyone still in splits four cards into a head and a tail, {} first.",
            who(*seat)
        ),
        Event::SplitGiven { seat } => format!("{} has split.", who(*seat)),
        Event::Showdown {
            splits,
            results,
            big_tail,
            ..
        } => {
            let mut lines = vec!["Showdown:".to_string()];
            for s in splits {
                lines.push(format!(
                    "  {}: head [{}] {} / tail [{}] {}",
                    who(s.seat),
                    pair(&s.head),
                    hand_name(s.head_kind),
                    pair(&s.tail),
                    hand_name(s.tail_kind)
                ));
            }
            for r in results {
                lines.push(format!(
                    "  {} {} {}",
                    who(r.seat),
                    versus(r.result),
                    who(r.other)
                ));
            }
            lines.push(format!(
                "{} has the big tail (尾大吃皮): takes every ante and deals next.",
                who(*big_tail)
            ));
            lines.join("\n")
        }
        Event::WonWithoutShowdown { seat } => format!(
            "Everyone else is out: {} wins every contribution.",
            who(*seat)
        ),
        Event::MangoTaken { seat, amount } => format!(
            "{} has the highest tail and takes the mango pot: {amount}.",
            who(*seat)
        ),
        Event::HandOver {
            deltas, mango_pot, ..
        } => {
            let each: Vec<String> = deltas
                .iter()
                .enumerate()
                .filter(|(_, d)| **d != 0)
                .map(|(s, d)| format!("{} {}", who(s), signed(*d)))
                .collect();
            format!(
                "Hand over: {}. Mango pot: {mango_pot}.",
                if each.is_empty() {
                    "nobody won or lost".to_string()
                } else {
                    each.join(", ")
                }
            )
        }
    }
}

fn status_word(p: &PlayerView) -> &'static str {
    match p.status {
        Status::Active => "",
        Status::AllIn => " all-in",
        Status::Folded => " folded",
        Status::LaidDown => " laid down",
    }
}

fn raise_range(legal: &[Action]) -> Option<(u64, u64)> {
    let raises = legal.iter().filter_map(|a| match a {
        Action::Raise(n) => Some(*n),
        _ => None,
    });
    let min = raises.clone().min()?;
    Some((min, raises.max().unwrap_or(min)))
}

fn hand_actions(legal: &[TableAction]) -> Vec<Action> {
    legal
        .iter()
        .filter_map(|a| match a {
            TableAction::Hand(a) => Some(*a),
            TableAction::Leave => None,
        })
        .collect()
}

fn splits_of(legal: &[Action]) -> Vec<Split> {
    legal
        .iter()
        .filter_map(|a| match a {
            Action::Split(s) => Some(*s),
            _ => None,
        })
        .collect()
}

/// Reads a betting or split line into a hand action.
fn parse_hand_action(line: &str, view: &TableView, legal: &[Action]) -> Result<Action, String> {
    let lower = line.trim().to_lowercase();
    let mut words = lower.split_whitespace();
    let first = words.next().unwrap_or("");
    let rest: Vec<&str> = words.collect();
    let splits = splits_of(legal);
    if !splits.is_empty() {
        if let Ok(n) = first.parse::<usize>() {
            if rest.is_empty() {
                return splits
                    .get(n.wrapping_sub(1))
                    .map(|s| Action::Split(*s))
                    .ok_or_else(|| format!("pick a split from 1 to {}", splits.len()));
            }
        }
        return parse_split(line, view, &splits);
    }
    let action = match first {
        "r" | "raise" | "大" => {
            let n: u64 = rest
                .first()
                .and_then(|w| w.parse().ok())
                .ok_or("say how much to raise by: `raise 20`")?;
            Action::Raise(n)
        }
        "c" | "call" | "跟" => Action::Call,
        "a" | "all" | "allin" | "all-in" | "敲" => Action::AllIn,
        "k" | "check" | "休" => Action::Check,
        "f" | "fold" | "丢" => Action::Fold,
        "s" | "sanhua" | "三花" => Action::Sanhua,
        _ => return Err("not a command: try raise N, call, all, check, fold or help".into()),
    };
    if legal.contains(&action) {
        return Ok(action);
    }
    // Why not, in the engine's words: the hand checks it against the rules.
    Err(match view.hand.viewer {
        Some(_) => match action {
            Action::Raise(n) => match raise_range(legal) {
                Some((lo, hi)) if n < lo || n > hi => format!(
                    "a raise here is at least {} (the ante) and at most what your bobo covers",
                    lo.min(view.hand.ante)
                ),
                _ => format!("you cannot raise by {n} now"),
            },
            Action::Call => "there is nothing to call, or your bobo does not cover it".into(),
            Action::Check => "you cannot check: someone raised; call, go all-in or fold".into(),
            Action::Sanhua => "三花 is laid down only in round 3, with 三花十 or 三花六".into(),
            _ => "that is not open to you now".into(),
        },
        None => "you are not in this hand".into(),
    })
}

/// `QH QD` (your head), `head QH QD`, or `tail 3H BJ`: the other two cards
/// make the other pair.
fn parse_split(line: &str, view: &TableView, splits: &[Split]) -> Result<Action, String> {
    let lower = line.trim().to_lowercase();
    let (is_tail, cards_text) = if let Some(r) = lower.strip_prefix("tail") {
        (true, r)
    } else if let Some(r) = lower.strip_prefix("尾") {
        (true, r)
    } else if let Some(r) = lower.strip_prefix("head") {
        (false, r)
    } else if let Some(r) = lower.strip_prefix("头") {
        (false, r)
    } else if let Some(r) = lower.strip_prefix("split") {
        (false, r)
    } else {
        (false, lower.as_str())
    };
    let mine = view.hand.my_cards();
    let picked = pick_cards(cards_text, &mine)?;
    let others: Vec<Card> = {
        let mut left = mine.clone();
        for c in &picked {
            if let Some(i) = left.iter().position(|x| x == c) {
                left.remove(i);
            }
        }
        left
    };
    let (head, tail) = if is_tail {
        ([others[0], others[1]], picked)
    } else {
        (picked, [others[0], others[1]])
    };
    let wanted = Split { head, tail };
    let same = |s: &Split| {
        let eq = |a: [Card; 2], b: [Card; 2]| (a == b) || (a[0] == b[1] && a[1] == b[0]);
        eq(s.head, wanted.head) && eq(s.tail, wanted.tail)
    };
    match splits.iter().find(|s| same(s)) {
        Some(s) => Ok(Action::Split(*s)),
        None => Err(format!(
            "the head may not be lower than the tail: [{}] is {}, [{}] is {}. Swap them (`tail {}`)",
            pair(&head),
            hand_name(evaluate(head[0], head[1])),
            pair(&tail),
            hand_name(evaluate(tail[0], tail[1])),
            head.iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        )),
    }
}

/// Two of `mine`, named in friendly notation (`qh qd`, `Q♥ Q♦`, `大王`).
fn pick_cards(text: &str, mine: &[Card]) -> Result<[Card; 2], String> {
    let specs = parse_friendly(text.trim()).map_err(|e| e.to_string())?;
    let out = resolve_in_hand(&specs, mine)
        .map_err(|_| format!("{} is not two of your cards", text.trim()))?;
    match out.as_slice() {
        [a, b] => Ok([*a, *b]),
        _ => Err("name the two cards of one pair, e.g. `QH QD` (your head)".into()),
    }
}

impl TerminalGame for ChexuanTable {
    fn welcome(options: &PlayOptions, seats: usize, balance: i64) -> String {
        let rules: ChexuanRules = serde_json::from_value(options.rules.clone()).unwrap_or_default();
        let bobo = options.buy_in.unwrap_or(rules.min_bobo());
        format!(
            "扯旋 Chexuan: you and {} AI players, ante {}, your bobo (簸簸) {bobo}. \
             Your balance: {balance} chips. Type `help` for the commands.",
            seats - 1,
            rules.ante
        )
    }

    fn help() -> &'static str {
        "Betting: `raise N` (大, by at least the ante), `call` (跟), `all` (敲, all-in), \
         `check` (休), `fold` (丢), `sanhua` (三花, round 3).\n\
         Showdown: type the two cards of your head (`QH QD`), or `tail 3H BJ`, or the \
         number of a split shown; the head may not be lower than the tail.\n\
         Also: `hint`, `auto` (the AI plays this move), `table`, `hand`, `leave` (the table \
         closes after this hand and the mango pot is shared)."
    }

    fn event_line(event: &SessionEvent, me: Seat) -> String {
        match event {
            SessionEvent::HandBegins {
                hand,
                dealer,
                bobo,
                mango_pot,
                playing,
                ..
            } => {
                let stacks: Vec<String> = playing
                    .iter()
                    .map(|&s| format!("{} {}", seat(s, me), bobo[s]))
                    .collect();
                format!(
                    "\n— Hand {hand}: {} deals. Bobos: {}. Mango pot: {mango_pot}.",
                    seat(*dealer, me),
                    stacks.join(", ")
                )
            }
            SessionEvent::Hand { event } => hand_event_line(event, me),
            SessionEvent::HandEnded { .. } => String::new(),
            SessionEvent::Left { seat: s } => format!("{} leaves the table.", seat(*s, me)),
            SessionEvent::SitsOut { seat: s, stack } => format!(
                "{} has {stack} left, below the smallest bobo, and sits out.",
                seat(*s, me)
            ),
            SessionEvent::Closed { mango_shares, .. } => {
                let shares: Vec<String> = mango_shares
                    .iter()
                    .enumerate()
                    .filter(|(_, v)| **v > 0)
                    .map(|(s, v)| format!("{} {v}", seat(s, me)))
                    .collect();
                if shares.is_empty() {
                    "The table closes; the mango pot is empty.".into()
                } else {
                    format!(
                        "The table closes; the mango pot is shared: {}.",
                        shares.join(", ")
                    )
                }
            }
        }
    }

    fn result_line(outcome: &Outcome, me: Seat) -> String {
        let hands = outcome
            .detail
            .get("hands")
            .and_then(|v| v.as_u64())
            .unwrap_or(0);
        let each: Vec<String> = outcome
            .deltas
            .iter()
            .enumerate()
            .map(|(s, d)| format!("{} {}", seat(s, me), signed(*d)))
            .collect();
        format!("After {hands} hands: {}.", each.join(", "))
    }

    fn table_lines(view: &TableView, me: Seat) -> String {
        let hand = &view.hand;
        let stage = match hand.stage {
            Stage::Betting { round } => format!("betting round {round}"),
            Stage::Showdown => "showdown".into(),
            Stage::Finished => "over".into(),
        };
        let mut out = vec![format!(
            "Hand {} ({stage}), {} deals. Mango pot (芒果): {} after {} mangos. Highest in: {}.",
            view.hand_number,
            seat(view.table_seat(hand.dealer), me),
            view.mango_pot,
            view.mango_count,
            hand.highest
        )];
        for p in &hand.players {
            let s = view.table_seat(p.seat);
            let hidden = match &p.hidden {
                Some(h) if s == me => format!("[{}]", pair(h)),
                Some(h) => format!("[{}]", pair(h)),
                None => "[? ?]".repeat(usize::from(p.hidden_count > 0)),
            };
            out.push(format!(
                "  {}: stack {}, in {}, left {}{} — {} {}",
                seat(s, me),
                view.stacks[s],
                p.contribution,
                p.left,
                status_word(p),
                hidden,
                pair(&p.open)
            ));
        }
        for s in 0..view.stacks.len() {
            if !view.playing.contains(&s) {
                let why = if view.left[s] { "left" } else { "sits out" };
                out.push(format!(
                    "  {}: stack {} ({why})",
                    seat(s, me),
                    view.stacks[s]
                ));
            }
        }
        out.join("\n")
    }

    fn hand_line(view: &TableView) -> String {
        let cards = view.hand.my_cards();
        if cards.is_empty() {
            return String::new();
        }
        let mut line = format!("Your cards: {}", pair(&cards));
        if cards.len() == 2 {
            line.push_str(&format!(" ({})", hand_name(evaluate(cards[0], cards[1]))));
        }
        line
    }

    fn options_line(legal: &[TableAction]) -> String {
        let legal = hand_actions(legal);
        let splits = splits_of(&legal);
        if !splits.is_empty() {
            let mut lines = vec!["Split your four cards (head ≥ tail):".to_string()];
            for (i, s) in splits.iter().enumerate() {
                lines.push(format!("  {}: {}", i + 1, split_text(s)));
            }
            return lines.join("\n");
        }
        let mut opts = Vec::new();
        if let Some((lo, _)) = raise_range(&legal) {
            opts.push(format!(
                "raise N (大, N ≥ {lo}, up to what your bobo covers)"
            ));
        }
        for (a, word) in [
            (Action::Call, "call (跟)"),
            (Action::AllIn, "all (敲)"),
            (Action::Check, "check (休)"),
            (Action::Fold, "fold (丢)"),
            (Action::Sanhua, "sanhua (三花)"),
        ] {
            if legal.contains(&a) {
                opts.push(word.to_string());
            }
        }
        format!("You may: {}.", opts.join(", "))
    }

    fn action_label(action: &TableAction) -> String {
        match action {
            TableAction::Leave => "leave".into(),
            TableAction::Hand(a) => match a {
                Action::Raise(n) => format!("raise {n} (大)"),
                Action::Call => "call (跟)".into(),
                Action::AllIn => "all-in (敲)".into(),
                Action::Check => "check (休)".into(),
                Action::Fold => "fold (丢)".into(),
                Action::Sanhua => "sanhua (三花)".into(),
                Action::Split(s) => split_text(s),
            },
        }
    }

    fn parse_input(
        line: &str,
        view: &TableView,
        legal: &[TableAction],
    ) -> Result<Input<TableAction>, String> {
        match line.trim().to_lowercase().as_str() {
            "" => return Ok(Input::Nothing),
            "help" | "?" => return Ok(Input::Help),
            "hint" => return Ok(Input::Hint),
            "auto" | "托管" => return Ok(Input::Auto),
            "table" | "t" => return Ok(Input::ShowTable),
            "hand" => return Ok(Input::ShowHand),
            "leave" | "quit" | "q" => return Ok(Input::Leave),
            _ => {}
        }
        let legal = hand_actions(legal);
        parse_hand_action(line, view, &legal).map(|a| Input::Act(TableAction::Hand(a)))
    }

    fn leave_confirm(_rules: &serde_json::Value) -> String {
        "Leave the table? The rest of this hand is played for you (check, else fold), \
         the table closes after it and the mango pot is shared among those still seated. \
         Type `leave` again to leave."
            .into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Game;
    use crate::table::chexuan::SessionDeal;

    fn table(seed: u64) -> ChexuanTable {
        let deal = SessionDeal {
            seed,
            dealer: 0,
            bobo: vec![200, 200, 200],
            ai: vec![false, true, true],
        };
        ChexuanTable::start(ChexuanRules::default(), 3, deal).unwrap()
    }

    #[test]
    fn betting_words_read_into_actions_and_refusals_say_why() {
        let t = table(3);
        let me = t.waiting_on()[0];
        let v = t.view(Some(me));
        let legal = t.legal_actions(me);
        let parse = |l: &str| ChexuanTable::parse_input(l, &v, &legal);
        assert_eq!(
            parse("raise 20"),
            Ok(Input::Act(TableAction::Hand(Action::Raise(20))))
        );
        assert_eq!(
            parse("大 10"),
            Ok(Input::Act(TableAction::Hand(Action::Raise(10))))
        );
        assert_eq!(
            parse("休"),
            Ok(Input::Act(TableAction::Hand(Action::Check)))
        );
        assert_eq!(
            parse("fold"),
            Ok(Input::Act(TableAction::Hand(Action::Fold)))
        );
        assert!(parse("raise 5").unwrap_err().contains("at least"));
        assert!(parse("sanhua").unwrap_err().contains("round 3"));
        assert!(parse("bet").is_err());
        let options = ChexuanTable::options_line(&legal);
        assert!(options.contains("raise N (大, N ≥ 10"), "{options}");
        assert!(options.contains("check (休)"), "{options}");
        let table_text = ChexuanTable::table_lines(&v, me);
        assert!(table_text.contains("Mango pot"), "{table_text}");
        assert!(ChexuanTable::hand_line(&v).starts_with("Your cards: "));
    }

    #[test]
    fn the_split_takes_the_head_pair_and_refuses_a_head_below_the_tail() {
        // Play to a showdown with everyone checking.
        let mut t = table(9);
        while !matches!(t.view(None).hand.stage, Stage::Showdown) {
            let s = t.waiting_on()[0];
            let legal = t.legal_actions(s);
            let a = if legal.contains(&TableAction::Hand(Action::Check)) {
                TableAction::Hand(Action::Check)
            } else {
                TableAction::Hand(Action::Call)
            };
            t.apply(s, &a).unwrap();
        }
        let me = t.waiting_on()[0];
        let v = t.view(Some(me));
        let legal = t.legal_actions(me);
        let options = ChexuanTable::options_line(&legal);
        assert!(options.contains("1: head ["), "{options}");
        let splits = splits_of(&hand_actions(&legal));
        let best = splits[0];
        let head = format!("{} {}", best.head[0], best.head[1]);
        assert_eq!(
            ChexuanTable::parse_input(&head, &v, &legal),
            Ok(Input::Act(TableAction::Hand(Action::Split(best))))
        );
        assert_eq!(
            ChexuanTable::parse_input("1", &v, &legal),
            Ok(Input::Act(TableAction::Hand(Action::Split(splits[0]))))
        );
        // Naming the tail as the head is refused when it would put the
        // higher pair in the tail.
        let strict = splits
            .iter()
            .find(|s| s.head_kind().compare(s.tail_kind()).is_gt());
        if let Some(s) = strict {
            let wrong = format!("{} {}", s.tail[0], s.tail[1]);
            let why = ChexuanTable::parse_input(&wrong, &v, &legal).unwrap_err();
            assert!(why.contains("may not be lower"), "{why}");
        }
        assert!(ChexuanTable::parse_input("QS QC", &v, &legal).is_err());
    }
}
