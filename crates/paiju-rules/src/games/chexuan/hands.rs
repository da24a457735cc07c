//! Two-card hands: every named hand of `rules/chexuan.md`, its place in the
//! order and its equal group; the head/tail split of four cards; the
//! pairwise win/tie/lose; and the four-card 三花 hands.
//!
//! Hands on one line of the rules' list (梅十 = 板凳 = 长三, …) have the same
//! [`HandKind::strength`] and tie; there is no seat tie-break in this game.

use super::cards::{is_red, points};
use crate::cards::{Card, Rank, Suit};
use serde::{Deserialize, Serialize, Serializer};
use std::cmp::Ordering;

/// A named two-card hand. [`HandKind::id`] is a stable kebab-case id usable
/// as a Fluent key suffix (`chexuan-hand-ding-er-huang`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum HandKind {
    /// 丁二皇: 3H + BJ.
    DingErHuang,
    /// 天牌: QH QD.
    Tian,
    /// 地牌: 2H 2D.
    Di,
    /// 人牌: 8H 8D.
    Ren,
    /// 和牌: 4H 4D.
    He,
    /// 梅十: TS TC.
    MeiShi,
    /// 板凳: 4S 4C.
    BanDeng,
    /// 长三: 6S 6C.
    ChangSan,
    /// 虎头: JS JC.
    HuTou,
    /// 苕十: TH TD.
    ShaoShi,
    /// 猫猫: 6H 6D.
    MaoMao,
    /// 膏药: 7H 7D.
    GaoYao,
    /// 黑五: 5S 5C.
    HeiWu,
    /// 黑七: 7S 7C.
    HeiQi,
    /// 黑八: 8S 8C.
    HeiBa,
    /// 黑九: 9S 9C.
    HeiJiu,
    /// 天王: red Q + 9.
    TianWang,
    /// 地王: red 2 + 9.
    DiWang,
    /// 天杠: red Q + any 8.
    TianGang,
    /// 地杠: red 2 + any 8.
    DiGang,
    /// 天关九: red Q + any 7.
    TianGuanJiu,
    /// 地关九: red 2 + any 7.
    DiGuanJiu,
    /// 灯笼九: red 8 + J.
    DengLongJiu,
    /// 和五九: red 4 + 5.
    HeWuJiu,
    /// 板五九: black 4 + 5.
    BanWuJiu,
    /// 丁长九: 3H + black 6.
    DingChangJiu,
    /// 梅十九: black T + 9.
    MeiShiJiu,
    /// 丁猫九: 3H + red 6.
    DingMaoJiu,
    /// 乌龙九: black 8 + J.
    WuLongJiu,
    /// 苕十九: red T + 9.
    ShaoShiJiu,
    /// 散牌: the last digit of the point sum. Only 0 to 8 occur: every two
    /// cards that make 9 points are a named hand.
    Points(u8),
}

impl HandKind {
    /// Every named hand (all but [`HandKind::Points`]), high to low.
    pub const NAMED: [HandKind; 30] = {
        use HandKind::*;
        [
            DingErHuang,
            Tian,
            Di,
            Ren,
            He,
            MeiShi,
            BanDeng,
            ChangSan,
            HuTou,
            ShaoShi,
            MaoMao,
            GaoYao,
            HeiWu,
            HeiQi,
            HeiBa,
            HeiJiu,
            TianWang,
            DiWang,
            TianGang,
            DiGang,
            TianGuanJiu,
            DiGuanJiu,
            DengLongJiu,
            HeWuJiu,
            BanWuJiu,
            DingChangJiu,
            MeiShiJiu,
            DingMaoJiu,
            WuLongJiu,
            ShaoShiJiu,
        ]
    };

    /// Every hand that can occur, high to low: the 30 named hands, then
    /// 散牌 from 8 points down to 0 (9 points is always a named hand).
    pub fn all() -> Vec<HandKind> {
        let mut all = HandKind::NAMED.to_vec();
        all.extend((0..=8).rev().map(HandKind::Points));
        all
    }

    /// The place in the order: higher is stronger, equal means a tie.
    /// 散牌 n points has strength n; the named hands sit above 9 points, line
    /// 18 of the rules' list at 10 up to 丁二皇 at 27.
    pub fn strength(self) -> u8 {
        use HandKind::*;
        match self {
            DingErHuang => 27,
            Tian => 26,
            Di => 25,
            Ren => 24,
            He => 23,
            MeiShi | BanDeng | ChangSan => 22,
            HuTou | ShaoShi | MaoMao | GaoYao => 21,
            HeiWu | HeiQi | HeiBa | HeiJiu => 20,
            TianWang => 19,
            DiWang => 18,
            TianGang => 17,
            DiGang => 16,
            TianGuanJiu => 15,
            DiGuanJiu => 14,
            DengLongJiu => 13,
            HeWuJiu => 12,
            BanWuJiu | DingChangJiu | MeiShiJiu => 11,
            DingMaoJiu | WuLongJiu | ShaoShiJiu => 10,
            Points(n) => n,
        }
    }

    /// Stable id (Fluent key suffix).
    pub fn id(self) -> &'static str {
        use HandKind::*;
        match self {
            DingErHuang => "ding-er-huang",
            Tian => "tian",
            Di => "di",
            Ren => "ren",
            He => "he",
            MeiShi => "mei-shi",
            BanDeng => "ban-deng",
            ChangSan => "chang-san",
            HuTou => "hu-tou",
            ShaoShi => "shao-shi",
            MaoMao => "mao-mao",
            GaoYao => "gao-yao",
            HeiWu => "hei-wu",
            HeiQi => "hei-qi",
            HeiBa => "hei-ba",
            HeiJiu => "hei-jiu",
            TianWang => "tian-wang",
            DiWang => "di-wang",
            TianGang => "tian-gang",
            DiGang => "di-gang",
            TianGuanJiu => "tian-guan-jiu",
            DiGuanJiu => "di-guan-jiu",
            DengLongJiu => "deng-long-jiu",
            HeWuJiu => "he-wu-jiu",
            BanWuJiu => "ban-wu-jiu",
            DingChangJiu => "ding-chang-jiu",
            MeiShiJiu => "mei-shi-jiu",
            DingMaoJiu => "ding-mao-jiu",
            WuLongJiu => "wu-long-jiu",
            ShaoShiJiu => "shao-shi-jiu",
            Points(0) => "points-0",
            Points(1) => "points-1",
            Points(2) => "points-2",
            Points(3) => "points-3",
            Points(4) => "points-4",
            Points(5) => "points-5",
            Points(6) => "points-6",
            Points(7) => "points-7",
            Points(8) => "points-8",
            Points(_) => "points-9",
        }
    }

    /// Compares by strength (the rules' order); equal groups are `Equal`.
    pub fn compare(self, other: HandKind) -> Ordering {
        self.strength().cmp(&other.strength())
    }
}

impl Serialize for HandKind {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

/// The hand two Chexuan cards make. Cards outside the 32 are not expected;
/// they would score as 散牌 by points.
pub fn evaluate(a: Card, b: Card) -> HandKind {
    use HandKind::*;
    use Rank::*;
    let ding = Card::Standard(Three, Suit::Hearts);
    if (a == ding && b == Card::BigJoker) || (a == Card::BigJoker && b == ding) {
        return DingErHuang;
    }
    if let (Some(ra), Some(rb)) = (a.rank(), b.rank()) {
        let (red_a, red_b) = (is_red(a), is_red(b));
        // A pair: the two cards of one name (same rank, same colour).
        if ra == rb && red_a == red_b {
            let pair = match (ra, red_a) {
                (Queen, true) => Some(Tian),
                (Two, true) => Some(Di),
                (Eight, true) => Some(Ren),
                (Four, true) => Some(He),
                (Ten, false) => Some(MeiShi),
                (Four, false) => Some(BanDeng),
                (Six, false) => Some(ChangSan),
                (Jack, false) => Some(HuTou),
                (Ten, true) => Some(ShaoShi),
                (Six, true) => Some(MaoMao),
                (Seven, true) => Some(GaoYao),
                (Five, false) => Some(HeiWu),
                (Seven, false) => Some(HeiQi),
                (Eight, false) => Some(HeiBa),
                (Nine, false) => Some(HeiJiu),
                _ => None,
            };
            if let Some(p) = pair {
                return p;
            }
        }
        // Mixed named hands: look at both orders.
        for ((r1, red1, c1), (r2, red2)) in
            [((ra, red_a, a), (rb, red_b)), ((rb, red_b, b), (ra, red_a))]
        {
            let is_ding = c1 == ding;
            let named = match (r1, red1, r2, red2) {
                (Queen, true, Nine, _) => Some(TianWang),
                (Two, true, Nine, _) => Some(DiWang),
                (Queen, true, Eight, _) => Some(TianGang),
                (Two, true, Eight, _) => Some(DiGang),
                (Queen, true, Seven, _) => Some(TianGuanJiu),
                (Two, true, Seven, _) => Some(DiGuanJiu),
                (Eight, true, Jack, _) => Some(DengLongJiu),
                (Four, true, Five, _) => Some(HeWuJiu),
                (Four, false, Five, _) => Some(BanWuJiu),
                (Three, _, Six, false) if is_ding => Some(DingChangJiu),
                (Ten, false, Nine, _) => Some(MeiShiJiu),
                (Three, _, Six, true) if is_ding => Some(DingMaoJiu),
                (Eight, false, Jack, _) => Some(WuLongJiu),
                (Ten, true, Nine, _) => Some(ShaoShiJiu),
                _ => None,
            };
            if let Some(n) = named {
                return n;
            }
        }
    }
    Points((points(a) + points(b)) % 10)
}

/// Result of one comparison (a pair of hands, or two players).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Versus {
    Win,
    Tie,
    Lose,
}

impl Versus {
    fn score(self) -> i8 {
        match self {
            Versus::Win => 1,
            Versus::Tie => 0,
            Versus::Lose => -1,
        }
    }

    pub fn flip(self) -> Versus {
        match self {
            Versus::Win => Versus::Lose,
            Versus::Tie => Versus::Tie,
            Versus::Lose => Versus::Win,
        }
    }

    fn of(o: Ordering) -> Versus {
        match o {
            Ordering::Greater => Versus::Win,
            Ordering::Equal => Versus::Tie,
            Ordering::Less => Versus::Lose,
        }
    }
}

/// A player's four cards as a head (头) and a tail (尾) pair.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Split {
    pub head: [Card; 2],
    pub tail: [Card; 2],
}

impl Split {
    pub fn head_kind(&self) -> HandKind {
        evaluate(self.head[0], self.head[1])
    }

    pub fn tail_kind(&self) -> HandKind {
        evaluate(self.tail[0], self.tail[1])
    }

    /// The rules' constraint: the head may not be lower than the tail.
    pub fn is_legal(&self) -> bool {
        self.head_kind().compare(self.tail_kind()) != Ordering::Less
    }

    /// Both pairs' strengths, tail first: the order the AI maximises.
    pub fn key(&self) -> (u8, u8) {
        (self.tail_kind().strength(), self.head_kind().strength())
    }

    /// Pairwise result for the owner of `self` against `other`: tails then
    /// heads; win = both win or a win and a tie; tie = both tie or a win and
    /// a loss; lose otherwise.
    pub fn versus(&self, other: &Split) -> Versus {
        let tail = Versus::of(self.tail_kind().compare(other.tail_kind()));
        let head = Versus::of(self.head_kind().compare(other.head_kind()));
        match tail.score() + head.score() {
            s if s > 0 => Versus::Win,
            0 => Versus::Tie,
            _ => Versus::Lose,
        }
    }
}

/// Every legal split of four cards: each of the three pairings with the
/// stronger pair as the head, and both ways round when the pairs are equal.
pub fn legal_splits(cards: &[Card; 4]) -> Vec<Split> {
    let [a, b, c, d] = *cards;
    let mut out = Vec::with_capacity(6);
    for (p, q) in [([a, b], [c, d]), ([a, c], [b, d]), ([a, d], [b, c])] {
        let first = Split { head: p, tail: q };
        let second = Split { head: q, tail: p };
        for s in [first, second] {
            if s.is_legal() {
                out.push(s);
            }
        }
    }
    out
}

/// The best split: the strongest tail that keeps head ≥ tail, then the
/// strongest head.
pub fn best_split(cards: &[Card; 4]) -> Split {
    legal_splits(cards)
        .into_iter()
        .max_by_key(Split::key)
        .expect("one of the two ways round of any pairing is legal")
}

/// 三花: four cards a player may lay down in round 3 to get his whole
/// contribution back.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Sanhua {
    /// 三花十: a red T, a black T, a J and any fourth card.
    SanHuaShi,
    /// 三花六: a red 6, a black 6, the BJ and any fourth card.
    SanHuaLiu,
}

impl Sanhua {
    pub fn id(self) -> &'static str {
        match self {
            Sanhua::SanHuaShi => "san-hua-shi",
            Sanhua::SanHuaLiu => "san-hua-liu",
        }
    }
}

/// The 三花 hand `cards` make, if any (三花十 first when both could apply,
/// which four cards cannot).
pub fn sanhua(cards: &[Card]) -> Option<Sanhua> {
    if cards.len() != 4 {
        return None;
    }
    let has = |f: &dyn Fn(Card) -> bool| cards.iter().any(|&c| f(c));
    let rank_red = |r: Rank, red: bool| move |c: Card| c.rank() == Some(r) && is_red(c) == red;
    if has(&rank_red(Rank::Ten, true))
        && has(&rank_red(Rank::Ten, false))
        && has(&|c| c.rank() == Some(Rank::Jack))
    {
        return Some(Sanhua::SanHuaShi);
    }
    if has(&rank_red(Rank::Six, true))
        && has(&rank_red(Rank::Six, false))
        && has(&|c| c == Card::BigJoker)
    {
        return Some(Sanhua::SanHuaLiu);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::super::cards::DECK;
    use super::*;
    use HandKind::*;

    fn c(s: &str) -> Card {
        s.parse().unwrap()
    }

    fn h(a: &str, b: &str) -> HandKind {
        let (x, y) = (c(a), c(b));
        assert_eq!(evaluate(x, y), evaluate(y, x), "{a} {b} symmetric");
        evaluate(x, y)
    }

    #[test]
    fn every_named_hand_from_the_rules() {
        let cases: [(&str, &str, HandKind); 30] = [
            ("3H", "BJ", DingErHuang),
            ("QH", "QD", Tian),
            ("2H", "2D", Di),
            ("8H", "8D", Ren),
            ("4H", "4D", He),
            ("TS", "TC", MeiShi),
            ("4S", "4C", BanDeng),
            ("6S", "6C", ChangSan),
            ("JS", "JC", HuTou),
            ("TH", "TD", ShaoShi),
            ("6H", "6D", MaoMao),
            ("7H", "7D", GaoYao),
            ("5S", "5C", HeiWu),
            ("7S", "7C", HeiQi),
            ("8S", "8C", HeiBa),
            ("9S", "9C", HeiJiu),
            ("QD", "9S", TianWang),
            ("2H", "9C", DiWang),
            ("QH", "8S", TianGang),
            ("2D", "8H", DiGang),
            ("QD", "7C", TianGuanJiu),
            ("2H", "7D", DiGuanJiu),
            ("8D", "JS", DengLongJiu),
            ("4H", "5C", HeWuJiu),
            ("4C", "5S", BanWuJiu),
            ("3H", "6S", DingChangJiu),
            ("TC", "9S", MeiShiJiu),
            ("3H", "6D", DingMaoJiu),
            ("8C", "JC", WuLongJiu),
            ("TH", "9C", ShaoShiJiu),
        ];
        for (a, b, want) in cases {
            assert_eq!(h(a, b), want, "{a} {b}");
        }
        let named: std::collections::HashSet<_> = cases.iter().map(|x| x.2).collect();
        assert_eq!(named.len(), HandKind::NAMED.len());
    }

    #[test]
    fn the_order_is_the_rules_list_with_its_equal_groups() {
        let s = |k: HandKind| k.strength();
        for w in HandKind::NAMED.windows(2) {
            assert!(s(w[0]) >= s(w[1]), "{:?} before {:?}", w[0], w[1]);
        }
        assert_eq!(s(MeiShi), s(BanDeng));
        assert_eq!(s(BanDeng), s(ChangSan));
        assert_eq!(s(HuTou), s(GaoYao));
        assert_eq!(s(ShaoShi), s(MaoMao));
        assert_eq!(s(HeiWu), s(HeiJiu));
        assert_eq!(s(BanWuJiu), s(MeiShiJiu));
        assert_eq!(s(DingMaoJiu), s(ShaoShiJiu));
        assert!(s(ShaoShiJiu) > s(Points(9)));
        assert!(s(Points(8)) > s(Points(7)));
        // 19 tiers of named hands: strictly decreasing between the lines.
        let tiers: std::collections::BTreeSet<_> = HandKind::NAMED.iter().map(|k| s(*k)).collect();
        assert_eq!(tiers.len(), 18);
    }

    #[test]
    fn scattered_cards_count_the_last_digit() {
        assert_eq!(h("QH", "JS"), Points(3)); // 23
        assert_eq!(h("TH", "TS"), Points(0)); // a red and a black ten are no pair
        assert_eq!(h("BJ", "6S"), Points(2)); // 6 + 6
        assert_eq!(h("3H", "5S"), Points(8));
        assert_eq!(h("2H", "6H"), Points(8));
        assert_eq!(h("QD", "6C"), Points(8)); // 18
        assert_eq!(h("8S", "9C"), Points(7));
        assert_eq!(h("4H", "5C"), HeWuJiu); // 9 points, but named
        assert_eq!(h("JS", "8H"), DengLongJiu);
        assert_eq!(h("8H", "QD"), TianGang); // 0 points, but named
    }

    #[test]
    fn every_pair_of_deck_cards_has_a_hand() {
        let mut n = 0;
        for (i, a) in DECK.iter().enumerate() {
            for b in &DECK[i + 1..] {
                let k = evaluate(*a, *b);
                assert_eq!(k, evaluate(*b, *a));
                assert!(k.strength() <= 27);
                assert_ne!(k, Points(9), "every 9-point pair is a named hand");
                n += 1;
            }
        }
        assert_eq!(n, 496);
    }

    #[test]
    fn ids_are_distinct_and_fluent_safe() {
        let mut ids: Vec<&str> = HandKind::all().iter().map(|k| k.id()).collect();
        assert_eq!(ids.len(), 39);
        ids.push(Sanhua::SanHuaShi.id());
        ids.push(Sanhua::SanHuaLiu.id());
        let set: std::collections::HashSet<_> = ids.iter().collect();
        assert_eq!(set.len(), ids.len());
        for id in ids {
            assert!(id
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'));
        }
    }

    #[test]
    fn pairwise_results_follow_the_table() {
        let sp = |h1: &str, h2: &str, t1: &str, t2: &str| Split {
            head: [c(h1), c(h2)],
            tail: [c(t1), c(t2)],
        };
        let strong = sp("QH", "QD", "2H", "2D"); // 天 / 地
        let weak = sp("8S", "8C", "5S", "9S"); // 黑八 / 4 points
        let mixed = sp("3H", "BJ", "TH", "TS"); // 丁二皇 / 0 points
        let equal_tail = sp("8H", "8D", "2H", "2D");
        assert_eq!(strong.versus(&weak), Versus::Win); // both win
        assert_eq!(weak.versus(&strong), Versus::Lose);
        assert_eq!(strong.versus(&mixed), Versus::Tie); // tail wins, head loses
        assert_eq!(strong.versus(&equal_tail), Versus::Win); // tail ties, head wins
        assert_eq!(equal_tail.versus(&strong), Versus::Lose);
        assert_eq!(strong.versus(&strong), Versus::Tie);
    }

    #[test]
    fn splits_keep_head_at_least_tail_and_the_best_is_found() {
        let cards = [c("8S"), c("5S"), c("4D"), c("8C")];
        let all = legal_splits(&cards);
        assert!(all.iter().all(Split::is_legal));
        let best = best_split(&cards);
        assert_eq!(best.tail_kind(), HeWuJiu);
        assert_eq!(best.head_kind(), HeiBa);
        let bad = Split {
            head: [c("5S"), c("4D")],
            tail: [c("8S"), c("8C")],
        };
        assert!(!bad.is_legal());
        // Equal pairs: both ways round are legal.
        let eq = [c("TS"), c("TC"), c("4S"), c("4C")];
        assert_eq!(
            legal_splits(&eq)
                .iter()
                .filter(|s| s.tail_kind() == MeiShi || s.tail_kind() == BanDeng)
                .count(),
            2
        );
    }

    #[test]
    fn sanhua_hands() {
        let four = |s: [&str; 4]| s.map(c);
        assert_eq!(
            sanhua(&four(["TH", "TS", "JC", "2H"])),
            Some(Sanhua::SanHuaShi)
        );
        assert_eq!(
            sanhua(&four(["TD", "TC", "JS", "JC"])),
            Some(Sanhua::SanHuaShi)
        );
        assert_eq!(
            sanhua(&four(["6H", "6C", "BJ", "3H"])),
            Some(Sanhua::SanHuaLiu)
        );
        assert_eq!(sanhua(&four(["TH", "TD", "JC", "2H"])), None);
        assert_eq!(sanhua(&four(["6H", "6D", "BJ", "3H"])), None);
        assert_eq!(sanhua(&four(["6H", "6S", "QH", "3H"])), None);
        assert_eq!(sanhua(&[c("TH"), c("TS"), c("JC")]), None);
    }
}
