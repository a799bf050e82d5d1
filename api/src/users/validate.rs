//! The rules for a user's own details: the same messages at onboarding (every detail) and in
//! settings (any subset).

use std::collections::BTreeMap;

use chrono::{Datelike, NaiveDate};
use threshold_store::users::NewLegalName;

use super::AboutYouRequest;

/// The details a request gives, each valid; `None` where the request left it out.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Given {
    pub preferred_name: Option<String>,
    pub phone_number: Option<String>,
    pub date_of_birth: Option<NaiveDate>,
    pub legal_name: Option<NewLegalName>,
}

/// Checks what the body gives. With `require_all` (onboarding) a missing detail is reported
/// as an empty one. A legal name is one detail: any of its parts brings the others with it
/// (first name and surname required, middle names optional: left out or empty means none).
pub fn validate(
    body: AboutYouRequest,
    today: NaiveDate,
    require_all: bool,
) -> Result<Given, BTreeMap<String, String>> {
    let mut problems = BTreeMap::new();
    let wanted = |v: Option<String>| match v {
        Some(v) => Some(v),
        None if require_all => Some(String::new()),
        None => None,
    };
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
    let preferred_name =
        wanted(body.preferred_name).map(|raw| name("preferredName", "Your name", &raw, 2));
    let names_given =
        body.first_name.is_some() || body.surname.is_some() || body.middle_names.is_some();
    let legal_name = (require_all || names_given).then(|| {
        let first_name = name(
            "firstName",
            "First name",
            body.first_name.as_deref().unwrap_or(""),
            1,
        );
        let surname = name(
            "surname",
            "Surname",
            body.surname.as_deref().unwrap_or(""),
            1,
        );
        NewLegalName {
            first_name,
            middle_names: body
                .middle_names
                .map(|m| m.trim().to_owned())
                .filter(|m| !m.is_empty()),
            surname,
        }
    });
    if legal_name
        .as_ref()
        .and_then(|n| n.middle_names.as_ref())
        .is_some_and(|m| m.chars().count() > 200)
    {
        problems.insert(
            "middleNames".to_owned(),
            "Middle names must be at most 200 characters".to_owned(),
        );
    }
    let phone_number = wanted(body.phone_number).map(|raw| match normalise_uk_phone(&raw) {
        Some(phone) => phone,
        None => {
            problems.insert(
                "phoneNumber".to_owned(),
                "Enter a UK phone number, like 07700 900123".to_owned(),
            );
            String::new()
        }
    });
    let date_of_birth = wanted(body.date_of_birth).map(|raw| {
        let (dob, problem) = check_date_of_birth(&raw, today);
        if let Some(problem) = problem {
            problems.insert("dateOfBirth".to_owned(), problem.to_owned());
        }
        dob
    });
    if !problems.is_empty() {
        return Err(problems);
    }
    Ok(Given {
        preferred_name,
        phone_number,
        date_of_birth,
        legal_name,
    })
}

fn check_date_of_birth(raw: &str, today: NaiveDate) -> (NaiveDate, Option<&'static str>) {
    match NaiveDate::parse_from_str(raw.trim(), "%Y-%m-%d") {
        Ok(dob) if dob > today => (dob, Some("Date of birth must be in the past")),
        Ok(dob) if age_on(dob, today) < 18 => (dob, Some("You must be 18 or over")),
        Ok(dob) if age_on(dob, today) > 120 => (dob, Some("Enter a real date of birth")),
        Ok(dob) => (dob, None),
        Err(_) => (today, Some("Enter a date of birth as yyyy-mm-dd")),
    }
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
            preferred_name: Some("Ann".into()),
            first_name: Some("Ann".into()),
            middle_names: Some(" ".into()),
            surname: Some("Example".into()),
            phone_number: Some("07700 900123".into()),
            date_of_birth: Some("1990-05-17".into()),
        }
    }

    fn nothing() -> AboutYouRequest {
        AboutYouRequest {
            preferred_name: None,
            first_name: None,
            middle_names: None,
            surname: None,
            phone_number: None,
            date_of_birth: None,
        }
    }

    fn today() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, 22).unwrap()
    }

    #[test]
    fn accepts_good_details_and_normalises_them() {
        let given = validate(request(), today(), true).unwrap();
        assert_eq!(given.phone_number.as_deref(), Some("+447700900123"));
        assert_eq!(given.legal_name.unwrap().middle_names, None);
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
        body.date_of_birth = Some("2008-11-23".into());
        assert_eq!(
            validate(body, today(), true).unwrap_err()["dateOfBirth"],
            "You must be 18 or over"
        );
        let mut body = request();
        body.date_of_birth = Some("2008-11-22".into());
        assert!(validate(body, today(), true).is_ok());
    }

    #[test]
    fn names_every_bad_field() {
        let body = AboutYouRequest {
            preferred_name: Some("A".into()),
            first_name: Some("".into()),
            middle_names: None,
            surname: Some("".into()),
            phone_number: Some("abc".into()),
            date_of_birth: Some("17/05/1990".into()),
        };
        let problems = validate(body, today(), true).unwrap_err();
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

    #[test]
    fn onboarding_needs_every_detail() {
        let problems = validate(nothing(), today(), true).unwrap_err();
        assert_eq!(problems.len(), 5, "{problems:?}");
        assert_eq!(problems["firstName"], "First name is required");
    }

    #[test]
    fn a_correction_gives_only_what_it_changes() {
        let mut body = nothing();
        body.phone_number = Some("020 7946 0958".into());
        assert_eq!(
            validate(body, today(), false).unwrap(),
            Given {
                phone_number: Some("+442079460958".into()),
                ..Given::default()
            }
        );
        assert_eq!(
            validate(nothing(), today(), false).unwrap(),
            Given::default()
        );
    }

    #[test]
    fn a_legal_name_comes_whole() {
        let mut body = nothing();
        body.middle_names = Some("Jane".into());
        let problems = validate(body, today(), false).unwrap_err();
        assert_eq!(
            problems.keys().cloned().collect::<Vec<_>>(),
            ["firstName", "surname"]
        );
    }
}
