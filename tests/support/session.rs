//! One e2e session of the real bot against the fake Discord, written once
//! for the game e2e tests: start the fake and the bot (short timers, its
//! own database), the small helpers for slash commands and the table
//! message, and the closing checks (every interaction answered, the bot
//! stopped by signal, `ledger verify` clean, no unfinished game, and — for
//! tables without AI seats — the members' chips conserved).

#![allow(dead_code)]

use super::bot::BotProcess;
use super::fake_discord::{
    attachments, check_uploads, message_text, picture, FakeDiscord, CHANNEL_ID, GUILD_ID,
};
use serde_json::{json, Value};

/// The fake Discord, the bot and its database directory.
pub struct Session {
    pub fake: FakeDiscord,
    /// Before `dir`: dropped first, so a failing test's bot log is kept
    /// (copied out) before its directory goes.
    pub bot: BotProcess,
    pub dir: tempfile::TempDir,
}

impl Session {
    /// Starts the fake Discord and the bot with `env` (timer variables …)
    /// and waits until its commands are registered.
    pub async fn start(env: &[(&str, &str)]) -> Session {
        let fake = FakeDiscord::start().await;
        let dir = tempfile::tempdir().unwrap();
        let bot = BotProcess::start(&fake.api_url(), dir.path(), env);
        fake.wait_ready(1).await;
        Session { fake, bot, dir }
    }

    /// The closing checks. `conserved`: the members whose balances must add
    /// up to what they started with (`None` when AI seats play, whose chips
    /// the house mints and burns; `ledger verify` covers those).
    pub async fn finish(self, members: &[u64], conserved: Option<i64>) {
        self.finish_checking(members, conserved, true).await;
    }

    /// [`Session::finish`] for a test whose tables never dealt (nor drew a
    /// picture): every other check.
    pub async fn finish_undealt(self, members: &[u64], conserved: Option<i64>) {
        self.finish_checking(members, conserved, false).await;
    }

    async fn finish_checking(self, members: &[u64], conserved: Option<i64>, dealt: bool) {
        // Every interaction answered, but those Discord never delivered
        // (the gateway down: the member saw "This interaction failed").
        for i in self.fake.interactions() {
            assert!(
                i.callback.is_some() || i.lost,
                "interaction {} unanswered",
                i.id
            );
        }
        self.fake.assert_within_limits();
        if dealt {
            self.check_pictures(members);
        }
        let status = self.bot.stop();
        assert!(status.success() || status.code().is_none(), "{status:?}");
        let db = format!("sqlite://{}", self.dir.path().join("paiju.db").display());
        let ledger = paiju::ledger::Ledger::open_existing(&db).await.unwrap();
        let report = ledger.verify().await.unwrap();
        assert!(report.is_clean(), "{}", report.render());
        assert!(ledger.unfinished_games().await.unwrap().is_empty());
        if let Some(total) = conserved {
            let mut sum = 0;
            for &user in members {
                sum += ledger.balance(GUILD_ID, user).await.unwrap();
            }
            assert_eq!(sum, total, "no chip created or lost");
        }
    }
}

impl Session {
    /// Issue #20, for every game: the table message carried the table's
    /// picture, each member who got hand DMs got the hand's picture in
    /// them, every picture the bot sent (DMs, the table, private hand
    /// views) is one PNG under 150 KB, and no edit sent a picture the
    /// message already had. (Duan Guozi deals every hand face up: no DM.)
    fn check_pictures(&self, members: &[u64]) {
        let fake = &self.fake;
        let tables = check_uploads(fake, "table-");
        assert!(tables.uploaded >= 1, "no table picture: {tables:?}");
        let hands = check_uploads(fake, "hand-");
        eprintln!("table pictures: {tables:?}; hand DMs: {hands:?}");
        let requests = fake.requests();
        for &user in members {
            let Some(dm) = fake.dm_channel(user) else {
                continue;
            };
            let path = format!("/channels/{dm}/messages");
            let pictured = requests.iter().any(|r| {
                r.path.contains(&path)
                    && r.body["_files"].as_array().is_some_and(|f| {
                        f.iter().any(|f| {
                            f["filename"]
                                .as_str()
                                .is_some_and(|n| n.starts_with("hand-"))
                        })
                    })
            });
            assert!(pictured, "{user}'s hand DMs carry no picture");
        }
        for i in fake.interactions() {
            let answers = i
                .callback
                .iter()
                .map(|c| c["data"].clone())
                .chain(i.original.clone())
                .chain(i.updated.clone())
                .chain(i.followups.iter().cloned());
            for m in answers {
                if attachments(&m).is_empty() {
                    continue;
                }
                picture(&m, "hand-");
            }
        }
    }
}

/// A subcommand's `data.options`.
pub fn sub(name: &str, options: Value) -> Value {
    json!([{ "name": name, "type": 1, "options": options }])
}

/// The custom ids of every component of a message.
pub fn buttons(m: &Value) -> Vec<String> {
    super::fake_discord::custom_ids(m)
}

/// The first component id of a message containing `part`.
pub fn button(m: &Value, part: &str) -> Option<String> {
    buttons(m).into_iter().find(|id| id.contains(part))
}

/// The table message: the channel's first message from the bot.
pub fn table_message(fake: &FakeDiscord) -> Option<Value> {
    fake.channel_messages(CHANNEL_ID).into_iter().next()
}

/// A message's text without Fluent's isolation marks.
pub fn text_of(m: &Value) -> String {
    message_text(m).replace(['\u{2068}', '\u{2069}'], "")
}

/// `/<command>` is registered under its Chinese name `chinese`, and its
/// `rules` answers `user` privately, in Chinese, with words that hold
/// `word`: what every game's e2e test checks first.
pub async fn rules_in_chinese(
    fake: &FakeDiscord,
    user: u64,
    command: &str,
    chinese: &str,
    word: &str,
) {
    let cmds = fake.commands();
    let registered = cmds
        .iter()
        .find(|c| c["name"] == command)
        .unwrap_or_else(|| panic!("{command} registered"));
    assert_eq!(registered["name_localizations"]["zh-CN"], chinese);
    let id = fake.command(user, "zh-CN", command, sub("rules", json!([])));
    let answer = fake.wait_answer(id).await;
    assert!(answer.is_ephemeral(), "{answer:?}");
    assert!(answer.text().contains(word), "{}", answer.text());
}
