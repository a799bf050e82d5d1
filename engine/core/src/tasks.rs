//! The legal file's tasks (issue 29): the firm's work on a case that moves no status — the
//! land-tax return after completion, the application to HM Land Registry, the new register.
//!
//! Each task is declared in the workflow file (`[[tasks]]`): where it is open (`open_in`), who
//! does it (`by`), when it belongs to the case at all (`when`, a guard), what must be done first
//! (`after`), the document that proves it (`evidence`), what is recorded with it (`reference`)
//! and when it falls due (`due`). The engine answers what each task of a case stands at and
//! whether a person may record one done; the store keeps what was done, by whom and when.
//!
//! A task as the file declares it and when it falls due (`def`), what is recorded with it
//! (`reference`), where each task of a case stands and whether it may be recorded done
//! (`view`), and a workflow's tasks for one case, with their reminders (`workflow`).

mod def;
mod reference;
mod view;
mod workflow;

pub use def::{Due, DueBefore, DueFrom, TaskDef, TaskProvider};
pub use reference::{MAX_REFERENCE_CHARS, ReferenceKind};
pub use view::{TaskDone, TaskFacts, TaskRefusal, TaskState, TaskView, may_complete, views};
pub use workflow::{TASK_DUE_TEMPLATE, TaskReminder};
