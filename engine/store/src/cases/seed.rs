//! Bulk inserts for demo data and benchmarks: multi-row INSERTs, many per transaction, so a
//! million cases load in minutes on either database.

use super::args::{Arg, Sql};
use crate::BeginWrite;
use crate::{Db, StoreError, bind_args, on_db};

/// Rows for one table: static table and column names, one `Vec<Arg>` per row.
#[derive(Clone, Debug)]
pub struct TableRows {
    pub table: &'static str,
    pub columns: &'static [&'static str],
    pub rows: Vec<Vec<Arg>>,
}

/// Stays well under PostgreSQL's 65,535 bind limit.
const MAX_BINDS_POSTGRES: usize = 30_000;
/// Binding is quadratic in a statement's parameters on SQLite (each bind looks its name up
/// in a list), so SQLite gets many small statements instead of a few huge ones.
const MAX_BINDS_SQLITE: usize = 999;

impl Db {
    /// Inserts every table's rows, in order, in one transaction.
    #[tracing::instrument(skip_all)]
    pub async fn insert_rows(&self, tables: &[TableRows]) -> Result<(), StoreError> {
        let max_binds = match self {
            Db::Sqlite(_) => MAX_BINDS_SQLITE,
            Db::Postgres(_) => MAX_BINDS_POSTGRES,
        };
        let mut statements: Vec<Sql> = Vec::new();
        for t in tables {
            let per_statement = (max_binds / t.columns.len().max(1)).max(1);
            for chunk in t.rows.chunks(per_statement) {
                let mut sql = Sql::default();
                sql.push(&format!(
                    "INSERT INTO {} ({}) VALUES ",
                    t.table,
                    t.columns.join(", ")
                ));
                for (i, row) in chunk.iter().enumerate() {
                    sql.push(if i == 0 { "(" } else { ", (" })
                        .bind_list(row.iter().cloned())
                        .push(")");
                }
                if matches!(self, Db::Sqlite(_)) {
                    // SQLite looks `$n` names up one by one (quadratic in a 30,000-bind
                    // statement); `?n` is a plain index. Names here never contain `$`.
                    sql.text = sql.text.replace('$', "?");
                }
                statements.push(sql);
            }
        }
        on_db!(self, pool => {
            let mut tx = pool.begin_write().await?;
            for sql in &statements {
                let q = sqlx::query(sqlx::AssertSqlSafe(sql.text.clone()));
                bind_args!(q, &sql.args).execute(&mut *tx).await?;
            }
            tx.commit().await?;
            Ok::<(), sqlx::Error>(())
        })?;
        Ok(())
    }

    /// The highest case id so far (bulk inserts number their own cases from here).
    pub async fn max_case_id(&self) -> Result<i64, StoreError> {
        let (id,): (Option<i64>,) = on_db!(self, pool => sqlx::query_as("SELECT MAX(id) FROM cases").fetch_one(pool).await)?;
        Ok(id.unwrap_or(0))
    }

    /// Records the invitation a broker's 'Send to customer' would have sent, for the lead
    /// customer of every case in `first..=last` that is waiting in one of `statuses`: bulk cases
    /// start in that status directly, and the customer's answer needs the invitation.
    pub async fn invite_bulk_lead_customers(
        &self,
        first: i64,
        last: i64,
        statuses: &[&str],
    ) -> Result<(), StoreError> {
        for status in statuses {
            on_db!(self, pool => sqlx::query(
                "INSERT INTO invitations (case_id, applicant_id, sent_at) \
                 SELECT c.id, a.id, c.updated_at FROM cases c \
                 JOIN applicants a ON a.case_id = c.id AND a.is_lead \
                 WHERE c.id BETWEEN $1 AND $2 AND c.status = $3 \
                 AND NOT EXISTS (SELECT 1 FROM invitations i WHERE i.applicant_id = a.id)",
            )
            .bind(first)
            .bind(last)
            .bind(*status)
            .execute(pool)
            .await
            .map(|_| ()))?;
        }
        Ok(())
    }

    /// How many cases exist (all types).
    pub async fn count_cases(&self) -> Result<i64, StoreError> {
        let (n,): (i64,) = on_db!(self, pool => sqlx::query_as("SELECT COUNT(*) FROM cases").fetch_one(pool).await)?;
        Ok(n)
    }

    /// After inserting explicit ids, moves PostgreSQL's sequence past them (SQLite's
    /// AUTOINCREMENT follows explicit ids by itself) and refreshes the planner's statistics;
    /// PostgreSQL also gets its visibility map set, without which the list's covering indexes
    /// could not be read index-only.
    pub async fn after_bulk_insert(&self) -> Result<(), StoreError> {
        match self {
            Db::Postgres(pool) => {
                sqlx::query(
                    "SELECT setval(pg_get_serial_sequence('cases', 'id'), \
                     (SELECT COALESCE(MAX(id), 1) FROM cases))",
                )
                .execute(pool)
                .await?;
                sqlx::query("VACUUM ANALYZE").execute(pool).await?;
            }
            Db::Sqlite(pool) => {
                sqlx::query("ANALYZE").execute(pool).await?;
            }
        }
        Ok(())
    }
}
