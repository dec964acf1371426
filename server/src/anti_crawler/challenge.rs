//! Challenge codes, proofs and passes (DESIGN §7): keyed hashes of the server's key, a time
//! window and the client's budget key, so every instance sharing the secret agrees with no
//! shared storage. A proof is core's five chained keyed hashes of a nonce under the code, to
//! the client's difficulty; a pass is what an accepted proof buys.
use std::{net::IpAddr, sync::Arc};

use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;
use subtle::ConstantTimeEq;
use tingshu_core::pow::{verify_pow, VerifyPowInput};

/// A challenge code is valid in its window of this many seconds and the next one.
pub const WINDOW_SECS: u64 = 300;
/// Bytes of a code (sent as twice as many hex digits).
const CODE_BYTES: usize = 16;
/// Bytes of a pass's signature.
const PASS_MAC_BYTES: usize = 16;

/// Why a proof was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProofError {
    /// Not `code:nonce:digest`.
    Malformed,
    /// Not this client's code of this window or the last one.
    WrongCode,
    /// The digest is not the nonce's, or has too few leading zero bits.
    WrongWork,
}

/// A proof that checked out: the code it answered and its nonce (replays are refused by
/// both together).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Proof {
    pub code: String,
    pub nonce: u64,
}

/// The key of codes and passes; cheap to clone.
#[derive(Clone)]
pub struct ChallengeKeys {
    key: Arc<[u8]>,
}

impl ChallengeKeys {
    pub fn new(key: Arc<[u8]>) -> Self {
        Self { key }
    }

    /// The budget key's bytes as hashed (4 for IPv4, 16 for IPv6): no text made per request.
    fn address_bytes(client: IpAddr) -> ([u8; 16], usize) {
        let mut bytes = [0u8; 16];
        match client {
            IpAddr::V4(v4) => {
                bytes[..4].copy_from_slice(&v4.octets());
                (bytes, 4)
            }
            IpAddr::V6(v6) => (v6.octets(), 16),
        }
    }

    fn mac(&self, label: &[u8], parts: &[&[u8]]) -> [u8; 32] {
        let mut mac = <Hmac<Sha256>>::new_from_slice(&self.key).expect("HMAC takes any key length");
        mac.update(label);
        for part in parts {
            mac.update(b"\x00");
            mac.update(part);
        }
        mac.finalize().into_bytes().into()
    }

    /// The challenge code of `client` in `window` (seconds since the epoch / [`WINDOW_SECS`]):
    /// 32 lower-case hex digits.
    pub fn code(&self, window: u64, client: IpAddr) -> String {
        let mac = self.mac(
            b"code",
            &[&window.to_be_bytes(), client.to_string().as_bytes()],
        );
        hex::encode(&mac[..CODE_BYTES])
    }

    /// Checks `X-Challenge-Proof: <code>:<nonce>:<digest>` for `client` at `now_secs` and
    /// `difficulty`: the code must be the client's of this window or the last one (compared in
    /// constant time), the digest the nonce's (core's `verifyPow`, constant time too).
    pub fn check_proof(
        &self,
        header: &str,
        client: IpAddr,
        now_secs: u64,
        difficulty: u32,
    ) -> Result<Proof, ProofError> {
        let mut parts = header.trim().splitn(3, ':');
        let (Some(code), Some(nonce), Some(digest)) = (parts.next(), parts.next(), parts.next())
        else {
            return Err(ProofError::Malformed);
        };
        let nonce: u64 = nonce.parse().map_err(|_| ProofError::Malformed)?;
        if code.len() != CODE_BYTES * 2 || digest.len() != 64 {
            return Err(ProofError::Malformed);
        }
        let window = now_secs / WINDOW_SECS;
        let current = self.code(window, client);
        let last = self.code(window.saturating_sub(1), client);
        let known: bool = (code.as_bytes().ct_eq(current.as_bytes())
            | code.as_bytes().ct_eq(last.as_bytes()))
        .into();
        if !known {
            return Err(ProofError::WrongCode);
        }
        let worked = verify_pow(VerifyPowInput {
            challenge: code.to_owned(),
            nonce,
            digest: digest.to_owned(),
            difficulty,
        });
        if !worked {
            return Err(ProofError::WrongWork);
        }
        Ok(Proof {
            code: code.to_owned(),
            nonce,
        })
    }

    /// A pass for `client` until `expires_secs`, earned by the proof with `nonce`:
    /// `<expires>.<nonce>.<signature>`.
    pub fn pass(&self, client: IpAddr, expires_secs: u64, nonce: u64) -> String {
        let mac = self.pass_mac(client, expires_secs, nonce);
        format!("{expires_secs}.{nonce}.{}", hex::encode(mac))
    }

    fn pass_mac(&self, client: IpAddr, expires_secs: u64, nonce: u64) -> [u8; PASS_MAC_BYTES] {
        let (address, len) = Self::address_bytes(client);
        let mac = self.mac(
            b"pass",
            &[
                &expires_secs.to_be_bytes(),
                &nonce.to_be_bytes(),
                &address[..len],
            ],
        );
        let mut out = [0; PASS_MAC_BYTES];
        out.copy_from_slice(&mac[..PASS_MAC_BYTES]);
        out
    }

    /// The pass's signature (its identity, under which its own budget is counted) when
    /// `token` is a pass this key made for `client`, not expired at `now_secs` and not
    /// lasting beyond `longest_secs` from now.
    pub fn check_pass(
        &self,
        token: &str,
        client: IpAddr,
        now_secs: u64,
        longest_secs: u64,
    ) -> Option<[u8; PASS_MAC_BYTES]> {
        let mut parts = token.trim().splitn(3, '.');
        let expires: u64 = parts.next()?.parse().ok()?;
        let nonce: u64 = parts.next()?.parse().ok()?;
        let claimed = hex::decode(parts.next()?).ok()?;
        if expires <= now_secs || expires > now_secs.saturating_add(longest_secs) {
            return None;
        }
        let expected = self.pass_mac(client, expires, nonce);
        bool::from(expected.as_slice().ct_eq(&claimed)).then_some(expected)
    }
}

#[cfg(test)]
mod tests {
    use tingshu_core::pow::{solve_pow, SolvePowInput};

    use super::*;

    fn keys() -> ChallengeKeys {
        ChallengeKeys::new(Arc::from(&b"a key derived from the secret"[..]))
    }

    const ALICE: IpAddr = IpAddr::V4(std::net::Ipv4Addr::new(192, 0, 2, 1));
    const BOB: IpAddr = IpAddr::V4(std::net::Ipv4Addr::new(192, 0, 2, 2));

    fn proof_for(code: &str, difficulty: u32) -> String {
        let solution = solve_pow(SolvePowInput {
            challenge: code.into(),
            difficulty,
            max_iterations: 1 << 20,
            start_nonce: None,
        })
        .expect("solvable");
        format!("{code}:{}:{}", solution.nonce, solution.digest)
    }

    #[test]
    fn codes_differ_by_window_client_and_key_and_agree_across_instances() {
        let code = keys().code(7, ALICE);
        assert_eq!(code.len(), 32);
        assert_eq!(code, keys().code(7, ALICE), "another instance, same secret");
        assert_ne!(code, keys().code(8, ALICE));
        assert_ne!(code, keys().code(7, BOB));
        assert_ne!(
            code,
            ChallengeKeys::new(Arc::from(&b"another"[..])).code(7, ALICE)
        );
    }

    #[test]
    fn a_proof_is_accepted_in_its_window_and_the_next_only() {
        let now = 10 * WINDOW_SECS + 5;
        let code = keys().code(10, ALICE);
        let header = proof_for(&code, 8);
        assert!(keys().check_proof(&header, ALICE, now, 8).is_ok());
        assert!(keys()
            .check_proof(&header, ALICE, now + WINDOW_SECS, 8)
            .is_ok());
        assert_eq!(
            keys().check_proof(&header, ALICE, now + 2 * WINDOW_SECS, 8),
            Err(ProofError::WrongCode)
        );
        assert_eq!(
            keys().check_proof(&header, BOB, now, 8),
            Err(ProofError::WrongCode),
            "another client's code"
        );
    }

    #[test]
    fn too_little_work_or_a_wrong_digest_is_refused() {
        let now = 10 * WINDOW_SECS;
        let code = keys().code(10, ALICE);
        let header = proof_for(&code, 4);
        let bits = {
            let digest = header.rsplit(':').next().unwrap();
            tingshu_core::pow::leading_zero_bits(&hex::decode(digest).unwrap())
        };
        assert_eq!(
            keys().check_proof(&header, ALICE, now, bits + 1),
            Err(ProofError::WrongWork)
        );
        let forged = format!("{code}:1:{}", "0".repeat(64));
        assert_eq!(
            keys().check_proof(&forged, ALICE, now, 0),
            Err(ProofError::WrongWork)
        );
        for malformed in ["", "abc", &format!("{code}:x:{}", "0".repeat(64)), "a:1:b"] {
            assert_eq!(
                keys().check_proof(malformed, ALICE, now, 0),
                Err(ProofError::Malformed),
                "{malformed}"
            );
        }
    }

    #[test]
    fn a_pass_holds_for_its_client_until_it_expires() {
        let pass = keys().pass(ALICE, 1_000, 42);
        assert!(keys().check_pass(&pass, ALICE, 500, 600).is_some());
        assert!(
            keys().check_pass(&pass, ALICE, 1_000, 600).is_none(),
            "expired"
        );
        assert!(
            keys().check_pass(&pass, BOB, 500, 600).is_none(),
            "another client"
        );
        assert!(
            keys().check_pass(&pass, ALICE, 100, 600).is_none(),
            "too long a pass"
        );
        let tampered = pass.replacen("1000.", "1001.", 1);
        assert!(keys().check_pass(&tampered, ALICE, 500, 600).is_none());
        assert!(keys().check_pass("nonsense", ALICE, 500, 600).is_none());
    }
}
