//! Malformed Dou Dizhu records never panic: `paiju replay` exits 2 with a
//! clear message on standard error, and prints nothing on standard output.

use std::io::Write;
use std::process::{Command, Stdio};

fn replay(input: &str) -> (Option<i32>, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_paiju"))
        .args(["replay", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn deck() -> Vec<String> {
    let mut v = Vec::new();
    for r in "23456789TJQKA".chars() {
        for s in "SHCD".chars() {
            v.push(format!("{r}{s}"));
        }
    }
    v.push("SJ".into());
    v.push("BJ".into());
    v
}

fn record_with(
    hands: serde_json::Value,
    kitty: serde_json::Value,
    first: serde_json::Value,
) -> String {
    serde_json::json!({
        "game": "dou-dizhu", "rules": {}, "seats": 3,
        "deal": {"hands": hands, "kitty": kitty, "first": first},
        "actions": [{"seat": 0, "pass": true}]
    })
    .to_string()
}

fn good_parts() -> (serde_json::Value, serde_json::Value) {
    let d = deck();
    (
        serde_json::json!([d[0..17], d[17..34], d[34..51]]),
        serde_json::json!(d[51..54]),
    )
}

#[test]
fn a_good_deal_replays() {
    let (h, k) = good_parts();
    let (code, out, _) = replay(&record_with(h, k, 0.into()));
    assert_eq!(code, Some(0), "{out}");
}

#[test]
fn malformed_records_exit_2_with_a_message() {
    let d = deck();
    let (h, k) = good_parts();
    let mut dup = d.clone();
    dup[5] = dup[4].clone();
    let mut unknown = d.clone();
    unknown[3] = "1X".into();
    let cases: Vec<(String, &str)> = vec![
        ("{\"game\": \"dou-dizhu\", ".into(), "not a game record"),
        ("[1,2,3]".into(), "not a game record"),
        (
            record_with(
                serde_json::json!([dup[0..17], dup[17..34], dup[34..51]]),
                serde_json::json!(dup[51..54]),
                0.into(),
            ),
            "twice",
        ),
        (
            record_with(
                serde_json::json!([unknown[0..17], unknown[17..34], unknown[34..51]]),
                serde_json::json!(unknown[51..54]),
                0.into(),
            ),
            "not a card",
        ),
        (
            record_with(
                serde_json::json!([d[0..16], d[17..34], d[34..51]]),
                serde_json::json!(d[51..54]),
                0.into(),
            ),
            "16 cards",
        ),
        (
            record_with(
                serde_json::json!([d[0..17], d[17..34]]),
                k.clone(),
                0.into(),
            ),
            "2 hands",
        ),
        (
            record_with(h.clone(), serde_json::json!(d[51..53]), 0.into()),
            "needs 3",
        ),
        (record_with(h.clone(), k.clone(), 3.into()), "`first`"),
        (record_with(h.clone(), k.clone(), "x".into()), "`first`"),
        (
            record_with(serde_json::json!("none"), k.clone(), 0.into()),
            "hands",
        ),
        (
            serde_json::json!({"game": "dou-dizhu", "rules": {"bogus": 1}, "seats": 3,
                "deal": {"hands": h.clone(), "kitty": k.clone(), "first": 0}})
            .to_string(),
            "bogus",
        ),
        (
            serde_json::json!({"game": "dou-dizhu", "rules": {"wild": true}, "seats": 3,
                "deal": {"hands": h.clone(), "kitty": k.clone(), "first": 0}})
            .to_string(),
            "missing `wild`",
        ),
        (
            serde_json::json!({"game": "dou-dizhu", "rules": {}, "seats": 2,
                "deal": {"hands": h.clone(), "kitty": k.clone(), "first": 0}})
            .to_string(),
            "a 2-seat game deals 2",
        ),
        (
            serde_json::json!({"game": "dou-dizhu", "rules": {}, "seats": 4,
                "deal": {"hands": h.clone(), "kitty": k.clone(), "first": 0}})
            .to_string(),
            "3 seats, or 2",
        ),
        (
            serde_json::json!({"game": "dou-dizhu", "rules": {"players": 2}, "seats": 3,
                "deal": {"hands": h.clone(), "kitty": k.clone(), "first": 0}})
            .to_string(),
            "`players` is 2",
        ),
        (
            serde_json::json!({"game": "dou-dizhu", "rules": {"escape_penalty": -1}, "seats": 3,
                "deal": {"hands": h, "kitty": k, "first": 0}})
            .to_string(),
            "rules",
        ),
    ];
    for (input, want) in cases {
        let (code, out, err) = replay(&input);
        assert_eq!(code, Some(2), "{want}: {input}\nstdout {out}\nstderr {err}");
        assert!(out.is_empty(), "{want}: nothing on stdout");
        assert!(err.contains(want), "{want}: stderr says {err}");
    }
}

#[test]
fn garbage_never_panics() {
    // Bytes that are not even text, and deeply odd shapes.
    for input in [
        "\u{0}\u{1}",
        "{\"game\":\"dou-dizhu\",\"seats\":3,\"deal\":null}",
        "{\"game\":\"dou-dizhu\",\"seats\":3,\"deal\":{\"hands\":[[],[],[]],\"kitty\":[],\"first\":0}}",
        "{\"game\":\"dou-dizhu\",\"seats\":18446744073709551615,\"deal\":{}}",
    ] {
        let (code, _, err) = replay(input);
        assert_eq!(code, Some(2), "{input}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}
