//! The case's latest quote as far as the rules care.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

/// One line of a quote's cost breakdown.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct CostLine {
    pub label: String,
    pub amount: i64,
}

/// One section of a quote's cost breakdown.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct CostSection {
    pub section_title: String,
    pub costs: Vec<CostLine>,
}

/// The case's latest quote as far as the rules care (spec §3 "Quote").
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct QuoteSnapshot {
    pub accepted_at: Option<DateTime<Utc>>,
    pub cost_breakdown: Vec<CostSection>,
    pub total_amount: i64,
}

impl QuoteSnapshot {
    /// "the quote is empty (no cost lines and zero total)" (REM-APP-09).
    pub fn is_empty(&self) -> bool {
        self.total_amount == 0 && self.cost_breakdown.iter().all(|s| s.costs.is_empty())
    }
}

/// A missing quote is treated as an empty one.
pub fn quote_is_empty(quote: Option<&QuoteSnapshot>) -> bool {
    quote.is_none_or(QuoteSnapshot::is_empty)
}
