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

/// A path parameter. One that does not parse (`/feed/abc/read`) names nothing we have: 404
/// with the JSON error body, not axum's plain-text 400.
pub struct ApiPath<T>(pub T);

impl<T: DeserializeOwned + Send, S: Send + Sync> FromRequestParts<S> for ApiPath<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        axum::extract::Path::<T>::from_request_parts(parts, state)
            .await
            .map(|axum::extract::Path(value)| ApiPath(value))
            .map_err(|_| ApiError::not_found())
    }
}

/// A multipart/form-data body (uploads). A body that is not one, or has no boundary, is a 415
/// with the JSON error body (axum answers plain text).
pub struct ApiMultipart(pub axum::extract::Multipart);

impl<S: Send + Sync> FromRequest<S> for ApiMultipart {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        axum::extract::Multipart::from_request(req, state)
            .await
            .map(ApiMultipart)
            .map_err(|_| {
                ApiError::new(
                    StatusCode::UNSUPPORTED_MEDIA_TYPE,
                    "unsupported_media_type",
                    "Send the upload as multipart/form-data.",
                )
            })
    }
}

/// Query parameters: control characters refused (see [`check_query`]), and a value of the
/// wrong kind is a 422 naming its parameter, with the JSON error body.
pub struct ApiQuery<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequestParts<S> for ApiQuery<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        let raw = parts.uri.query();
        check_query(raw)?;
        let pairs = url::form_urlencoded::parse(raw.unwrap_or_default().as_bytes());
        serde_path_to_error::deserialize(serde_urlencoded::Deserializer::new(pairs))
            .map(ApiQuery)
            .map_err(|err| {
                let field = err.path().to_string();
                let field = if field == "." { "query" } else { &field };
                ApiError::bad_field(field, strip_position(&err.into_inner().to_string()))
            })
    }
}

/// Deserialises `bytes`, mapping serde's complaint to the field it is about. Text with
/// control characters is refused first, for every field of every body (see
/// [`control_character_problem`]).
pub fn parse_json<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    if bytes.is_empty() {
        return Err(ApiError::new(
            StatusCode::BAD_REQUEST,
            "bad_request",
            "A JSON body is required.",
        ));
    }
    let Ok(mut value) = serde_json::from_slice::<serde_json::Value>(bytes) else {
        return Err(ApiError::new(
            StatusCode::BAD_REQUEST,
            "malformed_json",
            "The request body is not valid JSON.",
        ));
    };
    // Every body is an object: serde would read `[]` as an empty struct (and `["A", 1]` as
    // one's fields in order), which the document does not allow.
    if !value.is_object() {
        return Err(ApiError::bad_field("body", "must be a JSON object"));
    }
    if let Some((field, problem)) = control_character_problem(&value) {
        return Err(ApiError::bad_field(&field, problem));
    }
    integral_numbers_as_integers(&mut value);
    serde_path_to_error::deserialize(value).map_err(|err| {
        let path = err.path().to_string();
        let inner = err.into_inner();
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

/// JSON Schema counts `1.6e16` and `2.0` as integers, as the document promises; serde reads
/// only digits as one. Whole numbers written as floats become integers before the body is read.
fn integral_numbers_as_integers(value: &mut serde_json::Value) {
    match value {
        serde_json::Value::Number(n) if !n.is_i64() && !n.is_u64() => {
            if let Some(f) = n.as_f64()
                && f.fract() == 0.0
                && f >= i64::MIN as f64
                && f < i64::MAX as f64
            {
                *value = serde_json::Value::from(f as i64);
            }
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(integral_numbers_as_integers),
        serde_json::Value::Object(fields) => {
            fields.values_mut().for_each(integral_numbers_as_integers)
        }
        _ => {}
    }
}

/// Fields whose text may run over several lines (a reason given for a step, notes, a question
/// to the assistant, a message on a case): tab and line breaks are allowed in them. Every other text is a single line.
pub const MULTI_LINE_FIELDS: &[&str] = &[
    "reason",
    "notes",
    "message",
    "description",
    "content",
    "question",
    "answer",
    "followUp",
    "titleFindings",
    "searchFindings",
    "lenderFindings",
    "body",
];

const CONTROL_CHARACTERS: &str = "must not contain control characters";
const CONTROL_CHARACTERS_MULTI_LINE: &str =
    "must not contain control characters other than tabs and line breaks";

/// The first string in `value` (or object key) holding a control character (Unicode `Cc`:
/// NUL, escape, DEL, C1…) as the field's path in the body (`client.email`,
/// `applicants[1].surname`) and the problem. Tab, line feed and carriage return are allowed
/// only in [`MULTI_LINE_FIELDS`]. PostgreSQL refuses NUL in text, logs and e-mail headers
/// can be forged with line breaks, and nothing a person types needs the rest.
pub fn control_character_problem(value: &serde_json::Value) -> Option<(String, &'static str)> {
    fn walk(
        value: &serde_json::Value,
        path: &mut String,
        multi_line: bool,
    ) -> Option<(String, &'static str)> {
        match value {
            serde_json::Value::String(text) => {
                text_problem(text, multi_line).map(|problem| (field_name(path), problem))
            }
            serde_json::Value::Array(items) => items.iter().enumerate().find_map(|(i, item)| {
                let len = path.len();
                path.push_str(&format!("[{i}]"));
                let found = walk(item, path, multi_line);
                path.truncate(len);
                found
            }),
            serde_json::Value::Object(fields) => fields.iter().find_map(|(key, item)| {
                if key.chars().any(char::is_control) {
                    return Some((field_name(path), "has a field name with control characters"));
                }
                let len = path.len();
                if !path.is_empty() {
                    path.push('.');
                }
                path.push_str(key);
                let found = walk(item, path, MULTI_LINE_FIELDS.contains(&key.as_str()));
                path.truncate(len);
                found
            }),
            _ => None,
        }
    }
    walk(value, &mut String::new(), false)
}

fn field_name(path: &str) -> String {
    if path.is_empty() {
        "body".to_owned()
    } else {
        path.to_owned()
    }
}

fn text_problem(text: &str, multi_line: bool) -> Option<&'static str> {
    let allowed = |c: char| multi_line && matches!(c, '\t' | '\n' | '\r');
    text.chars()
        .any(|c| c.is_control() && !allowed(c))
        .then_some(if multi_line {
            CONTROL_CHARACTERS_MULTI_LINE
        } else {
            CONTROL_CHARACTERS
        })
}

/// Refuses a query string any of whose parameters (decoded) holds a control character, with
/// 422 naming the parameter. For handlers that read their own query (`RawQuery`).
pub fn check_query(raw: Option<&str>) -> Result<(), ApiError> {
    for (name, value) in url::form_urlencoded::parse(raw.unwrap_or_default().as_bytes()) {
        if name.chars().any(char::is_control) {
            return Err(ApiError::bad_field(
                "query",
                "has a parameter name with control characters",
            ));
        }
        if let Some(problem) = text_problem(&value, false) {
            return Err(ApiError::bad_field(&name, problem));
        }
    }
    Ok(())
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
    /// When this session proved a second factor (the back office requires it).
    pub second_factor_at: Option<chrono::DateTime<chrono::Utc>>,
    /// When this session's sign-in link was redeemed (changing the e-mail address needs a
    /// recent one).
    pub signed_in_at: chrono::DateTime<chrono::Utc>,
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
            second_factor_at: found.second_factor_at,
            signed_in_at: found.signed_in_at,
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
    fn names_the_field_holding_a_control_character() {
        let fields = fields_of("{\"username\":\"a\\u0000@b.co\"}");
        assert_eq!(
            fields,
            BTreeMap::from([("username".into(), CONTROL_CHARACTERS.into())])
        );
        let nested = serde_json::json!({
            "client": { "email": "ok@example.com", "names": ["Ann", "B\u{1b}[31mob"] },
        });
        assert_eq!(
            control_character_problem(&nested),
            Some(("client.names[1]".into(), CONTROL_CHARACTERS))
        );
    }

    #[test]
    fn line_breaks_only_in_multi_line_fields() {
        let single = serde_json::json!({ "surname": "Smith\nJones" });
        assert_eq!(
            control_character_problem(&single),
            Some(("surname".into(), CONTROL_CHARACTERS))
        );
        let multi = serde_json::json!({ "reason": "Moved abroad.\r\n\tNo longer needed." });
        assert_eq!(control_character_problem(&multi), None);
        let nul = serde_json::json!({ "reason": "a\u{0}b" });
        assert_eq!(
            control_character_problem(&nul),
            Some(("reason".into(), CONTROL_CHARACTERS_MULTI_LINE))
        );
        let unicode = serde_json::json!({ "name": "Zoë Ørsted 山田 \u{200d}" });
        assert_eq!(control_character_problem(&unicode), None);
    }

    #[test]
    fn query_parameters_are_checked_decoded() {
        assert!(check_query(Some("page=1&buyerName=Sm%C3%AFth")).is_ok());
        assert!(check_query(None).is_ok());
        let err = check_query(Some("page=1&buyerName=Sm%00ith")).unwrap_err();
        assert_eq!(err.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(err.fields["buyerName"], CONTROL_CHARACTERS);
    }

    #[test]
    fn malformed_json_is_a_400() {
        let err = parse_json::<Login>(b"{nope").unwrap_err();
        assert_eq!(err.status, StatusCode::BAD_REQUEST);
        assert_eq!(err.code, "malformed_json");
    }
}
