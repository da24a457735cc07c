//! The `paiju` command: the bot, and the tools around it.

use clap::{Parser, Subcommand};
use paiju::ai::AiKind;
use paiju::games::GameKind;
use paiju::record::{self, Record};
use paiju::simulate::{self, SimOptions};
use std::io::Read;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "paiju",
    version,
    about = "Chinese card games on Discord (and in your terminal)"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Replay a game record (a file, or `-` for standard input) and print the verdict as JSON.
    ///
    /// Exit codes: 0 every action legal, 1 an action was refused, 2 the record is malformed.
    Replay {
        /// The record file, or `-` for standard input.
        file: String,
    },
    /// Play whole games between AIs and print speed and balance figures.
    Simulate {
        /// The game: dou-dizhu, duan-guozi, chexuan.
        game: String,
        /// How many games to play.
        #[arg(long, default_value_t = 1000)]
        games: u64,
        /// RNG seed: the same seed gives the same results.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Which AI plays every seat.
        #[arg(long, value_enum, default_value_t = AiKind::Basic)]
        ai: AiKind,
        /// Table options as a JSON object, e.g. '{"bidding":"rob"}'.
        #[arg(long, default_value = "{}")]
        rules: String,
        /// Number of players, for games that take a range.
        #[arg(long)]
        players: Option<usize>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Replay { file } => run_replay(&file),
        Command::Simulate {
            game,
            games,
            seed,
            ai,
            rules,
            players,
        } => {
            let Some(kind) = GameKind::from_name(&game) else {
                eprintln!("paiju: unknown game `{game}` (try dou-dizhu, duan-guozi or chexuan)");
                return ExitCode::from(2);
            };
            let rules = match serde_json::from_str(&rules) {
                Ok(serde_json::Value::Object(m)) => serde_json::Value::Object(m),
                _ => {
                    eprintln!(
                        "paiju: --rules must be a JSON object, e.g. '{{\"bidding\":\"rob\"}}'"
                    );
                    return ExitCode::from(2);
                }
            };
            let opts = SimOptions {
                games,
                seed,
                ai,
                rules,
                players,
            };
            match simulate::simulate(kind, &opts) {
                Ok(report) => {
                    print!("{}", report.render());
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("paiju: {e}");
                    ExitCode::from(2)
                }
            }
        }
    }
}

fn run_replay(file: &str) -> ExitCode {
    let text = if file == "-" {
        let mut s = String::new();
        if let Err(e) = std::io::stdin().read_to_string(&mut s) {
            eprintln!("paiju: cannot read standard input: {e}");
            return ExitCode::from(2);
        }
        s
    } else {
        match std::fs::read_to_string(file) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("paiju: cannot read {file}: {e}");
                return ExitCode::from(2);
            }
        }
    };
    let verdict = Record::from_json(&text).and_then(|r| record::replay(&r));
    match verdict {
        Ok(v) => {
            println!("{}", v.to_json());
            ExitCode::from(v.exit_code() as u8)
        }
        Err(e) => {
            eprintln!("paiju: {e}");
            ExitCode::from(2)
        }
    }
}
