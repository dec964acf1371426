//! The request body's guard: a declared `Content-Length` over the route's limit is refused at
//! once (413), before the route runs; and a body must keep a pace. A pause longer than the
//! body time limit ends it, and so does a trickle: once the time limit has passed, the body
//! must average [`MIN_RATE`] bytes a second. Either way the request is answered 408. An answer
//! sent before its request's body was read to the end (a refusal, a timeout) closes the
//! connection and says so, so a client never sends its next request down a connection that
//! still holds the rest of the last body, or that the server is about to close.
use std::{
    future::Future,
    pin::Pin,
    sync::{
        atomic::{AtomicBool, Ordering},
        Arc,
    },
    task::{Context, Poll},
    time::Duration,
};

use axum::{
    body::{Body, Bytes},
    extract::{Request, State},
    http::{header, HeaderValue, Method, StatusCode},
    middleware::Next,
    response::{IntoResponse, Response},
};
use http_body::{Frame, SizeHint};
use tokio::time::{Instant, Sleep};

use crate::error::ApiError;

/// Bytes a second a body must average once its first time limit has passed (as Apache's
/// `mod_reqtimeout` asks; a tus chunk on a 64 kbit/s line sends eight times as much).
pub const MIN_RATE: u64 = 1024;

/// The guard's limits: the longest pause in a body, and the largest body of each route.
#[derive(Debug, Clone, Copy)]
pub struct BodyRules {
    pub pause: Duration,
    /// The largest upload chunk (`PATCH /api/admin/uploads/{id}`): the largest upload.
    pub upload_bytes: u64,
}

impl BodyRules {
    /// The largest body `method` on `path` takes: an upload chunk, an import file, else JSON.
    fn limit_of(&self, method: &Method, path: &str) -> u64 {
        match (method, path) {
            (&Method::PATCH, path) if path.starts_with("/api/admin/uploads/") => self.upload_bytes,
            (&Method::POST, "/api/admin/import") => {
                crate::console::transfer::import::IMPORT_MAX_BYTES as u64
            }
            _ => crate::routes::API_BODY_LIMIT as u64,
        }
    }
}

/// The middleware: refuses an oversized declared body, and paces the body the route reads.
pub async fn guard(State(rules): State<BodyRules>, request: Request, next: Next) -> Response {
    let declared = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.parse::<u64>().ok());
    if declared
        .is_some_and(|length| length > rules.limit_of(request.method(), request.uri().path()))
    {
        return closing(ApiError::PayloadTooLarge.into_response());
    }
    let has_body = declared.is_some_and(|length| length > 0)
        || request.headers().contains_key(header::TRANSFER_ENCODING);
    if !has_body {
        return next.run(request).await;
    }
    let expired = Arc::new(AtomicBool::new(false));
    let finished = Arc::new(AtomicBool::new(false));
    let pace = Pace {
        pause: rules.pause,
        expired: expired.clone(),
        finished: finished.clone(),
    };
    let request = request.map(|body| Body::new(pace.wrap(body)));
    let response = next.run(request).await;
    if expired.load(Ordering::Relaxed) {
        // No body: the JSON error layer words it.
        return closing(StatusCode::REQUEST_TIMEOUT.into_response());
    }
    if !finished.load(Ordering::Relaxed) {
        return closing(response);
    }
    response
}

/// `response` with `Connection: close`: the connection ends after it.
fn closing(mut response: Response) -> Response {
    response
        .headers_mut()
        .insert(header::CONNECTION, HeaderValue::from_static("close"));
    response
}

/// A request body that fails once it pauses too long or falls below the pace.
struct PacedBody {
    inner: Body,
    started: Instant,
    last_frame: Instant,
    received: u64,
    pause: Duration,
    timer: Pin<Box<Sleep>>,
    expired: Arc<AtomicBool>,
    /// Set once the body was read to its end.
    finished: Arc<AtomicBool>,
}

/// The settings of a [`PacedBody`] before it has its body.
struct Pace {
    pause: Duration,
    expired: Arc<AtomicBool>,
    finished: Arc<AtomicBool>,
}

impl PacedBody {
    /// When the body fails if no frame comes: a pause's length after the last frame, or the
    /// time `received` bytes may take at the pace after the first time limit, whichever is first.
    fn deadline(&self) -> Instant {
        let paced = self.started
            + self.pause
            + Duration::from_secs_f64(self.received as f64 / MIN_RATE as f64);
        (self.last_frame + self.pause).min(paced)
    }
}

impl Pace {
    fn wrap(self, inner: Body) -> PacedBody {
        let now = Instant::now();
        PacedBody {
            inner,
            started: now,
            last_frame: now,
            received: 0,
            pause: self.pause,
            timer: Box::pin(tokio::time::sleep_until(now + self.pause)),
            expired: self.expired,
            finished: self.finished,
        }
    }
}

impl http_body::Body for PacedBody {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, axum::Error>>> {
        let this = self.get_mut();
        if this.expired.load(Ordering::Relaxed) {
            return Poll::Ready(Some(Err(timed_out())));
        }
        match Pin::new(&mut this.inner).poll_frame(cx) {
            Poll::Ready(Some(Ok(frame))) => {
                if let Some(data) = frame.data_ref() {
                    this.received += data.len() as u64;
                }
                if this.inner.is_end_stream() {
                    this.finished.store(true, Ordering::Relaxed);
                }
                this.last_frame = Instant::now();
                let deadline = this.deadline();
                this.timer.as_mut().reset(deadline);
                Poll::Ready(Some(Ok(frame)))
            }
            Poll::Pending => match this.timer.as_mut().poll(cx) {
                Poll::Ready(()) => {
                    this.expired.store(true, Ordering::Relaxed);
                    Poll::Ready(Some(Err(timed_out())))
                }
                Poll::Pending => Poll::Pending,
            },
            Poll::Ready(None) => {
                this.finished.store(true, Ordering::Relaxed);
                Poll::Ready(None)
            }
            other => other,
        }
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}

fn timed_out() -> axum::Error {
    axum::Error::new("the request body paused too long or came too slowly")
}
