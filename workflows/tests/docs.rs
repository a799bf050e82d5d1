//! The committed diagrams in docs/workflows/ must match the definitions.
//! Regenerate with `UPDATE_DOCS=1 cargo test -p threshold-workflows --test docs`.

use std::path::PathBuf;

use threshold_engine::mermaid::markdown;
use threshold_workflows::Workflows;

fn check(slug: &str, rendered: String) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../docs/workflows")
        .join(format!("{slug}.md"));
    if std::env::var_os("UPDATE_DOCS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, rendered).unwrap();
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == rendered,
        "{} is stale: run `UPDATE_DOCS=1 cargo test -p threshold-workflows --test docs`",
        path.display()
    );
}

#[test]
fn committed_workflow_diagrams_are_current() {
    let w = Workflows::load().unwrap();
    check("remortgaging", markdown(&w.remortgaging.definition));
    check("buying", markdown(&w.buying.definition));
}

#[test]
fn mermaid_has_every_status_and_the_start_and_end_markers() {
    let w = Workflows::load().unwrap();
    let m = threshold_engine::mermaid::mermaid(&w.remortgaging.definition);
    assert!(m.starts_with("stateDiagram-v2\n"));
    assert!(m.contains("[*] --> TITLE_DOCUMENT_RETRIEVAL"));
    assert!(m.contains("COMPLETED --> [*]"));
    assert!(
        m.contains("BROKER_APPLICATION --> BROKER_APPLICATION_INVITE : send_to_customer (broker)")
    );
}
