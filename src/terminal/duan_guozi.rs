//! Duan Guozi in the terminal: each round's hands shown with their names
//! (both languages) and 道, the winner and the pot, the dealer's prompt
//! (Enter deals), and the game's net 道 when the pot is empty.

use super::text::{self, dgz};
use super::{Input, PlayOptions, TerminalGame};
use crate::games::duan_guozi::{Action, DuanGuozi, Event, HandKind, Rules, ShownHand, View};
use crate::games::{Outcome, Seat};

fn names(hand: &ShownHand) -> (String, String) {
    match HandKind::of(hand.cards[0], hand.cards[1]) {
        Some(kind) => (kind.name_zh(), kind.name_en()),
        None => (hand.hand.to_string(), hand.hand.to_string()),
    }
}

fn cards(hand: &ShownHand) -> String {
    format!("{} {}", hand.cards[0].pretty(), hand.cards[1].pretty())
}

/// Each seat's figure, `You +3, AI 1 −5, …`.
fn per_seat(values: &[i64], me: Seat) -> String {
    values
        .iter()
        .enumerate()
        .map(|(s, v)| {
            let sign = if *v > 0 { "+" } else { "" };
            format!("{} {sign}{v}", text::seat_name(s, me))
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The lines of a round: who deals, every hand in deal order.
pub fn round_lines(
    round: usize,
    dealer: Seat,
    hands: &[ShownHand],
    cards_left: usize,
    me: Seat,
) -> String {
    let mut out = vec![dgz::round_dealt(
        round,
        &text::seat_name(dealer, me),
        cards_left,
    )];
    for h in hands {
        let (zh, en) = names(h);
        out.push(dgz::hand(
            &text::seat_name(h.seat, me),
            &cards(h),
            &zh,
            &en,
            h.dao,
        ));
    }
    out.join("\n")
}

impl TerminalGame for DuanGuozi {
    fn welcome(options: &PlayOptions, seats: usize, balance: i64) -> String {
        let rules: Rules = serde_json::from_value(options.rules.clone()).unwrap_or_default();
        let per_dao = rules
            .chips_per_dao
            .and_then(|c| i64::try_from(c).ok())
            .unwrap_or(options.stake);
        dgz::welcome(seats, rules.ante_for(seats), per_dao, balance)
    }

    fn help() -> &'static str {
        dgz::help()
    }

    fn event_line(event: &Event, me: Seat) -> String {
        let who = |s: Seat| text::seat_name(s, me);
        match event {
            Event::Reshuffled { .. } => dgz::reshuffled().into(),
            Event::RoundDealt {
                round,
                dealer,
                hands,
                cards_left,
            } => round_lines(*round, *dealer, hands, *cards_left, me),
            Event::RoundWon {
                winner,
                hand,
                paid,
                swept,
                pot_after,
                ..
            } => dgz::won(&who(*winner), &names(hand).0, *paid, *swept, *pot_after),
            Event::AllBieShi { dealer, .. } => dgz::all_bie_shi(&who(*dealer)),
            Event::GameOver { .. } => dgz::game_over().into(),
        }
    }

    fn result_line(outcome: &Outcome, me: Seat) -> String {
        if outcome.detail.contains_key("table_closed") {
            dgz::closed_result().into()
        } else {
            dgz::result(&per_seat(&outcome.deltas, me))
        }
    }

    fn table_lines(view: &View, me: Seat) -> String {
        // The last round was shown as it was dealt; this is the pot now.
        let mut out = String::new();
        out.push_str(&dgz::table(
            view.pot,
            view.pot_start,
            &text::seat_name(view.dealer, me),
            view.cards_left,
            view.rounds_played,
        ));
        if view.rounds_played > 0 {
            out.push('\n');
            out.push_str(&dgz::standing(&per_seat(&view.deltas, me)));
        }
        out
    }

    /// Duan Guozi keeps no hand between rounds: every hand is in the round.
    fn hand_line(_view: &View) -> String {
        String::new()
    }

    fn options_line(legal: &[Action]) -> String {
        if legal.contains(&Action::Deal) {
            dgz::you_deal().into()
        } else {
            String::new()
        }
    }

    fn action_label(action: &Action) -> String {
        match action {
            Action::Deal => dgz::DEAL.into(),
        }
    }

    fn parse_input(line: &str, _view: &View, _legal: &[Action]) -> Result<Input<Action>, String> {
        match line.trim().to_lowercase().as_str() {
            "" | "deal" | "d" | "发牌" => Ok(Input::Act(Action::Deal)),
            "help" | "?" => Ok(Input::Help),
            "hint" | "h" => Ok(Input::Hint),
            "auto" | "a" | "托管" => Ok(Input::Auto),
            "table" | "t" | "hand" => Ok(Input::ShowTable),
            "leave" | "quit" => Ok(Input::Leave),
            _ => Err(dgz::NOT_A_COMMAND.into()),
        }
    }

    fn leave_confirm(_rules: &serde_json::Value) -> String {
        dgz::leave_confirm().into()
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
        let lines: Vec<String> = events.iter().map(|e| DuanGuozi::event_line(e, 0)).collect();
        let all = lines.join("\n");
        assert!(all.contains("Round 1"), "{all}");
        assert!(all.matches(" 道").count() >= 3, "{all}");
        assert!(all.contains("You "), "{all}");
        let table = DuanGuozi::table_lines(&g.view(Some(0)), 0);
        assert!(table.contains("Pot: "), "{table}");
    }

    #[test]
    fn enter_deals_and_nonsense_is_refused() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        let g = DuanGuozi::deal(Rules::default(), 2, &mut rng).unwrap();
        let v = g.view(Some(0));
        let parse = |l: &str| DuanGuozi::parse_input(l, &v, &[Action::Deal]);
        assert_eq!(parse(""), Ok(Input::Act(Action::Deal)));
        assert_eq!(parse("发牌"), Ok(Input::Act(Action::Deal)));
        assert_eq!(parse("Deal"), Ok(Input::Act(Action::Deal)));
        assert_eq!(parse("?"), Ok(Input::Help));
        assert!(parse("QH 8S").is_err());
    }
}
