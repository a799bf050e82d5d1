//! The loader's checks of the whole: the legal file's tasks, who each status waits on, the
//! guides, and the graph of statuses.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use super::validate::parse_status;
use super::{Definition, DocumentTypeDef, LoadError, Registry, TransitionDef};
use crate::snapshot::CaseSnapshot;
use crate::tasks::TaskDef;
use crate::types::WorkflowStatus;

/// Each task's names known: its statuses, its guard, the tasks before it (declared earlier, so
/// no task waits on itself through others), evidence the firm may upload, and the transitions
/// it blocks, each taken only from statuses where the task is open (so it can be done first).
pub(super) fn validate_tasks<S: CaseSnapshot>(
    raw: Vec<TaskDef<String>>,
    document_types: &BTreeMap<String, DocumentTypeDef>,
    transitions: &[TransitionDef<S::Status>],
    reg: &Registry<S>,
) -> Result<Vec<TaskDef<S::Status>>, LoadError> {
    let mut tasks: Vec<TaskDef<S::Status>> = Vec::with_capacity(raw.len());
    for t in raw {
        let bad = |problem: String| LoadError::BadTask {
            task: t.name.clone(),
            problem,
        };
        if tasks.iter().any(|x| x.name == t.name) {
            return Err(LoadError::Duplicate {
                what: "task",
                name: t.name,
            });
        }
        if t.by.is_empty() || t.open_in.is_empty() {
            return Err(bad("names no actor (`by`) or no status (`open_in`)".into()));
        }
        for (field, guard) in [("when", &t.when), ("needs", &t.needs)] {
            if let Some(g) = guard.as_deref().filter(|g| reg.get_guard(g).is_none()) {
                return Err(bad(format!("unknown guard `{g}` in `{field}`")));
            }
        }
        if let Some(a) = t
            .after
            .iter()
            .find(|a| !tasks.iter().any(|x| &x.name == *a))
        {
            return Err(bad(format!(
                "`after` names `{a}`, not a task declared before it"
            )));
        }
        // Evidence no customer's or broker's file may pass for: a type only the firm uploads.
        let firm_only = |d: &str| {
            document_types
                .get(d)
                .is_some_and(|def| def.uploaded_by == [crate::types::Uploader::Firm])
        };
        if let Some(d) = t.evidence.as_deref().filter(|d| !firm_only(d)) {
            return Err(bad(format!(
                "evidence `{d}` is not a document type only the firm uploads"
            )));
        }
        if t.provider.is_some() && t.evidence.is_none() {
            return Err(bad(
                "names a `provider` but no `evidence` to keep its report as".into(),
            ));
        }
        if let Some(p) = t
            .provider
            .filter(|p| tasks.iter().any(|x| x.provider == Some(*p)))
        {
            let p: &str = p.into();
            return Err(bad(format!(
                "a task declared before it already names provider {p}"
            )));
        }
        if t.due.is_some_and(|d| d.days == 0) {
            return Err(bad("is due 0 days after its date".into()));
        }
        if t.reference.is_none() && t.reference_is != crate::tasks::ReferenceKind::Text {
            return Err(bad("`reference_is` without a `reference` label".into()));
        }
        if let Some(b) = &t.due_before {
            let records_expiry = tasks.iter().any(|x| {
                x.name == b.expiry_of && x.reference_is == crate::tasks::ReferenceKind::ExpiryDate
            });
            if !records_expiry {
                return Err(bad(format!(
                    "`due_before` names `{}`, not a task declared before it that records an EXPIRY_DATE",
                    b.expiry_of
                )));
            }
        }
        let open_in = t
            .open_in
            .iter()
            .map(|n| parse_status::<S::Status>(n, format!("task {}", t.name)))
            .collect::<Result<Vec<_>, _>>()?;
        for b in &t.blocks {
            let Some(blocked) = transitions.iter().find(|x| x.name == *b) else {
                return Err(bad(format!("`blocks` names `{b}`, not a transition")));
            };
            if let Some(s) = blocked.from.iter().find(|s| !open_in.contains(s)) {
                return Err(bad(format!(
                    "blocks `{b}`, taken from {} where the task is not open",
                    s.as_str()
                )));
            }
        }
        tasks.push(TaskDef {
            name: t.name,
            label: t.label,
            open_in,
            by: t.by,
            when: t.when,
            needs: t.needs,
            after: t.after,
            evidence: t.evidence,
            reference: t.reference,
            reference_is: t.reference_is,
            due: t.due,
            due_before: t.due_before,
            blocks: t.blocks,
            provider: t.provider,
        });
    }
    Ok(tasks)
}

/// The case page's "waiting on" line: an open case always waits on someone, a closed one on
/// no one.
pub(super) fn check_waits_on<St: WorkflowStatus>(def: &Definition<St>) -> Result<(), LoadError> {
    for s in &def.statuses {
        match (s.is_closed(), s.waits_on) {
            (false, None) => return Err(LoadError::MissingWaitsOn(s.name.as_str().into())),
            (true, _) if s.waits_on.is_some() || !s.waits_on_when.is_empty() => {
                return Err(LoadError::ClosedWaitsOn(s.name.as_str().into()));
            }
            _ => {}
        }
    }
    Ok(())
}

/// The case page's next step is written for each party who reads it: a stage told to the
/// customer is told to the broker too.
pub(super) fn check_guides<St: WorkflowStatus>(def: &Definition<St>) -> Result<(), LoadError> {
    if let Some(s) = def
        .statuses
        .iter()
        .find(|s| s.guide.is_some() != s.broker_guide.is_some())
    {
        return Err(LoadError::GuideForOneParty(s.name.as_str().into()));
    }
    match def
        .statuses
        .iter()
        .find(|s| s.guide.is_some() && !s.is_closed() && s.typical_days.is_none())
    {
        Some(s) => Err(LoadError::MissingTypicalDays(s.name.as_str().into())),
        None => Ok(()),
    }
}

/// Reachability from the initial statuses, no dead ends, no exits from terminal statuses.
pub(super) fn check_graph<St: WorkflowStatus>(def: &Definition<St>) -> Result<(), LoadError> {
    for s in &def.statuses {
        let exit = def.transitions.iter().find(|t| t.from.contains(&s.name));
        match (s.terminal, exit) {
            (true, Some(t)) => {
                return Err(LoadError::TerminalWithExit {
                    status: s.name.as_str().into(),
                    transition: t.name.clone(),
                });
            }
            (false, None) => return Err(LoadError::DeadEnd(s.name.as_str().into())),
            _ => {}
        }
    }
    let mut seen: BTreeSet<St> = def.initial.iter().copied().collect();
    let mut queue: VecDeque<St> = def.initial.iter().copied().collect();
    while let Some(s) = queue.pop_front() {
        for t in def.transitions.iter().filter(|t| t.from.contains(&s)) {
            if seen.insert(t.to) {
                queue.push_back(t.to);
            }
        }
    }
    if let Some(s) = St::ALL.iter().find(|s| !seen.contains(s)) {
        return Err(LoadError::Unreachable(s.as_str().into()));
    }
    Ok(())
}
