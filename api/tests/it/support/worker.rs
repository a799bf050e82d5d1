//! A `threshold worker` process on a test app's database, with its log (JSON lines) in a file;
//! SIGKILLed when dropped (also when a test fails).

use std::path::PathBuf;
use std::process::Stdio;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use super::TestApp;

pub struct WorkerProcess {
    child: std::process::Child,
    log: PathBuf,
}

impl WorkerProcess {
    /// Starts a worker delivering to `smtp_url`, looking for jobs every 100 ms unless `env`
    /// says otherwise (`env` is added last, so it wins).
    pub fn start(app: &TestApp, smtp_url: &str, env: &[(&str, &str)]) -> Self {
        static STARTED: AtomicUsize = AtomicUsize::new(0);
        let n = STARTED.fetch_add(1, Ordering::Relaxed);
        let log = app.config.data_dir.join(format!("worker-{n}.log"));
        let child = std::process::Command::new(env!("CARGO_BIN_EXE_threshold"))
            .arg("worker")
            .env_clear()
            .env("DATABASE_URL", &app.config.database_url)
            .env("DATA_DIR", &app.config.data_dir)
            .env("PUBLIC_URL", &app.config.public_url)
            .env("SMTP_URL", smtp_url)
            .env("WORKER_POLL_MS", "100")
            .env("RUST_LOG", "warn")
            .env("LOG_FORMAT", "json")
            .envs(env.iter().copied())
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(&log).unwrap())
            .spawn()
            .expect("the threshold binary starts");
        WorkerProcess { child, log }
    }

    /// SIGKILL: no shutdown, no chance to tidy up.
    pub fn kill(&mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }

    /// The worker's log lines at `level` whose message contains `text`.
    pub fn logged(&self, level: &str, text: &str) -> Vec<serde_json::Value> {
        self.log_text()
            .lines()
            .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
            .filter(|l| l["level"] == level)
            .filter(|l| {
                l["fields"]["message"]
                    .as_str()
                    .is_some_and(|m| m.contains(text))
            })
            .collect()
    }

    pub fn log_text(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }
}

impl Drop for WorkerProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Waits until `done`, checking every 100 ms; fails the test after `limit`.
pub async fn wait_for(what: &str, limit: Duration, mut done: impl AsyncFnMut() -> bool) {
    let start = Instant::now();
    while !done().await {
        assert!(start.elapsed() < limit, "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}
