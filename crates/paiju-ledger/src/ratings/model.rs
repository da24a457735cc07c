//! The rating model, pure: no database, no clock. A finished game's
//! [`Contest`] (who played against whom, and how it ended) and the seats'
//! [`Standing`]s before it give their standings after it.
//!
//! # Model
//!
//! Weng-Lin (the Bayesian model behind OpenSkill), from the `skillratings`
//! crate: each player's skill is a mean μ and an uncertainty σ; teams and
//! several players are rated together, and a draw is a result. It is what
//! TrueSkill does, without TrueSkill's patent and with closed-form updates.
//!
//! - Free-for-all games (Paohuzi, Chexuan, Duan Guozi) are [`Contest::Places`]:
//!   each seat its own team, placed by chips won (equal chips share a place;
//!   Paohuzi's 荒庄, everyone at 0, is a draw between all).
//! - Two-sided games (Dou Dizhu's landlord against the farmers, Shengji's
//!   banker's team against the attackers) are [`Contest::Sides`]. The first
//!   side is a role whose edge the game itself gives (the landlord bid for a
//!   strong hand and took the kitty), so the model must not reward merely
//!   holding it: each side's team is weighed as the same number of players
//!   (a lone landlord counts once per farmer), and the expectation is
//!   shifted by the role's win rate on this server's rated games of this
//!   kind ([`SideRecord`], a prior of [`SIDE_PRIOR`] games at ½), so a side
//!   that wins as often as its role usually does gains nothing on average.
//!
//! Every figure is kept in whole nano-units ([`Skill`]): the same figures
//! from the incremental updates and from `ratings rebuild`, on SQLite and
//! PostgreSQL, whatever either does with floating point.
//!
//! Displayed: the conservative skill μ − 3σ, scaled to points
//! ([`Skill::points`], a new player at 1,000), named by a tier of the game's
//! ladder ([`Ladder`]).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use skillratings::weng_lin::{
    weng_lin_multi_team, weng_lin_two_teams, WengLinConfig, WengLinRating,
};
use skillratings::{MultiTeamOutcome, Outcomes};

/// Nano-units per unit of μ and σ.
const NANO: f64 = 1e9;

/// A new player's μ.
pub const MU0: f64 = 25.0;
/// A new player's σ.
pub const SIGMA0: f64 = 25.0 / 3.0;

/// The skill-class width: a card hand is mostly the deal, so one hand says
/// less about skill than a chess game: twice the library's default (25/6),
/// each game moving a rating less.
pub const BETA: f64 = 25.0 / 3.0;

/// σ's growth before each game (the "dynamics" of TrueSkill): without it σ
/// shrinks for ever and a player who improves stays where he was.
pub const TAU: f64 = 25.0 / 300.0;

/// Games at ½ that a role's win rate starts from (see [`SideRecord`]).
pub const SIDE_PRIOR: f64 = 10.0;

/// Points of a new player (μ − 3σ = 0).
pub const POINTS0: i64 = 1000;
/// Points per unit of μ − 3σ.
pub const POINTS_PER_UNIT: f64 = 30.0;

/// A player's skill, in nano-units.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Skill {
    pub mu: i64,
    pub sigma: i64,
}

impl Default for Skill {
    fn default() -> Self {
        Skill::from_f64(MU0, SIGMA0)
    }
}

impl Skill {
    pub fn from_f64(mu: f64, sigma: f64) -> Skill {
        Skill {
            mu: (mu * NANO).round() as i64,
            sigma: (sigma * NANO).round() as i64,
        }
    }

    pub fn mu(&self) -> f64 {
        self.mu as f64 / NANO
    }

    pub fn sigma(&self) -> f64 {
        self.sigma as f64 / NANO
    }

    /// μ − 3σ: the skill the player has almost surely.
    pub fn conservative(&self) -> f64 {
        self.mu() - 3.0 * self.sigma()
    }

    /// The displayed rating: μ − 3σ in points, a new player at 1,000, never
    /// below 0.
    pub fn points(&self) -> i64 {
        ((POINTS0 as f64 + POINTS_PER_UNIT * self.conservative()).round() as i64).max(0)
    }

    fn to_wl(self) -> WengLinRating {
        WengLinRating {
            rating: self.mu(),
            uncertainty: self.sigma(),
        }
    }

    fn from_wl(r: WengLinRating) -> Skill {
        Skill::from_f64(r.rating, r.uncertainty)
    }

    /// σ grown by [`TAU`] before a game.
    fn with_dynamics(self) -> Skill {
        let s = self.sigma();
        Skill::from_f64(self.mu(), (s * s + TAU * TAU).sqrt().min(SIGMA0))
    }

    /// The soft reset of a season's end: μ pulled `pull`% of the way to
    /// the middle, σ raised `raise`% of the way back to a new player's.
    pub fn soft_reset(self, pull: u32, raise: u32) -> Skill {
        let pull = f64::from(pull.min(100)) / 100.0;
        let raise = f64::from(raise.min(100)) / 100.0;
        let mu = self.mu() + (MU0 - self.mu()) * pull;
        let sigma = self.sigma() + (SIGMA0 - self.sigma()).max(0.0) * raise;
        Skill::from_f64(mu, sigma)
    }
}

/// One player's standing in one game on one server.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Standing {
    pub skill: Skill,
    /// Rated games, every season.
    pub games: i64,
    pub wins: i64,
    /// Rated wins in a row now, and the most ever.
    pub streak: i64,
    pub best_streak: i64,
    /// The season `season_games` and `season_wins` count.
    pub season: i64,
    pub season_games: i64,
    pub season_wins: i64,
}

impl Standing {
    /// The standing as season `season` sees it: another season's games
    /// count nothing in this one.
    pub fn in_season(mut self, season: i64) -> Standing {
        if self.season != season {
            self.season = season;
            self.season_games = 0;
            self.season_wins = 0;
        }
        self
    }
}

/// How a two-sided game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SideResult {
    RoleWon,
    OthersWon,
    Draw,
}

/// Who played against whom in a finished game, and how it ended: a
/// rating's whole input from the game (seats are the game's seat numbers).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "shape", rename_all = "snake_case")]
pub enum Contest {
    /// Two sides, the first a role the game gives an edge (the landlord,
    /// the banker's team): see the module doc.
    Sides {
        role: Vec<usize>,
        others: Vec<usize>,
        result: SideResult,
    },
    /// Every seat for itself, by place (1 = first; equal places draw).
    Places { places: Vec<u32> },
}

impl Contest {
    /// Every seat for itself, placed by the chips it won: equal chips share
    /// a place, so a game where nobody won anything is a draw.
    pub fn by_chips(deltas: &[i64]) -> Contest {
        let places = deltas
            .iter()
            .map(|d| 1 + deltas.iter().filter(|o| *o > d).count() as u32)
            .collect();
        Contest::Places { places }
    }

    /// The role's side against the others, decided by the chips of the
    /// role's first seat (more than 0: it won; 0: a draw).
    pub fn sides_by_chips(role: Vec<usize>, others: Vec<usize>, deltas: &[i64]) -> Contest {
        let d = role
            .first()
            .and_then(|&s| deltas.get(s))
            .copied()
            .unwrap_or(0);
        let result = match d.signum() {
            1 => SideResult::RoleWon,
            -1 => SideResult::OthersWon,
            _ => SideResult::Draw,
        };
        Contest::Sides {
            role,
            others,
            result,
        }
    }

    /// Why this contest does not fit a game of `seats` seats, if it does not:
    /// every seat in it exactly once.
    pub fn check(&self, seats: usize) -> Result<(), String> {
        let mut seen = vec![false; seats];
        let all: Vec<usize> = match self {
            Contest::Sides { role, others, .. } => {
                if role.is_empty() || others.is_empty() {
                    return Err("a side is empty".into());
                }
                role.iter().chain(others).copied().collect()
            }
            Contest::Places { places } => {
                if places.len() != seats {
                    return Err(format!("{} places for {seats} seats", places.len()));
                }
                (0..seats).collect()
            }
        };
        for s in all {
            match seen.get_mut(s) {
                Some(x) if !*x => *x = true,
                Some(_) => return Err(format!("seat {s} twice")),
                None => return Err(format!("seat {s} of {seats}")),
            }
        }
        if seen.iter().any(|x| !x) {
            return Err("a seat is in no team".into());
        }
        Ok(())
    }

    /// Whether each seat won (a draw wins nobody anything).
    pub fn winners(&self, seats: usize) -> Vec<bool> {
        let mut won = vec![false; seats];
        match self {
            Contest::Sides {
                role,
                others,
                result,
            } => {
                let side = match result {
                    SideResult::RoleWon => role,
                    SideResult::OthersWon => others,
                    SideResult::Draw => return won,
                };
                for &s in side {
                    won[s] = true;
                }
            }
            Contest::Places { places } => {
                if places.iter().all(|p| *p == 1) {
                    return won;
                }
                for (s, p) in places.iter().enumerate() {
                    won[s] = *p == 1;
                }
            }
        }
        won
    }
}

/// A role's record on one server in one game: how often the role's side
/// (the landlord) won its rated games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct SideRecord {
    pub games: i64,
    pub wins: i64,
}

impl SideRecord {
    /// The role's expected score: its win rate (a draw half a win, as
    /// counted in `wins` × 2), pulled toward ½ by [`SIDE_PRIOR`] games.
    pub fn expected(&self) -> f64 {
        (self.wins as f64 / 2.0 + SIDE_PRIOR / 2.0) / (self.games as f64 + SIDE_PRIOR)
    }

    fn after(mut self, result: SideResult) -> SideRecord {
        self.games += 1;
        // Half-wins in whole numbers: wins counts halves.
        self.wins += match result {
            SideResult::RoleWon => 2,
            SideResult::Draw => 1,
            SideResult::OthersWon => 0,
        };
        self
    }
}

/// New skills for the seats of `contest`, whose skills before it are
/// `before` (one per seat), and the role's record after it. The pure core
/// of every rating update and of the rebuild.
pub fn rate(contest: &Contest, before: &[Skill], sides: SideRecord) -> (Vec<Skill>, SideRecord) {
    let config = WengLinConfig {
        beta: BETA,
        ..WengLinConfig::new()
    };
    let before: Vec<Skill> = before.iter().map(|s| s.with_dynamics()).collect();
    let mut after = before.clone();
    match contest {
        Contest::Places { places } => {
            let teams: Vec<[WengLinRating; 1]> = before.iter().map(|s| [s.to_wl()]).collect();
            let input: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
                .iter()
                .zip(places)
                .map(|(t, p)| (&t[..], MultiTeamOutcome::new(*p as usize)))
                .collect();
            for (seat, team) in weng_lin_multi_team(&input, &config).into_iter().enumerate() {
                after[seat] = Skill::from_wl(team[0]);
            }
            (after, sides)
        }
        Contest::Sides {
            role,
            others,
            result,
        } => {
            // Each side weighed as `weight` players: a team's skill is the
            // sum of its members', so a lone landlord stands once for each
            // farmer (and each farmer once for each landlord seat).
            let weight = role.len() * others.len();
            let (role_copies, other_copies) = (weight / role.len(), weight / others.len());
            let sigma_sq = |seats: &[usize], copies: usize| -> f64 {
                seats
                    .iter()
                    .map(|&s| before[s].sigma().powi(2) * copies as f64)
                    .sum()
            };
            let c =
                (2.0 * BETA * BETA + sigma_sq(role, role_copies) + sigma_sq(others, other_copies))
                    .sqrt();
            // The role's edge taken out: its side expects to score its
            // usual win rate against equals.
            let q = sides.expected().clamp(0.01, 0.99);
            let edge = c * (q / (1.0 - q)).ln() / weight as f64;
            let team = |seats: &[usize], copies: usize, shift: f64| -> Vec<WengLinRating> {
                seats
                    .iter()
                    .flat_map(|&s| {
                        let mut r = before[s].to_wl();
                        r.rating += shift;
                        std::iter::repeat_n(r, copies)
                    })
                    .collect()
            };
            let outcome = match result {
                SideResult::RoleWon => Outcomes::WIN,
                SideResult::OthersWon => Outcomes::LOSS,
                SideResult::Draw => Outcomes::DRAW,
            };
            let (new_role, new_others) = weng_lin_two_teams(
                &team(role, role_copies, edge),
                &team(others, other_copies, 0.0),
                &outcome,
                &config,
            );
            for (i, &s) in role.iter().enumerate() {
                let mut r = new_role[i * role_copies];
                r.rating -= edge;
                after[s] = Skill::from_wl(r);
            }
            for (i, &s) in others.iter().enumerate() {
                after[s] = Skill::from_wl(new_others[i * other_copies]);
            }
            (after, sides.after(*result))
        }
    }
}

/// Standings after a rated game of season `season`: [`rate`]'s skills, and
/// each seat's games, wins and streaks counted.
pub fn standings_after(
    contest: &Contest,
    before: &[Standing],
    sides: SideRecord,
    season: i64,
) -> (Vec<Standing>, SideRecord) {
    let skills: Vec<Skill> = before.iter().map(|s| s.skill).collect();
    let (skills, sides) = rate(contest, &skills, sides);
    let won = contest.winners(before.len());
    let after = before
        .iter()
        .zip(skills)
        .zip(won)
        .map(|((b, skill), won)| {
            let mut s = b.in_season(season);
            s.skill = skill;
            s.games += 1;
            s.season_games += 1;
            if won {
                s.wins += 1;
                s.season_wins += 1;
                s.streak += 1;
                s.best_streak = s.best_streak.max(s.streak);
            } else {
                s.streak = 0;
            }
            s
        })
        .collect();
    (after, sides)
}

/// The ratings' settings (the `[ratings]` section of the config).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RatingsConfig {
    /// Rated games before a player's rating is shown as settled (until then
    /// it is provisional, and the ladder leaves the player out).
    pub provisional_games: i64,
    /// The same set of players may meet this many times in
    /// `repeat_window_hours` and be rated; later games are not (a pair of
    /// accounts trading wins cannot climb).
    pub repeat_limit: i64,
    /// The same limit for the games whose every hand is a rated game
    /// (Chexuan, Duan Guozi: a session is many hands).
    pub repeat_limit_hands: i64,
    pub repeat_window_hours: i64,
    /// Days a season lasts before it ends by itself; 0: seasons end only by
    /// `/season end`.
    pub season_days: i64,
    /// At a season's end: how far (percent) each μ is pulled to the middle,
    /// and σ raised back toward a new player's.
    pub reset_pull_percent: u32,
    pub reset_raise_percent: u32,
    /// A server's own names for the tiers, replacing the built-in ones: per
    /// ladder (`titles`: Dou Dizhu's, `metals`: the other games') and
    /// language code, one name a tier, lowest first —
    /// `[ratings.tier_names.metals]` `zh-CN = ["青铜", …]`. The divisions
    /// (III, II, I) are added as before.
    pub tier_names: BTreeMap<String, BTreeMap<String, Vec<String>>>,
}

/// The longest tier name a config may give (it shares a ladder line).
pub const MAX_TIER_NAME: usize = 32;

impl Default for RatingsConfig {
    fn default() -> Self {
        RatingsConfig {
            provisional_games: 10,
            repeat_limit: 5,
            repeat_limit_hands: 60,
            repeat_window_hours: 24,
            season_days: 0,
            reset_pull_percent: 50,
            reset_raise_percent: 50,
            tier_names: BTreeMap::new(),
        }
    }
}

/// Game kinds whose every hand is one rated game (see
/// [`RatingsConfig::repeat_limit_hands`]).
pub const HAND_KINDS: [&str; 2] = ["chexuan", "duan-guozi"];

impl RatingsConfig {
    /// How many earlier meetings in the window a game of `kind` may follow
    /// and still be rated.
    pub fn repeat_limit_for(&self, kind: &str) -> i64 {
        if HAND_KINDS.contains(&kind) {
            self.repeat_limit_hands
        } else {
            self.repeat_limit
        }
    }

    pub fn window_secs(&self) -> i64 {
        self.repeat_window_hours.max(0) * 3600
    }

    pub fn check(&self) -> Result<(), String> {
        if self.provisional_games < 0 || self.repeat_limit < 0 || self.repeat_limit_hands < 0 {
            return Err("provisional_games and repeat limits are not negative".into());
        }
        if !(0..=24 * 365).contains(&self.repeat_window_hours) {
            return Err("repeat_window_hours is 0 to 8760".into());
        }
        if !(0..=3650).contains(&self.season_days) {
            return Err("season_days is 0 to 3650".into());
        }
        if self.reset_pull_percent > 100 || self.reset_raise_percent > 100 {
            return Err("reset percentages are 0 to 100".into());
        }
        for (ladder, langs) in &self.tier_names {
            let Some(l) = [Ladder::Titles, Ladder::Metals]
                .into_iter()
                .find(|l| l.name() == ladder)
            else {
                return Err(format!(
                    "tier_names.{ladder}: the ladders are `titles` (Dou Dizhu) and `metals`"
                ));
            };
            for (lang, names) in langs {
                if names.len() != l.len() {
                    return Err(format!(
                        "tier_names.{ladder}.{lang} names {} tiers: the ladder has {}",
                        names.len(),
                        l.len()
                    ));
                }
                if let Some(bad) = names
                    .iter()
                    .find(|n| n.trim().is_empty() || n.chars().count() > MAX_TIER_NAME)
                {
                    return Err(format!(
                        "tier_names.{ladder}.{lang}: `{bad}` is not 1 to {MAX_TIER_NAME} characters"
                    ));
                }
            }
        }
        Ok(())
    }
}

/// Why a finished game with a contest was rated or not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "verdict", rename_all = "snake_case")]
pub enum Verdict {
    Rated,
    /// An AI sat at the table.
    AiSeat,
    /// The same players had already met `meetings` times in the window
    /// (this game is the next).
    Repeat {
        meetings: i64,
    },
}

/// The repeat rule: a game of players who met `meetings` times already in
/// the window is rated while that is under the limit.
pub fn verdict(cfg: &RatingsConfig, kind: &str, all_human: bool, meetings: i64) -> Verdict {
    if !all_human {
        Verdict::AiSeat
    } else if meetings >= cfg.repeat_limit_for(kind) {
        Verdict::Repeat {
            meetings: meetings + 1,
        }
    } else {
        Verdict::Rated
    }
}

/// One seat's rating in a game's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatRating {
    pub user: u64,
    /// Points before and after ([`Skill::points`]).
    pub before: i64,
    pub after: i64,
    /// Rated games after this one.
    pub games: i64,
}

/// What a settlement did to the ratings, for the result message.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RatingReport {
    pub kind: String,
    pub verdict: Verdict,
    /// Per seat when rated (`None` for a seat not rated).
    pub seats: Vec<Option<SeatRating>>,
    /// Rated games before a rating is no longer provisional.
    pub provisional_games: i64,
}

/// A tier's place on a game's ladder (ordered: higher is better; III is
/// below II below I).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tier {
    /// Which ladder: its Fluent keys are `tier-<ladder>-<index>`.
    pub ladder: Ladder,
    pub index: usize,
    /// 3, 2, 1 within the tier (III, II, I), `None` for a tier without.
    pub division: Option<u8>,
}

impl Ord for Tier {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        let rank = |t: &Tier| (t.ladder, t.index, std::cmp::Reverse(t.division));
        rank(self).cmp(&rank(other))
    }
}

impl PartialOrd for Tier {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Tier {
    /// The Fluent key of the tier's name.
    pub fn key(&self) -> String {
        format!("tier-{}-{}", self.ladder.name(), self.index)
    }
}

/// A game's ladder of tiers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ladder {
    /// 欢乐斗地主's titles, from 短工 to 帝王, one tier each.
    Titles,
    /// 青铜 … 王者, three divisions each below the top.
    Metals,
}

/// The lowest points of each title of [`Ladder::Titles`]: a new player
/// (1,000) is a 长工, an average player settled by many games (μ 25, σ
/// about 2: some 1,570) a 掌柜, and the 地主 titles take beating others.
const TITLES: [i64; 16] = [
    0, 1000, 1100, 1200, 1300, 1400, 1500, 1600, 1700, 1800, 1900, 2000, 2100, 2200, 2300, 2400,
];

/// The lowest points of each tier of [`Ladder::Metals`]; each tier but the
/// last is three divisions of equal width. An average player settled by
/// many games (some 1,570) is in Gold: merely playing much climbs no
/// higher (the conservative rating rises as σ shrinks, to the average).
const METALS: [i64; 7] = [0, 1150, 1400, 1650, 1850, 2050, 2250];
/// Bronze's divisions start here (below: Bronze III).
const METAL_FLOOR: i64 = 950;

impl Ladder {
    pub fn for_kind(kind: &str) -> Ladder {
        if kind == "dou-dizhu" {
            Ladder::Titles
        } else {
            Ladder::Metals
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Ladder::Titles => "titles",
            Ladder::Metals => "metals",
        }
    }

    /// How many tiers the ladder has (keys `tier-<name>-0` … ).
    pub fn len(self) -> usize {
        match self {
            Ladder::Titles => TITLES.len(),
            Ladder::Metals => METALS.len(),
        }
    }

    pub fn is_empty(self) -> bool {
        false
    }

    /// The tier of `points`.
    pub fn tier(self, points: i64) -> Tier {
        let floors: &[i64] = match self {
            Ladder::Titles => &TITLES,
            Ladder::Metals => &METALS,
        };
        let index = floors.iter().rposition(|f| points >= *f).unwrap_or(0);
        let division = match self {
            Ladder::Titles => None,
            Ladder::Metals if index + 1 == METALS.len() => None,
            Ladder::Metals => {
                let low = if index == 0 {
                    METAL_FLOOR
                } else {
                    floors[index]
                };
                let width = (floors[index + 1] - low).max(3);
                let step = ((points - low).max(0) * 3 / width).min(2);
                Some(3 - step as u8)
            }
        };
        Tier {
            ladder: self,
            index,
            division,
        }
    }
}

/// The season a server is in after `ended` seasons ended.
pub fn current_season(ended: i64) -> i64 {
    ended + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_free_for_all_win_raises_the_winner_and_a_draw_moves_equals_nowhere() {
        let s = [Skill::default(); 3];
        let (after, _) = rate(&Contest::by_chips(&[10, -5, -5]), &s, SideRecord::default());
        assert!(after[0].mu > s[0].mu);
        assert!(after[1].mu < s[1].mu);
        assert_eq!(after[1], after[2]);
        let (drawn, _) = rate(&Contest::by_chips(&[0, 0, 0]), &s, SideRecord::default());
        assert_eq!(drawn[0].mu, s[0].mu);
        assert!(drawn[0].sigma < Skill::default().sigma);
    }

    #[test]
    fn places_by_chips_share_a_place_on_equal_chips() {
        assert_eq!(
            Contest::by_chips(&[5, 0, -5, 0]),
            Contest::Places {
                places: vec![1, 2, 4, 2]
            }
        );
        assert_eq!(
            Contest::by_chips(&[0, 0]).winners(2),
            vec![false, false],
            "a draw wins nobody anything"
        );
    }

    #[test]
    fn a_landlord_and_a_farmer_of_equal_skill_move_by_the_same_amount() {
        let s = [Skill::default(); 3];
        let c = Contest::Sides {
            role: vec![1],
            others: vec![0, 2],
            result: SideResult::RoleWon,
        };
        let (after, record) = rate(&c, &s, SideRecord::default());
        let up = after[1].mu - s[1].mu;
        let down = s[0].mu - after[0].mu;
        assert!(up > 0 && (up - down).abs() < 1000, "{up} {down}");
        assert_eq!(after[0], after[2]);
        assert_eq!(record, SideRecord { games: 1, wins: 2 });
    }

    #[test]
    fn a_role_that_usually_wins_gains_little_by_winning() {
        let s = [Skill::default(); 3];
        let c = Contest::Sides {
            role: vec![0],
            others: vec![1, 2],
            result: SideResult::RoleWon,
        };
        let even = rate(&c, &s, SideRecord::default()).0[0].mu;
        let usual = rate(
            &c,
            &s,
            SideRecord {
                games: 1000,
                wins: 1600,
            },
        )
        .0[0]
            .mu;
        assert!(usual < even);
    }

    #[test]
    fn contests_are_checked_against_the_seats() {
        assert!(Contest::by_chips(&[1, -1]).check(2).is_ok());
        assert!(Contest::by_chips(&[1, -1]).check(3).is_err());
        let twice = Contest::Sides {
            role: vec![0],
            others: vec![0, 1],
            result: SideResult::Draw,
        };
        assert!(twice.check(2).is_err());
    }

    #[test]
    fn tier_names_name_every_tier_of_a_known_ladder() {
        let with = |ladder: &str, names: Vec<&str>| RatingsConfig {
            tier_names: [(
                ladder.to_string(),
                [(
                    "zh-CN".to_string(),
                    names.into_iter().map(String::from).collect(),
                )]
                .into(),
            )]
            .into(),
            ..RatingsConfig::default()
        };
        let metals = vec!["青铜", "白银", "黄金", "铂金", "钻石", "星耀", "王者"];
        assert_eq!(with("metals", metals.clone()).check(), Ok(()));
        let short = with("metals", metals[..6].to_vec()).check().unwrap_err();
        assert!(short.contains("names 6 tiers: the ladder has 7"), "{short}");
        let unknown = with("gems", metals.clone()).check().unwrap_err();
        assert!(unknown.contains("`titles`"), "{unknown}");
        let mut blank = metals.clone();
        blank[2] = " ";
        assert!(with("metals", blank).check().is_err());
    }

    #[test]
    fn tiers_climb_with_points() {
        let m = Ladder::Metals;
        assert_eq!(m.tier(1000).index, 0);
        assert_eq!(m.tier(900).division, Some(3));
        assert_eq!(m.tier(1149).division, Some(1));
        assert_eq!(m.tier(1150).index, 1);
        assert_eq!(m.tier(1150).division, Some(3));
        assert_eq!(m.tier(5000).division, None);
        assert!(m.tier(1300) > m.tier(1200));
        assert!(m.tier(1100) > m.tier(1000), "Bronze I above Bronze III");
        assert_eq!(Ladder::Titles.tier(Skill::default().points()).index, 1);
        assert_eq!(Ladder::Titles.tier(0).key(), "tier-titles-0");
    }

    #[test]
    fn the_repeat_rule_counts_this_game() {
        let cfg = RatingsConfig::default();
        assert_eq!(verdict(&cfg, "dou-dizhu", true, 4), Verdict::Rated);
        assert_eq!(
            verdict(&cfg, "dou-dizhu", true, 5),
            Verdict::Repeat { meetings: 6 }
        );
        assert_eq!(verdict(&cfg, "chexuan", true, 5), Verdict::Rated);
        assert_eq!(verdict(&cfg, "dou-dizhu", false, 0), Verdict::AiSeat);
    }

    #[test]
    fn a_soft_reset_pulls_to_the_middle_and_raises_doubt() {
        let s = Skill::from_f64(35.0, 2.0).soft_reset(50, 50);
        assert!((s.mu() - 30.0).abs() < 1e-6);
        assert!(s.sigma() > 2.0 && s.sigma() < SIGMA0);
    }
}
