//! Private views a member can no longer be shown, and interactions already
//! handled.
//!
//! A private view (a hand view, a replay) is an ephemeral message: the bot
//! reaches it only through an interaction's token, which Discord honours
//! for 15 minutes ("Interaction tokens are valid for 15 minutes"; past
//! that, 401 with 50027 Invalid Webhook Token). When the answer to a click
//! could not be shown — the edit of the view or the private followup
//! refused, the token expired or unknown — the member is left looking at a
//! view that did not change, and nothing the bot sends through that token
//! will reach them. [`LostViews`] remembers them: their next click on a
//! private view is answered with a fresh private message (through the new
//! click's own token), saying why, instead of an update of the old one.
//!
//! [`Seen`] keeps the ids of the interactions handled lately: a gateway
//! that delivers one again (a RESUME that replays an event the bot already
//! had) must not have it applied twice.

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How long an interaction token works (Discord's documented 15 minutes):
/// nothing about an interaction matters to the bot after that.
pub const TOKEN_LIFETIME: Duration = Duration::from_secs(15 * 60);

/// Members whose last private answer could not be shown (see the module
/// doc). Kept an hour at most: a member back later opens a fresh view from
/// the table anyway.
#[derive(Default)]
pub struct LostViews {
    lost: Mutex<HashMap<u64, Instant>>,
}

/// How long a lost view is remembered.
const REMEMBERED: Duration = Duration::from_secs(60 * 60);

impl LostViews {
    /// `user`'s last private answer did not reach them.
    pub fn lost(&self, user: u64) {
        let mut lost = self.lost.lock().unwrap_or_else(|e| e.into_inner());
        let now = Instant::now();
        lost.retain(|_, at| now.duration_since(*at) < REMEMBERED);
        lost.insert(user, now);
    }

    /// Whether `user`'s view was lost (and forgets it: the answer being
    /// made now is the fresh view).
    pub fn take(&self, user: u64) -> bool {
        let mut lost = self.lost.lock().unwrap_or_else(|e| e.into_inner());
        lost.remove(&user)
            .is_some_and(|at| at.elapsed() < REMEMBERED)
    }
}

/// Interaction ids handled within the last [`TOKEN_LIFETIME`].
#[derive(Default)]
pub struct Seen {
    inner: Mutex<SeenInner>,
}

#[derive(Default)]
struct SeenInner {
    ids: HashSet<u64>,
    order: VecDeque<(Instant, u64)>,
}

impl Seen {
    /// Notes interaction `id`: `true` the first time, `false` when it was
    /// already handled (a delivery repeated by the gateway).
    pub fn first(&self, id: u64) -> bool {
        let mut s = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        let now = Instant::now();
        while let Some(&(at, old)) = s.order.front() {
            if now.duration_since(at) < TOKEN_LIFETIME {
                break;
            }
            s.order.pop_front();
            s.ids.remove(&old);
        }
        if !s.ids.insert(id) {
            return false;
        }
        s.order.push_back((now, id));
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_interaction_is_handled_once() {
        let seen = Seen::default();
        assert!(seen.first(1));
        assert!(seen.first(2));
        assert!(!seen.first(1));
        assert!(!seen.first(2));
    }

    #[test]
    fn a_lost_view_is_answered_fresh_once() {
        let views = LostViews::default();
        assert!(!views.take(7));
        views.lost(7);
        assert!(views.take(7));
        assert!(!views.take(7));
    }
}
