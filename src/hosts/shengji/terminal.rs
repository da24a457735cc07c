//! Shengji in the terminal (`paiju play shengji [--decks N]`): the person
//! and three AI seats (the person's partner sits opposite), a match of
//! hands at one table. The hand is shown grouped by play suit, trumps
//! first; the hand is seen growing while the cards arrive (a line a batch:
//! what it brought, then the hand), declarations are offered meanwhile
//! (`declare 7H`, `pass`), the banker buries (`bury …`), and plays are typed as cards
//! (`7H 7H`, `TS TS 9S 9S`, `10♠`, `大王`) or asked of the AI (`hint`).
//! The table lines — levels, banker, trump, trick, points — come before
//! every decision. Also the registry's
//! [`Registered`](crate::registry::Registered) and [`Hosted`] impls.

use super::words::{hand_lines, result_lines, table_lines, typed_action};
use crate::games::shengji::{Action, DealingView, ShengjiRules, ShengjiTable, TableAction};
use crate::games::Seat;
use crate::i18n::events::Seats;
use crate::i18n::{render_cards, tr, tr_args, Lang};
use crate::message::Arg;
use crate::registry::{players, AiFlag, Hosted, PlayBase, PlaySetup, Refusal, StakeFlag};
use crate::table::GameResult;
use crate::terminal::{text, Input, PlayOptions, TerminalGame};

/// `paiju play shengji`'s own flags.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct Flags {
    #[command(flatten)]
    pub stake: StakeFlag,
    /// Players at the table, you included: 4 (the only count).
    #[arg(long)]
    pub players: Option<usize>,
    /// The decks, 1 to 4 (default 2; the same as `"decks": N` in --rules).
    #[arg(long)]
    pub decks: Option<u8>,
    #[command(flatten)]
    pub ai: AiFlag,
}

impl Hosted for ShengjiTable {
    type Flags = Flags;
    const PLAY_ABOUT: &'static str = "升级 Shengji: you, your AI partner and two AI opponents";

    /// Four players: the person and three AI seats; `--decks N` is the
    /// rules' `decks`.
    fn play_setup(flags: &Flags, base: &PlayBase) -> Result<PlaySetup, Refusal> {
        let players = players::<Self>(flags.players, 4, 4..=4)?;
        let mut rules = base.rules.clone();
        if let Some(decks) = flags.decks {
            if !(1..=4).contains(&decks) {
                return Err(Refusal::new(crate::keys::TERM_ERR_SHENGJI_DECKS)
                    .arg("decks", Arg::Int(i64::from(decks))));
            }
            rules.insert("decks".into(), serde_json::json!(decks));
        }
        flags.ai.into_rules(&mut rules);
        Ok(PlaySetup::seats(
            rules,
            players,
            flags.stake.or_default(base),
        ))
    }
}

/// "You" and the computer's seats as players read them, numbered from 1
/// like the teams ("seats 1 + 3 against seats 2 + 4"): your partner is AI 3.
fn names(lang: Lang, me: Seat) -> Vec<String> {
    (0..4)
        .map(|s| {
            if s == me {
                tr(lang, "term-you")
            } else {
                tr_args(lang, "table-ai-name", &[("number", (s as i64 + 1).into())])
            }
        })
        .collect()
}

impl TerminalGame for ShengjiTable {
    fn welcome(lang: Lang, options: &PlayOptions, _seats: usize, balance: i64) -> String {
        let rules: ShengjiRules = serde_json::from_value(options.rules.clone()).unwrap_or_default();
        tr_args(
            lang,
            "term-sj-welcome",
            &[
                ("stake", options.stake.into()),
                ("balance", balance.into()),
                ("decks", i64::from(rules.decks).into()),
            ],
        )
    }

    fn help(lang: Lang) -> String {
        tr(lang, "term-sj-help")
    }

    /// The hand's end is said by [`TerminalGame::result_line`].
    fn event_line(lang: Lang, event: &crate::games::shengji::Event, me: Seat) -> String {
        if matches!(event, crate::games::shengji::Event::HandOver { .. }) {
            return String::new();
        }
        let names = names(lang, me);
        super::words::event_line(lang, &Seats::new(&names, Some(me)), event)
    }

    /// A batch of the deal: what it brought the person is in their view.
    fn event_needs_view(event: &crate::games::shengji::Event, _me: Seat) -> bool {
        matches!(event, crate::games::shengji::Event::Dealt { .. })
    }

    /// The hand growing while the cards are dealt, one line a batch: the
    /// cards just dealt, then the hand by play suit (issue #36: the deal
    /// was silent in the terminal, while the DM on Discord grows).
    fn event_line_seen(
        lang: Lang,
        event: &crate::games::shengji::Event,
        view: &DealingView,
        me: Seat,
    ) -> String {
        match event {
            crate::games::shengji::Event::Dealt {
                before,
                dealt,
                total,
            } => super::words::dealt_line(lang, &view.hand, *before, *dealt, *total)
                .unwrap_or_default(),
            _ => Self::event_line(lang, event, me),
        }
    }

    fn result_line(lang: Lang, result: &GameResult<Self>, me: Seat) -> String {
        let names = names(lang, me);
        match &result.outcome {
            Some(o) => format!(
                "\n{}",
                result_lines(lang, &Seats::new(&names, Some(me)), o).join("\n")
            ),
            None => String::new(),
        }
    }

    /// The kitty the banker buried, shown to all once the hand is over.
    fn revealed_at_end(lang: Lang, view: &DealingView) -> String {
        match (&view.hand.stage, &view.hand.kitty) {
            (crate::games::shengji::Stage::Finished, Some(kitty)) if !kitty.is_empty() => tr_args(
                lang,
                "shengji-kitty-shown",
                &[("cards", render_cards(lang, kitty).into())],
            ),
            _ => String::new(),
        }
    }

    fn table_lines(lang: Lang, view: &DealingView, me: Seat) -> String {
        let names = names(lang, me);
        table_lines(lang, &Seats::new(&names, Some(me)), view).join("\n")
    }

    /// The hand by play suit; the kitty too while the banker buries.
    fn hand_line(lang: Lang, view: &DealingView) -> String {
        let mut lines = vec![tr_args(
            lang,
            "term-sj-hand",
            &[("count", (view.hand.hand.len() as i64).into())],
        )];
        lines.extend(
            hand_lines(lang, &view.hand)
                .into_iter()
                .map(|l| format!("  {l}")),
        );
        let counter = super::words::counter_lines(lang, &view.hand);
        for (i, line) in counter.into_iter().enumerate() {
            lines.push(if i == 0 { line } else { format!("  {line}") });
        }
        if view.hand.stage == crate::games::shengji::Stage::Declaring {
            if let Some(kitty) = &view.hand.kitty {
                lines.push(tr_args(
                    lang,
                    "term-sj-kitty",
                    &[("cards", render_cards(lang, kitty).into())],
                ));
            }
        }
        lines.join("\n")
    }

    fn options_line(lang: Lang, _view: &Self::View, legal: &[TableAction]) -> String {
        let declarations: Vec<String> = legal
            .iter()
            .filter_map(|a| match a {
                TableAction::Hand(Action::Declare { cards, .. }) => Some(render_cards(lang, cards)),
                _ => None,
            })
            .collect();
        if !declarations.is_empty() {
            return tr_args(
                lang,
                "term-sj-may-declare",
                &[("options", declarations.join(" / ").into())],
            );
        }
        match legal.first() {
            Some(TableAction::Hand(Action::Bury(cards))) => tr_args(
                lang,
                "term-sj-bury-now",
                &[("count", (cards.len() as i64).into())],
            ),
            _ => tr(lang, "term-sj-play-now"),
        }
    }

    fn action_label(lang: Lang, action: &TableAction) -> String {
        match action {
            TableAction::Hand(Action::Declare { cards, .. }) => tr_args(
                lang,
                "term-sj-label-declare",
                &[("cards", render_cards(lang, cards).into())],
            ),
            TableAction::Hand(Action::Bury(cards)) => tr_args(
                lang,
                "term-sj-label-bury",
                &[("cards", render_cards(lang, cards).into())],
            ),
            TableAction::Hand(Action::Play(cards)) => render_cards(lang, cards),
            TableAction::Pass => tr(lang, "term-sj-label-pass"),
            TableAction::Deal | TableAction::CloseWindow => String::new(),
        }
    }

    fn parse_input(
        lang: Lang,
        line: &str,
        view: &DealingView,
        legal: &[TableAction],
    ) -> Result<Input<TableAction>, String> {
        parse_input(lang, line, view, legal)
    }

    fn leave_confirm(lang: Lang, _rules: &serde_json::Value) -> String {
        tr(lang, "term-sj-leave-confirm")
    }

    /// Each ledger game is one hand of the match: "a new hand", the
    /// ledger's number apart (the table's header numbers the hand).
    fn started_line(lang: Lang, game: crate::table::GameId) -> String {
        text::started_as(lang, "term-sj-started", game)
    }

    fn seat_names(lang: Lang, me: Seat) -> Vec<String> {
        names(lang, me)
    }

    /// A table closes when its match is over (or the person left it): the
    /// next table is a new match.
    fn another_question(lang: Lang) -> String {
        tr(lang, "term-sj-new-match")
    }
}

/// Whether the seat is asked for a play (not a declaration or a burial).
fn playing(legal: &[TableAction]) -> bool {
    legal
        .iter()
        .any(|a| matches!(a, TableAction::Hand(Action::Play(_))))
}

/// Reads a line: the shared words, else `pass`, `declare …`, `bury …` or
/// cards (a declaration while declaring, a burial when burying, else a
/// play).
pub fn parse_input(
    lang: Lang,
    line: &str,
    view: &DealingView,
    legal: &[TableAction],
) -> Result<Input<TableAction>, String> {
    let line = line.trim();
    if line.is_empty() {
        return Ok(Input::Nothing);
    }
    // The shared words first (帮助, 代打, 逃跑 …, as the shared help lists
    // them), then this game's own short forms.
    if let Some(input) = crate::terminal::command(line) {
        return Ok(input);
    }
    Ok(match line.to_lowercase().as_str() {
        "h" => Input::Hint,
        "a" => Input::Auto,
        "t" => Input::ShowTable,
        // Bare ranks that fit more than one way (`kk` with spades and
        // hearts both legal): the player picks.
        _ if playing(legal) && super::words::ambiguous_plays(line, view).is_some() => {
            let plays = super::words::ambiguous_plays(line, view).unwrap_or_default();
            Input::Choose(
                plays
                    .into_iter()
                    .map(|cards| TableAction::Hand(Action::Play(cards)))
                    .collect(),
            )
        }
        _ => Input::Act(typed_action(line, view, legal).map_err(|e| e.text(lang))?),
    })
}
