//! Card pictures: PNG images of a hand and of a table (its seats around
//! it, [`table`]), for the Discord front end and `paiju render`. No Discord
//! types here, and no words of its own: a hand shows cards and seat
//! numbers; a table's plates and captions say short words from `locales/`
//! (`picture-*`), given as keys; the text beside a picture says the rest.
//!
//! A picture is made in two steps. A game turns a view into a [`Scene`]
//! ([`Drawn`], in each game's `src/hosts/<game>/pictures.rs`): lines of card groups, each card a [`Tile`]
//! with its [`Face`] and marks (selected, level card, trump, locked 坎).
//! The scene is plain data, so tests can read exactly which cards a
//! picture shows (the public table never holds a hidden card) and the
//! Discord front end can tell a changed picture by its [`Scene::key`]
//! without drawing it. [`render`] then lays the scene out and draws it with
//! tiny-skia, the glyphs coming from the subset font of [`font`]. Each
//! distinct tile is drawn from its paths once and then copied ([`Tiles`]),
//! and the PNG is written with fast compression: a 33-card hand takes
//! about a millisecond (`cargo bench --bench render`).

pub mod font;
pub mod table;

pub use table::{Place, Spot, Table, Word};

use crate::cards::{Card, Rank, Suit};
use crate::games::paohuzi::cards::Card as Zi;
use crate::games::{Game, Seat};
use crate::i18n::Lang;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::{Mutex, OnceLock};
use tiny_skia::{Color, FillRule, Paint, Path, PathBuilder, Pixmap, Stroke, Transform};

/// What a card shows.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Face {
    /// A playing card, face up.
    Card(Card),
    /// A Paohuzi 字牌, face up.
    Zi(Zi),
    /// A playing card seen from behind.
    Back,
    /// A 字牌 seen from behind.
    ZiBack,
}

impl Face {
    fn is_zi(self) -> bool {
        matches!(self, Face::Zi(_) | Face::ZiBack)
    }
}

/// One card in a picture.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Tile {
    pub face: Face,
    /// Chosen in the private hand view: drawn raised and tinted.
    pub selected: bool,
    /// Shengji's level cards (and Dou Dizhu's wild rank): a gold mark.
    pub marked: bool,
    /// Shengji's trumps: a warm background.
    pub trump: bool,
    /// Paohuzi's 坎 (three alike in the hand, which cannot be broken up):
    /// drawn shaded.
    pub locked: bool,
}

impl Tile {
    pub fn new(face: Face) -> Tile {
        Tile {
            face,
            selected: false,
            marked: false,
            trump: false,
            locked: false,
        }
    }

    pub fn card(card: Card) -> Tile {
        Tile::new(Face::Card(card))
    }
}

/// Cards drawn together: overlapping in a row (a fan), or stacked in a
/// column (Paohuzi's hand and melds).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Group {
    pub tiles: Vec<Tile>,
    pub column: bool,
}

impl Group {
    pub fn row(tiles: Vec<Tile>) -> Group {
        Group {
            tiles,
            column: false,
        }
    }

    pub fn column(tiles: Vec<Tile>) -> Group {
        Group {
            tiles,
            column: true,
        }
    }

    pub fn cards(cards: impl IntoIterator<Item = Card>) -> Group {
        Group::row(cards.into_iter().map(Tile::card).collect())
    }
}

/// A seat's badge at the start of a line: its number (1-based), gold when
/// the seat is to act (Duan Guozi: when it won the round).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Badge {
    pub seat: Seat,
    pub turn: bool,
    /// 报单 / 报双: the seat is down to this many cards (Dou Dizhu), drawn
    /// as a red disc with the count on the badge's corner.
    pub alert: Option<u8>,
}

/// One line of a picture: an optional seat badge, then groups left to
/// right (wrapped when too wide).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Line {
    pub badge: Option<Badge>,
    pub groups: Vec<Group>,
}

impl Line {
    pub fn new(groups: Vec<Group>) -> Line {
        Line {
            badge: None,
            groups,
        }
    }

    pub fn seat(seat: Seat, turn: bool, groups: Vec<Group>) -> Line {
        Line {
            badge: Some(Badge {
                seat,
                turn,
                alert: None,
            }),
            groups,
        }
    }

    /// The line's seat is down to `cards` cards (报单 / 报双).
    pub fn alert(mut self, cards: u8) -> Line {
        if let Some(b) = &mut self.badge {
            b.alert = Some(cards);
        }
        self
    }
}

/// What a picture shows, before it is drawn: a table with its seats
/// around it (the table picture), then lines (a hand; a replay's hand
/// under its table).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Scene {
    pub table: Option<Table>,
    pub lines: Vec<Line>,
}

impl Scene {
    /// A scene of lines alone.
    pub fn of_lines(lines: Vec<Line>) -> Scene {
        Scene { table: None, lines }
    }

    /// A table picture.
    pub fn of_table(table: Table) -> Scene {
        Scene {
            table: Some(table),
            lines: Vec::new(),
        }
    }

    /// Every face the picture shows, in drawing order: what a test reads
    /// to know which cards a viewer is shown.
    pub fn faces(&self) -> Vec<Face> {
        let table = self.table.iter().flat_map(table::faces);
        table
            .chain(
                self.lines
                    .iter()
                    .flat_map(|l| &l.groups)
                    .flat_map(|g| &g.tiles)
                    .map(|t| t.face),
            )
            .collect()
    }

    /// Nothing to draw: no card, and no table (a table with its seats is
    /// worth a picture before a card lies on it).
    pub fn is_empty(&self) -> bool {
        self.table.is_none()
            && self
                .lines
                .iter()
                .all(|l| l.groups.iter().all(|g| g.tiles.is_empty()))
    }

    /// The table's words in `lang`, and its seats' names (by seat; `None`
    /// where the front end has no name the picture can draw, such as a
    /// member it only knows by id: the plate then says the seat's number).
    pub fn name_seats(mut self, lang: Lang, names: Vec<Option<String>>) -> Scene {
        if let Some(t) = &mut self.table {
            t.lang = lang;
            t.names = names;
        }
        self
    }

    /// The table seen from `seat`: that seat at the foot of the picture.
    pub fn from_seat(mut self, seat: Seat) -> Scene {
        if let Some(t) = &mut self.table {
            t.bottom = seat;
        }
        self
    }

    /// A key of the content: equal scenes give equal keys (within one
    /// build), so an unchanged picture is neither drawn nor uploaded again.
    pub fn key(&self) -> u64 {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.hash(&mut h);
        h.finish()
    }

    /// Marks `selected` tiles of the scene (each listed face once, first
    /// match first), for the private hand view.
    pub fn select(&mut self, selected: &[Face]) {
        let mut left: Vec<Face> = selected.to_vec();
        for tile in self
            .lines
            .iter_mut()
            .flat_map(|l| l.groups.iter_mut())
            .flat_map(|g| g.tiles.iter_mut())
        {
            if let Some(i) = left.iter().position(|f| *f == tile.face) {
                left.swap_remove(i);
                tile.selected = true;
            }
        }
    }
}

/// What a game draws: its pictures, from a view. The hand from the
/// seat's own view; the table from the **public** view only (the front
/// end passes nothing else), so it cannot show a hidden card.
pub trait Drawn: Game {
    /// The seat's own cards, grouped the way the game groups a hand; `None`
    /// when the view holds no hand.
    fn hand_scene(view: &Self::View) -> Option<Scene>;

    /// The table: the last play or the current trick, and what lies open.
    /// `None` when there is nothing to show yet.
    fn table_scene(view: &Self::View) -> Option<Scene>;
}

/// A drawn picture.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    pub png: Vec<u8>,
    pub width: u32,
    pub height: u32,
}

/// Why `paiju render` drew nothing.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    #[error(transparent)]
    Record(#[from] crate::record::RecordError),
    #[error("the record has {actions} actions; --at {at} is beyond them")]
    Beyond { at: usize, actions: usize },
    #[error("action {at} of the record is refused: {message}")]
    Refused { at: usize, message: String },
    #[error("the game has no seat {0}")]
    NoSeat(Seat),
    #[error("there are no cards to draw at that position")]
    Nothing,
}

/// The names a table picture can draw, by seat, from the front end's:
/// a member's mention (`<@id>`, which Discord shows as a name but the
/// picture cannot) is left out, so the plate says the seat's number.
pub fn seat_names(names: &[String]) -> Vec<Option<String>> {
    names
        .iter()
        .map(|n| (!n.starts_with("<@")).then(|| n.clone()))
        .collect()
}

/// A scene, or none when it has nothing to draw.
pub fn non_empty(scene: Scene) -> Option<Scene> {
    (!scene.is_empty()).then_some(scene)
}

/// The scene of a record's position after its first `at` actions: the
/// hand of `seat`, or the public table when `seat` is `None`. `play_out`
/// then plays the steps nobody decides, as `paiju replay` does at a record's
/// end (a Duan Guozi record is its deal alone: its rounds are such steps).
pub fn record_scene<G: Drawn>(
    record: &crate::record::Record,
    at: usize,
    seat: Option<Seat>,
    play_out: bool,
) -> Result<Scene, RenderError> {
    if at > record.actions.len() {
        return Err(RenderError::Beyond {
            at,
            actions: record.actions.len(),
        });
    }
    let mut game = G::from_record_setup(record)?;
    for (index, raw) in record.actions[..at].iter().enumerate() {
        let refused = |message: String| RenderError::Refused { at: index, message };
        let (s, body) = crate::record::split_action(index, raw)?;
        let action = G::parse_action(&body).map_err(|e| refused(e.message))?;
        game.apply(s, &action).map_err(|e| refused(e.message))?;
    }
    if play_out {
        game.play_out();
    }
    let scene = match seat {
        Some(s) if s >= game.seats() => return Err(RenderError::NoSeat(s)),
        Some(s) => G::hand_scene(&game.view(Some(s))),
        None => G::table_scene(&game.view(None)),
    };
    scene.ok_or(RenderError::Nothing)
}

// Layout, in pixels.
const PAD: f32 = 10.0;
const CARD_W: f32 = 60.0;
const CARD_H: f32 = 84.0;
/// How much of a covered card shows in a fan: its rank and suit.
const CARD_STEP: f32 = 27.0;
const ZI_W: f32 = 40.0;
const ZI_H: f32 = 60.0;
/// 字牌 in a row lie side by side; in a column each shows its character.
const ZI_STEP: f32 = 42.0;
const ZI_COL_STEP: f32 = 31.0;
const GROUP_GAP: f32 = 12.0;
const LINE_GAP: f32 = 10.0;
const BADGE_W: f32 = 36.0;
const BADGE_H: f32 = 32.0;
const RAISE: f32 = 14.0;
/// Lines wrap beyond this width: Discord shows a picture in a message at
/// most about 550 px wide and scales a wider one down, so a long strip
/// (a 33-card Shengji hand was 863 px) had its card corners shrunk to a
/// few pixels. 500 px is 17 cards a row at full size.
const MAX_W: f32 = 500.0;

/// Card sizes at a scale: a hand's cards (full size) or a table's
/// smaller ones, every size whole pixels so tiles are copied exactly.
#[derive(Copy, Clone, Debug, PartialEq)]
pub(crate) struct Dims {
    scale: f32,
    card: (f32, f32),
    card_step: f32,
    zi: (f32, f32),
    zi_step: f32,
    zi_col: f32,
    gap: f32,
}

impl Dims {
    const FULL: Dims = Dims {
        scale: 1.0,
        card: (CARD_W, CARD_H),
        card_step: CARD_STEP,
        zi: (ZI_W, ZI_H),
        zi_step: ZI_STEP,
        zi_col: ZI_COL_STEP,
        gap: GROUP_GAP,
    };

    fn at(s: f32) -> Dims {
        let r = |v: f32| (v * s).round();
        Dims {
            scale: s,
            card: (r(CARD_W), r(CARD_H)),
            card_step: r(CARD_STEP),
            zi: (r(ZI_W), r(ZI_H)),
            zi_step: r(ZI_STEP),
            zi_col: r(ZI_COL_STEP),
            gap: r(GROUP_GAP),
        }
    }

    fn tile(&self, face: Face) -> (f32, f32) {
        if face.is_zi() {
            self.zi
        } else {
            self.card
        }
    }

    /// How far each next tile of `g` lies from the one before.
    fn steps(&self, g: &Group) -> (f32, f32) {
        match (g.column, g.tiles.first().is_some_and(|t| t.face.is_zi())) {
            (true, _) => (0.0, self.zi_col),
            (false, true) => (self.zi_step, 0.0),
            (false, false) => (self.card_step, 0.0),
        }
    }
}

fn tile_size(face: Face) -> (f32, f32) {
    Dims::FULL.tile(face)
}

fn group_size(g: &Group) -> (f32, f32) {
    group_size_in(g, Dims::FULL)
}

fn group_size_in(g: &Group, d: Dims) -> (f32, f32) {
    let Some(first) = g.tiles.first() else {
        return (0.0, 0.0);
    };
    let (w, h) = d.tile(first.face);
    let n = g.tiles.len() as f32 - 1.0;
    let (sx, sy) = d.steps(g);
    (w + n * sx, h + n * sy)
}

/// A group cut so that no piece is wider than a line.
fn fit(g: &Group, room: f32) -> Vec<Group> {
    fit_in(g, room, Dims::FULL)
}

fn fit_in(g: &Group, room: f32, d: Dims) -> Vec<Group> {
    if g.column || group_size_in(g, d).0 <= room {
        return vec![g.clone()];
    }
    let (w, _) = d.tile(g.tiles[0].face);
    let step = d.steps(g).0;
    let per = (((room - w) / step).floor() as usize + 1).max(1);
    g.tiles
        .chunks(per)
        .map(|c| Group::row(c.to_vec()))
        .collect()
}

/// A group placed at (x, y): the top of its row.
struct Placed<'a> {
    group: &'a Group,
    x: f32,
    y: f32,
}

struct Layout<'a> {
    width: f32,
    height: f32,
    badges: Vec<(Badge, f32)>,
    groups: Vec<Placed<'a>>,
}

/// Lays the scene out: each line's groups left to right after its badge,
/// wrapping onto more rows when wider than [`MAX_W`].
fn place<'a>(lines: &'a [(Option<Badge>, Vec<Group>)]) -> Layout<'a> {
    let badges = lines.iter().any(|(b, _)| b.is_some());
    let left = PAD + if badges { BADGE_W } else { 0.0 };
    let mut out = Layout {
        width: 0.0,
        height: 0.0,
        badges: Vec::new(),
        groups: Vec::new(),
    };
    let mut y = PAD;
    for (badge, groups) in lines {
        if groups.is_empty() {
            // A seat with nothing to show yet, when its badge says it acts.
            if let Some(b) = badge {
                out.badges.push((*b, y));
                y += BADGE_H + LINE_GAP;
            }
            continue;
        }
        // Rows of this line: (groups, row height, raised?).
        let mut rows: Vec<Vec<(&Group, f32)>> = vec![Vec::new()];
        let mut x = left;
        for g in groups {
            let (w, _) = group_size(g);
            if x > left && x + w > left + MAX_W {
                rows.push(Vec::new());
                x = left;
            }
            rows.last_mut().expect("a row").push((g, x));
            x += w + GROUP_GAP;
            out.width = out.width.max(x - GROUP_GAP + PAD);
        }
        let line_top = y;
        for row in rows {
            let raised = row.iter().any(|(g, _)| g.tiles.iter().any(|t| t.selected));
            let top = y + if raised { RAISE } else { 0.0 };
            let h = row.iter().map(|(g, _)| group_size(g).1).fold(0.0, f32::max);
            for (g, x) in row {
                out.groups.push(Placed {
                    group: g,
                    x,
                    y: top,
                });
            }
            y = top + h + LINE_GAP;
        }
        if let Some(b) = badge {
            out.badges
                .push((*b, line_top + RAISE.min((y - LINE_GAP - line_top) / 2.0)));
        }
    }
    out.height = (y - LINE_GAP + PAD).max(2.0 * PAD);
    out.width = out
        .width
        .max(2.0 * PAD + if badges { BADGE_W } else { 0.0 });
    out
}

const BACKGROUND: (u8, u8, u8) = (0x23, 0x5E, 0x43);

fn rgb(r: u8, g: u8, b: u8) -> Color {
    Color::from_rgba8(r, g, b, 255)
}

fn paint(color: Color) -> Paint<'static> {
    let mut p = Paint::default();
    p.set_color(color);
    p.anti_alias = true;
    p
}

fn rounded(x: f32, y: f32, w: f32, h: f32, r: f32) -> Option<Path> {
    let mut pb = PathBuilder::new();
    let k = 0.447_715 * r; // (1 - 0.5523) · r: a quarter circle as a cubic
    pb.move_to(x + r, y);
    pb.line_to(x + w - r, y);
    pb.cubic_to(x + w - k, y, x + w, y + k, x + w, y + r);
    pb.line_to(x + w, y + h - r);
    pb.cubic_to(x + w, y + h - k, x + w - k, y + h, x + w - r, y + h);
    pb.line_to(x + r, y + h);
    pb.cubic_to(x + k, y + h, x, y + h - k, x, y + h - r);
    pb.line_to(x, y + r);
    pb.cubic_to(x, y + k, x + k, y, x + r, y);
    pb.close();
    pb.finish()
}

/// Draws `text` centred on (cx, cy) at `size` pixels, squeezed
/// horizontally to at most `max_w`.
fn text(pm: &mut Pixmap, s: &str, size: f32, cx: f32, cy: f32, max_w: f32, color: Color) {
    let (glyphs, bounds) = font::font().layout(s, size);
    let Some(b) = bounds else { return };
    let sx = if b.width() > max_w {
        max_w / b.width()
    } else {
        1.0
    };
    let dx = cx - (b.left() + b.width() / 2.0) * sx;
    let dy = cy - (b.top() + b.height() / 2.0);
    let p = paint(color);
    for (path, ts) in glyphs {
        let place = Transform::from_row(sx, 0.0, 0.0, 1.0, dx, dy).pre_concat(ts);
        pm.fill_path(path, &p, FillRule::Winding, place, None);
    }
}

fn suit_color(s: Suit) -> Color {
    if s.is_red() {
        rgb(0xC6, 0x1F, 0x1F)
    } else {
        rgb(0x1A, 0x1A, 0x1A)
    }
}

fn rank_text(r: Rank) -> &'static str {
    r.display()
}

/// The characters a card face can draw (for the font test).
fn face_chars() -> String {
    let mut s = String::new();
    for r in Rank::ALL {
        s.push_str(rank_text(r));
    }
    for suit in Suit::ALL {
        s.push(suit.symbol());
    }
    s.push_str("大小王");
    for z in Zi::all() {
        s.push_str(z.chinese());
    }
    s.push_str("0123456789");
    s
}

/// Every character the renderer may draw: the glyph test checks each is in
/// the subset font.
pub fn drawn_chars() -> Vec<char> {
    let mut v: Vec<char> = face_chars().chars().collect();
    v.sort_unstable();
    v.dedup();
    v
}

fn draw_tile(pm: &mut Pixmap, t: &Tile, x: f32, y: f32) {
    let (w, h) = tile_size(t.face);
    let Some(shape) = rounded(x + 0.5, y + 0.5, w - 1.0, h - 1.0, 5.0) else {
        return;
    };
    let (fill, edge) = match t.face {
        Face::Back => (rgb(0x2B, 0x4C, 0x7E), rgb(0x14, 0x2A, 0x4C)),
        Face::ZiBack => (rgb(0x3E, 0x6B, 0x4A), rgb(0x1E, 0x3D, 0x28)),
        Face::Zi(_) if t.locked => (rgb(0xD8, 0xCB, 0xA8), rgb(0x6E, 0x5E, 0x3C)),
        Face::Zi(_) => (rgb(0xF6, 0xEE, 0xD6), rgb(0x8A, 0x7A, 0x5A)),
        Face::Card(_) if t.trump => (rgb(0xFF, 0xF4, 0xD1), rgb(0x8C, 0x7A, 0x48)),
        Face::Card(_) => (rgb(0xFF, 0xFF, 0xFF), rgb(0x77, 0x77, 0x77)),
    };
    let fill = if t.selected {
        rgb(0xDD, 0xEA, 0xFF)
    } else {
        fill
    };
    pm.fill_path(
        &shape,
        &paint(fill),
        FillRule::Winding,
        Transform::identity(),
        None,
    );
    // Chosen: a blue edge. Marked (a wild card, a level card): a thick
    // gold frame, which a fan leaves visible down the card's whole strip —
    // a dot alone was too small to tell a soft bomb `6 6 6 5♠` from a trio.
    let (edge, width) = if t.selected {
        (rgb(0x25, 0x63, 0xEB), 2.5)
    } else if t.marked {
        (rgb(0xE0, 0xA1, 0x00), 3.5)
    } else {
        (edge, 1.0)
    };
    let stroke = Stroke {
        width,
        ..Stroke::default()
    };
    pm.stroke_path(&shape, &paint(edge), &stroke, Transform::identity(), None);
    match t.face {
        Face::Back | Face::ZiBack => {
            let inner = rounded(x + 5.0, y + 5.0, w - 10.0, h - 10.0, 3.0);
            if let Some(inner) = inner {
                let line = Stroke {
                    width: 1.5,
                    ..Stroke::default()
                };
                let c = rgb(0xE8, 0xD9, 0xA8);
                pm.stroke_path(&inner, &paint(c), &line, Transform::identity(), None);
                // A diamond in the middle, the usual back of a deck.
                let (cx, cy) = (x + w / 2.0, y + h / 2.0);
                let mut pb = PathBuilder::new();
                pb.move_to(cx, cy - h / 5.0);
                pb.line_to(cx + w / 5.0, cy);
                pb.line_to(cx, cy + h / 5.0);
                pb.line_to(cx - w / 5.0, cy);
                pb.close();
                if let Some(d) = pb.finish() {
                    pm.fill_path(
                        &d,
                        &paint(c),
                        FillRule::Winding,
                        Transform::identity(),
                        None,
                    );
                }
            }
        }
        Face::Card(card) => draw_card(pm, card, t.marked, x, y),
        Face::Zi(z) => {
            let color = if z.is_red() {
                rgb(0xC6, 0x1F, 0x1F)
            } else {
                rgb(0x1A, 0x1A, 0x1A)
            };
            text(pm, z.chinese(), 27.0, x + w / 2.0, y + 16.0, w - 8.0, color);
            if t.locked {
                draw_lock(pm, x + w / 2.0, y + h - 12.0);
            }
        }
    }
}

/// A small padlock at the foot of a 坎's tiles: this column stays together.
fn draw_lock(pm: &mut Pixmap, cx: f32, cy: f32) {
    let brown = paint(rgb(0x6E, 0x5E, 0x3C));
    if let Some(body) = rounded(cx - 6.0, cy - 1.0, 12.0, 9.0, 2.0) {
        pm.fill_path(
            &body,
            &brown,
            FillRule::Winding,
            Transform::identity(),
            None,
        );
    }
    let mut pb = PathBuilder::new();
    pb.move_to(cx - 4.0, cy - 1.0);
    pb.line_to(cx - 4.0, cy - 4.0);
    pb.cubic_to(cx - 4.0, cy - 9.0, cx + 4.0, cy - 9.0, cx + 4.0, cy - 4.0);
    pb.line_to(cx + 4.0, cy - 1.0);
    if let Some(shackle) = pb.finish() {
        let line = Stroke {
            width: 2.0,
            ..Stroke::default()
        };
        pm.stroke_path(&shackle, &brown, &line, Transform::identity(), None);
    }
}

fn draw_card(pm: &mut Pixmap, card: Card, marked: bool, x: f32, y: f32) {
    let strip = CARD_STEP - 3.0;
    let cx = x + 2.0 + strip / 2.0;
    match card {
        Card::Standard(rank, suit) => {
            let c = suit_color(suit);
            text(pm, rank_text(rank), 21.0, cx, y + 15.0, strip - 2.0, c);
            let sym = suit.symbol().to_string();
            text(pm, &sym, 17.0, cx, y + 36.0, strip, c);
            text(
                pm,
                &sym,
                34.0,
                x + CARD_W - 19.0,
                y + CARD_H - 22.0,
                30.0,
                c,
            );
        }
        Card::SmallJoker | Card::BigJoker => {
            let (c, first) = if card == Card::BigJoker {
                (rgb(0xC6, 0x1F, 0x1F), "大")
            } else {
                (rgb(0x1A, 0x1A, 0x1A), "小")
            };
            text(pm, first, 18.0, cx, y + 14.0, strip, c);
            text(pm, "王", 18.0, cx, y + 35.0, strip, c);
            text(
                pm,
                "王",
                30.0,
                x + CARD_W - 19.0,
                y + CARD_H - 22.0,
                30.0,
                c,
            );
        }
    }
    if marked {
        // The level card's mark, in the part a fan leaves visible.
        if let Some(dot) = PathBuilder::from_circle(cx, y + CARD_H - 14.0, 7.0) {
            let gold = paint(rgb(0xE0, 0xA1, 0x00));
            pm.fill_path(&dot, &gold, FillRule::Winding, Transform::identity(), None);
        }
    }
}

fn draw_badge(pm: &mut Pixmap, b: &Badge, y: f32) {
    let (cx, cy) = (PAD + 13.0, y + 16.0);
    let color = if b.turn {
        rgb(0xE0, 0xA1, 0x00)
    } else {
        rgb(0x12, 0x3A, 0x28)
    };
    if let Some(c) = PathBuilder::from_circle(cx, cy, 13.0) {
        pm.fill_path(
            &c,
            &paint(color),
            FillRule::Winding,
            Transform::identity(),
            None,
        );
    }
    let n = (b.seat + 1).to_string();
    text(pm, &n, 15.0, cx, cy, 20.0, rgb(0xFF, 0xFF, 0xFF));
    // 报单 / 报双: a red disc with the cards left, over the badge's corner.
    if let Some(left) = b.alert {
        let (ax, ay) = (cx + 11.0, cy - 10.0);
        if let Some(c) = PathBuilder::from_circle(ax, ay, 8.0) {
            pm.fill_path(
                &c,
                &paint(rgb(0xD3, 0x2F, 0x2F)),
                FillRule::Winding,
                Transform::identity(),
                None,
            );
        }
        text(
            pm,
            &left.to_string(),
            11.0,
            ax,
            ay,
            12.0,
            rgb(0xFF, 0xFF, 0xFF),
        );
    }
}

/// Drawn tiles, by what they show: a card face looks the same wherever it
/// lies, so each distinct tile is drawn (paths, glyphs) once and then
/// copied, which makes a 33-card hand a few dozen copies of small images.
#[derive(Default)]
pub struct Tiles {
    drawn: HashMap<Tile, Pixmap>,
    /// Tiles at a table's smaller sizes, by scale in thousandths.
    scaled: HashMap<(Tile, u32), Pixmap>,
}

/// Drawn tiles kept at most: a game uses a few dozen to a few hundred
/// (faces times marks); beyond this the cache starts over rather than grow.
const TILES_KEPT: usize = 512;
/// Room around a tile's own picture for the wider edge of a selected card.
const TILE_MARGIN: f32 = 2.0;

impl Tiles {
    /// The picture of `t` (its margin included), drawn on first use.
    fn get(&mut self, t: &Tile) -> &Pixmap {
        if !self.drawn.contains_key(t) {
            if self.drawn.len() >= TILES_KEPT {
                self.drawn.clear();
            }
            let (w, h) = tile_size(t.face);
            let m = TILE_MARGIN;
            let mut pm =
                Pixmap::new((w + 2.0 * m) as u32, (h + 2.0 * m) as u32).expect("a tile has a size");
            draw_tile(&mut pm, t, m, m);
            self.drawn.insert(*t, pm);
        }
        &self.drawn[t]
    }
}

impl Tiles {
    /// The picture of `t` at `scale` of its size (its margin kept whole):
    /// the full tile drawn once, then scaled down (bicubic) once.
    fn get_at(&mut self, t: &Tile, scale: f32) -> &Pixmap {
        if scale == 1.0 {
            return self.get(t);
        }
        let key = (*t, (scale * 1000.0).round() as u32);
        if !self.scaled.contains_key(&key) {
            if self.scaled.len() >= TILES_KEPT {
                self.scaled.clear();
            }
            let (w, h) = tile_size(t.face);
            let (sw, sh) = ((w * scale).round(), (h * scale).round());
            let m = TILE_MARGIN;
            let mut pm = Pixmap::new((sw + 2.0 * m) as u32, (sh + 2.0 * m) as u32)
                .expect("a tile has a size");
            let (sx, sy) = (sw / w, sh / h);
            let full = self.get(t).clone();
            pm.draw_pixmap(
                0,
                0,
                full.as_ref(),
                &tiny_skia::PixmapPaint {
                    quality: tiny_skia::FilterQuality::Bicubic,
                    ..Default::default()
                },
                Transform::from_row(sx, 0.0, 0.0, sy, m - m * sx, m - m * sy),
                None,
            );
            self.scaled.insert(key, pm);
        }
        &self.scaled[&key]
    }
}

/// The tiles every picture of this process shares.
fn shared_tiles() -> &'static Mutex<Tiles> {
    static TILES: OnceLock<Mutex<Tiles>> = OnceLock::new();
    TILES.get_or_init(Default::default)
}

/// Draws a scene as a PNG.
pub fn render(scene: &Scene) -> Picture {
    let pm = {
        // Held only while copying tiles (no await, no encoding).
        let mut tiles = shared_tiles().lock().unwrap_or_else(|e| e.into_inner());
        draw(scene, &mut tiles)
    };
    picture(&pm)
}

/// Draws a scene as a PNG with a cache of its own (the benchmark's cold
/// case: every tile drawn from its paths).
pub fn render_with(scene: &Scene, tiles: &mut Tiles) -> Picture {
    picture(&draw(scene, tiles))
}

fn picture(pm: &Pixmap) -> Picture {
    Picture {
        png: encode(pm),
        width: pm.width(),
        height: pm.height(),
    }
}

fn draw(scene: &Scene, tiles: &mut Tiles) -> Pixmap {
    let Some(t) = &scene.table else {
        return draw_lines(scene, tiles);
    };
    let top = table::draw_table(t, tiles);
    if scene.lines.is_empty() {
        return top;
    }
    // A hand under its table (a replay's step): one picture, the table
    // above.
    let below = draw_lines(scene, tiles);
    let (w, h) = (
        top.width().max(below.width()),
        top.height() + below.height(),
    );
    let mut pm = Pixmap::new(w, h).expect("a picture has a size");
    let (r, g, b) = BACKGROUND;
    pm.fill(rgb(r, g, b));
    blit(&mut pm, &top, 0, 0);
    blit(&mut pm, &below, 0, top.height() as i32);
    pm
}

fn draw_lines(scene: &Scene, tiles: &mut Tiles) -> Pixmap {
    let lines: Vec<(Option<Badge>, Vec<Group>)> = scene
        .lines
        .iter()
        .map(|l| {
            let room = MAX_W;
            let groups = l
                .groups
                .iter()
                .filter(|g| !g.tiles.is_empty())
                .flat_map(|g| fit(g, room))
                .collect();
            (l.badge, groups)
        })
        .collect();
    let laid = place(&lines);
    let (w, h) = (laid.width.ceil() as u32, laid.height.ceil() as u32);
    let mut pm = Pixmap::new(w.max(1), h.max(1)).expect("a picture has a size");
    let (r, g, b) = BACKGROUND;
    pm.fill(rgb(r, g, b));
    for (badge, y) in &laid.badges {
        draw_badge(&mut pm, badge, *y);
    }
    for p in &laid.groups {
        let (step_x, step_y) = match (p.group.column, p.group.tiles[0].face.is_zi()) {
            (true, _) => (0.0, ZI_COL_STEP),
            (false, true) => (ZI_STEP, 0.0),
            (false, false) => (CARD_STEP, 0.0),
        };
        for (i, t) in p.group.tiles.iter().enumerate() {
            let lift = if t.selected { -RAISE } else { 0.0 };
            // Every step of the layout is whole pixels, so a tile is copied
            // exactly, not resampled.
            let x = p.x + step_x * i as f32 - TILE_MARGIN;
            let y = p.y + step_y * i as f32 + lift - TILE_MARGIN;
            blit(&mut pm, tiles.get(t), x.round() as i32, y.round() as i32);
        }
    }
    pm
}

/// Lays `tile` over `pm` with its top left corner at (`x`, `y`), clipped
/// to `pm`: premultiplied source-over, as `Pixmap::draw_pixmap` at whole
/// pixels does, in integer arithmetic. tiny-skia's float pipeline took
/// most of a picture's time, and pictures are most of what the bot
/// computes at a thousand tables (issue #18).
fn blit(pm: &mut Pixmap, tile: &Pixmap, x: i32, y: i32) {
    let (pw, ph) = (pm.width() as i32, pm.height() as i32);
    let tw = tile.width() as i32;
    let (x0, x1) = (x.max(0), (x + tw).min(pw));
    let (y0, y1) = (y.max(0), (y + tile.height() as i32).min(ph));
    if x0 >= x1 || y0 >= y1 {
        return;
    }
    let src = tile.data();
    let dst = pm.data_mut();
    let width = (x1 - x0) as usize * 4;
    for row in y0..y1 {
        let s = ((row - y) * tw + (x0 - x)) as usize * 4;
        let d = (row * pw + x0) as usize * 4;
        let (src, dst) = (&src[s..s + width], &mut dst[d..d + width]);
        for (sp, dp) in src.chunks_exact(4).zip(dst.chunks_exact_mut(4)) {
            match sp[3] {
                0 => {}
                255 => dp.copy_from_slice(sp),
                a => {
                    let keep = 255 - u32::from(a);
                    for (dc, sc) in dp.iter_mut().zip(sp) {
                        // d·(255−a)/255, rounded, without a division.
                        let t = u32::from(*dc) * keep + 128;
                        *dc = (u32::from(*sc) + ((t + (t >> 8)) >> 8)).min(255) as u8;
                    }
                }
            }
        }
    }
}

/// The pixmap as an RGB PNG: the picture is opaque, so alpha would only
/// cost bytes. Fast (fdeflate) compression with the Up filter: the
/// picture is flat colour and repeated rows, which that filter turns into
/// runs of zeros; zlib's default level and adaptive filters cost most of
/// the time of a picture for a few KB less.
fn encode(pm: &Pixmap) -> Vec<u8> {
    let mut rgb = Vec::with_capacity((pm.width() * pm.height() * 3) as usize);
    for px in pm.data().chunks_exact(4) {
        rgb.extend_from_slice(&px[..3]);
    }
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, pm.width(), pm.height());
        enc.set_color(png::ColorType::Rgb);
        enc.set_depth(png::BitDepth::Eight);
        enc.set_compression(png::Compression::Fast);
        enc.set_filter(png::FilterType::Up);
        enc.set_adaptive_filter(png::AdaptiveFilterType::NonAdaptive);
        let mut w = enc.write_header().expect("PNG header into memory");
        w.write_image_data(&rgb).expect("PNG data into memory");
    }
    out
}

/// Reads a PNG made by [`render`] back into RGBA pixels (golden tests).
pub fn decode(png: &[u8]) -> Option<(u32, u32, Vec<u8>)> {
    let pm = Pixmap::decode_png(png).ok()?;
    Some((pm.width(), pm.height(), pm.data().to_vec()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hand(n: usize) -> Scene {
        let deck = crate::cards::standard_deck();
        Scene::of_lines(vec![Line::new(vec![Group::cards(
            deck.into_iter().take(n),
        )])])
    }

    #[test]
    fn a_picture_is_a_png_of_its_layout() {
        let p = render(&hand(17));
        assert_eq!(&p.png[..8], b"\x89PNG\r\n\x1a\n");
        let expect = 2.0 * PAD + CARD_W + 16.0 * CARD_STEP;
        assert_eq!(p.width, expect.ceil() as u32);
        assert_eq!(p.height, (2.0 * PAD + CARD_H) as u32);
        let (w, h, px) = decode(&p.png).unwrap();
        assert_eq!((w, h), (p.width, p.height));
        // The corner is the table's green, the middle of the first card white.
        assert_eq!(&px[..3], &[BACKGROUND.0, BACKGROUND.1, BACKGROUND.2]);
        let at = |x: u32, y: u32| ((y * w + x) * 4) as usize;
        let mid = at(PAD as u32 + 12, PAD as u32 + 60);
        assert_eq!(&px[mid..mid + 3], &[255, 255, 255]);
    }

    #[test]
    fn wide_hands_wrap_and_selected_cards_rise() {
        let p = render(&hand(54));
        assert!(p.width as f32 <= MAX_W + 2.0 * PAD + 1.0, "{}", p.width);
        assert!(p.height as f32 > 2.0 * CARD_H, "{}", p.height);
        let mut s = hand(5);
        let plain = render(&s);
        s.select(&[Face::Card(crate::cards::standard_deck()[2])]);
        let faces = s.lines[0].groups[0]
            .tiles
            .iter()
            .filter(|t| t.selected)
            .count();
        assert_eq!(faces, 1);
        let raised = render(&s);
        assert_eq!(raised.height as f32, plain.height as f32 + RAISE);
        assert_ne!(s.key(), hand(5).key());
    }

    /// The integer blit lays a tile (rounded corners, anti-aliased edges,
    /// a raised card's wider edge) as tiny-skia's `draw_pixmap` does, to a
    /// rounding step, clipped at every side of the picture.
    #[test]
    fn a_tile_is_laid_as_tiny_skia_lays_it() {
        let mut tiles = Tiles::default();
        let card = crate::cards::standard_deck()[7];
        for t in [
            Tile::card(card),
            Tile {
                selected: true,
                ..Tile::card(card)
            },
        ] {
            let tile = tiles.get(&t).clone();
            let (tw, th) = (tile.width() as i32, tile.height() as i32);
            for (x, y) in [(5, 7), (-9, -4), (60 - tw + 11, 50 - th + 6), (70, 5)] {
                let mut ours = Pixmap::new(60, 50).unwrap();
                ours.fill(rgb(30, 90, 60));
                ours.fill_rect(
                    tiny_skia::Rect::from_xywh(0.0, 0.0, 20.0, 50.0).unwrap(),
                    &paint(Color::from_rgba8(200, 10, 10, 128)),
                    Transform::identity(),
                    None,
                );
                let (mut theirs, before) = (ours.clone(), ours.clone());
                blit(&mut ours, &tile, x, y);
                theirs.draw_pixmap(
                    x,
                    y,
                    tile.as_ref(),
                    &tiny_skia::PixmapPaint::default(),
                    Transform::identity(),
                    None,
                );
                let worst = ours
                    .data()
                    .iter()
                    .zip(theirs.data())
                    .map(|(a, b)| a.abs_diff(*b))
                    .max();
                assert!(worst <= Some(1), "at ({x}, {y}): off by {worst:?}");
                // Inside the picture, the card shows.
                assert_eq!(x != 70, ours.data() != before.data(), "at ({x}, {y})");
            }
        }
    }

    /// Issue #36 §3.12: a wild (or level) card is framed in gold down its
    /// whole visible strip, not only dotted, so a soft bomb reads as one.
    #[test]
    fn a_marked_card_is_framed_in_gold_down_its_strip() {
        let deck = crate::cards::standard_deck();
        let mut tiles: Vec<Tile> = deck.iter().take(4).map(|c| Tile::card(*c)).collect();
        tiles[1].marked = true;
        let p = render(&Scene::of_lines(vec![Line::new(vec![Group::row(tiles)])]));
        let (w, _, px) = decode(&p.png).unwrap();
        let at = |x: f32, y: f32| {
            let i = ((y as u32 * w + x as u32) * 4) as usize;
            (px[i], px[i + 1], px[i + 2])
        };
        let gold = |(r, g, b): (u8, u8, u8)| r > 180 && (110..200).contains(&g) && b < 80;
        // The left edge of each card, halfway down: the second one is gold.
        let edge = |card: f32| at(PAD + card * CARD_STEP + 1.5, PAD + CARD_H / 2.0);
        assert!(gold(edge(1.0)), "{:?}", edge(1.0));
        assert!(
            !gold(edge(0.0)) && !gold(edge(2.0)),
            "{:?} {:?}",
            edge(0.0),
            edge(2.0)
        );
    }

    #[test]
    fn an_empty_scene_is_a_small_picture() {
        let p = render(&Scene::default());
        assert!(p.width >= 1 && p.height >= 1);
        assert!(Scene::default().is_empty());
    }
}
