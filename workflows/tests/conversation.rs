//! Issue 32: the case's conversation is in the rule book. Each thread's announcements
//! (`<thread>_message_by_<side>`) say who writes in it, and so reads it, on both case types:
//! the customers only in PARTIES, the brokers in PARTIES and BROKER_FIRM, the firm in all
//! three, the system in none; and whom a new message tells (never its author's side).

mod common;

use std::collections::HashSet;

use chrono::Utc;
use common::remortgage_ready;
use threshold_engine::conversation::Channel;
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
    }
}

fn threads_of(w: &Workflows, case_type: CaseType, kind: ActorKind) -> Vec<Channel> {
    let a = actor(kind);
    Channel::ALL
        .into_iter()
        .filter(|c| {
            c.announcement(kind)
                .is_some_and(|name| w.may_announce(case_type, &a, &name))
        })
        .collect()
}

#[test]
fn each_side_writes_in_its_own_threads_on_both_case_types() {
    use Channel::*;
    let w = Workflows::load().unwrap();
    for case_type in [CaseType::Remortgaging, CaseType::Buying] {
        assert_eq!(threads_of(&w, case_type, ActorKind::Customer), [Parties]);
        assert_eq!(
            threads_of(&w, case_type, ActorKind::Broker),
            [Parties, BrokerFirm]
        );
        for firm in [ActorKind::Conveyancer, ActorKind::Admin] {
            assert_eq!(
                threads_of(&w, case_type, firm),
                [Parties, BrokerFirm, FirmInternal]
            );
        }
        assert!(threads_of(&w, case_type, ActorKind::System).is_empty());
    }
}

/// The firm's reply-time promise: a customer's or broker's message to the firm starts the
/// clock, the firm's message in that thread stops it, the firm's own notes leave it alone.
#[test]
fn messages_to_the_firm_start_the_reply_clock_and_the_firms_answer_stops_it() {
    use Channel::*;
    let w = Workflows::load().unwrap();
    for case_type in [CaseType::Remortgaging, CaseType::Buying] {
        let clock = |channel: Channel, kind: ActorKind| {
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
    let told = |kind: ActorKind, channel: Channel| -> HashSet<Recipient> {
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
        told(ActorKind::Customer, Channel::Parties),
        [Broker, Conveyancer].into()
    );
    assert_eq!(
        told(ActorKind::Broker, Channel::Parties),
        [Customers, Conveyancer].into()
    );
    assert_eq!(
        told(ActorKind::Conveyancer, Channel::Parties),
        [Customers, Broker].into()
    );
    assert_eq!(
        told(ActorKind::Broker, Channel::BrokerFirm),
        [Conveyancer].into()
    );
    assert_eq!(told(ActorKind::Admin, Channel::BrokerFirm), [Broker].into());
    assert!(told(ActorKind::Conveyancer, Channel::FirmInternal).is_empty());
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
