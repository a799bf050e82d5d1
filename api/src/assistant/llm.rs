//! The assistant's language model: an OpenAI-compatible Chat Completions API
//! (`POST {ASSISTANT_API_URL}/chat/completions`, `Authorization: Bearer {ASSISTANT_API_KEY}`).
//! It is sent a system prompt (who the assistant is, what it may say, the stage guides of both
//! case types) and the conversation the user typed: nothing else, no case or personal data of
//! ours. Failures are reported by kind only; the conversation is never logged.

use std::sync::Arc;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use threshold_engine::CaseType;

use super::{ChatMessage, ChatRole, Guide, Unavailable};

/// How long the model may take to answer.
const TIMEOUT: Duration = Duration::from_secs(30);
/// The longest answer asked for.
const MAX_TOKENS: u32 = 600;

#[derive(Clone)]
pub struct LlmClient {
    http: reqwest::Client,
    endpoint: url::Url,
    key: String,
    model: String,
    system_prompt: Arc<str>,
}

#[derive(Serialize)]
struct CompletionRequest<'a> {
    model: &'a str,
    messages: Vec<WireMessage<'a>>,
    max_tokens: u32,
}

#[derive(Serialize)]
struct WireMessage<'a> {
    role: &'static str,
    content: &'a str,
}

#[derive(Deserialize)]
struct CompletionResponse {
    choices: Vec<Choice>,
}

#[derive(Deserialize)]
struct Choice {
    message: ReplyMessage,
}

#[derive(Deserialize)]
struct ReplyMessage {
    #[serde(default)]
    content: Option<String>,
}

impl LlmClient {
    pub fn new(
        base: &str,
        key: String,
        model: String,
        guides: &[Guide],
        support_email: &str,
    ) -> anyhow::Result<Self> {
        let mut endpoint = url::Url::parse(base)
            .map_err(|err| anyhow::anyhow!("ASSISTANT_API_URL is not a URL: {err}"))?;
        if !endpoint.path().ends_with('/') {
            endpoint.set_path(&format!("{}/", endpoint.path()));
        }
        let endpoint = endpoint.join("chat/completions")?;
        let http = reqwest::Client::builder().timeout(TIMEOUT).build()?;
        Ok(Self {
            http,
            endpoint,
            key,
            model,
            system_prompt: system_prompt(guides, support_email).into(),
        })
    }

    /// The model's answer to the conversation.
    pub async fn complete(&self, conversation: &[ChatMessage]) -> Result<String, Unavailable> {
        let mut messages = Vec::with_capacity(conversation.len() + 1);
        messages.push(WireMessage {
            role: "system",
            content: &self.system_prompt,
        });
        messages.extend(conversation.iter().map(|m| WireMessage {
            role: match m.role {
                ChatRole::User => "user",
                ChatRole::Assistant => "assistant",
            },
            content: &m.content,
        }));
        let body = CompletionRequest {
            model: &self.model,
            messages,
            max_tokens: MAX_TOKENS,
        };
        let response = self
            .http
            .post(self.endpoint.clone())
            .bearer_auth(&self.key)
            .json(&body)
            .send()
            .await
            .map_err(|err| Unavailable(error_kind(&err)))?;
        let status = response.status();
        if !status.is_success() {
            // Not the body: a provider may echo the conversation back in its error.
            return Err(Unavailable(format!("HTTP {}", status.as_u16())));
        }
        let answer: CompletionResponse = response
            .json()
            .await
            .map_err(|err| Unavailable(error_kind(&err)))?;
        answer
            .choices
            .into_iter()
            .next()
            .and_then(|c| c.message.content)
            .map(|text| text.trim().to_owned())
            .filter(|text| !text.is_empty())
            .ok_or_else(|| Unavailable("empty reply".into()))
    }
}

/// What went wrong, in words that carry nothing of the request.
fn error_kind(err: &reqwest::Error) -> String {
    let kind = if err.is_timeout() {
        "timeout"
    } else if err.is_connect() {
        "connection failed"
    } else if err.is_decode() {
        "unreadable reply"
    } else if err.is_body() {
        "reply cut off"
    } else {
        "request failed"
    };
    kind.to_owned()
}

/// Who the assistant is and what it may say, with the stage guides of both case types.
pub fn system_prompt(guides: &[Guide], support_email: &str) -> String {
    let mut prompt = format!(
        "You are Threshold's assistant, for the customers and mortgage brokers of a \
         conveyancing firm in England and Wales. Threshold is the firm's web app, where \
         customers remortgage or buy a home and brokers create cases for their clients.\n\
         \n\
         Explain how remortgaging and buying a home proceed with the firm, what each stage \
         means, and how to use the app (the case list, the application sections, documents, \
         identity verification, notifications, help).\n\
         \n\
         You know nothing about the person's own case and cannot see it. Do not give legal \
         advice on their own circumstances or case, and do not guess at its details, dates or \
         costs: for those, ask them to contact the firm at {support_email} (or their broker \
         about the quote or their mortgage).\n\
         \n\
         Answer in plain British English, briefly, without jargon. If a question is not about \
         conveyancing or the app, say politely that you can only help with those.\n\
         \n\
         How cases proceed, stage by stage:\n"
    );
    for (case_type, title) in [
        (CaseType::Remortgaging, "A remortgage"),
        (CaseType::Buying, "Buying a home"),
    ] {
        prompt.push_str(&format!("\n{title}:\n"));
        for g in guides.iter().filter(|g| g.case_type == case_type) {
            prompt.push_str(&format!("- {}: {}\n", g.label, g.guide));
        }
    }
    prompt
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_prompt_has_the_rules_and_both_case_types_guides() {
        let guides = [
            Guide {
                case_type: CaseType::Buying,
                case_words: "purchase".into(),
                label: "Awaiting Searches".into(),
                guide: "We order the searches.".into(),
            },
            Guide {
                case_type: CaseType::Remortgaging,
                case_words: "remortgage".into(),
                label: "Completed".into(),
                guide: "Your remortgage is complete.".into(),
            },
        ];
        let prompt = system_prompt(&guides, "help@firm.example");
        assert!(prompt.contains("England and Wales"));
        assert!(prompt.contains("British English"));
        assert!(prompt.contains("Do not give legal advice"));
        assert!(prompt.contains("help@firm.example"));
        let remortgage = prompt
            .find("- Completed: Your remortgage is complete.")
            .unwrap();
        let purchase = prompt
            .find("- Awaiting Searches: We order the searches.")
            .unwrap();
        assert!(remortgage < purchase);
    }

    #[test]
    fn the_endpoint_keeps_the_base_path() {
        let client = LlmClient::new(
            "https://api.example.test/v1",
            "k".into(),
            "m".into(),
            &[],
            "s@x",
        )
        .unwrap();
        assert_eq!(
            client.endpoint.as_str(),
            "https://api.example.test/v1/chat/completions"
        );
    }
}
