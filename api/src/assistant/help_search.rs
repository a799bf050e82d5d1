//! The built-in assistant, used when no language model is configured: it finds the stage
//! guides whose words the question shares and answers with the best one or two, as
//! "{label}: {guide}". Deterministic: the same question always gets the same answer.
//!
//! Words are compared lower-case, without short or common words, and cut to their first five
//! letters, so "submit", "submitted" and "submission" meet. A label's words count twice, and a
//! word found in few guides counts more than one found in many. A question about what comes
//! "after" or "next" gets the matching stage and the one that follows it.

use std::collections::BTreeSet;
use std::sync::Arc;

use super::Guide;

/// Words that say nothing about which stage is meant.
const COMMON_WORDS: &[&str] = &[
    "about",
    "again",
    "also",
    "and",
    "any",
    "are",
    "back",
    "been",
    "but",
    "can",
    "could",
    "did",
    "does",
    "doing",
    "done",
    "for",
    "from",
    "get",
    "gets",
    "getting",
    "going",
    "had",
    "has",
    "have",
    "hello",
    "help",
    "how",
    "into",
    "its",
    "just",
    "know",
    "long",
    "may",
    "mean",
    "means",
    "more",
    "much",
    "need",
    "not",
    "now",
    "our",
    "please",
    "should",
    "some",
    "take",
    "takes",
    "tell",
    "than",
    "thank",
    "thanks",
    "that",
    "the",
    "their",
    "them",
    "then",
    "there",
    "they",
    "this",
    "thing",
    "through",
    "too",
    "under",
    "until",
    "very",
    "want",
    "was",
    "way",
    "were",
    "what",
    "when",
    "where",
    "which",
    "while",
    "who",
    "why",
    "will",
    "with",
    "would",
    "you",
    "your",
    "yours",
    "happen",
    "happens",
    "happening",
    "after",
    "next",
    "stage",
    "stages",
    "step",
    "steps",
];

/// Words asking for what follows a stage.
const FOLLOWING_WORDS: &[&str] = &["after", "next", "following", "afterwards"];

/// Words shorter than this are ignored.
const MIN_WORD: usize = 3;
/// Words are compared by their first this many letters.
const STEM: usize = 5;

#[derive(Clone)]
pub struct HelpSearch {
    guides: Arc<Vec<Guide>>,
    /// Each guide's label words and all its words (label, guide and case type), as stems.
    index: Arc<Vec<(BTreeSet<String>, BTreeSet<String>)>>,
    support_email: String,
}

impl HelpSearch {
    pub fn new(guides: Arc<Vec<Guide>>, support_email: String) -> Self {
        let index = guides
            .iter()
            .map(|g| {
                let label = stems(&g.label);
                let mut all = stems(&g.guide);
                all.extend(label.iter().cloned());
                all.extend(stems(&g.case_words));
                (label, all)
            })
            .collect();
        Self {
            guides,
            index: Arc::new(index),
            support_email,
        }
    }

    /// The answer to `question`: the best-matching stage guides, or what this assistant can
    /// answer and where to ask otherwise.
    pub fn answer(&self, question: &str) -> String {
        let picked = self.best(question);
        if picked.is_empty() {
            return format!(
                "The built-in assistant can only answer questions about how cases proceed, \
                 such as what happens after you submit your application. For anything else, \
                 e-mail our support team at {}.",
                self.support_email
            );
        }
        picked
            .iter()
            .map(|&i| format!("{}: {}", self.guides[i].label, self.guides[i].guide))
            .collect::<Vec<_>>()
            .join("\n\n")
    }

    /// The indexes of the guides to answer with (none, one or two), best first.
    fn best(&self, question: &str) -> Vec<usize> {
        let asked = stems(question);
        if asked.is_empty() {
            return Vec::new();
        }
        let total = self.index.len() as f64;
        let weight = |stem: &String| {
            let found_in = self
                .index
                .iter()
                .filter(|(_, all)| all.contains(stem))
                .count();
            (1.0 + total / found_in.max(1) as f64).ln()
        };
        let mut scored: Vec<(usize, f64)> = self
            .index
            .iter()
            .enumerate()
            .map(|(i, (label, all))| {
                let score: f64 = asked
                    .iter()
                    .filter(|stem| all.contains(*stem))
                    .map(|stem| {
                        let w = weight(stem);
                        if label.contains(stem) { 2.0 * w } else { w }
                    })
                    .sum();
                (i, score)
            })
            .filter(|(_, score)| *score > 0.0)
            .collect();
        // Highest first; among equals, the workflow order (a stable sort keeps it).
        scored.sort_by(|a, b| b.1.total_cmp(&a.1));
        let Some(&(first, best)) = scored.first() else {
            return Vec::new();
        };
        let wants_following = words(question).any(|w| FOLLOWING_WORDS.contains(&w.as_str()));
        if wants_following && let Some(next) = self.following(first) {
            return vec![first, next];
        }
        // A runner-up of a different stage, if it is nearly as good.
        let second = scored.iter().skip(1).find(|(i, score)| {
            *score * 2.0 >= best && self.guides[*i].label != self.guides[first].label
        });
        match second {
            Some(&(i, _)) => vec![first, i],
            None => vec![first],
        }
    }

    /// The stage after guide `i` in the same case type.
    fn following(&self, i: usize) -> Option<usize> {
        let next = i + 1;
        (next < self.guides.len() && self.guides[next].case_type == self.guides[i].case_type)
            .then_some(next)
    }
}

/// Lower-case words of letters and digits.
fn words(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
}

/// The stems of the words that say something.
fn stems(text: &str) -> BTreeSet<String> {
    words(text)
        .filter(|w| w.chars().count() >= MIN_WORD && !COMMON_WORDS.contains(&w.as_str()))
        .map(|w| w.chars().take(STEM).collect())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use threshold_engine::CaseType;

    fn guide(case_type: CaseType, label: &str, text: &str) -> Guide {
        let workflows =
            threshold_workflows::Workflows::load().expect("the embedded workflows load");
        Guide {
            case_type,
            case_words: workflows.words(case_type).search_terms.join(" "),
            label: label.into(),
            guide: text.into(),
        }
    }

    fn search() -> HelpSearch {
        HelpSearch::new(
            Arc::new(vec![
                guide(
                    CaseType::Remortgaging,
                    "Customer Application",
                    "You fill in the application online. Then you submit it.",
                ),
                guide(
                    CaseType::Remortgaging,
                    "Identity Verification",
                    "Each owner verifies their identity with a photo ID.",
                ),
                guide(
                    CaseType::Buying,
                    "Awaiting Searches",
                    "We order the local authority searches.",
                ),
            ]),
            "help@firm.example".into(),
        )
    }

    #[test]
    fn finds_the_stage_and_what_follows_it() {
        let s = search();
        assert_eq!(
            s.answer("What happens after I submit my application?"),
            "Customer Application: You fill in the application online. Then you submit it.\n\n\
             Identity Verification: Each owner verifies their identity with a photo ID."
        );
        assert_eq!(
            s.answer("Which searches do you order?"),
            "Awaiting Searches: We order the local authority searches."
        );
        assert_eq!(
            s.answer("Do I need a photo ID?"),
            "Identity Verification: Each owner verifies their identity with a photo ID."
        );
    }

    #[test]
    fn without_a_match_says_what_it_can_do_and_where_to_ask() {
        let answer = search().answer("zxq vbnm plorf?");
        assert!(answer.contains("only answer questions about how cases proceed"));
        assert!(answer.contains("help@firm.example"));
        assert_eq!(search().answer("what?"), answer);
    }

    #[test]
    fn stems_ignore_short_and_common_words() {
        assert_eq!(
            stems("What happens after I submit my Submission?"),
            BTreeSet::from(["submi".to_owned()])
        );
    }
}
