//! Who is still a member of a server, for the lists that must leave out
//! those who left (`/ladder`, a season's final ladders).
//!
//! The bot asks for no privileged intent, so it hears of nobody leaving:
//! it asks Discord for each listed member instead (`GET
//! /guilds/{guild}/members/{user}`), a few at a time, and keeps each answer
//! for ten minutes. Only Discord's own "Unknown Member" / "Unknown User"
//! leaves someone out; any other failure (a network error, a rate limit)
//! keeps them listed — better a departed name than a member missing.

use std::time::{Duration, Instant};

use poise::serenity_prelude as serenity;

/// How long an answer is kept.
const KEEP: Duration = Duration::from_secs(600);
/// Lookups in flight at once for one list.
const AT_ONCE: usize = 5;

/// Discord's JSON error codes that mean "not a member".
const UNKNOWN_MEMBER: isize = 10007;
const UNKNOWN_USER: isize = 10013;

/// The answers kept, by (guild, user): still a member, and since when known.
#[derive(Default)]
pub struct Members {
    known: dashmap::DashMap<(u64, u64), (bool, Instant)>,
}

impl Members {
    /// Whether `user` is still a member of `guild` (asked, or kept).
    pub async fn is_member(&self, http: &serenity::Http, guild: u64, user: u64) -> bool {
        if let Some(k) = self.known.get(&(guild, user)) {
            if k.1.elapsed() < KEEP {
                return k.0;
            }
        }
        let member = match http
            .get_member(serenity::GuildId::new(guild), serenity::UserId::new(user))
            .await
        {
            Ok(_) => true,
            Err(serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(e)))
                if matches!(e.error.code, UNKNOWN_MEMBER | UNKNOWN_USER) =>
            {
                false
            }
            Err(e) => {
                tracing::debug!(guild, user, "cannot tell whether a member left: {e}");
                return true;
            }
        };
        self.known.insert((guild, user), (member, Instant::now()));
        member
    }

    /// `users` that are still members of `guild`, in their order.
    pub async fn still_members(
        &self,
        http: &serenity::Http,
        guild: u64,
        users: &[u64],
    ) -> Vec<bool> {
        let mut out = Vec::with_capacity(users.len());
        for chunk in users.chunks(AT_ONCE) {
            let asks = chunk.iter().map(|&u| self.is_member(http, guild, u));
            out.extend(futures_util::future::join_all(asks).await);
        }
        out
    }
}
