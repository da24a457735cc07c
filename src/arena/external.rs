//! The external-bot protocol (docs/arena.md): JSON lines over a child
//! process's stdin and stdout, so a bot in any language can play in
//! `paiju arena`.
//!
//! paiju writes one JSON object per line and reads one per line back. The
//! exchange opens with a `hello` each way (the protocol version must
//! match), each game opens with `start` and closes with `end`, and every
//! decision is an `act` request carrying only what the deciding seat may
//! see, answered by `{"id": …, "index": …}`, `{"id": …, "action": {…}}` or
//! `{"id": …, "cards": "…"}`. A late, malformed or illegal answer is a
//! fault: the arena plays the fallback (pass when passing is legal, else
//! the first legal action) and goes on; [`MAX_FAULTS_IN_A_ROW`] faults in
//! a row, or a process that exits, end the match.

use super::{ArenaError, Decision, Player};
use crate::games::dou_dizhu::cardset::CardSet;
use crate::games::dou_dizhu::patterns::RANKS;
use crate::games::dou_dizhu::view::Event;
use crate::games::dou_dizhu::{Action, Rules};
use crate::games::{RecordAction, Seat};
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

/// Ranks in the notation the research engines use (RLCard, DouZero):
/// `3 … 9 T J Q K A 2`, `B` the small (black) joker, `R` the big (red) one;
/// lowest first, one letter a card.
pub fn research_ranks(cards: CardSet) -> String {
    const LETTERS: [char; RANKS] = [
        '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A', '2', 'B', 'R',
    ];
    let c = cards.counts();
    let mut s = String::new();
    for (r, &n) in c.iter().enumerate() {
        for _ in 0..n {
            s.push(LETTERS[r]);
        }
    }
    s
}

/// An action's rank string: the cards of a play (`"334455"`), else the
/// action's name (`"pass"`, `"bid 2"`, `"call"`, `"rob"`, `"kick"`,
/// `"counter"`, `"double"`, `"show"`, `"discard 345"`, `"leave"`).
pub fn action_ranks(action: &Action) -> String {
    match *action {
        Action::Play { cards, .. } => research_ranks(cards),
        Action::Pass => "pass".into(),
        Action::Bid(b) => format!("bid {b}"),
        Action::Call => "call".into(),
        Action::Rob => "rob".into(),
        Action::Kick => "kick".into(),
        Action::Counter => "counter".into(),
        Action::Double => "double".into(),
        Action::Show(_) => "show".into(),
        Action::Leave => "leave".into(),
        Action::Discard(cards) => format!("discard {}", research_ranks(cards)).trim().into(),
    }
}

/// The public history as the protocol sends it: the game's events, each
/// play with its rank string.
fn history_json(history: &[Event]) -> Value {
    Value::Array(
        history
            .iter()
            .map(|e| {
                let mut v = serde_json::to_value(e).expect("events serialize");
                if let Event::Played { cards, .. } = e {
                    v["ranks"] = json!(research_ranks(*cards));
                }
                v
            })
            .collect(),
    )
}

/// The `act` request of a decision: only what the seat may see.
pub fn request(id: u64, d: &Decision<'_>) -> Value {
    let v = d.view;
    let players = v.players as usize;
    let standing = v.standing.map(|s| {
        json!({
            "seat": s.seat,
            "cards": s.cards,
            "ranks": research_ranks(s.cards),
            "kind": s.combo.kind.name(),
        })
    });
    json!({
        "type": "act",
        "id": id,
        "game_id": d.game_id,
        "seat": d.seat,
        "players": players,
        "phase": v.phase,
        "hand": v.hand,
        "hand_ranks": v.hand.map(research_ranks),
        "landlord": v.landlord,
        "first": v.first,
        "kitty": v.kitty,
        "kitty_ranks": v.kitty.map(research_ranks),
        "aside": v.aside,
        "wild": v.wild.map(|w| crate::games::dou_dizhu::cardset::rank_record_name(w as usize)),
        "handicap": v.handicap,
        "shown": &v.shown[..players],
        "cards_left": &v.cards_left[..players],
        "played": &v.played[..players],
        "played_ranks": v.played[..players].iter().map(|p| research_ranks(*p)).collect::<Vec<_>>(),
        "standing": standing,
        "bids": &v.bids[..players],
        "doubled": &v.doubled[..players],
        "factors": v.factors,
        "history": history_json(d.history),
        "legal": d.legal.iter().map(Action::to_json).collect::<Vec<_>>(),
        "legal_ranks": d.legal.iter().map(action_ranks).collect::<Vec<_>>(),
    })
}

/// Reads an answer into one of the legal actions, or says why not.
pub fn read_answer(answer: &Value, legal: &[Action]) -> Result<Action, String> {
    if let Some(i) = answer.get("index") {
        let i = i
            .as_u64()
            .ok_or_else(|| format!("`index` {i} is not a number"))?;
        return legal
            .get(i as usize)
            .copied()
            .ok_or_else(|| format!("`index` {i} is out of range (0 … {})", legal.len() - 1));
    }
    if let Some(a) = answer.get("action") {
        let action = Action::from_json(a).map_err(|e| e.message)?;
        // The same cards and the same stated reading as a legal action.
        return legal
            .iter()
            .find(|l| **l == action || same_play(l, &action))
            .copied()
            .ok_or_else(|| format!("{a} is not a legal action now"));
    }
    if let Some(c) = answer.get("cards") {
        let text = c
            .as_str()
            .ok_or_else(|| format!("`cards` {c} is not a string"))?
            .trim()
            .to_ascii_uppercase();
        let text = if text.is_empty() { "PASS".into() } else { text };
        return legal
            .iter()
            .find(|l| action_ranks(l).to_ascii_uppercase() == text)
            .copied()
            .ok_or_else(|| format!("`{text}` is not a legal action now"));
    }
    Err("an answer has `index`, `action` or `cards`".into())
}

/// A play answered with the same ranks as a legal play (suits never
/// matter), the same wild readings, and its reading when it states one.
fn same_play(legal: &Action, answer: &Action) -> bool {
    match (legal, answer) {
        (
            Action::Play {
                cards: a,
                reading: ra,
                wild_as: wa,
            },
            Action::Play {
                cards: b,
                reading: rb,
                wild_as: wb,
            },
        ) => a.counts() == b.counts() && wa == wb && (rb.is_none() || ra == rb),
        _ => false,
    }
}

/// The fallback for a faulty answer: pass when legal, else the first action.
pub fn fallback(legal: &[Action]) -> Action {
    if legal.contains(&Action::Pass) {
        Action::Pass
    } else {
        legal[0]
    }
}

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
    pub fn spawn(command: &str, timeout: Duration) -> Result<External, ArenaError> {
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
        me.send(&json!({"type": "hello", "protocol": PROTOCOL, "game": "dou-dizhu"}))?;
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

impl Player for External {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn start(&mut self, game_id: &str, seats: &[Seat], rules: &Rules) -> Result<(), ArenaError> {
        self.send(&json!({
            "type": "start",
            "game_id": game_id,
            "seats": seats,
            "players": rules.players,
            "rules": rules.to_record_json(),
        }))
    }

    fn decide(&mut self, d: &Decision<'_>) -> Result<Action, ArenaError> {
        self.next_id += 1;
        let id = self.next_id;
        self.send(&request(id, d))?;
        let answer = self.receive_within(self.timeout, |v| {
            v.get("id").and_then(Value::as_u64) == Some(id) || v.get("id").is_none()
        })?;
        let result = match answer {
            None => Err(format!("no answer within {:?}", self.timeout)),
            Some(v) if v.get("malformed").is_some() => Err(format!("not JSON: {}", v["malformed"])),
            Some(v) => read_answer(&v, d.legal),
        };
        match result {
            Ok(a) => {
                self.in_a_row = 0;
                Ok(a)
            }
            Err(why) => {
                self.fault(format!("game {}, request {id}: {why}", d.game_id))?;
                Ok(fallback(d.legal))
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::dou_dizhu::patterns::Kind;
    use crate::games::dou_dizhu::wild::WildAs;

    #[test]
    fn ranks_in_research_notation() {
        let cards: Vec<crate::cards::Card> = ["3S", "TH", "TD", "2C", "SJ", "BJ"]
            .iter()
            .map(|c| c.parse().unwrap())
            .collect();
        assert_eq!(research_ranks(CardSet::from_cards(&cards)), "3TT2BR");
    }

    #[test]
    fn answers_by_index_action_or_cards() {
        let three: crate::cards::Card = "3S".parse().unwrap();
        let play = Action::Play {
            cards: CardSet::from_cards(&[three]),
            reading: Some(Kind::Single),
            wild_as: WildAs::NONE,
        };
        let legal = [Action::Pass, play];
        assert_eq!(read_answer(&json!({"index": 1}), &legal), Ok(play));
        assert_eq!(read_answer(&json!({"cards": "3"}), &legal), Ok(play));
        assert_eq!(read_answer(&json!({"cards": ""}), &legal), Ok(Action::Pass));
        assert_eq!(
            read_answer(&json!({"action": {"play": ["3S"]}}), &legal),
            Ok(play)
        );
        assert!(read_answer(&json!({"index": 2}), &legal).is_err());
        assert!(read_answer(&json!({"cards": "44"}), &legal).is_err());
        assert!(read_answer(&json!({"what": 1}), &legal).is_err());
        assert_eq!(fallback(&legal), Action::Pass);
    }
}
