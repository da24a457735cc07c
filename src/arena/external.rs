//! The external-bot protocol (docs/arena.md): JSON lines over a child
//! process's stdin and stdout, so a bot in any language can play in
//! `paiju arena`.
//!
//! paiju writes one JSON object per line and reads one per line back. The
//! exchange opens with a `hello` each way (the protocol version must
//! match), each game opens with `start` and closes with `end`, and every
//! decision is an `act` request carrying only what the deciding seat may
//! see, answered by `{"id": …, "index": …}`, `{"id": …, "action": {…}}`
//! (or Dou Dizhu's `{"id": …, "cards": "…"}`). The same messages serve
//! every game; what differs is the view and the actions, each game's own
//! (its record form). A late, malformed or illegal answer is a fault: the
//! arena plays the fallback (pass, check or fold when legal, else the
//! first legal action) and goes on; [`MAX_FAULTS_IN_A_ROW`] faults in
//! a row, or a process that exits, end the match.

use super::{fallback, read_answer, request, Arena, ArenaError, Decision, Player};
use crate::games::Seat;
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// The protocol version `hello` states.
pub const PROTOCOL: u64 = 1;
/// Faulty answers in a row that end the match.
pub const MAX_FAULTS_IN_A_ROW: u32 = 3;
/// How long a bot has to answer `hello` (it may be loading a model).
const HELLO_TIMEOUT: Duration = Duration::from_secs(30);

/// A bot program speaking the protocol.
pub struct External {
    name: String,
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    timeout: Duration,
    next_id: u64,
    faults: u64,
    in_a_row: u32,
}

impl External {
    /// Starts `command` (through `sh -c`) and shakes hands.
    /// `game` is the game's record name, said in `hello`.
    pub fn spawn(command: &str, timeout: Duration, game: &str) -> Result<External, ArenaError> {
        let fail = |m: String| ArenaError::Player {
            name: command.to_string(),
            message: m,
        };
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| fail(format!("cannot start: {e}")))?;
        let stdout = child.stdout.take().expect("piped stdout");
        let (tx, lines) = mpsc::channel();
        // The reader thread ends when the process closes its stdout.
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut me = External {
            name: command.to_string(),
            stdin: child.stdin.take(),
            child,
            lines,
            timeout,
            next_id: 0,
            faults: 0,
            in_a_row: 0,
        };
        me.send(&json!({"type": "hello", "protocol": PROTOCOL, "game": game}))?;
        let hello = me.receive(HELLO_TIMEOUT, |v| v.get("type") == Some(&json!("hello")))?;
        let version = hello.get("protocol").and_then(Value::as_u64);
        if version != Some(PROTOCOL) {
            me.finish();
            return Err(fail(format!(
                "speaks protocol {}, paiju speaks {PROTOCOL}",
                version.map_or("(none)".to_string(), |v| v.to_string())
            )));
        }
        if let Some(n) = hello.get("name").and_then(Value::as_str) {
            me.name = format!("{n} ({command})");
        }
        Ok(me)
    }

    fn fail(&self, message: String) -> ArenaError {
        ArenaError::Player {
            name: self.name.clone(),
            message,
        }
    }

    fn send(&mut self, v: &Value) -> Result<(), ArenaError> {
        let stdin = self
            .stdin
            .as_mut()
            .ok_or_else(|| ArenaError::Options("the bot's input is closed".into()))?;
        let mut line = v.to_string();
        line.push('\n');
        let sent = stdin
            .write_all(line.as_bytes())
            .and_then(|()| stdin.flush());
        sent.map_err(|e| self.fail(format!("cannot write to the bot: {e}")))
    }

    /// The next line `wanted` accepts, skipping others (late answers to
    /// earlier requests), within `timeout`. `Ok(None)` on a timeout.
    fn receive_within(
        &mut self,
        timeout: Duration,
        wanted: impl Fn(&Value) -> bool,
    ) -> Result<Option<Value>, ArenaError> {
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let Ok(v) = serde_json::from_str::<Value>(&line) else {
                        // A line that is not JSON is a fault of the answer
                        // it was meant to be.
                        return Ok(Some(json!({"malformed": line})));
                    };
                    if wanted(&v) {
                        return Ok(Some(v));
                    }
                }
                Err(RecvTimeoutError::Timeout) => return Ok(None),
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(self.fail("the bot exited".into()))
                }
            }
        }
    }

    fn receive(
        &mut self,
        timeout: Duration,
        wanted: impl Fn(&Value) -> bool,
    ) -> Result<Value, ArenaError> {
        self.receive_within(timeout, wanted)?
            .ok_or_else(|| self.fail(format!("no answer within {timeout:?}")))
    }

    fn fault(&mut self, why: String) -> Result<(), ArenaError> {
        self.faults += 1;
        self.in_a_row += 1;
        eprintln!("paiju arena: {}: {why}; the fallback is played", self.name);
        if self.in_a_row >= MAX_FAULTS_IN_A_ROW {
            return Err(self.fail(format!("{MAX_FAULTS_IN_A_ROW} faulty answers in a row")));
        }
        Ok(())
    }
}

impl<G: Arena> Player<G> for External {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn start(
        &mut self,
        game_id: &str,
        seats: &[Seat],
        players: usize,
        rules: &Value,
    ) -> Result<(), ArenaError> {
        self.send(&json!({
            "type": "start",
            "game": G::KIND.name(),
            "game_id": game_id,
            "seats": seats,
            "players": players,
            "rules": rules,
        }))
    }

    fn decide(&mut self, d: &Decision<'_, G>) -> Result<G::Action, ArenaError> {
        self.next_id += 1;
        let id = self.next_id;
        self.send(&request(id, d))?;
        let answer = self.receive_within(self.timeout, |v| {
            v.get("id").and_then(Value::as_u64) == Some(id) || v.get("id").is_none()
        })?;
        let result = match answer {
            None => Err(format!("no answer within {:?}", self.timeout)),
            Some(v) if v.get("malformed").is_some() => Err(format!("not JSON: {}", v["malformed"])),
            Some(v) => read_answer::<G>(&v, d.legal),
        };
        match result {
            Ok(a) => {
                self.in_a_row = 0;
                Ok(a)
            }
            Err(why) => {
                self.fault(format!("game {}, request {id}: {why}", d.game_id))?;
                Ok(fallback::<G>(d.legal))
            }
        }
    }

    fn end(&mut self, game_id: &str, outcome: &Value) -> Result<(), ArenaError> {
        self.send(&json!({"type": "end", "game_id": game_id, "outcome": outcome}))
    }

    fn faults(&self) -> u64 {
        self.faults
    }

    fn finish(&mut self) {
        External::finish(self)
    }
}

impl External {
    /// Faulty answers so far.
    pub fn faults(&self) -> u64 {
        self.faults
    }

    /// Says `bye`, closes the bot's input and waits for it to exit (or
    /// ends it after 2 seconds).
    pub fn finish(&mut self) {
        let _ = self.send(&json!({"type": "bye"}));
        // Closing stdin tells the bot to exit; one that does not is killed.
        self.stdin = None;
        let deadline = Instant::now() + Duration::from_secs(2);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for External {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}
