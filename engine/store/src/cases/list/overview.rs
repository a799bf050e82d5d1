//! Per case type: how many cases a scope sees.

use crate::cases::args::{Arg, Sql};
use crate::cases::{CaseOverview, Scope};
use crate::{Db, StoreError, bind_args, on_db};

impl Db {
    /// Per case type: how many cases `scope` sees, how many are still open, the newest id.
    #[tracing::instrument(skip_all)]
    pub async fn case_overview(
        &self,
        case_type: &'static str,
        scope: &Scope,
        closed: &[&str],
    ) -> Result<CaseOverview, StoreError> {
        let closed = || closed.iter().map(|s| Arg::Text((*s).to_owned()));
        let mut sql = Sql::default();
        if let Scope::Firm(firm) = scope {
            // A broker admin's whole firm: the stored counts, not a count of every case.
            sql.push(
                "SELECT CAST(COALESCE(SUM(n), 0) AS BIGINT), \
                 CAST(COALESCE(SUM(CASE WHEN status IN (",
            )
            .bind_list(closed())
            .push(
                ") THEN 0 ELSE n END), 0) AS BIGINT), \
                 (SELECT MAX(c.id) FROM cases c WHERE c.case_type = ",
            )
            .bind(Arg::Text(case_type.to_owned()))
            .push(" AND c.firm_id = ")
            .bind(Arg::Int(*firm))
            .push(") FROM firm_case_counts WHERE firm_id = ")
            .bind(Arg::Int(*firm))
            .push(" AND case_type = ")
            .bind(Arg::Text(case_type.to_owned()));
        } else {
            sql.push("SELECT COUNT(*), COALESCE(SUM(CASE WHEN c.status IN (")
                .bind_list(closed())
                .push(") THEN 0 ELSE 1 END), 0), MAX(c.id) FROM cases c WHERE c.case_type = ")
                .bind(Arg::Text(case_type.to_owned()));
            scope.restrict(&mut sql);
        }
        let (total_count, active_count, latest_case_id): (i64, i64, Option<i64>) = on_db!(self, pool => {
            let q = sqlx::query_as(sqlx::AssertSqlSafe(sql.text.clone()));
            bind_args!(q, &sql.args).fetch_one(pool).await
        })?;
        Ok(CaseOverview {
            total_count,
            active_count,
            latest_case_id,
        })
    }
}
