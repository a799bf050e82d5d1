//! POST /feedback: a customer's rating and comment at a point of their case, asked once per
//! case and person (spec §3 "Feedback", FEEDBACK-*; issue 26: not again at a later point).
//! Dismissing the dialog sends no rating and an empty message. The comment is personal data:
//! stored, never logged.

use axum::extract::State;
use axum::http::StatusCode;
use chrono::Utc;
use serde::{Deserialize, Serialize};
use strum::{EnumIter, EnumString, IntoStaticStr};
use threshold_engine::Action;
use threshold_store::feedback::NewFeedback;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::AppState;
use crate::cases::access;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{ApiJson, CurrentSession};

/// Where in a case feedback is asked for (spec §3, ENUM "Feedback point").
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    ToSchema,
    IntoStaticStr,
    EnumString,
    EnumIter,
)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[strum(serialize_all = "SCREAMING_SNAKE_CASE")]
pub enum FeedbackPoint {
    SubmitApplication,
    AcceptCompletionStatement,
    PostCompletion,
}

impl FeedbackPoint {
    pub fn parse(raw: &str) -> Option<Self> {
        raw.parse().ok()
    }
}

/// The points `user` has answered or dismissed on the case, in the order given.
pub(crate) async fn given(
    state: &AppState,
    case_id: i64,
    user: threshold_store::UserId,
) -> ApiResult<Vec<FeedbackPoint>> {
    Ok(state
        .db
        .feedback_given(case_id, user)
        .await?
        .iter()
        .filter_map(|p| FeedbackPoint::parse(p))
        .collect())
}

/// The comment's limit (spec §5).
const MESSAGE_LIMIT: usize = 5000;

#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct FeedbackRequest {
    pub case_type: threshold_engine::CaseType,
    pub case_id: i64,
    pub feedback_point: FeedbackPoint,
    /// At most 5000 characters; empty with no rating: the dialog was dismissed.
    #[serde(default)]
    pub message: String,
    /// 1–5; null only with an empty message (a dismissal).
    #[serde(default)]
    pub rating: Option<i64>,
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(give_feedback))
}

#[utoipa::path(post, path = "/feedback", tag = "feedback", request_body = FeedbackRequest,
    responses(
        (status = 204, description = "Recorded (or dismissed); the point is in the expanded case's `feedbackGiven` from now on, and no more feedback is asked on the case"),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a customer of the case (brokers, staff)", body = ErrorBody),
        (status = 404, description = "Unknown case, or not yours", body = ErrorBody),
        (status = 409, description = "`feedback_given`: this person answered or dismissed feedback on this case already (at any point)", body = ErrorBody),
        (status = 422, description = "`rating` missing with a message ('Please rate your experience') or not 1–5, `message` over 5000 characters, unknown `caseType` or `feedbackPoint`", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn give_feedback(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiJson(body): ApiJson<FeedbackRequest>,
) -> ApiResult<StatusCode> {
    let caller = access::caller(&session)?;
    let case_type = body.case_type;
    let point = body.feedback_point;
    if body.message.chars().count() > MESSAGE_LIMIT {
        return Err(ApiError::bad_field(
            "message",
            "Message must be less than 5000 characters",
        ));
    }
    let rating = match body.rating {
        None if body.message.trim().is_empty() => None,
        None => return Err(ApiError::bad_field("rating", "Please rate your experience")),
        Some(r @ 1..=5) => Some(r as i32),
        Some(_) => return Err(ApiError::bad_field("rating", "must be from 1 to 5")),
    };
    let case = state.cases.open(&caller, case_type, body.case_id).await?;
    state.cases.authorise(&case, Action::GiveFeedback)?;
    // Asked once per case and person (issue 26): whichever point came first, an answer or a
    // dismissal there settles it for the whole case.
    if !given(&state, body.case_id, session.user.id)
        .await?
        .is_empty()
    {
        return Err(given_already());
    }
    let point_name: &'static str = point.into();
    let added = state
        .db
        .record_feedback(
            &NewFeedback {
                case_id: body.case_id,
                user_id: session.user.id,
                feedback_point: point_name,
                rating,
                message: &body.message,
            },
            Utc::now(),
        )
        .await?;
    if !added {
        return Err(given_already());
    }
    Ok(StatusCode::NO_CONTENT)
}

fn given_already() -> ApiError {
    ApiError::new(
        StatusCode::CONFLICT,
        "feedback_given",
        "You have already given feedback on this case.",
    )
}
