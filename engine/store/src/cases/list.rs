//! The case lists of spec section 2: filters, sort and pagination, scoped in SQL.
//!
//! The statements (`sql`), what earlier queries found (`memo`), a page (`pages`) and the
//! per-type overview (`overview`).

mod memo;
mod overview;
mod pages;
mod sql;

use std::collections::HashMap;

use chrono::{DateTime, NaiveDate, Utc};

use super::load::{AdminRow, CaseRow, LegalNameRow, PartyRow};
use crate::UserId;

pub use memo::ListMemo;

/// The spec's sort fields (ENUM-04, ENUM-05).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SortBy {
    CreatedAt,
    UpdatedAt,
    CurrentDealEndDate,
    CompletionDate,
    MortgageOfferUploadedAt,
    TargetMoveInDate,
    TermsAcceptedAt,
    DepositPaidAt,
    Ta6UploadedAt,
    EnquiresRaisedAt,
    EnquiresRespondedAt,
    /// The back office's queue only: the earliest due date of the case's open legal-file tasks.
    NextTaskDueOn,
    /// The back office's queue only: when the firm's reply to a waiting message is due.
    ReplyDueAt,
}

/// A list request with every value already validated (the API falls back to defaults).
#[derive(Clone, Debug)]
pub struct ListQuery {
    pub case_type: &'static str,
    pub page: i64,
    pub page_size: i64,
    pub statuses: Vec<String>,
    /// `hasMortgageOffer` (remortgaging) or `hasPaidDeposit` (buying).
    pub flag: Option<bool>,
    pub broker_user_ids: Vec<UserId>,
    pub sort_by: SortBy,
    pub ascending: bool,
    /// Prefix of an owner's or buyer's name (any word start), as typed.
    pub name: Option<String>,
    /// The back office's work queue: only cases assigned to this conveyancer, or to nobody.
    pub assignee: Option<AssigneeFilter>,
    /// The back office's work queue: only cases with a legal-file task due, or overdue.
    pub task_due: Option<TaskDueFilter>,
    /// The back office's work queue: only cases with a message waiting for the firm's reply,
    /// or one whose reply is overdue.
    pub reply: Option<ReplyFilter>,
}

/// Which cases the work queue shows by the firm's reply-time promise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplyFilter {
    /// A customer's or broker's message waits for the firm's reply.
    Waiting,
    /// The reply was due before this moment (now).
    OverdueAt(DateTime<Utc>),
}

/// Which cases the work queue shows by their open legal-file tasks' due dates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TaskDueFilter {
    /// A task with a due date is open.
    Due,
    /// A task's due date is before this day (today) and it is not done.
    OverdueOn(NaiveDate),
}

/// Whose cases the work queue shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AssigneeFilter {
    Unassigned,
    To(UserId),
}

/// One case of a list page, with its parties and brokers.
#[derive(Clone, Debug)]
pub struct CaseListItem {
    pub row: CaseRow,
    pub parties: Vec<PartyRow>,
    pub admins: Vec<AdminRow>,
}

#[derive(Clone, Debug)]
pub struct CaseListPage {
    pub items: Vec<CaseListItem>,
    pub legal_names: HashMap<UserId, Vec<LegalNameRow>>,
    pub total_count: i64,
}
