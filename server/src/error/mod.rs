//! The one error type of the API and its JSON body `{statusCode, statusMessage, message, code}`.
//! Every message reads in the request's language (`words`); `Display` is English, for logs.
use std::collections::BTreeMap;

use axum::{
    extract::rejection::JsonRejection,
    http::StatusCode,
    response::{IntoResponse, Response},
    Json,
};
use serde::Serialize;
use tingshu_core::{auth::messages, i18n::texts::text, Lang};

use crate::db::classify::Failure;

pub mod words;

pub use words::Missing;
use words::{answer_lang, rejection_message};

/// Every way a request can fail; each variant documents the status it answers with.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// 400: the input broke a rule; `fields` maps each bad field to what is wrong with it.
    #[error("{message}")]
    Validation {
        message: String,
        fields: BTreeMap<String, String>,
    },
    /// 400: the body is not the JSON the endpoint expects.
    #[error("invalid request body: {0}")]
    BadJson(String),
    /// 401: no valid credentials; `status_message` is "Authentication required" for guarded
    /// endpoints (the app's error screen keys on it) or "Invalid credentials" at login.
    #[error("{message}")]
    Unauthenticated {
        status_message: &'static str,
        code: &'static str,
        message: String,
    },
    /// 403: known caller, not allowed ("Admin access required", "Premium subscription required", …).
    #[error("{message}")]
    Forbidden {
        status_message: String,
        code: String,
        message: String,
    },
    /// 404: no such resource or route.
    #[error("{0}")]
    NotFound(Missing),
    /// 405: the route exists but not with this method.
    #[error("method not allowed")]
    MethodNotAllowed,
    /// 409: the value is already taken (email, username); `fields` names which.
    #[error("{message}")]
    Conflict {
        code: &'static str,
        message: String,
        fields: BTreeMap<String, String>,
    },
    /// 429: too many attempts or requests; retry after `retry_after_secs` (also sent as
    /// `Retry-After`). `code`: `too_many_attempts` (sign-in) or `rate_limited` (a budget).
    #[error("{message}")]
    TooManyRequests {
        code: &'static str,
        retry_after_secs: u64,
        message: String,
    },
    /// 415: the bytes sent are not of a type the endpoint takes (an upload that is not audio
    /// or an image, whatever its name); `fields` names what was expected and found.
    #[error("{message}")]
    Unsupported {
        message: String,
        fields: BTreeMap<String, String>,
    },
    /// 507: the disk that receives uploads is full; nothing was kept.
    #[error("the upload disk is full")]
    InsufficientStorage,
    /// 413: the body is larger than the endpoint accepts.
    #[error("request body too large")]
    PayloadTooLarge,
    /// 4xx/5xx: the HTTP layer refused the request before a handler answered (a malformed
    /// query or path, a missing content type, the body limit or a time limit); `status` is
    /// the one it chose, `detail` its (English) text, sent as `fields.request` for a 4xx.
    #[error("{detail}")]
    Rejected { status: StatusCode, detail: String },
    /// The error of a computation several requests waited for, answered to each of them.
    #[error("{0}")]
    Shared(std::sync::Arc<ApiError>),
    /// 503: the database or its disk cannot be used right now; nothing was written.
    #[error("the database cannot be used right now")]
    Unavailable,
    /// 503: the database answers reads but cannot take writes (the readiness probe).
    #[error("the database cannot take writes right now")]
    WritesUnavailable,
    /// 503: the server is at capacity for this kind of work (password hashing); retry after
    /// `retry_after_secs`.
    #[error("{message}")]
    Busy {
        retry_after_secs: u64,
        message: String,
    },
    /// 503: a write lost to a concurrent one more often than it is retried; retry shortly.
    #[error("The service is busy; please retry in a moment.")]
    WriteConflict,
    /// 500: anything unexpected; the detail is logged, never sent to the client.
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

/// The error body every failing endpoint answers with (DESIGN.md §5).
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = Error)]
#[serde(rename_all = "camelCase")]
pub struct ErrorBody {
    pub status_code: u16,
    pub status_message: String,
    pub message: String,
    /// The stable machine code clients may branch on (`validation_failed`, `not_found`, …).
    pub code: String,
    /// Each bad field and what is wrong with it (4xx only; `body` or `request` when the
    /// body or the request as a whole could not be read).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fields: Option<BTreeMap<String, String>>,
    /// Seconds to wait before retrying (429 only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub retry_after: Option<u64>,
}

impl ApiError {
    /// 400 for a form the core refused: the summary sentence, and each field's first message,
    /// in `lang`.
    pub fn invalid_form(errors: &[tingshu_core::validation::FieldError], lang: Lang) -> Self {
        Self::Validation {
            message: tingshu_core::validation::summary(lang),
            fields: errors
                .iter()
                .map(|e| (e.field.clone(), e.message.clone()))
                .collect(),
        }
    }

    /// 400 for one field and what is wrong with it, under the summary sentence in `lang`.
    pub fn invalid_field(field: &str, message: String, lang: Lang) -> Self {
        Self::Validation {
            message: tingshu_core::validation::summary(lang),
            fields: [(field.to_owned(), message)].into(),
        }
    }

    /// The error of a computation several requests waited for: the error itself for the
    /// last holder, a shared answer for the others.
    pub fn unshared(shared: std::sync::Arc<Self>) -> Self {
        std::sync::Arc::try_unwrap(shared).unwrap_or_else(Self::Shared)
    }

    /// The HTTP status of this error.
    pub fn status(&self) -> StatusCode {
        match self {
            Self::Validation { .. } | Self::BadJson(_) => StatusCode::BAD_REQUEST,
            Self::Unauthenticated { .. } => StatusCode::UNAUTHORIZED,
            Self::Forbidden { .. } => StatusCode::FORBIDDEN,
            Self::NotFound(_) => StatusCode::NOT_FOUND,
            Self::Conflict { .. } => StatusCode::CONFLICT,
            Self::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            Self::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            Self::PayloadTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            Self::Unsupported { .. } => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Self::InsufficientStorage => StatusCode::INSUFFICIENT_STORAGE,
            Self::Unavailable
            | Self::WritesUnavailable
            | Self::Busy { .. }
            | Self::WriteConflict => StatusCode::SERVICE_UNAVAILABLE,
            Self::Rejected { status, .. } => *status,
            Self::Shared(shared) => shared.status(),
            Self::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// The stable machine code clients may branch on.
    pub fn code(&self) -> &str {
        match self {
            Self::Unauthenticated { code, .. } | Self::Conflict { code, .. } => code,
            Self::Forbidden { code, .. } => code,
            Self::TooManyRequests { code, .. } => code,
            Self::Validation { .. } => "validation_failed",
            Self::BadJson(_) => "invalid_body",
            Self::NotFound(_) => "not_found",
            Self::MethodNotAllowed => "method_not_allowed",
            Self::PayloadTooLarge => "payload_too_large",
            Self::Unsupported { .. } => "unsupported_media_type",
            Self::InsufficientStorage => "insufficient_storage",
            Self::Unavailable | Self::WritesUnavailable => "unavailable",
            Self::Busy { .. } => "busy",
            Self::WriteConflict => "write_conflict",
            Self::Internal(_) => "internal_error",
            Self::Rejected { status, .. } => rejection_code(*status),
            Self::Shared(shared) => shared.code(),
        }
    }

    pub(crate) fn body(&self) -> ErrorBody {
        if let Self::Shared(shared) = self {
            return shared.body();
        }
        let status = self.status();
        let lang = answer_lang();
        let message = match self {
            Self::NotFound(missing) => missing.message(lang),
            Self::BadJson(_) => text(lang, "api.badBody").to_owned(),
            Self::MethodNotAllowed => text(lang, "api.methodNotAllowed").to_owned(),
            Self::PayloadTooLarge => text(lang, "api.payloadTooLarge").to_owned(),
            Self::InsufficientStorage => text(lang, "api.upload.diskFull").to_owned(),
            Self::Rejected { status, .. } => rejection_message(*status, lang),
            Self::Unavailable => messages::unavailable(lang),
            Self::WritesUnavailable => text(lang, "api.writesUnavailable").to_owned(),
            Self::WriteConflict => text(lang, "api.writeConflict").to_owned(),
            Self::Internal(_) => text(lang, "api.internal").to_owned(),
            // Worded by their makers, in the request's language.
            other => other.to_string(),
        };
        let status_message = match self {
            Self::Unauthenticated { status_message, .. } => (*status_message).to_owned(),
            Self::Forbidden { status_message, .. } => status_message.clone(),
            _ => status.canonical_reason().unwrap_or("Error").to_owned(),
        };
        ErrorBody {
            status_code: status.as_u16(),
            status_message,
            message,
            code: self.code().to_owned(),
            fields: match self {
                Self::Validation { fields, .. }
                | Self::Conflict { fields, .. }
                | Self::Unsupported { fields, .. } => Some(fields.clone()),
                // The parser's own words, for the developer reading the answer.
                Self::BadJson(detail) => Some(BTreeMap::from([("body".into(), detail.clone())])),
                Self::Rejected { status, detail }
                    if status.is_client_error() && !detail.is_empty() =>
                {
                    Some(BTreeMap::from([("request".into(), detail.clone())]))
                }
                _ => None,
            },
            retry_after: self.retry_after_secs(),
        }
    }
}

/// The stable code of a rejection made by the HTTP layer, by its status.
fn rejection_code(status: StatusCode) -> &'static str {
    match status.as_u16() {
        400 => "bad_request",
        404 => "not_found",
        405 => "method_not_allowed",
        408 => "request_timeout",
        413 => "payload_too_large",
        415 => "unsupported_media_type",
        416 => "range_not_satisfiable",
        422 => "invalid_body",
        431 => "headers_too_large",
        500..=599 => "internal_error",
        _ => "rejected",
    }
}

impl ApiError {
    /// Seconds a client should wait before retrying (429 and 503), also sent as `Retry-After`.
    pub fn retry_after_secs(&self) -> Option<u64> {
        match self {
            Self::TooManyRequests {
                retry_after_secs, ..
            }
            | Self::Busy {
                retry_after_secs, ..
            } => Some(*retry_after_secs),
            Self::Unavailable | Self::WritesUnavailable => Some(5),
            Self::WriteConflict => Some(1),
            Self::Shared(shared) => shared.retry_after_secs(),
            _ => None,
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        if let Self::Internal(error) = &self {
            tracing::error!(error = ?error, "request failed");
        }
        let mut response = (self.status(), Json(self.body())).into_response();
        if let Some(seconds) = self.retry_after_secs() {
            response
                .headers_mut()
                .insert(axum::http::header::RETRY_AFTER, seconds.into());
        }
        response
    }
}

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> Self {
        match rejection {
            JsonRejection::BytesRejection(_)
                if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE =>
            {
                Self::PayloadTooLarge
            }
            other if other.status() == StatusCode::UNSUPPORTED_MEDIA_TYPE => Self::Rejected {
                status: other.status(),
                detail: other.body_text(),
            },
            other => Self::BadJson(other.body_text()),
        }
    }
}

impl ApiError {
    /// The refusal a core rule decided (`authorize`, `accountState`), worded in `lang`.
    pub fn denied(status_code: u16, status_message: String, code: String, lang: Lang) -> Self {
        let message = messages::denied(&code, lang);
        match status_code {
            401 => Self::auth_required(message),
            _ => Self::Forbidden {
                status_message,
                code,
                message,
            },
        }
    }

    /// 401 "Authentication required" for a guarded endpoint reached without valid credentials.
    pub fn auth_required(message: impl Into<String>) -> Self {
        Self::Unauthenticated {
            status_message: "Authentication required",
            code: "auth_required",
            message: message.into(),
        }
    }
}

/// Storage faults answer 503 (nothing was written: retry later), lost write conflicts 503
/// with a short `Retry-After`, anything else 500 (see `db::classify`).
impl From<sea_orm::DbErr> for ApiError {
    fn from(error: sea_orm::DbErr) -> Self {
        match crate::db::classify::classify(&error) {
            Failure::Storage => {
                tracing::warn!(%error, "database unavailable");
                Self::Unavailable
            }
            Failure::Conflict => Self::WriteConflict,
            Failure::Other => Self::Internal(anyhow::Error::new(error).context("database")),
        }
    }
}

/// The success envelope `{"success": true, "data": …}`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Success<T: Serialize> {
    pub success: bool,
    pub data: T,
}

/// `data` of answers that carry nothing but their success: `null`.
#[derive(Debug, Serialize)]
pub struct Nothing;

impl utoipa::PartialSchema for Nothing {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::schema::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::Null)
            .into()
    }
}

impl utoipa::ToSchema for Nothing {}

/// Wraps a value in the success envelope.
pub fn success<T: Serialize>(data: T) -> Json<Success<T>> {
    Json(Success {
        success: true,
        data,
    })
}

/// The result type of every handler.
pub type ApiResult<T> = Result<T, ApiError>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn internal_errors_never_reveal_their_detail() {
        let error = ApiError::Internal(anyhow::anyhow!("disk /var/secret full"));
        let body = serde_json::to_value(error.body()).unwrap();
        assert_eq!(body["statusCode"], 500);
        assert_eq!(body["statusMessage"], "Internal Server Error");
        assert_eq!(body["code"], "internal_error");
        assert!(!body.to_string().contains("secret"));
    }

    #[test]
    fn validation_errors_name_their_fields() {
        let mut fields = BTreeMap::new();
        fields.insert("message".to_owned(), "at least 10 characters".to_owned());
        let error = ApiError::Validation {
            message: "invalid feedback".into(),
            fields,
        };
        let body = serde_json::to_value(error.body()).unwrap();
        assert_eq!(body["statusCode"], 400);
        assert_eq!(body["fields"]["message"], "at least 10 characters");
        assert!(body.get("fields").is_some());
        let not_found =
            serde_json::to_value(ApiError::NotFound(Missing::AudioFile).body()).unwrap();
        assert!(not_found.get("fields").is_none());
    }
}
