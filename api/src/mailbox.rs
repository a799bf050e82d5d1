//! A local mailbox page listing the outbox, so a developer can open sign-in links without a
//! mail server. It hands out every sign-in link, so it exists only for a demo on this machine:
//! `DEMO=true`, a loopback listen address and public URL, and e-mail in the default outbox
//! (no `SMTP_URL`, no `MAIL_OUTBOX_DIR`). Requests that came through a proxy are refused.

use std::path::{Path, PathBuf};

use axum::Router;
use axum::extract::{Path as UrlPath, Request, State};
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use mail_parser::MessageParser;
use serde::Serialize;

use crate::app::AppState;
use crate::config::Config;

/// Whether this configuration serves the mailbox.
pub fn is_served(config: &Config) -> bool {
    config.demo
        && config.listen_addr.ip().is_loopback()
        && config.public_url_is_loopback()
        && config.smtp_url.is_none()
        && config.mail_outbox_dir.is_none()
}

pub fn router(state: AppState) -> Router {
    if !is_served(&state.config) || state.mailer.outbox_dir().is_none() {
        return Router::new();
    }
    Router::new()
        .route("/dev/mailbox", get(list))
        .route("/dev/mailbox/{id}", get(show))
        .layer(axum::middleware::from_fn(local_only))
        .layer(axum::middleware::map_response(crate::security::no_store))
        .with_state(state)
}

/// A proxy in front of a loopback listener would make the page public: anything forwarded
/// is not the developer at this machine.
async fn local_only(req: Request, next: Next) -> Response {
    let forwarded = ["forwarded", "x-forwarded-for", "x-real-ip"]
        .iter()
        .any(|name| req.headers().contains_key(*name));
    if forwarded {
        return StatusCode::NOT_FOUND.into_response();
    }
    next.run(req).await
}

/// One e-mail in the outbox.
#[derive(Clone, Debug, Serialize)]
pub struct OutboxMail {
    pub id: String,
    pub to: String,
    pub subject: String,
    pub date: String,
    pub text: String,
    pub links: Vec<String>,
}

/// Reads every `.eml` file in `dir`, newest first.
pub fn read_outbox(dir: &Path) -> std::io::Result<Vec<OutboxMail>> {
    let mut files: Vec<(std::time::SystemTime, PathBuf)> = std::fs::read_dir(dir)?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "eml"))
        .filter_map(|p| Some((p.metadata().ok()?.modified().ok()?, p)))
        .collect();
    files.sort_by_key(|(modified, _)| std::cmp::Reverse(*modified));
    Ok(files
        .into_iter()
        .filter_map(|(_, path)| parse_mail(&path))
        .collect())
}

fn parse_mail(path: &Path) -> Option<OutboxMail> {
    let raw = std::fs::read(path).ok()?;
    let message = MessageParser::default().parse(&raw)?;
    let text = message
        .body_text(0)
        .map(|t| t.into_owned())
        .unwrap_or_default();
    let links = text
        .split_whitespace()
        .filter(|w| w.starts_with("http://") || w.starts_with("https://"))
        .map(str::to_owned)
        .collect();
    Some(OutboxMail {
        id: path.file_stem()?.to_string_lossy().into_owned(),
        to: message
            .to()
            .and_then(|a| a.first())
            .and_then(|a| a.address())
            .unwrap_or_default()
            .to_owned(),
        subject: message.subject().unwrap_or_default().to_owned(),
        date: message.date().map(|d| d.to_rfc3339()).unwrap_or_default(),
        text,
        links,
    })
}

const PAGE: &str = r#"<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Local mailbox · Threshold</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}li{margin:.5rem 0}pre{white-space:pre-wrap;background:#f4f4f4;padding:1rem}</style></head>
<body><main><h1>Local mailbox</h1>
<p>E-mail is going to the outbox folder because no SMTP server is configured.</p>
{% if mail %}<p><a href="/dev/mailbox">All messages</a></p><h2>{{ mail.subject }}</h2><p>To {{ mail.to }} · {{ mail.date }}</p>
<ul>{% for link in mail.links %}<li><a href="{{ link }}">{{ link }}</a></li>{% endfor %}</ul><pre>{{ mail.text }}</pre>
{% else %}{% if mails %}<ul>{% for m in mails %}<li><a href="/dev/mailbox/{{ m.id }}">{{ m.subject }}</a> — to {{ m.to }} · {{ m.date }}</li>{% endfor %}</ul>{% else %}<p>No messages yet.</p>{% endif %}{% endif %}
</main></body></html>"#;

fn render(mails: &[OutboxMail], mail: Option<&OutboxMail>) -> Response {
    let mut env = minijinja::Environment::new();
    env.set_auto_escape_callback(|_| minijinja::AutoEscape::Html);
    let page = env
        .template_from_str(PAGE)
        .and_then(|t| t.render(minijinja::context! { mails => minijinja::value::Serde(mails), mail => minijinja::value::Serde(mail) }));
    match page {
        Ok(html) => Html(html).into_response(),
        Err(err) => crate::error::ApiError::internal(err).into_response(),
    }
}

async fn list(State(state): State<AppState>) -> Response {
    let dir = state
        .mailer
        .outbox_dir()
        .expect("mounted only with an outbox");
    render(&read_outbox(dir).unwrap_or_default(), None)
}

async fn show(State(state): State<AppState>, UrlPath(id): UrlPath<String>) -> Response {
    let dir = state
        .mailer
        .outbox_dir()
        .expect("mounted only with an outbox");
    let mails = read_outbox(dir).unwrap_or_default();
    match mails.iter().find(|m| m.id == id) {
        Some(mail) => render(&[], Some(mail)),
        None => StatusCode::NOT_FOUND.into_response(),
    }
}
