//! The device cookie (OWASP "Slow Down Online Guessing Attacks with Device Cookies"): set on
//! every successful sign-in and registration, read back at sign-in and at change-password to
//! tell the owner's browsers from everyone else's (core `auth::device` signs and checks it;
//! core `auth::throttle` decides with it).
use argon2::password_hash::rand_core::{OsRng, RngCore};
use axum::http::{header, HeaderMap, HeaderValue};
use tingshu_core::auth::device::{
    sign_device_cookie, verify_device_cookie, DeviceCheck, SignDeviceCookieInput,
    VerifyDeviceCookieInput,
};

use super::tokens::TokenKeys;

/// The cookie's name on an https site: `__Host-` binds it to this host, path `/`, `Secure`.
pub const SECURE_COOKIE: &str = "__Host-tingshu-device";
/// The cookie's name over plain http (a browser refuses `__Host-` without `Secure`).
pub const PLAIN_COOKIE: &str = "tingshu-device";
/// How long a browser keeps it: a year.
pub const MAX_AGE_SECS: u64 = 365 * 24 * 60 * 60;

/// The device cookie a request carries, under either name (the `__Host-` one first).
pub fn from_headers(headers: &HeaderMap) -> Option<String> {
    let pairs: Vec<(&str, &str)> = headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|cookies| cookies.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .collect();
    [SECURE_COOKIE, PLAIN_COOKIE].into_iter().find_map(|name| {
        pairs
            .iter()
            .find(|(key, _)| *key == name)
            .map(|(_, value)| value.trim().to_owned())
    })
}

/// The id of the device `cookie` names when it is valid for `user_id`; `None` otherwise.
pub fn recognise(keys: &TokenKeys, cookie: Option<&str>, user_id: i32) -> Option<String> {
    let check = verify_device_cookie(VerifyDeviceCookieInput {
        key: keys.device_key().to_owned(),
        value: cookie?.to_owned(),
        user_id: user_id.into(),
    });
    match check {
        DeviceCheck::Known { device_id } => Some(device_id),
        DeviceCheck::Unknown => None,
    }
}

/// A `Set-Cookie` value naming this browser a known device of `user_id`, with a new nonce
/// (a fresh cookie after every sign-in): HttpOnly, SameSite=Strict, Path=/, a year; on an
/// https site `Secure` under the `__Host-` name.
pub fn set_cookie(keys: &TokenKeys, user_id: i32, https: bool) -> HeaderValue {
    let mut nonce = [0u8; 16];
    OsRng.fill_bytes(&mut nonce);
    let value = sign_device_cookie(SignDeviceCookieInput {
        key: keys.device_key().to_owned(),
        user_id: user_id.into(),
        nonce: hex::encode(nonce),
    });
    let (name, secure) = if https {
        (SECURE_COOKIE, "; Secure")
    } else {
        (PLAIN_COOKIE, "")
    };
    HeaderValue::from_str(&format!(
        "{name}={value}; Max-Age={MAX_AGE_SECS}; Path=/; HttpOnly; SameSite=Strict{secure}"
    ))
    .expect("a device cookie is visible ASCII")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys() -> TokenKeys {
        TokenKeys::from_secret(b"a-test-secret-of-at-least-32-characters")
    }

    fn cookie_of(set_cookie: &HeaderValue) -> String {
        let text = set_cookie.to_str().unwrap();
        let pair = text.split(';').next().unwrap();
        let mut headers = HeaderMap::new();
        headers.insert(header::COOKIE, HeaderValue::from_str(pair).unwrap());
        from_headers(&headers).unwrap()
    }

    #[test]
    fn a_set_cookie_is_recognised_for_its_account_only() {
        let keys = keys();
        let set = set_cookie(&keys, 5, false);
        let text = set.to_str().unwrap();
        assert!(text.starts_with("tingshu-device=5."), "{text}");
        assert!(text.contains("; HttpOnly") && text.contains("; SameSite=Strict"));
        assert!(!text.contains("Secure"));
        let cookie = cookie_of(&set);
        assert!(recognise(&keys, Some(&cookie), 5).is_some());
        assert!(recognise(&keys, Some(&cookie), 6).is_none());
        assert!(recognise(&keys, None, 5).is_none());
        let other = TokenKeys::from_secret(b"another-secret-of-at-least-32-characters");
        assert!(recognise(&other, Some(&cookie), 5).is_none());
    }

    #[test]
    fn on_https_the_cookie_is_secure_and_host_bound() {
        let set = set_cookie(&keys(), 5, true);
        let text = set.to_str().unwrap();
        assert!(text.starts_with("__Host-tingshu-device=") && text.ends_with("; Secure"));
        assert!(recognise(&keys(), Some(&cookie_of(&set)), 5).is_some());
    }

    #[test]
    fn each_sign_in_gets_a_new_device() {
        let keys = keys();
        let first = cookie_of(&set_cookie(&keys, 5, false));
        let second = cookie_of(&set_cookie(&keys, 5, false));
        assert_ne!(
            recognise(&keys, Some(&first), 5),
            recognise(&keys, Some(&second), 5)
        );
    }
}
