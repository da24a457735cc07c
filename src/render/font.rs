//! The card font: a subset of Noto Sans CJK SC Bold (SIL Open Font License
//! 1.1, `assets/fonts/LICENSE-OFL.txt`) with only the characters of
//! `assets/fonts/glyphs.txt`, made by `scripts/subset-font.py` and compiled
//! into the binary, so nothing is read or downloaded at run time.
//!
//! Glyph outlines are read once (ttf-parser) into tiny-skia paths in font
//! units; text is drawn by filling those paths with a transform, so every
//! size comes from the same outlines and nothing is rasterized by hand.

use std::collections::HashMap;
use std::sync::OnceLock;
use tiny_skia::{Path, PathBuilder, Rect, Transform};

/// The subset font.
pub const FONT: &[u8] = include_bytes!("../../assets/fonts/paiju-cards.otf");
/// The characters the subset keeps (and the renderer may draw).
pub const GLYPH_LIST: &str = include_str!("../../assets/fonts/glyphs.txt");

/// One glyph: its outline (none for a space) and advance, in font units
/// with y pointing down (already flipped for the pixmap).
pub struct Glyph {
    pub path: Option<Path>,
    pub advance: f32,
}

/// The loaded font: glyphs by character.
pub struct Font {
    pub units_per_em: f32,
    glyphs: HashMap<char, Glyph>,
}

/// The characters of [`GLYPH_LIST`] (comment lines and spaces left out).
pub fn listed_chars() -> Vec<char> {
    let mut out: Vec<char> = GLYPH_LIST
        .lines()
        .filter(|l| !l.starts_with("# "))
        .flat_map(str::chars)
        .filter(|c| !c.is_whitespace())
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

struct Outline(PathBuilder);

impl ttf_parser::OutlineBuilder for Outline {
    fn move_to(&mut self, x: f32, y: f32) {
        self.0.move_to(x, -y);
    }
    fn line_to(&mut self, x: f32, y: f32) {
        self.0.line_to(x, -y);
    }
    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        self.0.quad_to(x1, -y1, x, -y);
    }
    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        self.0.cubic_to(x1, -y1, x2, -y2, x, -y);
    }
    fn close(&mut self) {
        self.0.close();
    }
}

impl Font {
    fn load() -> Font {
        let face = ttf_parser::Face::parse(FONT, 0).expect("the card font parses");
        let mut glyphs = HashMap::new();
        for c in listed_chars() {
            let Some(id) = face.glyph_index(c) else {
                continue;
            };
            let mut outline = Outline(PathBuilder::new());
            face.outline_glyph(id, &mut outline);
            glyphs.insert(
                c,
                Glyph {
                    path: outline.0.finish(),
                    advance: f32::from(face.glyph_hor_advance(id).unwrap_or(0)),
                },
            );
        }
        Font {
            units_per_em: f32::from(face.units_per_em()),
            glyphs,
        }
    }

    pub fn glyph(&self, c: char) -> Option<&Glyph> {
        self.glyphs.get(&c)
    }

    /// Whether the font has an outline (or a blank) for `c`.
    pub fn has(&self, c: char) -> bool {
        self.glyphs.contains_key(&c)
    }

    /// The glyphs of `text` at `size` pixels, each with the transform that
    /// places it with the pen starting at (0, 0) on the baseline, and the
    /// ink bounds of the whole text. Characters the font lacks are skipped
    /// (the glyph test keeps that from happening).
    pub fn layout(&self, text: &str, size: f32) -> (Vec<(&Path, Transform)>, Option<Rect>) {
        let scale = size / self.units_per_em;
        let mut pen = 0.0;
        let mut out = Vec::new();
        let (mut l, mut t, mut r, mut b) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
        for c in text.chars() {
            let Some(g) = self.glyph(c) else {
                // The subset keeps no space (glyphs.txt ignores spaces): a
                // word space is a third of an em, as in the source font.
                if c == ' ' {
                    pen += size / 3.0;
                }
                continue;
            };
            if let Some(path) = &g.path {
                let ts = Transform::from_row(scale, 0.0, 0.0, scale, pen, 0.0);
                let bounds = path.bounds();
                l = l.min(pen + bounds.left() * scale);
                r = r.max(pen + bounds.right() * scale);
                t = t.min(bounds.top() * scale);
                b = b.max(bounds.bottom() * scale);
                out.push((path, ts));
            }
            pen += g.advance * scale;
        }
        (out, Rect::from_ltrb(l, t, r, b))
    }
}

/// The font, loaded on first use.
pub fn font() -> &'static Font {
    static FONT_CELL: OnceLock<Font> = OnceLock::new();
    FONT_CELL.get_or_init(Font::load)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every character the renderer can draw is in the glyph list and has
    /// an outline in the subset font: a card face drawn with a missing
    /// glyph would silently lose its rank.
    #[test]
    fn the_subset_has_every_glyph_the_renderer_draws() {
        let font = font();
        let listed = listed_chars();
        let needed = crate::render::drawn_chars();
        assert!(needed.len() > 40, "{needed:?}");
        for c in needed {
            assert!(listed.contains(&c), "{c:?} is drawn but not in glyphs.txt");
            assert!(font.has(c), "{c:?} is not in paiju-cards.otf");
            if !c.is_whitespace() {
                assert!(
                    font.glyph(c).unwrap().path.is_some(),
                    "{c:?} has no outline"
                );
            }
        }
        for c in listed {
            assert!(font.has(c), "{c:?} is listed but not in the subset");
        }
        // The subset stays a subset: a whole CJK font is ~20 MB.
        assert!(FONT.len() < 64 * 1024, "{} bytes", FONT.len());
    }

    #[test]
    fn text_is_laid_out_left_to_right() {
        let (glyphs, bounds) = font().layout("10", 20.0);
        assert_eq!(glyphs.len(), 2);
        let b = bounds.unwrap();
        assert!(b.width() > 10.0 && b.width() < 24.0, "{b:?}");
        assert!(b.top() < -10.0 && b.bottom() <= 1.0, "{b:?}");
        assert!(glyphs[1].1.tx > glyphs[0].1.tx);
    }
}
