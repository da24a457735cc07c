//! Card pictures of record positions (issue #20): golden images, and the
//! public table never showing a hidden card.
//!
//! The golden images are the README's pictures (`docs/pictures/*.png`):
//! each fixed position is drawn again and compared pixel by pixel, within a
//! small tolerance for rounding in other builds. After an intended change
//! of the drawing, `PAIJU_BLESS=1 cargo test --test all records::pictures`
//! writes them anew (then look at them).

use paiju::games::chexuan::session::ChexuanTable;
use paiju::games::dou_dizhu::DouDizhu;
use paiju::games::paohuzi::cards::Card as Zi;
use paiju::games::paohuzi::PaohuziTable;
use paiju::games::shengji::ShengjiTable;
use paiju::games::Game;
use paiju::record::{split_action, Record};
use paiju::render::{decode, record_scene, render, Drawn, Face};
use std::collections::HashMap;
use std::path::Path;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn record(path: &str) -> String {
    std::fs::read_to_string(root().join("tests/records").join(path)).unwrap()
}

/// (picture, record, actions applied, seat for a hand or none for the table)
const GOLDEN: &[(&str, &str, usize, Option<usize>)] = &[
    (
        "dou-dizhu-hand",
        "dou-dizhu/ddz-airplane-pairs.json",
        0,
        Some(0),
    ),
    (
        "dou-dizhu-table",
        "dou-dizhu/ddz-airplane-pairs.json",
        5,
        None,
    ),
    (
        "shengji-hand",
        "shengji/shengji-first-hand.json",
        2,
        Some(3),
    ),
    ("shengji-table", "shengji/shengji-first-hand.json", 22, None),
    ("paohuzi-hand", "paohuzi/win-with-peng.json", 3, Some(0)),
    (
        "paohuzi-table",
        "paohuzi/one-ti-discards-after-peng.json",
        3,
        None,
    ),
    (
        "chexuan-hand",
        "chexuan/chexuan-table-mango-from-the-reserve.json",
        3,
        Some(0),
    ),
    (
        "chexuan-table",
        "chexuan/chexuan-table-mango-from-the-reserve.json",
        3,
        None,
    ),
    (
        "duan-guozi-table",
        "duan-guozi/explicit-deal-action.json",
        1,
        None,
    ),
];

#[test]
fn pictures_of_fixed_positions_match_the_golden_images() {
    let bless = std::env::var_os("PAIJU_BLESS").is_some();
    for &(name, file, at, seat) in GOLDEN {
        let picture = paiju::registry::render_record(&record(file), at, seat)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(
            picture.png.len() < 150 * 1024,
            "{name}: {} bytes",
            picture.png.len()
        );
        let path = root().join("docs/pictures").join(format!("{name}.png"));
        if bless {
            std::fs::write(&path, &picture.png).unwrap();
            continue;
        }
        let golden = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let (w, h, want) = decode(&golden).unwrap();
        let (gw, gh, got) = decode(&picture.png).unwrap();
        assert_eq!((gw, gh), (w, h), "{name}: the size changed");
        // Anti-aliasing may round differently elsewhere; a changed card
        // changes hundreds of pixels by far more.
        let off = want
            .iter()
            .zip(&got)
            .filter(|(a, b)| a.abs_diff(**b) > 24)
            .count();
        assert!(off <= want.len() / 1000, "{name}: {off} channels differ");
    }
}

/// Applies a record's actions one by one, calling `check` on every
/// position (the game before any action included).
fn each_position<G: Game>(text: &str, mut check: impl FnMut(&G, usize)) {
    let record = Record::from_json(text).unwrap();
    let Ok(mut game) = G::from_record_setup(&record) else {
        return;
    };
    check(&game, 0);
    for (i, raw) in record.actions.iter().enumerate() {
        let Ok((seat, body)) = split_action(i, raw) else {
            return;
        };
        let Ok(action) = G::parse_action(&body) else {
            return;
        };
        if game.apply(seat, &action).is_err() {
            return;
        }
        check(&game, i + 1);
    }
}

fn records_of(game: &str) -> Vec<(String, String)> {
    let dir = root().join("tests/records").join(game);
    let mut out: Vec<(String, String)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            let n = p.to_string_lossy();
            n.ends_with(".json") && !n.ends_with(".expected.json")
        })
        .map(|p| {
            (
                p.display().to_string(),
                std::fs::read_to_string(&p).unwrap(),
            )
        })
        .collect();
    out.sort();
    out
}

fn cards_in(faces: &[Face]) -> Vec<paiju::cards::Card> {
    faces
        .iter()
        .filter_map(|f| match f {
            Face::Card(c) => Some(*c),
            _ => None,
        })
        .collect()
}

/// Dou Dizhu (one deck, every card once): the table picture, drawn from the
/// public view, never shows a card a seat still holds unless that seat
/// showed its hand (明牌) or it is the kitty, shown to all once taken. The
/// hand picture shows exactly the hand.
#[test]
fn the_dou_dizhu_table_picture_shows_no_hidden_card() {
    let mut positions = 0;
    for (name, text) in records_of("dou-dizhu") {
        each_position::<DouDizhu>(&text, |g, at| {
            positions += 1;
            let public = g.view(None);
            let Some(scene) = DouDizhu::table_scene(&public) else {
                return;
            };
            let shown = cards_in(&scene.faces());
            for seat in 0..g.seats() {
                let own = g.view(Some(seat));
                let Some(hand) = own.hand else { continue };
                if public.shown[seat].is_some() {
                    continue;
                }
                // The kitty (once taken) and the cards set aside are shown to all.
                let open = public.kitty.into_iter().chain(public.aside);
                let open: Vec<_> = open.flat_map(|s| s.cards()).collect();
                for c in shown.iter().filter(|c| !open.contains(c)) {
                    assert!(
                        !hand.contains(*c),
                        "{name} at {at}: seat {seat}'s {c} drawn"
                    );
                }
                let drawn = DouDizhu::hand_scene(&own).map(|s| cards_in(&s.faces()));
                let mut drawn = drawn.unwrap_or_default();
                drawn.sort();
                let mut held = hand.cards();
                held.sort();
                assert_eq!(drawn, held, "{name} at {at}");
            }
        });
    }
    assert!(positions > 500, "{positions} positions");
}

/// Chexuan: another player's face-down pair is drawn as backs until the
/// public view shows it (a 三花 lay-down, the showdown).
#[test]
fn the_chexuan_table_picture_shows_face_down_cards_as_backs() {
    let mut backs = 0;
    for (name, text) in records_of("chexuan") {
        each_position::<ChexuanTable>(&text, |g, at| {
            let public = g.view(None);
            let Some(scene) = ChexuanTable::table_scene(&public) else {
                return;
            };
            let faces = scene.faces();
            backs += faces.iter().filter(|f| **f == Face::Back).count();
            let shown = cards_in(&faces);
            for (i, p) in public.hand.players.iter().enumerate() {
                if p.hidden.is_some() {
                    continue;
                }
                let seat = public.playing[i];
                let own = g.view(Some(seat));
                for c in own.hand.players[i].hidden.iter().flatten() {
                    assert!(!shown.contains(c), "{name} at {at}: a face-down {c} drawn");
                }
            }
        });
    }
    assert!(backs > 40, "{backs} backs");
}

fn count<T: std::hash::Hash + Eq + Copy>(items: impl IntoIterator<Item = T>) -> HashMap<T, usize> {
    let mut out = HashMap::new();
    for i in items {
        *out.entry(i).or_insert(0) += 1;
    }
    out
}

/// Shengji (two decks by default, so copies are counted): the table
/// picture, drawn from the public view, shows only the trick in play (or
/// the last one taken), the flipped card, each seat's declaration while
/// declaring, and the kitty once it is turned up at the end; none of the
/// trick's cards is a card a seat still holds or the buried kitty. The hand picture shows exactly the cards of the seat's hand view.
#[test]
fn the_shengji_table_picture_shows_no_held_card() {
    let (mut drawn, mut positions) = (0, 0);
    for (name, text) in records_of("shengji") {
        each_position::<ShengjiTable>(&text, |g, at| {
            let public = g.view(None);
            let h = &public.hand;
            assert!(h.viewer.is_none() && h.hand.is_empty(), "{name} at {at}");
            assert!(h.kitty.is_none() || h.outcome.is_some(), "{name} at {at}");
            let Some(scene) = ShengjiTable::table_scene(&public) else {
                return;
            };
            positions += 1;
            let shown = count(cards_in(&scene.faces()));
            drawn += shown.values().sum::<usize>();
            let plays = if h.trick.is_empty() {
                h.tricks.last().map(|t| t.plays.clone()).unwrap_or_default()
            } else {
                h.trick.clone()
            };
            let on_table: Vec<_> = plays.iter().flat_map(|(_, c)| c.iter().copied()).collect();
            let mut open = count(on_table.iter().copied());
            for c in h
                .flipped
                .into_iter()
                .chain(h.kitty.iter().flatten().copied())
            {
                *open.entry(c).or_insert(0) += 1;
            }
            // While declaring, each seat's last declaration (亮主) is
            // shown by it: cards it holds, but shows to all.
            if h.stage == paiju::games::shengji::Stage::Declaring {
                for seat in 0..g.seats() {
                    let last = h.declarations.iter().rev().find(|d| d.seat == seat);
                    for c in last.iter().flat_map(|d| d.cards.iter().copied()) {
                        *open.entry(c).or_insert(0) += 1;
                    }
                }
            }
            for (c, n) in &shown {
                let may = open.get(c).copied().unwrap_or(0);
                assert!(*n <= may, "{name} at {at}: {c} drawn {n} times, {may} open");
            }
            // Cards held, and the kitty while only the banker sees it.
            let mut hidden = HashMap::new();
            for seat in 0..g.seats() {
                let own = g.view(Some(seat));
                let mut held = own.hand.hand.clone();
                if h.kitty.is_none() {
                    held.extend(own.hand.kitty.iter().flatten().copied());
                }
                for (c, n) in count(held) {
                    *hidden.entry(c).or_insert(0) += n;
                }
                let mut mine = ShengjiTable::hand_scene(&own)
                    .map(|s| cards_in(&s.faces()))
                    .unwrap_or_default();
                let mut want = paiju::hosts::shengji::discord::shown_cards(&own);
                mine.sort();
                want.sort();
                assert_eq!(mine, want, "{name} at {at}: seat {seat}'s hand picture");
            }
            let decks = usize::from(h.rules.decks);
            for c in &on_table {
                let n = count(on_table.iter().copied())[c] + hidden.get(c).copied().unwrap_or(0);
                assert!(n <= decks, "{name} at {at}: {c} on the table is also held");
            }
        });
    }
    assert!(
        positions > 100 && drawn > 400,
        "{positions} positions, {drawn} cards"
    );
}

/// Paohuzi (four of each 字牌): the table picture, drawn from the public
/// view, shows the card in question (the 亮张 before any is played), the
/// melds laid face up, the card a 臭偎 shows and the discards; the other cards of a hidden meld (偎, 提)
/// are backs, and no face-up 字牌 is one a seat holds or hides. The hand
/// picture shows exactly the seat's hand and melds.
#[test]
fn the_paohuzi_table_picture_shows_hidden_melds_as_backs() {
    let (mut backs, mut positions) = (0, 0);
    for (name, text) in records_of("paohuzi") {
        each_position::<PaohuziTable>(&text, |g, at| {
            let public = g.view(None);
            let h = &public.hand;
            let Some(scene) = PaohuziTable::table_scene(&public) else {
                return;
            };
            positions += 1;
            // Issue #36 §3.12: a seat's first row holds its melds
            // (columns) only; the cards lying by it are a row of their own.
            for place in &scene.table.as_ref().unwrap().places {
                assert!(place.rows[0].iter().all(|g| g.column), "{name} at {at}");
                assert!(place.rows[1].iter().all(|g| !g.column), "{name} at {at}");
            }
            let faces = scene.faces();
            let up: Vec<Zi> = faces
                .iter()
                .filter_map(|f| match f {
                    Face::Zi(z) => Some(*z),
                    _ => None,
                })
                .collect();
            let drawn_backs = faces.iter().filter(|f| **f == Face::ZiBack).count();
            backs += drawn_backs;
            let mut open: Vec<Zi> = h.card.into_iter().collect();
            // Before the first card is played, the 亮张 the dealer showed
            // (public: every view holds it) lies in the middle.
            let started = h
                .players
                .iter()
                .any(|p| !p.melds.is_empty() || !p.pile.is_empty());
            if h.card.is_none() && !started {
                open.push(h.shown_card);
            }
            let mut want_backs = 0;
            for p in &h.players {
                open.extend(p.pile.iter().copied());
                for m in &p.melds {
                    match &m.cards {
                        Some(cards) => open.extend(cards.iter().copied()),
                        None => {
                            open.extend(m.shown);
                            want_backs += m.count - usize::from(m.shown.is_some());
                        }
                    }
                }
            }
            assert_eq!(drawn_backs, want_backs, "{name} at {at}: backs");
            let (up, open) = (count(up), count(open));
            for (z, n) in &up {
                let may = open.get(z).copied().unwrap_or(0);
                assert!(
                    *n <= may,
                    "{name} at {at}: {z:?} drawn {n} times, {may} open"
                );
            }
            // What the seats hold or hide, seen by each seat itself.
            let mut hidden: HashMap<Zi, usize> = HashMap::new();
            for (seat, p) in h.players.iter().enumerate() {
                let own = g.view(Some(seat));
                let mine = &own.hand.players[seat];
                let mut cards: Vec<Zi> = mine.hand.clone().unwrap_or_default();
                if p.hand.is_none() {
                    for z in &cards {
                        *hidden.entry(*z).or_insert(0) += 1;
                    }
                }
                for (m, public_m) in mine.melds.iter().zip(&p.melds) {
                    let all = m.cards.clone().unwrap_or_default();
                    cards.extend(all.iter().copied());
                    if public_m.cards.is_none() {
                        let mut rest = all;
                        if let Some(s) = public_m.shown {
                            if let Some(i) = rest.iter().position(|z| *z == s) {
                                rest.swap_remove(i);
                            }
                        }
                        for z in rest {
                            *hidden.entry(z).or_insert(0) += 1;
                        }
                    }
                }
                let mut pictured: Vec<Zi> = PaohuziTable::hand_scene(&own)
                    .map(|s| {
                        s.faces()
                            .into_iter()
                            .filter_map(|f| match f {
                                Face::Zi(z) => Some(z),
                                _ => None,
                            })
                            .collect()
                    })
                    .unwrap_or_default();
                pictured.sort();
                cards.sort();
                if !cards.is_empty() {
                    assert_eq!(
                        pictured, cards,
                        "{name} at {at}: seat {seat}'s hand picture"
                    );
                }
            }
            // The 亮张 in the middle is the dealer's, shown.
            if h.card.is_none() && !started {
                if let Some(n) = hidden.get_mut(&h.shown_card) {
                    *n = n.saturating_sub(1);
                }
            }
            for (z, n) in &up {
                let held = hidden.get(z).copied().unwrap_or(0);
                assert!(n + held <= 4, "{name} at {at}: {z:?} face up is also held");
            }
        });
    }
    assert!(
        positions > 200 && backs > 20,
        "{positions} positions, {backs} backs"
    );
}

/// The pictures are what the bot sends: one PNG each, small.
#[test]
fn a_thirty_three_card_hand_is_a_small_picture() {
    let record = Record::from_json(&record("shengji/shengji-first-hand.json")).unwrap();
    let scene =
        record_scene::<paiju::games::shengji::ShengjiTable>(&record, 2, Some(3), false).unwrap();
    assert_eq!(scene.faces().len(), 33);
    let picture = render(&scene);
    assert!(
        picture.png.len() < 150 * 1024,
        "{} bytes",
        picture.png.len()
    );
    // Laid out for the size Discord shows (issue #36 §3.12): two rows of
    // full-size cards within about 550 px, not one strip it shrinks.
    assert!(picture.width <= 560, "{}", picture.width);
    assert!(picture.height > 2 * 84, "{}", picture.height);
}
