//! One conversation per case (issue 32): its threads and who writes in each. A message is one
//! of the workflow file's announcements, `<thread>_message_by_<side>` (`parties_message_by_
//! customer`, `broker_firm_message_by_firm`…): its `by` says who may write in the thread (and
//! so read it), its effects whom the message tells. The engine only names the announcement.

use serde::{Deserialize, Serialize};

use crate::ActorKind;

/// The longest message, in characters.
pub const MAX_MESSAGE_CHARS: usize = 5000;

/// The most documents one message carries.
pub const MAX_ATTACHMENTS: usize = 5;

/// The e-mail that reminds the case's conveyancer of a message past the reply-time promise.
pub const REPLY_OVERDUE_TEMPLATE: &str = "reply_overdue";

/// A thread of a case's conversation.
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
}

impl Channel {
    pub const ALL: [Channel; 3] = [Self::Parties, Self::BrokerFirm, Self::FirmInternal];

    /// The stored topic (`case_messages.topic`), as serialised.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Parties => "PARTIES",
            Self::BrokerFirm => "BROKER_FIRM",
            Self::FirmInternal => "FIRM_INTERNAL",
        }
    }

    /// The thread named in a URL: `parties`, `broker-firm`, `firm-internal`.
    pub fn from_path(raw: &str) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|c| c.as_str().to_ascii_lowercase().replace('_', "-") == raw)
    }

    /// The announcement a message by this kind of person makes in this thread (None for a
    /// kind that never writes: the system).
    pub fn announcement(self, kind: ActorKind) -> Option<String> {
        let side = match kind {
            ActorKind::Customer => "customer",
            ActorKind::Broker => "broker",
            ActorKind::Conveyancer | ActorKind::Admin => "firm",
            ActorKind::System => return None,
        };
        Some(format!(
            "{}_message_by_{side}",
            self.as_str().to_ascii_lowercase()
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn threads_are_named_in_urls_and_announcements() {
        assert_eq!(Channel::from_path("broker-firm"), Some(Channel::BrokerFirm));
        assert_eq!(Channel::from_path("BROKER_FIRM"), None);
        assert_eq!(
            Channel::Parties.announcement(ActorKind::Admin).as_deref(),
            Some("parties_message_by_firm")
        );
        assert_eq!(Channel::FirmInternal.announcement(ActorKind::System), None);
    }
}
