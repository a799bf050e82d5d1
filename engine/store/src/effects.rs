//! The effect outbox: effect rows written with each transition, read by the workers' relay,
//! and what delivering them needs (recipients, the feed, one row per delivered e-mail).
//!
//! The outbox (`outbox`), whom an effect reaches and its deliveries (`recipients`), and the
//! feed (`feed`).

mod feed;
mod outbox;
mod recipients;

pub use feed::{FeedContext, FeedItem, NewFeedItem};
pub use outbox::DueEffect;
pub use recipients::{CaseBrief, EffectRecipient};
