//! Ratings in the ledger (issue #35), on every database: written with the
//! settlement, equal to what `rebuild_ratings` recomputes from the stored
//! games, the repeat rule against a colluding pair, AI seats unrated, and a
//! season's end (the final ladder kept, every rating softly reset).

use crate::support::db;

use db::{Backend, TestDb};
use paiju::ledger::ratings::model::{Skill, Standing};
use paiju::ledger::{
    Contest, Ledger, LedgerConfig, NewGame, RatingsConfig, SettleReport, Settlement, SideResult,
    Verdict,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::json;

const SERVER: u64 = 7;

async fn ledger(b: Backend, cfg: RatingsConfig) -> (TestDb, Ledger) {
    let db = TestDb::new(b).await.unwrap();
    let l = Ledger::open(&db.url, LedgerConfig::default())
        .await
        .unwrap()
        .with_ratings(cfg);
    (db, l)
}

/// Opens and settles one game of `kind` with these seats, deltas and
/// contest.
async fn play(
    l: &Ledger,
    kind: &str,
    seats: Vec<Option<u64>>,
    deltas: Vec<i64>,
    contest: Contest,
) -> SettleReport {
    let game = l
        .create_game(NewGame {
            server: SERVER,
            channel: 1,
            kind: kind.into(),
            options: json!({}),
            seats,
            stake: 1,
        })
        .await
        .unwrap();
    let winners = (0..deltas.len()).filter(|&s| deltas[s] > 0).collect();
    l.settle_rated(
        game,
        Settlement {
            deltas,
            rake_percent: 0,
            record: json!({}),
            winners,
        },
        Some(contest),
    )
    .await
    .unwrap()
}

/// A Dou Dizhu game: `landlord` (a seat) against the others; the landlord
/// wins or loses 2, each farmer the opposite 1.
async fn dou_dizhu(
    l: &Ledger,
    players: [u64; 3],
    landlord: usize,
    landlord_won: bool,
) -> SettleReport {
    let sign = if landlord_won { 1 } else { -1 };
    let deltas: Vec<i64> = (0..3)
        .map(|s| if s == landlord { 2 * sign } else { -sign })
        .collect();
    let farmers = (0..3).filter(|&s| s != landlord).collect();
    let contest = Contest::sides_by_chips(vec![landlord], farmers, &deltas);
    play(l, "dou-dizhu", players.map(Some).to_vec(), deltas, contest).await
}

/// Many games of three kinds among eight players, some of them repeats
/// past the limit, one with an AI seat and a season's end midway: the
/// ratings the settlements wrote are the ones the rebuild finds.
async fn rebuild_equals_incremental(b: Backend) {
    let cfg = RatingsConfig {
        repeat_limit: 3,
        ..RatingsConfig::default()
    };
    let (_db, l) = ledger(b, cfg).await;
    let mut rng = ChaCha8Rng::seed_from_u64(35);
    let mut repeats = 0;
    for i in 0..90 {
        if i == 45 {
            l.end_season(SERVER, paiju::ledger::now_unix())
                .await
                .unwrap();
        }
        let mut pool: Vec<u64> = (1..=8).collect();
        let mut pick = |n: usize| -> Vec<u64> {
            (0..n)
                .map(|_| pool.remove(rng.gen_range(0..pool.len())))
                .collect()
        };
        let report = match i % 3 {
            0 => {
                let p = pick(3);
                let landlord = (i / 3) % 3;
                dou_dizhu(&l, [p[0], p[1], p[2]], landlord, i % 4 < 2).await
            }
            1 => {
                // Paohuzi: a winner, or a 荒庄 (a draw) now and then.
                let p = pick(3);
                let deltas = match i % 5 {
                    0 => vec![0, 0, 0],
                    w => {
                        let w = w % 3;
                        (0..3).map(|s| if s == w { 4 } else { -2 }).collect()
                    }
                };
                let c = Contest::by_chips(&deltas);
                play(&l, "paohuzi", p.into_iter().map(Some).collect(), deltas, c).await
            }
            _ => {
                // Shengji: the banker's team (0 + 2 or 1 + 3) up or down.
                let p = pick(4);
                let banker = i % 2;
                let up = if i % 7 < 4 { 1 } else { -1 };
                let deltas: Vec<i64> = (0..4)
                    .map(|s| if s % 2 == banker { up } else { -up })
                    .collect();
                let c = Contest::sides_by_chips(
                    vec![banker, banker + 2],
                    vec![1 - banker, 3 - banker],
                    &deltas,
                );
                play(&l, "shengji", p.into_iter().map(Some).collect(), deltas, c).await
            }
        };
        let r = report.ratings.expect("a contest is always answered");
        if matches!(r.verdict, Verdict::Repeat { .. }) {
            repeats += 1;
        }
    }
    // The same three players again and again: past the limit.
    for _ in 0..5 {
        let r = dou_dizhu(&l, [1, 2, 3], 0, true).await.ratings.unwrap();
        if matches!(r.verdict, Verdict::Repeat { .. }) {
            repeats += 1;
        }
    }
    // An AI seat: not rated, nothing stored.
    let ai = play(
        &l,
        "dou-dizhu",
        vec![Some(1), Some(2), None],
        vec![2, -1, -1],
        Contest::sides_by_chips(vec![0], vec![1, 2], &[2, -1, -1]),
    )
    .await;
    assert_eq!(ai.ratings.unwrap().verdict, Verdict::AiSeat);

    let before = l.all_ratings().await.unwrap();
    assert!(before.0.len() >= 8, "{before:?}");
    assert!(!before.1.is_empty(), "the landlord's record is kept");
    let report = l.rebuild_ratings().await.unwrap();
    assert_eq!(report.games, 95, "every all-human game is stored");
    assert!(repeats > 0);
    assert_eq!(report.rated, report.games - repeats);
    let after = l.all_ratings().await.unwrap();
    assert_eq!(before, after, "the rebuild finds the incremental ratings");
}

/// Two members trade wins at 二人斗地主 forty times in a day: the first
/// games are rated, the rest are not and move nothing; the result says why.
async fn a_colluding_pair_cannot_climb(b: Backend) {
    // An even limit: each wins as often in the rated games.
    let cfg = RatingsConfig {
        repeat_limit: 6,
        ..RatingsConfig::default()
    };
    let limit = cfg.repeat_limit;
    let (_db, l) = ledger(b, cfg).await;
    let mut standings_at_limit = None;
    for i in 0..40 {
        // Each wins in turn, as landlord.
        let landlord = i % 2;
        let deltas: Vec<i64> = (0..2).map(|s| if s == landlord { 1 } else { -1 }).collect();
        let c = Contest::sides_by_chips(vec![landlord], vec![1 - landlord], &deltas);
        let r = play(&l, "dou-dizhu", vec![Some(11), Some(12)], deltas, c)
            .await
            .ratings
            .unwrap();
        if (i as i64) < limit {
            assert_eq!(r.verdict, Verdict::Rated, "game {i}");
        } else {
            assert_eq!(
                r.verdict,
                Verdict::Repeat {
                    meetings: i as i64 + 1
                },
                "game {i}"
            );
            assert!(r.seats.iter().all(Option::is_none));
        }
        if i as i64 == limit - 1 {
            standings_at_limit = Some(l.all_ratings().await.unwrap());
        }
    }
    assert_eq!(
        Some(l.all_ratings().await.unwrap()),
        standings_at_limit,
        "games past the limit change no rating"
    );
    // And neither is better off than the other for it.
    let (rows, _) = l.all_ratings().await.unwrap();
    let mus: Vec<f64> = rows.iter().map(|r| r.3.skill.mu()).collect();
    assert!((mus[0] - mus[1]).abs() < 1.5, "{mus:?}");
    // A third member at the table is another set of players: rated.
    let r = dou_dizhu(&l, [11, 12, 13], 2, true).await.ratings.unwrap();
    assert_eq!(r.verdict, Verdict::Rated);
}

/// A season's end keeps the final ladder, softly resets every rating, and
/// the next season's ladder starts empty.
async fn a_season_ends_with_a_soft_reset(b: Backend) {
    let cfg = RatingsConfig {
        repeat_limit: 100,
        ..RatingsConfig::default()
    };
    let (pull, raise) = (cfg.reset_pull_percent, cfg.reset_raise_percent);
    let (_db, l) = ledger(b, cfg).await;
    for i in 0..12 {
        dou_dizhu(&l, [21, 22, 23], i % 3, i % 3 == 0).await;
    }
    let (season, ladder) = l.ladder(SERVER, "dou-dizhu", None, 0, 20).await.unwrap();
    assert_eq!((season, ladder.len()), (1, 3));
    let before = l.all_ratings().await.unwrap().0;
    let end = l
        .end_season(SERVER, paiju::ledger::now_unix())
        .await
        .unwrap();
    assert_eq!(end.number, 1);
    assert_eq!(end.ladders, vec![("dou-dizhu".to_string(), ladder.clone())]);
    assert_eq!(l.season_status(SERVER).await.unwrap().number, 2);
    // Kept: the past season's ladder is the final one.
    let (_, kept) = l.ladder(SERVER, "dou-dizhu", Some(1), 0, 20).await.unwrap();
    assert_eq!(kept, ladder);
    // This season's is empty until someone plays.
    assert!(l
        .ladder(SERVER, "dou-dizhu", None, 0, 20)
        .await
        .unwrap()
        .1
        .is_empty());
    let after = l.all_ratings().await.unwrap().0;
    for (b, a) in before.iter().zip(&after) {
        let want: Skill = b.3.skill.soft_reset(pull, raise);
        assert_eq!(a.3.skill, want);
        assert!((a.3.skill.mu() - 25.0).abs() <= (b.3.skill.mu() - 25.0).abs());
        assert!(a.3.skill.sigma() >= b.3.skill.sigma());
        let games: Standing = a.3;
        assert_eq!(games.games, b.3.games, "the games played stay counted");
    }
    // /rank: no place on the new season's ladder until a game of it.
    let rank = l.rank_of(SERVER, 21, None).await.unwrap();
    assert_eq!(rank.len(), 1);
    assert_eq!(rank[0].place, None);
    assert_eq!(rank[0].standing.season_games, 0);
    dou_dizhu(&l, [21, 22, 23], 0, true).await;
    let rank = l.rank_of(SERVER, 21, Some("dou-dizhu")).await.unwrap();
    assert!(rank[0].place.is_some());
    // The rebuild replays the reset where the seasons change.
    let stored = l.all_ratings().await.unwrap();
    l.rebuild_ratings().await.unwrap();
    assert_eq!(l.all_ratings().await.unwrap(), stored);
    // /season start is refused once the season has rated games.
    assert!(l.start_season(SERVER, 0).await.is_err());
}

/// With `season_days`, a season comes due that long after it began (its
/// first rated game, or the last season's end); ending it "if it is still
/// season N" ends it once, however many processes saw it due.
async fn a_season_comes_due_by_its_length(b: Backend) {
    const DAY: i64 = 24 * 3600;
    let cfg = RatingsConfig {
        season_days: 2,
        ..RatingsConfig::default()
    };
    let (_db, l) = ledger(b, cfg).await;
    let now = paiju::ledger::now_unix();
    assert!(l.seasons_due(now + 10 * DAY).await.unwrap().is_empty());
    dou_dizhu(&l, [41, 42, 43], 0, true).await;
    dou_dizhu(&l, [41, 42, 43], 1, false).await;
    assert!(l.seasons_due(now).await.unwrap().is_empty());
    assert!(l.seasons_due(now + DAY).await.unwrap().is_empty());
    let due = l.seasons_due(now + 2 * DAY + 5).await.unwrap();
    assert_eq!(due.len(), 1, "{due:?}");
    assert_eq!((due[0].server, due[0].number), (SERVER, 1));
    assert_eq!(l.game_channel(due[0].last_game).await.unwrap(), Some(1));
    let later = now + 2 * DAY + 5;
    let end = l
        .end_season_numbered(SERVER, later, Some(1))
        .await
        .unwrap()
        .expect("season 1 ends");
    assert_eq!(end.number, 1);
    assert_eq!(end.ladders.len(), 1);
    // A second process that saw the same season due ends nothing.
    assert_eq!(
        l.end_season_numbered(SERVER, later, Some(1)).await.unwrap(),
        None
    );
    assert_eq!(l.season_status(SERVER).await.unwrap().number, 2);
    // Season 2 runs from season 1's end: due two days after it.
    assert!(l.seasons_due(later + DAY).await.unwrap().is_empty());
    let due = l.seasons_due(later + 2 * DAY).await.unwrap();
    assert_eq!((due[0].server, due[0].number), (SERVER, 2));

    // Without a length, seasons end only by /season end.
    let (_db0, l0) = ledger(b, RatingsConfig::default()).await;
    dou_dizhu(&l0, [41, 42, 43], 0, true).await;
    assert!(l0.seasons_due(now + 1000 * DAY).await.unwrap().is_empty());
}

/// Settling twice answers the same report, ratings included, and rates
/// nothing twice.
async fn a_second_settlement_rates_nothing_again(b: Backend) {
    let (_db, l) = ledger(b, RatingsConfig::default()).await;
    let game = l
        .create_game(NewGame {
            server: SERVER,
            channel: 1,
            kind: "dou-dizhu".into(),
            options: json!({}),
            seats: vec![Some(31), Some(32), Some(33)],
            stake: 1,
        })
        .await
        .unwrap();
    let s = Settlement {
        deltas: vec![2, -1, -1],
        rake_percent: 0,
        record: json!({}),
        winners: vec![0],
    };
    let c = Contest::Sides {
        role: vec![0],
        others: vec![1, 2],
        result: SideResult::RoleWon,
    };
    let first = l
        .settle_rated(game, s.clone(), Some(c.clone()))
        .await
        .unwrap();
    let ratings = l.all_ratings().await.unwrap();
    let again = l.settle_rated(game, s, Some(c)).await.unwrap();
    assert_eq!(first, again);
    assert_eq!(l.all_ratings().await.unwrap(), ratings);
    let seat = first.ratings.unwrap().seats[0].unwrap();
    assert!(seat.after > seat.before, "{seat:?}");
    assert_eq!(seat.games, 1);
}

on_every_database!(
    rebuild_equals_incremental,
    a_colluding_pair_cannot_climb,
    a_season_ends_with_a_soft_reset,
    a_season_comes_due_by_its_length,
    a_second_settlement_rates_nothing_again,
);
