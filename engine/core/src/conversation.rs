//! One conversation per case (issue 32): its threads and who writes in each. A message is one
//! of the workflow file's announcements, `<channel>_message_by_<side>` (`parties_message_by_
//! customer`, `donor_message_by_firm`…): its `by` says who may write in the thread (and so
//! read it), its effects whom the message tells. The engine only names the announcement.

use serde::{Deserialize, Serialize};

use crate::ActorKind;

/// The longest message, in characters.
pub const MAX_MESSAGE_CHARS: usize = 5000;

/// The most documents one message carries.
pub const MAX_ATTACHMENTS: usize = 5;

/// The e-mail that reminds the case's conveyancer of a message past the reply-time promise.
pub const REPLY_OVERDUE_TEMPLATE: &str = "reply_overdue";

/// The kinds of thread a case's conversation has.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Channel {
    /// The customers, their brokers and the firm.
    Parties,
    /// The brokers and the firm: the customers do not see it.
    BrokerFirm,
    /// The firm's own notes.
    FirmInternal,
    /// One gift donor of a purchase and the firm, about their gift: nobody else sees it.
    Donor,
}

impl Channel {
    fn name(self) -> &'static str {
        match self {
            Self::Parties => "PARTIES",
            Self::BrokerFirm => "BROKER_FIRM",
            Self::FirmInternal => "FIRM_INTERNAL",
            Self::Donor => "DONOR",
        }
    }
}

/// One thread of a case's conversation: a channel, and for a donor's, which donor (the id of
/// their gift's donor row) — each donor has their own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Thread {
    Parties,
    BrokerFirm,
    FirmInternal,
    Donor(i64),
}

impl Thread {
    /// The threads every case may have; a purchase adds one per gift donor.
    pub const SHARED: [Thread; 3] = [Self::Parties, Self::BrokerFirm, Self::FirmInternal];

    pub fn channel(self) -> Channel {
        match self {
            Self::Parties => Channel::Parties,
            Self::BrokerFirm => Channel::BrokerFirm,
            Self::FirmInternal => Channel::FirmInternal,
            Self::Donor(_) => Channel::Donor,
        }
    }

    /// The donor whose thread it is.
    pub fn donor(self) -> Option<i64> {
        match self {
            Self::Donor(id) => Some(id),
            _ => None,
        }
    }

    /// The stored topic (`case_messages.topic`): `PARTIES`, …, `DONOR:<donor id>`.
    pub fn topic(self) -> String {
        match self {
            Self::Donor(id) => format!("DONOR:{id}"),
            other => other.channel().name().to_owned(),
        }
    }

    /// The thread as a URL names it: `parties`, `broker-firm`, `firm-internal`, `donor-<id>`.
    pub fn path(self) -> String {
        self.topic().to_ascii_lowercase().replace(['_', ':'], "-")
    }

    /// The thread a URL names, if it is one.
    pub fn from_path(raw: &str) -> Option<Self> {
        if let Some(digits) = raw.strip_prefix("donor-") {
            // Its canonical digits only: `donor-+1` or `donor-01` name no thread.
            return match digits.parse::<i64>() {
                Ok(id) if id > 0 && id.to_string() == digits => Some(Self::Donor(id)),
                _ => None,
            };
        }
        Self::SHARED.into_iter().find(|t| t.path() == raw)
    }

    /// The announcement a message by this kind of person makes in this thread (None for a
    /// kind that never writes: the system).
    pub fn announcement(self, kind: ActorKind) -> Option<String> {
        let side = match kind {
            ActorKind::Customer => "customer",
            ActorKind::Broker => "broker",
            ActorKind::Donor => "donor",
            ActorKind::Conveyancer | ActorKind::Admin => "firm",
            ActorKind::System => return None,
        };
        Some(format!(
            "{}_message_by_{side}",
            self.channel().name().to_ascii_lowercase()
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn threads_are_named_in_urls_topics_and_announcements() {
        assert_eq!(Thread::from_path("broker-firm"), Some(Thread::BrokerFirm));
        assert_eq!(Thread::from_path("BROKER_FIRM"), None);
        assert_eq!(Thread::from_path("donor-17"), Some(Thread::Donor(17)));
        for no_thread in [
            "donor-",
            "donor-0",
            "donor-+1",
            "donor-017",
            "donor-x",
            "donor",
        ] {
            assert_eq!(Thread::from_path(no_thread), None, "{no_thread}");
        }
        assert_eq!(Thread::Donor(17).topic(), "DONOR:17");
        assert_eq!(Thread::Donor(17).path(), "donor-17");
        assert_eq!(Thread::FirmInternal.path(), "firm-internal");
        assert_eq!(
            Thread::Parties.announcement(ActorKind::Admin).as_deref(),
            Some("parties_message_by_firm")
        );
        assert_eq!(
            Thread::Donor(3).announcement(ActorKind::Donor).as_deref(),
            Some("donor_message_by_donor")
        );
        assert_eq!(Thread::FirmInternal.announcement(ActorKind::System), None);
    }
}
