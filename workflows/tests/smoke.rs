//! Smoke test: both definitions load.
#[test]
fn both_definitions_load() {
    threshold_workflows::Workflows::load().unwrap();
}
