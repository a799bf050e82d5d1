//! Issue 32: the case's conversation is in the rule book. Each thread's announcements
//! (`<channel>_message_by_<side>`) say who writes in it, and so reads it, on both case types:
//! the customers only in PARTIES, the brokers in PARTIES and BROKER_FIRM, the firm in all
//! three and, on a purchase, each gift donor's thread, a donor only there, the system in none;
//! and whom a new message tells (never its author's side).

mod common;

use std::collections::HashSet;

use chrono::Utc;
use common::remortgage_ready;
use threshold_engine::conversation::Thread;
use threshold_engine::{
    Actor, ActorKind, AnySnapshot, CaseType, Effect, Recipient, RemortgagingSnapshot,
    RemortgagingStatus, ReplyClock, TransitionError,
};
use threshold_workflows::Workflows;

fn actor(kind: ActorKind) -> Actor {
    match kind {
        ActorKind::Customer => Actor::customer(1),
        ActorKind::Broker => Actor::broker(2),
        ActorKind::Conveyancer => Actor::conveyancer(3),
        ActorKind::Admin => Actor::admin(4),
        ActorKind::System => Actor::system(),
        ActorKind::Donor => Actor::donor(DONOR),
    }
}

/// A gift donor's id.
const DONOR: i64 = 7;

fn threads_of(w: &Workflows, case_type: CaseType, kind: ActorKind) -> Vec<Thread> {
    let a = actor(kind);
    Thread::SHARED
        .into_iter()
        .chain([Thread::Donor(DONOR)])
        .filter(|c| {
            c.announcement(kind)
                .is_some_and(|name| w.may_announce(case_type, &a, &name))
        })
        .collect()
}

#[test]
fn each_side_writes_in_its_own_threads_on_both_case_types() {
    use Thread::*;
    let w = Workflows::load().unwrap();
    for case_type in [CaseType::Remortgaging, CaseType::Buying] {
        assert_eq!(threads_of(&w, case_type, ActorKind::Customer), [Parties]);
        assert_eq!(
            threads_of(&w, case_type, ActorKind::Broker),
            [Parties, BrokerFirm]
        );
        // A remortgage has no gift donors, so no donor's thread.
        let donors: &[Thread] = match case_type {
            CaseType::Remortgaging => &[],
            CaseType::Buying => &[Donor(DONOR)],
        };
        for firm in [ActorKind::Conveyancer, ActorKind::Admin] {
            let mut expected = vec![Parties, BrokerFirm, FirmInternal];
            expected.extend_from_slice(donors);
            assert_eq!(threads_of(&w, case_type, firm), expected);
        }
        assert_eq!(threads_of(&w, case_type, ActorKind::Donor), donors);
        assert!(threads_of(&w, case_type, ActorKind::System).is_empty());
    }
}

/// The firm's reply-time promise: a customer's or broker's message to the firm starts the
/// clock, the firm's message in that thread stops it, the firm's own notes leave it alone.
#[test]
fn messages_to_the_firm_start_the_reply_clock_and_the_firms_answer_stops_it() {
    use Thread::*;
    let w = Workflows::load().unwrap();
    let purchase = CaseType::Buying;
    assert_eq!(
        w.reply_clock(purchase, "donor_message_by_donor"),
        Some(ReplyClock::Starts)
    );
    assert_eq!(
        w.reply_clock(purchase, "donor_message_by_firm"),
        Some(ReplyClock::Stops)
    );
    assert!(w.promises_reply(purchase, Donor(DONOR)));
    for case_type in [CaseType::Remortgaging, CaseType::Buying] {
        let clock = |channel: Thread, kind: ActorKind| {
            w.reply_clock(case_type, &channel.announcement(kind).unwrap())
        };
        for (channel, kind) in [
            (Parties, ActorKind::Customer),
            (Parties, ActorKind::Broker),
            (BrokerFirm, ActorKind::Broker),
        ] {
            assert_eq!(
                clock(channel, kind),
                Some(ReplyClock::Starts),
                "{channel:?}"
            );
        }
        for channel in [Parties, BrokerFirm] {
            assert_eq!(
                clock(channel, ActorKind::Conveyancer),
                Some(ReplyClock::Stops)
            );
            assert!(w.promises_reply(case_type, channel), "{channel:?}");
        }
        assert_eq!(clock(FirmInternal, ActorKind::Admin), None);
        assert!(!w.promises_reply(case_type, FirmInternal));
    }
}

/// Who a message tells, by its e-mails: the other sides of the thread, never the author's.
#[test]
fn a_message_tells_the_other_sides_of_its_thread() {
    let w = Workflows::load().unwrap();
    let snap = AnySnapshot::Remortgaging(remortgage_ready());
    let told = |kind: ActorKind, channel: Thread| -> HashSet<Recipient> {
        let name = channel.announcement(kind).unwrap();
        w.announce(&snap, &actor(kind), &name, Utc::now())
            .unwrap()
            .into_iter()
            .filter_map(|e| match e {
                Effect::SendEmail { template, to, .. } if template == "new_message" => Some(to),
                _ => None,
            })
            .collect()
    };
    use Recipient::*;
    assert_eq!(
        told(ActorKind::Customer, Thread::Parties),
        [Broker, Conveyancer].into()
    );
    assert_eq!(
        told(ActorKind::Broker, Thread::Parties),
        [Customers, Conveyancer].into()
    );
    assert_eq!(
        told(ActorKind::Conveyancer, Thread::Parties),
        [Customers, Broker].into()
    );
    assert_eq!(
        told(ActorKind::Broker, Thread::BrokerFirm),
        [Conveyancer].into()
    );
    assert_eq!(told(ActorKind::Admin, Thread::BrokerFirm), [Broker].into());
    assert!(told(ActorKind::Conveyancer, Thread::FirmInternal).is_empty());
}

/// A donor's message tells the firm, the firm's answer the donor alone (named when it is
/// written), never the buyers or their broker.
#[test]
fn a_donors_thread_tells_only_the_donor_and_the_firm() {
    let w = Workflows::load().unwrap();
    let snap = AnySnapshot::Buying(threshold_engine::BuyingSnapshot::new(
        1,
        threshold_engine::BuyingStatus::PendingCompletion,
    ));
    let told = |kind: ActorKind| -> Vec<Effect> {
        let name = Thread::Donor(DONOR).announcement(kind).unwrap();
        w.announce(&snap, &actor(kind), &name, Utc::now()).unwrap()
    };
    assert!(matches!(
        told(ActorKind::Donor).as_slice(),
        [Effect::SendEmail { template, to: Recipient::Conveyancer, .. }] if template == "new_message"
    ));
    assert!(matches!(
        told(ActorKind::Conveyancer).as_slice(),
        [Effect::SendEmail { template, to: Recipient::Donor, .. }] if template == "donor_new_message"
    ));
    let named = told(ActorKind::Admin).remove(0).addressed_to(42);
    assert!(matches!(
        named,
        Effect::SendEmail {
            to: Recipient::Applicant(42),
            ..
        }
    ));
}

/// The conversation goes on once the case is closed (`while_closed`); other announcements stop.
#[test]
fn the_conversation_outlives_the_case() {
    let w = Workflows::load().unwrap();
    for status in [RemortgagingStatus::Completed, RemortgagingStatus::Cancelled] {
        let closed = AnySnapshot::Remortgaging(RemortgagingSnapshot::new(1, status));
        let customer = actor(ActorKind::Customer);
        assert!(
            w.announce(
                &closed,
                &customer,
                "parties_message_by_customer",
                Utc::now()
            )
            .is_ok(),
            "{status:?}"
        );
        assert!(matches!(
            w.announce(&closed, &customer, "quote_issue_reported", Utc::now()),
            Err(TransitionError::WrongStatus { .. })
        ));
    }
}
