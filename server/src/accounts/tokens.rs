//! Access tokens (HS256 JWTs, 15 minutes) and opaque refresh tokens (stored only as SHA-256).
use std::{fs, path::Path};

use anyhow::Context;
use argon2::password_hash::rand_core::{OsRng, RngCore};
use hmac::{KeyInit, Mac};
use jsonwebtoken::{decode, encode, Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// Label of the key that derives successor refresh tokens from the token secret.
const SUCCESSOR_KEY_LABEL: &[u8] = b"tingshu refresh-token successor v1";
/// Label of the payment-notification key derived from the secret (no PAYMENT_WEBHOOK_SECRET).
const WEBHOOK_KEY_LABEL: &[u8] = b"tingshu payment-webhook v1";
/// Label of the key of behaviour tracking's daily visitor hashes.
const VISITOR_KEY_LABEL: &[u8] = b"tingshu behaviour-visitor v1";
const CHALLENGE_KEY_LABEL: &[u8] = b"tingshu anti-crawler challenge v1";

/// How long an access token is accepted.
pub const ACCESS_TOKEN_TTL_MS: i64 = 15 * 60 * 1000;
/// How long a session lasts without a refresh, and how long one refresh token is valid.
pub const REFRESH_TOKEN_TTL_MS: i64 = 30 * 24 * 60 * 60 * 1000;

/// What an access token says: who, which session, until when.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Claims {
    /// The user id.
    pub sub: String,
    /// The session (token family) id.
    pub sid: String,
    /// Issued at, seconds since the epoch.
    pub iat: i64,
    /// Expiry, seconds since the epoch.
    pub exp: i64,
}

/// The signing keys of access tokens, and the audio-URL key derived from the same secret.
#[derive(Clone)]
pub struct TokenKeys {
    encoding: EncodingKey,
    decoding: DecodingKey,
    /// HMAC key of signed audio URLs (`tingshu_core::catalog::signed_url::derive_signing_key`).
    audio_url_key: std::sync::Arc<str>,
    /// HMAC key of successor refresh tokens, derived from the same secret.
    successor_key: std::sync::Arc<[u8]>,
    /// HMAC key of payment notifications when none is configured, derived from the same secret.
    webhook_key: std::sync::Arc<[u8]>,
    /// HMAC key of device cookies (`tingshu_core::auth::device::derive_device_key`).
    device_key: std::sync::Arc<str>,
    /// HMAC key of behaviour tracking's visitor hashes, derived from the same secret.
    visitor_key: std::sync::Arc<[u8]>,
    /// HMAC key of anti-crawler challenge codes and passes, derived from the same secret (so
    /// every instance sharing the secret agrees).
    challenge_key: std::sync::Arc<[u8]>,
}

/// A freshly issued access token and its absolute expiry in ms.
pub struct AccessToken {
    pub token: String,
    pub expires_at_ms: i64,
}

impl TokenKeys {
    /// Keys from a configured secret.
    pub fn from_secret(secret: &[u8]) -> Self {
        Self {
            encoding: EncodingKey::from_secret(secret),
            decoding: DecodingKey::from_secret(secret),
            audio_url_key: tingshu_core::catalog::signed_url::derive_signing_key(secret).into(),
            successor_key: hmac_sha256(secret, SUCCESSOR_KEY_LABEL).into(),
            webhook_key: hmac_sha256(secret, WEBHOOK_KEY_LABEL).into(),
            device_key: tingshu_core::auth::device::derive_device_key(secret).into(),
            visitor_key: hmac_sha256(secret, VISITOR_KEY_LABEL).into(),
            challenge_key: hmac_sha256(secret, CHALLENGE_KEY_LABEL).into(),
        }
    }

    /// The key that signs and verifies device cookies: derived from the token secret.
    pub fn device_key(&self) -> &str {
        &self.device_key
    }

    /// The key of behaviour tracking's daily visitor hashes (never the secret itself).
    pub fn visitor_key(&self) -> std::sync::Arc<[u8]> {
        self.visitor_key.clone()
    }

    /// The key of anti-crawler challenge codes and passes (never the secret itself).
    pub fn challenge_key(&self) -> std::sync::Arc<[u8]> {
        self.challenge_key.clone()
    }

    /// The key of payment notifications when `PAYMENT_WEBHOOK_SECRET` is not set.
    pub fn webhook_key(&self) -> &[u8] {
        &self.webhook_key
    }

    /// The key that signs and verifies audio URLs: derived from the token secret, never the
    /// secret itself.
    pub fn audio_url_key(&self) -> &str {
        &self.audio_url_key
    }

    /// The refresh token that follows `presented` when it is exchanged: HMAC of it under a key
    /// only the server knows, so a second tab presenting the same token within the grace gets
    /// the same successor without the server storing any token in the clear.
    pub fn successor_refresh_token(&self, presented: &str) -> String {
        hex::encode(hmac_sha256(&self.successor_key, presented.as_bytes()))
    }

    /// Keys from `secret`, else from `<data_dir>/jwt-secret`, created (mode 0600) when missing.
    pub fn load_or_create(secret: Option<&str>, data_dir: &Path) -> anyhow::Result<Self> {
        if let Some(secret) = secret {
            return Ok(Self::from_secret(secret.as_bytes()));
        }
        let path = data_dir.join("jwt-secret");
        if let Ok(existing) = fs::read_to_string(&path) {
            let existing = existing.trim();
            anyhow::ensure!(
                existing.len() >= 32,
                "{} is shorter than 32 characters",
                path.display()
            );
            return Ok(Self::from_secret(existing.as_bytes()));
        }
        let secret = random_hex(32);
        write_private(&path, &secret)
            .with_context(|| format!("cannot write {}", path.display()))?;
        tracing::info!(path = %path.display(), "generated a new token signing secret");
        Ok(Self::from_secret(secret.as_bytes()))
    }

    /// Signs an access token for a user's session.
    pub fn issue(
        &self,
        user_id: i32,
        session_id: &str,
        now_ms: i64,
    ) -> anyhow::Result<AccessToken> {
        let exp = (now_ms + ACCESS_TOKEN_TTL_MS) / 1000;
        let claims = Claims {
            sub: user_id.to_string(),
            sid: session_id.to_owned(),
            iat: now_ms / 1000,
            exp,
        };
        let token = encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)
            .context("cannot sign a token")?;
        Ok(AccessToken {
            token,
            expires_at_ms: exp * 1000,
        })
    }

    /// The claims of a token with a valid signature that has not expired; None otherwise.
    pub fn verify(&self, token: &str) -> Option<Claims> {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.leeway = 0;
        validation.set_required_spec_claims(&["exp", "sub"]);
        decode::<Claims>(token, &self.decoding, &validation)
            .ok()
            .map(|data| data.claims)
    }
}

fn hmac_sha256(key: &[u8], message: &[u8]) -> Vec<u8> {
    let mut mac = <hmac::Hmac<Sha256>>::new_from_slice(key).expect("HMAC takes any key length");
    mac.update(message);
    mac.finalize().into_bytes().to_vec()
}

/// A new refresh token: 32 random bytes, hex.
pub fn new_refresh_token() -> String {
    random_hex(32)
}

/// What is stored of a refresh token.
pub fn hash_refresh_token(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

fn random_hex(bytes: usize) -> String {
    let mut buffer = vec![0u8; bytes];
    OsRng.fill_bytes(&mut buffer);
    hex::encode(buffer)
}

fn write_private(path: &Path, contents: &str) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        use std::io::Write;
        use std::os::unix::fs::OpenOptionsExt;
        let mut file = fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .mode(0o600)
            .open(path)?;
        file.write_all(contents.as_bytes())
    }
    #[cfg(not(unix))]
    {
        fs::write(path, contents)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys() -> TokenKeys {
        TokenKeys::from_secret(b"an-unguessable-test-secret-of-32-bytes!")
    }

    #[test]
    fn a_token_carries_its_user_and_session() {
        let now = crate::clock::now_ms();
        let issued = keys().issue(7, "session-1", now).unwrap();
        assert!(issued.expires_at_ms > now && issued.expires_at_ms <= now + ACCESS_TOKEN_TTL_MS);
        let claims = keys().verify(&issued.token).unwrap();
        assert_eq!(
            (claims.sub.as_str(), claims.sid.as_str()),
            ("7", "session-1")
        );
    }

    #[test]
    fn expired_foreign_or_altered_tokens_are_refused() {
        let now = crate::clock::now_ms();
        let expired = keys()
            .issue(7, "s", now - ACCESS_TOKEN_TTL_MS - 2000)
            .unwrap();
        assert!(keys().verify(&expired.token).is_none());
        let foreign = TokenKeys::from_secret(b"another-secret-another-secret-1234")
            .issue(7, "s", now)
            .unwrap();
        assert!(keys().verify(&foreign.token).is_none());
        let mut altered = keys().issue(7, "s", now).unwrap().token;
        altered.push('x');
        assert!(keys().verify(&altered).is_none());
    }

    #[test]
    fn the_secret_is_generated_once_and_kept_private() {
        let dir = tempfile::tempdir().unwrap();
        let now = crate::clock::now_ms();
        let first = TokenKeys::load_or_create(None, dir.path())
            .unwrap()
            .issue(1, "s", now)
            .unwrap();
        let again = TokenKeys::load_or_create(None, dir.path()).unwrap();
        assert!(
            again.verify(&first.token).is_some(),
            "a restart must keep tokens valid"
        );
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = fs::metadata(dir.path().join("jwt-secret"))
                .unwrap()
                .permissions()
                .mode();
            assert_eq!(mode & 0o777, 0o600);
        }
    }

    #[test]
    fn refresh_tokens_are_random_and_stored_as_a_hash() {
        let (a, b) = (new_refresh_token(), new_refresh_token());
        assert_ne!(a, b);
        assert_eq!(a.len(), 64);
        assert_eq!(hash_refresh_token(&a).len(), 64);
        assert_ne!(hash_refresh_token(&a), a);
        assert_eq!(hash_refresh_token(&a), hash_refresh_token(&a));
    }

    #[test]
    fn a_successor_is_the_same_for_the_same_token_and_secret_only() {
        let keys = keys();
        let token = new_refresh_token();
        let successor = keys.successor_refresh_token(&token);
        assert_eq!(successor, keys.successor_refresh_token(&token));
        assert_eq!(successor.len(), 64);
        assert_ne!(successor, token);
        assert_ne!(
            successor,
            keys.successor_refresh_token(&new_refresh_token())
        );
        let other = TokenKeys::from_secret(b"another secret of at least thirty-two bytes");
        assert_ne!(successor, other.successor_refresh_token(&token));
    }
}
