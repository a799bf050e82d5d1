//! Broker firms' webhooks (issue 32): the endpoints a firm's broker admin registers, and one
//! delivery row per event and subscribed endpoint, written in the transaction of the case
//! change it reports (an outbox: a change is never committed without its events). The
//! workers' relay queues each new delivery as a job; the job records its tries here.
//!
//! An event says only what the firm's brokers already see: the case's id, type and status.
//!
//! The events and their deliveries' rows are written here; the endpoints and their log are
//! `endpoints`, and sending the deliveries `deliveries`.

mod deliveries;
mod endpoints;

use chrono::{DateTime, Utc};
use serde_json::{Value, json};

use threshold_engine::WebhookEvent;

pub use deliveries::{DeliveryAttempt, DeliveryToSend};
pub use endpoints::{NewWebhookEndpoint, WebhookDelivery, WebhookEndpoint};

/// The events a transition raises: a status change whenever the status moves, and the events
/// its workflow file names (`kind = "webhook"` effects, carried by the `TransitionRecord`).
pub fn transition_events(from: &str, to: &str, named: &[WebhookEvent]) -> Vec<WebhookEvent> {
    (from != to)
        .then_some(WebhookEvent::StatusChanged)
        .into_iter()
        .chain(named.iter().copied())
        .collect()
}

/// A new event's id and body: `{id, type, createdAt, data: {caseId, caseType, status,
/// previousStatus?}}` (see docs/api/webhooks.md).
pub fn event_payload(
    event_type: &str,
    case_id: i64,
    case_type: &str,
    status: &str,
    previous_status: Option<&str>,
    now: DateTime<Utc>,
) -> (String, Value) {
    let id = uuid::Uuid::new_v4().to_string();
    let mut data = json!({ "caseId": case_id, "caseType": case_type, "status": status });
    if let Some(previous) = previous_status {
        data["previousStatus"] = json!(previous);
    }
    let payload = json!({
        "id": id,
        "type": event_type,
        "createdAt": now.to_rfc3339_opts(chrono::SecondsFormat::Millis, true),
        "data": data,
    });
    (id, payload)
}

/// One delivery per active endpoint of the case's firm that subscribes to the event. The
/// events column is a JSON array of [`WebhookEvent`] names, so the quoted name matches only
/// itself (`_` in a LIKE pattern matches one character, and no two names differ only there).
pub const ENQUEUE_SQL: &str = "INSERT INTO broker_webhook_deliveries \
     (endpoint_id, event_id, event_type, payload, attempts, created_at) \
     SELECT e.id, $2, $3, $4, 0, $5 FROM broker_webhook_endpoints e \
     JOIN cases c ON c.firm_id = e.firm_id \
     WHERE c.id = $1 AND e.disabled_at IS NULL AND e.events LIKE $6";

/// Writes one event's deliveries inside an open transaction.
macro_rules! enqueue_webhook_event {
    ($tx:expr, $case_id:expr, $event:expr, $case_type:expr, $status:expr, $previous:expr, $now:expr) => {{
        let event: &str = $event.as_str();
        let (event_id, payload) =
            $crate::webhooks::event_payload(event, $case_id, $case_type, $status, $previous, $now);
        sqlx::query($crate::webhooks::ENQUEUE_SQL)
            .bind($case_id)
            .bind(event_id)
            .bind(event)
            .bind(sqlx::types::Json(payload))
            .bind($now)
            .bind(format!("%\"{event}\"%"))
            .execute(&mut *$tx)
            .await?;
    }};
}
pub(crate) use enqueue_webhook_event;

/// Writes the events of one transition (a `TransitionRecord`) inside an open transaction.
macro_rules! enqueue_transition_events {
    ($tx:expr, $case_id:expr, $case_type:expr, $t:expr, $now:expr) => {{
        let t = $t;
        for event in $crate::webhooks::transition_events(&t.from, &t.to, &t.webhook_events) {
            $crate::webhooks::enqueue_webhook_event!(
                $tx,
                $case_id,
                event,
                $case_type,
                &t.to,
                Some(t.from.as_str()),
                $now
            );
        }
    }};
}
pub(crate) use enqueue_transition_events;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_transition_raises_a_status_change_and_the_events_its_file_names() {
        let accepted = [WebhookEvent::QuoteAccepted];
        assert_eq!(
            transition_events(
                "BROKER_APPLICATION_INVITE",
                "CUSTOMER_APPLICATION",
                &accepted
            ),
            [WebhookEvent::StatusChanged, WebhookEvent::QuoteAccepted]
        );
        let agreed = [WebhookEvent::CompletionDateAgreed];
        assert_eq!(
            transition_events("PENDING_COMPLETION", "PENDING_COMPLETION", &agreed),
            [WebhookEvent::CompletionDateAgreed]
        );
        assert_eq!(
            transition_events("SEARCHES", "ENQUIRIES", &[]),
            [WebhookEvent::StatusChanged]
        );
    }

    #[test]
    fn an_event_carries_the_case_and_no_more() {
        let (id, payload) = event_payload(
            "case.created",
            7,
            "REMORTGAGING",
            "BROKER_APPLICATION",
            None,
            Utc::now(),
        );
        assert_eq!(payload["id"], json!(id));
        assert_eq!(payload["type"], "case.created");
        assert_eq!(
            payload["data"],
            json!({ "caseId": 7, "caseType": "REMORTGAGING", "status": "BROKER_APPLICATION" })
        );
    }
}
