//! Request extractors: strict JSON bodies with field-level errors, and the signed-in user.

use std::collections::BTreeMap;

use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::StatusCode;
use axum::http::header::CONTENT_TYPE;
use axum::http::request::Parts;
use axum_extra::extract::CookieJar;
use serde::de::DeserializeOwned;
use threshold_store::SessionId;
use threshold_store::users::User;

use crate::app::AppState;
use crate::auth::cookies::ACCESS_COOKIE;
use crate::error::ApiError;

/// A JSON body: `Content-Type: application/json` required, unknown fields rejected (the
/// request types say `deny_unknown_fields`), and every problem named by its field.
pub struct ApiJson<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for ApiJson<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let is_json = req
            .headers()
            .get(CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| {
                v.split(';')
                    .next()
                    .is_some_and(|m| m.trim().eq_ignore_ascii_case("application/json"))
            });
        if !is_json {
            return Err(ApiError::new(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "unsupported_media_type",
                "Send the request body as JSON (Content-Type: application/json).",
            ));
        }
        let bytes = Bytes::from_request(req, state).await.map_err(|rejection| {
            if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
                ApiError::new(
                    StatusCode::PAYLOAD_TOO_LARGE,
                    "payload_too_large",
                    "The request body is too large.",
                )
            } else {
                ApiError::new(
                    StatusCode::BAD_REQUEST,
                    "bad_request",
                    "The request body could not be read.",
                )
            }
        })?;
        parse_json(&bytes).map(ApiJson)
    }
}

/// Deserialises `bytes`, mapping serde's complaint to the field it is about.
pub fn parse_json<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    if bytes.is_empty() {
        return Err(ApiError::new(
            StatusCode::BAD_REQUEST,
            "bad_request",
            "A JSON body is required.",
        ));
    }
    let de = &mut serde_json::Deserializer::from_slice(bytes);
    serde_path_to_error::deserialize(de).map_err(|err| {
        let path = err.path().to_string();
        let inner = err.into_inner();
        if inner.is_syntax() || inner.is_eof() {
            return ApiError::new(
                StatusCode::BAD_REQUEST,
                "malformed_json",
                "The request body is not valid JSON.",
            );
        }
        let message = inner.to_string();
        let (field, problem) = if let Some(name) = between_backticks(&message, "missing field `") {
            (join_path(&path, name), "is required".to_owned())
        } else if let Some(name) = between_backticks(&message, "unknown field `") {
            // The path already ends at the unknown field.
            (
                if path == "." { name.to_owned() } else { path },
                "is not an accepted field".to_owned(),
            )
        } else {
            (
                if path == "." { "body".to_owned() } else { path },
                strip_position(&message),
            )
        };
        ApiError::invalid_fields(BTreeMap::from([(field, problem)]))
    })
}

fn between_backticks<'a>(message: &'a str, prefix: &str) -> Option<&'a str> {
    let rest = message.strip_prefix(prefix)?;
    rest.split('`').next()
}

fn join_path(path: &str, name: &str) -> String {
    if path == "." || path.is_empty() {
        name.to_owned()
    } else {
        format!("{path}.{name}")
    }
}

/// serde_json appends " at line 1 column 9"; a person does not need it.
fn strip_position(message: &str) -> String {
    match message.find(" at line ") {
        Some(i) => message[..i].to_owned(),
        None => message.to_owned(),
    }
}

/// The signed-in user of this request, from the access cookie.
pub struct CurrentSession {
    pub session_id: SessionId,
    pub user: User,
    /// The user's broker firm, read with the session (no second query per request).
    pub firm_id: Option<i64>,
}

impl FromRequestParts<AppState> for CurrentSession {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let jar = CookieJar::from_headers(&parts.headers);
        let token = jar
            .get(state.cookie_name(ACCESS_COOKIE).as_str())
            .map(|c| c.value().to_owned());
        let Some(token) = token else {
            return Err(ApiError::unauthenticated());
        };
        let found = state
            .db
            .authenticate(&token, &state.session_policy, chrono::Utc::now())
            .await?;
        let Some(found) = found else {
            return Err(ApiError::unauthenticated());
        };
        Ok(CurrentSession {
            session_id: found.session_id,
            user: found.user,
            firm_id: found.firm_id,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, serde::Deserialize)]
    #[serde(deny_unknown_fields, rename_all = "camelCase")]
    #[allow(dead_code)]
    struct Login {
        username: String,
        redirect_to: Option<String>,
    }

    fn fields_of(body: &str) -> BTreeMap<String, String> {
        parse_json::<Login>(body.as_bytes()).unwrap_err().fields
    }

    #[test]
    fn names_the_missing_field() {
        assert_eq!(
            fields_of("{}"),
            BTreeMap::from([("username".into(), "is required".into())])
        );
    }

    #[test]
    fn names_the_unknown_field() {
        assert_eq!(
            fields_of(r#"{"username":"a@b.c","admin":true}"#),
            BTreeMap::from([("admin".into(), "is not an accepted field".into())])
        );
    }

    #[test]
    fn names_the_field_of_the_wrong_type() {
        let fields = fields_of(r#"{"username":42}"#);
        assert!(fields["username"].starts_with("invalid type"), "{fields:?}");
    }

    #[test]
    fn malformed_json_is_a_400() {
        let err = parse_json::<Login>(b"{nope").unwrap_err();
        assert_eq!(err.status, StatusCode::BAD_REQUEST);
        assert_eq!(err.code, "malformed_json");
    }
}
