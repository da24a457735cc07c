//! One e2e session of the real bot against the fake Discord, written once
//! for the game e2e tests: start the fake and the bot (short timers, its
//! own database), the small helpers for slash commands and the table
//! message, and the closing checks (every interaction answered, the bot
//! stopped by signal, `ledger verify` clean, no unfinished game, and — for
//! tables without AI seats — the members' chips conserved).

#![allow(dead_code)]

use super::bot::BotProcess;
use super::fake_discord::{message_text, FakeDiscord, CHANNEL_ID, GUILD_ID};
use serde_json::{json, Value};

/// The fake Discord, the bot and its database directory.
pub struct Session {
    pub fake: FakeDiscord,
    pub dir: tempfile::TempDir,
    pub bot: BotProcess,
}

impl Session {
    /// Starts the fake Discord and the bot with `env` (timer variables …)
    /// and waits until its commands are registered.
    pub async fn start(env: &[(&str, &str)]) -> Session {
        let fake = FakeDiscord::start().await;
        let dir = tempfile::tempdir().unwrap();
        let bot = BotProcess::start(&fake.api_url(), dir.path(), env);
        fake.wait_ready(1).await;
        Session { fake, dir, bot }
    }

    /// The closing checks. `conserved`: the members whose balances must add
    /// up to what they started with (`None` when AI seats play, whose chips
    /// the house mints and burns; `ledger verify` covers those).
    pub async fn finish(self, members: &[u64], conserved: Option<i64>) {
        for i in self.fake.interactions() {
            assert!(i.callback.is_some(), "interaction {} unanswered", i.id);
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
