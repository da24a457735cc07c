//! Card pictures (issue #20): drawing and encoding a 33-card Shengji hand
//! (the banker's 25 cards and the kitty of 8, before burying), the largest
//! hand Discord shows at two decks; the target is a median under 5 ms.
//! Also the same hand with no tile drawn yet, a 20-card Dou Dizhu hand and
//! a Paohuzi hand in columns.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use paiju::games::dou_dizhu::DouDizhu;
use paiju::games::paohuzi::PaohuziTable;
use paiju::games::shengji::ShengjiTable;
use paiju::record::Record;
use paiju::render::{record_scene, render, render_with, Drawn, Scene, Tiles};

fn scene<G: Drawn>(text: &str, at: usize, seat: usize) -> Scene {
    let record = Record::from_json(text).expect("a record");
    record_scene::<G>(&record, at, Some(seat), false).expect("a hand")
}

fn pictures(c: &mut Criterion) {
    let shengji = scene::<ShengjiTable>(
        include_str!("../tests/records/shengji/shengji-first-hand.json"),
        2,
        3,
    );
    assert_eq!(shengji.faces().len(), 33);
    let size = render(&shengji).png.len();
    assert!(size < 150 * 1024, "{size} bytes");
    eprintln!("a 33-card Shengji hand: {size} bytes");
    c.bench_function("render_shengji_33_cards", |b| {
        b.iter(|| render(black_box(&shengji)))
    });
    // Every tile drawn from its paths (the first picture of a process, or
    // after the tile cache started over).
    c.bench_function("render_shengji_33_cards_cold", |b| {
        b.iter(|| render_with(black_box(&shengji), &mut Tiles::default()))
    });
    let ddz = scene::<DouDizhu>(
        include_str!("../tests/records/dou-dizhu/ddz-airplane-pairs.json"),
        0,
        0,
    );
    c.bench_function("render_dou_dizhu_hand", |b| {
        b.iter(|| render(black_box(&ddz)))
    });
    let phz = scene::<PaohuziTable>(
        include_str!("../tests/records/paohuzi/win-with-peng.json"),
        0,
        0,
    );
    c.bench_function("render_paohuzi_hand", |b| {
        b.iter(|| render(black_box(&phz)))
    });
}

criterion_group!(benches, pictures);
criterion_main!(benches);
