//! `threshold backup` and `threshold restore` (issue 30, 4): a running single-machine
//! installation is backed up and restored into an empty one, which then has the case, the
//! document's bytes and the key that opens its sealed secrets.

use crate::documents::{PDF, case_with_customer, upload};
use crate::support::{Backend, TestApp};
use reqwest::StatusCode;
use threshold_api::backup::{backup, restore};
use threshold_api::staff::new_key_text;
use threshold_api::{App, Config};

/// An empty installation in `dir`, with the settings of `like`.
fn installation_in(dir: &std::path::Path, like: &Config) -> Config {
    Config {
        database_url: format!("sqlite://{}/db/threshold.db", dir.display()),
        data_dir: dir.to_owned(),
        ..like.clone()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backup_restores_into_an_empty_installation_with_its_cases_documents_and_key() {
    let app = TestApp::spawn(Backend::Sqlite).await;
    assert!(
        app.config.secrets_key.is_none(),
        "the key file's installation"
    );
    threshold_api::demo::seed_accounts(&app.db, &app.config, &app.secrets)
        .await
        .unwrap();
    let (_broker, mut cara, case_id) = case_with_customer(&app).await;
    let mut file = PDF.to_vec();
    file.extend_from_slice(b"% the statement's own bytes\n");
    let res = upload(&mut cara, case_id, "statement.pdf", file.clone()).await;
    assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
    let document_id = res.body["documentId"].as_i64().unwrap();

    // Taken while the server runs.
    let scratch = tempfile::tempdir().unwrap();
    let folder = scratch.path().join("backup");
    let manifest = backup(&app.config, &folder).await.unwrap();
    assert_eq!(manifest.document_files, 1);
    assert_eq!(manifest.secrets_key.as_deref(), Some("secrets.key"));
    assert_eq!(manifest.release, app.config.release);
    assert!(folder.join("backup.json").is_file());
    let err = backup(&app.config, &folder).await.unwrap_err();
    assert!(err.to_string().contains("not empty"), "{err}");

    let target = tempfile::tempdir().unwrap();
    let restored = installation_in(target.path(), &app.config);
    restore(&restored, &folder).await.unwrap();
    let err = restore(&restored, &folder).await.unwrap_err();
    assert!(
        err.to_string().contains("already holds a database"),
        "{err}"
    );

    // The restored installation starts (its key opens the database's secrets) and has it all.
    let copy = App::build(restored.clone()).await.unwrap().state;
    let document = copy.db.document(document_id).await.unwrap().unwrap();
    assert_eq!(document.case_id, case_id);
    assert_eq!(copy.db.count_cases().await.unwrap(), 1);
    let mut download = copy.documents.get(&document.storage_key).await.unwrap();
    let mut bytes = Vec::new();
    while let Some(chunk) = futures::StreamExt::next(&mut download.body).await {
        bytes.extend_from_slice(&chunk.unwrap());
    }
    assert!(bytes == file, "the document's bytes");
    let secrets = copy.db.staff_factor_secrets().await.unwrap();
    let (staff, sealed) = &secrets[0];
    assert_eq!(
        copy.secrets.open(*staff, sealed).unwrap(),
        threshold_api::demo::DEMO_STAFF_TOTP_SECRET
    );

    // An installation whose SECRETS_KEY is another key is told so at once.
    let elsewhere = tempfile::tempdir().unwrap();
    let mut wrong_key = installation_in(elsewhere.path(), &app.config);
    wrong_key.secrets_key = Some(new_key_text().unwrap());
    let err = restore(&wrong_key, &folder).await.unwrap_err();
    assert!(format!("{err:#}").contains("SECRETS_KEY"), "{err:#}");
}

/// PostgreSQL and buckets have their own tools: the commands say which instead of copying
/// half an installation.
#[tokio::test]
async fn postgres_and_bucket_installations_are_pointed_to_their_own_tools() {
    let scratch = tempfile::tempdir().unwrap();
    let postgres = Config {
        database_url: "postgres://threshold@db.internal/threshold".into(),
        ..Config::default()
    };
    let err = backup(&postgres, scratch.path()).await.unwrap_err();
    assert!(err.to_string().contains("pg_dump"), "{err}");
    let bucket = Config {
        database_url: format!("sqlite://{}/threshold.db", scratch.path().display()),
        document_store_url: Some("s3://threshold-docs".into()),
        ..Config::default()
    };
    let err = restore(&bucket, scratch.path()).await.unwrap_err();
    assert!(err.to_string().contains("versioning"), "{err}");
    assert!(
        std::fs::read_dir(scratch.path()).unwrap().next().is_none(),
        "nothing written"
    );
}
