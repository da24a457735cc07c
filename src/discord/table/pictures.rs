//! Card pictures for Discord messages, drawn off the async workers.
//!
//! A picture takes a millisecond or more of CPU ([`crate::render`]). Drawn
//! on one of the runtime's few worker threads it would hold up everything
//! else waiting there: the gateway, other clicks' acknowledgements, the
//! tables. So pictures are drawn on tokio's blocking threads, in two lanes
//! of one picture at a time each ([`For`]): the pictures a member waits for
//! (a click's or a command's answer) never queue behind the table messages
//! and hand DMs that many games starting at once redraw, and drawing never
//! takes more than two cores' worth from the workers (the OS shares the
//! cores among all of them).
//!
//! The pictures drawn lately are kept by content, up to `KEPT_BYTES`:
//! "My hand" shows the picture the hand DM got a few seconds before, and
//! the hand a click redraws after a play is the one its DM shows, drawn
//! once for both.

use crate::render::{render, Scene};
use poise::serenity_prelude as serenity;
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};
use tokio::sync::Semaphore;

/// Who waits for a picture: it is drawn in that one's lane.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum For {
    /// A member, for the answer to a click or a command.
    Member,
    /// A table's driver, for the table message or a hand DM.
    Table,
}

static MEMBERS: Semaphore = Semaphore::const_new(1);
static TABLES: Semaphore = Semaphore::const_new(1);

/// The bytes of pictures kept (a hand or table PNG is 5–15 KB): a few
/// seconds' worth of pictures at a thousand tables.
const KEPT_BYTES: usize = 8 << 20;

/// Pictures by content key, the oldest let go first once they hold more
/// than `limit` bytes.
struct Kept {
    by_key: HashMap<u64, Arc<Vec<u8>>>,
    order: VecDeque<u64>,
    bytes: usize,
    limit: usize,
}

impl Kept {
    fn new(limit: usize) -> Kept {
        Kept {
            by_key: HashMap::new(),
            order: VecDeque::new(),
            bytes: 0,
            limit,
        }
    }

    fn get(&self, key: u64) -> Option<Arc<Vec<u8>>> {
        self.by_key.get(&key).cloned()
    }

    fn insert(&mut self, key: u64, png: Arc<Vec<u8>>) {
        if self.by_key.contains_key(&key) {
            return;
        }
        self.bytes += png.len();
        self.by_key.insert(key, png);
        self.order.push_back(key);
        while self.bytes > self.limit {
            let Some(old) = self.order.pop_front() else {
                break;
            };
            if let Some(png) = self.by_key.remove(&old) {
                self.bytes -= png.len();
            }
        }
    }
}

static KEPT: Mutex<Option<Kept>> = Mutex::new(None);

fn recent(key: u64) -> Option<Arc<Vec<u8>>> {
    let kept = KEPT.lock().unwrap_or_else(|e| e.into_inner());
    kept.as_ref()?.get(key)
}

fn keep(key: u64, png: Arc<Vec<u8>>) {
    let mut kept = KEPT.lock().unwrap_or_else(|e| e.into_inner());
    kept.get_or_insert_with(|| Kept::new(KEPT_BYTES))
        .insert(key, png);
}

/// The PNG of `scene`, drawn on a blocking thread in `whose` lane (or kept
/// from a moment ago).
pub async fn png(scene: &Scene, whose: For) -> Arc<Vec<u8>> {
    let key = scene.key();
    if let Some(png) = recent(key) {
        return png;
    }
    let lane = match whose {
        For::Member => &MEMBERS,
        For::Table => &TABLES,
    };
    // The semaphores are never closed.
    let _turn = lane.acquire().await.ok();
    // Drawn meanwhile by whoever held a turn before.
    if let Some(png) = recent(key) {
        return png;
    }
    let scene = scene.clone();
    let png = match tokio::task::spawn_blocking(move || render(&scene).png).await {
        Ok(png) => Arc::new(png),
        // Drawing panicked: the panic belongs to the caller, as if it
        // had drawn the picture itself.
        Err(e) => std::panic::resume_unwind(e.into_panic()),
    };
    keep(key, png.clone());
    png
}

/// `scene` as an attachment named `<prefix>-<key>.png` (named by content:
/// the same picture has the same name, so a message showing it is known
/// to need no upload), drawn in `whose` lane.
pub async fn attachment(scene: &Scene, prefix: &str, whose: For) -> serenity::CreateAttachment {
    let png = png(scene, whose).await;
    serenity::CreateAttachment::bytes(png.to_vec(), file_name(scene, prefix))
}

/// The file name of `scene`'s picture.
pub fn file_name(scene: &Scene, prefix: &str) -> String {
    format!("{prefix}-{:016x}.png", scene.key())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Card;
    use crate::render::{Group, Line, Tile};

    fn scene(cards: &[&str]) -> Scene {
        let tiles = cards
            .iter()
            .map(|c| Tile::card(c.parse::<Card>().unwrap()))
            .collect();
        Scene::of_lines(vec![Line::new(vec![Group::row(tiles)])])
    }

    /// The picture is the one `render` draws, drawn once for two asks a
    /// moment apart (in either lane), and named by its content: another
    /// hand, another name.
    #[tokio::test]
    async fn a_picture_is_drawn_once_and_named_by_its_content() {
        let hand = scene(&["3S", "3H", "QD", "BJ"]);
        let first = png(&hand, For::Table).await;
        assert_eq!(*first, render(&hand).png);
        let again = png(&hand.clone(), For::Member).await;
        assert!(Arc::ptr_eq(&first, &again), "drawn twice");
        let other = scene(&["3S", "3H", "QD"]);
        assert_ne!(file_name(&hand, "hand"), file_name(&other, "hand"));
        assert_eq!(file_name(&hand, "hand"), file_name(&hand.clone(), "hand"));
        let a = attachment(&other, "table", For::Table).await;
        assert!(a.filename.starts_with("table-") && a.filename.ends_with(".png"));
        assert_eq!(a.data, render(&other).png);
    }

    /// A member's picture is drawn while the tables' lane is taken (by
    /// pictures of many games starting at once): it never waits behind
    /// them.
    #[tokio::test]
    async fn a_members_picture_does_not_wait_for_the_tables_pictures() {
        let busy = TABLES.acquire().await.unwrap();
        let hand = scene(&["4S", "5S", "6S", "7S", "8S", "BJ"]);
        let drawn =
            tokio::time::timeout(std::time::Duration::from_secs(20), png(&hand, For::Member))
                .await
                .expect("the member's picture waited for the tables' lane");
        assert_eq!(*drawn, render(&hand).png);
        drop(busy);
    }

    /// The pictures kept hold at most their limit of bytes, the oldest let
    /// go first; one asked again is not kept twice.
    #[test]
    fn the_oldest_pictures_are_let_go_beyond_the_limit() {
        let mut kept = Kept::new(25);
        for key in 0..3 {
            kept.insert(key, Arc::new(vec![0; 10]));
        }
        assert!(kept.get(0).is_none(), "30 bytes kept");
        assert!(kept.get(1).is_some() && kept.get(2).is_some());
        kept.insert(2, Arc::new(vec![0; 10]));
        assert_eq!((kept.bytes, kept.order.len()), (20, 2));
        kept.insert(3, Arc::new(vec![0; 5]));
        assert!(kept.get(1).is_some() && kept.get(3).is_some());
        assert_eq!(kept.bytes, 25);
    }
}
