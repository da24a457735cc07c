//! `/paiju settings` and `/help` against the fake Discord (issue #34): an
//! admin configures a server entirely from Discord, a second server's
//! settings stay its own, a member is refused in a channel not on the list
//! and a stake out of range, a member without Manage Server cannot change
//! anything, and every change is journaled and shown.

use crate::support;

use paiju::games::GameKind;
use serde_json::{json, Value};
use support::bot::BotProcess;
use support::fake_discord::{FakeDiscord, CHANNEL_2, CHANNEL_ID};

const ANN: u64 = 100_000_000_000_000_001;
const BOB: u64 = 100_000_000_000_000_002;
/// Ends in 9: the fake gives these members Manage Server.
const ADMIN: u64 = 100_000_000_000_000_009;
const ADMIN_2: u64 = 100_000_000_000_000_019;
/// A channel of the first guild that is not on its list.
const OTHER_CHANNEL: u64 = 810_000_000_000_000_077;
const HOSTS: u64 = 820_000_000_000_000_005;

fn game_index(kind: GameKind) -> i64 {
    GameKind::ALL.iter().position(|k| *k == kind).unwrap() as i64
}

fn opt(name: &str, kind: u8, value: Value) -> Value {
    json!({ "name": name, "type": kind, "value": value })
}

/// `/paiju settings` with `options`.
fn settings(options: Vec<Value>) -> Value {
    json!([{ "name": "settings", "type": 1, "options": options }])
}

fn start(options: Vec<Value>) -> Value {
    json!([{ "name": "start", "type": 1, "options": options }])
}

async fn ask(
    fake: &FakeDiscord,
    channel: u64,
    user: u64,
    locale: &str,
    name: &str,
    o: Value,
) -> String {
    let id = fake.command_in(channel, user, locale, name, o);
    let answer = fake.wait_answer(id).await;
    assert!(answer.is_ephemeral(), "{name}: {answer:?}");
    answer.text()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn admins_configure_their_own_server_from_discord() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = BotProcess::start(&fake.api_url(), dir.path(), &[]);
    fake.wait_ready(1).await;
    fake.wait_for("the commands registered", 20, |f| f.registrations() > 0)
        .await;
    let paiju = fake
        .commands()
        .into_iter()
        .find(|c| c["name"] == "paiju")
        .expect("/paiju registered");
    assert_eq!(paiju["name_localizations"]["zh-CN"], "牌局", "{paiju:#}");
    assert_eq!(paiju["default_member_permissions"], "32");
    let ddz = game_index(GameKind::DouDizhu);

    // Nothing set yet: the defaults, and no change in the journal.
    let shown = ask(&fake, CHANNEL_ID, ADMIN, "en-US", "paiju", settings(vec![])).await;
    assert!(shown.contains("This server's settings"), "{shown}");
    assert!(shown.contains("Nothing changed yet"), "{shown}");

    // A member without Manage Server changes nothing.
    let refused = ask(
        &fake,
        CHANNEL_ID,
        ANN,
        "en-US",
        "paiju",
        settings(vec![opt("starting_chips", 4, json!(1))]),
    )
    .await;
    assert!(refused.contains("Manage Server"), "{refused}");

    // Bad values: refused whole, with what is allowed.
    let bad = ask(
        &fake,
        CHANNEL_ID,
        ADMIN,
        "en-US",
        "paiju",
        settings(vec![
            opt("starting_chips", 4, json!(500)),
            opt("bid_seconds", 4, json!(1)),
        ]),
    )
    .await;
    assert!(bad.contains("from 5 to 300"), "{bad}");
    let bad = ask(
        &fake,
        CHANNEL_ID,
        ADMIN,
        "en-US",
        "paiju",
        settings(vec![opt("stake", 4, json!(30))]),
    )
    .await;
    assert!(bad.contains("Pick the `game`"), "{bad}");
    let bad = ask(
        &fake,
        CHANNEL_ID,
        ADMIN,
        "en-US",
        "paiju",
        settings(vec![
            opt("game", 4, json!(ddz)),
            opt("stake", 4, json!(10)),
            opt("min_stake", 4, json!(20)),
        ]),
    )
    .await;
    assert!(bad.contains("within the allowed 20–1000000"), "{bad}");

    // The first server: Dou Dizhu at 50 (20 to 100), games in one channel,
    // a host role, Chinese for members the bot cannot speak to in their
    // own language, 500 starting chips, no /give.
    let done = ask(
        &fake,
        CHANNEL_ID,
        ADMIN,
        "en-US",
        "paiju",
        settings(vec![
            opt("game", 4, json!(ddz)),
            opt("stake", 4, json!(50)),
            opt("min_stake", 4, json!(20)),
            opt("max_stake", 4, json!(100)),
            opt("starting_chips", 4, json!(500)),
            opt("channels", 3, json!(format!("<#{CHANNEL_ID}>"))),
            opt("host_role", 8, json!(HOSTS.to_string())),
            opt("language", 4, json!(1)),
            opt("give", 5, json!(false)),
        ]),
    )
    .await;
    assert!(done.contains("Settings changed"), "{done}");
    assert!(
        done.contains("Default stake (Dou Dizhu): 10 (default) → 50"),
        "{done}"
    );
    assert!(
        done.contains("Starting chips: 1000 (default) → 500"),
        "{done}"
    );
    assert!(done.contains(&format!("<#{CHANNEL_ID}>")), "{done}");
    // The same again changes nothing.
    let same = ask(
        &fake,
        CHANNEL_ID,
        ADMIN,
        "en-US",
        "paiju",
        settings(vec![opt("give", 5, json!(false))]),
    )
    .await;
    assert!(same.contains("Nothing changed"), "{same}");

    // The second server: Dou Dizhu at 5, nothing else.
    let done = ask(
        &fake,
        CHANNEL_2,
        ADMIN_2,
        "en-US",
        "paiju",
        settings(vec![opt("game", 4, json!(ddz)), opt("stake", 4, json!(5))]),
    )
    .await;
    assert!(done.contains("10 (default) → 5"), "{done}");
    // Its first other command tells its admin where the settings are, once.
    let first = fake.command_in(CHANNEL_2, ADMIN_2, "en-US", "chips", json!([]));
    fake.wait_for("the admin's hint", 20, |f| {
        f.interaction(first).text().contains("/paiju settings")
    })
    .await;
    let again = fake.command_in(CHANNEL_2, ADMIN_2, "en-US", "chips", json!([]));
    fake.wait_answer(again).await;
    let third = ask(&fake, CHANNEL_2, ADMIN_2, "en-US", "chips", json!([])).await;
    assert!(!third.contains("/paiju settings"), "{third}");
    assert!(!fake.interaction(again).text().contains("/paiju settings"));

    // A start in a channel not on the list is refused, naming the list.
    fake.set_roles(ANN, &[HOSTS]);
    let elsewhere = ask(
        &fake,
        OTHER_CHANNEL,
        ANN,
        "en-US",
        "dou-dizhu",
        start(vec![]),
    )
    .await;
    assert!(
        elsewhere.contains("can't start in this channel"),
        "{elsewhere}"
    );
    assert!(
        elsewhere.contains(&format!("<#{CHANNEL_ID}>")),
        "{elsewhere}"
    );
    // Without the role: refused.
    let no_role = ask(&fake, CHANNEL_ID, BOB, "en-US", "dou-dizhu", start(vec![])).await;
    assert!(no_role.contains(&format!("<@&{HOSTS}>")), "{no_role}");
    // A stake outside 20–100: refused with the range.
    let low = ask(
        &fake,
        CHANNEL_ID,
        ANN,
        "en-US",
        "dou-dizhu",
        start(vec![opt("stake", 4, json!(10))]),
    )
    .await;
    assert!(low.contains("20") && low.contains("100"), "{low}");
    assert!(fake.channel_messages(CHANNEL_ID).is_empty());
    // The server's default stake when none is named.
    ask(&fake, CHANNEL_ID, ANN, "en-US", "dou-dizhu", start(vec![])).await;
    fake.wait_for("the first server's table", 20, |f| {
        f.channel_messages(CHANNEL_ID)
            .iter()
            .any(|m| support::fake_discord::message_text(m).contains("stake 50"))
    })
    .await;
    // The second server's default is its own; no channel list there.
    ask(&fake, CHANNEL_2, BOB, "en-US", "dou-dizhu", start(vec![])).await;
    fake.wait_for("the second server's table", 20, |f| {
        f.channel_messages(CHANNEL_2)
            .iter()
            .any(|m| support::fake_discord::message_text(m).contains("stake 5"))
    })
    .await;

    // Chips: 500 to start and no /give in the first server; 1000 and
    // /give in the second.
    let chips = ask(&fake, CHANNEL_ID, BOB, "en-US", "chips", json!([])).await;
    assert!(chips.contains("has 500 chips"), "{chips}");
    let chips = ask(&fake, CHANNEL_2, ANN, "en-US", "chips", json!([])).await;
    assert!(chips.contains("has 1000 chips"), "{chips}");
    let give = json!([
        { "name": "user", "type": 6, "value": BOB.to_string() },
        { "name": "amount", "type": 4, "value": 10 },
    ]);
    let off = ask(&fake, CHANNEL_ID, ANN, "en-US", "give", give).await;
    assert!(off.contains("Giving chips is turned off"), "{off}");

    // A member whose language the bot does not speak reads the server's:
    // Chinese in the first server, English (Discord's) in the second.
    let zh = ask(&fake, CHANNEL_ID, BOB, "fr", "chips", json!([])).await;
    assert!(zh.contains("筹码"), "{zh}");
    let en = ask(&fake, CHANNEL_2, BOB, "fr", "chips", json!([])).await;
    assert!(en.contains("chips"), "{en}");

    // The journal: who changed what, old → new.
    let shown = ask(&fake, CHANNEL_ID, ADMIN, "en-US", "paiju", settings(vec![])).await;
    assert!(shown.contains(&format!("<@{ADMIN}>")), "{shown}");
    assert!(
        shown.contains("Default stake (Dou Dizhu): 10 (default) → 50"),
        "{shown}"
    );
    assert!(shown.contains("/give: on (default) → off"), "{shown}");
    assert!(!shown.contains(&format!("<@{ADMIN_2}>")), "{shown}");
    // Back to every channel: a start anywhere is allowed again.
    let reset = ask(
        &fake,
        CHANNEL_ID,
        ADMIN,
        "zh-CN",
        "paiju",
        settings(vec![opt("reset", 4, json!(2))]),
    )
    .await;
    assert!(reset.contains("所有频道"), "{reset}");

    // /help, in both languages; an admin also reads where the settings are.
    let help = ask(&fake, CHANNEL_2, BOB, "en-US", "help", json!([])).await;
    assert!(
        help.contains("/dou-dizhu") && help.contains("/paohuzi"),
        "{help}"
    );
    assert!(help.contains("/daily"), "{help}");
    // 要不起 (issue #36): the choice to pass at once is found from /help.
    assert!(help.contains("/autopass on:True"), "{help}");
    assert!(!help.contains("/paiju settings"), "{help}");
    let help = ask(&fake, CHANNEL_2, ADMIN_2, "zh-CN", "help", json!([])).await;
    assert!(
        help.contains("/斗地主") && help.contains("/牌局 设置"),
        "{help}"
    );
    assert!(help.contains("/自动不要 开启:true"), "{help}");

    fake.assert_within_limits();
    bot.stop();
}
