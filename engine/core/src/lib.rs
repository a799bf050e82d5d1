//! Pure workflow engine core: definition types, validation and evaluation (no IO).
//!
//! The API fills a snapshot ([`RemortgagingSnapshot`], [`BuyingSnapshot`]) from the database,
//! asks a loaded [`Workflow`] to [`Workflow::evaluate`] it for the user asking, and applies
//! transitions with [`Workflow::apply`], persisting the returned status, audit event and effects.

pub mod actions;
pub mod company;
pub mod completeness;
pub mod conversation;
pub mod definition;
pub mod eligibility;
pub mod enquiries;
pub mod equity_tax;
pub mod evaluate;
pub mod land_tax;
pub mod ledger;
pub mod mermaid;
pub mod money;
pub mod quote;
pub mod quote_facts;
pub mod snapshot;
pub mod source_of_funds;
pub mod tasks;
pub mod timeline;
pub mod title_register;
pub mod types;
pub mod words;
pub mod working_days;

pub use actions::{Action, ActionDef, IssuedDocument, Refusal, RuleBook};
pub use completeness::{MissingField, PartyKind, missing_fields};
pub use definition::{
    AnnouncementDef, Definition, DocumentTypeDef, EffectDef, LoadError, READY_TO_SUBMIT, Recipient,
    Registry, ReminderStart, ReplyClock, StatusDef, TransitionInput, UploadAs, UploadRefusal,
    Workflow,
};
pub use evaluate::{
    Applied, AuditEvent, CaseView, Chip, Effect, SectionView, StageView, TransitionError,
    TransitionView, format_date,
};
pub use land_tax::{LandTaxEstimate, LandTaxInput, LandTaxTables};
pub use quote::{FeeSchedule, Quote, QuoteRequest, Supplement};
pub use snapshot::{AnySnapshot, BuyingSnapshot, CaseSnapshot, RemortgagingSnapshot};
pub use types::{
    Actor, ActorKind, BuyingStatus, CaseStatus, CaseType, ChipColour, RemortgagingStatus, Role,
    SectionState, Uploader, WaitsOn, WebhookEvent, WorkflowStatus,
};
pub use words::CaseWords;
