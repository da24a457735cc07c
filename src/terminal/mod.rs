//! `paiju play`: a person at a terminal against AI seats, through the same
//! table runtime the Discord bot uses and a local ledger (its own server id).
//!
//! Input is read one line at a time, and only when the game waits on the
//! person (or at the "another game?" question), so it works the same with a
//! keyboard and with a pipe. At the end of input the game is left saved in
//! the ledger; the next `paiju play` resumes it.

pub mod dou_dizhu;
pub mod text;

use crate::games::dou_dizhu::{Action, DouDizhu};
use crate::games::Seat;
use crate::table::{
    CloseReason, TableConfig, TableError, TableEvent, TableHandle, TableOptions, TableStore, Tables,
};
use dou_dizhu::Input;
use std::io::Write;
use tokio::io::{AsyncBufRead, AsyncBufReadExt, Lines};
use tokio::sync::broadcast::error::{RecvError, TryRecvError};

/// The terminal's own server, channel and player ids in the ledger.
pub const LOCAL_SERVER: u64 = 1;
pub const LOCAL_CHANNEL: u64 = 1;
pub const LOCAL_USER: u64 = 1;

/// How often the terminal looks at the table while the AI plays.
const RECHECK: std::time::Duration = std::time::Duration::from_secs(1);

/// What `paiju play dou-dizhu` was asked for.
#[derive(Clone, Debug)]
pub struct PlayOptions {
    pub seed: Option<u64>,
    pub rules: serde_json::Value,
    pub stake: i64,
    /// Pause before each AI move (none when input is piped).
    pub ai_delay_ms: u64,
}

/// The runtime settings of a terminal table: a person gets long timers.
pub fn terminal_config(ai_delay_ms: u64) -> TableConfig {
    TableConfig {
        bid_timeout_secs: 600,
        play_timeout_secs: 600,
        lobby_idle_secs: 600,
        ai_delay_ms,
        ..TableConfig::default()
    }
}

/// How one game ended for the loop.
enum End {
    /// Settled and closed: offer another.
    Over,
    /// Input ended: leave the game stored.
    Eof,
}

struct Session<R, W, S: TableStore> {
    lines: Lines<R>,
    out: W,
    tables: Tables<S>,
    options: PlayOptions,
    seat: Seat,
}

/// Plays Dou Dizhu at the terminal until the person stops or input ends.
pub async fn play<R, W, S>(
    tables: Tables<S>,
    options: PlayOptions,
    input: R,
    out: W,
) -> anyhow::Result<()>
where
    R: AsyncBufRead + Unpin,
    W: Write,
    S: TableStore,
{
    let mut s = Session {
        lines: input.lines(),
        out,
        tables,
        options,
        seat: 0,
    };
    s.run().await
}

impl<R, W, S> Session<R, W, S>
where
    R: AsyncBufRead + Unpin,
    W: Write,
    S: TableStore,
{
    fn say(&mut self, line: impl AsRef<str>) -> anyhow::Result<()> {
        let line = line.as_ref();
        if !line.is_empty() {
            writeln!(self.out, "{line}")?;
        }
        self.out.flush()?;
        Ok(())
    }

    async fn read_line(&mut self) -> anyhow::Result<Option<String>> {
        write!(self.out, "{}", text::PROMPT)?;
        self.out.flush()?;
        Ok(self.lines.next_line().await?)
    }

    async fn run(&mut self) -> anyhow::Result<()> {
        let balance = self
            .tables
            .store()
            .balance(LOCAL_SERVER, LOCAL_USER)
            .await?;
        self.say(text::welcome(self.options.stake, balance))?;

        // A game left unfinished (input ended, or the process died) first.
        let report = self
            .tables
            .resume_kind::<DouDizhu>(|g| g.server == LOCAL_SERVER)
            .await?;
        for (id, why) in &report.cancelled {
            self.say(text::cannot_resume(*id, why))?;
        }
        let mut round = 0u64;
        if let Some(handle) = self.tables.get::<DouDizhu>(LOCAL_CHANNEL) {
            let rx = handle.subscribe();
            let status = handle.status(Some(LOCAL_USER)).await?;
            if let Some(g) = &status.game {
                self.seat = g.seat.unwrap_or(0);
                self.say(text::resumed(g.id, g.version))?;
            }
            if let End::Eof = self.play_game(&handle, rx).await? {
                return self.say(text::saved_on_eof());
            }
            round += 1;
            if !self.another().await? {
                return self.say(text::goodbye());
            }
        }
        loop {
            let mut options = TableOptions {
                stake: self.options.stake,
                rules: self.options.rules.clone(),
                seed: self.options.seed.map(|s| s.wrapping_add(round)),
            };
            if options.seed.is_none() {
                options.seed = Some(rand::random());
            }
            let handle = match self.open(options).await {
                Ok(h) => h,
                Err(e) => {
                    self.say(text::opening_failed(&e))?;
                    return Err(anyhow::anyhow!("{e}"));
                }
            };
            let rx = handle.subscribe();
            if let Err(e) = handle.start(LOCAL_USER).await {
                let _ = handle.cancel(LOCAL_USER).await;
                self.say(text::opening_failed(&e))?;
                return Err(anyhow::anyhow!("{e}"));
            }
            self.seat = 0;
            if let End::Eof = self.play_game(&handle, rx).await? {
                return self.say(text::saved_on_eof());
            }
            round += 1;
            if !self.another().await? {
                return self.say(text::goodbye());
            }
        }
    }

    async fn open(&mut self, options: TableOptions) -> Result<TableHandle<DouDizhu>, TableError> {
        // The previous table may still be leaving the registry.
        for _ in 0..100 {
            if self.tables.get::<DouDizhu>(LOCAL_CHANNEL).is_none() {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
        let handle =
            self.tables
                .open::<DouDizhu>(LOCAL_SERVER, LOCAL_CHANNEL, LOCAL_USER, options)?;
        // Every seat but the person's is an AI: one for 二人斗地主, else two.
        let players =
            serde_json::from_value::<crate::games::dou_dizhu::Rules>(self.options.rules.clone())
                .map_or(3, |r| r.players);
        for _ in 1..players {
            handle.add_ai(LOCAL_USER).await?;
        }
        Ok(handle)
    }

    async fn another(&mut self) -> anyhow::Result<bool> {
        loop {
            self.say(text::another_game())?;
            match self.read_line().await? {
                None => return Ok(false),
                Some(l) => match l.trim().to_lowercase().as_str() {
                    "y" | "yes" | "好" | "" => return Ok(true),
                    "n" | "no" | "q" | "quit" | "不" => return Ok(false),
                    _ => {}
                },
            }
        }
    }

    /// Shows an event; `Some(end)` when the game is over for the loop.
    fn show(&mut self, event: TableEvent<DouDizhu>) -> anyhow::Result<Option<End>> {
        let me = self.seat;
        match event {
            TableEvent::Started { game, resumed, .. } => {
                if !resumed {
                    self.say(text::started(game))?;
                }
            }
            TableEvent::Acted { events, .. } => {
                for e in &events {
                    self.say(dou_dizhu::event_line(e, me))?;
                }
            }
            TableEvent::Autoplay { seat, on } => {
                self.say(text::autoplay(&text::seat_name(seat, me), on))?
            }
            TableEvent::Left { seat, .. } => self.say(text::left(&text::seat_name(seat, me)))?,
            TableEvent::Settled {
                outcome, report, ..
            } => {
                let d = &outcome.detail;
                if d.get("redeal").and_then(|v| v.as_bool()) == Some(true) {
                    self.say(text::ddz::redealt_result())?;
                } else if let Some(landlord) = d.get("landlord").and_then(|v| v.as_u64()) {
                    let landlord_won = d.get("winner").and_then(|v| v.as_str()) == Some("landlord");
                    let multiplier = d.get("multiplier").and_then(|v| v.as_u64()).unwrap_or(1);
                    let spring = d.get("spring").and_then(|v| v.as_bool()) == Some(true)
                        || d.get("anti_spring").and_then(|v| v.as_bool()) == Some(true);
                    self.say(text::ddz::result(
                        landlord_won,
                        landlord as usize == me,
                        multiplier,
                        spring,
                    ))?;
                } else {
                    self.say(text::ddz::escape_result())?;
                }
                for (seat, paid) in report.paid.iter().enumerate() {
                    // AI seats are the house's; their chips are not shown.
                    if report.balances.get(seat).copied().flatten().is_some() {
                        self.say(text::settled_line(&text::seat_name(seat, me), *paid))?;
                    }
                }
                if report.rake > 0 {
                    self.say(text::rake(report.rake))?;
                }
                if let Some(Some(b)) = report.balances.get(me) {
                    self.say(text::balance(*b))?;
                }
            }
            TableEvent::Trouble { message } => self.say(text::trouble(&message))?,
            TableEvent::Closed { reason } => {
                if reason != CloseReason::Finished {
                    self.say(text::closed(&format!("{reason:?}")))?;
                }
                return Ok(Some(End::Over));
            }
            TableEvent::LobbyChanged { .. } | TableEvent::Turn { .. } => {}
        }
        Ok(None)
    }

    /// Prints every event already sent; `Some(end)` if the table closed.
    fn drain(
        &mut self,
        rx: &mut tokio::sync::broadcast::Receiver<TableEvent<DouDizhu>>,
    ) -> anyhow::Result<Option<End>> {
        loop {
            match rx.try_recv() {
                Ok(event) => {
                    if let Some(end) = self.show(event)? {
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
        handle: &TableHandle<DouDizhu>,
        mut rx: tokio::sync::broadcast::Receiver<TableEvent<DouDizhu>>,
    ) -> anyhow::Result<End> {
        let mut shown_version = None;
        let mut leaving = false;
        loop {
            if let Some(end) = self.drain(&mut rx)? {
                return Ok(end);
            }
            let status = match handle.status(Some(LOCAL_USER)).await {
                Ok(s) => s,
                Err(_) => {
                    // The table closed: what it said last is still queued.
                    self.drain(&mut rx)?;
                    return Ok(End::Over);
                }
            };
            // Events sent before the status was taken come first.
            if let Some(end) = self.drain(&mut rx)? {
                return Ok(end);
            }
            let my_turn = status.game.as_ref().filter(|g| {
                g.waiting_on.contains(&self.seat) && !g.legal.is_empty() && !g.autoplay[self.seat]
            });
            let Some(game) = my_turn else {
                // Wait for the table; look again now and then regardless, so
                // a missed event can never leave the player waiting.
                match tokio::time::timeout(RECHECK, rx.recv()).await {
                    Ok(Ok(event)) => {
                        if let Some(end) = self.show(event)? {
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
                self.say(dou_dizhu::table_lines(&game.view, self.seat))?;
                self.say(dou_dizhu::hand_line(&game.view))?;
                self.say(dou_dizhu::options_line(&game.legal))?;
                self.say(text::your_turn())?;
                shown_version = Some(game.version);
            }
            let Some(line) = self.read_line().await? else {
                return Ok(End::Eof);
            };
            if line.trim().is_empty() {
                continue;
            }
            let input = match dou_dizhu::parse_input(&line, &game.view, &game.legal) {
                Ok(i) => i,
                Err(why) => {
                    self.say(text::not_understood(line.trim(), &why))?;
                    continue;
                }
            };
            if input != Input::Leave {
                leaving = false;
            }
            match input {
                Input::Help => self.say(text::help())?,
                Input::ShowHand => self.say(dou_dizhu::hand_line(&game.view))?,
                Input::ShowTable => self.say(dou_dizhu::table_lines(&game.view, self.seat))?,
                Input::Hint => match handle.hint(LOCAL_USER).await {
                    Ok(a) => self.say(text::hint(&dou_dizhu::action_label(&a)))?,
                    Err(e) => self.say(text::table_error(&e))?,
                },
                Input::Auto => {
                    let action = match handle.hint(LOCAL_USER).await {
                        Ok(a) => a,
                        Err(e) => {
                            self.say(text::table_error(&e))?;
                            continue;
                        }
                    };
                    self.act(handle, game.version, action).await?;
                }
                Input::Leave => {
                    if !leaving {
                        let penalty = serde_json::from_value::<crate::games::dou_dizhu::Rules>(
                            self.options.rules.clone(),
                        )
                        .map(|r| r.escape_penalty)
                        .unwrap_or(10);
                        self.say(text::leave_confirm(penalty))?;
                        leaving = true;
                        continue;
                    }
                    if let Err(e) = handle.leave(LOCAL_USER).await {
                        self.say(text::table_error(&e))?;
                    }
                }
                Input::Act(action) => self.act(handle, game.version, action).await?,
                Input::Choose(choices) => {
                    self.say(dou_dizhu::choices_lines(&choices))?;
                    let Some(pick) = self.read_line().await? else {
                        return Ok(End::Eof);
                    };
                    match dou_dizhu::pick_choice(&pick, &choices) {
                        Some(action) => self.act(handle, game.version, action).await?,
                        None => self.say(text::not_understood(
                            pick.trim(),
                            text::ddz::choose_reading(),
                        ))?,
                    }
                }
            }
        }
    }

    async fn act(
        &mut self,
        handle: &TableHandle<DouDizhu>,
        version: u64,
        action: Action,
    ) -> anyhow::Result<()> {
        if let Err(e) = handle.act(LOCAL_USER, version, action).await {
            self.say(text::table_error(&e))?;
        }
        Ok(())
    }
}
