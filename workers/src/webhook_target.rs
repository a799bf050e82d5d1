//! Where a broker firm's webhook may point (a guard against server-side request forgery): an
//! https URL whose host resolves only to public addresses, never to this machine, the private
//! network, link-local (the cloud metadata service at 169.254.169.254) or other internal ones.
//! Checked when the admin registers the URL, and again at each delivery against the very
//! addresses the delivery then connects to (see [`crate::webhook`]), so a DNS answer changed
//! after the check cannot send it elsewhere. `WEBHOOK_ALLOW_PRIVATE_TARGETS` lifts both
//! rules, for local development and the tests' receiver on 127.0.0.1.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::time::Duration;

use url::{Host, Url};

/// How long resolving an endpoint's host may take.
const RESOLVE_TIMEOUT: Duration = Duration::from_secs(5);

/// Why a URL may not receive webhooks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TargetError {
    #[error("must start with https://")]
    NotHttps,
    #[error("must name a host")]
    NoHost,
    #[error("its host could not be found")]
    Unresolved,
    #[error(
        "must be a public address: loopback, private, link-local and other internal addresses \
         are refused"
    )]
    NotPublic,
}

/// What can be told without the network: https (or http, when private targets are allowed)
/// and a host.
pub fn check_url(url: &Url, allow_private: bool) -> Result<(), TargetError> {
    if url.host_str().is_none_or(str::is_empty) {
        return Err(TargetError::NoHost);
    }
    match url.scheme() {
        "https" => Ok(()),
        "http" if allow_private => Ok(()),
        _ => Err(TargetError::NotHttps),
    }
}

/// Resolves the URL's host once; every address must be public unless private targets are
/// allowed. These are the addresses to connect to (and only these).
pub async fn resolve(url: &Url, allow_private: bool) -> Result<Vec<SocketAddr>, TargetError> {
    check_url(url, allow_private)?;
    let port = url.port_or_known_default().ok_or(TargetError::NoHost)?;
    let addrs: Vec<SocketAddr> = match url.host().ok_or(TargetError::NoHost)? {
        Host::Ipv4(ip) => vec![SocketAddr::new(ip.into(), port)],
        Host::Ipv6(ip) => vec![SocketAddr::new(ip.into(), port)],
        Host::Domain(name) => {
            tokio::time::timeout(RESOLVE_TIMEOUT, tokio::net::lookup_host((name, port)))
                .await
                .map_err(|_| TargetError::Unresolved)?
                .map_err(|_| TargetError::Unresolved)?
                .collect()
        }
    };
    if addrs.is_empty() {
        return Err(TargetError::Unresolved);
    }
    if !allow_private && !addrs.iter().all(|a| is_public(a.ip())) {
        return Err(TargetError::NotPublic);
    }
    Ok(addrs)
}

/// Whether an address is on the public internet: not unspecified, loopback, private
/// (RFC 1918), shared (CGNAT, 100.64/10), link-local, unique-local, multicast or reserved,
/// also when an IPv6 address carries an IPv4 one (mapped, or NAT64's 64:ff9b::/96).
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => is_public_v4(v4),
        IpAddr::V6(v6) => is_public_v6(v6),
    }
}

fn is_public_v4(ip: Ipv4Addr) -> bool {
    let [a, b, ..] = ip.octets();
    !(a == 0 // "this network", 0.0.0.0 included
        || ip.is_loopback()
        || ip.is_private()
        || ip.is_link_local()
        || (a == 100 && (64..128).contains(&b)) // shared address space (CGNAT)
        || ip.is_multicast()
        || a >= 240) // reserved, and the broadcast address
}

fn is_public_v6(ip: Ipv6Addr) -> bool {
    if let Some(v4) = ip.to_ipv4_mapped() {
        return is_public_v4(v4);
    }
    let segments = ip.segments();
    if segments[..6] == [0x64, 0xff9b, 0, 0, 0, 0] {
        let [.., a, b, c, d] = ip.octets();
        return is_public_v4(Ipv4Addr::new(a, b, c, d));
    }
    !(ip.is_unspecified()
        || ip.is_loopback()
        || ip.is_multicast()
        || (segments[0] & 0xfe00) == 0xfc00 // unique local, fc00::/7
        || (segments[0] & 0xffc0) == 0xfe80 // link-local, fe80::/10
        || (segments[0] & 0xffc0) == 0xfec0) // site-local (deprecated), fec0::/10
}

#[cfg(test)]
mod tests {
    use super::*;

    fn public(raw: &str) -> bool {
        is_public(raw.parse().unwrap())
    }

    #[test]
    fn internal_ipv4_addresses_are_refused() {
        for ip in [
            "0.0.0.0",
            "0.1.2.3",
            "127.0.0.1",
            "127.255.0.9",
            "10.0.0.1",
            "10.255.255.255",
            "172.16.0.1",
            "172.31.255.254",
            "192.168.1.1",
            "169.254.169.254",
            "169.254.0.1",
            "100.64.0.1",
            "100.127.255.254",
            "224.0.0.1",
            "239.255.255.250",
            "240.0.0.1",
            "255.255.255.255",
        ] {
            assert!(!public(ip), "{ip}");
        }
    }

    #[test]
    fn public_ipv4_addresses_pass_even_next_to_internal_ranges() {
        for ip in [
            "1.1.1.1",
            "8.8.8.8",
            "172.15.255.255",
            "172.32.0.1",
            "192.169.0.1",
            "100.63.255.255",
            "100.128.0.1",
            "169.253.0.1",
            "11.0.0.1",
            "223.255.255.255",
        ] {
            assert!(public(ip), "{ip}");
        }
    }

    #[test]
    fn internal_ipv6_addresses_are_refused_mapped_ones_too() {
        for ip in [
            "::",
            "::1",
            "fc00::1",
            "fd12:3456:789a::1",
            "fe80::1",
            "febf::1",
            "fec0::1",
            "ff02::1",
            "ff0e::1",
            "::ffff:127.0.0.1",
            "::ffff:10.1.2.3",
            "::ffff:169.254.169.254",
            "::ffff:192.168.0.1",
            "::ffff:100.64.0.1",
            "::ffff:0.0.0.0",
            "64:ff9b::a9fe:a9fe",
            "64:ff9b::7f00:1",
        ] {
            assert!(!public(ip), "{ip}");
        }
        for ip in [
            "2001:4860:4860::8888",
            "2606:4700::1111",
            "::ffff:8.8.8.8",
            "64:ff9b::808:808",
        ] {
            assert!(public(ip), "{ip}");
        }
    }

    #[test]
    fn a_url_must_be_https_unless_private_targets_are_allowed() {
        let url = |raw: &str| Url::parse(raw).unwrap();
        assert_eq!(check_url(&url("https://crm.example.com/h"), false), Ok(()));
        assert_eq!(
            check_url(&url("http://crm.example.com/h"), false),
            Err(TargetError::NotHttps)
        );
        assert_eq!(check_url(&url("http://127.0.0.1:9/h"), true), Ok(()));
        assert_eq!(
            check_url(&url("ftp://crm.example.com/"), true),
            Err(TargetError::NotHttps)
        );
    }

    #[tokio::test]
    async fn literal_and_local_hosts_resolve_to_refused_addresses() {
        let url = |raw: &str| Url::parse(raw).unwrap();
        for raw in [
            "https://127.0.0.1/hook",
            "https://[::1]/hook",
            "https://169.254.169.254/latest/meta-data",
            "https://[::ffff:10.0.0.1]/hook",
            "https://localhost/hook",
        ] {
            assert_eq!(
                resolve(&url(raw), false).await,
                Err(TargetError::NotPublic),
                "{raw}"
            );
        }
        let addrs = resolve(&url("http://127.0.0.1:9/hook"), true).await;
        assert_eq!(addrs, Ok(vec!["127.0.0.1:9".parse().unwrap()]));
        let addrs = resolve(&url("https://8.8.8.8/hook"), false).await;
        assert_eq!(addrs, Ok(vec!["8.8.8.8:443".parse().unwrap()]));
    }
}
