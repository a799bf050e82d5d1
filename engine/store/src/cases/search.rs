//! The name search: lower-cased names stored once per word start, matched by prefix.
//!
//! Why prefix and not substring: a prefix match is an index range scan
//! (`name >= 'smi' AND name < 'smj'`) on both databases, so it stays fast at a million cases
//! with no extension (pg_trgm) and no full-text machinery. Storing every word-start suffix
//! ("sam smith", "smith") lets "smi" find a surname and "sam s" a full name.

/// Lower-cases and collapses whitespace.
pub fn normalise(name: &str) -> String {
    name.split_whitespace()
        .map(str::to_lowercase)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The rows to store for one name: the name from each word start on.
pub fn search_keys(name: &str) -> Vec<String> {
    let norm = normalise(name);
    let words: Vec<&str> = norm.split(' ').filter(|w| !w.is_empty()).collect();
    (0..words.len()).map(|i| words[i..].join(" ")).collect()
}

/// The exclusive upper bound of a prefix range: the prefix with its last character advanced
/// by one code point (UTF-8 byte order is code point order, and both databases compare these
/// columns bytewise). None for an empty prefix.
pub fn prefix_upper_bound(prefix: &str) -> Option<String> {
    let mut chars: Vec<char> = prefix.chars().collect();
    while let Some(last) = chars.pop() {
        let mut next = last as u32 + 1;
        if (0xD800..=0xDFFF).contains(&next) {
            next = 0xE000;
        }
        if let Some(c) = char::from_u32(next) {
            chars.push(c);
            return Some(chars.into_iter().collect());
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_start_at_every_word() {
        assert_eq!(search_keys("  Sam  SMITH "), vec!["sam smith", "smith"]);
    }

    #[test]
    fn upper_bound_advances_the_last_character() {
        assert_eq!(prefix_upper_bound("smi").unwrap(), "smj");
        assert_eq!(prefix_upper_bound(""), None);
    }
}
