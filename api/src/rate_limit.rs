//! Per-IP rate limits on the sign-in routes (GCRA from `governor`, in memory per process).

use std::net::{IpAddr, SocketAddr};
use std::num::NonZeroU32;

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::HeaderMap;
use axum::http::request::Parts;
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

use crate::app::AppState;
use crate::config::Config;
use crate::error::ApiError;

pub struct RateLimits {
    pub login: DefaultKeyedRateLimiter<IpAddr>,
    pub signup: DefaultKeyedRateLimiter<IpAddr>,
    pub redeem: DefaultKeyedRateLimiter<IpAddr>,
}

impl RateLimits {
    pub fn new(config: &Config) -> Self {
        let per_minute =
            |n: u32| Quota::per_minute(NonZeroU32::new(n.max(1)).expect("at least one"));
        Self {
            login: RateLimiter::keyed(per_minute(config.rate_limit_auth_per_minute)),
            signup: RateLimiter::keyed(per_minute(config.rate_limit_auth_per_minute)),
            redeem: RateLimiter::keyed(per_minute(config.rate_limit_redeem_per_minute)),
        }
    }
}

/// The client's address: the peer, or the first `X-Forwarded-For` hop behind a trusted proxy.
pub fn client_ip(
    headers: &HeaderMap,
    peer: Option<SocketAddr>,
    trust_proxy: bool,
) -> Option<IpAddr> {
    if trust_proxy {
        let forwarded = headers
            .get("x-forwarded-for")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split(',').next())
            .and_then(|ip| ip.trim().parse().ok());
        if forwarded.is_some() {
            return forwarded;
        }
    }
    peer.map(|p| p.ip())
}

/// The client's IP address, for rate limits.
pub struct ClientIp(pub Option<IpAddr>);

impl FromRequestParts<AppState> for ClientIp {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|c| c.0);
        Ok(ClientIp(client_ip(
            &parts.headers,
            peer,
            state.config.trust_proxy_headers,
        )))
    }
}

/// Counts one request from `ip` against `limiter`: 429 once the quota is spent.
pub fn check(limiter: &DefaultKeyedRateLimiter<IpAddr>, ip: &ClientIp) -> Result<(), ApiError> {
    match ip.0 {
        Some(ip) => limiter
            .check_key(&ip)
            .map_err(|_| ApiError::too_many_requests()),
        None => Ok(()),
    }
}
