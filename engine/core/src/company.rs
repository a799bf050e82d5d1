//! A company-owned remortgage's company (issue 33, spec CALLS-26): who the borrower is when it
//! is not a person. The lender lends to the company, so the file needs it as Companies House
//! registers it (its registered name, number and registered office: Companies Act 2006
//! s.1066 allocates every company an eight-character registered number), the directors who
//! sign the mortgage deed for it (s.44: two officers, or a director with a witness) and any
//! director who guarantees the loan personally. Each of them is one of the case's people, so
//! they are identified as owners are (Money Laundering Regulations 2017 reg. 28(3)-(4): a
//! body corporate's identity and the people who control it).

use serde::{Deserialize, Serialize};

/// The company as recorded on the case.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Company {
    pub registered_name: String,
    /// Upper case, eight characters (see [`company_number`]).
    pub company_number: String,
    pub registered_office: RegisteredOffice,
    /// The case's people who act for it, in the owners' order.
    pub officers: Vec<CompanyOfficer>,
}

/// The registered office's address.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct RegisteredOffice {
    pub address_line1: String,
    pub address_line2: Option<String>,
    pub town: String,
    pub postcode: String,
}

/// One of the case's people (an owner row, by its id) and what they are to the company.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct CompanyOfficer {
    pub owner_id: i64,
    pub is_director: bool,
    pub is_guarantor: bool,
}

impl Company {
    /// The lender needs someone to sign for the company: at least one director.
    pub fn has_director(&self) -> bool {
        self.officers.iter().any(|o| o.is_director)
    }
}

/// A registered number as Companies House allocates it: eight digits (England and Wales,
/// shorter ones padded with zeros as the register writes them), two letters and six digits
/// (SC, NI, OC, SO, NC, FC…), or R and seven digits (older Northern Irish companies).
/// Spaces are ignored and letters upper-cased; None when it cannot be one.
pub fn company_number(raw: &str) -> Option<String> {
    let n: String = raw
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_ascii_uppercase();
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let b = n.as_bytes();
    let prefixed = n.len() == 8
        && ((b[..2].iter().all(u8::is_ascii_uppercase) && digits(&n[2..]))
            || (b[0] == b'R' && digits(&n[1..])));
    if digits(&n) && n.len() <= 8 {
        Some(format!("{n:0>8}"))
    } else if prefixed {
        Some(n)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn companies_house_numbers_are_eight_characters_companies_act_2006_s1066() {
        assert_eq!(company_number("00445790").as_deref(), Some("00445790"));
        assert_eq!(company_number("445790").as_deref(), Some("00445790"));
        assert_eq!(company_number("sc 123456").as_deref(), Some("SC123456"));
        assert_eq!(company_number("OC301234").as_deref(), Some("OC301234"));
        assert_eq!(company_number("R0001234").as_deref(), Some("R0001234"));
        for bad in [
            "",
            "123456789",
            "S1234567",
            "SC12345",
            "SC1234567",
            "12-34567",
            "ABCDEFGH",
        ] {
            assert_eq!(company_number(bad), None, "{bad}");
        }
    }
}
