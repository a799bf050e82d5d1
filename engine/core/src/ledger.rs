//! The client ledger's words (issue 28, item 1; SRA Accounts Rules 2019): which way money moved
//! and what it was for. Each kind moves money one way only, except `Other`; the API, the store,
//! the statement and the back office's forms all read these two enums (the web through the
//! OpenAPI document), so no list of kinds is written twice.

use serde::{Deserialize, Serialize};

/// Which way money moved through the client account for a case.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum LedgerDirection {
    /// Money into the client account for this case.
    Received,
    /// Money out of it.
    Paid,
}

impl LedgerDirection {
    /// The name as stored and sent.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Received => "RECEIVED",
            Self::Paid => "PAID",
        }
    }

    /// Parses a stored name.
    pub fn parse(name: &str) -> Option<Self> {
        [Self::Received, Self::Paid]
            .into_iter()
            .find(|d| d.as_str() == name)
    }
}

/// What an entry was for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum LedgerKind {
    /// From the clients themselves.
    ClientFunds,
    /// The lender's advance.
    MortgageAdvance,
    /// From a gift donor.
    Gift,
    /// The price, to the seller's solicitors.
    SellerSolicitor,
    /// Stamp Duty Land Tax to HMRC, or Land Transaction Tax to the Welsh Revenue Authority.
    LandTax,
    /// HM Land Registry's registration fee.
    LandRegistry,
    /// An existing lender's redemption figure.
    Redemption,
    /// The firm's bill, to the office account.
    FirmBill,
    /// Money returned to the clients.
    RefundToClient,
    /// Anything else, either way.
    Other,
}

impl LedgerKind {
    pub const ALL: [Self; 10] = [
        Self::ClientFunds,
        Self::MortgageAdvance,
        Self::Gift,
        Self::SellerSolicitor,
        Self::LandTax,
        Self::LandRegistry,
        Self::Redemption,
        Self::FirmBill,
        Self::RefundToClient,
        Self::Other,
    ];

    /// The name as stored and sent.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::ClientFunds => "CLIENT_FUNDS",
            Self::MortgageAdvance => "MORTGAGE_ADVANCE",
            Self::Gift => "GIFT",
            Self::SellerSolicitor => "SELLER_SOLICITOR",
            Self::LandTax => "LAND_TAX",
            Self::LandRegistry => "LAND_REGISTRY",
            Self::Redemption => "REDEMPTION",
            Self::FirmBill => "FIRM_BILL",
            Self::RefundToClient => "REFUND_TO_CLIENT",
            Self::Other => "OTHER",
        }
    }

    /// Parses a stored name.
    pub fn parse(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|k| k.as_str() == name)
    }

    /// The one way this kind moves money; None: either (`Other`).
    pub fn direction(self) -> Option<LedgerDirection> {
        match self {
            Self::ClientFunds | Self::MortgageAdvance | Self::Gift => {
                Some(LedgerDirection::Received)
            }
            Self::SellerSolicitor
            | Self::LandTax
            | Self::LandRegistry
            | Self::Redemption
            | Self::FirmBill
            | Self::RefundToClient => Some(LedgerDirection::Paid),
            Self::Other => None,
        }
    }
}

/// A stored name that is not one of the ledger's words.
#[derive(Debug, thiserror::Error)]
#[error("not a ledger word: {0}")]
pub struct UnknownName(String);

impl TryFrom<String> for LedgerDirection {
    type Error = UnknownName;
    fn try_from(name: String) -> Result<Self, UnknownName> {
        Self::parse(&name).ok_or(UnknownName(name))
    }
}

impl TryFrom<String> for LedgerKind {
    type Error = UnknownName;
    fn try_from(name: String) -> Result<Self, UnknownName> {
        Self::parse(&name).ok_or(UnknownName(name))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stored_names_are_the_serde_names_and_parse_back() {
        for kind in LedgerKind::ALL {
            let json = serde_json::to_value(kind).unwrap();
            assert_eq!(json, kind.as_str());
            assert_eq!(LedgerKind::parse(kind.as_str()), Some(kind));
        }
        for direction in [LedgerDirection::Received, LedgerDirection::Paid] {
            assert_eq!(serde_json::to_value(direction).unwrap(), direction.as_str());
            assert_eq!(LedgerDirection::parse(direction.as_str()), Some(direction));
        }
        assert_eq!(LedgerKind::parse("CASH"), None);
    }

    #[test]
    fn only_other_moves_money_either_way() {
        let either: Vec<_> = LedgerKind::ALL
            .into_iter()
            .filter(|k| k.direction().is_none())
            .collect();
        assert_eq!(either, [LedgerKind::Other]);
        assert_eq!(
            LedgerKind::Gift.direction(),
            Some(LedgerDirection::Received)
        );
        assert_eq!(
            LedgerKind::FirmBill.direction(),
            Some(LedgerDirection::Paid)
        );
    }
}
