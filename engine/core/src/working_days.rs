//! Working days in England and Wales: Monday to Friday except bank holidays, for the firm's
//! reply-time promise (issue 32). The bank holidays follow the Banking and Financial Dealings
//! Act 1971, schedule 1, and the standing royal proclamations: New Year's Day, Good Friday,
//! Easter Monday, the first and last Mondays of May, the last Monday of August, Christmas Day
//! and Boxing Day, a day falling on a weekend replaced by the next weekday not already a
//! holiday. One-off proclamations (a coronation, a jubilee) are listed in [`PROCLAIMED`].
//! Days are UTC calendar days: at most an hour from the clock on the office wall.

use chrono::{DateTime, Datelike, Days, NaiveDate, Utc, Weekday};

/// Bank holidays proclaimed for one year only, beyond the standing ones (gov.uk/bank-holidays).
/// A proclamation that moves a standing day (2022's spring bank holiday) is not modelled:
/// the promise looks forward, and none is announced for the years ahead.
const PROCLAIMED: &[(i32, u32, u32)] = &[
    (2023, 5, 8), // the Coronation of King Charles III
];

/// Easter Sunday in the Gregorian calendar (the anonymous Gregorian algorithm, "Meeus/Jones/
/// Butcher").
fn easter_sunday(year: i32) -> NaiveDate {
    let a = year % 19;
    let b = year / 100;
    let c = year % 100;
    let d = b / 4;
    let e = b % 4;
    let f = (b + 8) / 25;
    let g = (b - f + 1) / 3;
    let h = (19 * a + b - d - g + 15) % 30;
    let i = c / 4;
    let k = c % 4;
    let l = (32 + 2 * e + 2 * i - h - k) % 7;
    let m = (a + 11 * h + 22 * l) / 451;
    let month = (h + l - 7 * m + 114) / 31;
    let day = (h + l - 7 * m + 114) % 31 + 1;
    ymd(year, month as u32, day as u32)
}

fn ymd(year: i32, month: u32, day: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(year, month, day).expect("a real calendar day")
}

fn is_weekend(day: NaiveDate) -> bool {
    matches!(day.weekday(), Weekday::Sat | Weekday::Sun)
}

/// The `n`th Monday of a month (1-based), or its last when `n` is None.
fn monday(year: i32, month: u32, n: Option<u32>) -> NaiveDate {
    match n {
        Some(n) => NaiveDate::from_weekday_of_month_opt(year, month, Weekday::Mon, n as u8)
            .expect("every month has a first Monday"),
        None => NaiveDate::from_weekday_of_month_opt(year, month, Weekday::Mon, 5)
            .or_else(|| NaiveDate::from_weekday_of_month_opt(year, month, Weekday::Mon, 4))
            .expect("every month has four Mondays"),
    }
}

/// The bank holidays of England and Wales in one year, in date order.
pub fn bank_holidays(year: i32) -> Vec<NaiveDate> {
    let easter = easter_sunday(year);
    let mut days = vec![
        easter - Days::new(2),
        easter + Days::new(1),
        monday(year, 5, Some(1)),
        monday(year, 5, None),
        monday(year, 8, None),
    ];
    days.extend(
        PROCLAIMED
            .iter()
            .filter(|(y, ..)| *y == year)
            .map(|&(y, m, d)| ymd(y, m, d)),
    );
    // New Year's Day, Christmas Day and Boxing Day move off a weekend to the next weekday
    // not taken already (Christmas on a Saturday: Monday 27th and Tuesday 28th).
    for fixed in [ymd(year, 1, 1), ymd(year, 12, 25), ymd(year, 12, 26)] {
        let mut day = fixed;
        while is_weekend(day) || days.contains(&day) {
            day = day + Days::new(1);
        }
        days.push(day);
    }
    days.sort();
    days
}

/// Whether the firm works on this day.
pub fn is_working_day(day: NaiveDate) -> bool {
    !is_weekend(day) && !bank_holidays(day.year()).contains(&day)
}

fn next_working_day(mut day: NaiveDate) -> NaiveDate {
    loop {
        day = day + Days::new(1);
        if is_working_day(day) {
            return day;
        }
    }
}

/// When a reply to something received `at` is due, `n` working days later at the same time of
/// day. Something received on a weekend or bank holiday counts from the start of the next
/// working day: a message on Saturday, with one working day, is due by the end of Monday.
pub fn working_days_after(at: DateTime<Utc>, n: u32) -> DateTime<Utc> {
    let mut start = at;
    if !is_working_day(at.date_naive()) {
        let day = next_working_day(at.date_naive());
        start = day.and_hms_opt(0, 0, 0).expect("midnight").and_utc();
    }
    let mut day = start.date_naive();
    for _ in 0..n {
        day = next_working_day(day);
    }
    day.and_time(start.time()).and_utc()
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn at(y: i32, m: u32, d: u32, h: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(y, m, d, h, 0, 0).unwrap()
    }

    /// gov.uk/bank-holidays, England and Wales, 2026: eight days, Boxing Day (a Saturday)
    /// replaced by Monday 28 December.
    #[test]
    fn the_2026_bank_holidays_are_gov_uks() {
        assert_eq!(
            bank_holidays(2026),
            vec![
                ymd(2026, 1, 1),
                ymd(2026, 4, 3),
                ymd(2026, 4, 6),
                ymd(2026, 5, 4),
                ymd(2026, 5, 25),
                ymd(2026, 8, 31),
                ymd(2026, 12, 25),
                ymd(2026, 12, 28),
            ]
        );
    }

    /// 2027 (gov.uk): Christmas Day (a Saturday) and Boxing Day (a Sunday) replaced by
    /// Monday 27 and Tuesday 28 December.
    #[test]
    fn weekend_days_move_to_the_next_free_weekday() {
        assert_eq!(
            bank_holidays(2027),
            vec![
                ymd(2027, 1, 1),
                ymd(2027, 3, 26),
                ymd(2027, 3, 29),
                ymd(2027, 5, 3),
                ymd(2027, 5, 31),
                ymd(2027, 8, 30),
                ymd(2027, 12, 27),
                ymd(2027, 12, 28),
            ]
        );
    }

    /// 2023 (gov.uk): New Year's Day (a Sunday) replaced by Monday 2 January, and the
    /// Coronation's one-off day.
    #[test]
    fn one_off_proclaimed_days_count() {
        let days = bank_holidays(2023);
        assert_eq!(days[0], ymd(2023, 1, 2));
        assert!(days.contains(&ymd(2023, 5, 8)));
        assert_eq!(days.len(), 9);
    }

    #[test]
    fn easter_follows_the_gregorian_computus() {
        assert_eq!(easter_sunday(2024), ymd(2024, 3, 31));
        assert_eq!(easter_sunday(2027), ymd(2027, 3, 28));
        assert_eq!(easter_sunday(2028), ymd(2028, 4, 16));
    }

    #[test]
    fn a_reply_is_due_a_working_day_later_skipping_weekends_and_holidays() {
        // Tuesday 10:00 → Wednesday 10:00.
        assert_eq!(
            working_days_after(at(2026, 12, 1, 10), 1),
            at(2026, 12, 2, 10)
        );
        // Friday 16:00 → Monday 16:00.
        assert_eq!(
            working_days_after(at(2026, 12, 4, 16), 1),
            at(2026, 12, 7, 16)
        );
        // Saturday → the end of Monday.
        assert_eq!(
            working_days_after(at(2026, 12, 5, 11), 1),
            at(2026, 12, 8, 0)
        );
        // Thursday 24 December 2026 → Tuesday 29th (Christmas Day, the weekend and Boxing
        // Day's substitute in between).
        assert_eq!(
            working_days_after(at(2026, 12, 24, 9), 1),
            at(2026, 12, 29, 9)
        );
        // Maundy Thursday 2026, two working days → Wednesday 8 April.
        assert_eq!(
            working_days_after(at(2026, 4, 2, 12), 2),
            at(2026, 4, 8, 12)
        );
    }
}
