//! Chexuan in the terminal: your face-down cards and everyone's face-up
//! cards, the stacks and what each has put in, the mango pot always on the
//! table line, the betting actions open now (大 raise with its range, 跟,
//! 敲, 休, 丢, 三花), the split (type the two cards of your head, or pick a
//! numbered split; a head lower than its tail is refused with the reason),
//! and every pairwise result at the showdown, hand after hand.

use crate::cards::{parse_friendly, resolve_in_hand, Card};
use crate::games::chexuan::action::BetWord;
use crate::games::chexuan::hands::{evaluate, Split};
use crate::games::chexuan::session::{ChexuanTable, SessionEvent, SessionView, TableAction};
use crate::games::chexuan::{Action, ChexuanRules};
use crate::games::Seat;
use crate::hosts::chexuan::words;
use crate::hosts::chexuan::words::cx_hand_name as hand_name;
use crate::i18n::events::{self, signed};
use crate::i18n::{self, tr, tr_args, Lang};
use crate::registry::{players, AiFlag, Hosted, PlayBase, PlaySetup, Refusal};
use crate::table::GameResult;
use crate::terminal::text;
use crate::terminal::{Input, PlayOptions, TerminalGame};

fn pair(lang: Lang, cards: &[Card]) -> String {
    events::cx_cards(lang, cards)
}

/// A split as an option: `Head Q♥ Q♦ Heaven pair (天牌) / tail …`.
fn split_text(lang: Lang, s: &Split) -> String {
    tr_args(
        lang,
        "chexuan-split-option",
        &[
            ("head", pair(lang, &s.head).into()),
            (
                "head-hand",
                hand_name(lang, evaluate(s.head[0], s.head[1])).into(),
            ),
            ("tail", pair(lang, &s.tail).into()),
            (
                "tail-hand",
                hand_name(lang, evaluate(s.tail[0], s.tail[1])).into(),
            ),
        ],
    )
}

fn raise_range(legal: &[Action]) -> Option<(u64, u64)> {
    let raises = legal.iter().filter_map(|a| match a {
        Action::Raise(n) => Some(*n),
        _ => None,
    });
    let min = raises.clone().min()?;
    Some((min, raises.max().unwrap_or(min)))
}

/// Between hands, asked to top up: the smallest and largest amount (the
/// table offers both ends; anything between is accepted).
fn top_up_range(legal: &[TableAction]) -> Option<(u64, u64)> {
    let amounts = legal.iter().filter_map(|a| match a {
        TableAction::TopUp(n) => Some(*n),
        _ => None,
    });
    Some((amounts.clone().min()?, amounts.max()?))
}

/// `topup N` / `补 N` (`topup` alone: the smallest amount); anything
/// else is refused with the choices.
fn parse_top_up(lang: Lang, line: &str, min: u64, max: u64) -> Result<TableAction, String> {
    let line = line.trim().to_lowercase();
    let rest = ["top up", "topup", "top-up", "补簸簸", "补"]
        .iter()
        .find_map(|w| line.strip_prefix(w));
    let options = || {
        tr_args(
            lang,
            "term-cx-top-up-options",
            &[("min", chips(min).into()), ("max", chips(max).into())],
        )
    };
    match rest.map(str::trim) {
        Some("") => Ok(TableAction::TopUp(min)),
        Some(n) => n
            .parse::<u64>()
            .map(TableAction::TopUp)
            .map_err(|_| options()),
        None => Err(options()),
    }
}

fn chips(v: u64) -> i64 {
    i64::try_from(v).unwrap_or(i64::MAX)
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
fn parse_hand_action(
    lang: Lang,
    line: &str,
    view: &SessionView,
    legal: &[Action],
) -> Result<Action, String> {
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
                    .ok_or_else(|| {
                        tr_args(
                            lang,
                            "term-cx-pick-split",
                            &[("count", (splits.len() as i64).into())],
                        )
                    });
            }
        }
        return parse_split(lang, line, view, &splits);
    }
    let action = match BetWord::read(first) {
        Some(BetWord::Raise) => {
            let n: u64 = rest
                .first()
                .and_then(|w| w.parse().ok())
                .ok_or_else(|| tr(lang, "term-cx-raise-how"))?;
            Action::Raise(n)
        }
        Some(BetWord::Bet(action)) => action,
        None => return Err(tr(lang, "term-cx-not-a-command")),
    };
    if legal.contains(&action) {
        return Ok(action);
    }
    // A raise is any amount the engine takes (from the ante up to what the
    // bobo covers), not only the preset sizes the menus offer.
    let seat_range = view.hand.viewer.and_then(|me| view.hand.raise_range(me));
    if let (Action::Raise(n), Some(range)) = (action, &seat_range) {
        if range.contains(&n) {
            return Ok(action);
        }
    }
    // Why not, in the engine's words: the hand checks it against the rules.
    Err(match view.hand.viewer {
        Some(_) => match action {
            Action::Raise(n) => {
                match seat_range.or_else(|| raise_range(legal).map(|(lo, hi)| lo..=hi)) {
                    Some(range) if !range.contains(&n) => tr_args(
                        lang,
                        "term-cx-raise-range",
                        &[("min", chips((*range.start()).min(view.hand.ante)).into())],
                    ),
                    _ => tr_args(lang, "term-cx-cannot-raise", &[("by", chips(n).into())]),
                }
            }
            Action::Call => tr(lang, "term-cx-cannot-call"),
            Action::Check => tr(lang, "chexuan-err-no-pass"),
            Action::Sanhua => tr(lang, "term-cx-cannot-sanhua"),
            _ => tr(lang, "term-cx-not-open"),
        },
        None => tr(lang, "term-cx-not-in-hand"),
    })
}

/// `QH QD` (your head), `head QH QD`, or `tail 3H BJ`: the other two cards
/// make the other pair.
fn parse_split(
    lang: Lang,
    line: &str,
    view: &SessionView,
    splits: &[Split],
) -> Result<Action, String> {
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
    let picked = pick_cards(lang, cards_text, &mine)?;
    let others: Vec<Card> = {
        let mut left = mine.clone();
        for c in &picked {
            if let Some(i) = left.iter().position(|x| x == c) {
                left.remove(i);
            }
        }
        left
    };
    let [a, b] = others[..] else {
        return Err(tr(lang, "term-cx-name-two"));
    };
    let (head, tail) = if is_tail {
        ([a, b], picked)
    } else {
        (picked, [a, b])
    };
    let wanted = Split { head, tail };
    let same = |s: &Split| {
        let eq = |a: [Card; 2], b: [Card; 2]| (a == b) || (a[0] == b[1] && a[1] == b[0]);
        eq(s.head, wanted.head) && eq(s.tail, wanted.tail)
    };
    match splits.iter().find(|s| same(s)) {
        Some(s) => Ok(Action::Split(*s)),
        None => Err(tr_args(
            lang,
            "term-cx-head-below-tail",
            &[
                ("head", pair(lang, &head).into()),
                (
                    "head-hand",
                    hand_name(lang, evaluate(head[0], head[1])).into(),
                ),
                ("tail", pair(lang, &tail).into()),
                (
                    "tail-hand",
                    hand_name(lang, evaluate(tail[0], tail[1])).into(),
                ),
                (
                    "typed",
                    head.iter()
                        .map(|c| c.to_string())
                        .collect::<Vec<_>>()
                        .join(" ")
                        .into(),
                ),
            ],
        )),
    }
}

/// Two of `mine`, named in friendly notation (`qh qd`, `Q♥ Q♦`, `大王`).
fn pick_cards(lang: Lang, text: &str, mine: &[Card]) -> Result<[Card; 2], String> {
    let specs = parse_friendly(text.trim()).map_err(|e| {
        let err = crate::games::RuleError::new(
            crate::games::ErrorCode::BadCard,
            crate::keys::ERR_BAD_CARD,
            e.to_string(),
        )
        .arg("card", text.trim());
        i18n::tr_rule_error(lang, &err)
    })?;
    let out = resolve_in_hand(&specs, mine).map_err(|_| {
        tr_args(
            lang,
            "term-cx-not-your-cards",
            &[("cards", text.trim().to_string().into())],
        )
    })?;
    match out.as_slice() {
        [a, b] => Ok([*a, *b]),
        _ => Err(tr(lang, "term-cx-name-two")),
    }
}

/// `paiju play chexuan`'s own flags. No `--stake`: Chexuan is played for
/// chips, its ante sets them.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct Flags {
    /// Players at the table, you included: 2 to 6 (default 3).
    #[arg(long)]
    pub players: Option<usize>,
    /// The ante (底皮) in chips. Default: the config file's `[stakes]` for
    /// Chexuan, else 10.
    #[arg(long)]
    pub ante: Option<u32>,
    /// The bobo (簸簸) you bring, from 20 antes to your balance (default 20
    /// antes).
    #[arg(long)]
    pub bobo: Option<u64>,
    #[command(flatten)]
    pub ai: AiFlag,
}

impl Hosted for ChexuanTable {
    type Flags = Flags;
    const PLAY_ABOUT: &'static str = "扯旋 Chexuan: you and AI seats, hand after hand, for chips";

    /// 2 to 6 players (3 by default), `--ante` in chips and the person's
    /// `--bobo`; the stake is 1 (the chips are the ante and the bets).
    fn play_setup(flags: &Flags, base: &PlayBase) -> Result<PlaySetup, Refusal> {
        use crate::games::chexuan::rules::{MAX_SEATS, MIN_SEATS};
        let mut rules = base.rules.clone();
        match flags.ante {
            Some(ante) => {
                rules.insert("ante".into(), serde_json::json!(ante));
            }
            // The config's Chexuan stake is its default ante, as for
            // `/chexuan start`.
            None if !rules.contains_key("ante") => {
                rules.insert("ante".into(), serde_json::json!(base.default_stake));
            }
            None => {}
        }
        flags.ai.into_rules(&mut rules);
        let players = players::<Self>(flags.players, 3, MIN_SEATS..=MAX_SEATS)?;
        Ok(PlaySetup {
            buy_in: flags.bobo,
            ..PlaySetup::seats(rules, players, 1)
        })
    }
}

impl TerminalGame for ChexuanTable {
    fn welcome(lang: Lang, options: &PlayOptions, seats: usize, balance: i64) -> String {
        let rules: ChexuanRules = serde_json::from_value(options.rules.clone()).unwrap_or_default();
        let bobo = options.buy_in.unwrap_or(rules.default_bobo(balance));
        tr_args(
            lang,
            "term-cx-welcome",
            &[
                ("ai", (seats.saturating_sub(1) as i64).into()),
                ("ante", chips(rules.ante).into()),
                ("bobo", chips(bobo).into()),
                ("balance", balance.into()),
            ],
        )
    }

    fn help(lang: Lang) -> String {
        tr(lang, "term-cx-help")
    }

    /// The Discord log's words, with "You" for the player's seat.
    fn event_line(lang: Lang, event: &SessionEvent, me: Seat) -> String {
        let names = text::names(lang, text::MAX_SEATS, me);
        let lines =
            words::cx_session_lines(lang, &text::seats(&names, me), std::slice::from_ref(event));
        match event {
            // A new hand stands apart from the last.
            SessionEvent::HandBegins { .. } => format!("\n{}", lines.join("\n")),
            _ => lines.join("\n"),
        }
    }

    fn result_line(lang: Lang, result: &GameResult<Self>, me: Seat) -> String {
        // A session always ends by its own close: it pays nothing on a
        // table's close of its own.
        let Some(outcome) = &result.outcome else {
            return String::new();
        };
        let hands = i64::from(outcome.hands);
        let names = text::names(lang, outcome.deltas.len(), me);
        let each: Vec<String> = outcome
            .deltas
            .iter()
            .enumerate()
            .map(|(s, d)| format!("{} {}", names[s], signed(*d)))
            .collect();
        tr_args(
            lang,
            "term-cx-result",
            &[
                ("hands", hands.into()),
                ("changes", crate::i18n::list(lang, &each).into()),
            ],
        )
    }

    fn table_lines(lang: Lang, view: &SessionView, me: Seat) -> String {
        let hand = &view.hand;
        let names = text::names(lang, view.stacks.len(), me);
        let seats = text::seats(&names, me);
        let mango = tr_args(
            lang,
            "chexuan-mango-pot",
            &[
                ("pot", chips(view.mango_pot).into()),
                ("count", i64::from(view.mango_count).into()),
            ],
        );
        let mut out = vec![seats.say(
            lang,
            "term-cx-table",
            view.table_seat(hand.dealer),
            vec![
                ("hand", i64::from(view.hand_number).into()),
                ("stage", words::cx_stage_line(lang, hand.stage).into()),
                ("mango", mango.into()),
                ("highest", chips(hand.highest).into()),
            ],
        )];
        for s in 0..view.stacks.len() {
            let line = words::cx_seat_line(lang, &seats, view, s);
            if !line.is_empty() {
                // A seat takes two lines (chips, then cards): each within
                // 80 columns.
                out.push(format!("  {}", line.replace('\n', "\n    ")));
            }
        }
        out.join("\n")
    }

    fn hand_line(lang: Lang, view: &SessionView) -> String {
        words::cx_your_cards(lang, view).unwrap_or_default()
    }

    fn options_line(lang: Lang, view: &SessionView, legal: &[TableAction]) -> String {
        if let Some((min, max)) = top_up_range(legal) {
            return tr_args(
                lang,
                "term-cx-top-up-options",
                &[("min", chips(min).into()), ("max", chips(max).into())],
            );
        }
        let legal = TableAction::hand_actions(legal);
        let splits = splits_of(&legal);
        if !splits.is_empty() {
            let mut lines = vec![tr(lang, "chexuan-split-choose")];
            for (i, s) in splits.iter().enumerate() {
                lines.push(format!("  {}: {}", i + 1, split_text(lang, s)));
            }
            return lines.join("\n");
        }
        let mut opts = Vec::new();
        if let Some((lo, _)) = raise_range(&legal) {
            opts.push(tr_args(
                lang,
                "term-cx-raise-option",
                &[("min", chips(lo).into())],
            ));
        }
        // Call says what it costs.
        if legal.contains(&Action::Call) {
            opts.push(words::cx_call_label(lang, &view.hand, view.hand.viewer));
        }
        for (a, key) in [
            (Action::AllIn, "chexuan-action-all-in"),
            (Action::Check, "chexuan-action-check"),
            (Action::Fold, "chexuan-action-fold"),
            (Action::Sanhua, "chexuan-action-sanhua"),
        ] {
            if legal.contains(&a) {
                opts.push(tr(lang, key));
            }
        }
        text::you_may(lang, &crate::i18n::list(lang, &opts))
    }

    fn action_label(lang: Lang, action: &TableAction) -> String {
        match action {
            TableAction::Leave | TableAction::TimedOut => tr(lang, "term-leave"),
            TableAction::TopUp(n) => {
                tr_args(lang, "chexuan-btn-top-up", &[("amount", chips(*n).into())])
            }
            TableAction::Hand(a) => match a {
                Action::Raise(n) => tr_args(lang, "chexuan-btn-raise", &[("by", chips(*n).into())]),
                Action::Call => tr(lang, "chexuan-action-call"),
                Action::AllIn => tr(lang, "chexuan-action-all-in"),
                Action::Check => tr(lang, "chexuan-action-check"),
                Action::Fold => tr(lang, "chexuan-action-fold"),
                Action::Sanhua => tr(lang, "chexuan-action-sanhua"),
                Action::Split(s) => split_text(lang, s),
            },
        }
    }

    /// A suggested 休 says what it costs when everyone checks (休芒), a
    /// suggested 丢 what it costs when everyone folds to the raise (皱芒),
    /// a suggested 跟 how much it puts in.
    fn hint_line(lang: Lang, view: &SessionView, action: &TableAction) -> String {
        let label = match action {
            TableAction::Hand(Action::Call) => {
                words::cx_call_label(lang, &view.hand, view.hand.viewer)
            }
            _ => Self::action_label(lang, action),
        };
        let hint = text::hint(lang, &label);
        let warning = match action {
            TableAction::Hand(Action::Check) => words::cx_xiu_warning(lang, view),
            TableAction::Hand(Action::Fold) => words::cx_zhou_warning(lang, view),
            _ => None,
        };
        match warning {
            Some(warning) => format!("{hint}\n{warning}"),
            None => hint,
        }
    }

    fn parse_input(
        lang: Lang,
        line: &str,
        view: &SessionView,
        legal: &[TableAction],
    ) -> Result<Input<TableAction>, String> {
        if line.trim().is_empty() {
            return Ok(Input::Nothing);
        }
        if let Some(input) = crate::terminal::command(line) {
            return Ok(input);
        }
        if let Some((min, max)) = top_up_range(legal) {
            return parse_top_up(lang, line, min, max).map(Input::Act);
        }
        let legal = TableAction::hand_actions(legal);
        parse_hand_action(lang, line, view, &legal).map(|a| Input::Act(TableAction::Hand(a)))
    }

    fn leave_confirm(lang: Lang, _rules: &serde_json::Value) -> String {
        tr(lang, "term-cx-leave-confirm")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::chexuan::session::SessionDeal;
    use crate::games::chexuan::view::Stage;
    use crate::games::Game;

    fn table(seed: u64) -> ChexuanTable {
        let deal = SessionDeal {
            seed,
            dealer: 0,
            bobo: vec![200, 200, 200],
            ai: vec![false, true, true],
            reserve: Vec::new(),
        };
        ChexuanTable::start(ChexuanRules::default(), 3, deal).unwrap()
    }

    #[test]
    fn betting_words_read_into_actions_and_refusals_say_why() {
        let t = table(3);
        let me = t.waiting_on()[0];
        let v = t.view(Some(me));
        let legal = t.legal_actions(me);
        let parse = |l: &str| ChexuanTable::parse_input(Lang::EnUs, l, &v, &legal);
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
        // Any raise the engine takes, not only the menus' preset sizes.
        for n in [15, 25, 30, 40] {
            assert_eq!(
                parse(&format!("raise {n}")),
                Ok(Input::Act(TableAction::Hand(Action::Raise(n)))),
                "raise {n}"
            );
            let mut game = t.clone();
            game.apply(me, &TableAction::Hand(Action::Raise(n)))
                .unwrap_or_else(|e| panic!("the engine refused raise {n}: {e}"));
        }
        assert!(parse("raise 200").unwrap_err().contains("at least"));
        assert!(parse("sanhua").unwrap_err().contains("round 3"));
        assert!(parse("bet").is_err());
        let options = ChexuanTable::options_line(Lang::EnUs, &v, &legal);
        assert!(options.contains("raise N (大, N from 10"), "{options}");
        assert!(options.contains("Check (休)"), "{options}");
        let table_text = ChexuanTable::table_lines(Lang::EnUs, &v, me);
        assert!(table_text.contains("Mango pot: "), "{table_text}");
        assert!(table_text.contains("\n  You — stack 200"), "{table_text}");
        let hand = ChexuanTable::hand_line(Lang::EnUs, &v);
        assert!(hand.starts_with("Your face-down cards: "), "{hand}");
        // The same in Chinese, refusals included.
        let zh = |l: &str| ChexuanTable::parse_input(Lang::ZhCn, l, &v, &legal);
        assert!(zh("raise 5").unwrap_err().contains("至少"));
        assert!(zh("bet").unwrap_err().contains("不是命令"));
        let options = ChexuanTable::options_line(Lang::ZhCn, &v, &legal);
        assert!(options.starts_with("你可以："), "{options}");
        assert!(ChexuanTable::hand_line(Lang::ZhCn, &v).starts_with("你的暗牌："));
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
        let options = ChexuanTable::options_line(Lang::EnUs, &v, &legal);
        assert!(options.contains("1: Head "), "{options}");
        let splits = splits_of(&TableAction::hand_actions(&legal));
        let best = splits[0];
        let head = format!("{} {}", best.head[0], best.head[1]);
        assert_eq!(
            ChexuanTable::parse_input(Lang::EnUs, &head, &v, &legal),
            Ok(Input::Act(TableAction::Hand(Action::Split(best))))
        );
        assert_eq!(
            ChexuanTable::parse_input(Lang::EnUs, "1", &v, &legal),
            Ok(Input::Act(TableAction::Hand(Action::Split(splits[0]))))
        );
        // Naming the tail as the head is refused when it would put the
        // higher pair in the tail.
        let strict = splits
            .iter()
            .find(|s| s.head_kind().compare(s.tail_kind()).is_gt());
        if let Some(s) = strict {
            let wrong = format!("{} {}", s.tail[0], s.tail[1]);
            let why = ChexuanTable::parse_input(Lang::EnUs, &wrong, &v, &legal).unwrap_err();
            assert!(why.contains("may not be lower"), "{why}");
        }
        assert!(ChexuanTable::parse_input(Lang::EnUs, "QS QC", &v, &legal).is_err());
    }
}
