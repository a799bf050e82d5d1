//! What one client address may hold of the server at once: its connections (counted when
//! accepted, by the peer's address) and, for connections from proxies of ours that carry many
//! clients, its requests in flight (by the client address the proxies report). Without it one
//! address with 1,100 slow sockets took every `MAX_CONNECTIONS` slot and a normal request
//! waited 25 s.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

use axum::extract::{Request, State};
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::app::AppState;
use crate::error::ApiError;
use crate::rate_limit::{ClientIp, rate_key};

/// Slots per client address, shared by every connection or request of the process.
pub struct ClientSlots {
    max: usize,
    held: Mutex<HashMap<IpAddr, usize>>,
}

/// One slot, given back when dropped (the connection closed, the answer sent).
pub struct ClientSlot {
    slots: Arc<ClientSlots>,
    key: IpAddr,
}

impl ClientSlots {
    pub fn new(max: usize) -> Arc<Self> {
        Arc::new(Self {
            max: max.max(1),
            held: Mutex::new(HashMap::new()),
        })
    }

    /// A slot for `ip` (IPv6 counted per /64, as the rate limits are); None at the cap.
    pub fn take(self: &Arc<Self>, ip: IpAddr) -> Option<ClientSlot> {
        let key = rate_key(ip);
        let mut held = self.held.lock().unwrap_or_else(|e| e.into_inner());
        let count = held.entry(key).or_insert(0);
        if *count >= self.max {
            return None;
        }
        *count += 1;
        Some(ClientSlot {
            slots: self.clone(),
            key,
        })
    }
}

impl Drop for ClientSlot {
    fn drop(&mut self) {
        let mut held = self.slots.held.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(count) = held.get_mut(&self.key) {
            *count -= 1;
            if *count == 0 {
                held.remove(&self.key);
            }
        }
    }
}

/// Requests in flight per client address (429 past `MAX_CONNECTIONS_PER_CLIENT`). Direct
/// peers are already held to that many connections, hence requests, when accepted; this is
/// what applies the cap to clients behind our proxies.
pub async fn requests_per_client(
    State(state): State<AppState>,
    ip: ClientIp,
    req: Request,
    next: Next,
) -> Response {
    let Some(ip) = ip.0 else {
        return next.run(req).await;
    };
    match state.client_requests.take(ip) {
        Some(_slot) => next.run(req).await,
        None => ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "too_many_connections",
            format!(
                "This address has {} requests in progress: wait for them to finish.",
                state.client_requests.max
            ),
        )
        .retry_after(std::time::Duration::from_secs(1))
        .into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slot_comes_back_when_dropped() {
        let slots = ClientSlots::new(2);
        let one: IpAddr = "203.0.113.1".parse().unwrap();
        let other: IpAddr = "203.0.113.2".parse().unwrap();
        let a = slots.take(one).unwrap();
        let _b = slots.take(one).unwrap();
        assert!(slots.take(one).is_none());
        assert!(slots.take(other).is_some());
        drop(a);
        assert!(slots.take(one).is_some());
    }

    #[test]
    fn an_ipv6_subscriber_is_one_client() {
        let slots = ClientSlots::new(1);
        let _a = slots.take("2001:db8:1:2::1".parse().unwrap()).unwrap();
        assert!(slots.take("2001:db8:1:2::ffff".parse().unwrap()).is_none());
        assert!(slots.take("2001:db8:1:3::1".parse().unwrap()).is_some());
    }
}
