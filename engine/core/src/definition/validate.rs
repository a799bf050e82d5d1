//! The loader: every name a definition uses known, and its statuses exactly the spec's.

use std::collections::BTreeSet;

use super::checks::{check_graph, check_guides, check_waits_on, validate_tasks};
use super::{
    Definition, EffectDef, LoadError, READY_TO_SUBMIT, RawDefinition, Recipient, Registry,
    ReplyClock, StatusDef, TransitionDef,
};
use crate::snapshot::CaseSnapshot;
use crate::types::{Uploader, WorkflowStatus};

pub(super) fn parse_status<St: WorkflowStatus>(
    name: &str,
    place: impl Into<String>,
) -> Result<St, LoadError> {
    St::parse(name).ok_or_else(|| LoadError::UnknownStatus {
        name: name.to_owned(),
        place: place.into(),
    })
}

pub(super) fn validate<S: CaseSnapshot>(
    raw: RawDefinition,
    reg: &Registry<S>,
) -> Result<Definition<S::Status>, LoadError> {
    type St<S> = <S as CaseSnapshot>::Status;
    let expected_type = St::<S>::CASE_TYPE;
    if raw.case_type != expected_type {
        return Err(LoadError::WrongCaseType {
            expected: expected_type,
            found: raw.case_type,
        });
    }

    // Statuses: each known, and the list exactly the spec's, in order.
    let mut statuses = Vec::with_capacity(raw.statuses.len());
    for s in raw.statuses {
        let name = parse_status::<St<S>>(&s.name, "statuses")?;
        for m in &s.messages {
            if reg.get_guard(&m.when).is_none() {
                return Err(LoadError::UnknownGuard {
                    name: m.when.clone(),
                    place: format!("messages of status {}", s.name),
                });
            }
        }
        for w in &s.waits_on_when {
            if reg.get_guard(&w.when).is_none() {
                return Err(LoadError::UnknownGuard {
                    name: w.when.clone(),
                    place: format!("waits_on_when of status {}", s.name),
                });
            }
        }
        statuses.push(StatusDef {
            name,
            label: s.label,
            chip_label_fallback: s.chip_label_fallback,
            chip: s.chip,
            warning_icon: s.warning_icon,
            submitted: s.submitted,
            broker_stage: s.broker_stage,
            disables_sections: s.disables_sections,
            terminal: s.terminal,
            closed: s.closed,
            message: s.message,
            guide: s.guide,
            broker_guide: s.broker_guide,
            waits_on: s.waits_on,
            waits_on_when: s.waits_on_when,
            messages: s.messages,
            typical_days: s.typical_days,
        });
    }
    let found: Vec<_> = statuses.iter().map(|s| s.name).collect();
    if found.as_slice() != St::<S>::ALL {
        let join = |v: &[St<S>]| v.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(", ");
        return Err(LoadError::StatusListMismatch {
            expected: join(St::<S>::ALL),
            found: join(&found),
        });
    }

    let initial = raw
        .initial
        .iter()
        .map(|n| parse_status::<St<S>>(n, "initial"))
        .collect::<Result<Vec<_>, _>>()?;

    for name in &raw.ready_to_submit {
        let is_section = raw.sections.iter().any(|s| &s.key == name);
        if !is_section && reg.get_guard(name).is_none() {
            return Err(LoadError::UnknownGuard {
                name: name.clone(),
                place: "ready_to_submit (neither a section key nor a guard)".into(),
            });
        }
    }

    for (what, list) in [("section", &raw.sections), ("tile", &raw.tiles)] {
        let mut keys = BTreeSet::new();
        for s in list {
            if !keys.insert(&s.key) {
                return Err(LoadError::Duplicate {
                    what,
                    name: s.key.clone(),
                });
            }
            if reg.get_rule(&s.rule).is_none() {
                return Err(LoadError::UnknownRule {
                    name: s.rule.clone(),
                    place: format!("{what} {}", s.key),
                });
            }
        }
    }

    let mut names = BTreeSet::new();
    for (name, def) in &raw.effects {
        if let EffectDef::Reminder { until: Some(g), .. } = def
            && reg.get_guard(g).is_none()
        {
            return Err(LoadError::UnknownGuard {
                name: g.clone(),
                place: format!("effect {name}'s `until`"),
            });
        }
    }
    let mut transitions = Vec::with_capacity(raw.transitions.len());
    for t in raw.transitions {
        if !names.insert(t.name.clone()) {
            return Err(LoadError::Duplicate {
                what: "transition",
                name: t.name,
            });
        }
        if t.by.is_empty() {
            return Err(LoadError::NoActor(t.name));
        }
        let place = format!("transition {}", t.name);
        let from = t
            .from
            .iter()
            .map(|n| parse_status::<St<S>>(n, place.clone()))
            .collect::<Result<Vec<_>, _>>()?;
        let to = parse_status::<St<S>>(&t.to, place.clone())?;
        for g in &t.guards {
            if g != READY_TO_SUBMIT && reg.get_guard(g).is_none() {
                return Err(LoadError::UnknownGuard {
                    name: g.clone(),
                    place: place.clone(),
                });
            }
        }
        for e in &t.effects {
            match raw.effects.get(e) {
                None => {
                    return Err(LoadError::UnknownEffect {
                        name: e.clone(),
                        transition: t.name.clone(),
                    });
                }
                Some(def)
                    if def
                        .recipient()
                        .is_some_and(Recipient::named_by_announcement) =>
                {
                    return Err(LoadError::AddedApplicantOutsideAnnouncement {
                        effect: e.clone(),
                        transition: t.name.clone(),
                    });
                }
                Some(_) => {}
            }
        }
        transitions.push(TransitionDef {
            name: t.name,
            label: t.label,
            from,
            to,
            by: t.by,
            guards: t.guards,
            effects: t.effects,
            requires_reason: t.requires_reason,
            step_up: t.step_up,
            asks_for: t.asks_for,
        });
    }

    for (name, a) in &raw.announcements {
        if a.by.is_empty() {
            return Err(LoadError::NoActor(name.clone()));
        }
        let by_firm = a.by.iter().all(|k| k.is_firm());
        let clock_by_wrong_side = match a.reply_clock {
            Some(ReplyClock::Starts) => by_firm,
            Some(ReplyClock::Stops) => !by_firm,
            None => false,
        };
        if clock_by_wrong_side {
            return Err(LoadError::ReplyClockBy(name.clone()));
        }
        for e in &a.effects {
            match raw.effects.get(e) {
                None => {
                    return Err(LoadError::UnknownEffect {
                        name: e.clone(),
                        transition: name.clone(),
                    });
                }
                Some(def) if def.follows_a_transition() => {
                    return Err(LoadError::TransitionOnlyEffect {
                        effect: e.clone(),
                        announcement: name.clone(),
                    });
                }
                Some(_) => {}
            }
        }
    }

    for name in raw.document_types.keys() {
        let well_formed = !name.is_empty()
            && name.len() <= 64
            && name
                .bytes()
                .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_');
        if !well_formed {
            return Err(LoadError::BadDocumentType(name.clone()));
        }
    }

    let tile_known = |name: &str| raw.tiles.iter().any(|t| t.key == name);
    for (action, a) in &raw.actions {
        if a.by.is_empty() {
            return Err(LoadError::ActionWithoutActor(action.as_str()));
        }
        if let Some(tile) = a.tile.as_deref().filter(|t| !tile_known(t)) {
            return Err(LoadError::UnknownTile {
                name: tile.to_owned(),
                place: format!("action {}", action.as_str()),
            });
        }
    }
    for (name, d) in &raw.document_types {
        if d.firm_only && d.uploaded_by.iter().any(|u| *u != Uploader::Firm) {
            return Err(LoadError::FirmOnlyUploadedByOthers(name.clone()));
        }
        let place = || format!("document type {name}");
        match (&d.issued_by, &d.tile) {
            (None, None) => {}
            (Some(step), Some(tile)) => {
                if !tile_known(tile) {
                    return Err(LoadError::UnknownTile {
                        name: tile.clone(),
                        place: place(),
                    });
                }
                if !transitions.iter().any(|t| t.name == *step) {
                    return Err(LoadError::UnknownTransition {
                        name: step.clone(),
                        place: place(),
                    });
                }
            }
            _ => return Err(LoadError::IssuedWithoutTile(name.clone())),
        }
    }

    let tasks = validate_tasks::<S>(raw.tasks, &raw.document_types, &transitions, reg)?;
    if let Some(r) = raw.eligibility.takes.iter().find(|r| !r.may_be_taken_on()) {
        return Err(LoadError::TakesTheUntakeable(*r));
    }
    if let Some(problem) = raw.words.problem() {
        return Err(LoadError::BadWords(problem));
    }
    if !raw.scope_of_work.contains("{firm}") {
        return Err(LoadError::ScopeWithoutFirm);
    }
    if !raw.sections.iter().any(|s| s.key == raw.parties_section) {
        return Err(LoadError::UnknownSection {
            name: raw.parties_section,
            place: "parties_section".into(),
        });
    }
    let def = Definition {
        case_type: raw.case_type,
        words: raw.words,
        parties_section: raw.parties_section,
        customer_feature: raw.customer_feature,
        scope_of_work: raw.scope_of_work,
        initial,
        ready_to_submit: raw.ready_to_submit,
        statuses,
        sections: raw.sections,
        tiles: raw.tiles,
        transitions,
        announcements: raw.announcements,
        effects: raw.effects,
        document_types: raw.document_types,
        actions: raw.actions,
        tasks,
        eligibility: raw.eligibility,
    };
    check_graph(&def)?;
    check_waits_on(&def)?;
    check_guides(&def)?;
    Ok(def)
}
