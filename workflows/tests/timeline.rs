//! Issue 32: a case's timeline, from the workflow files' `typical_days` and its moves: the
//! stages done with their dates, the current one since when and expected by when (overdue once
//! past), and the ones ahead with expected dates; the agreed completion date ends the path.

use chrono::{DateTime, NaiveDate, TimeZone, Utc};
use threshold_engine::timeline::{StageState, TimelineStage};
use threshold_engine::{BuyingStatus, CaseStatus, RemortgagingStatus as R, WaitsOn};
use threshold_workflows::Workflows;

fn day(m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, m, d).unwrap()
}

fn at(m: u32, d: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, m, d, 9, 30, 0).unwrap()
}

fn remortgage(
    current: R,
    history: &[(&str, DateTime<Utc>)],
    completion: Option<NaiveDate>,
    today: NaiveDate,
) -> Vec<TimelineStage<CaseStatus>> {
    Workflows::load().unwrap().timeline(
        CaseStatus::Remortgaging(current),
        Some(WaitsOn::Firm),
        history,
        completion,
        today,
    )
}

fn stage(t: &[TimelineStage<CaseStatus>], status: R) -> &TimelineStage<CaseStatus> {
    t.iter()
        .find(|s| s.status == CaseStatus::Remortgaging(status))
        .unwrap_or_else(|| panic!("no {status:?} in {t:?}"))
}

/// A broker's remortgage: opened on 2 March, with the customer from 4 March, submitted on 10
/// March; awaiting the lender's offer since 12 March.
const HISTORY: &[(&str, u32, u32)] = &[
    ("TITLE_DOCUMENT_RETRIEVAL", 3, 2),
    ("BROKER_APPLICATION", 3, 2),
    ("BROKER_APPLICATION_INVITE", 3, 3),
    ("CUSTOMER_APPLICATION", 3, 4),
    ("IDENTITY_VERIFICATION", 3, 10),
    ("AWAITING_MORTGAGE_OFFER", 3, 12),
];

fn history() -> Vec<(&'static str, DateTime<Utc>)> {
    HISTORY.iter().map(|(s, m, d)| (*s, at(*m, *d))).collect()
}

#[test]
fn the_stages_done_carry_their_dates_and_the_current_one_its_expected_date() {
    let t = remortgage(R::AwaitingMortgageOffer, &history(), None, day(3, 20));
    let done: Vec<_> = t
        .iter()
        .filter(|s| s.state == StageState::Done)
        .map(|s| (s.status, s.started_on, s.finished_on))
        .collect();
    assert_eq!(done.len(), 5, "{done:?}");
    let customer = stage(&t, R::CustomerApplication);
    assert_eq!(
        (customer.started_on, customer.finished_on),
        (Some(day(3, 4)), Some(day(3, 10)))
    );
    let current = stage(&t, R::AwaitingMortgageOffer);
    assert_eq!(current.state, StageState::Current);
    assert_eq!(current.started_on, Some(day(3, 12)));
    // remortgaging.toml: AWAITING_MORTGAGE_OFFER typical_days = 14.
    assert_eq!(current.expected_by, Some(day(3, 26)));
    assert!(!current.overdue);
    assert_eq!(current.waits_on, Some(WaitsOn::Firm));
    // Ahead, one after another: 3 + 3 + 3 + 3 + 7 days, then Completed.
    let ahead: Vec<_> = t
        .iter()
        .filter(|s| s.state == StageState::Ahead)
        .map(|s| s.expected_by.unwrap())
        .collect();
    assert_eq!(
        ahead,
        vec![
            day(3, 29),
            day(4, 1),
            day(4, 4),
            day(4, 7),
            day(4, 14),
            day(4, 14)
        ]
    );
    assert_eq!(
        t.last().unwrap().status,
        CaseStatus::Remortgaging(R::Completed)
    );
}

#[test]
fn a_stage_past_its_date_is_overdue_and_pushes_the_rest_back() {
    let t = remortgage(R::AwaitingMortgageOffer, &history(), None, day(4, 1));
    let current = stage(&t, R::AwaitingMortgageOffer);
    assert!(current.overdue);
    // The stages ahead count from today, not from the date already passed.
    assert_eq!(
        stage(&t, R::PrepareMortgageReport).expected_by,
        Some(day(4, 4))
    );
    let w = Workflows::load().unwrap();
    let status = CaseStatus::Remortgaging(R::AwaitingMortgageOffer);
    assert!(w.stage_overdue(status, at(3, 12), None, day(4, 1)));
    assert!(!w.stage_overdue(status, at(3, 12), None, day(3, 26)));
}

#[test]
fn the_agreed_completion_date_ends_the_path() {
    let mut h = history();
    h.push(("PREPARE_MORTGAGE_REPORT", at(3, 20)));
    h.push(("MORTGAGE_REPORT_ACCEPTANCE", at(3, 21)));
    h.push(("PREPARE_COMPLETION_STATEMENT", at(3, 23)));
    h.push(("COMPLETION_STATEMENT_ACCEPTANCE", at(3, 24)));
    h.push(("PENDING_COMPLETION", at(3, 25)));
    let t = remortgage(R::PendingCompletion, &h, Some(day(4, 30)), day(3, 26));
    let pending = stage(&t, R::PendingCompletion);
    assert_eq!(pending.expected_by, Some(day(4, 30)));
    assert!(!pending.overdue);
    assert_eq!(stage(&t, R::Completed).expected_by, Some(day(4, 30)));
    let w = Workflows::load().unwrap();
    let status = CaseStatus::Remortgaging(R::PendingCompletion);
    assert!(!w.stage_overdue(status, at(3, 25), Some(day(4, 30)), day(4, 10)));
    assert!(w.stage_overdue(status, at(3, 25), Some(day(4, 30)), day(5, 1)));
}

#[test]
fn a_customer_s_own_case_shows_no_broker_stage_and_a_returned_one_its_last_entry() {
    let w = Workflows::load().unwrap();
    // A purchase the customer opened: sent back once to the application.
    let history = [
        ("CUSTOMER_APPLICATION", at(3, 1)),
        ("PREPARE_CLIENT_CARE_LETTER", at(3, 5)),
        ("CUSTOMER_APPLICATION", at(3, 6)),
    ];
    let t = w.timeline(
        CaseStatus::Buying(BuyingStatus::CustomerApplication),
        Some(WaitsOn::Customer),
        &history,
        None,
        day(3, 7),
    );
    assert_eq!(
        t[0].status,
        CaseStatus::Buying(BuyingStatus::CustomerApplication)
    );
    assert_eq!(t[0].state, StageState::Current);
    assert_eq!(t[0].started_on, Some(day(3, 6)));
    assert!(t.iter().skip(1).all(|s| s.state == StageState::Ahead));
}

#[test]
fn a_case_off_the_main_path_has_no_timeline() {
    assert!(remortgage(R::Cancelled, &history(), None, day(3, 20)).is_empty());
    assert!(remortgage(R::Ineligible, &history(), None, day(3, 20)).is_empty());
}
