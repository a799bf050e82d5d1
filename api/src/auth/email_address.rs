//! E-mail addresses as the spec validates them: something, `@`, something, `.`, something,
//! with no spaces; kept lower-cased. Whatever is accepted here can also be sent to: no control
//! characters, and an address the mailer itself accepts (so no job fails on it later).

use std::fmt;

/// A syntactically valid, lower-cased e-mail address.
#[derive(Clone, PartialEq, Eq)]
pub struct EmailAddress(String);

impl EmailAddress {
    /// The spec's messages: 'Email address is required' and 'Must include @'.
    pub fn parse(raw: &str) -> Result<Self, &'static str> {
        let email = raw.trim().to_lowercase();
        if email.is_empty() {
            return Err("Email address is required");
        }
        if email.chars().any(char::is_control) {
            return Err("Must not contain control characters");
        }
        if email.len() > 254 || !looks_like_email(&email) {
            return Err("Must include @");
        }
        if !threshold_workers::mail::is_deliverable_address(&email) {
            return Err("Is not a valid email address");
        }
        Ok(Self(email))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// `\S+@\S+\.\S+`, anchored: one `@`, a dot after it, no whitespace anywhere.
fn looks_like_email(email: &str) -> bool {
    if email.chars().any(char::is_whitespace) {
        return false;
    }
    let Some((local, domain)) = email.split_once('@') else {
        return false;
    };
    !local.is_empty()
        && domain
            .rsplit_once('.')
            .is_some_and(|(host, tld)| !host.is_empty() && !tld.is_empty())
}

/// Addresses are personal data: never print them by accident.
impl fmt::Debug for EmailAddress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("EmailAddress(<redacted>)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lower_cases_and_trims() {
        assert_eq!(
            EmailAddress::parse("  Ann@Example.COM ").unwrap().as_str(),
            "ann@example.com"
        );
    }

    #[test]
    fn uses_the_spec_messages() {
        assert_eq!(
            EmailAddress::parse("").unwrap_err(),
            "Email address is required"
        );
        assert_eq!(
            EmailAddress::parse("ann.example.com").unwrap_err(),
            "Must include @"
        );
        assert_eq!(
            EmailAddress::parse("ann@example").unwrap_err(),
            "Must include @"
        );
        assert_eq!(
            EmailAddress::parse("an n@example.com").unwrap_err(),
            "Must include @"
        );
        assert_eq!(
            EmailAddress::parse("@example.com").unwrap_err(),
            "Must include @"
        );
    }

    #[test]
    fn refuses_control_characters_and_addresses_the_mailer_cannot_send_to() {
        for raw in [
            "ann\0@example.com",
            "ann@exa\u{7f}mple.com",
            "ann@exa\u{85}mple.com",
        ] {
            assert_eq!(
                EmailAddress::parse(raw).unwrap_err(),
                "Must not contain control characters",
                "{raw:?}"
            );
        }
        assert_eq!(
            EmailAddress::parse("ann(x)@example.com").unwrap_err(),
            "Is not a valid email address"
        );
        assert!(EmailAddress::parse("ann.o'neil+tag@example.co.uk").is_ok());
    }
}
