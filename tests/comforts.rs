//! Issue #36, the last table comforts: 要不起 (when passing is the only
//! move, say so, and pass at once for a player who chose that), the
//! terminal's turn timer shown and warned, and `rules` in the terminal.
//!
//! The forced pass is set up, not searched for: a Dou Dizhu game stored
//! unfinished at the moment the AI landlord has led the rocket and the
//! person must answer it, which the table resumes (so a resumed game
//! honouring the choice is what every test here sees).

use crate::support;

use paiju::games::dou_dizhu::{Action, Deal, DouDizhu, Rules};
use paiju::games::Game;
use paiju::i18n::Lang;
use paiju::table::{memory::MemoryStore, NewGame, TableStore, Tables};
use paiju::terminal::{play, terminal_config, PlayOptions, LOCAL_SERVER, LOCAL_USER};
use serde_json::{json, Value};
use std::sync::Arc;
use tokio::io::AsyncWriteExt;

/// A fixed deal (the deck in order, seat 2 first to bid) and the moves
/// that make seat 2 the landlord (bid 3, the kitty's rocket its own) and
/// lead the rocket: seat 0, next, cannot beat it (its four 2s are a bomb,
/// which the rocket beats). The first snapshot, and the moves as stored.
fn rocket_standing() -> (Value, Vec<Value>) {
    let mut game = DouDizhu::new(Rules::default(), Deal::in_order(2)).unwrap();
    let first = serde_json::to_value(game.record()).unwrap();
    let rocket = paiju::cards::parse_cards(&["SJ", "BJ"]).unwrap();
    let moves = [(2, Action::Bid(3)), (2, Action::play(&rocket))];
    let mut stored = Vec::new();
    for (seat, action) in moves {
        game.apply(seat, &action).unwrap();
        stored.push(paiju::record::seated_action(
            seat,
            DouDizhu::action_to_json(&action),
        ));
    }
    assert_eq!(game.forced_pass(0), Some(Action::Pass), "the set-up holds");
    (first, stored)
}

/// Stores [`rocket_standing`] unfinished in `store`, for `user` at seat 0
/// of `server`'s `channel`; its id.
async fn store_rocket_game<S: TableStore>(
    store: &S,
    server: u64,
    channel: u64,
    user: u64,
) -> paiju::table::GameId {
    let (first, moves) = rocket_standing();
    let id = store
        .open_game(
            NewGame {
                server,
                channel,
                kind: "dou-dizhu".into(),
                options: json!({"stake": 10, "rules": {}, "seed": null, "lang": null, "host": user}),
                seats: vec![Some(user), None, None],
                stake: 10,
                balances: Vec::new(),
            },
            Vec::new(),
            first,
        )
        .await
        .unwrap();
    for (i, m) in moves.iter().enumerate() {
        store.append_action(id, i as i64 + 1, m).await.unwrap();
    }
    id
}

/// What `paiju::terminal::play` printed, shared with the test.
#[derive(Clone, Default)]
struct Screen(Arc<std::sync::Mutex<Vec<u8>>>);

impl std::io::Write for Screen {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Screen {
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.0.lock().unwrap()).into_owned()
    }

    /// Waits (in the paused clock) until `what` shows, at most an hour of
    /// it: the table's own timers drive the waiting, never the wall clock.
    async fn until(&self, what: &str) -> String {
        for _ in 0..36_000 {
            let text = self.text();
            if text.contains(what) {
                return text;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        panic!("`{what}` never showed:\n{}", self.text());
    }
}

fn options(lang: Lang) -> PlayOptions {
    PlayOptions {
        seed: Some(3),
        rules: json!({}),
        stake: 10,
        ai_delay_ms: 1000,
        ai_seats: None,
        buy_in: None,
        lang,
    }
}

/// A terminal session of Dou Dizhu on `store` with `config`: the keyboard,
/// the screen and the session's task.
fn session(
    store: Arc<MemoryStore>,
    config: paiju::table::TableConfig,
    lang: Lang,
) -> (
    tokio::io::DuplexStream,
    Screen,
    tokio::task::JoinHandle<anyhow::Result<()>>,
) {
    let tables = Tables::new(store, config);
    let (keyboard, input) = tokio::io::duplex(1024);
    let screen = Screen::default();
    let out = screen.clone();
    let game = tokio::spawn(async move {
        play::<DouDizhu, _, _, _>(tables, options(lang), tokio::io::BufReader::new(input), out)
            .await
    });
    (keyboard, screen, game)
}

/// 要不起 with `autopass on` kept from an earlier run: the resumed game
/// passes for the person at once, in the apps' words, without asking; in
/// both languages.
#[tokio::test(start_paused = true)]
async fn a_forced_pass_is_made_at_once_for_a_player_who_chose_it() {
    for (lang, passed, your_move) in [
        (
            Lang::EnUs,
            "You can't beat it (要不起): passed at once",
            "Your move.",
        ),
        (Lang::ZhCn, "你要不起：已自动不要", "轮到你了。"),
    ] {
        let store = Arc::new(MemoryStore::new(1000));
        store_rocket_game(&*store, LOCAL_SERVER, 1, LOCAL_USER).await;
        store
            .set_autopass(LOCAL_SERVER, LOCAL_USER, true)
            .await
            .unwrap();
        let (keyboard, screen, game) = session(store.clone(), terminal_config(1000), lang);
        let shown = screen.until(passed).await;
        let before = shown.split_once(passed).unwrap().0;
        assert!(
            !before.contains(your_move),
            "the pass was not asked for: {shown}"
        );
        // The table plays on: the person's next turn (a lead they can
        // beat or make) is asked for as ever.
        screen.until(your_move).await;
        let id = store.game(1).unwrap();
        assert_eq!(
            id.appended.get(2).and_then(|a| a.get("pass")),
            Some(&json!(true)),
            "the pass stored as the seat's move: {:?}",
            id.appended
        );
        drop(keyboard);
        game.await.unwrap().unwrap();
    }
}

/// 要不起 with the choice off (the default): the person is told what they
/// cannot beat and how to pass, and nothing is passed for them; `autopass
/// on` (自动不要 开) then keeps the choice and the table passes now, in
/// the apps' words.
#[tokio::test(start_paused = true)]
async fn a_forced_pass_is_said_and_waits_when_autopass_is_off() {
    for (lang, said, switch, switched, passed, your_move) in [
        (
            Lang::EnUs,
            "Can't beat it (要不起): nothing in your hand beats AI 3's rocket",
            "autopass on",
            "Autopass is on (自动不要)",
            "You can't beat it (要不起): passed at once",
            "Your move.",
        ),
        (
            Lang::ZhCn,
            "要不起：你手里没有压得过电脑3这手王炸",
            "自动不要开",
            "自动不要已开",
            "你要不起：已自动不要",
            "轮到你了。",
        ),
    ] {
        let store = Arc::new(MemoryStore::new(1000));
        store_rocket_game(&*store, LOCAL_SERVER, 1, LOCAL_USER).await;
        let (mut keyboard, screen, game) = session(store.clone(), terminal_config(1000), lang);
        let shown = screen.until(your_move).await;
        assert!(shown.contains(said), "{shown}");
        // Waiting a while passes nothing for the person.
        tokio::time::sleep(std::time::Duration::from_secs(30)).await;
        assert_eq!(store.game(1).unwrap().appended.len(), 2, "nothing passed");
        assert!(!store.autopass(LOCAL_SERVER, LOCAL_USER).await.unwrap());
        keyboard
            .write_all(format!("{switch}\n").as_bytes())
            .await
            .unwrap();
        screen.until(switched).await;
        screen.until(passed).await;
        let appended = store.game(1).unwrap().appended;
        assert_eq!(
            appended.get(2),
            Some(&json!({"pass": true, "seat": 0})),
            "{appended:?}"
        );
        assert!(store.autopass(LOCAL_SERVER, LOCAL_USER).await.unwrap());
        drop(keyboard);
        game.await.unwrap().unwrap();
    }
}

/// §3 item 11: the terminal's turn timer. The person's move says how long
/// they have, a warning comes once a quarter of the turn is left, and then
/// the AI plays for them (托管); in both languages. The table's own short
/// timers in a paused clock drive it.
#[tokio::test(start_paused = true)]
async fn the_turn_timer_is_shown_warned_once_and_then_the_ai_plays() {
    for (lang, limit, warning, ran_out) in [
        (
            Lang::EnUs,
            "Your move. (20 s to play)",
            "⏳ 5 s left for your move",
            "Your time ran out",
        ),
        (
            Lang::ZhCn,
            "轮到你了。（限时20秒）",
            "⏳ 只剩5秒了",
            "你超时了",
        ),
    ] {
        let store = Arc::new(MemoryStore::new(1000));
        let mut config = terminal_config(1000);
        config.bid_timeout_secs = 20;
        config.play_timeout_secs = 20;
        let (keyboard, screen, game) = session(store, config, lang);
        let shown = screen.until(ran_out).await;
        let (before, _) = shown.split_once(ran_out).unwrap();
        let at = before.find(limit).unwrap_or_else(|| panic!("{shown}"));
        let warned = before[at..].matches(warning).count();
        assert_eq!(warned, 1, "one warning, before the AI plays: {shown}");
        drop(keyboard);
        game.await.unwrap().unwrap();
    }
}

/// The time words: whole minutes, seconds, and both.
#[test]
fn a_length_of_time_reads_in_both_languages() {
    use paiju::terminal::text::duration;
    use std::time::Duration;
    let cases = [
        (600.0, "10 min", "10分钟"),
        (20.0, "20 s", "20秒"),
        (90.0, "1 min 30 s", "1分30秒"),
        // Rounded up: never "0 s" while time is left.
        (0.2, "1 s", "1秒"),
    ];
    for (secs, en, zh) in cases {
        let d = Duration::from_secs_f64(secs);
        assert_eq!(duration(Lang::EnUs, d), en);
        assert_eq!(duration(Lang::ZhCn, d), zh);
    }
    assert_eq!(
        paiju::terminal::warn_before(Duration::from_secs(600)),
        Duration::from_secs(60)
    );
    assert_eq!(
        paiju::terminal::warn_before(Duration::from_secs(20)),
        Duration::from_secs(5)
    );
}

/// §3: `rules` (规则) in the terminal prints the game's rules, the text its
/// `/<game> rules` sends on Discord, without Discord's bold marks; every
/// game, both languages.
#[test]
fn rules_prints_each_games_rules_in_both_languages() {
    for kind in paiju::games::GameKind::ALL {
        for (lang, flag, word) in [(Lang::EnUs, "en", "rules"), (Lang::ZhCn, "zh", "规则")] {
            let dir = tempfile::tempdir().unwrap();
            let db = dir.path().join("play.db");
            let (_, out, err) = support::terminal::play(
                kind.name(),
                &db,
                &["--seed", "2", "--lang", flag],
                &format!("{word}\n"),
            );
            for key in kind.rules_keys() {
                let text = paiju::i18n::tr(lang, key).replace("**", "");
                for line in text.lines() {
                    assert!(
                        out.contains(line),
                        "{} {flag}: `{line}` of {key} missing:\n{out}\n{err}",
                        kind.name()
                    );
                }
            }
            assert!(
                !out.contains("**"),
                "{} {flag}: bold marks:\n{out}",
                kind.name()
            );
        }
    }
}

/// 要不起 on Discord, through the fake: Ann's game, resumed after a
/// restart at the moment she cannot beat the rocket. Her hand view says so
/// and offers only Pass and "Always pass" (自动不要); that switch keeps her
/// choice, as `/autopass on:True` does, and the table passes for her at
/// once, the channel reading "Can't beat it (要不起)"; her old view's
/// Pass, clicked after (a click racing the auto-pass), and the switch
/// clicked again change nothing. `/autopass` alone tells the choice, and
/// `on:` sets it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_member_who_cannot_beat_the_play_is_told_and_may_pass_at_once() {
    use support::bot::BotProcess;
    use support::controls::{click_table, find_id, table_message};
    use support::fake_discord::{
        custom_ids, message_text, private_message, FakeDiscord, CHANNEL_ID, GUILD_ID,
    };
    const ANN: u64 = 100_000_000_000_000_001;

    let dir = tempfile::tempdir().unwrap();
    {
        let url = format!("sqlite://{}", dir.path().join("paiju.db").display());
        let ledger = paiju::ledger::Ledger::open(&url, paiju::ledger::LedgerConfig::default())
            .await
            .unwrap();
        store_rocket_game(&ledger, GUILD_ID, CHANNEL_ID, ANN).await;
        ledger.close().await;
    }
    let fake = FakeDiscord::start().await;
    let env = [
        ("PAIJU_TIMERS_AI_DELAY_MS", "0"),
        ("PAIJU_TIMERS_BID_SECS", "900"),
        ("PAIJU_TIMERS_PLAY_SECS", "900"),
    ];
    let bot = BotProcess::start(&fake.api_url(), dir.path(), &env);
    fake.wait_ready(1).await;
    fake.wait_for("the resumed table", 30, |f| table_message(f).is_some())
        .await;

    // Off by default: told, privately, with Pass the only control.
    let table = table_message(&fake).unwrap();
    let view = click_table(&fake, ANN, &find_id(&table, "pj1:hand:").unwrap()).await;
    assert!(view.is_ephemeral(), "{view:?}");
    assert!(
        view.text().contains("can't beat it (要不起)"),
        "{}",
        view.text()
    );
    let old_view = private_message(&view);
    let controls = custom_ids(&old_view);
    let pass = controls
        .iter()
        .find(|c| c.starts_with("pj1:pass:"))
        .cloned()
        .unwrap_or_else(|| panic!("{controls:?}"));
    let always = controls
        .iter()
        .find(|c| c.starts_with("pj1:apass:"))
        .cloned()
        .unwrap_or_else(|| panic!("{controls:?}"));
    assert_eq!(controls.len(), 2, "{controls:?}");
    let rows = old_view["components"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert!(
        rows.iter()
            .flat_map(|r| r["components"].as_array().cloned().unwrap_or_default())
            .all(|c| c["type"] == 2),
        "no card select: {old_view}"
    );

    let asked = fake.command(ANN, "en-US", "autopass", serde_json::json!([]));
    let asked = fake.wait_answer(asked).await;
    assert!(asked.is_ephemeral());
    assert!(asked.text().contains("Autopass is off"), "{}", asked.text());

    // Switched on from her view: the table passes for her now, and the
    // view says so in place of its buttons.
    let on = fake.click_on(ANN, "en-US", old_view.clone(), &always);
    let on = fake.wait_answer(on).await;
    assert!(on.text().contains("Autopass is on"), "{}", on.text());
    assert!(custom_ids(&private_message(&on)).is_empty(), "{on:?}");
    let said = format!("<@{ANN}>: Can't beat it (要不起)");
    fake.wait_for("the pass made for Ann", 30, |f| {
        table_message(f).is_some_and(|m| message_text(&m).contains(&said))
    })
    .await;

    // Her old view's Pass comes too late: nothing is passed twice.
    let late = fake.click_on(ANN, "en-US", old_view.clone(), &pass);
    let late = fake.wait_answer(late).await;
    assert!(!late.text().contains("You passed"), "{}", late.text());
    let text = message_text(&table_message(&fake).unwrap());
    assert_eq!(text.matches(&said).count(), 1, "{text}");
    assert!(!text.contains(&format!("<@{ANN}> passes")), "{text}");

    // The switch clicked again on the old view: still one pass.
    let again = fake.click_on(ANN, "en-US", old_view, &always);
    let again = fake.wait_answer(again).await;
    assert!(again.text().contains("Autopass is on"), "{}", again.text());
    let text = message_text(&table_message(&fake).unwrap());
    assert_eq!(text.matches(&said).count(), 1, "{text}");

    let asked = fake.command(ANN, "en-US", "autopass", serde_json::json!([]));
    let asked = fake.wait_answer(asked).await;
    assert!(asked.text().contains("Autopass is on"), "{}", asked.text());
    for (on, said) in [(false, "Autopass is off"), (true, "Autopass is on")] {
        let set = fake.command(
            ANN,
            "en-US",
            "autopass",
            serde_json::json!([{ "name": "on", "type": 5, "value": on }]),
        );
        let set = fake.wait_answer(set).await;
        assert!(set.is_ephemeral());
        assert!(set.text().contains(said), "{}", set.text());
    }
    fake.assert_within_limits();
    bot.stop();
    let url = format!("sqlite://{}", dir.path().join("paiju.db").display());
    let ledger = paiju::ledger::Ledger::open(&url, paiju::ledger::LedgerConfig::default())
        .await
        .unwrap();
    assert!(ledger.autopass(GUILD_ID, ANN).await.unwrap());
    ledger.close().await;
}

/// The words of the 要不起 switch and of `rules`, in both languages; other
/// words are not read as them (so they stay moves or refusals).
#[test]
fn the_autopass_and_rules_words_read_in_both_languages() {
    use paiju::terminal::{autopass_switch, is_rules};
    for (typed, read) in [
        ("autopass on", Some(Some(true))),
        ("AUTOPASS OFF", Some(Some(false))),
        ("autopass", Some(None)),
        ("自动不要 开", Some(Some(true))),
        ("自动不要开", Some(Some(true))),
        ("自动不要关", Some(Some(false))),
        ("自动不要", Some(None)),
        ("autopass maybe", None),
        ("auto on", None),
        ("不要", None),
    ] {
        assert_eq!(autopass_switch(typed), read, "{typed}");
    }
    for typed in ["rules", " Rules ", "规则", "玩法"] {
        assert!(is_rules(typed), "{typed}");
    }
    for typed in ["rule", "help", "3"] {
        assert!(!is_rules(typed), "{typed}");
    }
}
