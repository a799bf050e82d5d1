//! How the product names a kind of case in the texts it writes ("a remortgage", "purchasing a
//! property…"): declared in the workflow file's `[words]`, so adding a case type adds no
//! `match` on it in the HTTP crate, the workers or the assistant.

use serde::{Deserialize, Serialize};

/// A workflow file's `[words]`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub struct CaseWords {
    /// The case as a thing: "remortgage", "purchase" ("a remortgage", the e-mails' "your
    /// purchase").
    pub noun: String,
    /// The case as an activity: "remortgaging", "purchasing" (the spec's ineligibility texts,
    /// ELIG-01..06).
    pub gerund: String,
    /// Words a question may name the kind by (the assistant's help search).
    pub search_terms: Vec<String>,
}

impl CaseWords {
    /// "a remortgage", "a purchase".
    pub fn with_article(&self) -> String {
        let article = if self.noun.starts_with(['a', 'e', 'i', 'o', 'u']) {
            "an"
        } else {
            "a"
        };
        format!("{article} {}", self.noun)
    }

    /// The gerund starting a sentence: "Remortgaging", "Purchasing".
    pub fn gerund_capitalised(&self) -> String {
        let mut chars = self.gerund.chars();
        chars
            .next()
            .map(|c| c.to_uppercase().chain(chars).collect())
            .unwrap_or_default()
    }

    /// What is wrong with the words, if anything: each a lower-case word of letters, and at
    /// least one search term.
    pub(crate) fn problem(&self) -> Option<String> {
        let word = |w: &str| !w.is_empty() && w.chars().all(|c| c.is_ascii_lowercase());
        if !word(&self.noun) {
            return Some(format!("noun `{}` is not one lower-case word", self.noun));
        }
        if !word(&self.gerund) {
            return Some(format!(
                "gerund `{}` is not one lower-case word",
                self.gerund
            ));
        }
        if self.search_terms.is_empty() {
            return Some("search_terms is empty".into());
        }
        self.search_terms
            .iter()
            .find(|t| !word(t))
            .map(|t| format!("search term `{t}` is not one lower-case word"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(noun: &str, gerund: &str, terms: &[&str]) -> CaseWords {
        CaseWords {
            noun: noun.into(),
            gerund: gerund.into(),
            search_terms: terms.iter().map(|t| t.to_string()).collect(),
        }
    }

    #[test]
    fn names_the_case_with_its_article_and_capital() {
        let w = words("remortgage", "remortgaging", &["remortgage"]);
        assert_eq!(w.with_article(), "a remortgage");
        assert_eq!(w.gerund_capitalised(), "Remortgaging");
        assert_eq!(
            words("instruction", "instructing", &["x"]).with_article(),
            "an instruction"
        );
        assert_eq!(w.problem(), None);
    }

    #[test]
    fn refuses_words_that_are_not_one_lower_case_word() {
        assert!(words("", "x", &["x"]).problem().unwrap().contains("noun"));
        assert!(
            words("a b", "x", &["x"])
                .problem()
                .unwrap()
                .contains("noun")
        );
        assert!(
            words("x", "Buying", &["x"])
                .problem()
                .unwrap()
                .contains("gerund")
        );
        assert!(
            words("x", "x", &[])
                .problem()
                .unwrap()
                .contains("search_terms")
        );
        assert!(
            words("x", "x", &["ok", "no way"])
                .problem()
                .unwrap()
                .contains("no way")
        );
    }
}
