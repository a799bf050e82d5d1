//! POST /assistant/messages: the AI assistant (spec §1 "an AI assistant", HELP-03/04), for
//! customers and brokers whose `enabledFeatures` has `AI_BOT`. It explains how cases proceed
//! and how the app works; it gives no legal advice on the person's own case.
//!
//! Who answers is chosen at start-up ([`Assistant::from_config`]): with `ASSISTANT_API_KEY`,
//! an OpenAI-compatible Chat Completions API; without one, a search of the stage guides of the
//! workflow files ([`HelpSearch`]). Either way nothing of ours about the person or their cases
//! is sent or read: only the conversation they typed (and, to the model, the stage guides).
//! The conversation is personal data: never stored, never logged.

mod help_search;
mod llm;

use std::sync::Arc;

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use threshold_engine::CaseType;
use threshold_workflows::Workflows;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub use help_search::HelpSearch;
pub use llm::LlmClient;

use crate::app::AppState;
use crate::cases::access::require_app_role;
use crate::config::Config;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{ApiJson, CurrentSession};

/// The feature a user needs to use the assistant.
pub const FEATURE: &str = "AI_BOT";
/// Messages in one request at most: the browser sends the last 20 of a conversation.
pub const MAX_MESSAGES: usize = 20;
/// Characters of one message at most (after trimming).
pub const MAX_CONTENT_CHARS: usize = 2000;

/// Who wrote a message of the conversation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ChatRole {
    User,
    Assistant,
}

#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ChatMessage {
    pub role: ChatRole,
    /// 1 to 2000 characters once trimmed; line breaks allowed.
    #[schema(min_length = 1, max_length = 2000)]
    pub content: String,
}

#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AssistantRequest {
    /// The conversation so far, oldest first, ending with the user's question: 1 to 20
    /// messages (the browser sends the last 20).
    #[schema(min_items = 1, max_items = 20)]
    pub messages: Vec<ChatMessage>,
}

/// Where an answer came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum AnswerSource {
    /// The configured language model.
    Assistant,
    /// The built-in search of the stage guides (no model configured).
    Help,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AssistantReply {
    /// The answer, plain text (may hold line breaks).
    pub reply: String,
    pub source: AnswerSource,
}

/// One stage of a case type, as the help page shows it.
#[derive(Debug, Clone)]
pub struct Guide {
    pub case_type: CaseType,
    /// The words a question may name its case type by (the workflow file's `search_terms`).
    pub case_words: String,
    pub label: String,
    pub guide: String,
}

/// Both case types' stage guides, in workflow order (remortgaging first).
pub fn stage_guides(workflows: &Workflows) -> Vec<Guide> {
    [CaseType::Remortgaging, CaseType::Buying]
        .into_iter()
        .flat_map(|case_type| {
            let case_words = workflows.words(case_type).search_terms.join(" ");
            workflows.stages(case_type).into_iter().map(move |s| Guide {
                case_type,
                case_words: case_words.clone(),
                label: s.label,
                guide: s.guide,
            })
        })
        .collect()
}

/// Who answers the assistant's questions, chosen at start-up.
#[derive(Clone)]
pub enum Assistant {
    /// No model configured: answers from the stage guides.
    HelpSearch(HelpSearch),
    /// An OpenAI-compatible Chat Completions API.
    Llm(LlmClient),
}

/// The model could not answer (network, timeout, refused key, bad reply).
#[derive(Debug)]
pub struct Unavailable(pub String);

impl Assistant {
    pub fn from_config(config: &Config, workflows: &Workflows) -> anyhow::Result<Self> {
        let guides = Arc::new(stage_guides(workflows));
        Ok(
            match config
                .assistant_api_key
                .as_deref()
                .filter(|k| !k.is_empty())
            {
                Some(key) => Assistant::Llm(LlmClient::new(
                    &config.assistant_api_url,
                    key.to_owned(),
                    config.assistant_model.clone(),
                    &guides,
                    &config.support_email,
                )?),
                None => {
                    Assistant::HelpSearch(HelpSearch::new(guides, config.support_email.clone()))
                }
            },
        )
    }

    /// Answers the conversation (already checked: it ends with the user's message).
    pub async fn answer(
        &self,
        conversation: &[ChatMessage],
    ) -> Result<AssistantReply, Unavailable> {
        match self {
            Assistant::HelpSearch(search) => {
                let question = conversation.last().map_or("", |m| m.content.as_str());
                Ok(AssistantReply {
                    reply: search.answer(question),
                    source: AnswerSource::Help,
                })
            }
            Assistant::Llm(client) => Ok(AssistantReply {
                reply: client.complete(conversation).await?,
                source: AnswerSource::Assistant,
            }),
        }
    }
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(ask_assistant))
}

#[utoipa::path(post, path = "/assistant/messages", tag = "assistant", request_body = AssistantRequest,
    responses(
        (status = 200, description = "The assistant's answer to the last message", body = AssistantReply),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a customer or broker, or `feature_off`: the assistant is not enabled for this user (no `AI_BOT`)", body = ErrorBody),
        (status = 422, description = "No messages or more than 20, a message empty or over 2000 characters (`messages[i].content`), an unknown role, or a last message that is not the user's", body = ErrorBody),
        (status = 429, description = "Too many questions in a minute (`rate_limited`)", body = ErrorBody),
        (status = 502, description = "`assistant_unavailable`: the language model could not answer", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn ask_assistant(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiJson(body): ApiJson<AssistantRequest>,
) -> ApiResult<Json<AssistantReply>> {
    require_app_role(&session.user)?;
    if !session.user.has_feature(FEATURE) {
        return Err(ApiError::feature_off(
            "The assistant is not enabled for your account.",
        ));
    }
    state.limits.assistant.check_user(session.user.id)?;
    let conversation = checked(body)?;
    state
        .assistant
        .answer(&conversation)
        .await
        .map(Json)
        .map_err(|Unavailable(kind)| {
            // The kind of failure only: the conversation is personal data.
            tracing::warn!(kind, "the assistant's model could not answer");
            ApiError::new(
                StatusCode::BAD_GATEWAY,
                "assistant_unavailable",
                "The assistant cannot answer just now. Please try again in a few minutes, or \
                 contact our support team.",
            )
        })
}

/// The conversation with each message trimmed, or a 422 naming the first bad field.
fn checked(body: AssistantRequest) -> ApiResult<Vec<ChatMessage>> {
    let count = body.messages.len();
    if count == 0 {
        return Err(ApiError::bad_field(
            "messages",
            "must hold at least one message",
        ));
    }
    if count > MAX_MESSAGES {
        return Err(ApiError::bad_field(
            "messages",
            format!("must hold at most {MAX_MESSAGES} messages"),
        ));
    }
    let mut conversation = Vec::with_capacity(count);
    for (i, message) in body.messages.into_iter().enumerate() {
        let content = message.content.trim();
        let field = format!("messages[{i}].content");
        if content.is_empty() {
            return Err(ApiError::bad_field(&field, "must not be empty"));
        }
        if content.chars().count() > MAX_CONTENT_CHARS {
            return Err(ApiError::bad_field(
                &field,
                format!("must be at most {MAX_CONTENT_CHARS} characters"),
            ));
        }
        conversation.push(ChatMessage {
            role: message.role,
            content: content.to_owned(),
        });
    }
    if conversation.last().map(|m| m.role) != Some(ChatRole::User) {
        return Err(ApiError::bad_field(
            &format!("messages[{}].role", count - 1),
            "the last message must be the user's",
        ));
    }
    Ok(conversation)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn msg(role: ChatRole, content: &str) -> ChatMessage {
        ChatMessage {
            role,
            content: content.to_owned(),
        }
    }

    #[test]
    fn trims_each_message_and_names_the_bad_one() {
        let ok = checked(AssistantRequest {
            messages: vec![msg(ChatRole::User, "  How long?\n ")],
        })
        .unwrap();
        assert_eq!(ok[0].content, "How long?");
        let err = checked(AssistantRequest {
            messages: vec![msg(ChatRole::User, "Hi"), msg(ChatRole::Assistant, " \n ")],
        })
        .unwrap_err();
        assert!(err.fields.contains_key("messages[1].content"), "{err:?}");
        let err = checked(AssistantRequest {
            messages: vec![msg(ChatRole::User, "Hi"), msg(ChatRole::Assistant, "Hello")],
        })
        .unwrap_err();
        assert!(err.fields.contains_key("messages[1].role"), "{err:?}");
        // 2000 characters, not bytes: a pound sign is two bytes.
        let long = "£".repeat(MAX_CONTENT_CHARS);
        assert!(
            checked(AssistantRequest {
                messages: vec![msg(ChatRole::User, &long)],
            })
            .is_ok()
        );
    }
}
