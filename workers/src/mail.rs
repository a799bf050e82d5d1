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

    pub async fn send(&self, to: &str, body: Rendered) -> Result<(), MailerError> {
        let from = match self {
            Mailer::Smtp { from, .. } | Mailer::Outbox { from, .. } => from.clone(),
        };
        let message = Message::builder()
            .from(from)
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
        Ok(())
    }
}
