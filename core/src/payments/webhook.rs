//! The signature of payment notifications: `t=<unix seconds>,v1=<hex HMAC-SHA256>` over
//! `"{t}.{body}"`, so the time is inside what is signed; accepted within a tolerance of the
//! receiver's clock and compared in constant time.
use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;

type HmacSha256 = Hmac<Sha256>;

/// The header a provider signs its notification in.
pub const SIGNATURE_HEADER: &str = "Tingshu-Signature";
/// How far the signed time may be from the receiver's clock: 5 minutes.
pub const TOLERANCE_SECS: i64 = 5 * 60;

/// Why a notification's signature is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SignatureCheck {
    /// No header, or not `t=…,v1=…`.
    Malformed,
    /// The signed time is more than [`TOLERANCE_SECS`] away (a replay of an old message).
    Stale,
    /// The HMAC does not match (altered body, other time, other secret).
    Mismatch,
}

fn mac(secret: &[u8], timestamp: i64, body: &[u8]) -> HmacSha256 {
    let mut mac = HmacSha256::new_from_slice(secret).expect("HMAC takes any key length");
    mac.update(timestamp.to_string().as_bytes());
    mac.update(b".");
    mac.update(body);
    mac
}

/// The header value signing `body` at `timestamp` (unix seconds).
pub fn sign(secret: &[u8], timestamp: i64, body: &[u8]) -> String {
    let digest = mac(secret, timestamp, body).finalize().into_bytes();
    format!("t={timestamp},v1={}", hex::encode(digest))
}

/// Checks `header` against `body` at `now_secs`.
pub fn verify(
    secret: &[u8],
    header: &str,
    body: &[u8],
    now_secs: i64,
) -> Result<(), SignatureCheck> {
    let mut timestamp = None;
    let mut signatures = Vec::new();
    for part in header.split(',') {
        match part.trim().split_once('=') {
            Some(("t", value)) => timestamp = value.parse::<i64>().ok(),
            Some(("v1", value)) => {
                signatures.push(hex::decode(value).map_err(|_| SignatureCheck::Malformed)?)
            }
            _ => {}
        }
    }
    let timestamp = timestamp.ok_or(SignatureCheck::Malformed)?;
    if signatures.is_empty() {
        return Err(SignatureCheck::Malformed);
    }
    if (now_secs - timestamp).abs() > TOLERANCE_SECS {
        return Err(SignatureCheck::Stale);
    }
    let matches = signatures
        .iter()
        .any(|signature| mac(secret, timestamp, body).verify_slice(signature).is_ok());
    if matches {
        Ok(())
    } else {
        Err(SignatureCheck::Mismatch)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &[u8] = b"whsec-test";
    const NOW: i64 = 1_795_564_800;

    #[test]
    fn a_signed_body_verifies_within_the_tolerance() {
        let header = sign(SECRET, NOW, b"{\"a\":1}");
        assert!(header.starts_with(&format!("t={NOW},v1=")));
        assert_eq!(verify(SECRET, &header, b"{\"a\":1}", NOW), Ok(()));
        assert_eq!(
            verify(SECRET, &header, b"{\"a\":1}", NOW + TOLERANCE_SECS),
            Ok(())
        );
        assert_eq!(
            verify(SECRET, &header, b"{\"a\":1}", NOW - TOLERANCE_SECS),
            Ok(())
        );
    }

    #[test]
    fn old_altered_or_foreign_messages_are_refused() {
        let header = sign(SECRET, NOW, b"{\"a\":1}");
        assert_eq!(
            verify(SECRET, &header, b"{\"a\":1}", NOW + TOLERANCE_SECS + 1),
            Err(SignatureCheck::Stale)
        );
        assert_eq!(
            verify(SECRET, &header, b"{\"a\":2}", NOW),
            Err(SignatureCheck::Mismatch)
        );
        assert_eq!(
            verify(b"other", &header, b"{\"a\":1}", NOW),
            Err(SignatureCheck::Mismatch)
        );
        // The time is signed: moving it breaks the signature.
        let moved = header.replacen(&format!("t={NOW}"), &format!("t={}", NOW + 1), 1);
        assert_eq!(
            verify(SECRET, &moved, b"{\"a\":1}", NOW),
            Err(SignatureCheck::Mismatch)
        );
        for bad in ["", "t=1", "v1=00", "t=x,v1=00", "t=1,v1=zz"] {
            assert_eq!(
                verify(SECRET, bad, b"", NOW),
                Err(SignatureCheck::Malformed),
                "{bad}"
            );
        }
    }
}
