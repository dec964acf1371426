//! Who the client is: the socket's peer, or — only when that peer is a trusted proxy — the
//! address the proxies name in `Forwarded` / `X-Forwarded-For` (DESIGN §8a).
use std::{
    net::{IpAddr, SocketAddr},
    str::FromStr,
};

use axum::{
    extract::{ConnectInfo, FromRequestParts},
    http::{request::Parts, HeaderMap, Request},
};
use ipnet::IpNet;

/// A trusted proxy: one address or a CIDR range.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProxyRange(IpNet);

impl ProxyRange {
    pub fn contains(&self, address: &IpAddr) -> bool {
        self.0.contains(address)
    }
}

impl FromStr for ProxyRange {
    type Err = String;

    fn from_str(raw: &str) -> Result<Self, Self::Err> {
        let raw = raw.trim();
        raw.parse::<IpNet>()
            .or_else(|_| raw.parse::<IpAddr>().map(IpNet::from))
            .map(Self)
            .map_err(|_| format!("{raw:?} is neither an IP address nor a CIDR range"))
    }
}

/// The client's address, resolved once per request by [`resolve_client`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClientAddr(pub IpAddr);

impl ClientAddr {
    /// The key budgets count under: the address, or its /64 network for IPv6 (one household
    /// or server usually holds a whole /64).
    pub fn budget_key(&self) -> IpAddr {
        match self.0 {
            IpAddr::V4(v4) => IpAddr::V4(v4),
            IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
                Some(v4) => IpAddr::V4(v4),
                None => {
                    let bits = u128::from(v6) & (u128::MAX << 64);
                    IpAddr::V6(bits.into())
                }
            },
        }
    }
}

impl<S: Send + Sync> FromRequestParts<S> for ClientAddr {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        Ok(Self::of(&parts.extensions))
    }
}

impl ClientAddr {
    /// The client of a request with these extensions: as [`resolve_client`] put it, else the
    /// socket's peer (loopback when there is none, as in tests calling the router directly).
    pub fn of(extensions: &axum::http::Extensions) -> Self {
        extensions.get::<ClientAddr>().copied().unwrap_or_else(|| {
            ClientAddr(
                extensions
                    .get::<ConnectInfo<SocketAddr>>()
                    .map(|info| info.0.ip())
                    .unwrap_or(IpAddr::from([127, 0, 0, 1])),
            )
        })
    }
}

/// The edge's request mapping (`edge::wrap`): puts the request's [`ClientAddr`] into its
/// extensions, given the trusted proxies (`TRUSTED_PROXIES`).
pub fn resolve_client<B>(trusted: &[ProxyRange], mut request: Request<B>) -> Request<B> {
    if let Some(ConnectInfo(peer)) = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .copied()
    {
        let client = client_address(peer.ip(), request.headers(), trusted);
        request.extensions_mut().insert(ClientAddr(client));
    }
    request
}

/// The client of a request that reached us from `peer`: walking the proxy chain from the
/// nearest hop, the first address that is not a trusted proxy. An unreadable hop stops the
/// walk at the last trusted one.
pub fn client_address(peer: IpAddr, headers: &HeaderMap, trusted: &[ProxyRange]) -> IpAddr {
    let is_trusted = |address: &IpAddr| trusted.iter().any(|range| range.contains(address));
    if !is_trusted(&peer) {
        return peer;
    }
    let mut client = peer;
    for hop in forwarded_chain(headers).iter().rev() {
        match hop {
            Some(address) => {
                client = *address;
                if !is_trusted(address) {
                    break;
                }
            }
            None => break,
        }
    }
    client
}

/// The addresses the proxies recorded, nearest last: `Forwarded` when present (RFC 7239),
/// else `X-Forwarded-For`. `None` for a hop that is not an address (`unknown`, `_hidden`).
fn forwarded_chain(headers: &HeaderMap) -> Vec<Option<IpAddr>> {
    let values = |name: &str| -> Vec<String> {
        headers
            .get_all(name)
            .iter()
            .filter_map(|value| value.to_str().ok())
            .flat_map(|value| value.split(','))
            .map(|hop| hop.trim().to_owned())
            .collect()
    };
    let forwarded = values("forwarded");
    if !forwarded.is_empty() {
        return forwarded
            .iter()
            .map(|element| {
                element
                    .split(';')
                    .filter_map(|pair| pair.split_once('='))
                    .find(|(name, _)| name.trim().eq_ignore_ascii_case("for"))
                    .and_then(|(_, node)| parse_node(node))
            })
            .collect();
    }
    values("x-forwarded-for")
        .iter()
        .map(|hop| parse_node(hop))
        .collect()
}

/// `192.0.2.1`, `192.0.2.1:4711`, `"[2001:db8::1]:4711"`, `2001:db8::1` → the address.
fn parse_node(raw: &str) -> Option<IpAddr> {
    let node = raw.trim().trim_matches('"');
    if let Ok(address) = node.parse::<IpAddr>() {
        return Some(address);
    }
    if let Some(rest) = node.strip_prefix('[') {
        return rest.split(']').next()?.parse().ok();
    }
    node.parse::<SocketAddr>().ok().map(|socket| socket.ip())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(*name, value.parse().unwrap());
        }
        map
    }

    fn ranges(list: &[&str]) -> Vec<ProxyRange> {
        list.iter().map(|raw| raw.parse().unwrap()).collect()
    }

    fn ip(raw: &str) -> IpAddr {
        raw.parse().unwrap()
    }

    #[test]
    fn without_trusted_proxies_the_headers_are_ignored() {
        let forged = headers(&[("x-forwarded-for", "203.0.113.9")]);
        assert_eq!(
            client_address(ip("198.51.100.7"), &forged, &[]),
            ip("198.51.100.7")
        );
        let trusted = ranges(&["10.0.0.0/8"]);
        assert_eq!(
            client_address(ip("198.51.100.7"), &forged, &trusted),
            ip("198.51.100.7"),
            "a peer that is not a trusted proxy names nobody"
        );
    }

    #[test]
    fn a_trusted_proxy_names_the_nearest_untrusted_hop() {
        let trusted = ranges(&["10.0.0.0/8", "127.0.0.1"]);
        let chain = headers(&[("x-forwarded-for", "203.0.113.9, 198.51.100.20, 10.1.2.3")]);
        assert_eq!(
            client_address(ip("127.0.0.1"), &chain, &trusted),
            ip("198.51.100.20")
        );
        let forwarded = headers(&[(
            "forwarded",
            "for=203.0.113.9;proto=https, for=\"[2001:db8::7]:4711\"",
        )]);
        assert_eq!(
            client_address(ip("10.9.9.9"), &forwarded, &trusted),
            ip("2001:db8::7")
        );
        let hidden = headers(&[("forwarded", "for=203.0.113.9, for=_hidden")]);
        assert_eq!(
            client_address(ip("10.9.9.9"), &hidden, &trusted),
            ip("10.9.9.9")
        );
        let only_proxies = headers(&[("x-forwarded-for", "10.0.0.5")]);
        assert_eq!(
            client_address(ip("127.0.0.1"), &only_proxies, &trusted),
            ip("10.0.0.5")
        );
    }

    #[test]
    fn ranges_read_addresses_and_cidrs() {
        assert!("127.0.0.1"
            .parse::<ProxyRange>()
            .unwrap()
            .contains(&ip("127.0.0.1")));
        assert!("fd00::/8"
            .parse::<ProxyRange>()
            .unwrap()
            .contains(&ip("fd12::1")));
        assert!("not-an-ip".parse::<ProxyRange>().is_err());
    }

    #[test]
    fn ipv6_clients_are_budgeted_by_their_64_network() {
        let a = ClientAddr(ip("2001:db8:1:2:aaaa::1")).budget_key();
        let b = ClientAddr(ip("2001:db8:1:2:bbbb::9")).budget_key();
        let c = ClientAddr(ip("2001:db8:1:3::1")).budget_key();
        assert_eq!(a, b);
        assert_ne!(a, c);
        assert_eq!(ClientAddr(ip("192.0.2.1")).budget_key(), ip("192.0.2.1"));
    }
}
