//! Issue #35 §4: deals anyone can verify (公平发牌). A real game played
//! in the terminal shows its commitment at the deal and its seed at the
//! end; `paiju verify` accepts its stored record in both languages and
//! refuses it with a card swapped; every game's table deals (the first
//! game, the game that follows it, the fresh deal of a table that plays
//! on) verify against the seed they were dealt from.

use crate::support::terminal::{self, run_paiju};
use paiju::fair::{self, Bytes32, Check, FairDeal, Finding};
use paiju::games::GameKind;
use paiju::record::Record;
use paiju::table::{JoinArgs, SeatSetup, TableGame};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::Value;
use std::path::Path;

/// Every settled game's record in the ledger at `db`, oldest first.
fn records(db: &Path) -> Vec<Value> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let pool = sqlx::SqlitePool::connect(&format!("sqlite://{}", db.display()))
            .await
            .unwrap();
        let texts: Vec<String> = sqlx::query_scalar(
            "SELECT r.record FROM games g JOIN game_records r ON r.id = g.record_id ORDER BY g.id",
        )
        .fetch_all(&pool)
        .await
        .unwrap();
        pool.close().await;
        texts
            .iter()
            .map(|t| serde_json::from_str(t).unwrap())
            .collect()
    })
}

/// `paiju verify` of `record` written to a file in `dir`, in `lang`.
fn verify(dir: &Path, record: &Value, lang: &str) -> (i32, String, String) {
    let file = dir.join("record.json");
    std::fs::write(&file, record.to_string()).unwrap();
    run_paiju(["verify", file.to_str().unwrap(), "--lang", lang])
}

fn hex_of(value: &Value) -> String {
    value.as_str().expect("a hex string").to_string()
}

#[test]
fn a_real_game_verifies_and_a_swapped_card_is_refused_in_both_languages() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("play.db");
    // No --seed: the deal's seed comes from the operating system.
    let input = "auto\n".repeat(40) + "n\n";
    let (ok, out, err) = terminal::play("dou-dizhu", &db, &["--lang", "en"], &input);
    assert!(ok, "{err}\n{out}");
    let records = records(&db);
    let record = records.first().expect("a settled game").clone();
    let fair = &record["fair"];
    let commitment = hex_of(&fair["commitment"]);
    let seed = hex_of(&fair["seed"]);
    assert_eq!(fair.get("chosen"), None, "a fresh seed is not chosen");
    // The commitment is shown at the deal, before the first hand; the
    // seed only once the game is over.
    let shown = out
        .find(&format!("Fair deal: commitment `{commitment}`"))
        .unwrap_or_else(|| panic!("the commitment at the deal:\n{out}"));
    let hand = out.find("Your hand").expect("the hand");
    assert!(shown < hand, "{out}");
    let revealed = out
        .find(&format!("Seed of this deal: `{seed}`"))
        .unwrap_or_else(|| panic!("the seed at the end:\n{out}"));
    assert!(out[..revealed].find(&seed).is_none(), "seen early: {out}");
    assert!(
        out.contains(&format!("The commitment `{commitment}` is this seed's")),
        "{out}"
    );
    // The commitment is the documented SHA-256, which anyone can redo.
    let id = fair["game_id"].as_u64().unwrap();
    let recomputed = fair::commitment("dou-dizhu", id, &Bytes32::from_hex(&seed).unwrap());
    assert_eq!(recomputed.to_hex(), commitment);

    let (code, text, err) = verify(dir.path(), &record, "en");
    assert_eq!(code, 0, "{text}{err}");
    assert!(text.starts_with("Verified: Dou Dizhu game #"), "{text}");
    assert!(text.contains(&commitment) && text.contains(&seed), "{text}");
    let (code, text, err) = verify(dir.path(), &record, "zh");
    assert_eq!(code, 0, "{text}{err}");
    assert!(text.starts_with("核对通过：斗地主"), "{text}");

    // One card swapped between two hands: refused, saying where.
    let mut tampered = record.clone();
    let hands = &mut tampered["deal"]["hands"];
    let card = hands[0][0].clone();
    hands[0][0] = hands[1][0].clone();
    hands[1][0] = card;
    let (code, text, err) = verify(dir.path(), &tampered, "en");
    assert_eq!(code, 1, "{text}{err}");
    assert!(text.starts_with("NOT verified"), "{text}");
    assert!(
        text.contains("at deal.hands[0][0] the record has"),
        "{text}"
    );
    assert!(
        text.contains("at deal.hands[1][0] the record has"),
        "{text}"
    );
    let (code, text, _) = verify(dir.path(), &tampered, "zh");
    assert_eq!(code, 1);
    assert!(text.starts_with("核对未通过"), "{text}");
    assert!(text.contains("在 deal.hands[0][0]，记录中是"), "{text}");

    // A seed changed after the fact: its commitment no longer matches.
    let mut reseeded = record.clone();
    reseeded["fair"]["seed"] = Value::String(fair::chosen_seed(1, 1).to_hex());
    let (code, text, _) = verify(dir.path(), &reseeded, "en");
    assert_eq!(code, 1);
    assert!(
        text.contains(&format!("the commitment {commitment} is not this game's")),
        "{text}"
    );

    // The record replays as ever: its `fair` field is beside its fields.
    let file = dir.path().join("record.json");
    std::fs::write(&file, record.to_string()).unwrap();
    let (code, text, err) = run_paiju(["replay", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{text}{err}");
    let (clean, report) = terminal::verify(&db);
    assert!(clean, "{report}");
}

#[test]
fn a_chosen_seed_is_reproducible_and_says_its_commitment_proves_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let input = "auto\n".repeat(40) + "n\n";
    let a = dir.path().join("a.db");
    let b = dir.path().join("b.db");
    let (ok, out, err) = terminal::play("dou-dizhu", &a, &["--seed", "4"], &input);
    assert!(ok, "{err}\n{out}");
    assert!(
        out.contains("Deal from your `--seed` (reproducible)"),
        "{out}"
    );
    let (ok, again, _) = terminal::play("dou-dizhu", &b, &["--seed", "4"], &input);
    assert!(ok);
    assert_eq!(out, again, "the same seed plays the same game");
    let record = records(&a)[0].clone();
    assert_eq!(record["fair"]["chosen"], Value::Bool(true));
    let (code, text, err) = verify(dir.path(), &record, "en");
    assert_eq!(code, 0, "{text}{err}");
    assert!(text.contains("chosen by a player"), "{text}");
    let (_, text, _) = verify(dir.path(), &record, "zh");
    assert!(text.contains("种子由玩家指定"), "{text}");
}

#[test]
fn a_record_from_before_fair_deals_replays_but_does_not_verify() {
    let dir = tempfile::tempdir().unwrap();
    let file = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/records/dou-dizhu/ddz-airplane-of-four-trios.json");
    let text = std::fs::read_to_string(&file).unwrap();
    let record: Value = serde_json::from_str(&text).unwrap();
    let (code, out, err) = verify(dir.path(), &record, "en");
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        out.contains("it carries no seed and no commitment"),
        "{out}"
    );
    // Not a record at all: unreadable, exit 2.
    std::fs::write(dir.path().join("bad.json"), "{").unwrap();
    let bad = dir.path().join("bad.json");
    let (code, _, err) = run_paiju(["verify", bad.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
}

/// Plays `g` to its end with random legal moves (and the table's own
/// steps); false when it did not end within `max` moves.
fn play_out<G: TableGame>(g: &mut G, rng: &mut ChaCha8Rng, max: usize) -> bool {
    for _ in 0..max {
        if g.is_finished() {
            return true;
        }
        let (seat, action) = match g.table_step() {
            Some((seat, action, _)) => (seat, action),
            None => {
                let Some(&seat) = g.waiting_on().choose(rng) else {
                    return false;
                };
                let legal: Vec<_> = g
                    .legal_actions(seat)
                    .into_iter()
                    .filter(|a| !G::timer_only(a))
                    .collect();
                let Some(action) = legal.choose(rng).cloned() else {
                    return false;
                };
                (seat, action)
            }
        };
        g.apply(seat, &action).expect("a legal action");
    }
    g.is_finished()
}

/// The check of `g`'s record, committed as game `id` with `seed`.
fn check_of<G: TableGame>(g: &G, seed: &FairDeal, id: u64) -> Check {
    let record = g.record();
    let mut value = serde_json::to_value(&record).unwrap();
    seed.committed(&record.game, id).insert_into(&mut value);
    let text = value.to_string();
    let (read, check) = paiju::registry::verify_text(&text).expect("a readable record");
    assert_eq!(read, Record::from_json(&text).unwrap());
    check
}

fn table_deals_verify<G: TableGame>() -> usize {
    let rules = G::Rules::default();
    let seats = *G::seat_range(&rules).start();
    // A person in the first seat, the computer in the others.
    let setups: Vec<SeatSetup> = (0..seats)
        .map(|s| SeatSetup {
            human: s == 0,
            join: JoinArgs::default(),
            balance: (s == 0 && G::MONEY.reads_balance()).then_some(1_000_000),
        })
        .collect();
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut verified = 0;
    for n in 0..3u64 {
        let first = FairDeal::new(fair::chosen_seed(100, n), false);
        let mut g = G::deal_table(rules.clone(), &setups, &mut fair::deal_rng(&first.seed))
            .expect("a deal");
        let check = check_of(&g, &first, n + 1);
        assert!(check.is_verified(), "{}: {check:?}", G::KIND.name());
        verified += 1;
        // Another seed's commitment does not pass for this deal.
        let other = FairDeal::new(fair::chosen_seed(200, n), false);
        let Check::Failed { findings, .. } = check_of(&g, &other, n + 1) else {
            panic!("{}: a deal verified against another seed", G::KIND.name());
        };
        assert!(
            findings
                .iter()
                .any(|f| matches!(f, Finding::DealDiffers { .. })),
            "{}: {findings:?}",
            G::KIND.name()
        );
        // The fresh deal of a table that plays on.
        let fresh = FairDeal::new(fair::chosen_seed(300, n), false);
        let dealt = G::deal(rules.clone(), seats, &mut fair::deal_rng(&fresh.seed)).unwrap();
        assert!(check_of(&dealt, &fresh, 50 + n).is_verified());
        // The game that follows a finished one at the same table.
        if play_out(&mut g, &mut rng, 20_000) {
            let next_seed = FairDeal::new(fair::chosen_seed(400, n), false);
            if let Some(next) = g.next_game(&mut fair::deal_rng(&next_seed.seed)) {
                let check = check_of(&next, &next_seed, 100 + n);
                assert!(check.is_verified(), "{} next: {check:?}", G::KIND.name());
                verified += 1;
            }
        }
    }
    verified
}

#[test]
fn every_games_table_deals_verify_against_their_seeds() {
    for kind in GameKind::ALL {
        let verified = paiju::games::with_game!(kind, G => table_deals_verify::<G>());
        assert!(verified >= 3, "{}", kind.name());
    }
}

/// The commitment a run printed at its last game's start (resumed or
/// dealt: a deal nobody bids on is dealt again, a game of its own).
fn commitment_shown(out: &str) -> String {
    let at = out
        .rfind("Fair deal: commitment `")
        .unwrap_or_else(|| panic!("no commitment:\n{out}"));
    let rest = &out[at + "Fair deal: commitment `".len()..];
    rest[..64].to_string()
}

#[test]
fn a_game_resumed_in_another_run_keeps_its_seed_and_its_commitment() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("resume.db");
    // End of input after two moves saves the game; the next run resumes it.
    let (ok, out, err) = terminal::play("dou-dizhu", &db, &[], "auto\nauto\n");
    assert!(ok, "{err}\n{out}");
    assert!(out.contains("The game is saved"), "{out}");
    let dealt = commitment_shown(&out);
    let input = "auto\n".repeat(40) + "n\n";
    let (ok, out, err) = terminal::play("dou-dizhu", &db, &[], &input);
    assert!(ok, "{err}\n{out}");
    assert!(out.contains("Resuming game #"), "{out}");
    let resumed = out.find("Fair deal: commitment `").unwrap();
    assert_eq!(
        commitment_shown(&out[..resumed + 100]),
        dealt,
        "shown again"
    );
    let record = records(&db)
        .into_iter()
        .find(|r| r["fair"]["commitment"] == Value::String(dealt.clone()))
        .expect("the resumed game's record keeps its commitment");
    let (code, text, err) = verify(dir.path(), &record, "en");
    assert_eq!(code, 0, "{text}{err}");
}
