//! Money as the client reads it. Amounts are integer pence everywhere.

/// Pence as `£1,234.56` (statements, letters: every penny shown).
pub fn pounds(pence: i64) -> String {
    let sign = if pence < 0 { "-" } else { "" };
    let p = pence.unsigned_abs();
    let whole = (p / 100).to_string();
    let mut grouped = String::new();
    for (i, c) in whole.chars().enumerate() {
        if i > 0 && (whole.len() - i).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(c);
    }
    format!("{sign}£{grouped}.{:02}", p % 100)
}

/// Pence as `£1,234`, or `£1,234.56` when there are pence (figures in a sentence).
pub fn pounds_in_words(pence: i64) -> String {
    let full = pounds(pence);
    full.strip_suffix(".00").map_or(full.clone(), str::to_owned)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pence_read_as_pounds_with_thousands_separated() {
        assert_eq!(pounds(123_456_789), "£1,234,567.89");
        assert_eq!(pounds(-4_500), "-£45.00");
        assert_eq!(pounds(0), "£0.00");
        assert_eq!(pounds_in_words(10_000_000), "£100,000");
        assert_eq!(pounds_in_words(12_345), "£123.45");
        assert_eq!(pounds_in_words(0), "£0");
    }
}
