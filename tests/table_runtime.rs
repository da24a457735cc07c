//! The table runtime against a small game of its own ("race to N": each
//! turn a seat steps 1 or 2; the first to reach N wins one unit from every
//! other seat), on the in-memory store, with tokio's paused clock.

use paiju::ai::Bot;
use paiju::games::{
    ErrorCode, Game, GameKind, GameOutcome, GameRules, RecordAction, RuleError, Seat,
};
use paiju::record::{Record, RecordError};
use paiju::table::memory::{MemoryStatus, MemoryStore};
use paiju::table::{
    Actor, CloseReason, Occupant, TableConfig, TableError, TableEvent, TableGame, TableHandle,
    TableOptions, TableStore, Tables, TimerKind,
};
use rand::Rng;
use serde::{Deserialize, Serialize};
use serde_json::json;
use std::collections::BTreeMap;
use std::ops::RangeInclusive;
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;
use tokio::sync::broadcast::Receiver;

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
struct RaceRules {
    target: u32,
    /// Leaving a running game forfeits it (like Dou Dizhu's escape).
    escape: bool,
    /// Nonzero: the table's bot is a [`GatedBot`] on this gate, a slow bot
    /// the test lets decide when it chooses.
    gate: u64,
}

impl Default for RaceRules {
    fn default() -> Self {
        RaceRules {
            target: 6,
            escape: false,
            gate: 0,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
enum RaceAction {
    Step(u32),
    Quit,
}

#[derive(Clone, Debug)]
struct Race {
    rules: RaceRules,
    first: Seat,
    turn: Seat,
    scores: Vec<u32>,
    quitter: Option<Seat>,
    actions: Vec<(Seat, RaceAction)>,
}

impl GameRules for RaceRules {
    // A test game: any kind the registry knows, never resumed by `resume_all` here.
    const KIND: GameKind = GameKind::DouDizhu;

    fn check_table(&self, seats: usize) -> Result<(), RecordError> {
        if self.target == 0 {
            return Err(RecordError::Rules("target must be at least 1".into()));
        }
        if !(2..=4).contains(&seats) {
            return Err(RecordError::Seats("2 to 4 seats".into()));
        }
        Ok(())
    }
}

impl Race {
    fn new(rules: RaceRules, seats: usize, first: Seat) -> Result<Race, RecordError> {
        rules.check_table(seats)?;
        if first >= seats {
            return Err(RecordError::Seats(
                "the first seat is not at the table".into(),
            ));
        }
        Ok(Race {
            rules,
            first,
            turn: first,
            scores: vec![0; seats],
            quitter: None,
            actions: Vec::new(),
        })
    }

    fn winner(&self) -> Option<Seat> {
        self.scores.iter().position(|&s| s >= self.rules.target)
    }
}

/// How a race ended: the winner takes one unit from each other seat.
#[derive(Clone, Debug, PartialEq, Serialize)]
struct RaceOutcome {
    deltas: Vec<i64>,
}

impl GameOutcome for RaceOutcome {
    fn deltas(&self) -> &[i64] {
        &self.deltas
    }
}

impl Game for Race {
    type Outcome = RaceOutcome;
    type Rules = RaceRules;
    type Action = RaceAction;
    type Event = (Seat, u32);
    type View = Vec<u32>;

    fn from_record_setup(record: &Record) -> Result<Self, RecordError> {
        let first = record.deal["first"]
            .as_u64()
            .ok_or_else(|| RecordError::Deal("first".into()))? as usize;
        Race::new(record.rules_as()?, record.seats, first)
    }

    fn deal(
        rules: RaceRules,
        seats: usize,
        rng: &mut dyn rand::RngCore,
    ) -> Result<Self, RecordError> {
        let first = rng.gen_range(0..seats.max(1));
        Race::new(rules, seats, first)
    }

    fn seats(&self) -> usize {
        self.scores.len()
    }

    fn waiting_on(&self) -> Vec<Seat> {
        if self.is_finished() {
            vec![]
        } else {
            vec![self.turn]
        }
    }

    fn apply(&mut self, seat: Seat, action: &RaceAction) -> Result<Vec<(Seat, u32)>, RuleError> {
        if self.is_finished() {
            return Err(RuleError::game_over());
        }
        match action {
            RaceAction::Quit => self.quitter = Some(seat),
            RaceAction::Step(n) => {
                if seat != self.turn {
                    return Err(RuleError::not_your_turn());
                }
                if !(1..=2).contains(n) {
                    return Err(RuleError::new(
                        ErrorCode::IllegalAction,
                        paiju::keys::ERR_WRONG_PHASE,
                        "a step is 1 or 2",
                    ));
                }
                self.scores[seat] += n;
                self.turn = (self.turn + 1) % self.scores.len();
            }
        }
        self.actions.push((seat, action.clone()));
        Ok(vec![(seat, self.scores[seat])])
    }

    fn legal_actions(&self, seat: Seat) -> Vec<RaceAction> {
        if self.is_finished() || seat != self.turn {
            return vec![];
        }
        vec![RaceAction::Step(1), RaceAction::Step(2)]
    }

    fn view(&self, _seat: Option<Seat>) -> Vec<u32> {
        self.scores.clone()
    }

    fn is_finished(&self) -> bool {
        self.quitter.is_some() || self.winner().is_some()
    }

    fn outcome(&self) -> Option<RaceOutcome> {
        let n = self.scores.len() as i64;
        let mut deltas = vec![0; self.scores.len()];
        if let Some(q) = self.quitter {
            for (s, d) in deltas.iter_mut().enumerate() {
                *d = if s == q { -(n - 1) } else { 1 };
            }
        } else {
            let w = self.winner()?;
            for (s, d) in deltas.iter_mut().enumerate() {
                *d = if s == w { n - 1 } else { -1 };
            }
        }
        Some(RaceOutcome { deltas })
    }

    fn record(&self) -> Record {
        Record {
            game: Self::KIND.name().into(),
            rules: serde_json::to_value(&self.rules).unwrap(),
            seats: self.scores.len(),
            deal: json!({"first": self.first}),
            actions: self
                .actions
                .iter()
                .map(|(s, a)| {
                    let mut v = Self::action_to_json(a);
                    v["seat"] = json!(s);
                    v
                })
                .collect(),
        }
    }
}

impl RecordAction for RaceAction {
    fn from_json(value: &serde_json::Value) -> Result<RaceAction, RuleError> {
        if value.get("quit").is_some() {
            return Ok(RaceAction::Quit);
        }
        value["step"]
            .as_u64()
            .map(|n| RaceAction::Step(n as u32))
            .ok_or_else(|| {
                RuleError::new(
                    ErrorCode::IllegalAction,
                    paiju::keys::ERR_MALFORMED_ACTION,
                    "not a step",
                )
            })
    }

    fn to_json(&self) -> serde_json::Value {
        match self {
            RaceAction::Step(n) => json!({ "step": n }),
            RaceAction::Quit => json!({"quit": true}),
        }
    }
}

impl TableGame for Race {
    fn seat_range(_rules: &RaceRules) -> RangeInclusive<usize> {
        2..=4
    }

    fn check_options(rules: &RaceRules, _stake: i64) -> Result<(), RuleError> {
        if rules.target > 100 {
            return Err(RuleError::new(
                ErrorCode::IllegalAction,
                paiju::keys::ERR_BAD_OPTION,
                "target must be at most 100",
            )
            .arg("detail", "target must be at most 100"));
        }
        Ok(())
    }

    /// The first round is "bidding", so the two timers can be told apart.
    fn timer_kind(&self) -> TimerKind {
        if self.actions.len() < self.scores.len() {
            TimerKind::Bidding
        } else {
            TimerKind::Play
        }
    }

    fn leave_action(&self, _seat: Seat) -> Option<RaceAction> {
        self.rules.escape.then_some(RaceAction::Quit)
    }

    fn bot_for(rules: &RaceRules) -> Box<dyn Bot<Race>> {
        match rules.gate {
            0 => Self::bot(),
            gate => Box::new(GatedBot(gate)),
        }
    }
}

/// A gate a [`GatedBot`] waits at: it says when a decision began (the
/// version it saw is not needed: the scores are), then waits for a permit.
struct Gate {
    entered: tokio::sync::mpsc::UnboundedSender<Vec<u32>>,
    permits: Arc<(Mutex<u32>, Condvar)>,
}

static GATES: Mutex<BTreeMap<u64, Gate>> = Mutex::new(BTreeMap::new());

/// A bot as slow as the test wants (like Dou Dizhu's `hard` search, which
/// may think for most of a second): it blocks its thread until the test
/// opens its gate, then steps 1.
struct GatedBot(u64);

impl Bot<Race> for GatedBot {
    fn choose(
        &mut self,
        view: &Vec<u32>,
        _legal: &[RaceAction],
        _rng: &mut dyn rand::RngCore,
    ) -> RaceAction {
        let permits = {
            let gates = GATES.lock().unwrap();
            let gate = &gates[&self.0];
            gate.entered.send(view.clone()).unwrap();
            gate.permits.clone()
        };
        let (count, opened) = &*permits;
        let mut count = opened
            .wait_while(count.lock().unwrap(), |c| *c == 0)
            .unwrap();
        *count -= 1;
        RaceAction::Step(1)
    }

    fn may_block(&self) -> bool {
        true
    }
}

/// Makes gate `id`: the receiver hears each decision begin (with the
/// scores the bot saw); the permits let decisions end, one each.
type Permits = Arc<(Mutex<u32>, Condvar)>;

fn gate(id: u64) -> (tokio::sync::mpsc::UnboundedReceiver<Vec<u32>>, Permits) {
    let (entered, rx) = tokio::sync::mpsc::unbounded_channel();
    let permits = Arc::new((Mutex::new(0), Condvar::new()));
    let gate = Gate {
        entered,
        permits: permits.clone(),
    };
    GATES.lock().unwrap().insert(id, gate);
    (rx, permits)
}

fn open_once(permits: &(Mutex<u32>, Condvar)) {
    *permits.0.lock().unwrap() += 1;
    permits.1.notify_all();
}

// ---- helpers --------------------------------------------------------------

const SERVER: u64 = 9;
const CHANNEL: u64 = 77;
const ALICE: u64 = 1;
const BOB: u64 = 2;
const CAROL: u64 = 3;

fn config() -> TableConfig {
    TableConfig {
        bid_timeout_secs: 10,
        play_timeout_secs: 30,
        lobby_idle_secs: 300,
        ai_delay_ms: 500,
        max_stake: 1000,
        pause_between_games: false,
    }
}

fn setup() -> (Arc<MemoryStore>, Tables<MemoryStore>) {
    let store = Arc::new(MemoryStore::new(100));
    let tables = Tables::new(store.clone(), config());
    (store, tables)
}

fn options(rules: serde_json::Value) -> TableOptions {
    TableOptions {
        stake: 5,
        rules,
        seed: Some(7),
        lang: None,
        timers: None,
    }
}

/// Opens a table hosted by Alice with Bob seated, started, with seat 0 to
/// move (the seed is searched so the test knows who moves first).
async fn two_player_game(
    tables: &Tables<MemoryStore>,
) -> (TableHandle<Race>, Receiver<TableEvent<Race>>) {
    let t = tables
        .open::<Race>(SERVER, CHANNEL, ALICE, options(json!({})))
        .unwrap();
    t.join(BOB).await.unwrap();
    let events = t.subscribe();
    t.start(ALICE).await.unwrap();
    (t, events)
}

async fn next_event(rx: &mut Receiver<TableEvent<Race>>) -> TableEvent<Race> {
    tokio::time::timeout(Duration::from_secs(3600), rx.recv())
        .await
        .expect("an event within the hour")
        .expect("the table is still sending")
}

/// Skips events until one matches.
async fn wait_for(
    rx: &mut Receiver<TableEvent<Race>>,
    mut pick: impl FnMut(&TableEvent<Race>) -> bool,
) -> TableEvent<Race> {
    loop {
        let e = next_event(rx).await;
        if pick(&e) {
            return e;
        }
    }
}

async fn to_move(t: &TableHandle<Race>) -> (u64, Seat) {
    let s = t.status(None).await.unwrap();
    let g = s.game.expect("a game is running");
    (g.version, g.waiting_on[0])
}

fn user_at(seat: Seat) -> u64 {
    [ALICE, BOB, CAROL][seat]
}

// ---- lobby ----------------------------------------------------------------

#[tokio::test(start_paused = true)]
async fn bad_options_are_refused_and_nothing_is_created() {
    let (store, tables) = setup();
    for (stake, rules) in [
        (0, json!({})),
        (-3, json!({})),
        (1001, json!({})),
        (5, json!([1, 2])),
        (5, json!({"target": "ten"})),
        (5, json!({"colour": "red"})),
        (5, json!({"target": 0})),
        (5, json!({"target": 101})),
    ] {
        let opts = TableOptions {
            stake,
            rules: rules.clone(),
            seed: None,
            lang: None,
            timers: None,
        };
        let e = tables
            .open::<Race>(SERVER, CHANNEL, ALICE, opts)
            .expect_err("refused");
        assert!(
            matches!(e, TableError::BadOptions(_)),
            "{stake} {rules}: {e}"
        );
        // Each refusal has its own words in every language, with its values.
        for lang in paiju::i18n::Lang::ALL {
            assert!(
                paiju::i18n::has(lang, e.key().as_str()),
                "{}: {lang:?}",
                e.key()
            );
            let text = paiju::i18n::tr_message(lang, &e.to_message(), &paiju::i18n::Plain);
            assert!(!text.contains("{$"), "{stake} {rules}: {text}");
        }
    }
    assert!(tables.is_empty());
    assert_eq!(store.game_count(), 0);
}

#[tokio::test(start_paused = true)]
async fn lobby_rules_host_only_start_full_table_leave_and_cancel() {
    let (store, tables) = setup();
    let t = tables
        .open::<Race>(SERVER, CHANNEL, ALICE, options(json!({})))
        .unwrap();
    assert_eq!(
        tables
            .open::<Race>(SERVER, CHANNEL, BOB, options(json!({})))
            .unwrap_err(),
        TableError::ChannelBusy
    );
    assert_eq!(tables.kind_at(CHANNEL), Some(GameKind::DouDizhu));
    assert!(tables.get::<Race>(CHANNEL).is_some());

    // Alone: too few to start.
    assert!(matches!(
        t.start(ALICE).await,
        Err(TableError::WrongSeatCount { have: 1, .. })
    ));
    t.join(BOB).await.unwrap();
    assert_eq!(t.join(BOB).await, Err(TableError::AlreadySeated));
    assert_eq!(t.start(BOB).await, Err(TableError::NotHost));
    assert_eq!(t.add_ai(BOB).await, Err(TableError::NotHost));
    assert_eq!(t.cancel(BOB).await, Err(TableError::NotHost));
    assert_eq!(t.remove_ai(ALICE).await, Err(TableError::NoAiSeat));
    t.add_ai(ALICE).await.unwrap();
    t.add_ai(ALICE).await.unwrap();
    assert_eq!(t.join(CAROL).await, Err(TableError::TableFull));
    assert_eq!(t.add_ai(ALICE).await, Err(TableError::TableFull));
    t.remove_ai(ALICE).await.unwrap();
    t.join(CAROL).await.unwrap();
    assert_eq!(t.leave(99).await, Err(TableError::NotSeated));

    // The host leaves: the earliest human left hosts.
    t.leave(ALICE).await.unwrap();
    let s = t.status(None).await.unwrap();
    assert_eq!(s.host, BOB);
    assert_eq!(
        s.seats,
        vec![Occupant::Human(BOB), Occupant::Ai, Occupant::Human(CAROL)]
    );
    assert_eq!(t.start(ALICE).await, Err(TableError::NotHost));
    assert_eq!(store.game_count(), 0, "nothing stored before the start");

    let mut events = t.subscribe();
    t.cancel(BOB).await.unwrap();
    let closed = wait_for(&mut events, |e| matches!(e, TableEvent::Closed { .. })).await;
    assert!(matches!(
        closed,
        TableEvent::Closed {
            reason: CloseReason::Cancelled
        }
    ));
    tokio::task::yield_now().await;
    assert!(t.join(ALICE).await == Err(TableError::Closed));
    assert!(tables.is_empty(), "a closed table leaves the registry");
    // The channel is free again.
    tables
        .open::<Race>(SERVER, CHANNEL, ALICE, options(json!({})))
        .unwrap();
}

#[tokio::test(start_paused = true)]
async fn lobby_closes_when_idle_or_when_only_ai_is_left() {
    let (_store, tables) = setup();
    let t = tables
        .open::<Race>(SERVER, CHANNEL, ALICE, options(json!({})))
        .unwrap();
    let mut events = t.subscribe();
    t.add_ai(ALICE).await.unwrap();
    tokio::time::sleep(Duration::from_secs(299)).await;
    assert!(!t.is_closed(), "not idle yet");
    let closed = wait_for(&mut events, |e| matches!(e, TableEvent::Closed { .. })).await;
    assert!(matches!(
        closed,
        TableEvent::Closed {
            reason: CloseReason::LobbyIdle
        }
    ));

    let t = tables
        .open::<Race>(SERVER, CHANNEL + 1, ALICE, options(json!({})))
        .unwrap();
    let mut events = t.subscribe();
    t.add_ai(ALICE).await.unwrap();
    t.leave(ALICE).await.unwrap();
    let closed = wait_for(&mut events, |e| matches!(e, TableEvent::Closed { .. })).await;
    assert!(matches!(
        closed,
        TableEvent::Closed {
            reason: CloseReason::OnlyAi
        }
    ));
}

// ---- actions and versions -------------------------------------------------

#[tokio::test(start_paused = true)]
async fn a_stale_action_is_refused_and_applied_once() {
    let (store, tables) = setup();
    let (t, _events) = two_player_game(&tables).await;
    let (version, seat) = to_move(&t).await;
    assert_eq!(version, 0);
    let mover = user_at(seat);
    let other = user_at(1 - seat);
    assert_eq!(
        t.act(other, 0, RaceAction::Step(1)).await,
        Err(TableError::Rule(RuleError::not_your_turn()))
    );
    assert_eq!(t.act(mover, 0, RaceAction::Step(2)).await, Ok(1));
    // The same click again: stale, nothing applied.
    assert_eq!(
        t.act(mover, 0, RaceAction::Step(2)).await,
        Err(TableError::Stale { got: 0, now: 1 })
    );
    // A version from the future is refused too.
    assert_eq!(
        t.act(other, 5, RaceAction::Step(2)).await,
        Err(TableError::Stale { got: 5, now: 1 })
    );
    let g = t.status(Some(mover)).await.unwrap().game.unwrap();
    assert_eq!(g.version, 1);
    assert_eq!(g.view[seat], 2);
    let id = g.id;
    assert_eq!(store.game(id).unwrap().saved_versions, vec![0, 1]);
    // Bad input from a spectator changes nothing either.
    assert_eq!(
        t.act(CAROL, 1, RaceAction::Step(1)).await,
        Err(TableError::NotSeated)
    );
    assert_eq!(t.join(CAROL).await, Err(TableError::AlreadyStarted));
}

#[tokio::test(start_paused = true)]
async fn a_failed_snapshot_leaves_the_game_untouched() {
    let (store, tables) = setup();
    let (t, _events) = two_player_game(&tables).await;
    let (_, seat) = to_move(&t).await;
    store.fail_next_snapshot();
    let e = t
        .act(user_at(seat), 0, RaceAction::Step(1))
        .await
        .unwrap_err();
    assert!(matches!(e, TableError::Store(_)));
    let g = t.status(None).await.unwrap().game.unwrap();
    assert_eq!((g.version, g.view.clone()), (0, vec![0, 0]));
    assert_eq!(t.act(user_at(seat), 0, RaceAction::Step(1)).await, Ok(1));
}

/// The action is applied in place and only then written: a write that
/// fails later in the game puts the game back as it was (by replaying its
/// record without the action), and the same action then goes through.
#[tokio::test(start_paused = true)]
async fn a_failed_write_later_in_the_game_puts_the_game_back() {
    let (store, tables) = setup();
    let (t, _events) = two_player_game(&tables).await;
    for _ in 0..3 {
        let (v, s) = to_move(&t).await;
        t.act(user_at(s), v, RaceAction::Step(1)).await.unwrap();
    }
    let before = t.status(None).await.unwrap().game.unwrap();
    let (v, s) = to_move(&t).await;
    store.fail_next_snapshot();
    let e = t.act(user_at(s), v, RaceAction::Step(2)).await.unwrap_err();
    assert!(
        matches!(e, TableError::Store(ref e) if e.is_transient()),
        "{e:?}"
    );
    let after = t.status(None).await.unwrap().game.unwrap();
    assert_eq!(
        (after.version, after.view, after.waiting_on),
        (before.version, before.view.clone(), before.waiting_on)
    );
    assert_eq!(t.act(user_at(s), v, RaceAction::Step(2)).await, Ok(v + 1));
    let g = store.game(before.id).unwrap();
    assert_eq!(g.saved_versions, vec![0, 1, 2, 3, 4]);
    // The stored game is the first snapshot and the four actions appended.
    assert_eq!(g.appended.len(), 4);
    let record: Record = serde_json::from_value(g.snapshot.unwrap()).unwrap();
    assert_eq!(record.actions, g.appended);
    assert_eq!(record.actions[3], json!({"seat": s, "step": 2}));
}

/// The events of a table are a small ring: a subscriber that falls behind
/// gets `Lagged` (and reads the status again), and a handle kept after the
/// table closed neither keeps the ring alive nor leaves its subscribers
/// waiting: they read what is left, then `Closed`.
#[tokio::test(start_paused = true)]
async fn a_lagging_subscriber_recovers_and_a_closed_table_frees_its_events() {
    let (_store, tables) = setup();
    let t = tables
        .open::<Race>(SERVER, CHANNEL, ALICE, options(json!({"target": 100})))
        .unwrap();
    t.add_ai(ALICE).await.unwrap();
    let mut slow = t.subscribe();
    t.start(ALICE).await.unwrap();
    // Alice never acts: the bot plays her seat after her first timeout,
    // and the race runs to its end without anyone reading `slow`.
    let mut lagged = false;
    let mut closed_event = false;
    loop {
        let next = tokio::time::timeout(Duration::from_secs(36_000), slow.recv())
            .await
            .expect("the subscriber is never left waiting");
        match next {
            Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => {
                lagged = true;
                // What a front end does: read the table again.
                let _ = t.status(None).await;
            }
            Ok(TableEvent::Closed { .. }) => closed_event = true,
            Ok(_) => {}
            Err(tokio::sync::broadcast::error::RecvError::Closed) => break,
        }
        if !lagged {
            // Fall behind: wait until the race is over before reading on.
            while !t.is_closed() {
                tokio::time::sleep(Duration::from_secs(60)).await;
            }
        }
    }
    assert!(
        lagged,
        "a race of 100 makes more events than the buffer keeps"
    );
    assert!(closed_event, "the last events are still there to read");
    assert!(t.is_closed());
    // The handle outlives the table; subscribing to it now ends at once.
    let mut late = t.subscribe();
    assert!(matches!(
        late.recv().await,
        Err(tokio::sync::broadcast::error::RecvError::Closed)
    ));
    assert!(tables.get::<Race>(CHANNEL).is_none());
}

/// Each slot of a table's event buffer is as large as the largest event:
/// the rare large ones (the settlement with its final view) are boxed, so
/// an idle table's ring stays small whatever the game.
#[test]
fn table_events_are_small_for_every_hosted_game() {
    use paiju::games::{chexuan, dou_dizhu, duan_guozi, paohuzi, shengji};
    let sizes = [
        std::mem::size_of::<TableEvent<dou_dizhu::DouDizhu>>(),
        std::mem::size_of::<TableEvent<duan_guozi::DuanGuozi>>(),
        std::mem::size_of::<TableEvent<chexuan::session::ChexuanTable>>(),
        std::mem::size_of::<TableEvent<shengji::ShengjiTable>>(),
        std::mem::size_of::<TableEvent<paohuzi::PaohuziTable>>(),
    ];
    println!("TableEvent sizes: {sizes:?}");
    assert!(sizes.iter().all(|&s| s <= 96), "{sizes:?}");
}

// ---- timers and autoplay --------------------------------------------------

#[tokio::test(start_paused = true)]
async fn a_seat_that_times_out_is_played_by_the_ai_until_it_acts() {
    let (_store, tables) = setup();
    let (t, mut events) = two_player_game(&tables).await;
    let (_, sleeper) = to_move(&t).await;
    let awake = 1 - sleeper;
    let started = tokio::time::Instant::now();

    // The first round runs on the bidding timer (10 s), not the play timer.
    let e = wait_for(&mut events, |e| matches!(e, TableEvent::Autoplay { .. })).await;
    assert!(matches!(e, TableEvent::Autoplay { seat, on: true } if seat == sleeper));
    assert_eq!(started.elapsed(), Duration::from_secs(10));
    let e = wait_for(&mut events, |e| matches!(e, TableEvent::Acted { .. })).await;
    let TableEvent::Acted { seat, actor, .. } = e else {
        unreachable!()
    };
    assert_eq!((seat, actor), (sleeper, Actor::Autoplay));

    // The other seat plays; the sleeper's next turn goes to the bot after
    // the short AI pause, not a whole timeout.
    let (v, s) = to_move(&t).await;
    assert_eq!(s, awake);
    t.act(user_at(awake), v, RaceAction::Step(1)).await.unwrap();
    let before = tokio::time::Instant::now();
    let e = wait_for(
        &mut events,
        |e| matches!(e, TableEvent::Acted { seat, .. } if *seat == sleeper),
    )
    .await;
    let TableEvent::Acted { seat, actor, .. } = e else {
        unreachable!()
    };
    assert_eq!((seat, actor), (sleeper, Actor::Autoplay));
    assert_eq!(before.elapsed(), Duration::from_millis(500));
    let g = t.status(None).await.unwrap().game.unwrap();
    assert!(g.autoplay[sleeper]);

    // The sleeper acts again (here: a stale click); autoplay ends, and its
    // next turn waits the full play timer (30 s).
    let _ = t.act(user_at(sleeper), 0, RaceAction::Step(1)).await;
    let e = wait_for(&mut events, |e| matches!(e, TableEvent::Autoplay { .. })).await;
    assert!(matches!(e, TableEvent::Autoplay { seat, on: false } if seat == sleeper));
    let (v, s) = to_move(&t).await;
    assert_eq!(s, awake);
    t.act(user_at(awake), v, RaceAction::Step(1)).await.unwrap();
    let (v, s) = to_move(&t).await;
    assert_eq!(s, sleeper);
    tokio::time::sleep(Duration::from_secs(29)).await;
    assert_eq!(to_move(&t).await, (v, sleeper), "still the player's turn");
    t.act(user_at(sleeper), v, RaceAction::Step(1))
        .await
        .unwrap();
}

/// A slow bot (Dou Dizhu's `hard`) decides off the table's task: the table
/// answers meanwhile, and a decision overtaken by the player's own move is
/// dropped, not applied on top of it.
#[tokio::test(start_paused = true)]
async fn a_slow_bot_thinks_off_the_task_and_a_players_move_meanwhile_wins() {
    let (mut entered, permits) = gate(1);
    let (_store, tables) = setup();
    let t = tables
        .open::<Race>(SERVER, CHANNEL, ALICE, options(json!({"gate": 1})))
        .unwrap();
    t.join(BOB).await.unwrap();
    let mut events = t.subscribe();
    t.start(ALICE).await.unwrap();
    let (v, sleeper) = to_move(&t).await;
    let awake = 1 - sleeper;

    // The sleeper's time runs out: the bot starts thinking for it…
    wait_for(&mut events, |e| {
        matches!(e, TableEvent::Autoplay { on: true, .. })
    })
    .await;
    assert_eq!(entered.recv().await, Some(vec![0, 0]));
    // …and while it thinks, the table answers: a hint (the slow bot too,
    // on its own thread), the status, and the player's own move.
    let hint = {
        let t = t.clone();
        tokio::spawn(async move { t.hint(user_at(sleeper)).await })
    };
    assert_eq!(entered.recv().await, Some(vec![0, 0]));
    assert_eq!(to_move(&t).await, (v, sleeper));
    assert_eq!(
        t.act(user_at(sleeper), v, RaceAction::Step(2)).await,
        Ok(v + 1)
    );
    // The bot's move comes back for a state that is gone: dropped. (The
    // permits go to whichever thread wakes first: open both.)
    open_once(&permits);
    open_once(&permits);
    assert_eq!(hint.await.unwrap(), Ok(RaceAction::Step(1)));

    // One decision at a time: the next begins (the other seat's timeout)
    // only once the dropped one is back, and it sees the player's step.
    let mut seen = vec![0, 0];
    seen[sleeper] = 2;
    assert_eq!(entered.recv().await, Some(seen));
    let g = t.status(None).await.unwrap().game.unwrap();
    assert_eq!(g.version, v + 1);
    assert_eq!(g.view[sleeper], 2, "only the player's step was applied");
    assert_eq!(g.waiting_on, vec![awake]);
    open_once(&permits);
    let e = wait_for(&mut events, |e| matches!(e, TableEvent::Acted { .. })).await;
    let TableEvent::Acted {
        seat,
        actor,
        action,
        version,
        ..
    } = e
    else {
        unreachable!()
    };
    assert_eq!(
        (seat, actor, action, version),
        (sleeper, Actor::Player, RaceAction::Step(2), v + 1)
    );
    // The decision that was still current is applied.
    let e = wait_for(&mut events, |e| matches!(e, TableEvent::Acted { .. })).await;
    assert!(matches!(
        e,
        TableEvent::Acted { seat, actor: Actor::Autoplay, version, .. }
            if seat == awake && version == v + 2
    ));
}

/// A player who takes the seat back while the slow bot thinks for it keeps
/// the turn: the decision is dropped.
#[tokio::test(start_paused = true)]
async fn taking_back_while_a_slow_bot_thinks_drops_its_decision() {
    let (mut entered, permits) = gate(2);
    let (_store, tables) = setup();
    let t = tables
        .open::<Race>(SERVER, CHANNEL, ALICE, options(json!({"gate": 2})))
        .unwrap();
    t.join(BOB).await.unwrap();
    let mut events = t.subscribe();
    t.start(ALICE).await.unwrap();
    let (v, sleeper) = to_move(&t).await;
    entered.recv().await.unwrap();
    t.take_back(user_at(sleeper)).await.unwrap();
    open_once(&permits);
    // The decision came back and was dropped: the turn times out again a
    // whole bidding timer later, and only then is the bot's move applied.
    let before = tokio::time::Instant::now();
    entered.recv().await.unwrap();
    assert_eq!(before.elapsed(), Duration::from_secs(10));
    assert_eq!(to_move(&t).await, (v, sleeper));
    open_once(&permits);
    let e = wait_for(&mut events, |e| matches!(e, TableEvent::Acted { .. })).await;
    assert!(matches!(
        e,
        TableEvent::Acted { seat, actor: Actor::Autoplay, version, .. }
            if seat == sleeper && version == v + 1
    ));
}

#[tokio::test(start_paused = true)]
async fn take_back_ends_autoplay_without_acting() {
    let (_store, tables) = setup();
    let (t, mut events) = two_player_game(&tables).await;
    let (_, sleeper) = to_move(&t).await;
    wait_for(&mut events, |e| {
        matches!(e, TableEvent::Autoplay { on: true, .. })
    })
    .await;
    t.take_back(user_at(sleeper)).await.unwrap();
    let g = t.status(None).await.unwrap().game.unwrap();
    assert!(!g.autoplay[sleeper]);
    assert_eq!(t.take_back(CAROL).await, Err(TableError::NotSeated));
}

/// Issue #36: 托管 switched on by the player hands the seat to the bot at
/// the AI's pace until the player takes it back or acts; it is kept with
/// the game and a game resumed after a restart still plays the seat.
#[tokio::test(start_paused = true)]
async fn the_autoplay_switch_holds_until_taken_back_and_survives_a_restart() {
    let store = Arc::new(MemoryStore::new(100));
    let id = {
        let tables = Tables::new(store.clone(), config());
        let (t, mut events) = two_player_game(&tables).await;
        let (_, first) = to_move(&t).await;
        t.autoplay(user_at(first)).await.unwrap();
        let e = wait_for(&mut events, |e| matches!(e, TableEvent::Autoplay { .. })).await;
        assert!(matches!(e, TableEvent::Autoplay { seat, on: true } if seat == first));
        // Its move comes at the AI's pace, not the bidding timer's.
        let before = tokio::time::Instant::now();
        let e = wait_for(&mut events, |e| matches!(e, TableEvent::Acted { .. })).await;
        assert!(
            matches!(e, TableEvent::Acted { seat, actor: Actor::Autoplay, .. } if seat == first)
        );
        assert_eq!(before.elapsed(), Duration::from_millis(500));
        let g = t.status(None).await.unwrap().game.unwrap();
        assert!(g.autoplay[first]);
        // Switching on twice changes nothing; a stranger is refused.
        t.autoplay(user_at(first)).await.unwrap();
        assert_eq!(t.autoplay(CAROL).await, Err(TableError::NotSeated));
        assert_eq!(store.autoplay_seats(g.id).await.unwrap(), vec![first]);
        g.id
        // The registry and handles drop here: the task stops, like a crash.
    };
    tokio::task::yield_now().await;
    let tables = Tables::new(store.clone(), config());
    let report = tables.resume_kind::<Race>(|_| true).await.unwrap();
    assert_eq!(report.resumed, vec![id]);
    let t = tables.get::<Race>(CHANNEL).expect("the table is back");
    let g = t.status(None).await.unwrap().game.unwrap();
    let on: Vec<Seat> = (0..2).filter(|&s| g.autoplay[s]).collect();
    assert_eq!(on.len(), 1, "the seat is still on 托管 after the restart");
    let seat = on[0];
    let mut events = t.subscribe();
    // The other seat moves; the seat on 托管 is played after the AI pause.
    let (v, s) = to_move(&t).await;
    if s != seat {
        t.act(user_at(s), v, RaceAction::Step(1)).await.unwrap();
    }
    let e = wait_for(
        &mut events,
        |e| matches!(e, TableEvent::Acted { seat: s, .. } if *s == seat),
    )
    .await;
    assert!(matches!(
        e,
        TableEvent::Acted {
            actor: Actor::Autoplay,
            ..
        }
    ));
    // Taken back: off in the table and in the store.
    t.take_back(user_at(seat)).await.unwrap();
    let e = wait_for(&mut events, |e| matches!(e, TableEvent::Autoplay { .. })).await;
    assert!(matches!(e, TableEvent::Autoplay { seat: s, on: false } if s == seat));
    assert!(store.autoplay_seats(id).await.unwrap().is_empty());
    assert!(!t.status(None).await.unwrap().game.unwrap().autoplay[seat]);
}

#[tokio::test(start_paused = true)]
async fn a_game_against_the_ai_runs_to_the_settlement_and_closes() {
    let (store, tables) = setup();
    let t = tables
        .open::<Race>(SERVER, CHANNEL, ALICE, options(json!({"target": 9})))
        .unwrap();
    t.add_ai(ALICE).await.unwrap();
    t.add_ai(ALICE).await.unwrap();
    let mut events = t.subscribe();
    let id = t.start(ALICE).await.unwrap();
    let mut hints = 0;
    loop {
        match next_event(&mut events).await {
            TableEvent::Turn { seats, version, .. } if seats == vec![0] => {
                let hint = t.hint(ALICE).await.unwrap();
                hints += 1;
                assert!(matches!(hint, RaceAction::Step(1 | 2)));
                t.act(ALICE, version, hint).await.unwrap();
            }
            TableEvent::Acted { seat, actor, .. } if seat != 0 => assert_eq!(actor, Actor::Ai),
            TableEvent::Settled {
                game,
                report,
                result,
                view,
            } => {
                let outcome = result.outcome.expect("a finished race");
                assert_eq!(game, id);
                // The finished scores come with the event: someone reached
                // the target.
                assert!(view.iter().any(|&s| s >= 9), "{view:?}");
                assert_eq!(outcome.deltas.iter().sum::<i64>(), 0);
                assert_eq!(report.paid[0], outcome.deltas[0] * 5);
                // Issue #36: every seat's chips come with the result, the
                // AI seats' (the house's, which the ledger pays nobody) too.
                let owed: Vec<i64> = outcome.deltas.iter().map(|d| d * 5).collect();
                assert_eq!(result.owed, owed);
                assert_eq!(report.paid[1..], [0, 0], "the report has no AI chips");
                let balance = store.balance(SERVER, ALICE).await.unwrap();
                assert_eq!(Some(balance), report.balances[0]);
                assert_eq!(balance, 100 + report.paid[0]);
                break;
            }
            _ => {}
        }
    }
    assert!(hints >= 3);
    let closed = next_event(&mut events).await;
    assert!(matches!(
        closed,
        TableEvent::Closed {
            reason: CloseReason::Finished
        }
    ));
    let stored = store.game(id).unwrap();
    assert!(matches!(stored.status, MemoryStatus::Settled(_)));
    // The final record went with the chips, and replays to the same end.
    let record: Record = serde_json::from_value(stored.snapshot.unwrap()).unwrap();
    let mut replayed = Race::from_record_setup(&record).unwrap();
    for a in &record.actions {
        let (seat, body) = paiju::record::split_action(0, a).unwrap();
        replayed
            .apply(seat, &Race::parse_action(&body).unwrap())
            .unwrap();
    }
    assert!(replayed.is_finished());
    tokio::task::yield_now().await;
    assert!(tables.is_empty());
}

#[tokio::test(start_paused = true)]
async fn leaving_mid_game_hands_the_seat_to_the_bot_and_an_empty_table_closes() {
    let (store, tables) = setup();
    let (t, mut events) = two_player_game(&tables).await;
    let id = t.status(None).await.unwrap().game.unwrap().id;
    t.leave(BOB).await.unwrap();
    let e = wait_for(&mut events, |e| matches!(e, TableEvent::Left { .. })).await;
    assert!(matches!(e, TableEvent::Left { user: BOB, .. }));
    assert_eq!(t.leave(BOB).await, Err(TableError::NotSeated));
    t.leave(ALICE).await.unwrap();
    let e = wait_for(&mut events, |e| matches!(e, TableEvent::Closed { .. })).await;
    assert!(matches!(
        e,
        TableEvent::Closed {
            reason: CloseReason::OnlyAi
        }
    ));
    assert!(matches!(
        store.game(id).unwrap().status,
        MemoryStatus::Cancelled(_)
    ));
}

#[tokio::test(start_paused = true)]
async fn leaving_a_game_with_an_escape_settles_it() {
    let (store, tables) = setup();
    let t = tables
        .open::<Race>(SERVER, CHANNEL, ALICE, options(json!({"escape": true})))
        .unwrap();
    t.join(BOB).await.unwrap();
    let mut events = t.subscribe();
    t.start(ALICE).await.unwrap();
    t.leave(BOB).await.unwrap();
    let e = wait_for(&mut events, |e| matches!(e, TableEvent::Settled { .. })).await;
    let TableEvent::Settled { report, .. } = e else {
        unreachable!()
    };
    assert_eq!(report.paid, vec![5, -5]);
    assert_eq!(store.balance(SERVER, BOB).await.unwrap(), 95);
}

#[tokio::test(start_paused = true)]
async fn a_seated_player_cannot_start_a_second_game_on_the_same_server() {
    let (_store, tables) = setup();
    let (_t, _events) = two_player_game(&tables).await;
    let t2 = tables
        .open::<Race>(SERVER, CHANNEL + 1, ALICE, options(json!({})))
        .unwrap();
    t2.add_ai(ALICE).await.unwrap();
    let e = t2.start(ALICE).await.unwrap_err();
    assert!(matches!(e, TableError::Store(_)), "{e}");
    // Still a lobby: nothing was created.
    assert!(t2.status(None).await.unwrap().game.is_none());
}

// ---- resume ---------------------------------------------------------------

#[tokio::test(start_paused = true)]
async fn a_game_resumes_where_it_stopped_after_a_restart() {
    let store = Arc::new(MemoryStore::new(100));
    let (id, seen) = {
        let tables = Tables::new(store.clone(), config());
        let (t, _events) = two_player_game(&tables).await;
        for _ in 0..3 {
            let (v, s) = to_move(&t).await;
            t.act(user_at(s), v, RaceAction::Step(1)).await.unwrap();
        }
        let g = t.status(Some(ALICE)).await.unwrap().game.unwrap();
        (g.id, (g.version, g.view, g.waiting_on))
        // The registry and handles drop here: the task stops, like a crash.
    };
    tokio::task::yield_now().await;

    // What was stored: the first snapshot (no action) and three actions
    // appended to it, one write each; resuming replays them.
    let stored = store.game(id).unwrap();
    assert_eq!(stored.saved_versions, vec![0, 1, 2, 3]);
    assert_eq!(stored.appended.len(), 3);
    let tables = Tables::new(store.clone(), config());
    let report = tables.resume_kind::<Race>(|_| true).await.unwrap();
    assert_eq!(report.resumed, vec![id]);
    assert!(report.cancelled.is_empty());
    let t = tables.get::<Race>(CHANNEL).expect("the table is back");
    let g = t.status(Some(ALICE)).await.unwrap().game.unwrap();
    assert_eq!((g.version, g.view, g.waiting_on), seen);
    assert_eq!(t.status(None).await.unwrap().host, ALICE);
    // Timers restart: the seat to move gets its whole play timer.
    let (v, s) = to_move(&t).await;
    tokio::time::sleep(Duration::from_secs(29)).await;
    assert_eq!(to_move(&t).await, (v, s));
    assert_eq!(t.act(user_at(s), v, RaceAction::Step(1)).await, Ok(v + 1));
}

#[tokio::test(start_paused = true)]
async fn the_table_language_is_stored_with_the_game_and_read_back() {
    let store = Arc::new(MemoryStore::new(100));
    {
        let tables = Tables::new(store.clone(), config());
        let opts = TableOptions {
            lang: Some("zh-CN".into()),
            ..options(json!({}))
        };
        let t = tables.open::<Race>(SERVER, CHANNEL, ALICE, opts).unwrap();
        t.join(BOB).await.unwrap();
        t.start(ALICE).await.unwrap();
        to_move(&t).await;
    }
    tokio::task::yield_now().await;
    // What the Discord host reads at start-up to re-post the table message.
    let stored = store.unfinished_games().await.unwrap();
    assert_eq!(stored.len(), 1);
    let read: TableOptions = serde_json::from_value(stored[0].options.clone()).unwrap();
    assert_eq!(read.lang.as_deref(), Some("zh-CN"));
    let tables = Tables::new(store.clone(), config());
    let report = tables.resume_kind::<Race>(|_| true).await.unwrap();
    assert_eq!(report.resumed.len(), 1, "{report:?}");
    // A table opened without a language stores none (older rows read the same).
    let plain: TableOptions =
        serde_json::from_value(json!({"stake": 5, "rules": {}, "host": 1})).unwrap();
    assert_eq!(plain.lang, None);
}

#[tokio::test(start_paused = true)]
async fn a_game_that_cannot_be_resumed_is_cancelled() {
    let store = Arc::new(MemoryStore::new(100));
    let id = {
        let tables = Tables::new(store.clone(), config());
        let (t, _events) = two_player_game(&tables).await;
        t.status(None).await.unwrap().game.unwrap().id
    };
    // Corrupt the snapshot: an action that the game refuses.
    let mut snapshot = store.game(id).unwrap().snapshot.unwrap();
    snapshot["actions"] = json!([{"seat": 0, "step": 7}]);
    store.save_snapshot(id, 1, &snapshot).await.unwrap();

    let tables = Tables::new(store.clone(), config());
    let report = tables.resume_kind::<Race>(|_| true).await.unwrap();
    assert!(report.resumed.is_empty());
    assert_eq!(report.cancelled.len(), 1);
    assert!(report.cancelled[0].1.contains("refused"), "{:?}", report);
    assert!(matches!(
        store.game(id).unwrap().status,
        MemoryStatus::Cancelled(_)
    ));
    assert!(tables.is_empty());
    assert!(store.unfinished_games().await.unwrap().is_empty());
}

// ---- issue #14: another writer moved the game on --------------------------

/// Another process saved the next move of this table's game: a move here
/// is refused as stale (the store's compare-and-set), and the table closes
/// at once — for a player's move and for the timer's — instead of retrying
/// for ever. The other writer's game is left alone: not cancelled.
#[tokio::test(start_paused = true)]
async fn a_game_moved_on_elsewhere_ends_the_table_instead_of_retrying() {
    for by_timer in [false, true] {
        let (store, tables) = setup();
        let (t, mut events) = two_player_game(&tables).await;
        let (v, seat) = to_move(&t).await;
        let id = t.status(None).await.unwrap().game.unwrap().id;
        let mut elsewhere = store.game(id).unwrap().snapshot.unwrap();
        elsewhere["actions"] = json!([{"seat": seat, "step": 2}]);
        store.save_snapshot(id, 1, &elsewhere).await.unwrap();

        if by_timer {
            // The seat times out: the timer's move is the one refused.
            tokio::time::advance(Duration::from_secs(11)).await;
        } else {
            let e = t.act(user_at(seat), v, RaceAction::Step(1)).await;
            assert!(
                matches!(&e, Err(TableError::Store(s)) if s.key == "err-stale" && !s.is_transient()),
                "{e:?}"
            );
        }
        let mut troubles = Vec::new();
        loop {
            match next_event(&mut events).await {
                TableEvent::Trouble { message } => troubles.push(message),
                TableEvent::Closed { reason } => {
                    assert!(matches!(reason, CloseReason::Broken(_)), "{reason:?}");
                    break;
                }
                _ => {}
            }
        }
        assert_eq!(troubles.len(), 1, "{troubles:?}");
        assert!(!troubles[0].contains("retrying"), "{troubles:?}");
        let g = store.game(id).unwrap();
        assert_eq!(g.status, MemoryStatus::Running, "by_timer {by_timer}");
        assert_eq!(g.snapshot, Some(elsewhere));
        assert_eq!(t.status(None).await.unwrap_err(), TableError::Closed);
    }
}

// ---- issue #18: the runtime on the real ledger, SQLite and PostgreSQL -----

#[path = "table_runtime/ledger.rs"]
mod ledger;
