//! hyper answers a request it cannot parse (headers too large, a NUL in a header, a bad or
//! doubled `Content-Length`, HTTP/0.9, a TLS hello, raw bytes in the path) by itself, with a
//! bare status and no body, and closes the connection: no service ever sees it. This stream
//! wrapper finds that answer as hyper writes it — a 4xx or 5xx head without a content type,
//! which the application never sends (every error of its own is JSON) — and writes the API's
//! JSON error with the same status in its place.
use std::{
    io,
    pin::Pin,
    task::{Context, Poll},
};

use axum::http::StatusCode;
use hyper::rt::{Read, ReadBufCursor, Write};

use crate::error::ApiError;

/// A connection's stream that answers hyper's own parse errors in the JSON error shape.
pub struct JsonParseErrors<S> {
    inner: S,
    /// The JSON answer being written in place of hyper's, and how much of it went out.
    replacing: Option<(Vec<u8>, usize)>,
}

impl<S> JsonParseErrors<S> {
    pub fn new(inner: S) -> Self {
        Self {
            inner,
            replacing: None,
        }
    }
}

/// The status of `head` when it is one of hyper's own answers: an HTTP/1 response head with a
/// 4xx or 5xx status and no `Content-Type` among its headers.
fn bare_error_status(head: &[u8]) -> Option<StatusCode> {
    let rest = head
        .strip_prefix(b"HTTP/1.1 ")
        .or_else(|| head.strip_prefix(b"HTTP/1.0 "))?;
    let status = StatusCode::from_bytes(rest.get(..3)?).ok()?;
    if !(status.is_client_error() || status.is_server_error()) {
        return None;
    }
    let end = head.windows(4).position(|window| window == b"\r\n\r\n")?;
    let headers = String::from_utf8_lossy(&head[..end]).to_ascii_lowercase();
    (!headers.contains("\r\ncontent-type:")).then_some(status)
}

/// The JSON answer of `status`, closing the connection as hyper's would.
fn json_answer(status: StatusCode) -> Vec<u8> {
    let body = serde_json::to_vec(
        &ApiError::Rejected {
            status,
            detail: String::new(),
        }
        .body(),
    )
    .unwrap_or_default();
    let mut answer = format!(
        "HTTP/1.1 {} {}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n",
        status.as_u16(),
        status.canonical_reason().unwrap_or("Error"),
        body.len()
    )
    .into_bytes();
    answer.extend_from_slice(&body);
    answer
}

impl<S: Write + Unpin> JsonParseErrors<S> {
    /// Writes the rest of the replacement; ready once all of it is out.
    fn poll_replacement(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        while let Some((answer, sent)) = &mut self.replacing {
            if *sent == answer.len() {
                self.replacing = None;
                break;
            }
            match Pin::new(&mut self.inner).poll_write(cx, &answer[*sent..]) {
                Poll::Ready(Ok(0)) => return Poll::Ready(Err(io::ErrorKind::WriteZero.into())),
                Poll::Ready(Ok(written)) => *sent += written,
                Poll::Ready(Err(error)) => return Poll::Ready(Err(error)),
                Poll::Pending => return Poll::Pending,
            }
        }
        Poll::Ready(Ok(()))
    }
}

impl<S: Read + Unpin> Read for JsonParseErrors<S> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: ReadBufCursor<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_read(cx, buf)
    }
}

impl<S: Write + Unpin> Write for JsonParseErrors<S> {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        if this.replacing.is_none() {
            match bare_error_status(buf) {
                Some(status) => this.replacing = Some((json_answer(status), 0)),
                None => return Pin::new(&mut this.inner).poll_write(cx, buf),
            }
        }
        // hyper calls again with the same bytes until they are taken: they are, once the
        // whole replacement is out.
        match this.poll_replacement(cx) {
            Poll::Ready(Ok(())) => Poll::Ready(Ok(buf.len())),
            Poll::Ready(Err(error)) => Poll::Ready(Err(error)),
            Poll::Pending => Poll::Pending,
        }
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        if this.replacing.is_none() {
            let head = bufs.iter().find(|buf| !buf.is_empty());
            match head.and_then(|head| bare_error_status(head)) {
                Some(status) => this.replacing = Some((json_answer(status), 0)),
                None => return Pin::new(&mut this.inner).poll_write_vectored(cx, bufs),
            }
        }
        match this.poll_replacement(cx) {
            Poll::Ready(Ok(())) => Poll::Ready(Ok(bufs.iter().map(|buf| buf.len()).sum())),
            Poll::Ready(Err(error)) => Poll::Ready(Err(error)),
            Poll::Pending => Poll::Pending,
        }
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        match this.poll_replacement(cx) {
            Poll::Ready(Ok(())) => Pin::new(&mut this.inner).poll_shutdown(cx),
            other => other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_bare_error_head_is_hypers_own() {
        let bare =
            b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-length: 0\r\ndate: x\r\n\r\n";
        assert_eq!(
            bare_error_status(bare),
            Some(StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE)
        );
        let json = b"HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\ncontent-length: 9\r\n\r\n";
        assert_eq!(bare_error_status(json), None);
        let fine = b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n";
        assert_eq!(bare_error_status(fine), None);
        assert_eq!(
            bare_error_status(b"HTTP/1.1 400 Bad"),
            None,
            "not a whole head"
        );
        assert_eq!(bare_error_status(b"{\"HTTP/1.1 400\"}"), None, "a body");
    }

    #[test]
    fn the_replacement_is_the_json_error_with_its_length() {
        let answer = String::from_utf8(json_answer(StatusCode::BAD_REQUEST)).unwrap();
        let (head, body) = answer.split_once("\r\n\r\n").unwrap();
        assert!(head.starts_with("HTTP/1.1 400 Bad Request\r\n"), "{head}");
        assert!(
            head.contains(&format!("content-length: {}", body.len())),
            "{head}"
        );
        let json: serde_json::Value = serde_json::from_str(body).unwrap();
        assert_eq!(json["statusCode"], 400);
        assert_eq!(json["code"], "bad_request");
        assert!(!json["message"].as_str().unwrap().is_empty());
    }
}
