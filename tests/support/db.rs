//! The databases a ledger test runs on: a SQLite file always, PostgreSQL
//! when `PAIJU_TEST_POSTGRES` names a server (`.ci/postgres` installs and
//! starts one and prints its URL). Under CI (`CI` set) a missing
//! `PAIJU_TEST_POSTGRES` fails the PostgreSQL tests instead of skipping
//! them, so CI cannot pass without having run them.
//!
//! Each PostgreSQL test gets a schema of its own in that database (the URL
//! sets its `search_path`), so tests run in parallel and start empty; the
//! schema is dropped when the test's [`TestDb`] is.
//!
//! `on_every_database!(name, …)` turns `async fn name(b: Backend)` into the
//! tests `name::sqlite` and `name::postgres`. A binary includes this file as
//! `#[path = "support/db.rs"] #[macro_use] mod db;`.
#![allow(dead_code)]

use std::sync::atomic::{AtomicU32, Ordering};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// The URL of the test PostgreSQL server, if this run has one. Panics
/// under CI when it has none.
pub fn postgres_url() -> Option<String> {
    match std::env::var("PAIJU_TEST_POSTGRES") {
        Ok(url) if !url.trim().is_empty() => Some(url.trim().to_string()),
        _ if std::env::var_os("CI").is_some() => panic!(
            "CI is set but PAIJU_TEST_POSTGRES is not: the PostgreSQL tests must run \
             (export PAIJU_TEST_POSTGRES=$(bash .ci/postgres))"
        ),
        _ => {
            eprintln!("PAIJU_TEST_POSTGRES is not set: skipping the PostgreSQL run");
            None
        }
    }
}

/// A fresh, empty database for one test: a SQLite file in a temporary
/// directory, or a PostgreSQL schema of its own.
pub struct TestDb {
    pub backend: Backend,
    /// What `Ledger::open` and `--database` take.
    pub url: String,
    dir: Option<tempfile::TempDir>,
    /// The server URL and the schema, to drop it at the end.
    schema: Option<(String, String)>,
}

static NEXT: AtomicU32 = AtomicU32::new(0);

impl TestDb {
    /// A fresh database on `backend`; `None` when PostgreSQL is not
    /// configured for this run (outside CI).
    pub async fn new(backend: Backend) -> Option<TestDb> {
        match backend {
            Backend::Sqlite => {
                let dir = tempfile::tempdir().unwrap();
                let url = dir.path().join("paiju.db").to_str().unwrap().to_string();
                Some(TestDb {
                    backend,
                    url,
                    dir: Some(dir),
                    schema: None,
                })
            }
            Backend::Postgres => {
                let server = postgres_url()?;
                let nanos = std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .unwrap()
                    .subsec_nanos();
                let schema = format!(
                    "t{}_{}_{nanos}",
                    std::process::id(),
                    NEXT.fetch_add(1, Ordering::Relaxed)
                );
                admin(&server, &format!("CREATE SCHEMA {schema}")).await;
                let sep = if server.contains('?') { '&' } else { '?' };
                let url = format!("{server}{sep}options[search_path]={schema}");
                Some(TestDb {
                    backend,
                    url,
                    dir: None,
                    schema: Some((server, schema)),
                })
            }
        }
    }

    /// The temporary directory of a SQLite database.
    pub fn dir(&self) -> Option<&std::path::Path> {
        self.dir.as_ref().map(|d| d.path())
    }

    /// Runs one statement on the database behind the ledger's back (to
    /// tamper with it).
    pub async fn exec(&self, sql: &str) {
        use sqlx::Connection;
        match self.backend {
            Backend::Sqlite => {
                let mut c = sqlx::SqliteConnection::connect(&format!("sqlite://{}", self.url))
                    .await
                    .unwrap();
                sqlx::query(sql).execute(&mut c).await.unwrap();
                c.close().await.unwrap();
            }
            Backend::Postgres => admin(&self.url, sql).await,
        }
    }

    /// The first column of `sql`'s rows, as text, read behind the ledger's
    /// back.
    pub async fn texts(&self, sql: &str) -> Vec<String> {
        use sqlx::Connection;
        match self.backend {
            Backend::Sqlite => {
                let mut c = sqlx::SqliteConnection::connect(&format!("sqlite://{}", self.url))
                    .await
                    .unwrap();
                let rows = sqlx::query_scalar(sql).fetch_all(&mut c).await.unwrap();
                c.close().await.unwrap();
                rows
            }
            Backend::Postgres => {
                let mut c = sqlx::PgConnection::connect(&self.url).await.unwrap();
                let rows = sqlx::query_scalar(sql).fetch_all(&mut c).await.unwrap();
                c.close().await.unwrap();
                rows
            }
        }
    }

    /// Creates the database as an older version of the ledger left it: the
    /// migrations whose file names sort before `first_left_out` (SQLite's
    /// from `migrations/`, PostgreSQL's from `migrations/postgres/`), as the
    /// ledger would have applied them.
    pub async fn migrate_before(&self, first_left_out: &str) {
        let from = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(match self.backend {
            Backend::Sqlite => "crates/paiju-ledger/migrations",
            Backend::Postgres => "crates/paiju-ledger/migrations/postgres",
        });
        let older = tempfile::tempdir().unwrap();
        for entry in std::fs::read_dir(&from).unwrap() {
            let entry = entry.unwrap();
            let name = entry.file_name().to_string_lossy().to_string();
            if name.ends_with(".sql") && name.as_str() < first_left_out {
                std::fs::copy(entry.path(), older.path().join(&name)).unwrap();
            }
        }
        let migrator = sqlx::migrate::Migrator::new(older.path()).await.unwrap();
        match self.backend {
            Backend::Sqlite => {
                let opts = sqlx::sqlite::SqliteConnectOptions::new()
                    .filename(&self.url)
                    .create_if_missing(true);
                let pool = sqlx::SqlitePool::connect_with(opts).await.unwrap();
                migrator.run(&pool).await.unwrap();
                pool.close().await;
            }
            Backend::Postgres => {
                let pool = sqlx::PgPool::connect(&self.url).await.unwrap();
                migrator.run(&pool).await.unwrap();
                pool.close().await;
            }
        }
    }
}

async fn admin(url: &str, sql: &str) {
    use sqlx::Connection;
    let mut c = sqlx::PgConnection::connect(url)
        .await
        .unwrap_or_else(|e| panic!("PostgreSQL at PAIJU_TEST_POSTGRES: {e}"));
    sqlx::query(sql).execute(&mut c).await.unwrap();
    c.close().await.unwrap();
}

impl Drop for TestDb {
    fn drop(&mut self) {
        let Some((server, schema)) = self.schema.take() else {
            return;
        };
        // Drop runs inside the test's runtime, which cannot be blocked on:
        // a thread of its own with a runtime of its own does the work.
        let _ = std::thread::spawn(move || {
            let rt = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .unwrap();
            rt.block_on(async {
                use sqlx::Connection;
                if let Ok(mut c) = sqlx::PgConnection::connect(&server).await {
                    // A connection of the test still in a transaction must
                    // not keep this waiting: the schema is then left behind.
                    let _ = sqlx::query("SET lock_timeout = '5s'").execute(&mut c).await;
                    let _ = sqlx::query(&format!("DROP SCHEMA {schema} CASCADE"))
                        .execute(&mut c)
                        .await;
                    let _ = c.close().await;
                }
            });
        })
        .join();
    }
}

/// `on_every_database!(a, b)`: the tests `a::sqlite`, `a::postgres`, … of
/// `async fn a(b: Backend)`.
#[macro_export]
macro_rules! on_every_database {
    ($($name:ident),* $(,)?) => {
        $(
            mod $name {
                #[tokio::test]
                async fn sqlite() {
                    super::$name($crate::support::db::Backend::Sqlite).await
                }

                #[tokio::test]
                async fn postgres() {
                    if $crate::support::db::postgres_url().is_some() {
                        super::$name($crate::support::db::Backend::Postgres).await
                    }
                }
            }
        )*
    };
}
