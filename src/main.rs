//! The `paiju` command: the bot, and the tools around it.

#![forbid(unsafe_code)]

use clap::{Parser, Subcommand};
use paiju::ai::AiKind;
use paiju::config::{Config, LogFormat};
use paiju::discord;
use paiju::games::GameKind;
use paiju::i18n::{self, Lang};
use paiju::record;
use paiju::registry;
use paiju::simulate::SimOptions;
use std::io::Read;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "paiju",
    version,
    about = "Chinese card games on Discord (and in your terminal)"
)]
#[command(args_conflicts_with_subcommands = true)]
struct Cli {
    /// The bot's options, for `paiju` with no subcommand.
    #[command(flatten)]
    bot: BotArgs,
    /// Without a subcommand, runs the Discord bot.
    #[command(subcommand)]
    command: Option<Command>,
}

/// What the bot reads from its command line: each subcommand shows only
/// its own options (`paiju render --help` listed the shards before).
#[derive(clap::Args, Clone, Default)]
struct BotArgs {
    /// Config file (default: config.toml if present; also PAIJU_CONFIG).
    #[arg(long)]
    config: Option<std::path::PathBuf>,
    /// The gateway shards this process runs, `0-3` or `2`
    /// (`discord.shards`); several processes share one PostgreSQL ledger.
    #[arg(long)]
    shards: Option<String>,
    /// How many shards the deployment has (`discord.shard_count`).
    #[arg(long)]
    shard_count: Option<u32>,
}

#[derive(Subcommand)]
enum Command {
    /// Run the Discord bot (the default). Needs DISCORD_TOKEN or
    /// `discord.token` in the config file.
    Bot(BotArgs),
    /// Replay a game record (a file, or `-` for standard input) and print the verdict as JSON.
    ///
    /// Exit codes: 0 every action legal, 1 an action was refused, 2 the record is malformed.
    Replay {
        /// The record file, or `-` for standard input.
        file: String,
    },
    /// Check a game record's fair deal (公平发牌): that its commitment is
    /// SHA-256 of its seed and game, and that the seed deals exactly the
    /// record's cards with the record's rules.
    ///
    /// Exit codes: 0 verified, 1 not verified (what differs is printed), 2 unreadable.
    Verify {
        /// The record file, or `-` for standard input.
        file: String,
        /// The language of the verdict: en (en-US) or zh (zh-CN). Default:
        /// Chinese when LC_ALL, LC_MESSAGES or LANG starts with `zh`.
        #[arg(long, value_parser = parse_lang)]
        lang: Option<Lang>,
    },
    /// Draw a record's position as a PNG picture: the public table, or with
    /// --seat the hand of that seat (as Discord shows them).
    Render {
        /// The record file, or `-` for standard input.
        file: String,
        /// After how many of the record's actions (default: all of them).
        #[arg(long)]
        at: Option<usize>,
        /// Draw this seat's hand (1-based, as seats are shown) instead of the table.
        #[arg(long)]
        seat: Option<usize>,
        /// Where to write the PNG.
        #[arg(long)]
        out: std::path::PathBuf,
    },
    /// Play whole games between AIs and print speed and balance figures.
    Simulate {
        #[arg(help = game_help())]
        game: String,
        /// How many games to play.
        #[arg(long, default_value_t = 1000)]
        games: u64,
        /// RNG seed: the same seed gives the same results.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Which AI plays every seat: random or basic.
        #[arg(long, default_value = "basic", value_parser = parse_ai_kind)]
        ai: AiKind,
        /// Table options as a JSON object, e.g. '{"bidding":"rob"}'.
        #[arg(long, default_value = "{}")]
        rules: String,
        /// Number of players, for games that take a range.
        #[arg(long)]
        players: Option<usize>,
    },
    /// Play in this terminal against AI seats, through the table runtime and
    /// a local ledger. Works with piped input; end of input saves the game.
    /// `paiju play <game> --help` shows the game's own flags.
    Play(registry::PlayCli),
    /// Pit two AIs against each other on any game (docs/arena.md): every
    /// deal played with the sides rotated; the game's figures with 95%
    /// confidence intervals.
    Arena {
        /// The game: dou-dizhu (the default), shengji, paohuzi, chexuan or duan-guozi.
        #[arg(long, default_value = "dou-dizhu")]
        game: String,
        /// Player A: random, a level of the game (easy, normal, hard …), or
        /// exec:<command> (a bot speaking the JSON-lines protocol).
        #[arg(long)]
        a: String,
        /// Player B, as A.
        #[arg(long)]
        b: String,
        /// Seeded deals to play (each twice).
        #[arg(long, default_value_t = 100)]
        deals: usize,
        /// RNG seed of the deals and the built-in bots.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Deals from a file (one JSON deal a line, as in records) instead of seeded ones.
        #[arg(long)]
        deals_file: Option<std::path::PathBuf>,
        /// Table options as a JSON object, e.g. '{"players":2}'.
        #[arg(long, default_value = "{}")]
        rules: String,
        /// Seats at the table, for the games that take a range (Chexuan,
        /// Duan Guozi; default 4).
        #[arg(long)]
        players: Option<usize>,
        /// Dou Dizhu: full bidding instead of the fixed landlord (the deal's first seat).
        #[arg(long)]
        bidding: bool,
        /// Chexuan: hands a session lasts (default 10).
        #[arg(long)]
        hands: Option<usize>,
        /// Shengji: play this many whole matches (each twice, teams
        /// swapped) instead of --deals single hands.
        #[arg(long)]
        matches: Option<usize>,
        /// Write every game's record to this directory (`paiju replay` reads them).
        #[arg(long)]
        records: Option<std::path::PathBuf>,
        /// Threads playing deals at once, each with its own players (the
        /// figures are the same as on one, but for Dou Dizhu's `hard`,
        /// which reads its opponents across the games it sees).
        #[arg(long, default_value_t = 1)]
        jobs: usize,
        /// Append each deal's scores to this file as it ends; run again
        /// with the same file to go on where a stopped run stopped.
        #[arg(long)]
        scores: Option<std::path::PathBuf>,
        /// Milliseconds an external bot has for one decision.
        #[arg(long, default_value_t = 5000)]
        timeout_ms: u64,
        /// Print the figures as JSON.
        #[arg(long)]
        json: bool,
    },
    /// The chip ledger's tools.
    Ledger {
        #[command(subcommand)]
        command: LedgerCommand,
    },
    /// Ratings: recompute them from the stored games, or see how the
    /// rating model behaves over many simulated games.
    Ratings {
        #[command(subcommand)]
        command: RatingsCommand,
    },
}

#[derive(Subcommand)]
enum RatingsCommand {
    /// Recompute every rating from the stored finished games, with the
    /// config's [ratings] rules; run it with no bot on the database.
    Rebuild {
        /// The database: a file path, a sqlite: URL or a postgres:// URL.
        #[arg(long, env = "PAIJU_DATABASE_URL", default_value = "sqlite://paiju.db")]
        database: String,
        /// The config file whose [ratings] section to rate with.
        #[arg(long)]
        config: Option<std::path::PathBuf>,
    },
    /// Rate many simulated games of one game's shape between players of
    /// hidden skill: the role's mean change (≈ 0), the spread of the
    /// ratings, how well they sort the players.
    Simulate {
        #[arg(help = game_help())]
        game: String,
        #[arg(long, default_value_t = 100_000)]
        games: u64,
        /// Players in the population.
        #[arg(long, default_value_t = 200)]
        players: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// How often the role's side (landlord, banker's team) wins between equals.
        #[arg(long, default_value_t = 0.5)]
        role_wins: f64,
        /// Log-odds of a result per unit of true skill.
        #[arg(long, default_value_t = 0.8)]
        skill_weight: f64,
    },
}

#[derive(Subcommand)]
enum LedgerCommand {
    /// Check the ledger: every balance equals its journal, none is negative,
    /// nothing is held for a game that is over, chips are conserved.
    ///
    /// Prints a report; exit codes: 0 clean, 1 a mismatch, 2 cannot open.
    Verify {
        /// The database: a file path, a sqlite: URL or a postgres:// URL.
        #[arg(long, env = "PAIJU_DATABASE_URL", default_value = "sqlite://paiju.db")]
        database: String,
    },
    /// Copy a live SQLite ledger to FILE, a new file, without stopping the
    /// bot (one consistent snapshot: SQLite's VACUUM INTO), then verify the
    /// copy. PostgreSQL is backed up with pg_dump instead (see the README).
    ///
    /// Exit codes: 0 copied and the copy verifies clean, 1 copied but the
    /// copy's verify found a mismatch (the report says which), 2 not copied.
    Backup {
        /// The new file to write; an existing file is never overwritten.
        file: std::path::PathBuf,
        /// The database: a file path or a sqlite: URL.
        #[arg(long, env = "PAIJU_DATABASE_URL", default_value = "sqlite://paiju.db")]
        database: String,
    },
    /// Change the shard count of a sharded deployment (`--shard-count N`):
    /// the first sharded bot fixes its database's count and a bot started
    /// with another is refused. Refused while any bot of this database
    /// runs: stop them all, reshard, then start them with the new count.
    Reshard {
        /// The database: a postgres:// URL (or a SQLite file).
        #[arg(long, env = "PAIJU_DATABASE_URL", default_value = "sqlite://paiju.db")]
        database: String,
        /// The new shard count.
        #[arg(long)]
        shard_count: Option<u32>,
    },
}

/// See Cargo.toml: the AI searches' many small allocations.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let command = cli.command.unwrap_or(Command::Bot(cli.bot));
    match command {
        Command::Bot(bot) => run_bot(bot.config.as_deref(), bot.shards, bot.shard_count),
        Command::Replay { file } => run_replay(&file),
        Command::Verify { file, lang } => run_verify(&file, lang.unwrap_or_else(Lang::from_env)),
        Command::Render {
            file,
            at,
            seat,
            out,
        } => run_render(&file, at, seat, &out),
        Command::Play(cli) => run_play(cli),
        Command::Ledger {
            command: LedgerCommand::Verify { database },
        } => run_ledger_verify(&database),
        Command::Ratings {
            command: RatingsCommand::Rebuild { database, config },
        } => run_ratings_rebuild(&database, config.as_deref()),
        Command::Ratings {
            command:
                RatingsCommand::Simulate {
                    game,
                    games,
                    players,
                    seed,
                    role_wins,
                    skill_weight,
                },
        } => run_ratings_simulate(paiju::ledger::ratings::simulate::SimulateOptions {
            kind: game,
            games,
            players,
            seed,
            role_wins,
            skill_weight,
        }),
        Command::Ledger {
            command: LedgerCommand::Backup { file, database },
        } => run_ledger_backup(&database, &file),
        Command::Ledger {
            command:
                LedgerCommand::Reshard {
                    database,
                    shard_count,
                },
        } => run_ledger_reshard(&database, shard_count),
        Command::Arena {
            game,
            a,
            b,
            deals,
            seed,
            deals_file,
            rules,
            players,
            bidding,
            hands,
            matches,
            records,
            jobs,
            scores,
            timeout_ms,
            json,
        } => {
            let args = paiju::arena::ArenaArgs {
                game,
                a,
                b,
                deals,
                seed,
                rules,
                players,
                bidding,
                hands,
                matches,
                deals_file,
                records,
                timeout: std::time::Duration::from_millis(timeout_ms),
                json,
                jobs,
                scores,
            };
            match paiju::arena::run(&args) {
                Ok(text) => {
                    print_out(&text);
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("paiju arena: {e}");
                    ExitCode::from(2)
                }
            }
        }
        Command::Simulate {
            game,
            games,
            seed,
            ai,
            rules,
            players,
        } => {
            let Some(kind) = GameKind::from_name(&game) else {
                eprintln!(
                    "paiju: unknown game `{game}` (games: {})",
                    paiju::games::GameKind::names()
                );
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
                decisions: Default::default(),
            };
            match registry::simulate(kind, &opts) {
                Ok(report) => {
                    print_out(&report.render());
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

/// Loads the config, sets up logging, and runs the bot until a signal.
fn run_bot(
    config_path: Option<&std::path::Path>,
    shards: Option<String>,
    shard_count: Option<u32>,
) -> ExitCode {
    // The command line wins over the file and the environment.
    let config = Config::load(config_path).and_then(|mut c| {
        if shards.is_some() {
            c.discord.shards = shards;
        }
        if shard_count.is_some() {
            c.discord.shard_count = shard_count;
        }
        c.validate().map(|()| c)
    });
    let config = match config {
        Ok(c) => c,
        Err(e) => {
            eprintln!("paiju: {e}");
            return ExitCode::from(2);
        }
    };
    if config.discord.token.is_none() {
        eprintln!("{}", i18n::tr(Lang::EnUs, "cli-no-token"));
        return ExitCode::from(2);
    }
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .or_else(|_| tracing_subscriber::EnvFilter::try_new(&config.log.level))
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    // Colour codes only for a terminal: a log written to a file (systemd,
    // `> bot.log`) stays plain text that grep and editors read.
    use std::io::IsTerminal;
    // A log line that cannot be written (the pipe's reader is gone: a
    // supervisor's log pipe closed) is dropped. tracing-subscriber would
    // otherwise report the failure with `eprintln!`, which panics on the
    // same closed pipe — in whatever task logged, the signal handler's
    // included, and the bot then never stopped on SIGTERM.
    let log = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(|| LossyStdout)
        .log_internal_errors(false);
    match config.log.format {
        LogFormat::Text => log.with_ansi(std::io::stdout().is_terminal()).init(),
        // One JSON object a line: the event's fields at the top level
        // (`message`, `game`, …) and the span it happened in (`span`: a
        // table's `guild`, `channel` and `kind`, an interaction's `guild`,
        // `channel` and `user`).
        LogFormat::Json => log
            .json()
            .flatten_event(true)
            .with_current_span(true)
            .with_span_list(false)
            .init(),
    }
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("paiju: cannot start the async runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(discord::run(config)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            // Not `eprintln!`: it panics when stderr's reader is gone.
            use std::io::Write;
            let _ = writeln!(std::io::stderr(), "paiju: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Standard output for the bot's log, whose failed writes are dropped:
/// a log that cannot be written must never stop (or block the shutdown of)
/// the bot.
struct LossyStdout;

impl std::io::Write for LossyStdout {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let _ = std::io::stdout().write_all(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        let _ = std::io::stdout().flush();
        Ok(())
    }
}

/// Writes to standard output. A reader that went away (`| head`) is its
/// choice, not an error: what it did not read is dropped.
fn print_out(text: &str) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes()).and_then(|()| out.flush());
}

/// Reads a record, at most [`record::MAX_RECORD_BYTES`] of it: a larger
/// one is refused without reading it all.
fn read_record(file: &str) -> Result<String, String> {
    let limit = record::MAX_RECORD_BYTES;
    let mut bytes = Vec::new();
    let read = if file == "-" {
        std::io::stdin().take(limit + 1).read_to_end(&mut bytes)
    } else {
        std::fs::File::open(file).and_then(|f| f.take(limit + 1).read_to_end(&mut bytes))
    };
    if let Err(e) = read {
        return Err(if file == "-" {
            format!("cannot read standard input: {e}")
        } else {
            format!("cannot read {file}: {e}")
        });
    }
    if bytes.len() as u64 > limit {
        return Err(record::RecordError::TooLarge(format!("more than {limit} bytes")).to_string());
    }
    String::from_utf8(bytes).map_err(|_| format!("{file} is not UTF-8 text"))
}

fn run_replay(file: &str) -> ExitCode {
    let text = match read_record(file) {
        Ok(text) => text,
        Err(why) => {
            eprintln!("paiju: {why}");
            return ExitCode::from(2);
        }
    };
    match registry::replay_text(&text) {
        Ok((v, closed)) => {
            let mut json = v.to_json();
            if closed {
                json["closed"] = serde_json::Value::Bool(true);
            }
            print_out(&format!("{json}\n"));
            ExitCode::from(v.exit_code() as u8)
        }
        Err(e) => {
            eprintln!("paiju: {e}");
            ExitCode::from(2)
        }
    }
}

fn run_verify(file: &str, lang: Lang) -> ExitCode {
    let text = match read_record(file) {
        Ok(text) => text,
        Err(why) => {
            eprintln!("paiju: {why}");
            return ExitCode::from(2);
        }
    };
    match registry::verify_text(&text) {
        Ok((record, check)) => {
            let (report, code) = registry::verify_report(lang, &record, &check);
            print_out(&report);
            ExitCode::from(code)
        }
        Err(e) => {
            eprintln!("paiju: {e}");
            ExitCode::from(2)
        }
    }
}

/// `--lang`: en, en-US, zh or zh-CN.
fn parse_lang(s: &str) -> Result<Lang, String> {
    Lang::from_flag(s).ok_or_else(|| format!("`{s}` is not a language here: use en or zh"))
}

fn run_render(
    file: &str,
    at: Option<usize>,
    seat: Option<usize>,
    out: &std::path::Path,
) -> ExitCode {
    let text = match read_record(file) {
        Ok(text) => text,
        Err(why) => {
            eprintln!("paiju: {why}");
            return ExitCode::from(2);
        }
    };
    let at = match at {
        Some(at) => at,
        None => match record::Record::from_json(&text) {
            Ok(r) => r.actions.len(),
            Err(e) => {
                eprintln!("paiju: {e}");
                return ExitCode::from(2);
            }
        },
    };
    let seat = match seat {
        Some(0) => {
            eprintln!("paiju: seats are numbered from 1");
            return ExitCode::from(2);
        }
        s => s.map(|s| s - 1),
    };
    match registry::render_record(&text, at, seat) {
        Ok(picture) => match std::fs::write(out, &picture.png) {
            Ok(()) => {
                println!(
                    "{}: {}×{}, {} bytes",
                    out.display(),
                    picture.width,
                    picture.height,
                    picture.png.len()
                );
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("paiju: cannot write {}: {e}", out.display());
                ExitCode::from(2)
            }
        },
        Err(e) => {
            eprintln!("paiju: {e}");
            ExitCode::from(1)
        }
    }
}

/// Runs a `paiju ledger …` command's work on a one-thread runtime (2 when
/// the runtime cannot start).
fn on_one_thread(work: impl std::future::Future<Output = ExitCode>) -> ExitCode {
    match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime.block_on(work),
        Err(e) => {
            eprintln!("paiju: cannot start the async runtime: {e}");
            ExitCode::from(2)
        }
    }
}

/// Verifies `ledger`, closes it and prints the report on stdout: 0 when
/// clean, 1 when not; a check that could not run is `failed`'s to say.
async fn print_verified(
    ledger: paiju::ledger::Ledger,
    failed: impl FnOnce(paiju::ledger::LedgerError) -> ExitCode,
) -> ExitCode {
    let result = ledger.verify().await;
    ledger.close().await;
    match result {
        Ok(report) => {
            print_out(&report.render());
            if report.is_clean() {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            }
        }
        Err(e) => failed(e),
    }
}

fn run_ledger_verify(database: &str) -> ExitCode {
    on_one_thread(async {
        let ledger = match paiju::ledger::Ledger::open_existing(database).await {
            Ok(l) => l,
            Err(e) => {
                let database = paiju::ledger::redact_url(database);
                eprintln!("paiju: cannot open the ledger at {database}: {e}");
                return ExitCode::from(2);
            }
        };
        if ledger.is_immutable() {
            // Said on stderr: stdout is the report, which scripts read.
            eprintln!(
                "paiju: {database}: its folder takes no write; opened immutable (the database file alone, no write-ahead log lies beside it)",
                database = paiju::ledger::redact_url(database)
            );
        }
        print_verified(ledger, |e| {
            eprintln!("paiju: ledger verify failed: {e}");
            ExitCode::from(2)
        })
        .await
    })
}

fn run_ledger_backup(database: &str, file: &std::path::Path) -> ExitCode {
    let shown = paiju::ledger::redact_url(database);
    on_one_thread(async {
        let made = match paiju::ledger::backup_sqlite(database, file).await {
            Ok(made) => made,
            Err(e) => {
                eprintln!("paiju: ledger backup of {shown} refused: {e}");
                return ExitCode::from(2);
            }
        };
        print_out(&format!(
            "backup of {shown} written to {} ({} bytes); verifying the copy\n",
            file.display(),
            made.bytes
        ));
        let Some(copy) = file.to_str() else {
            eprintln!("paiju: {} is not a UTF-8 path", file.display());
            return ExitCode::from(2);
        };
        let ledger = match paiju::ledger::Ledger::open_existing(copy).await {
            Ok(l) => l,
            Err(e) => {
                eprintln!("paiju: cannot open the copy {copy}: {e}");
                return ExitCode::from(1);
            }
        };
        print_verified(ledger, |e| {
            eprintln!("paiju: verifying the copy failed: {e}");
            ExitCode::from(1)
        })
        .await
    })
}

fn run_ledger_reshard(database: &str, count: Option<u32>) -> ExitCode {
    let Some(count) = count else {
        eprintln!("paiju: ledger reshard needs the new count: --shard-count N");
        return ExitCode::from(2);
    };
    on_one_thread(async {
        let ledger = match paiju::ledger::Ledger::open(database, Default::default()).await {
            Ok(l) => l,
            Err(e) => {
                eprintln!("paiju: cannot open the ledger at {database}: {e}");
                return ExitCode::from(2);
            }
        };
        let result = ledger.reshard(count).await;
        ledger.close().await;
        match result {
            Ok(old) => {
                let was = old.map_or("none".to_string(), |c| c.to_string());
                print_out(&format!(
                    "shard count of {database}: {count} (was {was}); start the bots with --shard-count {count}\n"
                ));
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("paiju: ledger reshard refused: {e}");
                ExitCode::from(1)
            }
        }
    })
}

fn run_ratings_rebuild(database: &str, config: Option<&std::path::Path>) -> ExitCode {
    let ratings = match Config::load(config) {
        Ok(c) => c.ratings,
        Err(e) => {
            eprintln!("paiju: {e}");
            return ExitCode::from(2);
        }
    };
    on_one_thread(async {
        let ledger = match paiju::ledger::Ledger::open(database, Default::default()).await {
            Ok(l) => l.with_ratings(ratings),
            Err(e) => {
                let database = paiju::ledger::redact_url(database);
                eprintln!("paiju: cannot open the ledger at {database}: {e}");
                return ExitCode::from(2);
            }
        };
        let result = ledger.rebuild_ratings().await;
        ledger.close().await;
        match result {
            Ok(r) => {
                print_out(&format!(
                    "ratings rebuilt: {} games of people only, {} rated, {} players' ratings\n",
                    r.games, r.rated, r.players
                ));
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("paiju: ratings rebuild failed: {e}");
                ExitCode::from(1)
            }
        }
    })
}

fn run_ratings_simulate(o: paiju::ledger::ratings::simulate::SimulateOptions) -> ExitCode {
    if paiju::games::GameKind::from_name(&o.kind).is_none() {
        eprintln!("paiju: unknown game {}; {}", o.kind, game_help());
        return ExitCode::from(2);
    }
    if !(0.01..=0.99).contains(&o.role_wins) || o.players < 4 {
        eprintln!("paiju: --role-wins is 0.01 to 0.99 and --players at least 4");
        return ExitCode::from(2);
    }
    let r = paiju::ledger::ratings::simulate::simulate(&o);
    let mut out = format!(
        "{} games of {} among {} players (seed {}):\n",
        r.games, o.kind, o.players, o.seed
    );
    if matches!(o.kind.as_str(), "dou-dizhu" | "shengji") {
        out.push_str(&format!(
            "  role side won {:.1}%; mean change of mu per game: role seat {:+.5}, other seat {:+.5}\n",
            r.role_win_rate * 100.0,
            r.role_mean_change,
            r.others_mean_change
        ));
    }
    out.push_str(&format!(
        "  ratings: mean {:.0}, sd {:.0}, lowest {}, highest {}; correlation of mu with true skill {:.3}\n  tiers:",
        r.points_mean, r.points_sd, r.points_min, r.points_max, r.skill_correlation
    ));
    for (tier, count) in &r.tiers {
        let name = paiju::i18n::tr(paiju::i18n::Lang::EnUs, tier);
        out.push_str(&format!(" {name} {count};"));
    }
    out.push('\n');
    print_out(&out);
    ExitCode::SUCCESS
}

/// The help of a `game` argument: the games of the registry.
fn game_help() -> String {
    format!("The game: {}", paiju::games::GameKind::names())
}

/// `simulate --ai`: random or basic (the rules crate names its bots; the
/// command line adapts them here).
fn parse_ai_kind(s: &str) -> Result<AiKind, String> {
    s.parse()
}

/// Refuses `paiju play`'s command line in the player's language (exit 2).
fn refuse(lang: Lang, key: &str, args: &i18n::Args<'_>) -> ExitCode {
    eprintln!("paiju: {}", i18n::tr_args(lang, key, args));
    ExitCode::from(2)
}

/// Refuses to play on a ledger that cannot be opened: a refusal the
/// ledger words itself (another process plays there, a damaged file) in
/// its own message, anything else as "cannot open the ledger".
fn refuse_ledger(lang: Lang, database: &str, e: &paiju::ledger::LedgerError) -> ExitCode {
    use paiju::ledger::LedgerError;
    if matches!(e, LedgerError::LeaseHeld { .. } | LedgerError::Damaged(_)) {
        let message = paiju::table::ledger_message(e);
        eprintln!(
            "paiju: {}",
            i18n::tr_message(lang, &message, &paiju::terminal::Terminal)
        );
        return ExitCode::from(2);
    }
    refuse(
        lang,
        "term-err-ledger",
        &[
            ("path", paiju::ledger::redact_url(database).into()),
            ("why", e.to_string().into()),
        ],
    )
}

fn run_play(cli: registry::PlayCli) -> ExitCode {
    use paiju::terminal::{self, PlayOptions};
    use std::io::IsTerminal;
    let lang = cli.common.lang.unwrap_or_else(Lang::from_env);
    // The same file the bot reads, refused the same way when broken.
    let config = match Config::load(cli.common.config.as_deref()) {
        Ok(c) => c,
        Err(e) => return refuse(lang, "term-err-config", &[("why", e.to_string().into())]),
    };
    let kind = cli.game.kind;
    let setup = match registry::play_setup(&cli, config.stakes.get(kind)) {
        Ok(setup) => setup,
        Err(refusal) => {
            eprintln!("paiju: {}", registry::refusal_text(&refusal, lang));
            return ExitCode::from(2);
        }
    };
    let interactive = std::io::stdin().is_terminal();
    let ai_delay_ms = if interactive { 700 } else { 0 };
    // A person at a terminal gets long timers, unless the file sets its own.
    let mut table_config = terminal::terminal_config(ai_delay_ms);
    if config.timers != paiju::config::TimersConfig::default() {
        table_config.bid_timeout_secs = config.timers.bid_secs;
        table_config.play_timeout_secs = config.timers.play_secs;
        table_config.lobby_idle_secs = config.timers.lobby_idle_secs;
    }
    let options = PlayOptions {
        seed: cli.common.seed,
        rules: setup.rules,
        stake: setup.stake,
        ai_delay_ms,
        ai_seats: setup.ai_seats,
        buy_in: setup.buy_in,
        lang,
    };
    // Bad options are refused before the ledger is opened: a refusal
    // creates no database and grants no chips.
    let database = cli
        .common
        .database
        .unwrap_or_else(|| config.database_url.clone());
    let database = database.as_str();
    let ledger_config = paiju::ledger::LedgerConfig {
        starting_chips: config.chips.starting,
        daily_amount: config.chips.daily,
        daily_cooldown_secs: config.chips.daily_cooldown_secs,
        ..Default::default()
    };
    // A fresh ledger would give the person its starting chips: what the
    // seat takes (Chexuan's bobo) is checked against them before the
    // ledger file is made.
    let fresh = paiju::ledger::is_missing_sqlite_file(database);
    let balance = fresh.then_some(ledger_config.starting_chips);
    let checked = paiju::games::with_game!(kind, G => terminal::check_options::<G>(&table_config, &options, balance));
    if let Err(said) = checked {
        eprintln!("{said}");
        return ExitCode::from(2);
    }
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            return refuse(lang, "term-err-runtime", &[("why", e.to_string().into())]);
        }
    };
    runtime.block_on(async {
        let ledger = match paiju::ledger::Ledger::open(database, ledger_config.clone()).await {
            Ok(l) => l,
            Err(e) => return refuse_ledger(lang, database, &e),
        };
        // One process plays at a ledger's tables at a time (issue #14).
        let lease = match ledger
            .take_lease(
                paiju::ledger::lease::TABLES,
                &paiju::ledger::LeaseOwner::me(),
            )
            .await
        {
            Ok(lease) => lease,
            Err(e) => {
                ledger.close().await;
                return refuse_ledger(lang, database, &e);
            }
        };
        // An existing ledger: the seat is checked against the balance there
        // (or the starting chips of an account not opened yet) before
        // anything opens the account.
        if !fresh {
            let balance = match ledger
                .existing_balance(terminal::LOCAL_SERVER, terminal::LOCAL_USER)
                .await
            {
                Ok(b) => b.unwrap_or(ledger_config.starting_chips),
                Err(e) => {
                    lease.release().await;
                    ledger.close().await;
                    return refuse_ledger(lang, database, &e);
                }
            };
            let checked = paiju::games::with_game!(kind, G => {
                terminal::check_options::<G>(&table_config, &options, Some(balance))
            });
            if let Err(said) = checked {
                lease.release().await;
                ledger.close().await;
                eprintln!("{said}");
                return ExitCode::from(2);
            }
        }
        let tables = paiju::table::Tables::new(std::sync::Arc::new(ledger.clone()), table_config);
        let input = tokio::io::BufReader::new(tokio::io::stdin());
        let out = std::io::stdout();
        let result = paiju::games::with_game!(kind, G => {
            terminal::play::<G, _, _, _>(tables, options, input, out).await
        });
        lease.release().await;
        ledger.close().await;
        match result {
            Ok(()) => ExitCode::SUCCESS,
            // Already said on the terminal, in the player's language.
            Err(e) if e.is::<terminal::Reported>() => ExitCode::from(2),
            Err(e) => {
                eprintln!("paiju: {e}");
                ExitCode::from(2)
            }
        }
    })
}
