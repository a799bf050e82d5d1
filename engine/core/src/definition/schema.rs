//! The TOML shape of a definition's statuses, sections, transitions, announcements and
//! document types.

use serde::{Deserialize, Serialize};

use crate::types::{ActorKind, ChipColour, Uploader, WaitsOn};

/// What a transition needs from the person taking it besides a reason.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum TransitionInput {
    /// The completion date agreed with the lender (and the seller's side).
    CompletionDate,
}

/// How a status shows on the case card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub struct MessageDef {
    /// A guard name; the message applies when it passes.
    pub when: String,
    pub text: String,
}

/// Who a case waits on instead of the status's `waits_on` while a guard passes: within one
/// status the next move can pass from the customer to the firm (every buyer has sent their
/// identity and only the firm can check it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub struct WaitsOnWhen {
    /// A guard name; the override applies when it passes.
    pub when: String,
    pub waits_on: WaitsOn,
}

/// One status of a definition.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub struct StatusDef<St> {
    pub name: St,
    /// Chip text; `{completionDate}` is replaced by the date (dd/MM/yyyy) when one exists, and
    /// `chip_label_fallback` is used when it does not.
    pub label: String,
    #[serde(default)]
    pub chip_label_fallback: Option<String>,
    pub chip: ChipColour,
    #[serde(default = "yes")]
    pub warning_icon: bool,
    /// The application has been submitted: sections hidden, tiles shown.
    #[serde(default)]
    pub submitted: bool,
    /// Brokers may fill sections without an accepted quote, and may cancel.
    #[serde(default)]
    pub broker_stage: bool,
    /// Every application section is disabled.
    #[serde(default)]
    pub disables_sections: bool,
    /// No way out: COMPLETED, CANCELLED.
    #[serde(default)]
    pub terminal: bool,
    /// Not an active case (lists and the start page count it as closed); terminal statuses
    /// are always closed.
    #[serde(default)]
    pub closed: bool,
    /// Default card message.
    pub message: String,
    /// The stage in plain English for the help page (`/help`); statuses off the main path
    /// (ineligible, cancelled) have none and are not shown there.
    #[serde(default)]
    pub guide: Option<String>,
    /// The same stage as the broker reads it on their own case page: the `guide` speaks to
    /// the customer ("your broker"), this to the broker ("your client"). A status has both or
    /// neither (checked at load).
    #[serde(default)]
    pub broker_guide: Option<String>,
    /// Who must act next while a case is in this status; every open status names one and a
    /// closed status none (checked at load).
    #[serde(default)]
    pub waits_on: Option<WaitsOn>,
    /// Conditional `waits_on`, first match wins (open statuses only).
    #[serde(default)]
    pub waits_on_when: Vec<WaitsOnWhen>,
    /// Conditional messages, first match wins.
    #[serde(default)]
    pub messages: Vec<MessageDef>,
    /// How many calendar days a case typically spends in this stage (reviewed by a
    /// conveyancer): the case page's timeline expects each stage ahead from these, and flags
    /// the current one once it runs past (issue 32). Every open stage of the main path (one
    /// with a `guide`) has one (checked at load).
    #[serde(default)]
    pub typical_days: Option<u32>,
}

fn yes() -> bool {
    true
}

impl<St> StatusDef<St> {
    pub fn is_closed(&self) -> bool {
        self.closed || self.terminal
    }
}

/// The built-in guard a transition names to require a complete application: it composes the
/// definition's `ready_to_submit` list (section keys and guard names) instead of a rule of its own.
pub const READY_TO_SUBMIT: &str = "ready_to_submit";

/// The guard a refusal names when tasks of the legal file that block the transition are not
/// done (a task's `blocks`): not written in a transition's `guards`.
pub const TASKS_DONE: &str = "tasks_done";

/// A section or tile.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub struct SectionDef {
    /// Route slug (spec §2).
    pub key: String,
    pub label: String,
    /// Label used instead when the quote is empty (REM-POST-04).
    #[serde(default)]
    pub label_when_quote_empty: Option<String>,
    pub rule: String,
}

/// A transition between statuses.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub struct TransitionDef<St> {
    pub name: String,
    /// What the button or audit line says.
    pub label: String,
    pub from: Vec<St>,
    pub to: St,
    pub by: Vec<ActorKind>,
    #[serde(default)]
    pub guards: Vec<String>,
    #[serde(default)]
    pub effects: Vec<String>,
    /// A written reason must accompany it (recorded in the audit event).
    #[serde(default)]
    pub requires_reason: bool,
    /// Destructive (cancelling, reopening): the back office asks the staff member to prove
    /// their second factor again before taking it.
    #[serde(default)]
    pub step_up: bool,
    /// What the step records besides the move (a date); it is then taken through the case
    /// service's own step for that input, never as a bare move.
    #[serde(default)]
    pub asks_for: Option<TransitionInput>,
}

/// Something a person tells the others on a case without moving it (a customer reporting an
/// issue with the quote): who may, and who hears of it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub struct AnnouncementDef {
    /// What the audit line says.
    pub label: String,
    pub by: Vec<ActorKind>,
    pub effects: Vec<String>,
    /// It may be made once the case is closed (completed, cancelled, ineligible): a message
    /// in the case's conversation, where questions go on after completion. Default: no.
    #[serde(default)]
    pub while_closed: bool,
    /// What it does to the firm's reply-time promise: a message to the firm `starts` the clock
    /// (unless an older one already waits), the firm's answer `stops` it. Default: neither.
    #[serde(default)]
    pub reply_clock: Option<ReplyClock>,
}

/// An announcement's part in the firm's promise to reply within its working days.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReplyClock {
    /// It waits for the firm's reply.
    Starts,
    /// It is the firm's reply.
    Stops,
}

/// A kind of document a case holds (`[document_types.<NAME>]`): who may upload a file of it.
/// The firm's own steps read some of them (a purchase's TA6 and searches, a remortgage's
/// mortgage offer), so a customer's or broker's file must never pass for one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub struct DocumentTypeDef {
    /// Who may upload it; empty for a document the firm makes itself (drafted and issued in
    /// the back office, never uploaded).
    pub uploaded_by: Vec<Uploader>,
    /// For a document the firm drafts: the workflow step (a transition's name) that issues
    /// it to the customers; `tile` is where they read and accept it. Both or neither.
    #[serde(default)]
    pub issued_by: Option<String>,
    #[serde(default)]
    pub tile: Option<String>,
    /// The firm's own record (its AML risk assessment, its screening report): read by the firm
    /// alone, never listed to, read by or sent in a message to the customers, brokers or
    /// donors. Only the firm uploads it.
    #[serde(default)]
    pub firm_only: bool,
}

/// What an accepted upload becomes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UploadAs {
    /// Evidence of the case: it fills a required-document slot, if one waits for it.
    Evidence,
    /// The firm's own version of a document it issues (its report on title in place of the
    /// drafted one): a draft, issued to the customers through the same step.
    OwnDraft,
}

/// Why an upload of a document type is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum UploadRefusal {
    /// The workflow declares no such document type.
    #[error("is not a document type of this case")]
    Unknown,
    /// The type is declared, but not for this uploader; `allowed` says who may (none: the
    /// firm makes it).
    #[error("is not a document this user may upload")]
    NotAllowed { allowed: Vec<Uploader> },
}
