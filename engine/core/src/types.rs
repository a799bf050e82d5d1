//! Enumerations shared by every part of the engine: case types, statuses, roles, actors.
//!
//! A case's status and type (`status`), the roles and actors who act on it (`actors`), the
//! property's enumerations (`property`), and the spec's other enumerations (`other`).

mod actors;
mod other;
mod property;
mod status;

pub use actors::{Actor, ActorKind, Role, UnknownRole, Uploader};
pub use other::{
    ChipColour, FeedKind, IneligibilityReason, LandTaxType, NO_LENDER, SectionState,
    SourceOfFundsType, WaitsOn, WebhookEvent,
};
pub use property::{
    AlterationType, ChargeType, DocumentsHeldBy, Jurisdiction, PropertyType, PropertyUsage,
    RemortgagingReason, Tenure, TransferReason,
};
pub use status::{
    BuyingStatus, CaseStatus, CaseType, RemortgagingStatus, UnknownCaseType, WorkflowStatus,
};

#[cfg(test)]
mod tests {
    use std::fmt;

    use serde::Serialize;

    use super::*;

    /// The name a value is stored under (strum's) is the one the API sends (serde's).
    fn stored_as_sent<T>()
    where
        T: strum::IntoEnumIterator
            + Serialize
            + Into<&'static str>
            + std::str::FromStr
            + PartialEq
            + Copy
            + fmt::Debug,
    {
        for value in T::iter() {
            let sent = serde_json::to_value(value).unwrap();
            let stored: &'static str = value.into();
            assert_eq!(sent, stored);
            assert!(
                stored.parse::<T>().is_ok_and(|read| read == value),
                "{stored}"
            );
        }
    }

    #[test]
    fn the_property_enums_are_stored_under_the_names_the_api_sends() {
        stored_as_sent::<AlterationType>();
        stored_as_sent::<ChargeType>();
        stored_as_sent::<DocumentsHeldBy>();
        stored_as_sent::<Jurisdiction>();
        stored_as_sent::<Tenure>();
        stored_as_sent::<PropertyType>();
        stored_as_sent::<TransferReason>();
        stored_as_sent::<PropertyUsage>();
        stored_as_sent::<RemortgagingReason>();
        stored_as_sent::<SourceOfFundsType>();
        stored_as_sent::<LandTaxType>();
        stored_as_sent::<IneligibilityReason>();
        stored_as_sent::<FeedKind>();
        stored_as_sent::<WaitsOn>();
    }
}
