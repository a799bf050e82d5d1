//! Connection pool for either backend, chosen once from the URL scheme, and migrations.

use std::str::FromStr;
use std::time::Duration;

use sqlx::migrate::Migrator;
use sqlx::postgres::{PgPool, PgPoolOptions};
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};

use crate::StoreError;

static SQLITE_MIGRATIONS: Migrator = sqlx::migrate!("../../migrations/sqlite");
static POSTGRES_MIGRATIONS: Migrator = sqlx::migrate!("../../migrations/postgres");

/// Begins a write transaction. On SQLite it takes the write lock at once (`BEGIN IMMEDIATE`),
/// waiting for it up to the busy timeout: a deferred transaction that read first and then
/// writes is refused outright (BUSY_SNAPSHOT) when another writer committed in between, which
/// under load could fail a request. PostgreSQL's default transaction needs no such care.
pub(crate) trait BeginWrite {
    type Database: sqlx::Database;
    fn begin_write(
        &self,
    ) -> impl Future<Output = Result<sqlx::Transaction<'static, Self::Database>, sqlx::Error>> + Send;
}

impl BeginWrite for SqlitePool {
    type Database = sqlx::Sqlite;
    fn begin_write(
        &self,
    ) -> impl Future<Output = Result<sqlx::Transaction<'static, Self::Database>, sqlx::Error>> + Send
    {
        self.begin_with("BEGIN IMMEDIATE")
    }
}

impl BeginWrite for PgPool {
    type Database = sqlx::Postgres;
    fn begin_write(
        &self,
    ) -> impl Future<Output = Result<sqlx::Transaction<'static, Self::Database>, sqlx::Error>> + Send
    {
        self.begin()
    }
}

/// Which database a [`Db`] talks to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// A pool on one of the two supported databases.
#[derive(Clone, Debug)]
pub enum Db {
    Sqlite(SqlitePool),
    Postgres(PgPool),
}

/// Runs the same query code against whichever pool `db` holds.
///
/// `on_db!(db, pool => expr)` expands `expr` once with `pool: &SqlitePool` and once with
/// `pool: &PgPool`, so the SQL is written once and type-checked for both drivers.
#[macro_export]
macro_rules! on_db {
    ($db:expr, $pool:ident => $body:expr) => {
        match $db {
            $crate::Db::Sqlite($pool) => $body,
            $crate::Db::Postgres($pool) => $body,
        }
    };
}

impl Db {
    /// Connects to `url` (`sqlite:…` or `postgres:…`), creating a SQLite file if missing.
    pub async fn connect(url: &str, max_connections: u32) -> Result<Self, StoreError> {
        if url.starts_with("sqlite:") {
            let options = SqliteConnectOptions::from_str(url)?
                .create_if_missing(true)
                .journal_mode(SqliteJournalMode::Wal)
                .synchronous(SqliteSynchronous::Normal)
                .foreign_keys(true)
                .busy_timeout(Duration::from_secs(10))
                // Readers share the OS page cache through mmap instead of copying pages into
                // each connection's own small cache: the case lists read a lot of index pages.
                .pragma("mmap_size", "268435456")
                .pragma("cache_size", "-8000");
            let pool = SqlitePoolOptions::new()
                .max_connections(max_connections)
                .connect_with(options)
                .await?;
            Ok(Db::Sqlite(pool))
        } else if url.starts_with("postgres:") || url.starts_with("postgresql:") {
            let pool = PgPoolOptions::new()
                .max_connections(max_connections)
                .acquire_timeout(Duration::from_secs(10))
                .connect(url)
                .await?;
            Ok(Db::Postgres(pool))
        } else {
            Err(StoreError::UnsupportedUrl)
        }
    }

    pub fn backend(&self) -> Backend {
        match self {
            Db::Sqlite(_) => Backend::Sqlite,
            Db::Postgres(_) => Backend::Postgres,
        }
    }

    /// Applies the product's migrations. The job queue keeps its own migration history
    /// (see the workers crate), hence `ignore_missing`.
    pub async fn migrate(&self) -> Result<(), StoreError> {
        let mut migrator = match self {
            Db::Sqlite(_) => copy_of(&SQLITE_MIGRATIONS),
            Db::Postgres(_) => copy_of(&POSTGRES_MIGRATIONS),
        };
        migrator.set_ignore_missing(true);
        on_db!(self, pool => migrator.run(pool).await)?;
        Ok(())
    }

    /// The migration versions for one backend, for the parity test.
    pub fn migration_versions(backend: Backend) -> Vec<i64> {
        let migrator = match backend {
            Backend::Sqlite => &SQLITE_MIGRATIONS,
            Backend::Postgres => &POSTGRES_MIGRATIONS,
        };
        migrator.iter().map(|m| m.version).collect()
    }

    /// Answers whether the database can serve a query now (readiness probe).
    pub async fn ping(&self) -> Result<(), StoreError> {
        on_db!(self, pool => sqlx::query("SELECT 1").execute(pool).await.map(|r| r.rows_affected()))?;
        Ok(())
    }

    /// Table name → sorted column names, for the migration parity test.
    pub async fn schema(&self) -> Result<Vec<(String, Vec<String>)>, StoreError> {
        let rows: Vec<(String, String)> = match self {
            Db::Sqlite(pool) => {
                sqlx::query_as(
                    "SELECT m.name, p.name FROM sqlite_master m JOIN pragma_table_info(m.name) p \
                     WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' AND m.name NOT LIKE '\\_%' ESCAPE '\\' \
                     AND m.name NOT IN ('Jobs', 'Workers')",
                )
                .fetch_all(pool)
                .await?
            }
            Db::Postgres(pool) => {
                sqlx::query_as(
                    "SELECT table_name::text, column_name::text FROM information_schema.columns \
                     WHERE table_schema = current_schema() AND table_name NOT LIKE '\\_%'",
                )
                .fetch_all(pool)
                .await?
            }
        };
        let mut tables: std::collections::BTreeMap<String, Vec<String>> = Default::default();
        for (table, column) in rows {
            tables.entry(table).or_default().push(column);
        }
        Ok(tables
            .into_iter()
            .map(|(t, mut cols)| {
                cols.sort();
                (t, cols)
            })
            .collect())
    }
}

/// `Migrator` is not `Clone`; rebuild one from the static so its flags can be set.
fn copy_of(source: &Migrator) -> Migrator {
    Migrator::with_migrations(source.iter().cloned().collect())
}
