//! The e-mail-change mails: the confirmation link to the new address, and a notice to the
//! address the account uses now; once the change is confirmed, a link to the old address that
//! undoes it. The API records the request (or the confirmation) and enqueues this job; the
//! worker mints each link's token, so no clear token ever sits in the job table.

use chrono::Utc;
use serde::{Deserialize, Serialize};
use threshold_store::Db;
use threshold_store::email_changes::{
    EMAIL_CHANGE_LIFETIME, EMAIL_CHANGE_UNDO_LIFETIME, EmailChangeToMail,
};
use threshold_store::users::User;

use apalis::prelude::BoxDynError;

use crate::auth_email::{AuthEmailError, AuthEmailSettings};
use crate::mail::{Mailer, MailerError};
use crate::queue::{Job, WorkerDeps};
use crate::templates::Templates;

/// A job asking for the mails of one e-mail-change request: pushed when it is made (the link
/// and the notice) and again when it is confirmed (the undo link to the old address).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct EmailChangeMail {
    /// The request (a row of `email_changes`); its retries share it.
    pub request_id: String,
}

impl Job for EmailChangeMail {
    const QUEUE: &'static str = "email-change";

    async fn run(self, deps: WorkerDeps) -> Result<(), BoxDynError> {
        send_email_change(
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

/// Handles one job. Each mail is marked as sent once the SMTP server accepts it, so a retry
/// sends only what is missing. A request that was replaced, used or has expired sends no link
/// or notice; a confirmed one sends its undo link while that can still be used.
#[tracing::instrument(skip_all)]
pub async fn send_email_change(
    job: &EmailChangeMail,
    db: &Db,
    mailer: &Mailer,
    templates: &Templates,
    settings: &AuthEmailSettings,
) -> Result<(), AuthEmailError> {
    let request_id = job.request_id.as_str();
    let Some(request) = db.email_change_to_mail(request_id, Utc::now()).await? else {
        tracing::info!("e-mail change request not found; nothing sent");
        return Ok(());
    };
    let undo_due = request.undo_open && request.undo_mailed_at.is_none();
    if request.closed && !undo_due {
        tracing::info!("e-mail change request closed; nothing sent");
        return Ok(());
    }
    let Some(user) = db.user_by_id(request.user_id).await? else {
        return Ok(());
    };
    if request.closed {
        return send_undo_link(request_id, &request, &user, db, mailer, templates, settings).await;
    }
    let support_email = &settings.support_email;
    if request.mailed_at.is_none()
        && let Some(token) = db.mint_email_change_token(request_id, Utc::now()).await?
    {
        let link = confirm_link(&settings.public_url, &token);
        let ctx = minijinja::context! {
            name => &user.preferred_name, link, support_email,
            hours => EMAIL_CHANGE_LIFETIME.num_hours(),
        };
        let rendered = templates.render(
            "email_change",
            "Confirm your new e-mail address for Threshold",
            ctx,
        )?;
        let message_id = format!("<email-change-{request_id}@{}>", mailer.domain());
        match mailer
            .send_with_id(&request.new_email, rendered, Some(message_id))
            .await
        {
            Ok(()) => {
                db.mark_email_change_mailed(request_id, false, Utc::now())
                    .await?
            }
            Err(MailerError::Address(_)) => {
                tracing::warn!("e-mail change link dropped: the address cannot be sent to");
                return Ok(());
            }
            Err(err) => return Err(err.into()),
        }
        tracing::info!("e-mail change link sent");
    }
    if request.notice_mailed_at.is_none() {
        let ctx = minijinja::context! {
            name => &user.preferred_name,
            masked_email => mask_email(&request.new_email),
            settings_link => format!("{}/settings", settings.public_url),
            support_email,
        };
        let rendered = templates.render(
            "email_change_notice",
            "Your Threshold e-mail address is being changed",
            ctx,
        )?;
        let message_id = format!("<email-change-notice-{request_id}@{}>", mailer.domain());
        match mailer
            .send_with_id(&user.email, rendered, Some(message_id))
            .await
        {
            Ok(()) => {
                db.mark_email_change_mailed(request_id, true, Utc::now())
                    .await?
            }
            Err(MailerError::Address(_)) => {
                tracing::warn!("e-mail change notice dropped: the address cannot be sent to");
            }
            Err(err) => return Err(err.into()),
        }
        tracing::info!("e-mail change notice sent");
    }
    Ok(())
}

/// The undo link of a confirmed change, to the address it replaced.
async fn send_undo_link(
    request_id: &str,
    request: &EmailChangeToMail,
    user: &User,
    db: &Db,
    mailer: &Mailer,
    templates: &Templates,
    settings: &AuthEmailSettings,
) -> Result<(), AuthEmailError> {
    let Some(old_email) = request.old_email.as_deref() else {
        return Ok(());
    };
    let Some(token) = db
        .mint_email_change_undo_token(request_id, Utc::now())
        .await?
    else {
        return Ok(());
    };
    let ctx = minijinja::context! {
        name => &user.preferred_name,
        masked_email => mask_email(&request.new_email),
        link => undo_link(&settings.public_url, &token),
        days => EMAIL_CHANGE_UNDO_LIFETIME.num_days(),
        support_email => &settings.support_email,
    };
    let rendered = templates.render(
        "email_change_undo",
        "Your Threshold e-mail address was changed",
        ctx,
    )?;
    let message_id = format!("<email-change-undo-{request_id}@{}>", mailer.domain());
    match mailer
        .send_with_id(old_email, rendered, Some(message_id))
        .await
    {
        Ok(()) => {
            db.mark_email_change_undo_mailed(request_id, Utc::now())
                .await?
        }
        Err(MailerError::Address(_)) => {
            tracing::warn!("e-mail change undo link dropped: the address cannot be sent to");
            return Ok(());
        }
        Err(err) => return Err(err.into()),
    }
    tracing::info!("e-mail change undo link sent");
    Ok(())
}

/// The SPA's `/confirm-email` page with the token.
fn confirm_link(public_url: &str, token: &str) -> String {
    let mut query = url::form_urlencoded::Serializer::new(String::new());
    query.append_pair("token", token);
    format!("{public_url}/confirm-email?{}", query.finish())
}

/// The SPA's `/undo-email-change` page with the token.
fn undo_link(public_url: &str, token: &str) -> String {
    let mut query = url::form_urlencoded::Serializer::new(String::new());
    query.append_pair("token", token);
    format!("{public_url}/undo-email-change?{}", query.finish())
}

/// `ann@example.com` → `a**@example.com`: enough for the owner to recognise, and the notice
/// does not hand a full new address to whoever reads the old inbox.
fn mask_email(email: &str) -> String {
    match email.split_once('@') {
        Some((local, domain)) => {
            let first: String = local.chars().take(1).collect();
            let rest = local.chars().count().saturating_sub(1).clamp(2, 8);
            format!("{first}{}@{domain}", "*".repeat(rest))
        }
        None => "***".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_the_local_part() {
        assert_eq!(mask_email("ann@example.com"), "a**@example.com");
        assert_eq!(mask_email("a@example.com"), "a**@example.com");
        assert_eq!(
            mask_email("averyverylongname@example.com"),
            "a********@example.com"
        );
    }

    #[test]
    fn the_link_opens_the_confirm_page() {
        assert_eq!(
            confirm_link("http://localhost:8080", "a-b_c"),
            "http://localhost:8080/confirm-email?token=a-b_c"
        );
        assert_eq!(
            undo_link("http://localhost:8080", "a-b_c"),
            "http://localhost:8080/undo-email-change?token=a-b_c"
        );
    }

    #[test]
    fn both_mails_render() {
        let templates = Templates::default();
        let mail = templates
            .render(
                "email_change",
                "s",
                minijinja::context! { name => "<Ann>", link => "http://x/confirm-email?token=t", hours => 24, support_email => "s@x" },
            )
            .unwrap();
        assert!(mail.html.contains("&lt;Ann&gt;"));
        assert!(mail.text.contains("http://x/confirm-email?token=t"));
        assert!(mail.text.contains("24 hours"));
        let notice = templates
            .render(
                "email_change_notice",
                "s",
                minijinja::context! { name => "Ann", masked_email => "a**@example.com", settings_link => "http://x/settings", support_email => "s@x" },
            )
            .unwrap();
        assert!(notice.text.contains("a**@example.com"));
        assert!(!notice.html.contains("token"));
        let undo = templates
            .render(
                "email_change_undo",
                "s",
                minijinja::context! { name => "<Ann>", masked_email => "b**@example.com", link => "http://x/undo-email-change?token=t", days => 7, support_email => "s@x" },
            )
            .unwrap();
        assert!(undo.html.contains("&lt;Ann&gt;"));
        assert!(undo.text.contains("b**@example.com"));
        assert!(undo.text.contains("http://x/undo-email-change?token=t"));
        assert!(undo.text.contains("7 days"));
    }
}
