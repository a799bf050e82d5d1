//! Sending e-mail: SMTP through lettre when configured, otherwise `.eml` files in a local
//! outbox directory (lettre's file transport) that the mailbox page lists.

use std::path::{Path, PathBuf};

use lettre::message::{Mailbox, MultiPart};
use lettre::transport::smtp::AsyncSmtpTransport;
use lettre::{AsyncFileTransport, AsyncTransport, Message, Tokio1Executor};

use crate::templates::Rendered;

#[derive(Debug, thiserror::Error)]
pub enum MailerError {
    #[error("invalid address")]
    Address(#[from] lettre::address::AddressError),
    #[error("could not build message: {0}")]
    Build(#[from] lettre::error::Error),
    #[error("SMTP: {0}")]
    Smtp(#[from] lettre::transport::smtp::Error),
    #[error("outbox: {0}")]
    File(#[from] lettre::transport::file::Error),
}

/// Where e-mail goes.
#[derive(Clone)]
pub enum Mailer {
    Smtp {
        transport: AsyncSmtpTransport<Tokio1Executor>,
        from: Mailbox,
    },
    Outbox {
        transport: AsyncFileTransport<Tokio1Executor>,
        dir: PathBuf,
        from: Mailbox,
    },
}

impl Mailer {
    /// SMTP from a URL such as `smtp://user:pass@host:587?tls=required` or
    /// `smtp://127.0.0.1:2525` (plain, for a local relay or test sink).
    pub fn smtp(url: &str, from: Mailbox) -> Result<Self, MailerError> {
        Ok(Mailer::Smtp {
            transport: AsyncSmtpTransport::<Tokio1Executor>::from_url(url)?.build(),
            from,
        })
    }

    /// Files in `dir`, created if missing.
    pub fn outbox(dir: &Path, from: Mailbox) -> std::io::Result<Self> {
        std::fs::create_dir_all(dir)?;
        Ok(Mailer::Outbox {
            transport: AsyncFileTransport::<Tokio1Executor>::new(dir),
            dir: dir.to_owned(),
            from,
        })
    }

    /// The outbox directory, when e-mail goes to files.
    pub fn outbox_dir(&self) -> Option<&Path> {
        match self {
            Mailer::Outbox { dir, .. } => Some(dir),
            Mailer::Smtp { .. } => None,
        }
    }

    fn from(&self) -> &Mailbox {
        match self {
            Mailer::Smtp { from, .. } | Mailer::Outbox { from, .. } => from,
        }
    }

    /// The sender's domain, for Message-IDs.
    pub fn domain(&self) -> &str {
        self.from().email.domain()
    }

    pub async fn send(&self, to: &str, body: Rendered) -> Result<(), MailerError> {
        self.send_with_id(to, body, None).await
    }

    /// Sends with this Message-ID (a retry of the same mail keeps the same one).
    pub async fn send_with_id(
        &self,
        to: &str,
        body: Rendered,
        message_id: Option<String>,
    ) -> Result<(), MailerError> {
        let message = Message::builder()
            .from(self.from().clone())
            .message_id(message_id)
            .to(to.parse()?)
            .subject(body.subject)
            .multipart(MultiPart::alternative_plain_html(body.text, body.html))?;
        match self {
            Mailer::Smtp { transport, .. } => {
                transport.send(message).await?;
            }
            Mailer::Outbox { transport, .. } => {
                transport.send(message).await?;
            }
        }
        metrics::counter!("emails_sent_total").increment(1);
        Ok(())
    }
}

/// Whether `raw` is an address this mailer can send to (the same parser `send` uses), so the
/// API can refuse an address up front instead of a job failing on it over and over.
pub fn is_deliverable_address(raw: &str) -> bool {
    raw.parse::<lettre::Address>().is_ok()
}
