//! The real bot against a fake Discord, issue #36: the 托管 switch. A
//! member seated at Dou Dizhu presses **Auto-play (托管)** on the table
//! message: a private word says the computer plays for them now, the
//! table message names them as on auto-play, and the computer makes their
//! moves (the log says so); pressing it again gives the seat back, and
//! the table message no longer names them. A spectator's press is refused and changes nothing.

use crate::support;

use serde_json::json;
use support::bot::BotProcess;
use support::controls::{click_table, find_id, table_message};
use support::fake_discord::{message_text, private_message, FakeDiscord};

const ANN: u64 = 100_000_000_000_000_001;
const EVE: u64 = 100_000_000_000_000_009;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_autoplay_button_hands_the_seat_to_the_computer_and_back() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let env = [
        ("PAIJU_TIMERS_AI_DELAY_MS", "1500"),
        ("PAIJU_TIMERS_BID_SECS", "900"),
        ("PAIJU_TIMERS_PLAY_SECS", "900"),
    ];
    let bot = BotProcess::start(&fake.api_url(), dir.path(), &env);
    fake.wait_ready(1).await;

    let start = json!([{ "name": "start", "type": 1, "options": [
        { "name": "stake", "type": 4, "value": 10 },
    ] }]);
    let id = fake.command(ANN, "en-US", "dou-dizhu", start);
    assert!(fake.wait_answer(id).await.is_ephemeral());
    fake.wait_for("the lobby", 20, |f| table_message(f).is_some())
        .await;
    let lobby = table_message(&fake).unwrap();
    let add_ai = find_id(&lobby, "pj1:ai:").unwrap();
    click_table(&fake, ANN, &add_ai).await;
    click_table(&fake, ANN, &add_ai).await;
    fake.wait_for("two AI seats", 20, |f| {
        table_message(f).is_some_and(|m| message_text(&m).contains("3. "))
    })
    .await;
    let lobby = table_message(&fake).unwrap();
    click_table(&fake, ANN, &find_id(&lobby, "pj1:start:").unwrap()).await;
    fake.wait_for("the game", 20, |f| {
        table_message(f).is_some_and(|m| find_id(&m, "pj1:auto:").is_some())
    })
    .await;
    let table = table_message(&fake).unwrap();
    assert!(!message_text(&table).contains("On auto-play (托管)"));
    let auto = find_id(&table, "pj1:auto:").unwrap();

    // A spectator is refused, privately.
    let refused = click_table(&fake, EVE, &auto).await;
    assert!(refused.is_ephemeral(), "{refused:?}");
    assert!(!message_text(&table_message(&fake).unwrap()).contains("On auto-play"));

    // Ann switches it on: told privately, named on the table message.
    let on = click_table(&fake, ANN, &auto).await;
    let said = message_text(&private_message(&on));
    assert!(said.contains("You are on auto-play (托管)"), "{said}");
    fake.wait_for("Ann on auto-play at the table", 20, |f| {
        table_message(f).is_some_and(|m| {
            let text = message_text(&m);
            text.contains("On auto-play (托管)") && text.contains(&format!("<@{ANN}>"))
        })
    })
    .await;
    let table = table_message(&fake).unwrap();
    let text = message_text(&table);
    assert!(
        text.contains(&format!("The computer plays for <@{ANN}>")),
        "the log says so: {text}"
    );

    // Pressed again: the seat is hers, and the table says so no more.
    let auto = find_id(&table, "pj1:auto:").unwrap();
    let off = click_table(&fake, ANN, &auto).await;
    let said = message_text(&private_message(&off));
    assert!(said.contains("Auto-play (托管) is off"), "{said}");
    fake.wait_for("Ann back at the table", 20, |f| {
        table_message(f).is_some_and(|m| !message_text(&m).contains("On auto-play"))
    })
    .await;
    fake.assert_within_limits();
    bot.stop();
}
