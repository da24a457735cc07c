//! Runs the real `paiju` binary against a fake Discord, on its own
//! database file, and stops it by signal like an operator would.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

pub struct BotProcess {
    child: Child,
    pub log: PathBuf,
}

impl BotProcess {
    /// Starts `paiju` (no subcommand: the bot) with `api_url` and a
    /// database in `dir`. `extra` are more environment variables.
    pub fn start(api_url: &str, dir: &Path, extra: &[(&str, &str)]) -> BotProcess {
        let log = dir.join(format!("bot-{}.log", std::process::id()));
        let log_file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&log)
            .unwrap();
        let db = format!("sqlite://{}", dir.join("paiju.db").display());
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_paiju"));
        cmd.current_dir(dir)
            .env_clear()
            .env("PATH", std::env::var("PATH").unwrap_or_default())
            .env("DISCORD_TOKEN", "fake.bot.token")
            .env("PAIJU_DISCORD_API_URL", api_url)
            .env("PAIJU_DATABASE_URL", db)
            .env("RUST_LOG", "paiju=debug,serenity=warn,poise=warn")
            // Tests read a click's answer in one piece: only a click slower
            // than this is acknowledged first and answered by an edit (the
            // bot's default is tens of milliseconds; a test that wants the
            // deferred answers sets this lower, the load bench sets it
            // empty for the default).
            .env("PAIJU_DISCORD_DEFER_AFTER_MS", "2000")
            .stdin(Stdio::null())
            .stdout(log_file.try_clone().unwrap())
            .stderr(log_file);
        for (k, v) in extra {
            cmd.env(k, v);
        }
        let child = cmd.spawn().expect("start paiju");
        BotProcess { child, log }
    }

    /// SIGTERM, then wait for the process to end.
    pub fn stop(mut self) -> std::process::ExitStatus {
        let pid = self.child.id().to_string();
        let _ = Command::new("kill").args(["-TERM", &pid]).status();
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            if std::time::Instant::now() > deadline {
                let _ = self.child.kill();
                return self.child.wait().unwrap();
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
    }

    /// The process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Waits up to `limit` for the process to end on its own.
    pub fn wait_exit(&mut self, limit: std::time::Duration) -> Option<std::process::ExitStatus> {
        let deadline = std::time::Instant::now() + limit;
        while std::time::Instant::now() < deadline {
            if let Some(status) = self.child.try_wait().unwrap() {
                return Some(status);
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        None
    }

    pub fn log_text(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }
}

impl Drop for BotProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        if std::thread::panicking() {
            self.keep_log();
        }
    }
}

impl BotProcess {
    /// A failing test's bot log outlives the test's temporary directory:
    /// copied under the target directory, its path and last lines printed
    /// with the test's failure (CI shows them).
    fn keep_log(&self) {
        let text = self.log_text();
        if text.is_empty() {
            return;
        }
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("bot-logs");
        let kept = dir.join(format!(
            "bot-{}-{}.log",
            std::process::id(),
            self.child.id()
        ));
        let saved = std::fs::create_dir_all(&dir).and_then(|()| std::fs::write(&kept, &text));
        let lines: Vec<&str> = text.lines().collect();
        let tail = lines[lines.len().saturating_sub(60)..].join("\n");
        match saved {
            Ok(()) => eprintln!("bot log kept at {}; its end:\n{tail}", kept.display()),
            Err(e) => eprintln!("bot log not kept ({e}); its end:\n{tail}"),
        }
    }
}
