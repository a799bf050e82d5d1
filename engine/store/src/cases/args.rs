//! Query text built at run time with `$n` binds, for the lists' optional filters.

use chrono::{DateTime, NaiveDate, Utc};

use crate::UserId;

/// One bind value of a dynamic query.
#[derive(Clone, Debug)]
pub enum Arg {
    Text(String),
    Int(i64),
    Bool(bool),
    User(UserId),
    OptText(Option<String>),
    OptInt(Option<i64>),
    OptBool(Option<bool>),
    Date(Option<NaiveDate>),
    Time(Option<DateTime<Utc>>),
    Json(serde_json::Value),
}

/// SQL text plus its binds, numbered in the order they are added.
#[derive(Clone, Debug, Default)]
pub(crate) struct Sql {
    pub text: String,
    pub args: Vec<Arg>,
}

impl Sql {
    pub fn push(&mut self, text: &str) -> &mut Self {
        self.text.push_str(text);
        self
    }

    /// Adds a bind and writes its placeholder.
    pub fn bind(&mut self, arg: Arg) -> &mut Self {
        self.args.push(arg);
        let n = self.args.len();
        self.text.push_str(&format!("${n}"));
        self
    }

    /// `$a, $b, …` for a non-empty list.
    pub fn bind_list(&mut self, args: impl IntoIterator<Item = Arg>) -> &mut Self {
        let mut first = true;
        for arg in args {
            if !first {
                self.text.push_str(", ");
            }
            first = false;
            self.bind(arg);
        }
        self
    }
}

/// Binds every [`Arg`] of `$args` to `$query` (a `sqlx::query` or `query_as`), for use inside
/// `on_db!` so it expands once per backend.
#[macro_export]
#[doc(hidden)]
macro_rules! bind_args {
    ($query:expr, $args:expr) => {{
        let mut q = $query;
        for arg in $args {
            q = match arg {
                $crate::cases::Arg::Text(v) => q.bind(v.clone()),
                $crate::cases::Arg::Int(v) => q.bind(*v),
                $crate::cases::Arg::Bool(v) => q.bind(*v),
                $crate::cases::Arg::User(v) => q.bind(*v),
                $crate::cases::Arg::OptText(v) => q.bind(v.clone()),
                $crate::cases::Arg::OptInt(v) => q.bind(*v),
                $crate::cases::Arg::OptBool(v) => q.bind(*v),
                $crate::cases::Arg::Date(v) => q.bind(*v),
                $crate::cases::Arg::Time(v) => q.bind(*v),
                $crate::cases::Arg::Json(v) => q.bind(sqlx::types::Json(v.clone())),
            };
        }
        q
    }};
}
