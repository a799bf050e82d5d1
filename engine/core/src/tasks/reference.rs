//! What a task records with it: a text reference, an expiry date or the completion date.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

/// What a task's `reference` records.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ReferenceKind {
    /// A reference: letters, digits, spaces, `-` and `/` (a UTRN, a title number).
    #[default]
    Text,
    /// The day something recorded expires, as `YYYY-MM-DD`, not before the day it is recorded.
    ExpiryDate,
    /// The completion date the step fixes (the contract's, on exchange), as `YYYY-MM-DD`, not
    /// before the day it is recorded: recording it agrees the case's completion date.
    CompletionDate,
}

/// The longest text reference (a UTRN is 11 or 12 characters, an HMLR reference about 20).
pub const MAX_REFERENCE_CHARS: usize = 64;

impl ReferenceKind {
    /// The reference as recorded (trimmed), or what is wrong with it, in words for its field.
    pub fn check(self, given: &str, today: NaiveDate) -> Result<String, String> {
        let given = given.trim();
        match self {
            Self::Text => {
                let well_formed = given.chars().count() <= MAX_REFERENCE_CHARS
                    && given
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || matches!(c, ' ' | '-' | '/'));
                well_formed.then(|| given.to_owned()).ok_or_else(|| {
                    format!(
                        "must be at most {MAX_REFERENCE_CHARS} letters, digits, spaces, '-' or '/'"
                    )
                })
            }
            Self::ExpiryDate => Self::day_from(given, today, "an expiry"),
            Self::CompletionDate => Self::day_from(given, today, "completion"),
        }
    }

    /// A date, `what` falling on it today or later.
    fn day_from(given: &str, today: NaiveDate, what: &str) -> Result<String, String> {
        match recorded_day(given) {
            Some(day) if day < today => Err(format!("has passed: {what} is today or later")),
            Some(day) => Ok(day.format(DAY_FORMAT).to_string()),
            None => Err("must be a date (YYYY-MM-DD)".into()),
        }
    }

    /// The completion date a reference of this kind fixes (a checked `CompletionDate`).
    pub fn completion_date(self, reference: &str) -> Option<NaiveDate> {
        (self == Self::CompletionDate)
            .then(|| recorded_day(reference))
            .flatten()
    }
}

/// How a date reference is written and recorded (ISO 8601, as the date field sends it).
const DAY_FORMAT: &str = "%Y-%m-%d";

/// The day a date reference names.
pub(super) fn recorded_day(reference: &str) -> Option<NaiveDate> {
    NaiveDate::parse_from_str(reference, DAY_FORMAT).ok()
}
