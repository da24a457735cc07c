//! `paiju arena` for every game (docs/arena.md): a whole match of each
//! game runs through its example bot in `examples/` over the JSON-lines
//! protocol, with no faulty answer, every arrangement of the seats played,
//! and every hand's record read back by `paiju replay` to its end. Dou
//! Dizhu's own tests (the protocol's faults and handshake) are in
//! `dou_dizhu/ai/arena.rs`.

use paiju::arena::{play_match, player_from_spec, seeded_deals, Arena, MatchOptions, Player};
use paiju::games::chexuan::Chexuan;
use paiju::games::duan_guozi::DuanGuozi;
use paiju::games::paohuzi::Paohuzi;
use paiju::games::shengji::ShengjiTable;
use paiju::record::Verdict;
use std::path::{Path, PathBuf};
use std::time::Duration;

fn example(file: &str) -> String {
    format!(
        "exec:python3 {}/examples/{file}",
        env!("CARGO_MANIFEST_DIR")
    )
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("paiju-arena-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Every record in `dir` replays to its end through `paiju replay`'s
/// registry; how many there were.
fn replay_all(dir: &Path) -> usize {
    let mut n = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let (verdict, _) = paiju::registry::replay_text(&text).unwrap();
        match verdict {
            Verdict::Ok { finished, .. } => assert!(finished, "{}", path.display()),
            other => panic!("{}: {other:?}", path.display()),
        }
        n += 1;
    }
    n
}

/// A match of `deals` deals between the example bot (A) and `b`; the
/// stats and the number of records written.
fn through_the_example<G: Arena>(
    bot: &str,
    b: &str,
    deals: usize,
    opts: MatchOptions<G>,
) -> (paiju::arena::stats::MatchStats, usize) {
    let dir = temp_dir(G::KIND.name());
    let opts = MatchOptions {
        records: Some(dir.clone()),
        ..opts
    };
    let deals = seeded_deals(&opts, deals, 11).unwrap();
    let mut a: Box<dyn Player<G>> =
        player_from_spec(&example(bot), 1, Duration::from_secs(20)).unwrap();
    let mut b = player_from_spec::<G>(b, 2, Duration::from_secs(1)).unwrap();
    assert!(a.name().starts_with("example"), "{}", a.name());
    let stats = play_match(&mut *a, &mut *b, &deals, &opts).unwrap();
    assert_eq!(stats.faults, [0, 0], "{}", stats.render());
    let records = replay_all(&dir);
    let _ = std::fs::remove_dir_all(&dir);
    (stats, records)
}

#[test]
fn shengji_hands_twice_teams_swapped() {
    let (stats, records) =
        through_the_example::<ShengjiTable>("shengji_bot.py", "basic", 2, MatchOptions::default());
    assert_eq!(stats.deals(), 2);
    assert_eq!(stats.games(), 4);
    assert_eq!(records, 4);
    let json = stats.to_json();
    let won = json["overall"]["hands_won"]["mean"].as_f64().unwrap();
    assert!((0.0..=1.0).contains(&won), "{json}");
    assert_eq!(
        stats.side_games("bankers") + stats.side_games("attackers"),
        4
    );
}

#[test]
fn shengji_whole_matches() {
    let opts = MatchOptions::<ShengjiTable> {
        matches: true,
        ..MatchOptions::default()
    };
    // Two built-in bots: a match is many hands, each a record.
    let dir = temp_dir("shengji-matches");
    let opts = MatchOptions {
        records: Some(dir.clone()),
        ..opts
    };
    let deals = seeded_deals(&opts, 1, 3).unwrap();
    let mut a = player_from_spec::<ShengjiTable>("basic", 1, Duration::from_secs(1)).unwrap();
    let mut b = player_from_spec::<ShengjiTable>("random", 2, Duration::from_secs(1)).unwrap();
    let stats = play_match(&mut *a, &mut *b, &deals, &opts).unwrap();
    assert_eq!(stats.games(), 2);
    assert!(stats.hands > 2, "{}", stats.render());
    assert_eq!(replay_all(&dir), stats.hands);
    let won = stats.overall("matches_won");
    assert_eq!(won.n, 1);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn paohuzi_deals_six_times_with_the_seats_rotated() {
    let (stats, records) =
        through_the_example::<Paohuzi>("paohuzi_bot.py", "basic", 2, MatchOptions::default());
    assert_eq!(stats.games(), 12);
    assert_eq!(records, 12);
    assert_eq!(stats.side_games("A on 1 seat"), 6);
    assert_eq!(stats.side_games("A on 2 seats"), 6);
    let fangpao = stats.overall("fangpao").mean;
    assert!((0.0..=1.0).contains(&fangpao));
}

#[test]
fn chexuan_sessions_with_the_seats_alternating() {
    let opts = MatchOptions::<Chexuan> {
        hands: 3,
        ..MatchOptions::default()
    };
    let (stats, records) = through_the_example::<Chexuan>("chexuan_bot.py", "basic", 2, opts);
    assert_eq!(stats.games(), 4);
    assert_eq!(stats.hands, 12);
    assert_eq!(records, 12);
    let (hand, session) = (
        stats.overall("chips_per_hand").mean,
        stats.overall("chips_per_session").mean,
    );
    assert!((session - 3.0 * hand).abs() < 1e-9, "{hand} {session}");
}

#[test]
fn duan_guozi_cancels_its_luck_exactly() {
    let (stats, records) =
        through_the_example::<DuanGuozi>("duan_guozi_bot.py", "basic", 3, MatchOptions::default());
    assert_eq!(stats.games(), 6);
    assert_eq!(records, 6);
    // Nobody decides: each deal's two games give A the table's total, 0.
    let game = stats.overall("chips_per_session");
    assert_eq!(game.mean, 0.0);
    assert_eq!(game.half_width, 0.0);
}

#[test]
fn every_game_runs_from_the_command_line() {
    // Chexuan at three seats: A on two of them and on one, each turned.
    for (game, hands) in [
        ("dou-dizhu", None),
        ("shengji", None),
        ("paohuzi", None),
        ("chexuan", Some(3)),
        ("duan-guozi", None),
    ] {
        let args = paiju::arena::ArenaArgs {
            game: game.into(),
            a: if game == "dou-dizhu" {
                "normal"
            } else {
                "basic"
            }
            .into(),
            b: "random".into(),
            deals: 2,
            seed: 5,
            rules: "{}".into(),
            players: (game == "chexuan").then_some(3),
            bidding: false,
            hands,
            matches: None,
            deals_file: None,
            records: None,
            timeout: Duration::from_secs(1),
            json: true,
            jobs: 1,
            scores: None,
        };
        let out = paiju::arena::run(&args).unwrap_or_else(|e| panic!("{game}: {e}"));
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["game"], game);
        assert!(v["deals"].as_u64().unwrap() >= 1, "{game}: {v}");
    }
    // A game's own options are refused elsewhere.
    let bad = paiju::arena::ArenaArgs {
        game: "paohuzi".into(),
        a: "basic".into(),
        b: "basic".into(),
        deals: 1,
        seed: 1,
        rules: "{}".into(),
        players: None,
        bidding: true,
        hands: None,
        matches: None,
        deals_file: None,
        records: None,
        timeout: Duration::from_secs(1),
        json: false,
        jobs: 1,
        scores: None,
    };
    let err = paiju::arena::run(&bad).unwrap_err().to_string();
    assert!(err.contains("--bidding"), "{err}");
}

/// `--jobs 2` plays the same match as one thread, and `--scores` lets a
/// stopped match go on: a file cut in the middle of a line gives the same
/// figures once the rest is played, counting each deal once; a run of
/// other options is refused and the file left as it was; a longer run
/// plays only the deals the file lacks.
#[test]
fn a_match_is_the_same_on_two_jobs_and_goes_on_after_a_stop() {
    let dir = temp_dir("scores");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("scores.jsonl");
    let args = |matches: usize, seed: u64, jobs: usize, scores: bool| paiju::arena::ArenaArgs {
        game: "shengji".into(),
        a: "normal".into(),
        b: "easy".into(),
        deals: 100,
        seed,
        rules: "{}".into(),
        players: None,
        bidding: false,
        hands: None,
        matches: Some(matches),
        deals_file: None,
        records: None,
        timeout: Duration::from_secs(1),
        json: true,
        jobs,
        scores: scores.then(|| path.clone()),
    };
    let run = |a: &paiju::arena::ArenaArgs| -> serde_json::Value {
        serde_json::from_str(&paiju::arena::run(a).unwrap()).unwrap()
    };
    // The figures without the decision times (and how they were come by).
    let figures = |mut v: serde_json::Value| {
        let m = v.as_object_mut().unwrap();
        m.remove("timing");
        m.remove("resumed");
        v
    };
    let one = run(&args(4, 8, 1, false));
    assert_eq!(one["deals"], 4);
    assert!(one["hands"].as_u64().unwrap() > 16, "{one}");
    assert_eq!(figures(run(&args(4, 8, 2, false))), figures(one.clone()));

    let whole = run(&args(4, 8, 2, true));
    assert_eq!(figures(whole), figures(one.clone()));
    let text = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 5, "{text}");
    // Stopped after two deals, in the middle of writing the third.
    let cut = format!(
        "{}\n{}\n{}\n{}",
        lines[0],
        lines[1],
        lines[2],
        &lines[3][..12]
    );
    std::fs::write(&path, &cut).unwrap();
    let resumed = run(&args(4, 8, 1, true));
    assert_eq!(resumed["resumed"], 2);
    let decisions = |v: &serde_json::Value| v["timing"]["a"]["decisions"].as_u64().unwrap();
    assert!(decisions(&resumed) < decisions(&one));
    assert_eq!(figures(resumed), figures(one.clone()));
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(text.lines().count(), 5, "{text}");
    assert!(text.ends_with('\n'));

    let other = paiju::arena::run(&args(4, 9, 1, true))
        .unwrap_err()
        .to_string();
    assert!(other.contains("another run"), "{other}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);

    let longer = run(&args(5, 8, 1, true));
    assert_eq!(longer["resumed"], 4);
    assert_eq!(longer["deals"], 5);
    assert_eq!(std::fs::read_to_string(&path).unwrap().lines().count(), 6);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A bot draws from a generator of its own in every hand: a deal plays
/// the same way whatever was played before it, so two builds compared on
/// the same deals differ only in the hands whose decisions differ.
#[test]
fn each_hand_draws_from_its_own_generator() {
    let opts = MatchOptions::<Paohuzi>::default();
    let deals = seeded_deals(&opts, 3, 5).unwrap();
    let second_deal_records = |before: usize| {
        let dir = temp_dir(&format!("own-generator-{before}"));
        let opts = MatchOptions {
            records: Some(dir.clone()),
            ..MatchOptions::default()
        };
        let played = [deals[before].clone(), deals[2].clone()];
        let mut a = player_from_spec::<Paohuzi>("random", 1, Duration::from_secs(1)).unwrap();
        let mut b = player_from_spec::<Paohuzi>("random", 2, Duration::from_secs(1)).unwrap();
        play_match(&mut *a, &mut *b, &played, &opts).unwrap();
        let mut records: Vec<(String, String)> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| {
                p.file_name()
                    .unwrap()
                    .to_string_lossy()
                    .starts_with("000002")
            })
            .map(|p| {
                let name = p.file_name().unwrap().to_string_lossy().into_owned();
                (name, std::fs::read_to_string(&p).unwrap())
            })
            .collect();
        records.sort();
        let _ = std::fs::remove_dir_all(&dir);
        records
    };
    let (after_0, after_1) = (second_deal_records(0), second_deal_records(1));
    assert_eq!(after_0.len(), 6);
    assert_eq!(after_0, after_1);
}
