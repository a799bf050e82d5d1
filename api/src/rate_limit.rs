//! Per-IP rate limits on the sign-in routes and per-user ones on costly calls (GCRA from
//! `governor`, in memory per process), and which address a request comes from when it passes
//! through proxies of ours.

use std::hash::Hash;
use std::net::{IpAddr, Ipv6Addr, SocketAddr};
use std::num::NonZeroU32;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::HeaderMap;
use axum::http::request::Parts;
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use threshold_store::UserId;

use crate::app::AppState;
use crate::config::Config;
use crate::error::ApiError;

/// Addresses one limiter tracks at most. Entries leave once their quota has refilled, so this
/// is the number of distinct addresses that may hit one sign-in route within about a minute.
const MAX_TRACKED_ADDRESSES: usize = 100_000;

pub struct RateLimits {
    pub login: Limiter,
    pub signup: Limiter,
    pub redeem: Limiter,
    /// Asking for an e-mail change (each sends two e-mails).
    pub email_change: Limiter,
    /// Questions to the assistant, per user (each may cost a call to a paid model).
    pub assistant: Limiter<UserId>,
    /// Uploads, per user (each up to 32 MiB written to the document store).
    pub uploads: Limiter<UserId>,
    proxies: TrustedProxies,
}

impl RateLimits {
    /// Refuses a `TRUSTED_PROXIES` entry it cannot read.
    pub fn new(config: &Config) -> anyhow::Result<Self> {
        let per_minute =
            |n: u32| Quota::per_minute(NonZeroU32::new(n.max(1)).expect("at least one"));
        let nets = parse_trusted_proxies(&config.trusted_proxies).map_err(|bad| {
            anyhow::anyhow!("TRUSTED_PROXIES: `{bad}` is not an address or CIDR range")
        })?;
        Ok(Self {
            login: Limiter::new(
                per_minute(config.rate_limit_auth_per_minute),
                MAX_TRACKED_ADDRESSES,
            ),
            signup: Limiter::new(
                per_minute(config.rate_limit_auth_per_minute),
                MAX_TRACKED_ADDRESSES,
            ),
            redeem: Limiter::new(
                per_minute(config.rate_limit_redeem_per_minute),
                MAX_TRACKED_ADDRESSES,
            ),
            email_change: Limiter::new(
                per_minute(config.rate_limit_auth_per_minute),
                MAX_TRACKED_ADDRESSES,
            ),
            assistant: Limiter::new(
                per_minute(config.rate_limit_assistant_per_minute),
                MAX_TRACKED_ADDRESSES,
            ),
            uploads: Limiter::new(
                per_minute(config.rate_limit_uploads_per_minute),
                MAX_TRACKED_ADDRESSES,
            ),
            proxies: TrustedProxies {
                enabled: config.trust_proxy_headers,
                hops: config.trusted_proxy_hops,
                nets,
            },
        })
    }

    /// Whether `peer` is a proxy of ours, whose connections carry many clients.
    pub fn is_our_proxy(&self, peer: IpAddr) -> bool {
        let p = &self.proxies;
        p.enabled
            && if p.nets.is_empty() {
                p.hops > 0
            } else {
                p.nets.iter().any(|net| net.contains(peer))
            }
    }

    /// The client's address (see [`TrustedProxies::client_ip`]).
    pub fn client_ip(&self, headers: &HeaderMap, peer: Option<SocketAddr>) -> Option<IpAddr> {
        self.proxies.client_ip(headers, peer)
    }
}

/// One keyed limiter (by client address, or by user) whose memory stays bounded however many
/// callers there are.
pub struct Limiter<K: Hash + Eq + Clone = IpAddr> {
    inner: DefaultKeyedRateLimiter<K>,
    max_keys: usize,
    last_sweep: Mutex<Instant>,
}

impl Limiter<IpAddr> {
    fn check(&self, ip: IpAddr) -> Result<(), ApiError> {
        self.check_key(rate_key(ip))
    }
}

impl Limiter<UserId> {
    /// Counts one request by `user`: 429 once their quota is spent.
    pub fn check_user(&self, user: UserId) -> Result<(), ApiError> {
        self.check_key(user)
    }
}

impl<K: Hash + Eq + Clone> Limiter<K> {
    fn new(quota: Quota, max_keys: usize) -> Self {
        Self {
            inner: RateLimiter::keyed(quota),
            max_keys,
            last_sweep: Mutex::new(Instant::now()),
        }
    }

    /// Counts one request from `key`. With the table full of keys still inside their
    /// window (an attack from very many addresses at once) every request is refused until
    /// entries age out: failing closed keeps both memory and the protected routes safe.
    fn check_key(&self, key: K) -> Result<(), ApiError> {
        if self.inner.len() >= self.max_keys {
            self.sweep();
            if self.inner.len() >= self.max_keys {
                return Err(ApiError::too_many_requests().retry_after(Duration::from_secs(1)));
            }
        }
        self.inner.check_key(&key).map_err(|not_until| {
            ApiError::too_many_requests()
                .retry_after(not_until.wait_time_from(DefaultClock::default().now()))
        })
    }

    /// Drops addresses whose quota has refilled, at most once a second (it walks the table).
    fn sweep(&self) {
        let Ok(mut last) = self.last_sweep.try_lock() else {
            return;
        };
        if last.elapsed() < Duration::from_secs(1) {
            return;
        }
        *last = Instant::now();
        self.inner.retain_recent();
        self.inner.shrink_to_fit();
    }
}

/// IPv6 clients are counted per /64, the block one subscriber normally holds, so rotating
/// through one's own addresses does not escape the limit.
pub(crate) fn rate_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6(Ipv6Addr::from(
                u128::from(v6) & 0xffff_ffff_ffff_ffff_0000_0000_0000_0000,
            )),
        },
        v4 => v4,
    }
}

/// An address range of our own proxies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cidr {
    network: IpAddr,
    prefix: u8,
}

impl Cidr {
    fn contains(&self, ip: IpAddr) -> bool {
        let ip = match ip {
            IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
            v4 => v4,
        };
        match (self.network, ip) {
            (IpAddr::V4(net), IpAddr::V4(ip)) => {
                let mask = u32::MAX
                    .checked_shl(32 - u32::from(self.prefix))
                    .unwrap_or(0);
                u32::from(net) & mask == u32::from(ip) & mask
            }
            (IpAddr::V6(net), IpAddr::V6(ip)) => {
                let mask = u128::MAX
                    .checked_shl(128 - u32::from(self.prefix))
                    .unwrap_or(0);
                u128::from(net) & mask == u128::from(ip) & mask
            }
            _ => false,
        }
    }
}

/// Reads `10.0.0.0/8, 192.168.1.7, fd00::/8`; on failure returns the entry it could not read.
pub fn parse_trusted_proxies(raw: &str) -> Result<Vec<Cidr>, String> {
    raw.split(',')
        .map(str::trim)
        .filter(|entry| !entry.is_empty())
        .map(|entry| {
            let (addr, prefix) = entry.split_once('/').unwrap_or((entry, ""));
            let network: IpAddr = addr.trim().parse().map_err(|_| entry.to_owned())?;
            let max = if network.is_ipv4() { 32 } else { 128 };
            let prefix = if prefix.is_empty() {
                max
            } else {
                prefix
                    .trim()
                    .parse::<u8>()
                    .ok()
                    .filter(|p| *p <= max)
                    .ok_or_else(|| entry.to_owned())?
            };
            Ok(Cidr { network, prefix })
        })
        .collect()
}

/// Where the client address comes from.
struct TrustedProxies {
    /// `TRUST_PROXY_HEADERS`: off, the peer is the client.
    enabled: bool,
    /// Proxies of ours in front of the app, when `nets` is empty.
    hops: usize,
    nets: Vec<Cidr>,
}

impl TrustedProxies {
    /// The client's address. Every proxy appends the address it was reached from to
    /// `X-Forwarded-For`, so only the right end of the list was written by proxies of ours;
    /// anything to the left of it the client may have made up. So: with `nets`, the
    /// right-most entry outside them (and the header only when the peer is one of them);
    /// otherwise the entry `hops` places from the right. Entries that do not parse end the
    /// walk at the last address we could trust.
    fn client_ip(&self, headers: &HeaderMap, peer: Option<SocketAddr>) -> Option<IpAddr> {
        let peer_ip = peer.map(|p| p.ip());
        if !self.enabled {
            return peer_ip;
        }
        let hops: Vec<&str> = headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .map(str::trim)
            .filter(|hop| !hop.is_empty())
            .collect();
        if self.nets.is_empty() {
            if self.hops == 0 || hops.is_empty() {
                return peer_ip;
            }
            let index = hops.len().saturating_sub(self.hops);
            return parse_hop(hops[index]).or(peer_ip);
        }
        let trusted = |ip: IpAddr| self.nets.iter().any(|net| net.contains(ip));
        let mut client = peer_ip?;
        if !trusted(client) {
            return Some(client);
        }
        for hop in hops.iter().rev() {
            match parse_hop(hop) {
                Some(ip) => {
                    client = ip;
                    if !trusted(ip) {
                        break;
                    }
                }
                None => break,
            }
        }
        Some(client)
    }
}

/// An `X-Forwarded-For` entry: an address, possibly with a port (`1.2.3.4:5`, `[::1]:5`).
fn parse_hop(hop: &str) -> Option<IpAddr> {
    hop.parse::<IpAddr>()
        .ok()
        .or_else(|| hop.parse::<SocketAddr>().ok().map(|s| s.ip()))
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
        Ok(ClientIp(state.limits.client_ip(&parts.headers, peer)))
    }
}

/// Counts one request from `ip` against `limiter`: 429 once the quota is spent.
pub fn check(limiter: &Limiter, ip: &ClientIp) -> Result<(), ApiError> {
    match ip.0 {
        Some(ip) => limiter.check(ip),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(xff: &str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert("x-forwarded-for", xff.parse().unwrap());
        h
    }

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    fn peer(s: &str) -> Option<SocketAddr> {
        Some(SocketAddr::new(ip(s), 40000))
    }

    #[test]
    fn without_trust_the_peer_is_the_client() {
        let proxies = TrustedProxies {
            enabled: false,
            hops: 1,
            nets: vec![],
        };
        assert_eq!(
            proxies.client_ip(&headers("1.2.3.4"), peer("10.0.0.1")),
            Some(ip("10.0.0.1"))
        );
    }

    #[test]
    fn hop_count_takes_the_entry_our_proxies_wrote() {
        let one = TrustedProxies {
            enabled: true,
            hops: 1,
            nets: vec![],
        };
        // The client made up 6.6.6.6; our one proxy appended the real address.
        assert_eq!(
            one.client_ip(&headers("6.6.6.6, 203.0.113.9"), peer("10.0.0.1")),
            Some(ip("203.0.113.9"))
        );
        let two = TrustedProxies { hops: 2, ..one };
        assert_eq!(
            two.client_ip(&headers("6.6.6.6, 203.0.113.9, 10.0.0.2"), peer("10.0.0.1")),
            Some(ip("203.0.113.9"))
        );
        // Shorter than the chain: the left-most entry (written by a proxy of ours).
        assert_eq!(
            two.client_ip(&headers("203.0.113.9"), peer("10.0.0.1")),
            Some(ip("203.0.113.9"))
        );
        assert_eq!(
            two.client_ip(&HeaderMap::new(), peer("10.0.0.1")),
            Some(ip("10.0.0.1"))
        );
    }

    #[test]
    fn cidr_list_takes_the_right_most_untrusted_entry_and_only_from_a_trusted_peer() {
        let proxies = TrustedProxies {
            enabled: true,
            hops: 1,
            nets: parse_trusted_proxies("10.0.0.0/8, fd00::/8").unwrap(),
        };
        assert_eq!(
            proxies.client_ip(
                &headers("6.6.6.6, 203.0.113.9, 10.1.2.3, fd00::7"),
                peer("10.0.0.1")
            ),
            Some(ip("203.0.113.9"))
        );
        assert_eq!(
            proxies.client_ip(&headers("203.0.113.9:4711"), peer("10.0.0.1")),
            Some(ip("203.0.113.9"))
        );
        // Not through our proxy: the header is the caller's own invention.
        assert_eq!(
            proxies.client_ip(&headers("203.0.113.9"), peer("198.51.100.4")),
            Some(ip("198.51.100.4"))
        );
        // Garbage written where a proxy of ours should have written: stop at what we trust.
        assert_eq!(
            proxies.client_ip(&headers("6.6.6.6, unknown, 10.1.2.3"), peer("10.0.0.1")),
            Some(ip("10.1.2.3"))
        );
    }

    #[test]
    fn reads_addresses_and_ranges() {
        let nets = parse_trusted_proxies(" 192.168.1.7 , 172.16.0.0/12,::1").unwrap();
        assert!(nets[0].contains(ip("192.168.1.7")));
        assert!(!nets[0].contains(ip("192.168.1.8")));
        assert!(nets[1].contains(ip("172.31.255.1")));
        assert!(!nets[1].contains(ip("172.32.0.1")));
        assert!(nets[2].contains(ip("::1")));
        assert!(nets[1].contains(ip("::ffff:172.16.0.1")));
        assert_eq!(
            parse_trusted_proxies("10.0.0.0/33").unwrap_err(),
            "10.0.0.0/33"
        );
        assert_eq!(parse_trusted_proxies("proxy").unwrap_err(), "proxy");
        assert!(parse_trusted_proxies("").unwrap().is_empty());
    }

    #[test]
    fn ipv6_clients_share_a_limit_per_64() {
        assert_eq!(
            rate_key(ip("2001:db8:1:2:aaaa::1")),
            rate_key(ip("2001:db8:1:2:bbbb::2"))
        );
        assert_ne!(
            rate_key(ip("2001:db8:1:2::1")),
            rate_key(ip("2001:db8:1:3::1"))
        );
        assert_eq!(rate_key(ip("::ffff:1.2.3.4")), ip("1.2.3.4"));
    }

    #[test]
    fn the_table_of_addresses_stays_bounded() {
        let limiter = Limiter::new(Quota::per_minute(NonZeroU32::new(2).unwrap()), 50);
        for n in 0..50u32 {
            assert!(limiter.check(IpAddr::from(n.to_be_bytes())).is_ok());
        }
        assert_eq!(limiter.inner.len(), 50);
        // Full of addresses inside their window: refused, and nothing more is stored.
        for n in 50..5_000u32 {
            assert!(limiter.check(IpAddr::from(n.to_be_bytes())).is_err());
        }
        assert!(limiter.inner.len() <= 50);
    }

    #[test]
    fn addresses_whose_quota_refilled_make_room() {
        // One request per address, a quota refilling every 10 ms: after a pause they are
        // indistinguishable from new and the sweep drops them.
        let quota = Quota::with_period(Duration::from_millis(10)).unwrap();
        let limiter = Limiter::new(quota, 20);
        for n in 0..20u32 {
            assert!(limiter.check(IpAddr::from(n.to_be_bytes())).is_ok());
        }
        std::thread::sleep(Duration::from_millis(1_100));
        assert!(limiter.check(ip("198.51.100.1")).is_ok());
        assert!(limiter.inner.len() <= 2, "{}", limiter.inner.len());
    }
}
