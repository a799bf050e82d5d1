//! What earlier list queries found, remembered per list generation.

use std::sync::Arc;

use crate::cases::args::Arg;

/// What earlier list queries found, each valid only at the `case_list_generation` it was read
/// at (see the migration that made it). Counting a broad filter reads every matching index
/// entry (tens of milliseconds at a million cases) while its page is a short index walk, and a
/// name search's matches are scattered over the sort order; people page through the same
/// filter, so both are worth remembering. One per server process; cheap to clone.
#[derive(Clone)]
pub struct ListMemo(pub(super) Arc<quick_cache::sync::Cache<String, Remembered, RememberedWeight>>);

#[derive(Clone)]
pub(super) enum Remembered {
    Count(i64),
    /// Every matching id, in list order.
    Matches(Arc<[i64]>),
}

/// Roughly the bytes an entry holds, so a few huge name searches cannot crowd out memory.
#[derive(Clone)]
pub(super) struct RememberedWeight;

impl quick_cache::Weighter<String, Remembered> for RememberedWeight {
    fn weight(&self, key: &String, value: &Remembered) -> u64 {
        let value = match value {
            Remembered::Count(_) => 8,
            Remembered::Matches(ids) => 8 * ids.len(),
        };
        (key.len() + value) as u64
    }
}

impl ListMemo {
    /// Holds up to about `bytes` of counts and matches; the least used go first.
    pub fn new(bytes: u64) -> Self {
        Self(Arc::new(quick_cache::sync::Cache::with_weighter(
            10_000,
            bytes,
            RememberedWeight,
        )))
    }

    /// The key names everything the entry depends on: the generation and the exact statement
    /// with its arguments (so scope and every filter are in it by construction).
    pub(super) fn key(generation: i64, sql: &str, args: &[Arg]) -> String {
        format!("{generation}\u{1f}{sql}\u{1f}{args:?}")
    }
}

impl Default for ListMemo {
    fn default() -> Self {
        Self::new(64 << 20)
    }
}
