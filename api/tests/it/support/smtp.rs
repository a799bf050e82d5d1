//! A minimal SMTP server on loopback for tests that need a real SMTP peer: it keeps every
//! message it accepts, or (stalling) takes a message's data and never answers, like a server
//! that hangs mid-delivery.

use std::sync::{Arc, Mutex};

use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;

/// A message the server accepted: its recipients and raw data.
#[derive(Clone, Debug)]
pub struct Received {
    pub to: Vec<String>,
    pub data: String,
}

#[derive(Clone)]
pub struct SmtpServer {
    pub port: u16,
    accepted: Arc<Mutex<Vec<Received>>>,
    stalled: Arc<Mutex<Vec<Received>>>,
}

impl SmtpServer {
    /// Accepts and keeps every message.
    pub async fn accepting() -> Self {
        Self::start(false).await
    }

    /// Reads each message's data, then never answers.
    pub async fn stalling() -> Self {
        Self::start(true).await
    }

    pub fn url(&self) -> String {
        format!("smtp://127.0.0.1:{}", self.port)
    }

    pub fn accepted(&self) -> Vec<Received> {
        self.accepted.lock().unwrap().clone()
    }

    /// Messages whose data arrived but were never answered.
    pub fn stalled(&self) -> Vec<Received> {
        self.stalled.lock().unwrap().clone()
    }

    async fn start(stall: bool) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let server = SmtpServer {
            port: listener.local_addr().unwrap().port(),
            accepted: Arc::default(),
            stalled: Arc::default(),
        };
        let shared = server.clone();
        tokio::spawn(async move {
            while let Ok((socket, _)) = listener.accept().await {
                let shared = shared.clone();
                tokio::spawn(async move {
                    let _ = shared.session(socket, stall).await;
                });
            }
        });
        server
    }

    async fn session(&self, socket: tokio::net::TcpStream, stall: bool) -> std::io::Result<()> {
        let (read, mut write) = socket.into_split();
        let mut lines = BufReader::new(read).lines();
        write.write_all(b"220 sink ESMTP\r\n").await?;
        let mut to = vec![];
        while let Some(line) = lines.next_line().await? {
            let upper = line.to_ascii_uppercase();
            if upper.starts_with("EHLO") || upper.starts_with("HELO") {
                write.write_all(b"250-sink\r\n250 8BITMIME\r\n").await?;
            } else if upper.starts_with("RCPT TO:") {
                let address = line[8..].trim().trim_matches(['<', '>']).to_owned();
                to.push(address);
                write.write_all(b"250 OK\r\n").await?;
            } else if upper.starts_with("DATA") {
                write.write_all(b"354 go ahead\r\n").await?;
                let mut data = String::new();
                while let Some(l) = lines.next_line().await? {
                    if l == "." {
                        break;
                    }
                    data.push_str(&l);
                    data.push('\n');
                }
                let message = Received {
                    to: std::mem::take(&mut to),
                    data,
                };
                if stall {
                    self.stalled.lock().unwrap().push(message);
                    // Hold the connection open and say nothing, until the client goes away.
                    while lines.next_line().await?.is_some() {}
                    return Ok(());
                }
                self.accepted.lock().unwrap().push(message);
                write.write_all(b"250 OK queued\r\n").await?;
            } else if upper.starts_with("QUIT") {
                write.write_all(b"221 bye\r\n").await?;
                return Ok(());
            } else {
                // MAIL FROM, RSET, NOOP
                write.write_all(b"250 OK\r\n").await?;
            }
        }
        Ok(())
    }
}
