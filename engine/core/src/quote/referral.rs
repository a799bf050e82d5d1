//! The referral fee disclosure line (SRA Code of Conduct for Solicitors, RELs and RFLs,
//! para 5.1): the introducer, what they are paid, or that there is none.

use super::{FeeSchedule, Introducer};
use crate::snapshot::CostLine;

impl FeeSchedule {
    /// The referral fee disclosure line (SRA Code of Conduct para 5.1), "none" included.
    pub(super) fn referral_line(&self, introducer: Option<&Introducer>) -> CostLine {
        let name = introducer.map_or("", |i| i.name.trim());
        let name = if name.is_empty() {
            "the firm that introduced you"
        } else {
            name
        };
        match introducer {
            Some(i) if i.referral_fee > 0 => CostLine {
                label: self.referral.paid.replace("{introducer}", name),
                amount: i.referral_fee,
            },
            Some(i) if !i.name.trim().is_empty() => CostLine {
                label: self.referral.unpaid.replace("{introducer}", name),
                amount: 0,
            },
            _ => CostLine {
                label: self.referral.none.clone(),
                amount: 0,
            },
        }
    }
}
