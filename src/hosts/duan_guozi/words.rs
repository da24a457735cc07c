//! Duan Guozi's words for both front ends, from `locales/*/duan-guozi.ftl`:
//! a hand's name and line, the events of a round. Seat names come from the
//! caller ([`Seats`]).

use crate::games::duan_guozi::{Event as DgEvent, ShownHand};
use crate::i18n::events::{n, Seats};
use crate::i18n::{render_cards, tr, tr_args, Lang};

/// A Duan Guozi hand's name: 「天字九」 / “天字九 (9 points, class 天)”.
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

/// True when the round's best hands are point hands of the same points:
/// their classes (天 > 地 > … > 杂) then decide, so the round shows the
/// order. Any pair or bar beats every point hand; 瘪十 has no points.
fn class_decides(hands: &[ShownHand]) -> bool {
    if hands
        .iter()
        .any(|h| h.points.is_none() && h.hand != "bie-shi")
    {
        return false;
    }
    let best = hands.iter().filter_map(|h| h.points).max();
    best.is_some() && hands.iter().filter(|h| h.points == best).count() > 1
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
            if class_decides(hands) {
                out.push(tr(lang, "dg-class-order"));
            }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A shown hand of `seat`: a point hand of `points` and `class`, or
    /// the named hand `hand` (no points).
    fn shown(seat: usize, hand: &'static str, points: Option<(u8, &'static str)>) -> ShownHand {
        ShownHand {
            seat,
            cards: ["QH".parse().unwrap(), "7D".parse().unwrap()],
            hand,
            points: points.map(|p| p.0),
            class: points.map(|p| p.1),
            dao: 1,
        }
    }

    fn round(hands: Vec<ShownHand>) -> DgEvent {
        DgEvent::RoundDealt {
            round: 1,
            dealer: 0,
            hands,
            cards_left: 8,
        }
    }

    /// Issue #36 §3.7: the class order (天 > 地 > … > 杂) is under a round
    /// exactly when it decides, the best hands tying on points.
    #[test]
    fn the_class_order_shows_when_it_decides_the_round() {
        let names = ["A".to_string(), "B".into(), "C".into()];
        let seats = Seats::new(&names, None);
        let lines = |lang, hands| dg_event_lines(lang, &seats, &round(hands));
        let tie = vec![
            shown(0, "points", Some((7, "tian"))),
            shown(1, "points", Some((7, "shi"))),
            shown(2, "bie-shi", None),
        ];
        let en = lines(Lang::EnUs, tie.clone());
        assert_eq!(
            en.last().unwrap(),
            "Equal points: the higher class wins, 天 > 地 > 人 > 鹅 > 长 > 矢 > 杂."
        );
        assert!(en[1].contains("天字七 (7 points, class 天)"), "{en:?}");
        let zh = lines(Lang::ZhCn, tie);
        assert_eq!(
            zh.last().unwrap(),
            "点数相同比级别：天 > 地 > 人 > 鹅 > 长 > 矢 > 杂。"
        );
        // A tie below the best hand decides nothing; nor does one under a
        // pair, which beats every point hand.
        for hands in [
            vec![
                shown(0, "points", Some((9, "za"))),
                shown(1, "points", Some((2, "ren"))),
                shown(2, "points", Some((2, "di"))),
            ],
            vec![
                shown(0, "dui-za-5", None),
                shown(1, "points", Some((9, "ren"))),
                shown(2, "points", Some((9, "di"))),
            ],
        ] {
            let en = lines(Lang::EnUs, hands);
            assert_eq!(en.len(), 4, "{en:?}");
            assert!(!en.iter().any(|l| l.contains("Equal points")), "{en:?}");
        }
    }
}
