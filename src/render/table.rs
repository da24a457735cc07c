//! The table picture as seats around a table (issue #36 §3.12), the way
//! the apps show it: the bottom seat (seat 1 in the public picture) at the
//! foot, the others around it counterclockwise — the next seat to act
//! (下家) on the right, the one before (上家) on the left, the rest across
//! the top — and the middle of the table holding what lies there (the
//! trick, the kitty, the pot, the 亮张). Each seat shows a plate (its
//! number, gold when it acts; its name; its role badge; its cards in hand;
//! its 报单/报双; its chips) and what lies by it (its last play, its melds,
//! its discards).
//!
//! The picture is sized for Discord: [`TABLE_W`] wide, at most
//! [`TABLE_MAX_H`] high. Cards are drawn smaller than in a hand, at the
//! first of `SCALES` at which everything fits, so their corners stay
//! legible where Discord shows the picture at its own size.
//!
//! Words (names, badges, captions) are locale keys in the scene, said in
//! the scene's language when drawn; names come from the front end
//! ([`super::Scene::name_seats`]), as the game's view knows none.

use super::{
    font, group_size_in, paint, rgb, rounded, text, Dims, Face, Group, Pixmap, Tiles, TILE_MARGIN,
};
use crate::games::Seat;
use crate::i18n::{self, Lang};
use tiny_skia::{Color, FillRule, PathBuilder, Transform};

/// The picture's width: Discord shows an attachment at most about 550 px
/// wide in a chat (less on a phone) and scales a wider one down.
pub const TABLE_W: f32 = 500.0;
/// The picture's height at most, when the cards fit at the smallest scale.
pub const TABLE_MAX_H: f32 = 400.0;
/// Card sizes tried in turn (of a hand's 60×84 card), largest first.
const SCALES: [f32; 3] = [0.75, 0.625, 0.5];

const PAD: f32 = 8.0;
const PLATE_H: f32 = 22.0;
const GAP: f32 = 6.0;
const BAND_GAP: f32 = 8.0;
/// The width a seat on the left or right side of the middle band keeps
/// at least, and at most when the middle needs no more room.
const SIDE_MIN: f32 = 120.0;
const SIDE_W: f32 = 150.0;
const NOTE_H: f32 = 22.0;
/// The middle band's least height, when something lies there.
const MIDDLE_MIN_H: f32 = 40.0;
const CAPTION_H: f32 = 16.0;

/// A word on the picture: a locale key, with a count where it takes one.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Word {
    pub key: &'static str,
    pub count: Option<i64>,
}

impl Word {
    pub fn new(key: &'static str) -> Word {
        Word { key, count: None }
    }

    pub fn count(key: &'static str, count: i64) -> Word {
        Word {
            key,
            count: Some(count),
        }
    }

    fn say(&self, lang: Lang) -> String {
        match self.count {
            Some(n) => i18n::tr_args(lang, self.key, &[("count", n.into())]),
            None => i18n::tr(lang, self.key),
        }
    }
}

/// One seat at the table.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Place {
    pub seat: Seat,
    /// The seat the game waits on: its number is gold.
    pub turn: bool,
    /// Its role badge (地主, 庄…).
    pub role: Option<Word>,
    /// The cards in its hand, where the game shows the count.
    pub cards: Option<u16>,
    /// 报单 / 报双: down to this many cards.
    pub alert: Option<u8>,
    /// Chips by the seat (a bet), drawn as a coin and the number.
    pub chips: Option<i64>,
    /// A word on the plate after the rest (Paohuzi's 明息).
    pub tag: Option<Word>,
    /// A word where its cards would lie (不出: it passed).
    pub note: Option<Word>,
    /// What lies by the seat, a row each (its last play, a hand shown;
    /// its melds, then its discards), each row wrapped to the seat's room.
    pub rows: Vec<Vec<Group>>,
}

impl Place {
    pub fn new(seat: Seat) -> Place {
        Place {
            seat,
            turn: false,
            role: None,
            cards: None,
            alert: None,
            chips: None,
            tag: None,
            note: None,
            rows: Vec::new(),
        }
    }
}

/// Something lying in the middle of the table, with a caption above it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Spot {
    pub caption: Option<Word>,
    pub groups: Vec<Group>,
}

/// A table picture: every seat, and the middle.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Table {
    /// Every seat, in seat order.
    pub places: Vec<Place>,
    /// The seat at the foot of the picture.
    pub bottom: Seat,
    pub middle: Vec<Spot>,
    /// The language of the words; names by seat, `None` where the front
    /// end has none to draw (then the seat's number says it).
    pub lang: Lang,
    pub names: Vec<Option<String>>,
}

impl Table {
    pub fn new(mut places: Vec<Place>) -> Table {
        places.sort_by_key(|p| p.seat);
        Table {
            places,
            bottom: 0,
            middle: Vec::new(),
            lang: Lang::ZhCn,
            names: Vec::new(),
        }
    }

    /// Every group the table shows.
    pub fn groups(&self) -> impl Iterator<Item = &Group> {
        self.places
            .iter()
            .flat_map(|p| p.rows.iter().flatten())
            .chain(self.middle.iter().flat_map(|s| &s.groups))
    }

    /// Every word the table says (a test checks each is one the glyph
    /// test knows).
    pub fn words(&self) -> Vec<Word> {
        let mut out = Vec::new();
        for p in &self.places {
            out.extend(p.role);
            out.extend(p.note);
            out.extend(p.tag);
            if let Some(n) = p.alert {
                out.push(Word::count(ALERT, n.into()));
            }
        }
        out.extend(self.middle.iter().filter_map(|s| s.caption));
        out
    }

    /// The name drawn on seat `seat`'s plate.
    fn name(&self, seat: Seat) -> String {
        let named = self.names.get(seat).and_then(|n| n.as_ref());
        match named {
            Some(n) if drawable(n) => n.clone(),
            _ => Word::count(SEAT, seat as i64 + 1).say(self.lang),
        }
    }
}

/// The plate's word for 报单 / 报双 (`$count` cards left).
pub const ALERT: &str = "picture-alert";
/// A seat without a name the picture can draw: "玩家 2".
pub const SEAT: &str = "picture-seat";

/// Whether every character of `s` is in the font (a name with others is
/// replaced by the seat's number rather than drawn with holes).
fn drawable(s: &str) -> bool {
    !s.trim().is_empty() && s.chars().all(|c| font::font().has(c) || c.is_whitespace())
}

/// The ink width of `s` at `size` pixels.
fn text_w(s: &str, size: f32) -> f32 {
    font::font().layout(s, size).1.map_or(0.0, |b| b.width())
}

/// `s` cut to fit `room` at `size` (squeezed a little at most, then cut
/// with "..."), so a long name stays readable rather than crushed.
fn shorten(s: &str, size: f32, room: f32) -> String {
    const SQUEEZE: f32 = 0.85;
    if text_w(s, size) * SQUEEZE <= room {
        return s.to_string();
    }
    let chars: Vec<char> = s.chars().collect();
    for n in (1..chars.len()).rev() {
        let cut: String = chars[..n].iter().collect::<String>() + "...";
        if text_w(&cut, size) * SQUEEZE <= room {
            return cut;
        }
    }
    chars.first().map(|c| c.to_string()).unwrap_or_default()
}

/// Where a seat's plate and cards lean inside its room.
#[derive(Copy, Clone, Debug, PartialEq)]
enum Align {
    Left,
    Center,
    Right,
}

/// The seats' places on the picture, counterclockwise from the bottom,
/// as indices of the table's places.
struct Arrangement {
    /// Across the top, left to right.
    top: Vec<Seat>,
    /// Down the left side and up the right one, from the top.
    left: Vec<Seat>,
    right: Vec<Seat>,
    /// Along the foot, left to right.
    bottom: Vec<Seat>,
}

fn arrange(n: usize, bottom: Seat) -> Arrangement {
    let s = |r: usize| (bottom + r) % n.max(1);
    let mut a = Arrangement {
        top: Vec::new(),
        left: Vec::new(),
        right: Vec::new(),
        bottom: Vec::new(),
    };
    match n {
        0 => {}
        1 => a.bottom = vec![s(0)],
        2 => {
            a.bottom = vec![s(0)];
            a.top = vec![s(1)];
        }
        // The 上家 top left, the 下家 top right: their plays under them,
        // the middle below.
        3 => {
            a.bottom = vec![s(0)];
            a.top = vec![s(2), s(1)];
        }
        _ => {
            // Two seats a side from nine seats; the foot holds the seats
            // beside the bottom one from seven.
            let side = if n >= 9 { 2 } else { 1 };
            let foot = usize::from(n >= 7);
            a.bottom = (0..=2 * foot).map(|i| s((n + i - foot) % n)).collect();
            // Right side from the foot up, so listed top first reversed.
            let right: Vec<Seat> = (0..side).map(|i| s(1 + foot + i)).collect();
            a.right = right.into_iter().rev().collect();
            let first_top = 1 + foot + side;
            let last_top = n - 1 - foot - side;
            a.top = (first_top..=last_top).rev().map(s).collect();
            a.left = (0..side).map(|i| s(last_top + 1 + i)).collect();
        }
    }
    a
}

/// A row of wrapped groups: each with its x from the row's start; the
/// row's width and height.
struct Row {
    groups: Vec<(Group, f32)>,
    w: f32,
    h: f32,
}

/// A group and where it lies; a word and its centre.
type At = (Group, f32, f32);
type Said = (String, f32, f32);

/// Rows of groups wrapped to `room`.
fn wrap<'a>(groups: impl IntoIterator<Item = &'a Group>, room: f32, d: Dims) -> Vec<Row> {
    let mut rows: Vec<Row> = Vec::new();
    let mut x = 0.0;
    for g in groups.into_iter().filter(|g| !g.tiles.is_empty()) {
        for piece in super::fit_in(g, room, d) {
            let (w, h) = group_size_in(&piece, d);
            if rows.is_empty() || (x > 0.0 && x + w > room) {
                rows.push(Row {
                    groups: Vec::new(),
                    w: 0.0,
                    h: 0.0,
                });
                x = 0.0;
            }
            let row = rows.last_mut().expect("a row");
            row.groups.push((piece, x));
            row.w = x + w;
            row.h = f32::max(row.h, h);
            x += w + d.gap;
        }
    }
    rows
}

/// A seat's box: its plate and its rows, laid in `room` at `x`, `y`.
struct SeatBox {
    height: f32,
    /// Groups by their position in the box (owned: pieces of a wrapped
    /// group are new groups).
    groups: Vec<At>,
    note: Option<(String, f32, f32)>,
    plate_y: f32,
}

fn seat_box(t: &Table, p: &Place, room: f32, align: Align, foot: bool, d: Dims) -> SeatBox {
    let mut rows = Vec::new();
    for row in &p.rows {
        rows.extend(wrap(row, room, d));
    }
    let cards_h: f32 =
        rows.iter().map(|r| r.h).sum::<f32>() + d.gap * (rows.len().saturating_sub(1)) as f32;
    let note = p.note.map(|w| w.say(t.lang));
    let content_h = if rows.is_empty() {
        if note.is_some() {
            NOTE_H
        } else {
            0.0
        }
    } else {
        cards_h
    };
    let plate = plate_h(t, p, room);
    let (plate_y, content_y) = if foot {
        (content_h + if content_h > 0.0 { GAP } else { 0.0 }, 0.0)
    } else {
        (0.0, plate + GAP)
    };
    let offset = |w: f32| match align {
        Align::Left => 0.0,
        Align::Center => ((room - w) / 2.0).floor(),
        Align::Right => (room - w).floor(),
    };
    let mut groups = Vec::new();
    let mut y = content_y;
    for Row { groups: row, w, h } in rows {
        let dx = offset(w);
        for (g, x) in row {
            groups.push((g, dx + x, y));
        }
        y += h + d.gap;
    }
    let note = if groups.is_empty() {
        note.map(|n| {
            let w = text_w(&n, 15.0);
            (n, offset(w) + w / 2.0, content_y + NOTE_H / 2.0)
        })
    } else {
        None
    };
    SeatBox {
        height: plate
            + if content_h > 0.0 {
                GAP + content_h
            } else {
                0.0
            },
        groups,
        note,
        plate_y,
    }
}

/// The middle's spots laid left to right in `room`, wrapping, centred.
fn middle_box(t: &Table, room: f32, d: Dims) -> (f32, Vec<At>, Vec<Said>) {
    // Each spot: caption, its rows, its size.
    struct S {
        caption: Option<String>,
        rows: Vec<Row>,
        w: f32,
        h: f32,
    }
    let spots: Vec<S> = t
        .middle
        .iter()
        .filter(|s| s.groups.iter().any(|g| !g.tiles.is_empty()) || s.caption.is_some())
        .map(|s| {
            let rows = wrap(&s.groups, room, d);
            let caption = s.caption.map(|w| w.say(t.lang));
            let cw = caption
                .as_deref()
                .map_or(0.0, |c| text_w(c, 12.0).min(room));
            let w = rows.iter().map(|r| r.w).fold(cw, f32::max);
            let h = rows.iter().map(|r| r.h).sum::<f32>()
                + d.gap * rows.len().saturating_sub(1) as f32
                + if caption.is_some() { CAPTION_H } else { 0.0 };
            S {
                caption,
                rows,
                w,
                h,
            }
        })
        .collect();
    // Lines of spots.
    let mut lines: Vec<Vec<S>> = Vec::new();
    let mut x = 0.0;
    for s in spots {
        if lines.is_empty() || (x > 0.0 && x + s.w > room) {
            lines.push(Vec::new());
            x = 0.0;
        }
        x += s.w + 2.0 * d.gap;
        lines.last_mut().expect("a line").push(s);
    }
    let (mut groups, mut captions) = (Vec::new(), Vec::new());
    let mut y = 0.0;
    for line in lines {
        let w: f32 = line.iter().map(|s| s.w).sum::<f32>() + 2.0 * d.gap * (line.len() - 1) as f32;
        let mut x = ((room - w) / 2.0).floor();
        let h = line.iter().map(|s| s.h).fold(0.0, f32::max);
        for s in line {
            let mut sy = y;
            if let Some(c) = s.caption {
                captions.push((c, x + s.w / 2.0, sy + CAPTION_H / 2.0 - 1.0));
                sy += CAPTION_H;
            }
            for Row {
                groups: row,
                w: rw,
                h: rh,
            } in s.rows
            {
                let dx = ((s.w - rw) / 2.0).floor();
                for (g, gx) in row {
                    groups.push((g, x + dx + gx, sy));
                }
                sy += rh + d.gap;
            }
            x += s.w + 2.0 * d.gap;
        }
        y += h + d.gap;
    }
    let height = if y > 0.0 { y - d.gap } else { 0.0 };
    (height, groups, captions)
}

/// Owned groups and where they lie, with the words and plates.
pub(super) struct Laidout<'a> {
    pub width: f32,
    pub height: f32,
    pub dims: Dims,
    plates: Vec<(&'a Place, f32, f32, f32, Align)>,
    words: Vec<(String, f32, f32, f32, Color)>,
    pub groups: Vec<At>,
    felt: (f32, f32),
}

/// Lays the table out at scale `s`.
fn lay(t: &Table, d: Dims) -> Laidout<'_> {
    let n = t.places.len();
    // Positions are places' indices (in seat order), so a table whose
    // hand leaves a seat out (a Chexuan seat sitting out) closes up.
    let bottom = t
        .places
        .iter()
        .position(|p| p.seat == t.bottom)
        .unwrap_or(0);
    let a = arrange(n, bottom);
    let inner = TABLE_W - 2.0 * PAD;
    let mut out = Laidout {
        width: TABLE_W,
        height: 0.0,
        dims: d,
        plates: Vec::new(),
        words: Vec::new(),
        groups: Vec::new(),
        felt: (0.0, 0.0),
    };
    let caption_color = rgb(0xCF, 0xE3, 0xD6);
    let mut y = PAD;
    seat_row(t, &a.top, false, &mut y, &mut out);
    let felt_top = y - BAND_GAP / 2.0;
    // The middle band: the sides and the middle between them.
    let sides = !a.left.is_empty() || !a.right.is_empty();
    // The sides give the middle what its widest spot needs, down to
    // their least.
    let widest = t
        .middle
        .iter()
        .flat_map(|s| &s.groups)
        .map(|g| group_size_in(g, d).0)
        .fold(0.0, f32::max);
    let side_w = if sides {
        (((inner - widest) / 2.0 - GAP).floor()).clamp(SIDE_MIN, SIDE_W)
    } else {
        0.0
    };
    let mid_x = PAD + if sides { side_w + GAP } else { 0.0 };
    let mid_w = inner - if sides { 2.0 * (side_w + GAP) } else { 0.0 };
    let (mh, mgroups, mcaptions) = middle_box(t, mid_w, d);
    // The table's middle is a table even with a word alone on it.
    let mut band_h = if mh > 0.0 { mh.max(MIDDLE_MIN_H) } else { 0.0 };
    for (col, align, x) in [
        (&a.left, Align::Left, PAD),
        (&a.right, Align::Right, PAD + inner - side_w),
    ] {
        let mut cy = y;
        for seat in col {
            let Some(p) = t.places.get(*seat) else {
                continue;
            };
            let b = seat_box(t, p, side_w, align, false, d);
            let h = b.height;
            push_box(&mut out, p, b, x, cy, side_w, align);
            cy += h + BAND_GAP;
        }
        band_h = band_h.max(cy - BAND_GAP - y);
    }
    // The middle centred in the band's height.
    let my = y + ((band_h - mh) / 2.0).floor();
    for (g, gx, gy) in mgroups {
        out.groups.push((g, mid_x + gx, my + gy));
    }
    for (c, cx, cy) in mcaptions {
        out.words
            .push((c, 12.0, mid_x + cx, my + cy, caption_color));
    }
    if band_h > 0.0 {
        y += band_h + BAND_GAP;
    }
    let felt_bottom = y - BAND_GAP / 2.0;
    seat_row(t, &a.bottom, true, &mut y, &mut out);
    out.height = (y - BAND_GAP + PAD).max(2.0 * PAD + PLATE_H);
    out.felt = (felt_top, felt_bottom);
    out
}

/// A row of seats across the picture (the top or the foot) at `y`,
/// which moves down past it.
fn seat_row<'a>(t: &'a Table, seats: &[Seat], foot: bool, y: &mut f32, out: &mut Laidout<'a>) {
    if seats.is_empty() {
        return;
    }
    let inner = TABLE_W - 2.0 * PAD;
    let k = seats.len() as f32;
    let room = ((inner - GAP * (k - 1.0)) / k).floor();
    let mut h: f32 = 0.0;
    for (i, seat) in seats.iter().enumerate() {
        let Some(p) = t.places.get(*seat) else {
            continue;
        };
        let align = match (seats.len(), i) {
            (2, 0) => Align::Left,
            (2, _) => Align::Right,
            _ => Align::Center,
        };
        let x = PAD + i as f32 * (room + GAP);
        let b = seat_box(t, p, room, align, foot, out.dims);
        h = h.max(b.height);
        push_box(out, p, b, x, *y, room, align);
    }
    *y += h + BAND_GAP;
}

fn push_box<'a>(
    out: &mut Laidout<'a>,
    p: &'a Place,
    b: SeatBox,
    x: f32,
    y: f32,
    room: f32,
    align: Align,
) {
    let note_color = rgb(0xF3, 0xE6, 0xB5);
    out.plates.push((p, x, y + b.plate_y, room, align));
    for (g, gx, gy) in b.groups {
        out.groups.push((g, x + gx, y + gy));
    }
    if let Some((n, cx, cy)) = b.note {
        out.words.push((n, 15.0, x + cx, y + cy, note_color));
    }
}

/// Lays the table out at the largest scale at which it fits the height.
pub(super) fn layout(t: &Table) -> Laidout<'_> {
    let mut laid = None;
    for s in SCALES {
        let l = lay(t, Dims::at(s));
        if l.height <= TABLE_MAX_H {
            return l;
        }
        laid = Some(l);
    }
    laid.expect("a scale")
}

/// Draws the table.
pub(super) fn draw_table(t: &Table, tiles: &mut Tiles) -> Pixmap {
    let laid = layout(t);
    let (w, h) = (laid.width.ceil() as u32, laid.height.ceil() as u32);
    let mut pm = Pixmap::new(w.max(1), h.max(1)).expect("a picture has a size");
    let (r, g, b) = super::BACKGROUND;
    pm.fill(rgb(r, g, b));
    // The felt: a lighter oval in the middle, between the seats' rows.
    let (ft, fb) = laid.felt;
    if fb - ft > 20.0 {
        let r = (fb - ft) / 2.0;
        if let Some(felt) = rounded(PAD, ft, laid.width - 2.0 * PAD, fb - ft, r.min(40.0)) {
            pm.fill_path(
                &felt,
                &paint(rgb(0x2A, 0x6E, 0x4F)),
                FillRule::Winding,
                Transform::identity(),
                None,
            );
        }
    }
    for (p, x, y, room, align) in &laid.plates {
        draw_plate(&mut pm, t, p, *x, *y, *room, *align);
    }
    for (s, size, cx, cy, color) in &laid.words {
        text(&mut pm, s, *size, *cx, *cy, TABLE_W, *color);
    }
    let d = laid.dims;
    for (g, x, y) in &laid.groups {
        let (step_x, step_y) = d.steps(g);
        for (i, tile) in g.tiles.iter().enumerate() {
            let x = x + step_x * i as f32 - TILE_MARGIN;
            let y = y + step_y * i as f32 - TILE_MARGIN;
            super::blit(
                &mut pm,
                tiles.get_at(tile, d.scale),
                x.round() as i32,
                y.round() as i32,
            );
        }
    }
    pm
}

/// A pill (a rounded label) of `w` at (x, y).
fn pill(pm: &mut Pixmap, x: f32, y: f32, w: f32, h: f32, color: Color) {
    if let Some(p) = rounded(x, y, w, h, h / 2.0) {
        pm.fill_path(
            &p,
            &paint(color),
            FillRule::Winding,
            Transform::identity(),
            None,
        );
    }
}

fn disc(pm: &mut Pixmap, cx: f32, cy: f32, r: f32, color: Color) {
    if let Some(c) = PathBuilder::from_circle(cx, cy, r) {
        pm.fill_path(
            &c,
            &paint(color),
            FillRule::Winding,
            Transform::identity(),
            None,
        );
    }
}

const NAME_SIZE: f32 = 14.0;
const SMALL: f32 = 12.0;

/// The pieces of a plate after the name, with their widths: role, cards,
/// alert, chips.
fn plate_parts(t: &Table, p: &Place) -> Vec<(Part, f32)> {
    let mut parts = Vec::new();
    if let Some(role) = p.role {
        let s = role.say(t.lang);
        let w = text_w(&s, SMALL) + 10.0;
        parts.push((Part::Role(s), w));
    }
    if let Some(n) = p.cards {
        let s = n.to_string();
        let w = 12.0 + 3.0 + text_w(&s, SMALL);
        parts.push((Part::Cards(s), w));
    }
    if let Some(n) = p.alert {
        let s = Word::count(ALERT, n.into()).say(t.lang);
        let w = text_w(&s, SMALL) + 10.0;
        parts.push((Part::Alert(s), w));
    }
    if let Some(c) = p.chips {
        let s = c.to_string();
        let w = 14.0 + 3.0 + text_w(&s, SMALL);
        parts.push((Part::Chips(s), w));
    }
    if let Some(tag) = p.tag {
        let s = tag.say(t.lang);
        let w = text_w(&s, SMALL) + 2.0;
        parts.push((Part::Tag(s), w));
    }
    parts
}

enum Part {
    Tag(String),
    Role(String),
    Cards(String),
    Alert(String),
    Chips(String),
}

/// The least room a name keeps on a plate's line.
const NAME_MIN: f32 = 40.0;

/// Whether the plate's badges go on a second line: when the name would
/// keep less than [`NAME_MIN`] beside them (a narrow seat at a big table).
fn two_lines(t: &Table, p: &Place, room: f32) -> bool {
    let parts_w: f32 = plate_parts(t, p).iter().map(|(_, w)| w + 5.0).sum();
    PLATE_H + 4.0 + NAME_MIN + parts_w > room
}

/// The badges cut into lines no wider than `room` (one badge a line at
/// the least).
fn part_lines(parts: Vec<(Part, f32)>, room: f32) -> Vec<Vec<(Part, f32)>> {
    let mut lines: Vec<Vec<(Part, f32)>> = Vec::new();
    let mut x = 0.0;
    for (part, w) in parts {
        if lines.is_empty() || (x > 0.0 && x + w > room - 8.0) {
            lines.push(Vec::new());
            x = 0.0;
        }
        x += w + 5.0;
        lines.last_mut().expect("a line").push((part, w));
    }
    lines
}

/// The plate's height in `room`.
fn plate_h(t: &Table, p: &Place, room: f32) -> f32 {
    if two_lines(t, p, room) {
        let n = part_lines(plate_parts(t, p), room).len() as f32;
        PLATE_H + n * (PLATE_H + 2.0)
    } else {
        PLATE_H
    }
}

/// A seat's plate: number disc, name, then its badges (on a line of their
/// own when the room is narrow), in `room`.
fn draw_plate(pm: &mut Pixmap, t: &Table, p: &Place, x: f32, y: f32, room: f32, align: Align) {
    let white = rgb(0xFF, 0xFF, 0xFF);
    let parts = plate_parts(t, p);
    let parts_w: f32 = parts.iter().map(|(_, w)| w + 5.0).sum();
    let split = two_lines(t, p, room);
    let disc_w = PLATE_H;
    let beside = if split { 0.0 } else { parts_w };
    let name_room = (room - disc_w - 8.0 - beside).max(24.0);
    let name = shorten(&t.name(p.seat), NAME_SIZE, name_room);
    let name_w = text_w(&name, NAME_SIZE).min(name_room);
    let start = |w: f32| match align {
        Align::Left => x,
        Align::Center => x + ((room - w) / 2.0).floor(),
        Align::Right => x + room - w,
    };
    let band = rgb(0x16, 0x40, 0x2D);
    let first_w = (disc_w + 4.0 + name_w + beside + 4.0).min(room);
    let x0 = start(first_w);
    // A dark band under the plate, so it reads on the felt.
    pill(pm, x0, y, first_w, PLATE_H, band);
    let cy = y + PLATE_H / 2.0;
    let turn = if p.turn {
        rgb(0xE0, 0xA1, 0x00)
    } else {
        rgb(0x0E, 0x2E, 0x20)
    };
    disc(pm, x0 + PLATE_H / 2.0, cy, PLATE_H / 2.0, turn);
    text(
        pm,
        &(p.seat + 1).to_string(),
        13.0,
        x0 + PLATE_H / 2.0,
        cy,
        PLATE_H - 6.0,
        white,
    );
    let cx = x0 + disc_w + 4.0;
    text(pm, &name, NAME_SIZE, cx + name_w / 2.0, cy, name_w, white);
    if !split {
        let mut cx = cx + name_w + 5.0;
        for (part, w) in parts {
            draw_part(pm, part, w, cx, y);
            cx += w + 5.0;
        }
        return;
    }
    let mut y = y;
    for line in part_lines(parts, room) {
        let w: f32 = line.iter().map(|(_, w)| w + 5.0).sum::<f32>() + 3.0;
        let x1 = start(w.min(room));
        y += PLATE_H + 2.0;
        pill(pm, x1, y, w.min(room), PLATE_H, band);
        let mut cx = x1 + 4.0;
        for (part, w) in line {
            draw_part(pm, part, w, cx, y);
            cx += w + 5.0;
        }
    }
}

/// One badge of a plate, `w` wide from `cx`, on the plate line at `y`.
fn draw_part(pm: &mut Pixmap, part: Part, w: f32, cx: f32, y: f32) {
    let white = rgb(0xFF, 0xFF, 0xFF);
    let cy = y + PLATE_H / 2.0;
    match part {
        Part::Role(s) => {
            pill(pm, cx, y + 3.0, w, PLATE_H - 6.0, rgb(0xD9, 0x6C, 0x1E));
            text(pm, &s, SMALL, cx + w / 2.0, cy, w - 8.0, white);
        }
        Part::Alert(s) => {
            pill(pm, cx, y + 3.0, w, PLATE_H - 6.0, rgb(0xD3, 0x2F, 0x2F));
            text(pm, &s, SMALL, cx + w / 2.0, cy, w - 8.0, white);
        }
        Part::Cards(s) => {
            // A little card back, and the count beside it.
            if let Some(back) = rounded(cx, y + 4.0, 12.0, PLATE_H - 8.0, 2.0) {
                pm.fill_path(
                    &back,
                    &paint(rgb(0x2B, 0x4C, 0x7E)),
                    FillRule::Winding,
                    Transform::identity(),
                    None,
                );
                let edge = tiny_skia::Stroke {
                    width: 1.0,
                    ..Default::default()
                };
                pm.stroke_path(
                    &back,
                    &paint(rgb(0xE8, 0xD9, 0xA8)),
                    &edge,
                    Transform::identity(),
                    None,
                );
            }
            let tw = w - 15.0;
            text(pm, &s, SMALL, cx + 15.0 + tw / 2.0, cy, tw + 1.0, white);
        }
        Part::Tag(s) => {
            let c = rgb(0xCF, 0xE3, 0xD6);
            text(pm, &s, SMALL, cx + w / 2.0, cy, w, c);
        }
        Part::Chips(s) => {
            disc(pm, cx + 7.0, cy, 7.0, rgb(0xE0, 0xA1, 0x00));
            disc(pm, cx + 7.0, cy, 4.0, rgb(0xF5, 0xD0, 0x6B));
            let tw = w - 17.0;
            text(pm, &s, SMALL, cx + 17.0 + tw / 2.0, cy, tw + 1.0, white);
        }
    }
}

/// The faces a table shows, in drawing order.
pub(super) fn faces(t: &Table) -> impl Iterator<Item = Face> + '_ {
    t.groups().flat_map(|g| &g.tiles).map(|tile| tile.face)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_sit_counterclockwise_from_the_bottom() {
        let a = arrange(3, 0);
        assert_eq!((a.bottom, a.top), (vec![0], vec![2, 1]));
        let a = arrange(4, 2);
        assert_eq!(
            (a.bottom, a.right, a.top, a.left),
            (vec![2], vec![3], vec![0], vec![1])
        );
        for n in 1..=12 {
            let a = arrange(n, n - 1);
            let mut all: Vec<Seat> = [a.top, a.left, a.right, a.bottom].concat();
            all.sort_unstable();
            assert_eq!(all, (0..n).collect::<Vec<_>>(), "{n} seats");
        }
        let a = arrange(12, 0);
        assert_eq!(a.bottom, vec![11, 0, 1]);
        assert_eq!(a.right, vec![3, 2]);
        assert_eq!(a.top, vec![8, 7, 6, 5, 4]);
        assert_eq!(a.left, vec![9, 10]);
    }
}
