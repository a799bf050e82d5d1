//! The sign-in and sign-up e-mails. The HTTP handlers only enqueue a job; this worker looks
//! the address up, mints the link token and sends the mail. So a request for a known and an
//! unknown address does the same work and takes the same time, and the clear token never
//! sits in the job table.

use chrono::{Duration, Utc};
use serde::{Deserialize, Serialize};
use threshold_store::magic_links::{NewMagicLink, PendingSignup};
use threshold_store::{Db, StoreError, tokens};

use crate::mail::{Mailer, MailerError};
use crate::templates::Templates;

/// A job asking for a sign-in or sign-up e-mail.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum AuthEmail {
    /// POST /auth: a sign-in link if the address has an account, otherwise a note saying so.
    SignIn {
        email: String,
        redirect_to: Option<String>,
    },
    /// POST /auth/signup: a sign-up link, or a sign-in link if the account exists already.
    SignUp {
        signup: PendingSignup,
        redirect_to: Option<String>,
    },
}

/// What the auth e-mails need to know.
#[derive(Clone, Debug)]
pub struct AuthEmailSettings {
    /// The site's public address, e.g. `http://localhost:8080`; links point here.
    pub public_url: String,
    pub support_email: String,
    pub link_lifetime: Duration,
    /// At most this many e-mails per address per hour; more are dropped silently.
    pub per_address_hourly_cap: i64,
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
    let email = match job {
        AuthEmail::SignIn { email, .. } => email.as_str(),
        AuthEmail::SignUp { signup, .. } => signup.email.as_str(),
    };
    let email_hash = tokens::hash(email);
    if !db
        .take_email_quota(&email_hash, settings.per_address_hourly_cap, now)
        .await?
    {
        tracing::info!("per-address e-mail cap reached; request dropped");
        return Ok(());
    }
    let minutes = settings.link_lifetime.num_minutes();
    let existing = db.user_by_email(email).await?;
    let (kind, rendered) = match (job, existing) {
        (
            AuthEmail::SignIn { redirect_to, .. } | AuthEmail::SignUp { redirect_to, .. },
            Some(user),
        ) => {
            let token = db
                .issue_magic_link(
                    &NewMagicLink {
                        email,
                        user_id: Some(user.id),
                        signup: None,
                        redirect_to: redirect_to.as_deref(),
                        lifetime: settings.link_lifetime,
                    },
                    now,
                )
                .await?;
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
            },
            None,
        ) => {
            let token = db
                .issue_magic_link(
                    &NewMagicLink {
                        email,
                        user_id: None,
                        signup: Some(signup.clone()),
                        redirect_to: redirect_to.as_deref(),
                        lifetime: settings.link_lifetime,
                    },
                    now,
                )
                .await?;
            let link = login_link(&settings.public_url, &token, redirect_to.as_deref());
            let ctx = minijinja::context! { name => &signup.preferred_name, link, minutes, support_email => &settings.support_email };
            (
                "sign_up",
                templates.render("sign_up", "Confirm your e-mail to join Threshold", ctx)?,
            )
        }
    };
    if let Err(err) = mailer.send(email, rendered).await {
        db.release_email_quota(&email_hash).await?;
        return Err(err.into());
    }
    tracing::info!(kind, "auth e-mail sent");
    Ok(())
}

/// The SPA's `/login/auth` page with the token and where to go afterwards.
fn login_link(public_url: &str, token: &str, redirect_to: Option<&str>) -> String {
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
