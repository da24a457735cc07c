//! The steps of a stored game, for 复盘, written once for every game from
//! what each game already says on Discord ([`DiscordGame`]): step `k` is
//! the game after the record's first `k` actions (the last one also after
//! the steps nobody decides, as `paiju replay` plays them), shown as the
//! public table at that moment (its embed and picture, from the public view
//! only), the move that led there (the table log's words), and the
//! viewer's own hand (from the viewer's own view). At each decision of the
//! viewer it adds what the game's strongest AI would have played there,
//! asked on the viewer's own view of that moment, and, where the game can
//! tell cheaply ([`DiscordGame::replay_turns_left`]), whether the move
//! played was as good. Nothing here shows more than the viewer's view and
//! the public view held at that step.

use super::super::errors::BotError;
use super::super::table::{DiscordGame, Names, TableView};
use crate::games::Seat;
use crate::i18n::{self, Lang};
use crate::record::{split_action, Record};
use crate::render::{Badge, Scene};
use crate::table::TableGame;
use poise::serenity_prelude as serenity;
use rand::SeedableRng;

/// The table log lines shown with a step: the last few moves.
const LOG_LINES: usize = 6;

/// What is asked of a record.
pub struct Asked<'a> {
    pub lang: Lang,
    pub game: i64,
    pub stake: i64,
    pub names: &'a Names,
    /// The seats' names as the pictures draw them ([`Names::for_picture`]).
    pub pictured: Vec<Option<String>>,
    /// The viewer's seat; `None` for the public view (a share).
    pub viewer: Option<Seat>,
    /// The step asked for (past the last: the last).
    pub at: usize,
    /// The record is of a table closed mid-game: not played out.
    pub closed: bool,
}

/// A place the replay's select jumps to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mark {
    pub step: usize,
    /// The round of play it starts (1 = the first), or `None` when the
    /// game marks no rounds and every step is a mark.
    pub round: Option<usize>,
}

/// What the AI says of the viewer's move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Advice {
    /// The AI would have played the move played.
    Same,
    /// Another move, in words, and the turns to play out the hand after
    /// the AI's move and after the move played, where the game tells.
    Other {
        words: String,
        turns: Option<(u32, u32)>,
    },
}

/// One step of a replay, ready to show.
pub struct Shown {
    /// The step shown (the one asked for, or the last).
    pub at: usize,
    /// The last step.
    pub last: usize,
    /// The public table at this step.
    pub table: serenity::CreateEmbed,
    /// The move that led here, in the table log's words (empty at the deal).
    pub moved: Vec<String>,
    /// Who moved, for the move's line.
    pub mover: Option<Seat>,
    /// What the AI would have played, at a decision of the viewer's.
    pub advice: Option<Advice>,
    /// The table, and under it the viewer's own hand (none in public).
    pub scene: Option<Scene>,
    pub marks: Vec<Mark>,
}

fn broken(e: impl std::fmt::Display) -> BotError {
    tracing::warn!("a stored record does not replay: {e}");
    BotError::user(crate::keys::ERR_REPLAY_BROKEN)
}

/// Step `asked.at` of `record`, read as game `G`.
pub fn show<G: DiscordGame>(record: &Record, asked: &Asked<'_>) -> Result<Shown, BotError> {
    let mut game = G::from_record_setup(record).map_err(broken)?;
    let last = record.actions.len();
    let at = asked.at.min(last);
    let mut marks = vec![Mark {
        step: 0,
        round: None,
    }];
    let mut rounds = 0;
    let mut log: Vec<String> = Vec::new();
    let mut shown = (at == 0).then(|| game.clone());
    let mut moved = Vec::new();
    let mut mover = None;
    // The position before the viewer's move shown, with the move.
    let mut decision: Option<(G, G::Action)> = None;
    for (index, raw) in record.actions.iter().enumerate() {
        let (seat, body) = split_action(index, raw).map_err(broken)?;
        let action = G::parse_action(&body).map_err(|e| broken(e.message))?;
        if G::replay_round_start(&game, seat, &action) {
            rounds += 1;
            marks.push(Mark {
                step: index + 1,
                round: Some(rounds),
            });
        }
        let here = index + 1 == at;
        if here && asked.viewer == Some(seat) {
            decision = Some((game.clone(), action.clone()));
        }
        let events = game.apply(seat, &action).map_err(|e| broken(e.message))?;
        if index < at {
            let lines = G::event_lines(asked.lang, asked.names, seat, &action, &events);
            if here {
                moved = lines.clone();
                mover = Some(seat);
            }
            log.extend(lines);
        }
        if here {
            shown = Some(game.clone());
        }
    }
    if rounds == 0 {
        // No rounds marked: every step is a place to jump to.
        marks = (0..=last).map(|step| Mark { step, round: None }).collect();
    }
    let mut game = shown.unwrap_or(game);
    if at == last && !asked.closed {
        game.play_out();
    }
    let public = game.view(None);
    let start = log.len().saturating_sub(LOG_LINES);
    let autoplay = vec![false; game.seats()];
    let tv = TableView::<G> {
        lang: asked.lang,
        game: asked.game,
        version: 0,
        stake: asked.stake,
        names: asked.names,
        view: &public,
        deadline: None,
        log: &log[start..],
        autoplay: &autoplay,
    };
    let table = G::table_embed(&tv);
    let mut scene = G::table_scene(&public).unwrap_or_default();
    if let Some(seat) = asked.viewer {
        // The viewer's seat at the foot of the table, its hand under it,
        // behind the seat's badge.
        scene = scene.from_seat(seat);
        if let Some(hand) = G::hand_scene(&game.view(Some(seat))) {
            for (i, mut line) in hand.lines.into_iter().enumerate() {
                if i == 0 {
                    line.badge = Some(Badge {
                        seat,
                        turn: false,
                        alert: None,
                    });
                }
                scene.lines.push(line);
            }
        }
    }
    let scene = crate::render::non_empty(scene.name_seats(asked.lang, asked.pictured.clone()));
    let advice = match (decision, asked.viewer) {
        (Some((before, played)), Some(seat)) => advise::<G>(record, asked, &before, seat, &played)?,
        _ => None,
    };
    Ok(Shown {
        at,
        last,
        table,
        moved,
        mover,
        advice,
        scene,
        marks,
    })
}

/// What the strongest AI would have played for `seat` in `before`, seen
/// from the seat's own view; `None` when the seat had no choice.
fn advise<G: DiscordGame>(
    record: &Record,
    asked: &Asked<'_>,
    before: &G,
    seat: Seat,
    played: &G::Action,
) -> Result<Option<Advice>, BotError> {
    let legal = before.legal_actions(seat);
    if legal.len() < 2 {
        return Ok(None);
    }
    let rules: G::Rules = record.rules_as().map_err(broken)?;
    let view = before.view(Some(seat));
    // Seeded by the game and step, so the same step always says the same.
    let seed = (asked.game as u64).rotate_left(20) ^ asked.at as u64;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let ai = <G as TableGame>::strongest_bot(&rules).choose(&view, &legal, &mut rng);
    if ai == *played {
        return Ok(Some(Advice::Same));
    }
    let turns = G::replay_turns_left(&view, &ai).zip(G::replay_turns_left(&view, played));
    Ok(Some(Advice::Other {
        words: G::replay_move_words(asked.lang, &ai),
        turns,
    }))
}

/// The words of the AI level a replay asks: `hard` where the game has
/// levels, else its one AI.
pub fn ai_name(lang: Lang, kind: crate::games::GameKind) -> String {
    match kind.ai_levels() {
        Some(_) => i18n::tr(lang, "replay-ai-hard"),
        None => i18n::tr(lang, "replay-ai-only"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::dou_dizhu::DouDizhu;
    use crate::games::{with_game, Game, GameKind};
    use crate::render::Face;
    use crate::table::{bot_step, JoinArgs, SeatSetup};

    /// A game of `G` its table bots play to the end (or for `limit`
    /// actions), the table's own steps included, and its record.
    fn played<G: DiscordGame>(seed: u64, limit: usize) -> Record {
        let rules = G::Rules::default();
        let seats = *G::seat_range(&rules).start();
        let setup = vec![
            SeatSetup {
                human: true,
                join: JoinArgs::default(),
                balance: Some(10_000),
            };
            seats
        ];
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut game = G::deal_table(rules, &setup, &mut rng).expect("a deal");
        let mut bot = G::bot();
        for _ in 0..limit {
            if !bot_step(&mut game, &mut *bot, &mut rng).expect("a legal step") {
                break;
            }
        }
        game.record()
    }

    fn asked(names: &Names, viewer: Option<Seat>, at: usize) -> Asked<'_> {
        Asked {
            lang: Lang::EnUs,
            game: 7,
            stake: 10,
            names,
            pictured: crate::render::seat_names(&names.0),
            viewer,
            at,
            closed: false,
        }
    }

    fn names(n: usize) -> Names {
        Names((0..n).map(|i| format!("P{}", i + 1)).collect())
    }

    /// Every step of a Dou Dizhu game from seat 0's side shows no card
    /// of another seat's hand that the table has not seen (played, in the
    /// kitty, shown); the shared step shows the public table alone; the
    /// AI speaks at seat 0's own decisions only, and the select's marks
    /// are the deal and the leads.
    #[test]
    fn a_dou_dizhu_replay_shows_no_hidden_card_and_advises_at_the_viewers_decisions() {
        let record = played::<DouDizhu>(11, 500);
        let names = names(3);
        let mut game = DouDizhu::from_record_setup(&record).unwrap();
        let mut advised = 0;
        for at in 0..=record.actions.len() {
            let shown = show::<DouDizhu>(&record, &asked(&names, Some(0), at)).unwrap();
            assert_eq!(shown.at, at);
            let faces = shown.scene.as_ref().map(Scene::faces).unwrap_or_default();
            for other in 1..3 {
                let view = game.view(Some(other));
                let public = game.view(None);
                // The kitty, once taken, lies open on the table.
                let open = public.shown[other]
                    .unwrap_or_default()
                    .union(public.kitty.unwrap_or_default());
                let hidden = view.hand.unwrap().minus(open);
                for card in hidden.cards() {
                    assert!(
                        !faces.contains(&Face::Card(card)),
                        "step {at}: seat {other}'s {card} is shown"
                    );
                }
            }
            let public = show::<DouDizhu>(&record, &asked(&names, None, at)).unwrap();
            assert_eq!(
                public.scene,
                <DouDizhu as crate::render::Drawn>::table_scene(&game.view(None))
                    .map(|s| s.name_seats(Lang::EnUs, crate::render::seat_names(&names.0))),
                "step {at}: the shared step is the public table"
            );
            assert!(public.advice.is_none());
            let mover = (at > 0).then(|| split_action(at - 1, &record.actions[at - 1]).unwrap().0);
            if shown.advice.is_some() {
                assert_eq!(mover, Some(0), "advice at step {at}, not seat 0's move");
                advised += 1;
            }
            assert_eq!(shown.mover, mover);
            if at < record.actions.len() {
                let (seat, body) = split_action(at, &record.actions[at]).unwrap();
                game.apply(seat, &DouDizhu::parse_action(&body).unwrap())
                    .unwrap();
            }
        }
        assert!(advised > 0, "the AI said nothing at seat 0's decisions");
        let shown = show::<DouDizhu>(&record, &asked(&names, Some(0), 0)).unwrap();
        assert_eq!(shown.marks[0].step, 0);
        assert!(shown.marks.len() > 2, "{:?}", shown.marks);
        assert!(shown.marks[1..].iter().all(|m| m.round.is_some()));
        // Past the end: the last step.
        let past = show::<DouDizhu>(&record, &asked(&names, Some(0), 10_000)).unwrap();
        assert_eq!(past.at, record.actions.len());
    }

    /// Every game's record steps from its deal to its end from a seat's
    /// side and in public; the public step never holds more faces than
    /// the viewer's (the hand is the viewer's only).
    #[test]
    fn every_game_replays_step_by_step() {
        for kind in GameKind::ALL {
            with_game!(kind, G => {
                let record = played::<G>(5, 400);
                let seats = record.seats;
                let names = names(seats);
                let last = record.actions.len();
                let every = (last / 12).max(1);
                for at in (0..=last).step_by(every).chain([last]) {
                    let mine = show::<G>(&record, &asked(&names, Some(0), at))
                        .unwrap_or_else(|e| panic!("{kind:?} step {at}: {e}"));
                    let public = show::<G>(&record, &asked(&names, None, at)).unwrap();
                    let mine = mine.scene.map(|s| s.faces()).unwrap_or_default();
                    let public = public.scene.map(|s| s.faces()).unwrap_or_default();
                    assert!(
                        public.len() <= mine.len()
                            && public.iter().zip(&mine).all(|(a, b)| a == b),
                        "{kind:?} step {at}: the public table is the private one's top"
                    );
                }
            });
        }
    }
}
