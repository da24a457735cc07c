//! Duan Guozi's words for both front ends, from `locales/*/duan-guozi.ftl`:
//! a hand's name and line, the events of a round. Seat names come from the
//! caller ([`Seats`]).

use crate::games::duan_guozi::{Event as DgEvent, ShownHand};
use crate::i18n::events::{n, Seats};
use crate::i18n::{render_cards, tr, tr_args, Lang};

/// A Duan Guozi hand's name: 「天字九」 / “Heaven 9”.
pub fn dg_hand_name(lang: Lang, hand: &ShownHand) -> String {
    if hand.hand == "points" {
        tr_args(
            lang,
            "dg-hand-points",
            &[
                ("class", hand.class.unwrap_or("za").into()),
                ("points", n(hand.points.unwrap_or(0))),
            ],
        )
    } else {
        tr(lang, &format!("dg-hand-{}", hand.hand))
    }
}

/// One seat's hand in a round: its cards, its name and its 道.
pub fn dg_hand_line(lang: Lang, seats: &Seats<'_>, hand: &ShownHand) -> String {
    seats.say(
        lang,
        "dg-hand-line",
        hand.seat,
        vec![
            ("cards", render_cards(lang, &hand.cards).into()),
            ("hand", dg_hand_name(lang, hand).into()),
            ("dao", n(hand.dao)),
        ],
    )
}

/// The lines of one Duan Guozi event: a dealt round is its header and
/// every hand.
pub fn dg_event_lines(lang: Lang, seats: &Seats<'_>, event: &DgEvent) -> Vec<String> {
    match event {
        DgEvent::Reshuffled { .. } => vec![tr(lang, "dg-event-reshuffled")],
        DgEvent::RoundDealt {
            round,
            dealer,
            hands,
            ..
        } => {
            let mut out = vec![seats.say(
                lang,
                "dg-event-round-dealt",
                *dealer,
                vec![("round", n(*round as i64))],
            )];
            out.extend(hands.iter().map(|h| dg_hand_line(lang, seats, h)));
            out
        }
        DgEvent::RoundWon {
            winner,
            hand,
            paid,
            swept,
            pot_after,
            ..
        } => vec![seats.say(
            lang,
            if *swept {
                "dg-event-round-swept"
            } else {
                "dg-event-round-won"
            },
            *winner,
            vec![
                ("hand", dg_hand_name(lang, hand).into()),
                ("paid", n(*paid)),
                ("pot", n(*pot_after)),
            ],
        )],
        DgEvent::AllBieShi { dealer, .. } => {
            vec![seats.say(lang, "dg-event-all-bie-shi", *dealer, vec![])]
        }
        DgEvent::GameOver { .. } => vec![tr(lang, "dg-event-game-over")],
    }
}
