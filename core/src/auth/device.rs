//! Device cookies (OWASP "Slow Down Online Guessing Attacks with Device Cookies"): a browser
//! that signed in to an account gets `<user id>.<nonce>.<sig>`, where `sig` is lowercase hex
//! of HMAC-SHA256(key, `device:{userId}:{nonce}`). Presented again at sign-in to the SAME
//! account, it makes the attempt a known device's: the account's other failures neither wait
//! nor lock it (see [`super::throttle`]); only its own failures count against it.
use hmac::{Hmac, KeyInit, Mac};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

type HmacSha256 = Hmac<Sha256>;

/// Label of the device-cookie key derived from the server's token secret.
pub const DEVICE_KEY_LABEL: &str = "tingshu:device-cookie:v1";
/// The longest nonce a device cookie may carry (the server makes 32 hex characters).
pub const MAX_NONCE_LEN: usize = 64;

/// The device-cookie signing key derived from a server secret: lowercase hex of
/// HMAC-SHA256(secret, [`DEVICE_KEY_LABEL`]), so a device cookie never doubles as anything
/// else the secret signs.
pub fn derive_device_key(secret: &[u8]) -> String {
    let mut mac = HmacSha256::new_from_slice(secret).expect("HMAC takes any key length");
    mac.update(DEVICE_KEY_LABEL.as_bytes());
    hex::encode(mac.finalize().into_bytes())
}

/// Input of `signDeviceCookie`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct SignDeviceCookieInput {
    /// The signing key (its UTF-8 bytes are the HMAC key); a server secret.
    pub key: String,
    pub user_id: i64,
    /// Random, 1 to 64 of `A–Z a–z 0–9 _ -`.
    pub nonce: String,
}

fn mac(key: &str, user_id: i64, nonce: &str) -> HmacSha256 {
    let mut mac = HmacSha256::new_from_slice(key.as_bytes()).expect("HMAC takes any key length");
    mac.update(format!("device:{user_id}:{nonce}").as_bytes());
    mac
}

fn nonce_is_valid(nonce: &str) -> bool {
    (1..=MAX_NONCE_LEN).contains(&nonce.len())
        && nonce
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

/// `signDeviceCookie`: `<userId>.<nonce>.<hex HMAC-SHA256(key, "device:{userId}:{nonce}")>`.
pub fn sign_device_cookie(input: SignDeviceCookieInput) -> String {
    let signature = hex::encode(
        mac(&input.key, input.user_id, &input.nonce)
            .finalize()
            .into_bytes(),
    );
    format!("{}.{}.{signature}", input.user_id, input.nonce)
}

/// Input of `verifyDeviceCookie`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct VerifyDeviceCookieInput {
    pub key: String,
    /// The cookie's value as received.
    pub value: String,
    /// The account being signed in to.
    pub user_id: i64,
}

/// Output of `verifyDeviceCookie`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum DeviceCheck {
    /// Signed by this key for this account. `deviceId` (lowercase hex SHA-256 of the nonce)
    /// names the device in the failures recorded from it.
    #[serde(rename_all = "camelCase")]
    Known { device_id: String },
    /// Malformed, forged, or another account's cookie.
    Unknown,
}

/// `verifyDeviceCookie`: `known` only for a well-formed value whose user id is `userId` and
/// whose signature (checked in constant time) is this key's; otherwise `unknown`.
pub fn verify_device_cookie(input: VerifyDeviceCookieInput) -> DeviceCheck {
    let mut parts = input.value.split('.');
    let (Some(user), Some(nonce), Some(signature), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return DeviceCheck::Unknown;
    };
    let canonical_user = user == input.user_id.to_string();
    if !canonical_user || !nonce_is_valid(nonce) {
        return DeviceCheck::Unknown;
    }
    let Ok(signature) = hex::decode(signature.as_bytes()) else {
        return DeviceCheck::Unknown;
    };
    if mac(&input.key, input.user_id, nonce)
        .verify_slice(&signature)
        .is_err()
    {
        return DeviceCheck::Unknown;
    }
    DeviceCheck::Known {
        device_id: hex::encode(Sha256::digest(nonce.as_bytes())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const KEY: &str = "test-key";

    fn sign(user_id: i64, nonce: &str) -> String {
        sign_device_cookie(SignDeviceCookieInput {
            key: KEY.into(),
            user_id,
            nonce: nonce.into(),
        })
    }

    fn verify(value: &str, user_id: i64) -> DeviceCheck {
        verify_device_cookie(VerifyDeviceCookieInput {
            key: KEY.into(),
            value: value.into(),
            user_id,
        })
    }

    #[test]
    fn a_signed_cookie_is_known_to_its_account_only() {
        let cookie = sign(7, "abc123");
        assert!(cookie.starts_with("7.abc123."));
        assert!(matches!(verify(&cookie, 7), DeviceCheck::Known { .. }));
        assert_eq!(verify(&cookie, 8), DeviceCheck::Unknown);
        // Another key's signature is not this server's.
        let other = sign_device_cookie(SignDeviceCookieInput {
            key: "other-key".into(),
            user_id: 7,
            nonce: "abc123".into(),
        });
        assert_eq!(verify(&other, 7), DeviceCheck::Unknown);
    }

    #[test]
    fn altered_or_malformed_cookies_are_unknown() {
        let cookie = sign(7, "abc123");
        let signature = cookie.rsplit('.').next().unwrap();
        for value in [
            format!("8.abc123.{signature}"),
            format!("07.abc123.{signature}"),
            format!("+7.abc123.{signature}"),
            format!("7.abc124.{signature}"),
            format!("7.abc123.{}", &signature[..62]),
            format!("7.abc123.{signature}.x"),
            format!("7..{signature}"),
            "7.abc123".into(),
            String::new(),
        ] {
            assert_eq!(verify(&value, 7), DeviceCheck::Unknown, "{value}");
        }
        // Upper-case hex is the same signature.
        let upper = format!("7.abc123.{}", signature.to_uppercase());
        assert!(matches!(verify(&upper, 7), DeviceCheck::Known { .. }));
    }

    #[test]
    fn the_device_id_is_the_nonce_hash() {
        assert_eq!(
            verify(&sign(1, "n"), 1),
            DeviceCheck::Known {
                device_id: hex::encode(Sha256::digest(b"n"))
            }
        );
    }

    #[test]
    fn the_derived_key_differs_from_the_secret_and_the_audio_key() {
        let key = derive_device_key(b"secret");
        assert_eq!(key.len(), 64);
        assert_ne!(
            key,
            crate::catalog::signed_url::derive_signing_key(b"secret")
        );
    }

    proptest! {
        #[test]
        fn every_signed_cookie_verifies(user in -1_000_000i64..1_000_000, nonce in "[A-Za-z0-9_-]{1,64}") {
            let known = matches!(verify(&sign(user, &nonce), user), DeviceCheck::Known { .. });
            prop_assert!(known);
        }
    }
}
