//! The loader refuses broken definitions, one test per kind of break (ARCHITECTURE §4).

use threshold_engine::{LoadError, StatusDef, WorkflowStatus};
use threshold_workflows::{BUYING_TOML, REMORTGAGING_TOML, load_buying, load_remortgaging};

fn broken(from: &str, to: &str) -> LoadError {
    assert!(
        REMORTGAGING_TOML.contains(from),
        "fixture text `{from}` not found"
    );
    load_remortgaging(&REMORTGAGING_TOML.replacen(from, to, 1)).unwrap_err()
}

#[test]
fn both_shipped_definitions_load() {
    load_remortgaging(REMORTGAGING_TOML).unwrap();
    load_buying(BUYING_TOML).unwrap();
}

#[test]
fn unknown_status_in_a_transition_is_refused() {
    let e = broken("to = \"IDENTITY_VERIFICATION\"", "to = \"IDENTITY_CHECKS\"");
    assert!(
        matches!(e, LoadError::UnknownStatus { ref name, .. } if name == "IDENTITY_CHECKS"),
        "{e}"
    );
}

#[test]
fn unknown_status_in_the_status_list_is_refused() {
    let e = broken("name = \"PENDING_COMPLETION\"", "name = \"ON_HOLD\"");
    assert!(
        matches!(e, LoadError::UnknownStatus { ref name, .. } if name == "ON_HOLD"),
        "{e}"
    );
}

#[test]
fn enum_02_status_list_out_of_spec_order_is_refused() {
    let swapped = REMORTGAGING_TOML
        .replacen("name = \"PENDING_COMPLETION\"", "name = \"@\"", 1)
        .replacen("name = \"COMPLETED\"", "name = \"PENDING_COMPLETION\"", 1)
        .replacen("name = \"@\"", "name = \"COMPLETED\"", 1);
    let e = load_remortgaging(&swapped).unwrap_err();
    assert!(matches!(e, LoadError::StatusListMismatch { .. }), "{e}");
}

#[test]
fn enum_02_missing_status_is_refused() {
    let start = REMORTGAGING_TOML
        .find("[[statuses]]\nname = \"CANCELLED\"")
        .unwrap();
    let end = start + REMORTGAGING_TOML[start..].find("\n# ---").unwrap();
    let text = format!(
        "{}{}",
        &REMORTGAGING_TOML[..start],
        &REMORTGAGING_TOML[end..]
    );
    let e = load_remortgaging(&text).unwrap_err();
    assert!(matches!(e, LoadError::StatusListMismatch { .. }), "{e}");
}

#[test]
fn unknown_guard_is_refused() {
    let e = broken(
        "guards = [\"ready_to_submit\"]",
        "guards = [\"ready_to_sumbit\"]",
    );
    assert!(
        matches!(e, LoadError::UnknownGuard { ref name, .. } if name == "ready_to_sumbit"),
        "{e}"
    );
}

#[test]
fn a_reminder_until_an_unknown_guard_is_refused() {
    let e = broken(
        "until = \"all_accepted_client_care_letter\"",
        "until = \"all_accepted_care_letter\"",
    );
    assert!(
        matches!(e, LoadError::UnknownGuard { ref name, ref place }
            if name == "all_accepted_care_letter" && place.contains("remind_customers_client_care_letter")),
        "{e}"
    );
}

#[test]
fn unknown_message_condition_is_refused() {
    let e = broken("when = \"actor_is_broker\"", "when = \"is_broker\"");
    assert!(matches!(e, LoadError::UnknownGuard { .. }), "{e}");
}

#[test]
fn unknown_rule_is_refused() {
    let e = broken("rule = \"owners\"", "rule = \"owner\"");
    assert!(
        matches!(e, LoadError::UnknownRule { ref name, .. } if name == "owner"),
        "{e}"
    );
}

#[test]
fn unknown_effect_name_is_refused() {
    let e = broken(
        "effects = [\"record_completion_date\",",
        "effects = [\"record_completion_day\",",
    );
    assert!(
        matches!(e, LoadError::UnknownEffect { ref name, .. } if name == "record_completion_day"),
        "{e}"
    );
}

#[test]
fn unknown_effect_kind_is_refused() {
    let e = broken("kind = \"record_completion_date\"", "kind = \"send_fax\"");
    assert!(matches!(e, LoadError::Parse(_)), "{e}");
}

/// Only an e-mail's link can sign someone in: `signs_in` on any other effect is refused.
#[test]
fn signs_in_on_a_feed_item_is_refused() {
    let e = broken(
        "kind = \"feed_notification\"\nfeed = \"case-invitation\"",
        "kind = \"feed_notification\"\nsigns_in = true\nfeed = \"case-invitation\"",
    );
    assert!(matches!(e, LoadError::Parse(_)), "{e}");
}

/// Issue 26: the invitations (the lead customer's, its reminder, a co-owner's or co-buyer's,
/// a donor's) sign their invitee in; no other e-mail does.
#[test]
fn exactly_the_invitation_e_mails_sign_in() {
    use threshold_engine::EffectDef;
    fn signing(
        effects: &std::collections::BTreeMap<String, EffectDef>,
    ) -> std::collections::BTreeSet<&str> {
        effects
            .values()
            .filter_map(|e| match e {
                EffectDef::SendEmail {
                    template,
                    signs_in: true,
                    ..
                }
                | EffectDef::Reminder {
                    template,
                    signs_in: true,
                    ..
                } => Some(template.as_str()),
                _ => None,
            })
            .collect()
    }
    let remortgaging = load_remortgaging(REMORTGAGING_TOML).unwrap();
    assert_eq!(
        signing(&remortgaging.definition.effects),
        [
            "case_invitation",
            "co_owner_invitation",
            "invitation_reminder"
        ]
        .into()
    );
    let buying = load_buying(BUYING_TOML).unwrap();
    assert_eq!(
        signing(&buying.definition.effects),
        [
            "case_invitation",
            "co_owner_invitation",
            "donor_invitation",
            "invitation_reminder"
        ]
        .into()
    );
}

#[test]
fn unreachable_status_is_refused() {
    // With nothing leading to INELIGIBLE it can never be reached.
    let e = broken("to = \"INELIGIBLE\"", "to = \"CANCELLED\"");
    assert_eq!(e, LoadError::Unreachable("INELIGIBLE".into()));
}

#[test]
fn non_terminal_dead_end_is_refused() {
    let e = broken(
        "terminal = true\nmessage = \"This case has been completed.\"",
        "message = \"This case has been completed.\"",
    );
    assert_eq!(e, LoadError::DeadEnd("COMPLETED".into()));
}

#[test]
fn terminal_status_with_an_exit_is_refused() {
    let text = format!(
        "{REMORTGAGING_TOML}\n[[transitions]]\nname = \"reopen\"\nlabel = \"Reopen\"\nfrom = [\"CANCELLED\"]\nto = \"CUSTOMER_APPLICATION\"\nby = [\"admin\"]\n"
    );
    let e = load_remortgaging(&text).unwrap_err();
    assert!(
        matches!(e, LoadError::TerminalWithExit { ref status, .. } if status == "CANCELLED"),
        "{e}"
    );
}

#[test]
fn duplicate_transition_name_is_refused() {
    let e = broken(
        "name = \"withdraw_invitation\"",
        "name = \"send_to_customer\"",
    );
    assert!(
        matches!(
            e,
            LoadError::Duplicate {
                what: "transition",
                ..
            }
        ),
        "{e}"
    );
}

#[test]
fn a_definition_for_the_other_case_type_is_refused() {
    let e = load_remortgaging(BUYING_TOML).unwrap_err();
    assert!(matches!(e, LoadError::WrongCaseType { .. }), "{e}");
}

#[test]
fn unknown_field_is_refused() {
    let e = broken("requires_reason = true", "requires_reasons = true");
    assert!(matches!(e, LoadError::Parse(_)), "{e}");
}

#[test]
fn every_open_status_of_the_shipped_definitions_says_who_it_waits_on() {
    fn wrong<St: WorkflowStatus>(statuses: &[StatusDef<St>]) -> Vec<&'static str> {
        statuses
            .iter()
            .filter(|s| s.is_closed() == s.waits_on.is_some())
            .map(|s| s.name.as_str())
            .collect()
    }
    let w = threshold_workflows::Workflows::load().unwrap();
    assert_eq!(
        wrong(&w.remortgaging.definition.statuses),
        Vec::<&str>::new()
    );
    assert_eq!(wrong(&w.buying.definition.statuses), Vec::<&str>::new());
}

#[test]
fn an_open_status_without_waits_on_is_refused() {
    let e = broken("waits_on = \"lender\"\n", "");
    assert_eq!(
        e,
        LoadError::MissingWaitsOn("AWAITING_MORTGAGE_OFFER".into())
    );
}

#[test]
fn a_closed_status_with_waits_on_is_refused() {
    let e = broken(
        "message = \"This case has been cancelled.\"",
        "message = \"This case has been cancelled.\"\nwaits_on = \"firm\"",
    );
    assert_eq!(e, LoadError::ClosedWaitsOn("CANCELLED".into()));
}

#[test]
fn a_transition_may_not_address_the_added_applicant() {
    // Only an announcement about a person (a co-owner just added) names them.
    let e = broken(
        "template = \"application_ready\"\nto = \"LEAD_CUSTOMER\"",
        "template = \"application_ready\"\nto = \"ADDED_APPLICANT\"",
    );
    assert!(
        matches!(e, LoadError::AddedApplicantOutsideAnnouncement { ref effect, .. } if effect == "email_lead_customer_application_ready"),
        "{e}"
    );
}

#[test]
fn a_stage_told_to_the_customer_only_is_refused() {
    let e = broken(
        "broker_guide = \"We read the offer and prepare a mortgage report that explains its terms and conditions to your client.\"\n",
        "",
    );
    assert_eq!(
        e,
        LoadError::GuideForOneParty("PREPARE_MORTGAGE_REPORT".into())
    );
}

#[test]
fn a_waits_on_when_naming_an_unknown_guard_is_refused() {
    let e = broken(
        "when = \"firm_acts_on_identity\"",
        "when = \"firm_acts_on_identities\"",
    );
    assert!(
        matches!(e, LoadError::UnknownGuard { ref name, .. } if name == "firm_acts_on_identities"),
        "{e}"
    );
}

#[test]
fn an_open_stage_of_the_main_path_without_typical_days_is_refused() {
    // The timeline expects every stage ahead from it (issue 32).
    // AWAITING_MORTGAGE_OFFER is the only remortgage stage of 14 days.
    let e = broken("typical_days = 14\n", "");
    assert_eq!(
        e,
        LoadError::MissingTypicalDays("AWAITING_MORTGAGE_OFFER".into())
    );
}

/// The reply-time clock is started by a message to the firm and stopped by the firm's answer:
/// a firm's message that starts it, or a customer's that stops it, is refused.
#[test]
fn a_reply_clock_on_the_wrong_side_is_refused() {
    for (from, to) in [
        (
            "by = [\"conveyancer\", \"admin\"]\nwhile_closed = true\nreply_clock = \"stops\"",
            "by = [\"conveyancer\", \"admin\"]\nwhile_closed = true\nreply_clock = \"starts\"",
        ),
        (
            "by = [\"customer\"]\nwhile_closed = true\nreply_clock = \"starts\"",
            "by = [\"customer\"]\nwhile_closed = true\nreply_clock = \"stops\"",
        ),
    ] {
        let e = broken(from, to);
        assert!(matches!(e, LoadError::ReplyClockBy(_)), "{e}");
    }
}

/// A webhook event, like a completion date or a case taken on, is written with a transition's
/// own write: an announcement (which moves nothing) may not name one.
#[test]
fn an_announcement_naming_a_webhook_event_is_refused() {
    let e = broken(
        "effects = [\"email_broker_quote_issue\", \"feed_broker_update\"]",
        "effects = [\"email_broker_quote_issue\", \"webhook_quote_sent\"]",
    );
    assert_eq!(
        e,
        LoadError::TransitionOnlyEffect {
            effect: "webhook_quote_sent".into(),
            announcement: "quote_issue_reported".into(),
        }
    );
}

#[test]
fn an_unknown_webhook_event_is_refused() {
    let e = broken("event = \"quote.sent\"", "event = \"quote.mailed\"");
    assert!(matches!(e, LoadError::Parse(_)), "{e}");
}

#[test]
fn a_parties_section_that_is_not_a_section_is_refused() {
    let e = broken(
        "parties_section = \"owners\"",
        "parties_section = \"buyer-details\"",
    );
    assert!(
        matches!(e, LoadError::UnknownSection { ref name, .. } if name == "buyer-details"),
        "{e}"
    );
}

#[test]
fn words_that_are_not_single_lower_case_words_are_refused() {
    let e = broken("noun = \"remortgage\"", "noun = \"Remortgage\"");
    assert!(
        matches!(e, LoadError::BadWords(ref p) if p.contains("noun")),
        "{e}"
    );
    let e = broken(
        "search_terms = [\"remortgage\", ",
        "search_terms = [\"re mortgage\", ",
    );
    assert!(
        matches!(e, LoadError::BadWords(ref p) if p.contains("re mortgage")),
        "{e}"
    );
}

#[test]
fn the_shipped_files_name_their_parties_section_and_words() {
    let remortgaging = load_remortgaging(REMORTGAGING_TOML).unwrap().definition;
    let buying = load_buying(BUYING_TOML).unwrap().definition;
    assert_eq!(remortgaging.parties_section, "owners");
    assert_eq!(buying.parties_section, "buyer-details");
    // ELIG-06: buying says "purchasing".
    assert_eq!(remortgaging.words.gerund, "remortgaging");
    assert_eq!(buying.words.gerund, "purchasing");
    assert_eq!(buying.words.with_article(), "a purchase");
}
