//! Who the firm is, as every document it issues must say: its name, that it is authorised and
//! regulated by the Solicitors Regulation Authority with its SRA number (SRA Transparency
//! Rules, rule 4: letterhead, website and e-mails), its registered office, and how a client
//! complains — to the firm first, then to the Legal Ombudsman, with the Ombudsman's time
//! limits and contact details (SRA Code of Conduct for Solicitors, paras 8.3 and 8.4).

use serde_json::{Value, json};

use crate::config::Config;

/// The Legal Ombudsman's time limits since 1 April 2023 (its Scheme Rules): six months from
/// the firm's final response, and one year from the problem or from when the client should
/// have known of it.
pub const OMBUDSMAN_LIMITS: &str = "within six months of our final response, and within one year of the problem (or of when you should have known of it)";

/// The Legal Ombudsman's published contact details.
pub const OMBUDSMAN_CONTACT: &str = "Legal Ombudsman, PO Box 6167, Slough SL1 0EH · 0300 555 0333 · enquiries@legalombudsman.org.uk · www.legalombudsman.org.uk";

/// The templates' `firm` object: the name, and the lines printed at the foot of the document.
pub fn letterhead(config: &Config) -> Value {
    let name = &config.firm_name;
    let regulated = config.firm_sra_number.as_deref().map(|n| {
        format!("{name} is authorised and regulated by the Solicitors Regulation Authority (SRA number {n}).")
    });
    let office = config
        .firm_address
        .as_deref()
        .map(|a| format!("Registered office: {a}."));
    let complaints_to = config
        .firm_complaints_email
        .as_deref()
        .unwrap_or(&config.support_email);
    let complaints = format!(
        "If you are unhappy with our service, please tell us first, at {complaints_to}: we answer within eight weeks. If we do not, or our final response does not resolve it, you may complain to the Legal Ombudsman {OMBUDSMAN_LIMITS}: {OMBUDSMAN_CONTACT}."
    );
    let lines: Vec<String> = [regulated, office, Some(complaints)]
        .into_iter()
        .flatten()
        .collect();
    json!({ "name": name, "lines": lines })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_configured_firm_names_its_regulator_number_office_and_complaints_route() {
        let config = Config {
            firm_name: "Keys & Co LLP".into(),
            firm_sra_number: Some("612345".into()),
            firm_address: Some("1 High Street, Leeds LS1 1AA".into()),
            firm_complaints_email: Some("complaints@keys.example".into()),
            ..Config::default()
        };
        let f = letterhead(&config);
        assert_eq!(f["name"], "Keys & Co LLP");
        let lines: Vec<&str> = f["lines"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l.as_str().unwrap())
            .collect();
        assert_eq!(
            lines[0],
            "Keys & Co LLP is authorised and regulated by the Solicitors Regulation Authority (SRA number 612345)."
        );
        assert_eq!(lines[1], "Registered office: 1 High Street, Leeds LS1 1AA.");
        assert!(lines[2].contains("at complaints@keys.example"));
        assert!(lines[2].contains("within six months of our final response"));
        assert!(lines[2].contains("PO Box 6167, Slough SL1 0EH"));
    }

    #[test]
    fn without_a_number_no_regulator_line_is_made_up() {
        let f = letterhead(&Config::default());
        let lines = f["lines"].as_array().unwrap();
        assert_eq!(lines.len(), 1, "{lines:?}");
        assert!(
            lines[0]
                .as_str()
                .unwrap()
                .contains(&Config::default().support_email)
        );
    }
}
