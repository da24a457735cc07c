//! Dou Dizhu in the terminal: the hand sorted and grouped by rank, the
//! table line (landlord, cards left, the play to beat, the multiplier), the
//! game's events as sentences, and friendly input read into actions.

use super::text::{self, ddz};
use super::{PlayOptions, TerminalGame};
use crate::cards::Card;
use crate::games::dou_dizhu::{
    cardset::{rank_index, rank_name},
    parse_play, readings_among, Action, CardSet, DouDizhu, Event, PhaseName, View,
};
use crate::games::{Outcome, Seat};

/// What a line of input asks for.
pub type Input = super::Input<Action>;

impl TerminalGame for DouDizhu {
    fn welcome(options: &PlayOptions, _seats: usize, balance: i64) -> String {
        text::welcome(options.stake, balance)
    }

    fn help() -> &'static str {
        text::help()
    }

    fn event_line(event: &Event, me: Seat) -> String {
        event_line(event, me)
    }

    fn result_line(outcome: &Outcome, me: Seat) -> String {
        let d = &outcome.detail;
        if d.get("redeal").and_then(|v| v.as_bool()) == Some(true) {
            ddz::redealt_result().to_string()
        } else if let Some(landlord) = d.get("landlord").and_then(|v| v.as_u64()) {
            let landlord_won = d.get("winner").and_then(|v| v.as_str()) == Some("landlord");
            let multiplier = d.get("multiplier").and_then(|v| v.as_u64()).unwrap_or(1);
            let spring = d.get("spring").and_then(|v| v.as_bool()) == Some(true)
                || d.get("anti_spring").and_then(|v| v.as_bool()) == Some(true);
            ddz::result(landlord_won, landlord as usize == me, multiplier, spring)
        } else {
            ddz::escape_result().to_string()
        }
    }

    fn table_lines(view: &View, me: Seat) -> String {
        table_lines(view, me)
    }

    fn hand_line(view: &View) -> String {
        hand_line(view)
    }

    fn options_line(legal: &[Action]) -> String {
        options_line(legal)
    }

    fn action_label(action: &Action) -> String {
        action_label(action)
    }

    fn parse_input(line: &str, view: &View, legal: &[Action]) -> Result<Input, String> {
        if line.trim().is_empty() {
            return Ok(Input::Nothing);
        }
        parse_input(line, view, legal)
    }

    fn leave_confirm(rules: &serde_json::Value) -> String {
        let penalty = serde_json::from_value::<crate::games::dou_dizhu::Rules>(rules.clone())
            .map(|r| r.escape_penalty)
            .unwrap_or(10);
        text::leave_confirm(penalty)
    }
}

/// Cards grouped by rank, low to high: `[3♠ 3♥] [5♦] [7♠ 7♥ 7♣] [BJ]`.
pub fn grouped(cards: CardSet) -> String {
    let mut groups: Vec<Vec<Card>> = Vec::new();
    for card in cards.cards() {
        match groups.last_mut() {
            Some(g) if rank_index(g[0]) == rank_index(card) => g.push(card),
            _ => groups.push(vec![card]),
        }
    }
    groups
        .iter()
        .map(|g| {
            let inner: Vec<String> = g.iter().map(|c| c.pretty()).collect();
            format!("[{}]", inner.join(" "))
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Cards in a line, low to high: `3♠ 3♥ 5♦`.
pub fn flat(cards: CardSet) -> String {
    cards
        .cards()
        .iter()
        .map(|c| c.pretty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The table as `me` sees it.
pub fn table_lines(view: &View, me: Seat) -> String {
    let landlord = view
        .landlord
        .map(|s| text::seat_name(s, me))
        .unwrap_or_else(|| ddz::nobody().to_string());
    let counts = (0..view.players as usize)
        .map(|s| format!("{} {}", text::seat_name(s, me), view.cards_left[s]))
        .collect::<Vec<_>>()
        .join(", ");
    let standing = match &view.standing {
        _ if view.phase != PhaseName::Playing => ddz::not_yet().to_string(),
        Some(st) => ddz::to_beat(
            &text::seat_name(st.seat, me),
            &flat(st.cards),
            &st.combo.describe(),
        ),
        None => ddz::free_lead().to_string(),
    };
    let mut out = ddz::table(&landlord, &counts, &standing, view.factors.multiplier);
    if let Some(k) = view.kitty {
        out.push('\n');
        out.push_str(&ddz::kitty(&flat(k)));
    }
    if let Some(aside) = view.aside {
        out.push('\n');
        out.push_str(&ddz::aside(&flat(aside), view.handicap));
    }
    if let Some(w) = view.wild {
        out.push('\n');
        out.push_str(&ddz::wild(rank_name(w as usize)));
    }
    for (s, shown) in view.shown.iter().enumerate() {
        if let (Some(h), true) = (shown, s != me) {
            out.push('\n');
            out.push_str(&ddz::shown(&text::seat_name(s, me), &grouped(*h)));
        }
    }
    out
}

/// The seat's hand, grouped.
pub fn hand_line(view: &View) -> String {
    let hand = view.hand.unwrap_or_default();
    text::hand(&grouped(hand), hand.len())
}

/// How an action reads in a hint or a list of options.
pub fn action_label(action: &Action) -> String {
    match action {
        Action::Bid(n) => ddz::action_bid(*n),
        Action::Pass => ddz::PASS.into(),
        Action::Call => ddz::CALL.into(),
        Action::Rob => ddz::ROB.into(),
        Action::Kick => ddz::KICK.into(),
        Action::Counter => ddz::COUNTER.into(),
        Action::Double => ddz::DOUBLE.into(),
        Action::Show(_) => ddz::SHOW.into(),
        Action::Leave => ddz::LEAVE.into(),
        Action::Play {
            cards,
            reading,
            wild_as,
        } => {
            let text = ddz::action_play(&cards.ranks_text());
            if wild_as.is_empty() && reading.is_none() {
                text
            } else {
                let stands: Vec<&str> = wild_as.ranks().map(rank_name).collect();
                ddz::reading(&text, reading.map(|k| k.phrase()), &stands.join(" "))
            }
        }
        Action::Discard(cards) => ddz::action_discard(&cards.ranks_text()),
    }
}

/// The choices open now, in words (plays are summed up, not listed).
pub fn options_line(legal: &[Action]) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut plays = false;
    let mut discards = false;
    for a in legal {
        match a {
            Action::Play { .. } => plays = true,
            Action::Discard(_) => discards = true,
            Action::Leave => {}
            other => {
                let label = action_label(other);
                if !out.contains(&label) {
                    out.push(label);
                }
            }
        }
    }
    if plays {
        out.insert(0, ddz::PLAYS.into());
    }
    if discards {
        out.insert(0, ddz::DISCARDS.into());
    }
    text::you_may(&out.join(", "))
}

/// One game event as a sentence.
pub fn event_line(event: &Event, me: Seat) -> String {
    let who = |s: Seat| text::seat_name(s, me);
    match event {
        Event::Shown { seat, hand, .. } => ddz::shown(&who(*seat), &grouped(*hand)),
        Event::Bid { seat, bid } => ddz::bid(&who(*seat), *bid),
        Event::Called { seat } => ddz::called(&who(*seat)),
        Event::Robbed { seat } => ddz::robbed(&who(*seat)),
        Event::Kicked { seat } => ddz::kicked(&who(*seat)),
        Event::Countered { seat } => ddz::countered(&who(*seat)),
        Event::Doubled { seat } => ddz::doubled(&who(*seat)),
        Event::Passed { seat } => ddz::passed(&who(*seat)),
        Event::Discarded {
            seat,
            count,
            factor,
        } => ddz::discarded(&who(*seat), *count, *factor),
        Event::Landlord { seat, kitty, base } => ddz::landlord(&who(*seat), &flat(*kitty), *base),
        Event::Played {
            seat,
            cards,
            combo,
            cards_left,
        } => ddz::played(&who(*seat), &flat(*cards), &combo.describe(), *cards_left),
        Event::Lead { seat } => ddz::lead(&who(*seat)),
        Event::Redeal => ddz::redeal().into(),
        Event::Left { seat, penalty } => ddz::escaped(&who(*seat), *penalty),
        Event::Finished { .. } => String::new(),
    }
}

/// Reads one line of input against the seat's view and legal actions.
pub fn parse_input(line: &str, view: &View, legal: &[Action]) -> Result<Input, String> {
    let line = line.trim();
    let word = line.to_lowercase();
    let simple = match word.as_str() {
        "help" | "?" | "h?" => Some(Input::Help),
        "hint" | "h" | "提示" => Some(Input::Hint),
        "auto" | "a" | "托管" => Some(Input::Auto),
        "hand" => Some(Input::ShowHand),
        "table" | "t" => Some(Input::ShowTable),
        "leave" | "quit" | "逃跑" => Some(Input::Leave),
        "pass" | "p" | "no" | "不要" | "要不起" | "过" | "不叫" | "不抢" => {
            Some(Input::Act(Action::Pass))
        }
        "call" | "叫地主" => Some(Input::Act(Action::Call)),
        "rob" | "抢地主" => Some(Input::Act(Action::Rob)),
        "kick" | "踢" => Some(Input::Act(Action::Kick)),
        "counter" | "反踢" => Some(Input::Act(Action::Counter)),
        "double" | "加倍" => Some(Input::Act(Action::Double)),
        "show" | "明牌" => Some(Input::Act(Action::Show(None))),
        _ => None,
    };
    // In the discard phase (弃三张) typed cards are a discard, and passing
    // or `keep` discards nothing.
    if view.phase == PhaseName::Discarding {
        let keep = matches!(simple, Some(Input::Act(Action::Pass)))
            || matches!(word.as_str(), "keep" | "none" | "不弃");
        if keep {
            return Ok(Input::Act(Action::Discard(CardSet::default())));
        }
        if let Some(input) = simple {
            return Ok(input);
        }
        let hand = view.hand.unwrap_or_default().cards();
        return parse_play(line, &hand)
            .map(|cards| Input::Act(Action::Discard(CardSet::from_cards(&cards))))
            .map_err(|e| e.message);
    }
    if let Some(input) = simple {
        return Ok(input);
    }
    let bidding = view.phase == PhaseName::Bidding;
    let bid_text = word.strip_prefix("bid").map(str::trim).unwrap_or(&word);
    if bidding || word.starts_with("bid") {
        return match bid_text {
            "0" => Ok(Input::Act(Action::Pass)),
            "1" | "2" | "3" => Ok(Input::Act(Action::Bid(bid_text.as_bytes()[0] - b'0'))),
            _ => Err(ddz::BID_RANGE.into()),
        };
    }
    let hand = view.hand.unwrap_or_default().cards();
    match parse_play(line, &hand) {
        Ok(cards) if view.wild.is_some() => {
            // 癞子: the same cards may read several ways; offer the legal ones.
            let mut readings = readings_among(legal, CardSet::from_cards(&cards));
            match readings.len() {
                0 => Ok(Input::Act(Action::play(&cards))),
                1 => Ok(Input::Act(readings.remove(0))),
                _ => Ok(Input::Choose(readings)),
            }
        }
        Ok(cards) => Ok(Input::Act(Action::play(&cards))),
        Err(e) => {
            if legal.iter().any(|a| matches!(a, Action::Play { .. })) {
                Err(e.message)
            } else {
                Err(ddz::NOT_A_COMMAND.into())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::dou_dizhu::DouDizhu;
    use crate::games::Game;

    /// A wild game (5 wild) in which seat 0 is the landlord and leads.
    fn wild_landlord() -> DouDizhu {
        let deck: Vec<String> = CardSet::full_deck()
            .cards()
            .iter()
            .map(|c| c.to_string())
            .collect();
        // Rank-major order: seat 0 gets 3s, 4s, 5s (wild), 6s, 7s ….
        let deal = serde_json::json!({
            "hands": [deck[0..17], deck[17..34], deck[34..51]],
            "kitty": deck[51..54], "first": 0, "wild": "5"});
        let record = serde_json::json!({"game": "dou-dizhu", "rules": {"wild": true},
            "seats": 3, "deal": deal, "actions": []});
        let record = crate::record::Record::from_json(&record.to_string()).unwrap();
        let mut g = DouDizhu::from_record_setup(&record).unwrap();
        g.apply(0, &Action::Bid(3)).unwrap();
        g
    }

    #[test]
    fn typed_wild_cards_with_several_readings_offer_a_choice() {
        use crate::terminal::pick_choice;
        let g = wild_landlord();
        let (view, legal) = (g.view(Some(0)), g.legal_actions(0));
        // 444 + a wild card: a soft bomb of 4 or a trio of 4 with a kicker.
        let Ok(Input::Choose(choices)) = parse_input("4445", &view, &legal) else {
            panic!("a choice is offered");
        };
        assert!(choices.len() >= 2);
        assert!(crate::terminal::choices_lines::<DouDizhu>(&choices).contains("\n  2. "));
        let pick = pick_choice("1", &choices).unwrap();
        assert!(g.clone().apply(0, pick).is_ok());
        assert_eq!(pick_choice("0", &choices), None);
        assert_eq!(pick_choice("x", &choices), None);
        // One reading: played at once.
        assert!(matches!(
            parse_input("3", &view, &legal),
            Ok(Input::Act(Action::Play { .. }))
        ));
    }
}
