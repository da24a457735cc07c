//! The deploy recipe (`deploy/paiju.service`): systemd reads it without a
//! complaint (`systemd-analyze verify`), its sandbox rates as well
//! hardened (`systemd-analyze security --offline=yes`), and the command
//! line it runs is one the binary takes. This machine cannot build or run
//! containers (no container registry is reachable for a base image), so
//! the recipe is a systemd unit; without systemd-analyze the checks of the
//! unit itself are skipped, saying so.

use std::process::Command;

const UNIT: &str = include_str!("../deploy/paiju.service");

/// The unit with its `ExecStart` pointing at the binary under test (systemd
/// checks that the program exists).
fn unit_here(dir: &std::path::Path) -> std::path::PathBuf {
    let path = dir.join("paiju.service");
    std::fs::write(
        &path,
        UNIT.replace("/usr/local/bin/paiju", env!("CARGO_BIN_EXE_paiju")),
    )
    .unwrap();
    path
}

fn systemd_analyze() -> Option<()> {
    match Command::new("systemd-analyze").arg("--version").output() {
        Ok(o) if o.status.success() => Some(()),
        _ => {
            eprintln!("systemd-analyze is not installed: skipping the unit's checks");
            None
        }
    }
}

#[test]
fn the_systemd_unit_verifies_and_is_hardened() {
    if systemd_analyze().is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let unit = unit_here(dir.path());
    let out = Command::new("systemd-analyze")
        .arg("verify")
        .arg(&unit)
        .output()
        .unwrap();
    let said =
        String::from_utf8_lossy(&out.stderr).into_owned() + &String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{said}");
    assert!(
        !said.contains("paiju.service:"),
        "systemd complains about the unit: {said}"
    );

    let out = Command::new("systemd-analyze")
        .args(["security", "--offline=yes", "--no-pager"])
        .arg(&unit)
        .output()
        .unwrap();
    let report = String::from_utf8_lossy(&out.stdout).into_owned();
    let exposure: f64 = report
        .lines()
        .find_map(|l| l.split("Overall exposure level for paiju.service:").nth(1))
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no exposure level in {report}"));
    // 0 is a fully locked-down unit, 10 an unprotected one; systemd calls
    // up to 2 "OK".
    assert!(exposure <= 2.0, "exposure {exposure}:\n{report}");
}

#[test]
fn the_unit_runs_a_command_line_the_binary_takes() {
    let exec = UNIT
        .lines()
        .find_map(|l| l.strip_prefix("ExecStart="))
        .expect("an ExecStart line");
    let mut words = exec.split_whitespace();
    assert_eq!(words.next(), Some("/usr/local/bin/paiju"));
    let args: Vec<&str> = words.collect();
    assert_eq!(args, ["bot", "--config", "/etc/paiju/config.toml"]);
    // The same arguments, the config file missing: the bot's own refusal
    // (its options parsed), not a usage error.
    let out = Command::new(env!("CARGO_BIN_EXE_paiju"))
        .args(["bot", "--config", "/nonexistent/paiju/config.toml"])
        .env_remove("PAIJU_CONFIG")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("cannot read config file"), "{err}");
    // Its state lives where the unit's StateDirectory puts it.
    assert!(UNIT.contains("StateDirectory=paiju"));
    assert!(UNIT.contains("PAIJU_DATABASE_URL=sqlite:///var/lib/paiju/paiju.db"));
}
