//! Melds (门子) and their huxi (胡息), as the tables of `rules/paohuzi.md`
//! give them: what three cards make a sequence (一句话, also 二七十 /
//! 贰柒拾) or a 绞, and what each meld is worth, big or small.

use super::cards::Card;
use serde::Serialize;

/// The kinds of meld, laid out or found in a winning hand.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MeldKind {
    /// 坎: three identical in the hand.
    Kan,
    /// 碰: three identical, face up (also a 坎 completed by another
    /// player's card in a winning split, which scores as 碰).
    Peng,
    /// 偎: three identical, face down.
    Wei,
    /// 臭偎: a 偎 of a card the player had declined to 碰; one card shown.
    ChouWei,
    /// 提: four identical, face down.
    Ti,
    /// 跑: four identical, face up.
    Pao,
    /// 一句话: three consecutive numbers of one case, or 二七十 / 贰柒拾.
    Sequence,
    /// 绞: three of one number, both cases.
    Jiao,
    /// 将: the pair of a winning hand that has a 跑 or 提.
    Pair,
}

impl MeldKind {
    /// 提 and 跑: the four-card melds that decide the discard rule and the pair.
    pub fn is_four(self) -> bool {
        matches!(self, MeldKind::Ti | MeldKind::Pao)
    }

    /// Face-down melds whose card the other players do not see.
    pub fn is_hidden(self) -> bool {
        matches!(self, MeldKind::Wei | MeldKind::Ti)
    }

    /// The id used in Fluent keys: `paohuzi-meld-chou-wei`.
    pub fn id(self) -> &'static str {
        match self {
            MeldKind::Kan => "kan",
            MeldKind::Peng => "peng",
            MeldKind::Wei => "wei",
            MeldKind::ChouWei => "chou-wei",
            MeldKind::Ti => "ti",
            MeldKind::Pao => "pao",
            MeldKind::Sequence => "sequence",
            MeldKind::Jiao => "jiao",
            MeldKind::Pair => "pair",
        }
    }
}

/// A meld: its kind and cards (identical cards for 坎 … 跑).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Meld {
    pub kind: MeldKind,
    pub cards: Vec<Card>,
    pub huxi: u32,
}

impl Meld {
    pub fn new(kind: MeldKind, cards: Vec<Card>) -> Meld {
        let huxi = huxi(kind, &cards);
        Meld { kind, cards, huxi }
    }

    /// `n` identical cards of one kind.
    pub fn of_same(kind: MeldKind, card: Card, n: usize) -> Meld {
        Meld::new(kind, vec![card; n])
    }

    /// The card of a meld of identical cards (the first card otherwise).
    pub fn card(&self) -> Card {
        self.cards[0]
    }
}

/// The huxi of a meld (rules' table): big / small.
pub fn huxi(kind: MeldKind, cards: &[Card]) -> u32 {
    let big = cards.first().is_some_and(|c| c.is_big());
    let (b, s) = match kind {
        MeldKind::Peng => (3, 1),
        MeldKind::Kan | MeldKind::Wei | MeldKind::ChouWei => (6, 3),
        MeldKind::Pao => (9, 6),
        MeldKind::Ti => (12, 9),
        MeldKind::Sequence => {
            let mut n: Vec<u8> = cards.iter().map(|c| c.number()).collect();
            n.sort_unstable();
            if n == [1, 2, 3] || n == [2, 7, 10] {
                (6, 3)
            } else {
                (0, 0)
            }
        }
        MeldKind::Jiao | MeldKind::Pair => (0, 0),
    };
    if big {
        b
    } else {
        s
    }
}

/// What three cards make as a 吃 / 比 group: a sequence or a 绞, else `None`
/// (three identical cards are not a 吃 group).
pub fn group_kind(cards: &[Card]) -> Option<MeldKind> {
    if cards.len() != 3 {
        return None;
    }
    let mut c = [cards[0], cards[1], cards[2]];
    c.sort_unstable();
    let same_case = c.iter().all(|x| x.is_big() == c[0].is_big());
    let n = [c[0].number(), c[1].number(), c[2].number()];
    if same_case && (n == [2, 7, 10] || (n[1] == n[0] + 1 && n[2] == n[1] + 1)) {
        return Some(MeldKind::Sequence);
    }
    if n[0] == n[1] && n[1] == n[2] && !same_case {
        return Some(MeldKind::Jiao);
    }
    None
}

/// Every 吃 group (sequence or 绞) that holds `card`, as sorted triples.
pub fn groups_with(card: Card) -> Vec<[Card; 3]> {
    let big = card.is_big();
    let n = card.number();
    let mk = |k: u8| Card::new(big, k).expect("number in range");
    let mut out = Vec::new();
    for start in n.saturating_sub(2).max(1)..=n {
        if start + 2 <= 10 {
            out.push([mk(start), mk(start + 1), mk(start + 2)]);
        }
    }
    if matches!(n, 2 | 7 | 10) {
        out.push([mk(2), mk(7), mk(10)]);
    }
    let o = card.other_case();
    let (lo, hi) = if big { (o, card) } else { (card, o) };
    out.push([lo, lo, hi]);
    out.push([lo, hi, hi]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(s: &str) -> Vec<Card> {
        s.split_whitespace().map(|c| c.parse().unwrap()).collect()
    }

    #[test]
    fn huxi_table() {
        let h = |k, s: &str| huxi(k, &cards(s));
        assert_eq!(h(MeldKind::Peng, "x5 x5 x5"), 1);
        assert_eq!(h(MeldKind::Peng, "d5 d5 d5"), 3);
        assert_eq!(h(MeldKind::Kan, "x5 x5 x5"), 3);
        assert_eq!(h(MeldKind::ChouWei, "d5 d5 d5"), 6);
        assert_eq!(h(MeldKind::Pao, "x5 x5 x5 x5"), 6);
        assert_eq!(h(MeldKind::Pao, "d5 d5 d5 d5"), 9);
        assert_eq!(h(MeldKind::Ti, "x5 x5 x5 x5"), 9);
        assert_eq!(h(MeldKind::Ti, "d5 d5 d5 d5"), 12);
        assert_eq!(h(MeldKind::Sequence, "x1 x2 x3"), 3);
        assert_eq!(h(MeldKind::Sequence, "d3 d1 d2"), 6);
        assert_eq!(h(MeldKind::Sequence, "x2 x7 x10"), 3);
        assert_eq!(h(MeldKind::Sequence, "d10 d2 d7"), 6);
        assert_eq!(h(MeldKind::Sequence, "d2 d3 d4"), 0);
        assert_eq!(h(MeldKind::Jiao, "x2 x2 d2"), 0);
    }

    #[test]
    fn group_kinds() {
        let g = |s: &str| group_kind(&cards(s));
        assert_eq!(g("x1 x2 x3"), Some(MeldKind::Sequence));
        assert_eq!(g("x10 x8 x9"), Some(MeldKind::Sequence));
        assert_eq!(g("d2 d7 d10"), Some(MeldKind::Sequence));
        assert_eq!(g("x2 d7 x10"), None);
        assert_eq!(g("x1 x2 d3"), None);
        assert_eq!(g("x2 x2 d2"), Some(MeldKind::Jiao));
        assert_eq!(g("x2 d2 d2"), Some(MeldKind::Jiao));
        assert_eq!(g("x2 x2 x2"), None);
        assert_eq!(g("x9 x10 x1"), None);
        assert_eq!(g("x1 x2"), None);
    }

    #[test]
    fn groups_with_a_card_are_all_valid_and_hold_it() {
        for c in Card::all() {
            let gs = groups_with(c);
            for g in &gs {
                assert!(g.contains(&c));
                assert!(group_kind(g).is_some(), "{g:?}");
            }
            let want = match c.number() {
                1 | 10 => 3,
                2 | 9 => 4,
                _ => 5,
            } + usize::from(matches!(c.number(), 2 | 7 | 10));
            assert_eq!(gs.len(), want, "{c}");
        }
    }
}
