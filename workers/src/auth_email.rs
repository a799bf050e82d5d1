//! The sign-in and sign-up e-mails. The HTTP handlers only enqueue a job; this worker looks
//! the address up, mints the link token and sends the mail. So a request for a known and an
//! unknown address does the same work and takes the same time, and the clear token never
//! sits in the job table.

use chrono::{Duration, Utc};
use serde::{Deserialize, Serialize};
use threshold_store::email_quota::EmailThrottle;
use threshold_store::magic_links::{NewMagicLink, PendingSignup};
use threshold_store::{Db, StoreError, tokens};

use apalis::prelude::BoxDynError;

use crate::mail::{Mailer, MailerError};
use crate::queue::{Job, WorkerDeps};
use crate::templates::Templates;

/// A job asking for a sign-in or sign-up e-mail.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum AuthEmail {
    /// POST /auth: a sign-in link if the address has an account, otherwise a note saying so.
    SignIn {
        email: String,
        redirect_to: Option<String>,
        /// This request; its retries share it (see [`send_auth_email`]).
        #[serde(default = "new_request_id")]
        request_id: String,
    },
    /// POST /auth/signup: a sign-up link, or a sign-in link if the account exists already.
    SignUp {
        signup: PendingSignup,
        redirect_to: Option<String>,
        #[serde(default = "new_request_id")]
        request_id: String,
    },
}

/// A fresh request id (also for jobs queued before requests had one).
pub fn new_request_id() -> String {
    uuid::Uuid::new_v4().to_string()
}

impl Job for AuthEmail {
    const QUEUE: &'static str = "auth-email";

    async fn run(self, deps: WorkerDeps) -> Result<(), BoxDynError> {
        send_auth_email(
            &self,
            &deps.db,
            &deps.mailer,
            &deps.templates,
            &deps.auth_email,
        )
        .await?;
        Ok(())
    }
}

/// What the auth e-mails need to know.
#[derive(Clone, Debug)]
pub struct AuthEmailSettings {
    /// The site's public address, e.g. `http://localhost:8080`; links point here.
    pub public_url: String,
    pub support_email: String,
    pub link_lifetime: Duration,
    /// How often one address may be sent a sign-in e-mail; requests beyond it are dropped
    /// silently (the e-mail sent moments ago carries a working link).
    pub throttle: EmailThrottle,
}

#[derive(Debug, thiserror::Error)]
pub enum AuthEmailError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Mail(#[from] MailerError),
    #[error(transparent)]
    Template(#[from] minijinja::Error),
}

/// Handles one job. Called by the apalis worker, and directly by tests.
#[tracing::instrument(skip_all)]
pub async fn send_auth_email(
    job: &AuthEmail,
    db: &Db,
    mailer: &Mailer,
    templates: &Templates,
    settings: &AuthEmailSettings,
) -> Result<(), AuthEmailError> {
    let now = Utc::now();
    let (email, request_id) = match job {
        AuthEmail::SignIn {
            email, request_id, ..
        } => (email.as_str(), request_id.as_str()),
        AuthEmail::SignUp {
            signup, request_id, ..
        } => (signup.email.as_str(), request_id.as_str()),
    };
    // A retry of a job whose mail the SMTP server accepted (its worker died before the job
    // was acknowledged): the person has their link; a second mail would only confuse.
    if db.magic_link_mailed(request_id).await? {
        tracing::info!("this sign-in e-mail was sent before its worker stopped; not sent again");
        return Ok(());
    }
    let email_hash = tokens::hash(email);
    if !db
        .take_email_slot(&email_hash, &settings.throttle, now)
        .await?
    {
        tracing::info!("this address was sent a sign-in e-mail moments ago; request dropped");
        return Ok(());
    }
    let minutes = settings.link_lifetime.num_minutes();
    let existing = db.user_by_email(email).await?;
    // A disabled account gets nothing, not even the "no account" mail: the answer to the
    // request was the same as for any address.
    if existing.as_ref().is_some_and(|u| u.disabled_at.is_some()) {
        tracing::info!("this account is disabled; no sign-in e-mail sent");
        return Ok(());
    }
    let (kind, rendered) = match (job, existing) {
        (
            AuthEmail::SignIn { redirect_to, .. } | AuthEmail::SignUp { redirect_to, .. },
            Some(user),
        ) => {
            let token = db
                .issue_magic_link(
                    &NewMagicLink {
                        email,
                        request_id,
                        user_id: Some(user.id),
                        signup: None,
                        redirect_to: redirect_to.as_deref(),
                        lifetime: settings.link_lifetime,
                        replaces_others: true,
                    },
                    now,
                )
                .await?;
            metrics::counter!("sign_in_links_issued_total", "kind" => "sign_in").increment(1);
            let link = login_link(&settings.public_url, &token, redirect_to.as_deref());
            let ctx = minijinja::context! { name => user.preferred_name, link, minutes, support_email => &settings.support_email };
            (
                "sign_in",
                templates.render("sign_in", "Your Threshold sign-in link", ctx)?,
            )
        }
        (AuthEmail::SignIn { .. }, None) => {
            let signup_link = format!("{}/signup", settings.public_url);
            let ctx = minijinja::context! { signup_link, support_email => &settings.support_email };
            (
                "no_account",
                templates.render(
                    "no_account",
                    "There is no Threshold account for this address",
                    ctx,
                )?,
            )
        }
        (
            AuthEmail::SignUp {
                signup,
                redirect_to,
                ..
            },
            None,
        ) => {
            let token = db
                .issue_magic_link(
                    &NewMagicLink {
                        email,
                        request_id,
                        user_id: None,
                        signup: Some(signup.clone()),
                        redirect_to: redirect_to.as_deref(),
                        lifetime: settings.link_lifetime,
                        replaces_others: true,
                    },
                    now,
                )
                .await?;
            metrics::counter!("sign_in_links_issued_total", "kind" => "sign_up").increment(1);
            let link = login_link(&settings.public_url, &token, redirect_to.as_deref());
            let ctx = minijinja::context! { name => &signup.preferred_name, link, minutes, support_email => &settings.support_email };
            (
                "sign_up",
                templates.render("sign_up", "Confirm your e-mail to join Threshold", ctx)?,
            )
        }
    };
    // The same Message-ID on every attempt, so a mail system can recognise a repeat.
    let message_id = format!("<auth-{request_id}@{}>", mailer.domain());
    match mailer.send_with_id(email, rendered, Some(message_id)).await {
        Ok(()) => db.mark_magic_link_mailed(request_id, Utc::now()).await?,
        // No retry can fix the address itself (the API refuses such addresses; this guards
        // jobs queued before it did).
        Err(MailerError::Address(_)) => {
            tracing::warn!(kind, "auth e-mail dropped: the address cannot be sent to");
            return Ok(());
        }
        Err(err) => {
            db.release_email_slot(&email_hash, now).await?;
            return Err(err.into());
        }
    }
    tracing::info!(kind, "auth e-mail sent");
    Ok(())
}

/// The SPA's `/login/auth` page with the token and where to go afterwards.
pub fn login_link(public_url: &str, token: &str, redirect_to: Option<&str>) -> String {
    let mut query = url::form_urlencoded::Serializer::new(String::new());
    query.append_pair("token", token);
    if let Some(target) = redirect_to {
        query.append_pair("redirectTo", target);
    }
    format!("{public_url}/login/auth?{}", query.finish())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn login_link_encodes_the_redirect_target() {
        assert_eq!(
            login_link("http://localhost:8080", "abc", Some("/settings?x=1&y=2")),
            "http://localhost:8080/login/auth?token=abc&redirectTo=%2Fsettings%3Fx%3D1%26y%3D2"
        );
    }
}
