//! Signed audio URLs (catalogue contract, "Audio"): `?exp=<ms>&uid=<user id>&sig=<hex>` where
//! `sig` is HMAC-SHA256 over `chapter:{id}:user:{uid}:exp:{exp}`.
use hmac::{Hmac, KeyInit, Mac};
use serde::{Deserialize, Serialize};
use sha2::Sha256;

type HmacSha256 = Hmac<Sha256>;

/// How long a signed audio URL stays valid: 10 minutes.
pub const SIGNATURE_TTL_MS: i64 = 10 * 60 * 1000;
/// 403 code: the signature was valid but its `exp` has passed.
pub const SIGNATURE_EXPIRED: &str = "signature_expired";
/// 403 code: the signature does not match (altered, other user, other chapter, other key).
pub const INVALID_SIGNATURE: &str = "invalid_signature";

/// Label of the audio-URL key derived from the server's token secret.
pub const SIGNING_KEY_LABEL: &str = "tingshu:audio-url:v1";

/// The audio-URL signing key derived from a server secret: lowercase hex of
/// HMAC-SHA256(secret, [`SIGNING_KEY_LABEL`]). A separate key, so that an audio signature can
/// never double as anything the secret itself signs (access tokens).
pub fn derive_signing_key(secret: &[u8]) -> String {
    let mut mac = HmacSha256::new_from_slice(secret).expect("HMAC takes any key length");
    mac.update(SIGNING_KEY_LABEL.as_bytes());
    hex::encode(mac.finalize().into_bytes())
}

/// Input of `signAudioUrl`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct SignAudioUrlInput {
    /// The signing key (its UTF-8 bytes are the HMAC key); a server secret.
    pub key: String,
    pub chapter_id: i64,
    pub user_id: i64,
    /// Expiry in ms since the epoch (exclusive).
    pub expires_at: i64,
}

fn mac(key: &str, chapter_id: i64, user_id: i64, expires_at: i64) -> HmacSha256 {
    let mut mac = HmacSha256::new_from_slice(key.as_bytes()).expect("HMAC takes any key length");
    mac.update(format!("chapter:{chapter_id}:user:{user_id}:exp:{expires_at}").as_bytes());
    mac
}

/// `signAudioUrl`: lowercase hex of HMAC-SHA256(key, `chapter:{chapterId}:user:{userId}:exp:{expiresAt}`).
pub fn sign_audio_url(input: SignAudioUrlInput) -> String {
    hex::encode(
        mac(
            &input.key,
            input.chapter_id,
            input.user_id,
            input.expires_at,
        )
        .finalize()
        .into_bytes(),
    )
}

/// Input of `verifyAudioUrl`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct VerifyAudioUrlInput {
    pub key: String,
    pub chapter_id: i64,
    pub user_id: i64,
    pub expires_at: i64,
    /// The `sig` query parameter as received (hex, either case).
    pub signature: String,
    pub now_ms: i64,
}

/// Output of `verifyAudioUrl`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum SignatureCheck {
    /// Signed by this key for this chapter and user, and not expired.
    Valid,
    /// Genuine, but `nowMs >= expiresAt`.
    Expired,
    /// Not hex, or not the signature of these values under this key.
    Invalid,
}

impl SignatureCheck {
    /// The 403 error code of a refusal; `None` when valid.
    pub fn error_code(self) -> Option<&'static str> {
        match self {
            Self::Valid => None,
            Self::Expired => Some(SIGNATURE_EXPIRED),
            Self::Invalid => Some(INVALID_SIGNATURE),
        }
    }
}

/// `verifyAudioUrl`: the signature is checked first, in constant time (`Mac::verify_slice`),
/// so a forged URL is `invalid` whatever its `exp`; a genuine one is `expired` once
/// `nowMs >= expiresAt`, otherwise `valid`.
pub fn verify_audio_url(input: VerifyAudioUrlInput) -> SignatureCheck {
    let Ok(signature) = hex::decode(input.signature.as_bytes()) else {
        return SignatureCheck::Invalid;
    };
    let genuine = mac(
        &input.key,
        input.chapter_id,
        input.user_id,
        input.expires_at,
    )
    .verify_slice(&signature)
    .is_ok();
    if !genuine {
        SignatureCheck::Invalid
    } else if input.now_ms >= input.expires_at {
        SignatureCheck::Expired
    } else {
        SignatureCheck::Valid
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const KEY: &str = "test-key";
    const NOW: i64 = 1_795_147_200_000;
    const DERIVED_FROM_SECRET: &str =
        "fe7507a4a834ef4c3d527fbd1367254a4a20d021cf4170c24b05de0877cad595";

    fn sign(chapter_id: i64, user_id: i64, expires_at: i64) -> String {
        sign_audio_url(SignAudioUrlInput {
            key: KEY.into(),
            chapter_id,
            user_id,
            expires_at,
        })
    }

    fn verify(
        chapter_id: i64,
        user_id: i64,
        expires_at: i64,
        signature: &str,
        now_ms: i64,
    ) -> SignatureCheck {
        verify_audio_url(VerifyAudioUrlInput {
            key: KEY.into(),
            chapter_id,
            user_id,
            expires_at,
            signature: signature.into(),
            now_ms,
        })
    }

    #[test]
    fn signature_is_hmac_sha256_of_the_documented_message() {
        // Independent computation: HMAC-SHA256("test-key", "chapter:7:user:3:exp:1000").
        assert_eq!(
            sign(7, 3, 1000),
            "1902d47e678ff2094111de1cb9a807f89df0083007f36b7126048265bbe60419"
        );
    }

    #[test]
    fn derived_key_is_hmac_of_the_label() {
        // Independent computation: HMAC-SHA256("secret", "tingshu:audio-url:v1").
        let key = derive_signing_key(b"secret");
        assert_eq!(key.len(), 64);
        assert_ne!(key, derive_signing_key(b"secret2"));
        assert_eq!(key, DERIVED_FROM_SECRET);
    }

    #[test]
    fn genuine_signatures_are_valid_until_expiry() {
        let exp = NOW + SIGNATURE_TTL_MS;
        let sig = sign(7, 3, exp);
        assert_eq!(sig.len(), 64);
        assert_eq!(verify(7, 3, exp, &sig, NOW), SignatureCheck::Valid);
        assert_eq!(
            verify(7, 3, exp, &sig.to_uppercase(), NOW),
            SignatureCheck::Valid
        );
        assert_eq!(verify(7, 3, exp, &sig, exp - 1), SignatureCheck::Valid);
        assert_eq!(verify(7, 3, exp, &sig, exp), SignatureCheck::Expired);
        assert_eq!(
            SignatureCheck::Expired.error_code(),
            Some("signature_expired")
        );
    }

    #[test]
    fn anything_altered_is_invalid() {
        let exp = NOW + SIGNATURE_TTL_MS;
        let sig = sign(7, 3, exp);
        assert_eq!(verify(8, 3, exp, &sig, NOW), SignatureCheck::Invalid);
        assert_eq!(verify(7, 4, exp, &sig, NOW), SignatureCheck::Invalid);
        assert_eq!(verify(7, 3, exp + 1, &sig, NOW), SignatureCheck::Invalid);
        // Forged and expired: still reported as invalid, not expired.
        assert_eq!(verify(7, 3, NOW - 1, &sig, NOW), SignatureCheck::Invalid);
        assert_eq!(verify(7, 3, exp, &sig[..62], NOW), SignatureCheck::Invalid);
        assert_eq!(verify(7, 3, exp, "zz", NOW), SignatureCheck::Invalid);
        assert_eq!(verify(7, 3, exp, "", NOW), SignatureCheck::Invalid);
        let other_key = verify_audio_url(VerifyAudioUrlInput {
            key: "other".into(),
            chapter_id: 7,
            user_id: 3,
            expires_at: exp,
            signature: sig,
            now_ms: NOW,
        });
        assert_eq!(other_key, SignatureCheck::Invalid);
        assert_eq!(
            SignatureCheck::Invalid.error_code(),
            Some("invalid_signature")
        );
        assert_eq!(SignatureCheck::Valid.error_code(), None);
    }

    #[test]
    fn check_serializes_as_a_kind() {
        assert_eq!(
            serde_json::to_value(SignatureCheck::Expired).unwrap(),
            serde_json::json!({"kind": "expired"})
        );
    }

    proptest! {
        #[test]
        fn sign_then_verify_round_trips(
            chapter in 1i64..i64::MAX,
            user in 1i64..i64::MAX,
            exp in 0i64..4_000_000_000_000,
            now in 0i64..4_000_000_000_000,
        ) {
            let sig = sign(chapter, user, exp);
            let expected = if now < exp { SignatureCheck::Valid } else { SignatureCheck::Expired };
            prop_assert_eq!(verify(chapter, user, exp, &sig, now), expected);
            prop_assert_eq!(verify(chapter, user.wrapping_add(1), exp, &sig, now), SignatureCheck::Invalid);
        }
    }
}
