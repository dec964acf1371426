//! Conditional GETs of the server's own files (the app, the translation catalogues): a
//! strong ETag from their content's SHA-256, and 304 when the browser already holds it.
use axum::http::HeaderMap;
use headers::{ETag, HeaderMapExt, IfNoneMatch};

/// The quoted ETag of content whose SHA-256 is `digest` (its first 12 bytes, in hex).
pub fn etag_of(digest: &[u8]) -> String {
    format!("\"{}\"", hex::encode(&digest[..12]))
}

/// Whether the request's `If-None-Match` names `etag` (or is `*`): the browser's copy is current.
pub fn is_current(headers: &HeaderMap, etag: &str) -> bool {
    match (headers.typed_get::<IfNoneMatch>(), etag.parse::<ETag>()) {
        (Some(if_none_match), Ok(etag)) => !if_none_match.precondition_passes(&etag),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_listed_or_weak_copy_of_the_tag_is_current_another_is_not() {
        let etag = etag_of(&[7; 32]);
        assert_eq!(etag, format!("\"{}\"", "07".repeat(12)));
        let asking = |value: &str| {
            let mut headers = HeaderMap::new();
            headers.insert("if-none-match", value.parse().unwrap());
            is_current(&headers, &etag)
        };
        assert!(asking(&etag));
        assert!(asking(&format!("\"other\", {etag}")));
        assert!(asking(&format!("W/{etag}")));
        assert!(asking("*"));
        assert!(!asking("\"other\""));
        assert!(!is_current(&HeaderMap::new(), &etag));
    }
}
