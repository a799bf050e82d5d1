//! POST /users/{userId}: the about-you details (onboarding). A user may change only their own.

use std::collections::BTreeMap;

use axum::Json;
use axum::extract::State;
use chrono::{Datelike, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use serde_json::json;
use threshold_store::users::AboutYou;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::AppState;
use crate::auth::sign_in_audit as audit;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{ApiJson, ApiPath, CurrentSession};

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct AboutYouRequest {
    pub preferred_name: String,
    pub first_name: String,
    pub middle_names: Option<String>,
    pub surname: String,
    /// A UK phone number, e.g. 07700 900123 or +44 7700 900123.
    pub phone_number: String,
    /// yyyy-mm-dd; the user must be 18 or over.
    pub date_of_birth: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserResponse {
    pub id: String,
    pub preferred_name: String,
    pub email: String,
    pub is_onboarded: bool,
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(save_about_you))
}

#[utoipa::path(post, path = "/users/{userId}", tag = "users", request_body = AboutYouRequest,
    params(("userId" = String, Path, description = "Must be the signed-in user's own id")),
    responses(
        (status = 200, description = "Saved; the user is onboarded", body = UserResponse),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Another user's details", body = ErrorBody),
        (status = 422, description = "Invalid details, by field", body = ErrorBody),
    ))]
pub async fn save_about_you(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiPath(user_id): ApiPath<String>,
    ApiJson(body): ApiJson<AboutYouRequest>,
) -> ApiResult<Json<UserResponse>> {
    if user_id != session.user.id.to_string() {
        return Err(ApiError::forbidden("You can only change your own details."));
    }
    let today = Utc::now().date_naive();
    let about = validate(body, today).map_err(ApiError::invalid_fields)?;
    let user = state
        .db
        .save_about_you(session.user.id, &about, Utc::now())
        .await?;
    // Which details changed is audited; their values (personal data) are not.
    audit(
        &state,
        user.id,
        "user.about_you_saved",
        "user",
        user.id.to_string(),
        json!({ "fields": ["preferredName", "legalName", "phoneNumber", "dateOfBirth"] }),
    )
    .await?;
    Ok(Json(UserResponse {
        id: user.id.to_string(),
        preferred_name: user.preferred_name,
        email: user.email,
        is_onboarded: user.is_onboarded,
    }))
}

fn validate(body: AboutYouRequest, today: NaiveDate) -> Result<AboutYou, BTreeMap<String, String>> {
    let mut problems = BTreeMap::new();
    let mut name = |field: &str, label: &str, raw: &str, min: usize| -> String {
        let value = raw.trim().to_owned();
        let length = value.chars().count();
        if length == 0 {
            problems.insert(field.to_owned(), format!("{label} is required"));
        } else if length < min {
            problems.insert(
                field.to_owned(),
                format!("{label} must be at least {min} characters"),
            );
        } else if length > 100 {
            problems.insert(
                field.to_owned(),
                format!("{label} must be at most 100 characters"),
            );
        }
        value
    };
    let preferred_name = name("preferredName", "Your name", &body.preferred_name, 2);
    let first_name = name("firstName", "First name", &body.first_name, 1);
    let surname = name("surname", "Surname", &body.surname, 1);
    let middle_names = body
        .middle_names
        .map(|m| m.trim().to_owned())
        .filter(|m| !m.is_empty());
    if middle_names
        .as_ref()
        .is_some_and(|m| m.chars().count() > 200)
    {
        problems.insert(
            "middleNames".to_owned(),
            "Middle names must be at most 200 characters".to_owned(),
        );
    }
    let phone_number = match normalise_uk_phone(&body.phone_number) {
        Some(phone) => phone,
        None => {
            problems.insert(
                "phoneNumber".to_owned(),
                "Enter a UK phone number, like 07700 900123".to_owned(),
            );
            String::new()
        }
    };
    let date_of_birth = match NaiveDate::parse_from_str(body.date_of_birth.trim(), "%Y-%m-%d") {
        Ok(dob) if dob > today => {
            problems.insert(
                "dateOfBirth".to_owned(),
                "Date of birth must be in the past".to_owned(),
            );
            dob
        }
        Ok(dob) if age_on(dob, today) < 18 => {
            problems.insert(
                "dateOfBirth".to_owned(),
                "You must be 18 or over".to_owned(),
            );
            dob
        }
        Ok(dob) if age_on(dob, today) > 120 => {
            problems.insert(
                "dateOfBirth".to_owned(),
                "Enter a real date of birth".to_owned(),
            );
            dob
        }
        Ok(dob) => dob,
        Err(_) => {
            problems.insert(
                "dateOfBirth".to_owned(),
                "Enter a date of birth as yyyy-mm-dd".to_owned(),
            );
            today
        }
    };
    if !problems.is_empty() {
        return Err(problems);
    }
    Ok(AboutYou {
        preferred_name,
        first_name,
        middle_names,
        surname,
        phone_number,
        date_of_birth,
    })
}

fn age_on(dob: NaiveDate, today: NaiveDate) -> i32 {
    let had_birthday = (today.month(), today.day()) >= (dob.month(), dob.day());
    today.year() - dob.year() - if had_birthday { 0 } else { 1 }
}

/// UK numbers: 0 followed by 9 or 10 digits, or +44 / 0044 instead of the 0. Spaces,
/// dashes and brackets are allowed and dropped. Stored as `+44…`.
fn normalise_uk_phone(raw: &str) -> Option<String> {
    let compact: String = raw
        .chars()
        .filter(|c| !matches!(c, ' ' | '-' | '(' | ')'))
        .collect();
    let national = compact
        .strip_prefix("+44")
        .or_else(|| compact.strip_prefix("0044"))
        .map(|rest| rest.strip_prefix('0').unwrap_or(rest).to_owned())
        .or_else(|| compact.strip_prefix('0').map(str::to_owned))?;
    let valid = (9..=10).contains(&national.len())
        && national.chars().all(|c| c.is_ascii_digit())
        && !national.starts_with('0');
    valid.then(|| format!("+44{national}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request() -> AboutYouRequest {
        AboutYouRequest {
            preferred_name: "Ann".into(),
            first_name: "Ann".into(),
            middle_names: Some(" ".into()),
            surname: "Example".into(),
            phone_number: "07700 900123".into(),
            date_of_birth: "1990-05-17".into(),
        }
    }

    fn today() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, 22).unwrap()
    }

    #[test]
    fn accepts_good_details_and_normalises_them() {
        let about = validate(request(), today()).unwrap();
        assert_eq!(about.phone_number, "+447700900123");
        assert_eq!(about.middle_names, None);
    }

    #[test]
    fn phone_numbers() {
        assert_eq!(
            normalise_uk_phone("+44 (0)20 7946 0958").as_deref(),
            Some("+442079460958")
        );
        assert_eq!(
            normalise_uk_phone("0044 7700 900123").as_deref(),
            Some("+447700900123")
        );
        assert_eq!(normalise_uk_phone("12345"), None);
        assert_eq!(normalise_uk_phone("07700 90012x"), None);
    }

    #[test]
    fn under_eighteen_is_refused_on_the_day_before_the_birthday() {
        let mut body = request();
        body.date_of_birth = "2008-11-23".into();
        assert_eq!(
            validate(body, today()).unwrap_err()["dateOfBirth"],
            "You must be 18 or over"
        );
        let mut body = request();
        body.date_of_birth = "2008-11-22".into();
        assert!(validate(body, today()).is_ok());
    }

    #[test]
    fn names_every_bad_field() {
        let body = AboutYouRequest {
            preferred_name: "A".into(),
            first_name: "".into(),
            middle_names: None,
            surname: "".into(),
            phone_number: "abc".into(),
            date_of_birth: "17/05/1990".into(),
        };
        let problems = validate(body, today()).unwrap_err();
        assert_eq!(
            problems.keys().cloned().collect::<Vec<_>>(),
            [
                "dateOfBirth",
                "firstName",
                "phoneNumber",
                "preferredName",
                "surname"
            ]
        );
        assert_eq!(
            problems["preferredName"],
            "Your name must be at least 2 characters"
        );
    }
}
