//! Duan Guozi in the terminal: each round's hands shown with their names
//! (both languages) and 道, the winner and the pot, the dealer's prompt
//! (Enter deals), and the game's net 道 when the pot is empty.

use crate::games::duan_guozi::{Action, DuanGuozi, Event, Rules, View};
use crate::games::Seat;
use crate::hosts::duan_guozi::words;
use crate::i18n::events::signed;
use crate::i18n::{tr, tr_args, Lang};
use crate::registry::{players, Hosted, PlayBase, PlaySetup, Refusal, StakeFlag};
use crate::table::GameResult;
use crate::terminal::text;
use crate::terminal::{Input, PlayOptions, TerminalGame};

/// Each seat's figure, `You +3, AI 2 -5, …`.
fn per_seat(lang: Lang, values: &[i64], me: Seat) -> String {
    let names = text::names(lang, values.len(), me);
    let each: Vec<String> = values
        .iter()
        .enumerate()
        .map(|(s, v)| format!("{} {}", names[s], signed(*v)))
        .collect();
    crate::i18n::list(lang, &each)
}

/// The lines of one event, as on Discord; a dealt round's header says how
/// many cards are left and its hands are indented under it.
pub fn event_lines(lang: Lang, event: &Event, me: Seat) -> String {
    let names = text::names(lang, text::MAX_SEATS, me);
    let seats = text::seats(&names, me);
    let mut lines = words::dg_event_lines(lang, &seats, event);
    if let Event::RoundDealt { cards_left, .. } = event {
        if let Some(head) = lines.first_mut() {
            let left = tr_args(
                lang,
                "dg-cards-left",
                &[("count", (*cards_left as i64).into())],
            );
            *head = tr_args(
                lang,
                "term-dg-round",
                &[("round", head.clone().into()), ("left", left.into())],
            );
        }
        for hand in lines.iter_mut().skip(1) {
            hand.insert_str(0, "  ");
        }
    }
    lines.join("\n")
}

/// `paiju play duan-guozi`'s own flags.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct Flags {
    // `--stake`: chips per 道 (unless the rules set chips_per_dao).
    #[command(flatten)]
    pub stake: StakeFlag,
    /// Players at the table, you included: 2 to 12 (default 4).
    #[arg(long)]
    pub players: Option<usize>,
    /// 道 each player antes into the pot (default 10, or 20 at 4 players or fewer).
    #[arg(long)]
    pub ante: Option<u32>,
    /// The 全拿 house rule, as the seed's example: with 4 道 or fewer in the
    /// pot, a hand worth 3 道 or more takes it all.
    #[arg(long)]
    pub sweep: bool,
}

impl Hosted for DuanGuozi {
    type Flags = Flags;
    const PLAY_ABOUT: &'static str = "端锅子 Duan Guozi: you and AI seats around one pot";

    /// 2 to 12 players (4 by default), `--ante` in 道 and the `--sweep`
    /// house rule.
    fn play_setup(flags: &Flags, base: &PlayBase) -> Result<PlaySetup, Refusal> {
        use crate::games::duan_guozi::rules::{MAX_SEATS, MIN_SEATS};
        let mut rules = base.rules.clone();
        if let Some(ante) = flags.ante {
            rules.insert("ante".into(), serde_json::json!(ante));
        }
        if flags.sweep {
            rules.insert("sweep".into(), serde_json::json!([4, 3]));
        }
        let players = players::<Self>(flags.players, 4, MIN_SEATS..=MAX_SEATS)?;
        Ok(PlaySetup::seats(
            rules,
            players,
            flags.stake.or_default(base),
        ))
    }
}

impl TerminalGame for DuanGuozi {
    fn welcome(lang: Lang, options: &PlayOptions, seats: usize, balance: i64) -> String {
        let rules: Rules = serde_json::from_value(options.rules.clone()).unwrap_or_default();
        let per_dao = rules
            .chips_per_dao
            .and_then(|c| i64::try_from(c).ok())
            .unwrap_or(options.stake);
        tr_args(
            lang,
            "term-dg-welcome",
            &[
                ("ai", (seats.saturating_sub(1) as i64).into()),
                ("ante", i64::from(rules.ante_for(seats)).into()),
                ("chips", per_dao.into()),
                ("balance", balance.into()),
            ],
        )
    }

    fn help(lang: Lang) -> String {
        tr(lang, "term-dg-help")
    }

    fn event_line(lang: Lang, event: &Event, me: Seat) -> String {
        event_lines(lang, event, me)
    }

    fn result_line(lang: Lang, result: &GameResult<Self>, me: Seat) -> String {
        match &result.outcome {
            None => tr(lang, "dg-result-closed"),
            Some(outcome) => tr_args(
                lang,
                "term-dg-result",
                &[("deltas", per_seat(lang, &outcome.deltas, me).into())],
            ),
        }
    }

    fn table_lines(lang: Lang, view: &View, me: Seat) -> String {
        // The last round was shown as it was dealt; this is the pot now.
        let mut out = tr_args(
            lang,
            "term-dg-table",
            &[
                ("pot", i64::from(view.pot).into()),
                ("start", i64::from(view.pot_start).into()),
                ("rounds", (view.rounds_played as i64).into()),
                ("left", (view.cards_left as i64).into()),
                ("player", text::seat_name(lang, view.dealer, me).into()),
            ],
        );
        if view.rounds_played > 0 {
            out.push('\n');
            out.push_str(&tr_args(
                lang,
                "term-dg-standing",
                &[("line", per_seat(lang, &view.deltas, me).into())],
            ));
        }
        out
    }

    /// Duan Guozi keeps no hand between rounds: every hand is in the round.
    fn hand_line(_lang: Lang, _view: &View) -> String {
        String::new()
    }

    fn options_line(lang: Lang, _view: &Self::View, legal: &[Action]) -> String {
        if legal.contains(&Action::Deal) {
            tr(lang, "term-dg-you-deal")
        } else {
            String::new()
        }
    }

    fn action_label(lang: Lang, action: &Action) -> String {
        match action {
            Action::Deal => tr(lang, "term-dg-deal"),
        }
    }

    fn parse_input(
        lang: Lang,
        line: &str,
        _view: &View,
        _legal: &[Action],
    ) -> Result<Input<Action>, String> {
        match line.trim().to_lowercase().as_str() {
            "" | "deal" | "d" | "发牌" => Ok(Input::Act(Action::Deal)),
            // Duan Guozi keeps no hand: the pot and the last round are it.
            "hand" | "手牌" => Ok(Input::ShowTable),
            _ => crate::terminal::command(line).ok_or_else(|| tr(lang, "term-dg-not-a-command")),
        }
    }

    fn leave_confirm(lang: Lang, _rules: &serde_json::Value) -> String {
        tr(lang, "term-dg-leave-confirm")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Game;
    use rand::SeedableRng;

    #[test]
    fn a_round_shows_every_hand_with_its_names_and_dao() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        let mut g = DuanGuozi::deal(Rules::default(), 3, &mut rng).unwrap();
        let dealer = g.waiting_on()[0];
        let events = g.apply(dealer, &Action::Deal).unwrap();
        let lines: Vec<String> = events
            .iter()
            .map(|e| DuanGuozi::event_line(Lang::EnUs, e, 0))
            .collect();
        let all = lines.join("\n");
        assert!(all.contains("--- Round 1"), "{all}");
        assert_eq!(all.matches(" dao)").count(), 3, "{all}");
        assert!(all.contains("\n  You: "), "{all}");
        let table = DuanGuozi::table_lines(Lang::EnUs, &g.view(Some(0)), 0);
        assert!(table.contains("Pot: "), "{table}");
        let zh: Vec<String> = events
            .iter()
            .map(|e| DuanGuozi::event_line(Lang::ZhCn, e, 0))
            .collect();
        let zh = zh.join("\n");
        assert!(zh.contains("--- 第 1 轮"), "{zh}");
        assert_eq!(zh.matches(" 道）").count(), 3, "{zh}");
        assert!(zh.contains("\n  你："), "{zh}");
    }

    #[test]
    fn enter_deals_and_nonsense_is_refused() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        let g = DuanGuozi::deal(Rules::default(), 2, &mut rng).unwrap();
        let v = g.view(Some(0));
        let parse = |l: &str| DuanGuozi::parse_input(Lang::EnUs, l, &v, &[Action::Deal]);
        assert_eq!(parse(""), Ok(Input::Act(Action::Deal)));
        assert_eq!(parse("发牌"), Ok(Input::Act(Action::Deal)));
        assert_eq!(parse("Deal"), Ok(Input::Act(Action::Deal)));
        assert_eq!(parse("?"), Ok(Input::Help));
        assert!(parse("QH 8S").is_err());
    }
}
