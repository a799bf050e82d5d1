//! `threshold backup DIR` and `threshold restore DIR` for a single-machine installation:
//! SQLite, documents in a local folder and the key file in the data directory. PostgreSQL and
//! a bucket have their own tools (`pg_dump`, bucket versioning; see README, Backups), which
//! these commands point to rather than imitate.
//!
//! A backup is a folder: a consistent copy of the database taken while the server runs
//! (`VACUUM INTO`), the documents, the key that opens the database's sealed secrets, and
//! `backup.json`, written last, so a folder without it is an unfinished backup.

use std::path::{Path, PathBuf};
use std::str::FromStr;

use anyhow::{Context, bail, ensure};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use sqlx::sqlite::{SqliteConnectOptions, SqlitePool};
use threshold_documents::Location;
use threshold_store::{Backend, Db};

use crate::config::Config;
use crate::staff::{SecretBox, check_key};

const MANIFEST: &str = "backup.json";
const DATABASE: &str = "threshold.db";
const DOCUMENTS: &str = "files";
const KEY: &str = "secrets.key";
/// The layout of a backup folder; a restore refuses any other.
const FORMAT: u32 = 1;

/// What `backup.json` records.
#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Manifest {
    pub format: u32,
    /// The release that took the backup.
    pub release: String,
    pub created_at: DateTime<Utc>,
    /// The newest migration the database had: an older release cannot read it.
    pub schema_version: i64,
    pub database: String,
    pub documents: String,
    pub document_files: u64,
    /// The key file, or none where the installation's key is SECRETS_KEY (kept with the
    /// configuration, not the data).
    pub secrets_key: Option<String>,
}

/// Backs up the installation `config` describes into `dir` (missing or empty).
pub async fn backup(config: &Config, dir: &Path) -> anyhow::Result<Manifest> {
    let database = sqlite_file(config)?;
    let documents = local_documents(config)?;
    ensure!(
        database.is_file(),
        "there is no database at {} (DATABASE_URL)",
        database.display()
    );
    ensure!(
        is_missing_or_empty(dir)?,
        "{} is not empty: back up into a new folder",
        dir.display()
    );
    create_private_dir(dir)?;

    let copy = dir.join(DATABASE);
    let pool = SqlitePool::connect_with(
        SqliteConnectOptions::from_str(&config.database_url)?
            .busy_timeout(std::time::Duration::from_secs(30)),
    )
    .await?;
    // A snapshot of one read transaction: writers carry on meanwhile (WAL).
    sqlx::query("VACUUM INTO ?")
        .bind(
            copy.to_str()
                .context("the backup folder's path is not UTF-8")?,
        )
        .execute(&pool)
        .await
        .context("copying the database")?;
    pool.close().await;
    let schema_version = schema_version(&copy).await?;

    // After the database: an upload made meanwhile is an extra file, harmless; only a document
    // deleted in between is listed without its file.
    let document_files = copy_tree(&documents, &dir.join(DOCUMENTS))?;

    let secrets_key = match config.secrets_key {
        Some(_) => None,
        None => {
            copy_private(&config.data_dir.join(KEY), &dir.join(KEY))?;
            Some(KEY.to_owned())
        }
    };
    let manifest = Manifest {
        format: FORMAT,
        release: config.release.clone(),
        created_at: Utc::now(),
        schema_version,
        database: DATABASE.into(),
        documents: DOCUMENTS.into(),
        document_files,
        secrets_key,
    };
    std::fs::write(dir.join(MANIFEST), serde_json::to_vec_pretty(&manifest)?)?;
    Ok(manifest)
}

/// Restores the backup in `dir` into the installation `config` describes, which must have no
/// database and no documents yet; then checks the database and that the key opens its secrets.
pub async fn restore(config: &Config, dir: &Path) -> anyhow::Result<Manifest> {
    let database = sqlite_file(config)?;
    let documents = local_documents(config)?;
    let manifest: Manifest =
        serde_json::from_slice(&std::fs::read(dir.join(MANIFEST)).with_context(|| {
            format!("{} has no {MANIFEST}: not a finished backup", dir.display())
        })?)
        .with_context(|| format!("reading {MANIFEST}"))?;
    ensure!(
        manifest.format == FORMAT,
        "this backup's format is {}; this release reads format {FORMAT}",
        manifest.format
    );
    let known = Db::migration_versions(Backend::Sqlite)
        .into_iter()
        .max()
        .unwrap_or(0);
    ensure!(
        manifest.schema_version <= known,
        "this backup was taken by a newer release ({}): restore it with that release",
        manifest.release
    );
    for file in [database.clone(), wal_of(&database)] {
        ensure!(
            !file.exists() || std::fs::metadata(&file)?.len() == 0,
            "{} already holds a database: restore into a new installation (move it away first)",
            file.display()
        );
    }
    ensure!(
        is_missing_or_empty(&documents)?,
        "{} already holds documents: restore into a new installation (move it away first)",
        documents.display()
    );
    let key_file = config.data_dir.join(KEY);
    let restore_key = manifest.secrets_key.is_some() && config.secrets_key.is_none();
    if restore_key && key_file.exists() {
        ensure!(
            std::fs::read(&key_file)? == std::fs::read(dir.join(KEY))?,
            "{} holds another key: move it away to restore the backup's",
            key_file.display()
        );
    }

    if let Some(parent) = database.parent() {
        std::fs::create_dir_all(parent)?;
    }
    // Under another name until whole: a half-copied file is never taken for the database.
    let partial = database.with_extension("restoring");
    std::fs::copy(dir.join(&manifest.database), &partial).context("copying the database")?;
    std::fs::rename(&partial, &database)?;
    copy_tree(&dir.join(&manifest.documents), &documents)?;
    if restore_key && !key_file.exists() {
        copy_private(&dir.join(KEY), &key_file)?;
    }

    let db = Db::connect(&config.database_url, 1).await?;
    let Db::Sqlite(pool) = &db else {
        unreachable!("sqlite_file checked the URL")
    };
    let integrity: String = sqlx::query_scalar("PRAGMA integrity_check")
        .fetch_one(pool)
        .await?;
    ensure!(
        integrity == "ok",
        "the restored database is damaged: {integrity}"
    );
    check_key(&db, &SecretBox::from_config(config)?)
        .await
        .context("the restored database's secrets do not open with this installation's key")?;
    pool.close().await;
    Ok(manifest)
}

/// The SQLite file of `DATABASE_URL`, or why these commands do not back this database up.
fn sqlite_file(config: &Config) -> anyhow::Result<PathBuf> {
    if !config.database_url.starts_with("sqlite:") {
        bail!(
            "this installation's database is PostgreSQL: back it up with pg_dump and restore \
             it with pg_restore (README, Backups)"
        );
    }
    let options = SqliteConnectOptions::from_str(&config.database_url)?;
    let file = options.get_filename();
    ensure!(
        file != Path::new(":memory:"),
        "an in-memory database has nothing to back up"
    );
    Ok(file.to_owned())
}

/// The local documents folder, or why these commands do not back a bucket up.
fn local_documents(config: &Config) -> anyhow::Result<PathBuf> {
    match config.document_location()? {
        Location::Local(dir) => Ok(dir),
        Location::S3(_) => bail!(
            "this installation keeps its documents in a bucket: keep them with the bucket's \
             versioning (README, Backups)"
        ),
    }
}

async fn schema_version(database: &Path) -> anyhow::Result<i64> {
    let pool = SqlitePool::connect_with(
        SqliteConnectOptions::new()
            .filename(database)
            .read_only(true),
    )
    .await?;
    let version = sqlx::query_scalar("SELECT COALESCE(MAX(version), 0) FROM _sqlx_migrations")
        .fetch_one(&pool)
        .await?;
    pool.close().await;
    Ok(version)
}

fn wal_of(database: &Path) -> PathBuf {
    let mut name = database.as_os_str().to_owned();
    name.push("-wal");
    name.into()
}

fn is_missing_or_empty(dir: &Path) -> anyhow::Result<bool> {
    match std::fs::read_dir(dir) {
        Ok(mut entries) => Ok(entries.next().is_none()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(true),
        Err(e) => Err(e).with_context(|| format!("reading {}", dir.display())),
    }
}

/// A folder only its owner reads: a backup holds every case and the key to its secrets.
fn create_private_dir(dir: &Path) -> anyhow::Result<()> {
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    builder
        .create(dir)
        .with_context(|| format!("creating {}", dir.display()))
}

fn copy_private(from: &Path, to: &Path) -> anyhow::Result<()> {
    let bytes = std::fs::read(from).with_context(|| format!("reading {}", from.display()))?;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options
        .open(to)
        .with_context(|| format!("creating {}", to.display()))?;
    std::io::Write::write_all(&mut file, &bytes)?;
    file.sync_all()?;
    Ok(())
}

/// Copies the files under `from` (missing: none) to `to`; how many.
fn copy_tree(from: &Path, to: &Path) -> anyhow::Result<u64> {
    std::fs::create_dir_all(to).with_context(|| format!("creating {}", to.display()))?;
    let entries = match std::fs::read_dir(from) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(0),
        Err(e) => return Err(e).with_context(|| format!("reading {}", from.display())),
    };
    let mut copied = 0;
    for entry in entries {
        let entry = entry?;
        let kind = entry.file_type()?;
        let target = to.join(entry.file_name());
        if kind.is_dir() {
            copied += copy_tree(&entry.path(), &target)?;
        } else if kind.is_file() {
            std::fs::copy(entry.path(), &target)
                .with_context(|| format!("copying {}", entry.path().display()))?;
            copied += 1;
        }
    }
    Ok(copied)
}
