//! `paiju play`: a person at a terminal against AI seats, through the same
//! table runtime the Discord bot uses and a local ledger (its own server id).
//! Every word it prints comes from the Fluent files in the language chosen
//! by `--lang` or the environment ([`PlayOptions::lang`]); typed commands
//! and card notation are the same in every language.
//!
//! The loop here is shared by every game; what differs — the words for a
//! game's events and results, the table shown when it is the person's turn,
//! and how a line of input reads — is a [`TerminalGame`], in each game's
//! `src/hosts/<game>/terminal.rs` (with its words from `words.rs`).
//!
//! Input is read one line at a time, and only when the game waits on the
//! person (or at a question: "another game?", "leave?", which reading), so
//! it works the same with a keyboard and with a pipe; while the person is
//! away (托管 after the turn timer) a line is read too, and ends the 托管.
//! Whatever the table does meanwhile is printed as it happens, also while
//! the prompt waits. At the end of input the game is left saved in the
//! ledger; the next `paiju play` resumes it.
//!
//! The commands are one vocabulary for every game ([`command`]), listed by
//! `help` after the game's own words; none is a single letter, so none
//! shadows a card (`A`, `T`), and a question takes only its own answers.

pub mod text;

pub use text::Terminal;

use crate::games::Seat;
use crate::i18n::Lang;
use crate::table::{
    Actor, CloseReason, GameId, GameResult, Occupant, TableConfig, TableError, TableEvent,
    TableGame, TableHandle, TableOptions, TableStore, Tables,
};
use std::io::Write;
use tokio::io::{AsyncBufRead, AsyncBufReadExt};
use tokio::sync::broadcast::error::{RecvError, TryRecvError};

/// The terminal's own server, channel and player ids in the ledger.
pub const LOCAL_SERVER: u64 = 1;
pub const LOCAL_CHANNEL: u64 = 1;
pub const LOCAL_USER: u64 = 1;

/// The longest line of input read, in bytes: a longer one is refused
/// (without echoing it) and skipped, never held whole in memory.
pub const MAX_LINE: usize = 4096;

/// An error already said to the person: the caller prints nothing more.
#[derive(Debug, thiserror::Error)]
#[error("already reported")]
pub struct Reported;

/// How often the terminal looks at the table while the AI plays.
const RECHECK: std::time::Duration = std::time::Duration::from_secs(1);

/// What `paiju play GAME` was asked for.
#[derive(Clone, Debug)]
pub struct PlayOptions {
    pub seed: Option<u64>,
    pub rules: serde_json::Value,
    pub stake: i64,
    /// Pause before each AI move (none when input is piped).
    pub ai_delay_ms: u64,
    /// How many AI players sit with the person (`None`: the game's fewest
    /// players make the table).
    pub ai_seats: Option<usize>,
    /// What the person brings to the seat (Chexuan's bobo; `None`: the
    /// game's default).
    pub buy_in: Option<u64>,
    /// The language of everything printed.
    pub lang: Lang,
}

/// What a line of input asks for.
#[derive(Clone, Debug, PartialEq)]
pub enum Input<A> {
    /// Nothing to do (an empty line where it means nothing).
    Nothing,
    Help,
    Hint,
    Auto,
    ShowHand,
    ShowTable,
    Leave,
    Act(A),
    /// The typed cards have several legal readings (癞子): the player picks one.
    Choose(Vec<A>),
}

/// The commands every game understands, in both languages: `help` (`?`,
/// 帮助), `hint` (提示), `auto` (代打: the AI makes this one move), `hand`
/// (手牌), `table` (牌桌), `leave` (`quit`, 离开, 逃跑). None of them reads
/// as cards, so a game may look for cards first or last.
pub fn command<A>(line: &str) -> Option<Input<A>> {
    Some(match line.trim().to_lowercase().as_str() {
        "help" | "?" | "？" | "帮助" => Input::Help,
        "hint" | "提示" => Input::Hint,
        "auto" | "代打" => Input::Auto,
        "hand" | "手牌" => Input::ShowHand,
        "table" | "牌桌" => Input::ShowTable,
        "leave" | "quit" | "离开" | "逃跑" => Input::Leave,
        _ => return None,
    })
}

/// The 托管 switch typed, in both languages: `托管` or `auto on` hands the
/// seat to the AI until switched off (`auto off`, `取消托管`) or the person
/// types anything; plain `auto` (代打) stays one move.
pub fn autoplay_switch(line: &str) -> Option<bool> {
    let words: Vec<String> = line.split_whitespace().map(str::to_lowercase).collect();
    match words.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        ["托管"] | ["auto", "on"] => Some(true),
        ["取消托管"] | ["auto", "off"] => Some(false),
        _ => None,
    }
}

/// The 要不起 switch typed, in both languages: `autopass on|off`,
/// `自动不要 开|关` (on: when nothing the person holds beats the play
/// standing, the table passes at once for them; off, the default: they are
/// told and type the pass). `Some(None)`: the word alone, which tells how
/// it is set.
pub fn autopass_switch(line: &str) -> Option<Option<bool>> {
    let line = line.trim().to_lowercase();
    let rest = ["autopass", "自动不要"]
        .iter()
        .find_map(|w| line.strip_prefix(w))?;
    match rest.trim() {
        "" => Some(None),
        "on" | "开" | "开启" => Some(Some(true)),
        "off" | "关" | "关闭" => Some(Some(false)),
        _ => None,
    }
}

/// `rules` (规则, 玩法): the game's rules, the same text as on Discord.
pub fn is_rules(line: &str) -> bool {
    matches!(
        line.trim().to_lowercase().as_str(),
        "rules" | "规则" | "玩法"
    )
}

/// How much of a turn is left when the person is warned that time runs
/// out: a quarter of the turn, at most a minute.
pub fn warn_before(turn: std::time::Duration) -> std::time::Duration {
    (turn / 4).min(std::time::Duration::from_secs(60))
}

/// One game in the terminal: its words (in `lang`) and its input.
/// Everything else — resuming, the table, timers, chips — is the shared
/// loop's. `me` is the person's seat, named "You".
pub trait TerminalGame: TableGame {
    /// The welcome line: the game, the table, the stake and the balance.
    fn welcome(lang: Lang, options: &PlayOptions, seats: usize, balance: i64) -> String;
    /// The commands of this game (the shared ones, [`command`], are listed
    /// after them).
    fn help(lang: Lang) -> String;
    /// The line a new game opens with. A game whose ledger games are the
    /// hands of a match (Shengji) says "a new hand", so the ledger's game
    /// number is not read as a second hand number beside the table's.
    fn started_line(lang: Lang, game: GameId) -> String {
        text::started(lang, game)
    }
    /// The words for one of the game's events (empty: nothing to say).
    fn event_line(lang: Lang, event: &Self::Event, me: Seat) -> String;
    /// Whether `event` means something only `me`'s own view shows (the
    /// cards a Shengji deal batch brought, a Paohuzi meld laid face down):
    /// then the loop asks the table for that view and the event is said by
    /// [`TerminalGame::event_line_seen`]. Events carry only public facts.
    fn event_needs_view(_event: &Self::Event, _me: Seat) -> bool {
        false
    }
    /// [`TerminalGame::event_line`] with `me`'s view, taken when the event
    /// was shown (it may be a little later than the event).
    fn event_line_seen(lang: Lang, event: &Self::Event, _view: &Self::View, me: Seat) -> String {
        Self::event_line(lang, event, me)
    }
    /// How a finished game ended (before the chips each seat got); the
    /// game's outcome is `None` when the table closed before it ended.
    fn result_line(lang: Lang, result: &GameResult<Self>, me: Seat) -> String;
    /// The table as `me` sees it when it is their turn.
    fn table_lines(lang: Lang, view: &Self::View, me: Seat) -> String;
    /// `me`'s own cards, if the game has a hand to show.
    fn hand_line(lang: Lang, view: &Self::View) -> String;
    /// The choices open now, in words (with what they cost, where the view
    /// tells: Chexuan's call).
    fn options_line(lang: Lang, view: &Self::View, legal: &[Self::Action]) -> String;
    /// Said instead of the choices when passing is the person's only move
    /// (要不起, [`crate::games::Game::forced_pass`]): what they cannot beat,
    /// where the game can say it, and the word that passes.
    fn forced_pass_line(lang: Lang, _view: &Self::View) -> String {
        text::forced_pass(lang)
    }
    /// How an action reads in a hint.
    fn action_label(lang: Lang, action: &Self::Action) -> String;
    /// The line a hint prints: the action, and what the game has to add
    /// about it now (Chexuan: what a 休 costs when everyone checks).
    fn hint_line(lang: Lang, _view: &Self::View, action: &Self::Action) -> String {
        text::hint(lang, &Self::action_label(lang, action))
    }
    /// Reads one line (trimmed, possibly empty) into what it asks for; a
    /// refusal says why in `lang`. A game reads its own moves and falls
    /// back on [`command`]; a line that reads as a move is the move.
    fn parse_input(
        lang: Lang,
        line: &str,
        view: &Self::View,
        legal: &[Self::Action],
    ) -> Result<Input<Self::Action>, String>;
    /// What an AI seat (the house's) won or lost in `result`, in chips,
    /// when the game can tell it from the points and the stake.
    fn house_chips(result: &GameResult<Self>, seat: Seat, _stake: i64) -> Option<i64> {
        // What the game settled for the seat (issue #36: every seat's
        // result, not only the person's).
        result.owed.get(seat).copied()
    }
    /// What the finished game's last view reveals, said before its result
    /// (Shengji: the kitty's cards); empty by default.
    fn revealed_at_end(_lang: Lang, _view: &Self::View) -> String {
        String::new()
    }
    /// Asked before leaving a running game (what it costs).
    fn leave_confirm(lang: Lang, rules: &serde_json::Value) -> String;

    /// Asked once a table has closed: another game (Shengji: a new match,
    /// both teams from 2)?
    fn another_question(lang: Lang) -> String {
        text::another_game(lang)
    }

    /// How each seat is named in the table's own lines (autoplay, leaving,
    /// chips): "you", and the computer's seats by number.
    fn seat_names(lang: Lang, me: Seat) -> Vec<String> {
        text::names(lang, text::MAX_SEATS, me)
    }
}

/// The runtime settings of a terminal table: a person gets long timers.
pub fn terminal_config(ai_delay_ms: u64) -> TableConfig {
    TableConfig {
        bid_timeout_secs: 600,
        play_timeout_secs: 600,
        lobby_idle_secs: 600,
        ai_delay_ms,
        pause_between_games: true,
        ..TableConfig::default()
    }
}

/// What came first while the prompt waited.
enum Waited<G: TableGame> {
    /// A line (`None`: the end of input).
    Line(Option<String>),
    Event(TableEvent<G>),
    /// Events were dropped (the receiver lagged): look at the table again.
    Missed,
    Closed,
    /// The moment to warn that the person's time runs out came.
    Warn,
}

/// How one game ended for the loop.
enum End {
    /// Settled and closed: offer another.
    Over,
    /// Settled at a table that plays on: it waits, nothing dealt, until the
    /// person says whether to play the next game.
    Settled,
    /// Input ended: leave the game stored.
    Eof,
}

struct Session<G, R, W, S: TableStore> {
    input: R,
    reader: LineReader,
    /// A line typed while the person was away: it ended the 托管 and is
    /// read as their next input.
    pending: Option<String>,
    /// The person switched 托管 on: the table's word for it is theirs, not
    /// "your time ran out".
    switched_on: bool,
    out: W,
    tables: Tables<S>,
    options: PlayOptions,
    seat: Seat,
    game: std::marker::PhantomData<G>,
}

/// The table options of the `round`-th table of a session.
fn table_options(options: &PlayOptions, round: u64) -> TableOptions {
    TableOptions {
        stake: options.stake,
        rules: options.rules.clone(),
        // Without --seed every deal's seed comes from the operating system
        // (fair deals); a chosen one makes the session reproducible.
        seed: options.seed.map(|s| s.wrapping_add(round)),
        lang: Some(options.lang.code().to_string()),
        timers: None,
    }
}

/// Checks `options` for game `G` as opening its table will, before any
/// ledger is opened: a refusal (in the person's language) creates nothing.
pub fn check_options<G: TerminalGame>(
    config: &TableConfig,
    options: &PlayOptions,
    balance: Option<i64>,
) -> Result<(), String> {
    let join = crate::table::JoinArgs {
        buy_in: options.buy_in,
    };
    crate::table::registry::check_table::<G>(config, &table_options(options, 0), &join, balance)
        .map_err(|e| text::opening_failed(options.lang, &e))
}

/// One line of input as read.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    Text(String),
    /// Longer than [`MAX_LINE`] bytes: skipped to its end, not kept.
    TooLong,
    /// Not UTF-8 text.
    NotUtf8,
}

/// Reads lines of at most [`MAX_LINE`] bytes. Cancel-safe: what was read
/// of a line is kept here, not in the future, so the loop may wait on the
/// input and on the table at once and drop the input's future when the
/// table speaks first.
#[derive(Debug, Default)]
pub struct LineReader {
    line: Vec<u8>,
    too_long: bool,
}

impl LineReader {
    /// The next line (without its end); `None` at the end of input.
    pub async fn next<R: AsyncBufRead + Unpin>(
        &mut self,
        input: &mut R,
    ) -> std::io::Result<Option<Line>> {
        loop {
            // The only await: everything after it runs to the end of the
            // step, so a cancelled call loses nothing.
            let buf = input.fill_buf().await?;
            if buf.is_empty() {
                if self.line.is_empty() && !self.too_long {
                    return Ok(None);
                }
                break;
            }
            let (part, used, end) = match buf.iter().position(|&b| b == b'\n') {
                Some(i) => (&buf[..i], i + 1, true),
                None => (buf, buf.len(), false),
            };
            if !self.too_long && self.line.len() + part.len() <= MAX_LINE {
                self.line.extend_from_slice(part);
            } else {
                self.too_long = true;
                self.line = Vec::new();
            }
            input.consume(used);
            if end {
                break;
            }
        }
        let mut line = std::mem::take(&mut self.line);
        if std::mem::take(&mut self.too_long) {
            return Ok(Some(Line::TooLong));
        }
        if line.last() == Some(&b'\r') {
            line.pop();
        }
        Ok(Some(match String::from_utf8(line) {
            Ok(text) => Line::Text(text),
            Err(_) => Line::NotUtf8,
        }))
    }
}

/// Reads one line (without its end) of at most [`MAX_LINE`] bytes;
/// `None` at the end of input.
pub async fn read_capped<R: AsyncBufRead + Unpin>(input: &mut R) -> std::io::Result<Option<Line>> {
    LineReader::default().next(input).await
}

/// Plays game `G` at the terminal until the person stops or input ends.
pub async fn play<G, R, W, S>(
    tables: Tables<S>,
    options: PlayOptions,
    input: R,
    out: W,
) -> anyhow::Result<()>
where
    G: TerminalGame,
    R: AsyncBufRead + Unpin,
    W: Write,
    S: TableStore,
{
    let mut s = Session::<G, R, W, S> {
        input,
        reader: LineReader::default(),
        pending: None,
        switched_on: false,
        out,
        tables,
        options,
        seat: 0,
        game: std::marker::PhantomData,
    };
    s.run().await
}

impl<G, R, W, S> Session<G, R, W, S>
where
    G: TerminalGame,
    R: AsyncBufRead + Unpin,
    W: Write,
    S: TableStore,
{
    /// How many AI players join the person.
    fn ai_seats(&self) -> usize {
        let rules = serde_json::from_value::<G::Rules>(self.options.rules.clone()).ok();
        let min = rules
            .as_ref()
            .map(|r| *G::seat_range(r).start())
            .unwrap_or(2);
        self.options.ai_seats.unwrap_or(min.saturating_sub(1))
    }

    fn say(&mut self, line: impl AsRef<str>) -> anyhow::Result<()> {
        let line = line.as_ref();
        if !line.is_empty() {
            writeln!(self.out, "{line}")?;
        }
        self.out.flush()?;
        Ok(())
    }

    /// The next line of input; a line too long or not text is refused in
    /// a sentence and the next one read.
    async fn read_line(&mut self) -> anyhow::Result<Option<String>> {
        loop {
            write!(self.out, "{}", text::PROMPT)?;
            self.out.flush()?;
            let line = self.reader.next(&mut self.input).await?;
            if let Some(text) = self.line_text(line)? {
                return Ok(text);
            }
        }
    }

    /// A line as read: `Some(None)` at the end of input, `Some(text)`, or
    /// `None` when it was refused (too long, not text) and said so.
    fn line_text(&mut self, line: Option<Line>) -> anyhow::Result<Option<Option<String>>> {
        let key = match line {
            None => return Ok(Some(None)),
            // Full-width letters and digits (a Chinese input method's
            // full-width mode) read as their plain forms everywhere.
            Some(Line::Text(line)) => return Ok(Some(Some(crate::cards::halfwidth(&line)))),
            Some(Line::TooLong) => "term-line-too-long",
            Some(Line::NotUtf8) => "term-line-not-utf8",
        };
        let max = i64::try_from(MAX_LINE).unwrap_or(i64::MAX);
        let said = crate::i18n::tr_args(self.options.lang, key, &[("max", max.into())]);
        self.say(said)?;
        Ok(None)
    }

    /// The person's next line, or an event of the table if it comes
    /// first (printed on a line of its own, after the open prompt).
    async fn line_or_event(
        &mut self,
        rx: &mut tokio::sync::broadcast::Receiver<TableEvent<G>>,
        prompt: bool,
        warn_at: Option<tokio::time::Instant>,
    ) -> anyhow::Result<Waited<G>> {
        if let Some(line) = self.pending.take() {
            return Ok(Waited::Line(Some(line)));
        }
        if prompt {
            write!(self.out, "{}", text::PROMPT)?;
            self.out.flush()?;
        }
        loop {
            let (reader, input) = (&mut self.reader, &mut self.input);
            let line = tokio::select! {
                biased;
                event = rx.recv() => {
                    return Ok(match event {
                        Ok(event) => Waited::Event(event),
                        Err(RecvError::Lagged(_)) => Waited::Missed,
                        Err(RecvError::Closed) => Waited::Closed,
                    });
                }
                line = reader.next(input) => line?,
                _ = sleep_until(warn_at), if warn_at.is_some() => return Ok(Waited::Warn),
            };
            if let Some(text) = self.line_text(line)? {
                return Ok(Waited::Line(text));
            }
            write!(self.out, "{}", text::PROMPT)?;
            self.out.flush()?;
        }
    }

    /// The kind of another game the person is seated at, unfinished, on
    /// this ledger's terminal server, if any.
    async fn saved_elsewhere(&self) -> anyhow::Result<Option<crate::games::GameKind>> {
        let games = self.tables.store().unfinished_games().await?;
        Ok(games
            .iter()
            .filter(|g| g.server == LOCAL_SERVER && g.seats.contains(&Some(LOCAL_USER)))
            .filter_map(|g| crate::games::GameKind::of_record(&g.kind))
            .find(|k| *k != G::KIND))
    }

    async fn run(&mut self) -> anyhow::Result<()> {
        let balance = self
            .tables
            .store()
            .balance(LOCAL_SERVER, LOCAL_USER)
            .await?;
        let seats = self.ai_seats() + 1;
        let lang = self.options.lang;
        // A game left unfinished (input ended, or the process died) first.
        let stored: Vec<_> = self
            .tables
            .store()
            .unfinished_games()
            .await?
            .into_iter()
            .filter(|g| g.kind == G::KIND.name() && g.server == LOCAL_SERVER)
            .collect();
        // The ledger seats a person at one running game per server: a game
        // of another kind left saved would refuse this table with words
        // that name neither it nor how to finish it (issue #36).
        if stored.is_empty() {
            if let Some(kind) = self.saved_elsewhere().await? {
                self.say(text::saved_elsewhere(lang, kind))?;
                return Err(Reported.into());
            }
        }
        // The welcome names the stake played now: a resumed game's own,
        // not the command line's.
        let mut shown = self.options.clone();
        if let Some(game) = stored.first() {
            shown.stake = game.stake;
            if let Some(rules) = game.options.get("rules") {
                shown.rules = rules.clone();
            }
        }
        self.say(G::welcome(lang, &shown, seats, balance))?;

        // Watched from before it runs: the AI may finish it at once, and
        // the person still sees how it went.
        let mut resumed = None;
        for game in stored {
            let id = game.id;
            match self.tables.resume_watching::<G>(game).await {
                Ok(watched) => resumed = resumed.or(Some(watched)),
                Err(e) => self.say(text::cannot_resume(lang, id, &e.to_string()))?,
            }
        }
        let mut round = 0u64;
        if let Some((handle, mut rx)) = resumed {
            if !self.play_table(&handle, &mut rx).await? {
                return Ok(());
            }
            round += 1;
        }
        loop {
            let options = table_options(&self.options, round);
            let handle = match self.open(options).await {
                Ok(h) => h,
                Err(e) => {
                    self.say(text::opening_failed(self.options.lang, &e))?;
                    return Err(Reported.into());
                }
            };
            let mut rx = handle.subscribe();
            if let Err(e) = handle.start(LOCAL_USER).await {
                let _ = handle.cancel(LOCAL_USER).await;
                self.say(text::opening_failed(self.options.lang, &e))?;
                return Err(Reported.into());
            }
            self.seat = 0;
            if !self.play_table(&handle, &mut rx).await? {
                return Ok(());
            }
            round += 1;
        }
    }

    /// Plays at one table until it closes; `false` when the person is done
    /// (or input ended), `true` to open another table.
    async fn play_table(
        &mut self,
        handle: &TableHandle<G>,
        rx: &mut tokio::sync::broadcast::Receiver<TableEvent<G>>,
    ) -> anyhow::Result<bool> {
        loop {
            match self.play_game(handle, rx).await? {
                End::Eof => {
                    self.say(text::saved_on_eof(self.options.lang, G::KIND.name()))?;
                    return Ok(false);
                }
                End::Over => {
                    if !self.another().await? {
                        self.say(text::goodbye(self.options.lang))?;
                        return Ok(false);
                    }
                    return Ok(true);
                }
                End::Settled => {
                    // The table waits between games (`pause_between_games`):
                    // the next one is dealt and staked only on a yes.
                    if self.another().await? {
                        match handle.start(LOCAL_USER).await {
                            Ok(_) => continue,
                            // It closed while the question waited (idle):
                            // a new table.
                            Err(TableError::Closed) => return Ok(true),
                            Err(e) => {
                                // Most likely the chips for the next game
                                // are missing: said, and nothing was staked.
                                self.say(text::table_error(self.options.lang, &e))?;
                            }
                        }
                    }
                    // Nothing was dealt: closing the table costs nothing.
                    let _ = handle.cancel(LOCAL_USER).await;
                    self.say(text::goodbye(self.options.lang))?;
                    return Ok(false);
                }
            }
        }
    }

    async fn open(&mut self, options: TableOptions) -> Result<TableHandle<G>, TableError> {
        // The previous table may still be leaving the registry.
        for _ in 0..100 {
            if self.tables.get::<G>(LOCAL_CHANNEL).is_none() {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
        let balance = self
            .tables
            .host_balance::<G>(LOCAL_SERVER, LOCAL_USER)
            .await?;
        let join = crate::table::JoinArgs {
            buy_in: self.options.buy_in,
        };
        let handle = self.tables.open_with::<G>(
            LOCAL_SERVER,
            LOCAL_CHANNEL,
            LOCAL_USER,
            options,
            join,
            balance,
        )?;
        for _ in 0..self.ai_seats() {
            handle.add_ai(LOCAL_USER).await?;
        }
        Ok(handle)
    }

    /// Another game only on an explicit yes: an empty line (an Enter
    /// meant for the last deal) asks again, and costs no ante.
    async fn another(&mut self) -> anyhow::Result<bool> {
        loop {
            self.say(G::another_question(self.options.lang))?;
            match self.read_line().await? {
                None => return Ok(false),
                Some(l) if is_rules(&l) => self.say(text::rules(self.options.lang, G::KIND))?,
                Some(l) => match l.trim().to_lowercase().as_str() {
                    "y" | "yes" | "好" | "再来" | "再来一局" => return Ok(true),
                    "n" | "no" | "q" | "quit" | "不" | "不了" | "不来了" => return Ok(false),
                    "" => self.say(crate::i18n::tr(self.options.lang, "term-answer-empty"))?,
                    _ => self.say(text::answer_yes_or_no(self.options.lang, l.trim()))?,
                },
            }
        }
    }

    /// Asked whether to leave: only `leave` (again) leaves; any other
    /// line is the answer "stay" and is not read as a move.
    async fn confirm_leave(&mut self) -> anyhow::Result<Option<bool>> {
        self.say(G::leave_confirm(self.options.lang, &self.options.rules))?;
        let Some(line) = self.read_line().await? else {
            return Ok(None);
        };
        if matches!(command::<G::Action>(&line), Some(Input::Leave)) {
            return Ok(Some(true));
        }
        self.say(text::stayed(self.options.lang))?;
        Ok(Some(false))
    }

    /// The numbered readings until one is picked (`Some(Some(_))`), the
    /// person goes back with an empty line (`Some(None)`), or input ends.
    async fn choose(&mut self, choices: &[G::Action]) -> anyhow::Result<Option<Option<G::Action>>> {
        self.say(choices_lines::<G>(self.options.lang, choices))?;
        loop {
            let Some(pick) = self.read_line().await? else {
                return Ok(None);
            };
            if pick.trim().is_empty() {
                self.say(text::choice_dropped(self.options.lang))?;
                return Ok(Some(None));
            }
            match pick_choice(&pick, choices) {
                Some(action) => return Ok(Some(Some(action.clone()))),
                None => {
                    let why = text::pick_a_number(self.options.lang, choices.len());
                    self.say(text::not_understood(self.options.lang, pick.trim(), &why))?
                }
            }
        }
    }

    /// The person's own view of the game running now, if any.
    async fn own_view(&self) -> Option<G::View> {
        let handle = self.tables.get::<G>(LOCAL_CHANNEL)?;
        let status = handle.status(Some(LOCAL_USER)).await.ok()?;
        status
            .game
            .filter(|g| g.seat == Some(self.seat))
            .map(|g| g.view)
    }

    /// Shows an event; `Some(end)` when the game is over for the loop.
    async fn show(&mut self, event: TableEvent<G>) -> anyhow::Result<Option<End>> {
        let me = self.seat;
        let lang = self.options.lang;
        let names = G::seat_names(lang, me);
        match event {
            TableEvent::Started {
                game,
                resumed,
                seats,
                version,
                commitment,
            } => {
                if resumed {
                    // The version the game resumed at, not a later one.
                    let mine = seats.iter().position(|o| *o == Occupant::Human(LOCAL_USER));
                    self.seat = mine.unwrap_or(0);
                    self.say(text::resumed(self.options.lang, game, version))?;
                } else {
                    self.say(G::started_line(self.options.lang, game))?;
                }
                if let Some(c) = &commitment {
                    self.say(text::fair_commitment(lang, c))?;
                }
            }
            TableEvent::Acted {
                events,
                actor,
                seat,
                ..
            } => {
                let mut events = events.iter();
                if actor == Actor::AutoPass {
                    // The pass made at once (要不起) is said in the apps'
                    // words instead of the pass's own line, its first.
                    events.next();
                    self.say(text::autopassed(lang, &text::seats(&names, me), seat))?;
                }
                for e in events {
                    let line = match G::event_needs_view(e, me) {
                        true => match self.own_view().await {
                            Some(view) => G::event_line_seen(lang, e, &view, me),
                            None => G::event_line(lang, e, me),
                        },
                        false => G::event_line(lang, e, me),
                    };
                    self.say(line)?;
                }
            }
            TableEvent::Autoplay { seat, on } => {
                if on && seat == me && std::mem::take(&mut self.switched_on) {
                    self.say(text::autoplay_switched_on(lang))?
                } else {
                    self.say(text::autoplay(lang, &text::seats(&names, me), seat, on))?
                }
            }
            TableEvent::Left { seat, .. } => {
                self.say(text::left(lang, &text::seats(&names, me), seat))?
            }
            TableEvent::Settled {
                result,
                report,
                view,
                ..
            } => {
                let revealed = G::revealed_at_end(lang, &view);
                if !revealed.is_empty() {
                    self.say(revealed)?;
                }
                self.say(G::result_line(self.options.lang, &result, me))?;
                // Every seat's chips; the AI seats' are the house's, shown
                // where the game can tell them.
                for (seat, paid) in report.paid.iter().enumerate() {
                    if report.balances.get(seat).copied().flatten().is_some() {
                        self.say(text::settled_line(lang, &names[seat], *paid, false))?;
                    } else if let Some(chips) = G::house_chips(&result, seat, self.options.stake) {
                        self.say(text::settled_line(lang, &names[seat], chips, true))?;
                    }
                }
                if report.rake > 0 {
                    self.say(text::rake(self.options.lang, report.rake))?;
                }
                for capped in &result.capped {
                    self.say(text::capped_loss(lang, &names[capped.seat], capped))?;
                }
                if let Some(Some(b)) = report.balances.get(me) {
                    self.say(text::balance(self.options.lang, *b))?;
                }
                for line in result
                    .fair
                    .iter()
                    .flat_map(|f| text::fair_revealed(lang, f))
                {
                    self.say(line)?;
                }
                let table_closed = result.table_closed();
                let rules = serde_json::from_value::<G::Rules>(self.options.rules.clone());
                if !table_closed && rules.is_ok_and(|r| G::plays_on(&r)) {
                    return Ok(Some(End::Settled));
                }
            }
            TableEvent::Trouble { message } => {
                self.say(text::trouble(self.options.lang, &message))?
            }
            TableEvent::Closed { reason } => {
                if reason != CloseReason::Finished {
                    self.say(text::closed(lang, &reason))?;
                }
                return Ok(Some(End::Over));
            }
            TableEvent::LobbyChanged { .. } | TableEvent::Turn { .. } => {}
        }
        Ok(None)
    }

    /// Prints every event already sent; `Some(end)` if the table closed.
    async fn drain(
        &mut self,
        rx: &mut tokio::sync::broadcast::Receiver<TableEvent<G>>,
    ) -> anyhow::Result<Option<End>> {
        loop {
            match rx.try_recv() {
                Ok(event) => {
                    if let Some(end) = self.show(event).await? {
                        return Ok(Some(end));
                    }
                }
                Err(TryRecvError::Empty) => return Ok(None),
                Err(TryRecvError::Lagged(_)) => continue,
                Err(TryRecvError::Closed) => return Ok(Some(End::Over)),
            }
        }
    }

    async fn play_game(
        &mut self,
        handle: &TableHandle<G>,
        rx: &mut tokio::sync::broadcast::Receiver<TableEvent<G>>,
    ) -> anyhow::Result<End> {
        let mut shown_version = None;
        let mut prompt = true;
        // When to say, once a turn, that the person's time runs out.
        let mut warn_at = None;
        loop {
            if let Some(end) = self.drain(rx).await? {
                return Ok(end);
            }
            let status = match handle.status(Some(LOCAL_USER)).await {
                Ok(s) => s,
                Err(_) => {
                    // The table closed: what it said last is still queued.
                    self.drain(rx).await?;
                    return Ok(End::Over);
                }
            };
            // Events sent before the status was taken come first.
            if let Some(end) = self.drain(rx).await? {
                return Ok(end);
            }
            let away = status
                .game
                .as_ref()
                .is_some_and(|g| g.autoplay.get(self.seat).copied().unwrap_or(false));
            let my_turn = status
                .game
                .as_ref()
                .filter(|g| g.waiting_on.contains(&self.seat) && !g.legal.is_empty() && !away);
            let Some(game) = my_turn else {
                if away {
                    // 托管: the table plays for the person, who sees every
                    // move as it is made; a line typed ends it.
                    match self.line_or_event(rx, false, None).await? {
                        Waited::Line(None) => return Ok(End::Eof),
                        Waited::Line(Some(line)) => {
                            if let Err(e) = handle.take_back(LOCAL_USER).await {
                                self.say(text::table_error(self.options.lang, &e))?;
                            }
                            // `auto off` has done its work; anything else
                            // is the person's next input.
                            if !line.trim().is_empty() && autoplay_switch(&line).is_none() {
                                self.pending = Some(line);
                            }
                        }
                        Waited::Event(event) => {
                            if let Some(end) = self.show(event).await? {
                                return Ok(end);
                            }
                        }
                        Waited::Missed | Waited::Warn => {}
                        Waited::Closed => return Ok(End::Over),
                    }
                    continue;
                }
                // Wait for the table; look again now and then regardless, so
                // a missed event can never leave the player waiting.
                match tokio::time::timeout(RECHECK, rx.recv()).await {
                    Ok(Ok(event)) => {
                        if let Some(end) = self.show(event).await? {
                            return Ok(end);
                        }
                    }
                    Ok(Err(RecvError::Lagged(_))) | Err(_) => {}
                    Ok(Err(RecvError::Closed)) => return Ok(End::Over),
                }
                continue;
            };
            let game = game.clone();
            if shown_version != Some(game.version) {
                self.say("")?;
                self.say(G::table_lines(self.options.lang, &game.view, self.seat))?;
                self.say(G::hand_line(self.options.lang, &game.view))?;
                if game.forced_pass.is_some() {
                    self.say(G::forced_pass_line(self.options.lang, &game.view))?;
                } else {
                    self.say(G::options_line(self.options.lang, &game.view, &game.legal))?;
                }
                // How long the turn lasts before the AI plays it (托管),
                // from the table's own clock; said again shortly before.
                self.say(text::your_turn_within(self.options.lang, game.turn_left))?;
                warn_at = game.turn_left.and_then(|left| {
                    let before = warn_before(left);
                    (left > before)
                        .then(|| tokio::time::Instant::now() + (left - before))
                        .map(|at| (at, before))
                });
                shown_version = Some(game.version);
                prompt = true;
            }
            // The table keeps going while the prompt waits (the turn timer,
            // another seat leaving): what it does is shown at once.
            let line = match self
                .line_or_event(rx, prompt, warn_at.map(|(at, _)| at))
                .await?
            {
                Waited::Line(None) => return Ok(End::Eof),
                Waited::Warn => {
                    if let Some((_, left)) = warn_at.take() {
                        self.say("")?;
                        self.say(text::time_warning(self.options.lang, left))?;
                    }
                    prompt = true;
                    continue;
                }
                Waited::Line(Some(line)) => line,
                Waited::Event(event) => {
                    let quiet = matches!(
                        event,
                        TableEvent::Turn { .. } | TableEvent::LobbyChanged { .. }
                    );
                    prompt = !quiet;
                    if !quiet {
                        self.say("")?;
                    }
                    if let Some(end) = self.show(event).await? {
                        return Ok(end);
                    }
                    continue;
                }
                Waited::Missed => {
                    prompt = false;
                    continue;
                }
                Waited::Closed => return Ok(End::Over),
            };
            prompt = true;
            if is_rules(&line) {
                self.say(text::rules(self.options.lang, G::KIND))?;
                continue;
            }
            if let Some(choice) = autopass_switch(&line) {
                // Switched on while passing is the only move: the table
                // passes now, as it will from now on.
                let on = self.switch_autopass(choice).await?;
                if choice.is_some() && on == Some(true) {
                    if let Err(e) = handle.autopass_changed().await {
                        self.say(text::table_error(self.options.lang, &e))?;
                    }
                }
                continue;
            }
            match autoplay_switch(&line) {
                Some(true) => {
                    self.switched_on = true;
                    if let Err(e) = handle.autoplay(LOCAL_USER).await {
                        self.switched_on = false;
                        self.say(text::table_error(self.options.lang, &e))?;
                    }
                    continue;
                }
                Some(false) => {
                    // Not on 托管 (it would have ended with this line).
                    self.say(text::autoplay_not_on(self.options.lang))?;
                    continue;
                }
                None => {}
            }
            let input =
                match G::parse_input(self.options.lang, line.trim(), &game.view, &game.legal) {
                    Ok(i) => i,
                    Err(why) => {
                        self.say(text::not_understood(self.options.lang, line.trim(), &why))?;
                        continue;
                    }
                };
            match input {
                Input::Nothing => {}
                Input::Help => {
                    self.say(G::help(self.options.lang))?;
                    self.say(text::common_help(self.options.lang))?;
                }
                Input::ShowHand => self.say(G::hand_line(self.options.lang, &game.view))?,
                Input::ShowTable => {
                    self.say(G::table_lines(self.options.lang, &game.view, self.seat))?
                }
                Input::Hint => match handle.hint(LOCAL_USER).await {
                    Ok(a) => self.say(G::hint_line(self.options.lang, &game.view, &a))?,
                    Err(e) => self.say(text::table_error(self.options.lang, &e))?,
                },
                Input::Auto => {
                    let action = match handle.hint(LOCAL_USER).await {
                        Ok(a) => a,
                        Err(e) => {
                            self.say(text::table_error(self.options.lang, &e))?;
                            continue;
                        }
                    };
                    self.act(handle, game.version, action).await?;
                }
                Input::Leave => match self.confirm_leave().await? {
                    None => return Ok(End::Eof),
                    Some(false) => {}
                    Some(true) => {
                        if let Err(e) = handle.leave(LOCAL_USER).await {
                            self.say(text::table_error(self.options.lang, &e))?;
                        }
                    }
                },
                Input::Act(action) => self.act(handle, game.version, action).await?,
                Input::Choose(choices) => match self.choose(&choices).await? {
                    None => return Ok(End::Eof),
                    Some(None) => {}
                    Some(Some(action)) => self.act(handle, game.version, action).await?,
                },
            }
        }
    }

    /// Sets the person's 要不起 choice (`None`: only tells it), kept in
    /// the ledger for every game and run; `Some(on)` as it is now set, or
    /// `None` when the ledger could not keep it (said).
    async fn switch_autopass(&mut self, choice: Option<bool>) -> anyhow::Result<Option<bool>> {
        let store = self.tables.store();
        let now = match choice {
            Some(on) => store
                .set_autopass(LOCAL_SERVER, LOCAL_USER, on)
                .await
                .map(|()| on),
            None => store.autopass(LOCAL_SERVER, LOCAL_USER).await,
        };
        match now {
            Ok(on) => {
                self.say(text::autopass_set(self.options.lang, on))?;
                Ok(Some(on))
            }
            Err(e) => {
                self.say(text::table_error(self.options.lang, &TableError::Store(e)))?;
                Ok(None)
            }
        }
    }

    async fn act(
        &mut self,
        handle: &TableHandle<G>,
        version: u64,
        action: G::Action,
    ) -> anyhow::Result<()> {
        if let Err(e) = handle.act(LOCAL_USER, version, action).await {
            self.say(text::table_error(self.options.lang, &e))?;
        }
        Ok(())
    }
}

/// The numbered list of the readings a player chooses among.
pub(crate) fn choices_lines<G: TerminalGame>(lang: Lang, choices: &[G::Action]) -> String {
    let mut out = text::choose_reading(lang);
    for (i, a) in choices.iter().enumerate() {
        out.push_str(&format!("\n  {}. {}", i + 1, G::action_label(lang, a)));
    }
    out
}

/// The player's pick among `choices` (1-based); `None` if it is not one.
pub(crate) fn pick_choice<'a, A>(line: &str, choices: &'a [A]) -> Option<&'a A> {
    let n: usize = line.trim().parse().ok()?;
    n.checked_sub(1).and_then(|i| choices.get(i))
}

/// Waits until `at`; never, without one.
async fn sleep_until(at: Option<tokio::time::Instant>) {
    match at {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}
