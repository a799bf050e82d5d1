//! What `Workflows` answers about one case of either type: its view, its transitions and
//! announcements, its automatic steps, guards, tasks and sections.

use chrono::{DateTime, NaiveDate, Utc};
use threshold_engine::conversation::Thread;
use threshold_engine::tasks::{TaskRefusal, TaskView};
use threshold_engine::{
    Actor, ActorKind, AnnouncementDef, AnySnapshot, Applied, CaseSnapshot, CaseStatus, CaseType,
    CaseView, Effect, ReplyClock, SectionState, TransitionError, Workflow,
};

use crate::Workflows;

impl Workflows {
    /// The whole view of a case of either type for one user.
    pub fn evaluate(&self, snap: &AnySnapshot, actor: &Actor) -> CaseView<CaseStatus> {
        match snap {
            AnySnapshot::Remortgaging(s) => self.remortgaging.evaluate(s, actor).any(),
            AnySnapshot::Buying(s) => self.buying.evaluate(s, actor).any(),
        }
    }

    /// Checks a transition on a case of either type (see [`Workflow::apply`]).
    pub fn apply(
        &self,
        snap: &AnySnapshot,
        actor: &Actor,
        name: &str,
        now: DateTime<Utc>,
        reason: Option<&str>,
    ) -> Result<Applied<CaseStatus>, TransitionError> {
        match snap {
            AnySnapshot::Remortgaging(s) => self
                .remortgaging
                .apply(s, actor, name, now, reason)
                .map(Applied::any),
            AnySnapshot::Buying(s) => self
                .buying
                .apply(s, actor, name, now, reason)
                .map(Applied::any),
        }
    }

    /// A transition's announcements again, to one applicant (see [`Workflow::resend`]).
    pub fn resend(
        &self,
        snap: &AnySnapshot,
        actor: &Actor,
        name: &str,
        applicant_id: i64,
        now: DateTime<Utc>,
    ) -> Result<Vec<Effect>, TransitionError> {
        match snap {
            AnySnapshot::Remortgaging(s) => {
                self.remortgaging.resend(s, actor, name, applicant_id, now)
            }
            AnySnapshot::Buying(s) => self.buying.resend(s, actor, name, applicant_id, now),
        }
    }

    /// An announcement's effects (see [`Workflow::announce`]).
    pub fn announce(
        &self,
        snap: &AnySnapshot,
        actor: &Actor,
        name: &str,
        now: DateTime<Utc>,
    ) -> Result<Vec<Effect>, TransitionError> {
        match snap {
            AnySnapshot::Remortgaging(s) => self.remortgaging.announce(s, actor, name, now),
            AnySnapshot::Buying(s) => self.buying.announce(s, actor, name, now),
        }
    }

    /// Whether this actor may make the named announcement on a case of this type (a message
    /// in a conversation's thread: see `threshold_engine::conversation`).
    pub fn may_announce(&self, case_type: CaseType, actor: &Actor, name: &str) -> bool {
        self.announcement(case_type, name)
            .is_some_and(|a| actor.kind().is_some_and(|k| a.by.contains(&k)))
    }

    /// What the named announcement does to the firm's reply-time clock.
    pub fn reply_clock(&self, case_type: CaseType, name: &str) -> Option<ReplyClock> {
        self.announcement(case_type, name)
            .and_then(|a| a.reply_clock)
    }

    /// Whether the firm promises a reply in this thread: someone's message in it starts the
    /// reply-time clock.
    pub fn promises_reply(&self, case_type: CaseType, thread: Thread) -> bool {
        [
            ActorKind::Customer,
            ActorKind::Broker,
            ActorKind::Donor,
            ActorKind::Conveyancer,
        ]
        .into_iter()
        .filter_map(|k| thread.announcement(k))
        .any(|name| self.reply_clock(case_type, &name) == Some(ReplyClock::Starts))
    }

    fn announcement(&self, case_type: CaseType, name: &str) -> Option<&AnnouncementDef> {
        with_definition!(self, case_type, |d| d.announcements.get(name))
    }

    /// Applies, in order, the system transitions whose guards pass (a new case leaving its
    /// initial status, an answer that makes a case ineligible), moving `snap` along.
    pub fn automatic(
        &self,
        snap: &mut AnySnapshot,
        now: DateTime<Utc>,
    ) -> Vec<Applied<CaseStatus>> {
        match snap {
            AnySnapshot::Remortgaging(s) => automatic(&self.remortgaging, s, now),
            AnySnapshot::Buying(s) => automatic(&self.buying, s, now),
        }
    }

    /// Whether the case's guard `name` passes now (see [`Workflow::passes`]).
    pub fn passes(&self, snap: &AnySnapshot, name: &str) -> Option<bool> {
        match snap {
            AnySnapshot::Remortgaging(s) => self.remortgaging.passes(s, name),
            AnySnapshot::Buying(s) => self.buying.passes(s, name),
        }
    }

    /// The case's legal-file tasks on `today` (see [`Workflow::tasks`]).
    pub fn tasks(&self, snap: &AnySnapshot, actor: &Actor, today: NaiveDate) -> Vec<TaskView> {
        match snap {
            AnySnapshot::Remortgaging(s) => self.remortgaging.tasks(s, actor, today),
            AnySnapshot::Buying(s) => self.buying.tasks(s, actor, today),
        }
    }

    /// The earliest due date of the case's open tasks (see [`Workflow::next_task_due`]).
    pub fn next_task_due(&self, snap: &AnySnapshot) -> Option<NaiveDate> {
        match snap {
            AnySnapshot::Remortgaging(s) => self.remortgaging.next_task_due(s),
            AnySnapshot::Buying(s) => self.buying.next_task_due(s),
        }
    }

    /// Whether `actor` may record a task done now (see [`Workflow::may_complete_task`]).
    pub fn may_complete_task(
        &self,
        snap: &AnySnapshot,
        actor: &Actor,
        name: &str,
        today: NaiveDate,
    ) -> Result<(), TaskRefusal> {
        match snap {
            AnySnapshot::Remortgaging(s) => {
                self.remortgaging.may_complete_task(s, actor, name, today)
            }
            AnySnapshot::Buying(s) => self.buying.may_complete_task(s, actor, name, today),
        }
    }

    /// The state of one application section for this user (None: no such section).
    pub fn section_state(
        &self,
        snap: &AnySnapshot,
        actor: &Actor,
        key: &str,
    ) -> Option<SectionState> {
        match snap {
            AnySnapshot::Remortgaging(s) => self.remortgaging.section_state(s, actor, key),
            AnySnapshot::Buying(s) => self.buying.section_state(s, actor, key),
        }
    }
}

fn automatic<S: CaseSnapshot>(
    workflow: &Workflow<S>,
    snap: &mut S,
    now: DateTime<Utc>,
) -> Vec<Applied<CaseStatus>>
where
    S::Status: Into<CaseStatus>,
{
    let mut applied = vec![];
    // A definition cannot loop forever (terminal statuses have no way out); the bound is a belt.
    for _ in 0..5 {
        let Some(name) = workflow.next_automatic(snap).map(str::to_owned) else {
            break;
        };
        let Ok(step) = workflow.apply(snap, &Actor::system(), &name, now, None) else {
            break;
        };
        snap.set_status(step.to);
        applied.push(step.any());
    }
    applied
}
