//! The staff second factor: a TOTP authenticator (RFC 6238: SHA-1, 6 digits, 30 seconds, as
//! every authenticator app reads it) with single-use recovery codes.
//!
//! A code is accepted from the step before to the step after now (clock drift), and each step
//! only once: the newest accepted step is stored, so a code seen over a shoulder or replayed
//! from a log is refused. Five wrong codes in a row lock the factor for five minutes, counted
//! in the database so that every server process sees the same count.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::{DateTime, Duration, Utc};
use rand::Rng;
use serde::{Deserialize, Serialize};
use serde_json::json;
use threshold_store::users::User;
use totp_rs::{Algorithm, Secret, TOTP};
use utoipa::ToSchema;

use super::StaffSignedIn;
use crate::app::AppState;
use crate::auth::sign_in_audit as audit;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::ApiJson;

const ISSUER: &str = "Threshold";
const STEP_SECONDS: u64 = 30;
const MAX_FAILURES: i32 = 5;
const LOCKED_FOR_MINUTES: i64 = 5;
const RECOVERY_CODES: usize = 10;
/// Lower-case letters and digits a person cannot confuse (no 0/o, 1/l/i).
const RECOVERY_ALPHABET: &[u8] = b"abcdefghjkmnpqrstuvwxyz23456789";

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffFactorStatus {
    /// An authenticator is set up and confirmed.
    pub enrolled: bool,
    /// This session has proven it.
    pub verified: bool,
    pub recovery_codes_left: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffEnrolment {
    /// The shared secret in base32, for typing into an app.
    pub secret: String,
    /// `otpauth://totp/…`, what the QR code holds.
    pub otpauth_uri: String,
    /// The QR code as an SVG document.
    pub qr_svg: String,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct StaffCodeRequest {
    /// The 6-digit code the app shows now.
    #[schema(pattern = r"^\d{6}$")]
    pub code: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffRecoveryCodes {
    /// Shown once: each signs in once without the app.
    pub recovery_codes: Vec<String>,
}

/// One of the two: the app's code, or a recovery code.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct StaffVerifyRequest {
    #[schema(pattern = r"^\d{6}$")]
    pub code: Option<String>,
    #[schema(max_length = 40)]
    pub recovery_code: Option<String>,
}

#[utoipa::path(get, path = "/staff/factor", tag = "staff",
    responses(
        (status = 200, description = "Whether the staff member has an authenticator, and whether this session has proven it", body = StaffFactorStatus),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a conveyancer or administrator", body = ErrorBody),
    ))]
pub async fn status(
    State(state): State<AppState>,
    StaffSignedIn(session): StaffSignedIn,
) -> ApiResult<Json<StaffFactorStatus>> {
    let factor = state.db.staff_factor(session.user.id).await?;
    Ok(Json(StaffFactorStatus {
        enrolled: factor.is_some_and(|f| f.confirmed_at.is_some()),
        verified: session.second_factor_at.is_some(),
        recovery_codes_left: state.db.recovery_codes_left(session.user.id).await?,
    }))
}

#[utoipa::path(post, path = "/staff/factor/enrolment", tag = "staff",
    request_body = crate::auth::EmptyBody,
    responses(
        (status = 200, description = "A new secret to add to an authenticator app; confirm it with a code", body = StaffEnrolment),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a conveyancer or administrator", body = ErrorBody),
        (status = 409, description = "`already_enrolled`: an authenticator is set up (an administrator resets it)", body = ErrorBody),
    ))]
pub async fn begin_enrolment(
    State(state): State<AppState>,
    StaffSignedIn(session): StaffSignedIn,
    ApiJson(_): ApiJson<crate::auth::EmptyBody>,
) -> ApiResult<Json<StaffEnrolment>> {
    let mut raw = [0u8; 20];
    rand::rng().fill(&mut raw);
    let secret = Secret::Raw(raw.to_vec()).to_encoded().to_string();
    let sealed = state.secrets.seal(session.user.id, &secret);
    if !state
        .db
        .begin_staff_enrolment(session.user.id, &sealed, Utc::now())
        .await?
    {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "already_enrolled",
            "Your authenticator app is already set up.",
        ));
    }
    let otpauth_uri = authenticator(&secret, &session.user.email)
        .map_err(ApiError::internal)?
        .get_url();
    let qr_svg = qrcode::QrCode::new(otpauth_uri.as_bytes())
        .map_err(ApiError::internal)?
        .render::<qrcode::render::svg::Color>()
        .min_dimensions(200, 200)
        .build();
    Ok(Json(StaffEnrolment {
        secret,
        otpauth_uri,
        qr_svg,
    }))
}

#[utoipa::path(post, path = "/staff/factor/enrolment/confirm", tag = "staff",
    request_body = StaffCodeRequest,
    responses(
        (status = 200, description = "The authenticator is set up and this session verified; the recovery codes, shown once", body = StaffRecoveryCodes),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a conveyancer or administrator", body = ErrorBody),
        (status = 409, description = "`no_enrolment`: start enrolment first, or it is already confirmed", body = ErrorBody),
        (status = 422, description = "`code` is not the app's current code", body = ErrorBody),
        (status = 429, description = "Too many wrong codes: wait five minutes", body = ErrorBody),
    ))]
pub async fn confirm_enrolment(
    State(state): State<AppState>,
    StaffSignedIn(session): StaffSignedIn,
    ApiJson(body): ApiJson<StaffCodeRequest>,
) -> ApiResult<Json<StaffRecoveryCodes>> {
    let user = &session.user;
    let now = Utc::now();
    match state.db.staff_factor(user.id).await? {
        Some(f) if f.confirmed_at.is_none() => {}
        _ => {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "no_enrolment",
                "There is no authenticator waiting to be confirmed.",
            ));
        }
    }
    check_code(&state, user, &body.code, true, now).await?;
    let codes: Vec<String> = (0..RECOVERY_CODES).map(|_| recovery_code()).collect();
    state.db.replace_recovery_codes(user.id, &codes).await?;
    state.db.mark_second_factor(session.session_id, now).await?;
    audit(
        &state,
        user.id,
        "staff.factor_enrolled",
        "user",
        user.id.to_string(),
        json!({ "method": "totp" }),
    )
    .await?;
    Ok(Json(StaffRecoveryCodes {
        recovery_codes: codes,
    }))
}

#[utoipa::path(post, path = "/staff/factor/verify", tag = "staff",
    request_body = StaffVerifyRequest,
    responses(
        (status = 204, description = "This session has proven the second factor"),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a conveyancer or administrator", body = ErrorBody),
        (status = 409, description = "`not_enrolled`: set up an authenticator first", body = ErrorBody),
        (status = 422, description = "Neither or both of `code` and `recoveryCode`, or the one given is wrong, used or replayed", body = ErrorBody),
        (status = 429, description = "Too many wrong codes: wait five minutes", body = ErrorBody),
    ))]
pub async fn verify_second_factor(
    State(state): State<AppState>,
    StaffSignedIn(session): StaffSignedIn,
    ApiJson(body): ApiJson<StaffVerifyRequest>,
) -> ApiResult<StatusCode> {
    let user = &session.user;
    let now = Utc::now();
    let method = match (body.code, body.recovery_code) {
        (Some(code), None) => {
            check_code(&state, user, &code, false, now).await?;
            "totp"
        }
        (None, Some(recovery)) => {
            confirmed_factor(&state, user).await?;
            take_attempt(&state, user, now).await?;
            if !state
                .db
                .use_recovery_code(user.id, &normalise_recovery(&recovery), now)
                .await?
            {
                return Err(ApiError::bad_field(
                    "recoveryCode",
                    "That recovery code is not right, or it has been used.",
                ));
            }
            "recovery_code"
        }
        _ => {
            return Err(ApiError::bad_field(
                "code",
                "Enter the code from your authenticator app, or a recovery code.",
            ));
        }
    };
    state.db.mark_second_factor(session.session_id, now).await?;
    audit(
        &state,
        user.id,
        "staff.second_factor_verified",
        "session",
        session.session_id.to_string(),
        json!({ "method": method }),
    )
    .await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Checks a code from the staff member's app and uses up its time step (confirming the
/// authenticator when `enrolling`); a wrong, replayed or malformed code is a 422 on `code`.
pub(super) async fn check_code(
    state: &AppState,
    user: &User,
    code: &str,
    enrolling: bool,
    now: DateTime<Utc>,
) -> ApiResult<()> {
    let factor = match state.db.staff_factor(user.id).await? {
        Some(f) if enrolling || f.confirmed_at.is_some() => f,
        _ => return Err(not_enrolled()),
    };
    let wrong = || {
        ApiError::bad_field(
            "code",
            "That code is not right. Enter the current code from your authenticator app.",
        )
    };
    let code = code.trim();
    if code.len() != 6 || !code.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ApiError::bad_field("code", "Enter the 6-digit code."));
    }
    take_attempt(state, user, now).await?;
    let secret = state
        .secrets
        .open(user.id, &factor.totp_secret)
        .map_err(ApiError::internal)?;
    let totp = authenticator(&secret, &user.email).map_err(ApiError::internal)?;
    let current = now.timestamp().max(0) as u64 / STEP_SECONDS;
    let matched = [current.saturating_sub(1), current, current + 1]
        .into_iter()
        .find(|step| totp.check(code, step * STEP_SECONDS));
    let accepted = match matched {
        Some(step) => {
            state
                .db
                .use_totp_step(user.id, step as i64, enrolling, now)
                .await?
        }
        None => false,
    };
    if !accepted {
        return Err(wrong());
    }
    Ok(())
}

async fn confirmed_factor(
    state: &AppState,
    user: &User,
) -> ApiResult<threshold_store::staff::StaffFactor> {
    match state.db.staff_factor(user.id).await? {
        Some(f) if f.confirmed_at.is_some() => Ok(f),
        _ => Err(not_enrolled()),
    }
}

fn not_enrolled() -> ApiError {
    ApiError::new(
        StatusCode::CONFLICT,
        "not_enrolled",
        "Set up your authenticator app first.",
    )
}

/// Counts this attempt before any code is checked; a 429 while five attempts in a row (the
/// latest less than five minutes ago) have not been followed by a right code.
async fn take_attempt(state: &AppState, user: &User, now: DateTime<Utc>) -> ApiResult<()> {
    let taken = state
        .db
        .take_factor_attempt(
            user.id,
            MAX_FAILURES,
            Duration::minutes(LOCKED_FOR_MINUTES),
            now,
        )
        .await?;
    if !taken {
        return Err(ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "too_many_attempts",
            "Too many wrong codes. Wait five minutes and try again.",
        )
        .retry_after(
            Duration::minutes(LOCKED_FOR_MINUTES)
                .to_std()
                .unwrap_or_default(),
        ));
    }
    Ok(())
}

/// The authenticator for a stored secret (no skew here: [`check_code`] tries the
/// neighbouring steps itself, to know which one it used).
fn authenticator(secret: &str, account: &str) -> anyhow::Result<TOTP> {
    let bytes = Secret::Encoded(secret.to_owned())
        .to_bytes()
        .map_err(|_| anyhow::anyhow!("a TOTP secret is not base32"))?;
    Ok(TOTP::new(
        Algorithm::SHA1,
        6,
        0,
        STEP_SECONDS,
        bytes,
        Some(ISSUER.to_owned()),
        account.to_owned(),
    )?)
}

/// The code an authenticator app with this secret shows at `now` (the demo's `demo-code`).
pub fn current_code(secret: &str, now: DateTime<Utc>) -> anyhow::Result<String> {
    Ok(authenticator(secret, "demo")?.generate(now.timestamp().max(0) as u64))
}

/// `xxxx-xxxx-xxxx` from [`RECOVERY_ALPHABET`]: about 59 bits.
fn recovery_code() -> String {
    let mut rng = rand::rng();
    (0..3)
        .map(|_| {
            (0..4)
                .map(|_| RECOVERY_ALPHABET[rng.random_range(0..RECOVERY_ALPHABET.len())] as char)
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("-")
}

/// As typed: any case, with or without the dashes and spaces.
fn normalise_recovery(typed: &str) -> String {
    let plain: String = typed
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .map(|c| c.to_ascii_lowercase())
        .collect();
    plain
        .as_bytes()
        .chunks(4)
        .map(|c| String::from_utf8_lossy(c).into_owned())
        .collect::<Vec<_>>()
        .join("-")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recovery_codes_read_back_however_typed() {
        let code = recovery_code();
        assert_eq!(code.len(), 14);
        assert_eq!(
            normalise_recovery(&code.to_uppercase().replace('-', " ")),
            code
        );
    }
}
