//! Card pictures for Discord messages, drawn off the async workers.
//!
//! A picture takes a millisecond or more of CPU ([`crate::render`]). Drawn
//! on one of the runtime's few worker threads it would hold up everything
//! else waiting there: the gateway, other clicks' acknowledgements, the
//! tables. So pictures are drawn on tokio's blocking threads, at most
//! [`AT_ONCE`] at a time (more would only take the CPU the workers need),
//! and the last few are kept by content: the hand a click redraws after a
//! play is the one its hand DM shows, drawn once for both.

use crate::render::{render, Scene};
use poise::serenity_prelude as serenity;
use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use tokio::sync::Semaphore;

/// Pictures drawn at the same time, at most: one, so drawing never takes
/// more than one of the machine's cores from the workers.
const AT_ONCE: usize = 1;
static DRAWING: Semaphore = Semaphore::const_new(AT_ONCE);

/// Pictures kept by content key (a few hundred KB): enough for the same
/// picture asked by a click and by its table's driver a moment apart.
const KEPT: usize = 32;
static RECENT: Mutex<VecDeque<(u64, Arc<Vec<u8>>)>> = Mutex::new(VecDeque::new());

fn recent(key: u64) -> Option<Arc<Vec<u8>>> {
    let kept = RECENT.lock().unwrap_or_else(|e| e.into_inner());
    kept.iter()
        .find(|(k, _)| *k == key)
        .map(|(_, png)| png.clone())
}

fn keep(key: u64, png: Arc<Vec<u8>>) {
    let mut kept = RECENT.lock().unwrap_or_else(|e| e.into_inner());
    if kept.iter().any(|(k, _)| *k == key) {
        return;
    }
    if kept.len() >= KEPT {
        kept.pop_front();
    }
    kept.push_back((key, png));
}

/// The PNG of `scene`, drawn on a blocking thread (or kept from a moment
/// ago).
pub async fn png(scene: &Scene) -> Arc<Vec<u8>> {
    let key = scene.key();
    if let Some(png) = recent(key) {
        return png;
    }
    // The semaphore is never closed.
    let _turn = DRAWING.acquire().await.ok();
    // Drawn meanwhile by whoever held the turn before.
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
/// to need no upload).
pub async fn attachment(scene: &Scene, prefix: &str) -> serenity::CreateAttachment {
    let png = png(scene).await;
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
        Scene {
            lines: vec![Line::new(vec![Group::row(tiles)])],
        }
    }

    /// The picture is the one `render` draws, drawn once for two asks a
    /// moment apart, and named by its content: another hand, another name.
    #[tokio::test]
    async fn a_picture_is_drawn_once_and_named_by_its_content() {
        let hand = scene(&["3S", "3H", "QD", "BJ"]);
        let first = png(&hand).await;
        assert_eq!(*first, render(&hand).png);
        let again = png(&hand.clone()).await;
        assert!(Arc::ptr_eq(&first, &again), "drawn twice");
        let other = scene(&["3S", "3H", "QD"]);
        assert_ne!(file_name(&hand, "hand"), file_name(&other, "hand"));
        assert_eq!(file_name(&hand, "hand"), file_name(&hand.clone(), "hand"));
        let a = attachment(&other, "table").await;
        assert!(a.filename.starts_with("table-") && a.filename.ends_with(".png"));
        assert_eq!(a.data, render(&other).png);
    }
}
