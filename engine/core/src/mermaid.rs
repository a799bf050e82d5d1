//! Mermaid state diagrams and Markdown pages rendered from a definition.

use std::fmt::Write as _;

use crate::definition::Definition;
use crate::types::WorkflowStatus;

fn status_title<St: WorkflowStatus>(def: &Definition<St>, s: St) -> String {
    let d = def.status(s);
    // Chip labels may carry a date placeholder; the diagram wants the plain name.
    if d.label.contains('{') {
        d.chip_label_fallback
            .clone()
            .unwrap_or_else(|| s.as_str().into())
    } else {
        d.label.clone()
    }
}

fn actors(by: &[crate::types::ActorKind]) -> String {
    by.iter().map(|k| k.as_str()).collect::<Vec<_>>().join(", ")
}

/// A `stateDiagram-v2` of every status and transition, in definition order.
pub fn mermaid<St: WorkflowStatus>(def: &Definition<St>) -> String {
    let mut out = String::from("stateDiagram-v2\n");
    for s in St::ALL {
        let _ = writeln!(
            out,
            "    state \"{}\" as {}",
            status_title(def, *s),
            s.as_str()
        );
    }
    for s in &def.initial {
        let _ = writeln!(out, "    [*] --> {}", s.as_str());
    }
    for t in &def.transitions {
        for from in &t.from {
            let _ = writeln!(
                out,
                "    {} --> {} : {} ({})",
                from.as_str(),
                t.to.as_str(),
                t.name,
                actors(&t.by)
            );
        }
    }
    for s in def.statuses.iter().filter(|s| s.terminal) {
        let _ = writeln!(out, "    {} --> [*]", s.name.as_str());
    }
    out
}

/// [`mermaid`] with `current` highlighted: the back office's picture of one case.
pub fn mermaid_at<St: WorkflowStatus>(def: &Definition<St>, current: St) -> String {
    let mut out = mermaid(def);
    let _ = writeln!(
        out,
        "    classDef current fill:#ffe08a,stroke:#8a6d00,stroke-width:3px,font-weight:bold\n    class {} current",
        current.as_str()
    );
    out
}

/// The page committed as `docs/workflows/<case type>.md`.
pub fn markdown<St: WorkflowStatus>(def: &Definition<St>) -> String {
    let slug = def.case_type.slug();
    let mut out = String::new();
    let _ = writeln!(out, "# {} workflow\n", capitalise(slug));
    let _ = writeln!(
        out,
        "Generated from `workflows/{slug}.toml` by `UPDATE_DOCS=1 cargo test -p threshold-workflows`; do not edit by hand.\n"
    );
    let _ = writeln!(out, "```mermaid\n{}```\n", mermaid(def));
    out.push_str("## Transitions\n\n| name | from | to | who | guards | effects |\n|---|---|---|---|---|---|\n");
    for t in &def.transitions {
        let from = t
            .from
            .iter()
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join(", ");
        let _ = writeln!(
            out,
            "| `{}` {} | {} | {} | {}{} | {} | {} |",
            t.name,
            t.label,
            from,
            t.to.as_str(),
            actors(&t.by),
            match (t.requires_reason, t.step_up) {
                (true, true) => " (reason and a fresh second-factor code required)",
                (true, false) => " (reason required)",
                (false, true) => " (a fresh second-factor code required)",
                (false, false) => "",
            },
            t.guards.join(", "),
            t.effects.join(", "),
        );
    }
    out.push_str(
        "\n## Statuses\n\n| status | chip | card message | typical days (the timeline) |\n|---|---|---|---|\n",
    );
    for s in &def.statuses {
        let _ = writeln!(
            out,
            "| {} | {:?}{} | {} | {} |",
            s.name.as_str(),
            s.chip,
            if s.warning_icon { ", warning icon" } else { "" },
            s.message,
            s.typical_days.map(|d| d.to_string()).unwrap_or_default()
        );
    }
    if !def.actions.is_empty() {
        out.push_str("\n## Actions\n\nThe steps besides transitions, and who may take each (`[actions.*]`).\n\n| action | who | tile that must be open |\n|---|---|---|\n");
        for (action, a) in &def.actions {
            let _ = writeln!(
                out,
                "| `{}` {} | {} | {} |",
                action.as_str(),
                a.label,
                actors(&a.by),
                a.tile.as_deref().unwrap_or("—"),
            );
        }
    }
    if !def.document_types.is_empty() {
        out.push_str("\n## Documents\n\n| document type | uploaded by |\n|---|---|\n");
        for (name, d) in &def.document_types {
            let who = if let (Some(step), Some(tile)) = (&d.issued_by, &d.tile) {
                format!("nobody: the firm drafts it and issues it by `{step}` (tile {tile})")
            } else if d.uploaded_by.is_empty() {
                "nobody: the firm makes it".to_owned()
            } else {
                d.uploaded_by
                    .iter()
                    .map(|u| u.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            let _ = writeln!(out, "| {name} | {who} |");
        }
    }
    if !def.tasks.is_empty() {
        out.push_str(
            "\n## Tasks\n\nThe legal file's work that moves no status, in order (issue 29); a task \
             `before` a transition must be done (when part of the case) before it is taken; one that \
             `needs` a guard is recorded only once it passes.\n\n\
             | task | open in | by | when | needs | after | evidence | records | due | before |\n\
             |---|---|---|---|---|---|---|---|---|---|\n",
        );
        let or_dash = |s: String| if s.is_empty() { "—".to_owned() } else { s };
        for t in &def.tasks {
            let open_in: Vec<&str> = t.open_in.iter().map(|s| s.as_str()).collect();
            let by: Vec<&str> = t.by.iter().map(|k| k.as_str()).collect();
            let due = t
                .due
                .map(|d| format!("{} days after completion", d.days))
                .into_iter()
                .chain(
                    t.due_before
                        .as_ref()
                        .map(|b| format!("{} days before {}'s expiry", b.days, b.expiry_of)),
                )
                .collect::<Vec<_>>()
                .join("; or ");
            let evidence = match (t.evidence.clone(), t.provider) {
                (Some(e), Some(p)) => {
                    let p: &str = p.into();
                    format!("{e} (the {p} provider's report, where one is configured)")
                }
                (e, _) => e.unwrap_or_default(),
            };
            let records = match (t.reference.clone(), t.reference_is) {
                (
                    Some(label),
                    crate::tasks::ReferenceKind::ExpiryDate
                    | crate::tasks::ReferenceKind::CompletionDate,
                ) => {
                    format!("{label} (a date)")
                }
                (label, _) => label.unwrap_or_default(),
            };
            let _ = writeln!(
                out,
                "| {} ({}) | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
                t.label,
                t.name,
                open_in.join(", "),
                by.join(", "),
                or_dash(t.when.clone().unwrap_or_default()),
                or_dash(t.needs.clone().unwrap_or_default()),
                or_dash(t.after.join(", ")),
                or_dash(evidence),
                or_dash(records),
                or_dash(due),
                or_dash(t.blocks.join(", ")),
            );
        }
    }
    out
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}
