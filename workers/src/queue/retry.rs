//! How a failed job is tried again: exponential backoff with jitter, up to about an hour
//! between tries, giving up once it has been failing for about a day.
//!
//! apalis itself retries a failed job as soon as a worker polls again (25 tries in a second or
//! two), so the worker sets each failed job's next run time and its attempt limit in the
//! queue table itself (see `queue::handle`); a job that gives up stays in the table as failed
//! until `threshold jobs retry` queues it again.

use std::time::Duration;

/// The wait after a first failed try, unless configured (`JOB_RETRY_BASE_MS`).
pub const DEFAULT_BASE: Duration = Duration::from_secs(5);
/// The longest wait between two tries, before jitter.
pub const MAX_DELAY: Duration = Duration::from_secs(60 * 60);
/// A job whose scheduled waits add up to this gives up after its next try.
pub const GIVE_UP_AFTER: Duration = Duration::from_secs(24 * 60 * 60);
/// Each wait is its nominal length times a random factor in this range, so jobs that failed
/// together (an SMTP outage) do not all come back at the same instant.
const JITTER: std::ops::Range<f64> = 0.75..1.25;

/// The retry schedule: waits of `base`, `2 × base`, `4 × base`… capped at [`MAX_DELAY`], each
/// with jitter, for as many tries as fit in [`GIVE_UP_AFTER`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Backoff {
    base: Duration,
}

impl Backoff {
    pub fn new(base: Duration) -> Self {
        Self {
            base: base.max(Duration::from_millis(1)),
        }
    }

    /// The wait after the `attempt`th try (1-based) failed, before jitter.
    pub fn nominal_delay(&self, attempt: usize) -> Duration {
        let doublings = u32::try_from(attempt.saturating_sub(1)).unwrap_or(u32::MAX);
        self.base
            .saturating_mul(2u32.saturating_pow(doublings))
            .min(MAX_DELAY)
    }

    /// The wait after the `attempt`th try failed, with jitter.
    pub fn delay(&self, attempt: usize) -> Duration {
        self.nominal_delay(attempt)
            .mul_f64(rand::random_range(JITTER))
    }

    /// How many tries a job gets: the last one comes once the waits before it add up to
    /// [`GIVE_UP_AFTER`] (34 tries over about 24 hours at the default base of 5 s).
    pub fn max_attempts(&self) -> usize {
        let mut waited = Duration::ZERO;
        let mut attempt = 1;
        while waited < GIVE_UP_AFTER {
            waited += self.nominal_delay(attempt);
            attempt += 1;
        }
        attempt
    }
}

/// A job's error as the queue table, the logs and `threshold jobs failed` show it: on one line,
/// at most [`MAX_ERROR_CHARS`] long, with e-mail addresses and anything that looks like a
/// token or key (a long run of letters and digits) blanked out. Errors quote what they were
/// given (an SMTP server's "550 <jo@example.com>: no such user", a link), and none of that may
/// reach an operator's screen or a log.
pub fn redact(message: &str) -> String {
    let chars: Vec<char> = message.chars().collect();
    let mut out = String::with_capacity(message.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if is_word_char(c) || c == '@' {
            // A run of characters that can make up an address, a token or a plain word.
            let start = i;
            while i < chars.len() && (is_address_char(chars[i]) || chars[i] == '@') {
                i += 1;
            }
            let run: String = chars[start..i].iter().collect();
            let (body, tail) = split_trailing_dots(&run);
            if body.contains('@') {
                out.push_str("<address>");
            } else if longest_token_run(body) >= 20 {
                out.push_str("<redacted>");
            } else {
                out.push_str(body);
            }
            out.push_str(tail);
            continue;
        }
        out.push(if c.is_control() { ' ' } else { c });
        i += 1;
    }
    if out.chars().count() > MAX_ERROR_CHARS {
        out = out.chars().take(MAX_ERROR_CHARS - 1).collect();
        out.push('…');
    }
    out
}

/// The longest error text kept.
pub const MAX_ERROR_CHARS: usize = 300;

fn is_word_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '-' || !c.is_ascii() && c.is_alphanumeric()
}

/// Characters of an e-mail address or URL-safe token (dots and plus signs included).
fn is_address_char(c: char) -> bool {
    is_word_char(c) || matches!(c, '.' | '+' | '%' | '=' | '~')
}

/// A sentence's full stop is not part of the word before it.
fn split_trailing_dots(run: &str) -> (&str, &str) {
    let body = run.trim_end_matches('.');
    (body, &run[body.len()..])
}

/// The longest stretch of token characters (letters, digits, `-`, `_`, `=`).
fn longest_token_run(word: &str) -> usize {
    word.split(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '=')))
        .map(str::len)
        .max()
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn waits_double_from_the_base_up_to_an_hour() {
        let b = Backoff::new(Duration::from_secs(5));
        assert_eq!(b.nominal_delay(1), Duration::from_secs(5));
        assert_eq!(b.nominal_delay(2), Duration::from_secs(10));
        assert_eq!(b.nominal_delay(10), Duration::from_secs(2560));
        assert_eq!(b.nominal_delay(11), MAX_DELAY);
        assert_eq!(b.nominal_delay(usize::MAX), MAX_DELAY);
        for attempt in 1..40 {
            let nominal = b.nominal_delay(attempt);
            let jittered = b.delay(attempt);
            assert!(jittered >= nominal.mul_f64(0.75) && jittered <= nominal.mul_f64(1.25));
        }
    }

    #[test]
    fn a_job_gives_up_after_about_a_day() {
        for base_ms in [1, 200, 1_000, 5_000, 60_000, 10_000_000] {
            let b = Backoff::new(Duration::from_millis(base_ms));
            let n = b.max_attempts();
            let total: Duration = (1..n).map(|a| b.nominal_delay(a)).sum();
            assert!(total >= GIVE_UP_AFTER, "{base_ms}: {total:?}");
            assert!(total < GIVE_UP_AFTER + MAX_DELAY, "{base_ms}: {total:?}");
        }
        assert_eq!(Backoff::new(DEFAULT_BASE).max_attempts(), 34);
    }

    #[test]
    fn the_wait_doubles_from_the_configured_base() {
        let b = Backoff::new(Duration::from_millis(250));
        assert_eq!(b.nominal_delay(1), Duration::from_millis(250));
        assert_eq!(b.nominal_delay(3), Duration::from_millis(1000));
    }

    #[test]
    fn errors_lose_addresses_and_tokens() {
        let shown = redact(
            "SMTP: permanent error (550): 5.1.1 <Jo.Bloggs+x@mail.example.com>: no such user",
        );
        assert_eq!(
            shown,
            "SMTP: permanent error (550): 5.1.1 <<address>>: no such user"
        );
        let shown = redact(
            "bad link http://localhost:8080/login/auth?token=Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFy.",
        );
        assert!(!shown.contains("Zm9v"), "{shown}");
        assert!(shown.ends_with("<redacted>."), "{shown}");
        assert_eq!(
            redact("Connection error: Connection refused (os error 111)"),
            "Connection error: Connection refused (os error 111)"
        );
        assert_eq!(redact("line one\nline two"), "line one line two");
        assert_eq!(redact(&"x ".repeat(400)).chars().count(), MAX_ERROR_CHARS);
    }
}
