//! moto's S3-compatible server, started on a free loopback port for the tests of the S3 path
//! (`make moto` installs it; without it those tests are skipped, except in CI).

use std::path::Path;
use std::process::{Child, Command, Stdio};

pub struct Moto {
    pub endpoint: String,
    child: Child,
}

impl Drop for Moto {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// moto_server from MOTO_SERVER, the Makefile's venv, or PATH.
fn moto_binary() -> Option<String> {
    if let Ok(path) = std::env::var("MOTO_SERVER") {
        return Some(path);
    }
    let target = std::env::var("CARGO_TARGET_DIR").unwrap_or_else(|_| "target".into());
    let venv = format!("{target}/moto-venv/bin/moto_server");
    if Path::new(&venv).exists() {
        return Some(venv);
    }
    Command::new("moto_server")
        .arg("--help")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .ok()
        .map(|_| "moto_server".into())
}

impl Moto {
    /// A running moto server, or None (with a note) where it is not installed outside CI.
    pub async fn start() -> Option<Moto> {
        let Some(moto) = moto_binary() else {
            assert!(
                std::env::var("CI").is_err(),
                "moto_server is missing in CI: `make moto` installs it"
            );
            eprintln!("SKIPPED: moto_server not installed (make moto); the S3 path was not tested");
            return None;
        };
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let server = Moto {
            endpoint: format!("http://127.0.0.1:{port}"),
            child: Command::new(&moto)
                .args(["-H", "127.0.0.1", "-p", &port.to_string()])
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .expect("moto_server starts"),
        };
        let http = reqwest::Client::new();
        for _ in 0..200 {
            if http.get(&server.endpoint).send().await.is_ok() {
                return Some(server);
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        panic!("moto_server did not answer");
    }

    /// Creates a bucket (moto accepts an unsigned creation).
    pub async fn create_bucket(&self, name: &str) {
        let res = reqwest::Client::new()
            .put(format!("{}/{name}", self.endpoint))
            .send()
            .await
            .unwrap();
        assert!(res.status().is_success(), "bucket {name} created");
    }

    /// The app's settings for `bucket` on this server.
    pub fn configure(&self, config: &mut threshold_api::Config, bucket: &str) {
        config.document_store_url = Some(format!("s3://{bucket}"));
        config.s3_endpoint = Some(self.endpoint.clone());
        config.aws_region = "us-east-1".into();
        config.aws_access_key_id = Some("test".into());
        config.aws_secret_access_key = Some("test".into());
    }
}
