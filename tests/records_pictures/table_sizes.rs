//! Table pictures sized for Discord (issue #36 §3.12): every game's table,
//! at its largest (most seats, the longest names, both languages), drawn
//! at every position of games its bots play, stays within the size
//! Discord shows an attachment at without shrinking it — and so do the
//! crowded positions made by hand (every Dou Dizhu hand shown at once).
//!
//! `PAIJU_PICTURES_OUT=<dir>` writes the largest picture of each game
//! there, to look at.

use paiju::games::dou_dizhu::{DouDizhu, SeatMove};
use paiju::games::Game;
use paiju::i18n::{self, Lang};
use paiju::render::table::{TABLE_MAX_H, TABLE_W};
use paiju::render::{render, Drawn, Picture, Scene};
use paiju::table::{bot_step, JoinArgs, SeatSetup, TableGame};
use rand::SeedableRng;

/// The longest names a seat can have: a 32-character display name (what
/// Discord allows) and the AI's, both languages.
fn long_names(lang: Lang, seats: usize) -> Vec<Option<String>> {
    (0..seats)
        .map(|s| {
            Some(if s % 2 == 0 {
                "W".repeat(32)
            } else {
                i18n::tr_args(lang, "table-ai-name", &[("number", (s as i64 + 1).into())])
            })
        })
        .collect()
}

/// The biggest of the pictures of `scene` in both languages, after
/// checking each fits.
fn fits(what: &str, scene: &Scene, seats: usize) -> Picture {
    // Every word it says is one the glyph test checks.
    let listed = table_words();
    for w in scene.table.iter().flat_map(|t| t.words()) {
        assert!(listed.contains(&w.key), "{what}: {} is not listed", w.key);
    }
    let mut biggest: Option<Picture> = None;
    for lang in Lang::ALL {
        // The longest names; a seat without one says "Player 12", shorter.
        {
            let p = render(&scene.clone().name_seats(lang, long_names(lang, seats)));
            assert!(
                p.width as f32 <= TABLE_W && p.height as f32 <= TABLE_MAX_H,
                "{what} ({}): {}×{}",
                lang.code(),
                p.width,
                p.height
            );
            if biggest.as_ref().is_none_or(|b| p.height > b.height) {
                biggest = Some(p);
            }
        }
    }
    biggest.expect("a language")
}

fn keep(name: &str, p: &Picture) {
    if let Some(dir) = std::env::var_os("PAIJU_PICTURES_OUT") {
        let path = std::path::Path::new(&dir).join(format!("{name}.png"));
        std::fs::write(path, &p.png).unwrap();
    }
}

/// Plays `games` games of `G` at `seats` seats with its bots (for `steps`
/// actions at most), checking the public table picture at every
/// position; returns the tallest.
fn played<G: TableGame + Drawn>(
    rules: G::Rules,
    seats: usize,
    games: u64,
    steps: usize,
) -> Option<Picture>
where
    G::Rules: Clone,
{
    let mut tallest: Option<Picture> = None;
    for seed in 0..games {
        let setup = vec![
            SeatSetup {
                human: true,
                join: JoinArgs::default(),
                balance: Some(10_000),
            };
            seats
        ];
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut game = G::deal_table(rules.clone(), &setup, &mut rng).expect("a deal");
        let mut bot = G::bot();
        for step in 0..steps {
            if let Some(scene) = G::table_scene(&game.view(None)) {
                let what = format!("{seats} seats, seed {seed}, step {step}");
                let p = fits(&what, &scene, seats);
                if tallest.as_ref().is_none_or(|t| p.height > t.height) {
                    tallest = Some(p);
                }
            }
            if !bot_step(&mut game, &mut *bot, &mut rng).expect("a legal step") {
                break;
            }
        }
    }
    tallest
}

#[test]
fn dou_dizhu_tables_fit_discord() {
    use paiju::games::dou_dizhu::Rules;
    for players in [2u8, 3] {
        let rules = Rules {
            players,
            wild: true,
            ..Rules::default()
        };
        let p = played::<DouDizhu>(rules.clone(), players as usize, 4, 600).expect("a picture");
        keep(&format!("dou-dizhu-{players}-played"), &p);
        // Crowded by hand: every seat's hand shown (明牌) and a long last
        // play by each, the kitty and (two players) the nine set aside.
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let mut g = DouDizhu::deal(rules, players as usize, &mut rng).unwrap();
        let mut bot = <DouDizhu as TableGame>::bot();
        let mut combo = None;
        while combo.is_none() && !g.is_finished() {
            let seat = g.waiting_on()[0];
            let legal = g.legal_actions(seat);
            let action = bot.choose(&g.view(Some(seat)), &legal, &mut rng);
            g.apply(seat, &action).unwrap();
            combo = g.view(None).last_moves.iter().find_map(|m| match m {
                Some(SeatMove::Played { combo, .. }) => Some(*combo),
                _ => None,
            });
        }
        let mut v = g.view(None);
        for seat in 0..players as usize {
            let hand = g.view(Some(seat)).hand.unwrap();
            v.shown[seat] = Some(hand);
            let cards = hand.cards();
            let long = paiju::games::dou_dizhu::cardset::CardSet::from_cards(
                &cards[..cards.len().min(12)],
            );
            v.last_moves[seat] = Some(SeatMove::Played {
                cards: long,
                combo: combo.expect("a play"),
            });
            v.cards_left[seat] = 2;
        }
        v.landlord = Some(0);
        let scene = DouDizhu::table_scene(&v).unwrap();
        let p = fits(&format!("{players} players, every hand shown"), &scene, 3);
        keep(&format!("dou-dizhu-{players}-crowded"), &p);
    }
}

/// Every word key a table picture may say: each game's, and the plates'.
fn table_words() -> Vec<&'static str> {
    use paiju::hosts;
    use paiju::render::table;
    [
        hosts::dou_dizhu::pictures::WORDS,
        hosts::shengji::pictures::WORDS,
        hosts::paohuzi::pictures::WORDS,
        hosts::duan_guozi::pictures::WORDS,
        hosts::chexuan::pictures::WORDS,
        &[table::ALERT, table::SEAT],
    ]
    .concat()
}

/// Every word a table picture may say, in both languages, is drawn whole:
/// each of its characters is in the picture's font (a missing glyph would
/// silently drop out of the word).
#[test]
fn every_table_word_is_in_the_font() {
    use paiju::render::font;
    let keyed = table_words();
    for lang in Lang::ALL {
        let mut said = Vec::new();
        for key in &keyed {
            assert!(i18n::has(lang, key), "{key} in {}", lang.code());
            for count in 0..=16 {
                said.push(i18n::tr_args(lang, key, &[("count", count.into())]));
            }
        }
        for n in 1..=16 {
            said.push(i18n::tr_args(
                lang,
                "table-ai-name",
                &[("number", n.into())],
            ));
        }
        for s in said {
            for c in s.chars() {
                // Fluent's isolation marks around an argument are not
                // drawn; a space is a gap.
                if c == ' ' || ('\u{2066}'..='\u{2069}').contains(&c) {
                    continue;
                }
                assert!(font::font().has(c), "{c:?} of {s:?} ({})", lang.code());
            }
        }
    }
}

#[test]
fn shengji_tables_fit_discord() {
    use paiju::games::shengji::ShengjiTable;
    let p = played::<ShengjiTable>(Default::default(), 4, 2, 600).expect("a picture");
    keep("shengji-played", &p);
    // Crowded by hand: a ten-card throw by every seat and the kitty shown.
    let setup = vec![
        SeatSetup {
            human: true,
            join: JoinArgs::default(),
            balance: Some(10_000),
        };
        4
    ];
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    let game = ShengjiTable::deal_table(Default::default(), &setup, &mut rng).unwrap();
    let mut v = game.view(None);
    let deck = paiju::cards::standard_deck();
    v.hand.trick = (0..4)
        .map(|s| (s, deck[s * 10..s * 10 + 10].to_vec()))
        .collect();
    v.hand.kitty = Some(deck[40..48].to_vec());
    v.hand.banker = Some(0);
    v.hand.stage = paiju::games::shengji::Stage::Playing;
    let scene = ShengjiTable::table_scene(&v).unwrap();
    let p = fits("Shengji, ten-card throws", &scene, 4);
    keep("shengji-crowded", &p);
}

#[test]
fn paohuzi_tables_fit_discord() {
    use paiju::games::paohuzi::PaohuziTable;
    let p = played::<PaohuziTable>(Default::default(), 3, 6, 600).expect("a picture");
    keep("paohuzi-played", &p);
}

#[test]
fn duan_guozi_tables_fit_discord() {
    use paiju::games::duan_guozi::rules::{MAX_SEATS, MIN_SEATS};
    use paiju::games::duan_guozi::DuanGuozi;
    for seats in MIN_SEATS..=MAX_SEATS {
        let p = played::<DuanGuozi>(Default::default(), seats, 1, 600).expect("a picture");
        keep(&format!("duan-guozi-{seats}"), &p);
    }
}

#[test]
fn chexuan_tables_fit_discord() {
    use paiju::games::chexuan::rules::{MAX_SEATS, MIN_SEATS};
    use paiju::games::chexuan::session::ChexuanTable;
    for seats in MIN_SEATS..=MAX_SEATS {
        let p = played::<ChexuanTable>(Default::default(), seats, 2, 120).expect("a picture");
        keep(&format!("chexuan-{seats}"), &p);
    }
}
