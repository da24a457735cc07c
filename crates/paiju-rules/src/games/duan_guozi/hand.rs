//! Two-card hands: what a pair of cards is (至尊, 对天 … 天杠, 地杠, points,
//! 瘪十), the fixed order of hands, their 道 value, and their names.
//!
//! rules/duan-guozi.md, "Hands, high to low". Only the pairs listed there are
//! pairs; any other two cards make a point hand, 天杠, 地杠 or 瘪十. Equal
//! hands (the three 对长, the four 对矢, the eight 天杠 …) compare equal
//! here; the deal order breaks such ties, which is the round's business.

use super::deck::{class_of, point_value, Class};
use crate::cards::{Card, Rank};
use serde::Serialize;
use std::fmt;

/// The kind of a two-card hand. Variants are declared low to high and the
/// derived order is the rules' order; a point hand compares its digit, then
/// the higher class of its two cards.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum HandKind {
    /// 瘪十: the two point values sum to a multiple of ten. The lowest hand.
    BieShi,
    /// Points 1 … 9 (the last digit of the sum), named by the higher class
    /// of the two cards: 「天字九」.
    Points { points: u8, top: Class },
    /// 地杠: 2H or 2D with any 8.
    DiGang,
    /// 天杠: QH or QD with any 8.
    TianGang,
    /// 对杂 5: 5H 5D.
    DuiZa5,
    /// 对杂 7: 7S 7C.
    DuiZa7,
    /// 对杂 8: 8S 8C.
    DuiZa8,
    /// 对杂 9: 9H 9D.
    DuiZa9,
    /// 对矢: 6H 6D, 7H 7D, TH TD, JH JD, all four equal.
    DuiShi,
    /// 对长: 4S 4C, 6S 6C, TS TC, all three equal.
    DuiChang,
    /// 对鹅: 4H 4D.
    DuiE,
    /// 对人: 8H 8D.
    DuiRen,
    /// 对地: 2H 2D.
    DuiDi,
    /// 对天: QH QD.
    DuiTian,
    /// 至尊: BJ SJ. The highest hand; 瘪十 does not beat it here.
    Zhizun,
}

/// Every hand id, high to low ([`HandKind::id`]): `dg-hand-<id>` names the
/// hand in the locale files (point hands also take `$points` and `$class`,
/// whose names are `dg-class-<class id>`).
pub const HAND_IDS: [&str; 15] = [
    "zhizun",
    "dui-tian",
    "dui-di",
    "dui-ren",
    "dui-e",
    "dui-chang",
    "dui-shi",
    "dui-za-9",
    "dui-za-8",
    "dui-za-7",
    "dui-za-5",
    "tian-gang",
    "di-gang",
    "points",
    "bie-shi",
];

/// 道 paid by point hands, indexed by points − 1 (1 … 9).
pub type PointDao = [u32; 9];

/// The rules' default `point_dao`: 1–3 points 1 道, 4–6 2 道, 7–9 3 道.
pub const DEFAULT_POINT_DAO: PointDao = [1, 1, 1, 2, 2, 2, 3, 3, 3];

impl HandKind {
    /// The hand two cards of the deck make, in either order; `None` when a
    /// card is not one of the 32 or both are the same card.
    pub fn of(a: Card, b: Card) -> Option<HandKind> {
        let (ca, cb) = (class_of(a)?, class_of(b)?);
        if a == b {
            return None;
        }
        if a.is_joker() && b.is_joker() {
            return Some(HandKind::Zhizun);
        }
        // In this deck two cards of the same rank and class are exactly the
        // pairs the rules list (4H 4S differ in class, so they are 8 points).
        if ca == cb && a.rank() == b.rank() {
            return Some(match ca {
                Class::Tian => HandKind::DuiTian,
                Class::Di => HandKind::DuiDi,
                Class::Ren => HandKind::DuiRen,
                Class::E => HandKind::DuiE,
                Class::Chang => HandKind::DuiChang,
                Class::Shi => HandKind::DuiShi,
                Class::Za => match a.rank() {
                    Some(Rank::Nine) => HandKind::DuiZa9,
                    Some(Rank::Eight) => HandKind::DuiZa8,
                    Some(Rank::Seven) => HandKind::DuiZa7,
                    _ => HandKind::DuiZa5,
                },
                Class::Joker => HandKind::Zhizun,
            });
        }
        let eight = a.rank() == Some(Rank::Eight) || b.rank() == Some(Rank::Eight);
        if eight && (ca == Class::Tian || cb == Class::Tian) {
            return Some(HandKind::TianGang);
        }
        if eight && (ca == Class::Di || cb == Class::Di) {
            return Some(HandKind::DiGang);
        }
        let points = (point_value(a) + point_value(b)) % 10;
        Some(if points == 0 {
            HandKind::BieShi
        } else {
            HandKind::Points {
                points,
                top: ca.max(cb),
            }
        })
    }

    /// The 道 this hand is worth (what it takes from the pot, at most).
    pub fn dao(self, point_dao: &PointDao) -> u32 {
        match self {
            HandKind::Zhizun => 16,
            HandKind::DuiTian => 15,
            HandKind::DuiDi => 14,
            HandKind::DuiRen => 13,
            HandKind::DuiE => 12,
            HandKind::DuiChang => 11,
            HandKind::DuiShi => 10,
            HandKind::DuiZa9 => 9,
            HandKind::DuiZa8 => 8,
            HandKind::DuiZa7 => 7,
            HandKind::DuiZa5 => 6,
            HandKind::TianGang => 5,
            HandKind::DiGang => 4,
            HandKind::Points { points, .. } => point_dao[points as usize - 1],
            HandKind::BieShi => 0,
        }
    }

    /// Stable id, usable as a Fluent key suffix (`dg-hand-tian-gang`). Point
    /// hands share `points`; their name takes [`HandKind::points`] and the
    /// class id of [`HandKind::top_class`] as arguments.
    pub fn id(self) -> &'static str {
        match self {
            HandKind::Zhizun => "zhizun",
            HandKind::DuiTian => "dui-tian",
            HandKind::DuiDi => "dui-di",
            HandKind::DuiRen => "dui-ren",
            HandKind::DuiE => "dui-e",
            HandKind::DuiChang => "dui-chang",
            HandKind::DuiShi => "dui-shi",
            HandKind::DuiZa9 => "dui-za-9",
            HandKind::DuiZa8 => "dui-za-8",
            HandKind::DuiZa7 => "dui-za-7",
            HandKind::DuiZa5 => "dui-za-5",
            HandKind::TianGang => "tian-gang",
            HandKind::DiGang => "di-gang",
            HandKind::Points { .. } => "points",
            HandKind::BieShi => "bie-shi",
        }
    }

    /// The digit of a point hand.
    pub fn points(self) -> Option<u8> {
        match self {
            HandKind::Points { points, .. } => Some(points),
            _ => None,
        }
    }

    /// The class naming a point hand (the higher of its two cards).
    pub fn top_class(self) -> Option<Class> {
        match self {
            HandKind::Points { top, .. } => Some(top),
            _ => None,
        }
    }

    /// The Chinese name (「天字九」, 「对长」), for logs, tests and the
    /// terminal; front ends take theirs from the locale files by [`HandKind::id`].
    pub fn name_zh(self) -> String {
        const DIGITS: [&str; 10] = ["〇", "一", "二", "三", "四", "五", "六", "七", "八", "九"];
        match self {
            HandKind::Zhizun => "至尊".into(),
            HandKind::DuiTian => "对天".into(),
            HandKind::DuiDi => "对地".into(),
            HandKind::DuiRen => "对人".into(),
            HandKind::DuiE => "对鹅".into(),
            HandKind::DuiChang => "对长".into(),
            HandKind::DuiShi => "对矢".into(),
            HandKind::DuiZa9 => "对杂九".into(),
            HandKind::DuiZa8 => "对杂八".into(),
            HandKind::DuiZa7 => "对杂七".into(),
            HandKind::DuiZa5 => "对杂五".into(),
            HandKind::TianGang => "天杠".into(),
            HandKind::DiGang => "地杠".into(),
            HandKind::Points { points, top } => {
                format!("{}字{}", top.zh(), DIGITS[points as usize])
            }
            HandKind::BieShi => "瘪十".into(),
        }
    }

    /// The English name ("Pair of Heaven", "Heaven nine").
    pub fn name_en(self) -> String {
        match self {
            HandKind::Zhizun => "Supreme".into(),
            HandKind::DuiTian => "Pair of Heaven".into(),
            HandKind::DuiDi => "Pair of Earth".into(),
            HandKind::DuiRen => "Pair of Man".into(),
            HandKind::DuiE => "Pair of Goose".into(),
            HandKind::DuiChang => "Long pair".into(),
            HandKind::DuiShi => "Arrow pair".into(),
            HandKind::DuiZa9 => "Mixed pair of nines".into(),
            HandKind::DuiZa8 => "Mixed pair of eights".into(),
            HandKind::DuiZa7 => "Mixed pair of sevens".into(),
            HandKind::DuiZa5 => "Mixed pair of fives".into(),
            HandKind::TianGang => "Heaven bar".into(),
            HandKind::DiGang => "Earth bar".into(),
            HandKind::Points { points, top } => format!("{} {}", top.en(), points),
            HandKind::BieShi => "Busted ten".into(),
        }
    }
}

impl fmt::Display for HandKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name_zh())
    }
}

/// A seat's two cards, in the order dealt, with what they make.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Hand {
    pub cards: [Card; 2],
    pub kind: HandKind,
}

impl Hand {
    /// `None` when a card is not one of the 32 or both are the same card.
    pub fn new(first: Card, second: Card) -> Option<Hand> {
        Some(Hand {
            cards: [first, second],
            kind: HandKind::of(first, second)?,
        })
    }

    /// The form a game's outcome gives it: cards, hand id, 道, and for
    /// point hands the digit and naming class.
    pub fn result(&self, point_dao: &PointDao) -> HandResult {
        let (points, class) = match self.kind {
            HandKind::Points { points, top } => (Some(points), Some(top.id())),
            _ => (None, None),
        };
        HandResult {
            cards: self.cards,
            hand: self.kind.id(),
            dao: self.kind.dao(point_dao),
            points,
            class,
        }
    }
}

/// A hand in a game's outcome (and so in `paiju replay`'s output).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HandResult {
    pub cards: [Card; 2],
    /// [`HandKind::id`]: `dg-hand-<id>` is its Fluent key.
    pub hand: &'static str,
    /// The 道 the hand is worth.
    pub dao: u32,
    /// For point hands: the digit and the class id that name it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub points: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub class: Option<&'static str>,
}

/// A hand as events and views carry it (serializable, with its name data).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ShownHand {
    pub seat: usize,
    pub cards: [Card; 2],
    /// [`HandKind::id`]: `dg-hand-<id>` is its Fluent key.
    pub hand: &'static str,
    /// For point hands: the digit and the class id that name it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub points: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub class: Option<&'static str>,
    pub dao: u32,
}

impl ShownHand {
    pub fn new(seat: usize, hand: &Hand, point_dao: &PointDao) -> ShownHand {
        ShownHand {
            seat,
            cards: hand.cards,
            hand: hand.kind.id(),
            points: hand.kind.points(),
            class: hand.kind.top_class().map(Class::id),
            dao: hand.kind.dao(point_dao),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::deck::deck;
    use super::*;
    use proptest::prelude::*;

    fn kind(a: &str, b: &str) -> HandKind {
        HandKind::of(a.parse().unwrap(), b.parse().unwrap()).unwrap()
    }

    fn pts(points: u8, top: Class) -> HandKind {
        HandKind::Points { points, top }
    }

    /// The rules' hand table, high to low, with one or more example pairs
    /// each and the 道 of every row (default point_dao).
    /// One row: example card pairs, the Chinese name, the 道.
    type Row = (&'static [(&'static str, &'static str)], &'static str, u32);

    const TABLE: &[Row] = &[
        (&[("BJ", "SJ")], "至尊", 16),
        (&[("QH", "QD")], "对天", 15),
        (&[("2H", "2D")], "对地", 14),
        (&[("8H", "8D")], "对人", 13),
        (&[("4H", "4D")], "对鹅", 12),
        (&[("4S", "4C"), ("6S", "6C"), ("TS", "TC")], "对长", 11),
        (
            &[("6H", "6D"), ("7H", "7D"), ("TH", "TD"), ("JH", "JD")],
            "对矢",
            10,
        ),
        (&[("9H", "9D")], "对杂九", 9),
        (&[("8S", "8C")], "对杂八", 8),
        (&[("7S", "7C")], "对杂七", 7),
        (&[("5H", "5D")], "对杂五", 6),
        (
            &[
                ("QH", "8H"),
                ("QH", "8D"),
                ("QH", "8S"),
                ("QH", "8C"),
                ("QD", "8H"),
                ("QD", "8D"),
                ("QD", "8S"),
                ("QD", "8C"),
            ],
            "天杠",
            5,
        ),
        (
            &[
                ("2H", "8H"),
                ("2H", "8D"),
                ("2H", "8S"),
                ("2H", "8C"),
                ("2D", "8H"),
                ("2D", "8D"),
                ("2D", "8S"),
                ("2D", "8C"),
            ],
            "地杠",
            4,
        ),
        (&[("QH", "7S"), ("QD", "7H")], "天字九", 3),
        (&[("2H", "7S"), ("2D", "7D")], "地字九", 3),
        (&[("9D", "TS")], "长字九", 3),
        (&[("8S", "JD"), ("9H", "TH")], "矢字九", 3),
        (&[("4H", "4S")], "鹅字八", 3),
        (&[("5H", "BJ")], "杂字一", 1),
        (&[("TS", "TH"), ("BJ", "4C"), ("JH", "9D")], "瘪十", 0),
    ];

    #[test]
    fn every_row_of_the_table_has_its_name_and_dao() {
        for (pairs, name, dao) in TABLE {
            for (a, b) in pairs.iter() {
                let k = kind(a, b);
                assert_eq!(&k.name_zh(), name, "{a} {b}");
                assert_eq!(k.dao(&DEFAULT_POINT_DAO), *dao, "{a} {b}");
                assert_eq!(kind(b, a), k, "order of the two cards does not matter");
            }
        }
    }

    #[test]
    fn table_rows_are_strictly_ordered_and_groups_tie() {
        let rows: Vec<Vec<HandKind>> = TABLE
            .iter()
            .map(|(pairs, _, _)| pairs.iter().map(|(a, b)| kind(a, b)).collect())
            .collect();
        for row in &rows {
            assert!(row.iter().all(|k| *k == row[0]), "a tie group: {row:?}");
        }
        for w in rows.windows(2) {
            assert!(w[0][0] > w[1][0], "{} > {}", w[0][0], w[1][0]);
        }
    }

    #[test]
    fn gang_rescues_a_bie_shi_sum_and_other_sums_of_ten_are_bie_shi() {
        // Q + 8 = 20 and 2 + 8 = 10 would be 瘪十 without the 杠 rule.
        assert_eq!(kind("QH", "8H"), HandKind::TianGang);
        assert_eq!(kind("8C", "2D"), HandKind::DiGang);
        for (a, b) in [("QH", "8S"), ("2D", "8H")] {
            let sum = point_value(a.parse().unwrap()) + point_value(b.parse().unwrap());
            assert_eq!(sum % 10, 0);
        }
        assert_eq!(kind("TS", "TH"), HandKind::BieShi);
        assert_eq!(kind("BJ", "4C"), HandKind::BieShi);
        assert_eq!(kind("SJ", "7S"), HandKind::BieShi);
        assert_eq!(kind("JH", "9D"), HandKind::BieShi);
    }

    #[test]
    fn only_listed_pairs_are_pairs() {
        // Same rank, different class: a point hand.
        assert_eq!(kind("8H", "8S"), pts(6, Class::Ren));
        assert_eq!(kind("4D", "4C"), pts(8, Class::E));
        assert_eq!(kind("6S", "6H"), pts(2, Class::Chang));
        assert_eq!(kind("7D", "7C"), pts(4, Class::Shi));
        assert_eq!(kind("TC", "TD"), HandKind::BieShi);
    }

    #[test]
    fn lone_jokers_count_six_and_three_with_the_lowest_class() {
        assert_eq!(kind("SJ", "JD"), pts(4, Class::Shi)); // the seed's 「矢字四」
        assert_eq!(kind("BJ", "JD"), pts(7, Class::Shi));
        assert_eq!(kind("BJ", "2H"), pts(8, Class::Di));
        assert_eq!(kind("SJ", "5D"), pts(8, Class::Za));
        assert_eq!(kind("BJ", "QD"), pts(8, Class::Tian));
        assert_eq!(kind("SJ", "6S"), pts(9, Class::Chang));
        assert_eq!(kind("BJ", "SJ"), HandKind::Zhizun);
    }

    #[test]
    fn the_seeds_nine_example() {
        // 甲 2H 7S 「地字九」, 乙 8S JD 「矢字九」, 丙 2D 7D 「地字九」.
        let jia = kind("2H", "7S");
        let yi = kind("8S", "JD");
        let bing = kind("2D", "7D");
        assert_eq!(jia.name_zh(), "地字九");
        assert_eq!(yi.name_zh(), "矢字九");
        assert!(jia > yi);
        assert_eq!(jia, bing, "a tie, broken by the deal order");
    }

    #[test]
    fn bie_shi_is_below_everything_and_zhizun_above() {
        let all = all_kinds();
        assert!(all.iter().all(|&k| k >= HandKind::BieShi));
        assert!(all.iter().all(|&k| k <= HandKind::Zhizun));
    }

    #[test]
    fn point_dao_option_is_used() {
        let custom = [1, 2, 3, 4, 4, 4, 4, 4, 4];
        assert_eq!(kind("QH", "7S").dao(&custom), 4);
        assert_eq!(kind("5H", "BJ").dao(&custom), 1);
        assert_eq!(kind("QH", "QD").dao(&custom), 15);
    }

    #[test]
    fn names_in_both_languages() {
        assert_eq!(kind("QH", "7S").name_en(), "Heaven 9");
        assert_eq!(kind("QH", "8S").name_en(), "Heaven bar");
        assert_eq!(HandKind::TianGang.id(), "tian-gang");
        assert_eq!(kind("4S", "9H").name_zh(), "长字三");
    }

    #[test]
    fn hand_json_names_point_hands() {
        let h = Hand::new("QH".parse().unwrap(), "7S".parse().unwrap()).unwrap();
        assert_eq!(
            serde_json::to_value(h.result(&DEFAULT_POINT_DAO)).unwrap(),
            serde_json::json!({"cards": ["QH", "7S"], "hand": "points", "points": 9,
                               "class": "tian", "dao": 3})
        );
        assert!(Hand::new("QH".parse().unwrap(), "QH".parse().unwrap()).is_none());
        assert!(Hand::new("KH".parse().unwrap(), "QH".parse().unwrap()).is_none());
    }

    fn all_kinds() -> Vec<HandKind> {
        let d = deck();
        let mut out = Vec::new();
        for (i, &a) in d.iter().enumerate() {
            for &b in &d[i + 1..] {
                out.push(HandKind::of(a, b).unwrap());
            }
        }
        out
    }

    /// The rank of a hand in the rules' table, computed independently of
    /// the enum's derived order: (row from the bottom, point digit, class).
    fn table_rank(k: HandKind) -> (u32, u8, u8) {
        let dao = k.dao(&DEFAULT_POINT_DAO);
        match k {
            HandKind::Points { points, top } => {
                let class_rank =
                    Class::ALL.len() - Class::ALL.iter().position(|&c| c == top).unwrap();
                (1, points, class_rank as u8)
            }
            HandKind::BieShi => (0, 0, 0),
            // Above points every row has its own 道, and 道 falls with the row.
            _ => (dao + 1, 0, 0),
        }
    }

    proptest! {
        /// Hand order is total and agrees with the table: comparing any two
        /// hands of the deck by the enum's order gives the same answer as
        /// comparing their rows (道 above points; digit then class below).
        #[test]
        fn order_is_total_and_matches_the_table(
            i in 0usize..32, j in 0usize..32, k in 0usize..32, l in 0usize..32
        ) {
            prop_assume!(i != j && k != l);
            let d = deck();
            let x = HandKind::of(d[i], d[j]).unwrap();
            let y = HandKind::of(d[k], d[l]).unwrap();
            prop_assert_eq!(x.cmp(&y), table_rank(x).cmp(&table_rank(y)));
            prop_assert_eq!(x.cmp(&y), y.cmp(&x).reverse());
            // A better hand never pays less (default point_dao).
            if x > y {
                prop_assert!(x.dao(&DEFAULT_POINT_DAO) >= y.dao(&DEFAULT_POINT_DAO));
            }
        }
    }

    #[test]
    fn every_pair_of_cards_makes_a_hand_and_all_kinds_occur() {
        let kinds = all_kinds();
        assert_eq!(kinds.len(), 32 * 31 / 2);
        for id in HAND_IDS {
            assert!(kinds.iter().any(|k| k.id() == id), "{id}");
        }
        // HAND_IDS is high to low, like the hands.
        let best_of = |id: &str| *kinds.iter().filter(|k| k.id() == id).max().unwrap();
        for w in HAND_IDS.windows(2) {
            assert!(best_of(w[0]) > best_of(w[1]), "{} above {}", w[0], w[1]);
        }
        // Transitivity over the whole set (a sort is consistent).
        let mut sorted = kinds.clone();
        sorted.sort();
        for w in sorted.windows(2) {
            assert!(table_rank(w[0]) <= table_rank(w[1]));
        }
    }
}
