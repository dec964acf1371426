//! The connection loop: HTTP/1.1 with limits on slow and idle clients (hyper's header read
//! timeout, which `axum::serve` leaves off), hyper's own parse errors answered as JSON, and a
//! shutdown bounded in time; audio bodies leave through `sendfile` ([`zero_copy`]).
pub mod parse_errors;
pub mod zero_copy;

use std::{future::Future, net::SocketAddr, time::Duration};

use axum::{body::Body, extract::ConnectInfo};
use hyper::{body::Incoming, server::conn::http1, Request};
use hyper_util::{
    rt::{TokioIo, TokioTimer},
    server::graceful::GracefulShutdown,
    service::TowerToHyperService,
};
use tokio::net::TcpListener;
use tower::ServiceExt;

use crate::edge::AppService;

/// How long clients and requests in flight are waited for.
#[derive(Debug, Clone, Copy)]
pub struct ConnectionLimits {
    /// To send a request's headers; also how long an idle keep-alive connection stays open.
    pub header_timeout: Duration,
    /// For requests in flight once `stop` has completed.
    pub shutdown_grace: Duration,
}

/// Serves `app` on `listener` until `stop` completes, then lets requests in flight
/// finish for at most `limits.shutdown_grace`. Handlers see the peer as
/// `ConnectInfo<SocketAddr>`.
pub async fn serve(
    listener: TcpListener,
    app: AppService,
    limits: ConnectionLimits,
    stop: impl Future<Output = ()>,
) {
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout);
    let connections = GracefulShutdown::new();
    let mut stop = std::pin::pin!(stop);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(error) => {
                    // Out of file descriptors and the like: wait a moment, keep serving.
                    tracing::warn!(%error, "cannot accept a connection");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut stop => break,
        };
        let _ = stream.set_nodelay(true);
        let service = app.clone().map_request(move |request: Request<Incoming>| {
            let mut request = request.map(Body::new);
            request
                .extensions_mut()
                .insert(ConnectInfo::<SocketAddr>(peer));
            request
        });
        let connection = connections.watch(builder.serve_connection(
            parse_errors::JsonParseErrors::new(TokioIo::new(zero_copy::ZeroCopyStream::new(
                stream,
            ))),
            TowerToHyperService::new(service),
        ));
        tokio::spawn(async move {
            if let Err(error) = connection.await {
                tracing::debug!(%error, %peer, "connection ended with an error");
            }
        });
    }
    drop(listener);
    tokio::select! {
        () = connections.shutdown() => {}
        () = tokio::time::sleep(limits.shutdown_grace) => {
            tracing::warn!(
                grace_secs = limits.shutdown_grace.as_secs(),
                "requests still in flight after the shutdown grace; stopping anyway"
            );
        }
    }
}
