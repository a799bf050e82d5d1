//! The case lists of spec section 2: filters, sort and pagination, scoped in SQL.

use std::collections::HashMap;
use std::sync::Arc;

use chrono::{DateTime, NaiveDate, Utc};

use super::args::{Arg, Sql};
use super::load::{AdminRow, CaseRow, LegalNameRow, PartyRow};
use super::people::{CaseWithPeople, case_with_people_columns};
use super::{Scope, search};
use crate::{Backend, Db, StoreError, UserId, bind_args, on_db};

/// The spec's sort fields (ENUM-04, ENUM-05).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SortBy {
    CreatedAt,
    UpdatedAt,
    CurrentDealEndDate,
    CompletionDate,
    MortgageOfferUploadedAt,
    TargetMoveInDate,
    TermsAcceptedAt,
    DepositPaidAt,
    Ta6UploadedAt,
    EnquiresRaisedAt,
    EnquiresRespondedAt,
    /// The back office's queue only: the earliest due date of the case's open legal-file tasks.
    NextTaskDueOn,
    /// The back office's queue only: when the firm's reply to a waiting message is due.
    ReplyDueAt,
}

impl SortBy {
    fn column(self) -> &'static str {
        match self {
            SortBy::CreatedAt => "c.created_at",
            SortBy::UpdatedAt => "c.updated_at",
            SortBy::CurrentDealEndDate => "c.current_deal_end_date",
            SortBy::CompletionDate => "c.completion_date",
            SortBy::MortgageOfferUploadedAt => "c.mortgage_offer_uploaded_at",
            SortBy::TargetMoveInDate => "c.target_move_in_date",
            SortBy::TermsAcceptedAt => "c.terms_accepted_at",
            SortBy::DepositPaidAt => "c.deposit_paid_at",
            SortBy::Ta6UploadedAt => "c.ta6_uploaded_at",
            SortBy::EnquiresRaisedAt => "c.enquires_raised_at",
            SortBy::EnquiresRespondedAt => "c.enquires_responded_at",
            SortBy::NextTaskDueOn => "c.next_task_due_on",
            SortBy::ReplyDueAt => "c.reply_due_at",
        }
    }

    /// Never NULL: ordered straight from the index, no NULLS LAST needed.
    fn not_null(self) -> bool {
        matches!(self, SortBy::CreatedAt | SortBy::UpdatedAt)
    }
}

/// A list request with every value already validated (the API falls back to defaults).
#[derive(Clone, Debug)]
pub struct ListQuery {
    pub case_type: &'static str,
    pub page: i64,
    pub page_size: i64,
    pub statuses: Vec<String>,
    /// `hasMortgageOffer` (remortgaging) or `hasPaidDeposit` (buying).
    pub flag: Option<bool>,
    pub broker_user_ids: Vec<UserId>,
    pub sort_by: SortBy,
    pub ascending: bool,
    /// Prefix of an owner's or buyer's name (any word start), as typed.
    pub name: Option<String>,
    /// The back office's work queue: only cases assigned to this conveyancer, or to nobody.
    pub assignee: Option<AssigneeFilter>,
    /// The back office's work queue: only cases with a legal-file task due, or overdue.
    pub task_due: Option<TaskDueFilter>,
    /// The back office's work queue: only cases with a message waiting for the firm's reply,
    /// or one whose reply is overdue.
    pub reply: Option<ReplyFilter>,
}

/// Which cases the work queue shows by the firm's reply-time promise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplyFilter {
    /// A customer's or broker's message waits for the firm's reply.
    Waiting,
    /// The reply was due before this moment (now).
    OverdueAt(DateTime<Utc>),
}

/// Which cases the work queue shows by their open legal-file tasks' due dates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TaskDueFilter {
    /// A task with a due date is open.
    Due,
    /// A task's due date is before this day (today) and it is not done.
    OverdueOn(NaiveDate),
}

/// Whose cases the work queue shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AssigneeFilter {
    Unassigned,
    To(UserId),
}

/// One case of a list page, with its parties and brokers.
#[derive(Clone, Debug)]
pub struct CaseListItem {
    pub row: CaseRow,
    pub parties: Vec<PartyRow>,
    pub admins: Vec<AdminRow>,
}

#[derive(Clone, Debug)]
pub struct CaseListPage {
    pub items: Vec<CaseListItem>,
    pub legal_names: HashMap<UserId, Vec<LegalNameRow>>,
    pub total_count: i64,
}

impl ListQuery {
    /// ` FROM cases c WHERE …` shared by the page and the count.
    fn where_clause(&self, scope: &Scope, sql: &mut Sql) {
        sql.push(" WHERE c.case_type = ")
            .bind(Arg::Text(self.case_type.to_owned()));
        self.status_filter("c.status", sql);
        if let Some(flag) = self.flag {
            let column = if self.case_type == "BUYING" {
                " AND c.has_paid_deposit = "
            } else {
                " AND c.has_mortgage_offer = "
            };
            sql.push(column).bind(Arg::Bool(flag));
        }
        if !self.broker_user_ids.is_empty() {
            sql.push(" AND c.id IN (SELECT ca.case_id FROM case_admins ca WHERE ca.user_id IN (")
                .bind_list(self.broker_user_ids.iter().map(|u| Arg::User(*u)))
                .push("))");
        }
        match self.assignee {
            Some(AssigneeFilter::Unassigned) => {
                sql.push(" AND c.assignee_id IS NULL");
            }
            Some(AssigneeFilter::To(user)) => {
                sql.push(" AND c.assignee_id = ").bind(Arg::User(user));
            }
            None => {}
        }
        match self.task_due {
            Some(TaskDueFilter::Due) => {
                sql.push(" AND c.next_task_due_on IS NOT NULL");
            }
            Some(TaskDueFilter::OverdueOn(today)) => {
                sql.push(" AND c.next_task_due_on < ")
                    .bind(Arg::Date(Some(today)));
            }
            None => {}
        }
        match self.reply {
            Some(ReplyFilter::Waiting) => {
                sql.push(" AND c.reply_due_at IS NOT NULL");
            }
            Some(ReplyFilter::OverdueAt(now)) => {
                sql.push(" AND c.reply_due_at < ")
                    .bind(Arg::Time(Some(now)));
            }
            None => {}
        }
        if let Some((prefix, upper)) = self.name_range() {
            sql.push(
                " AND c.id IN (SELECT n.case_id FROM case_search_names n WHERE n.case_type = ",
            )
            .bind(Arg::Text(self.case_type.to_owned()))
            .push(" AND n.name >= ")
            .bind(Arg::Text(prefix))
            .push(" AND n.name < ")
            .bind(Arg::Text(upper))
            .push(")");
        }
        scope.restrict(sql);
    }

    /// ` AND <column> IN (…statuses)` when the list is filtered by status.
    fn status_filter(&self, column: &str, sql: &mut Sql) {
        if !self.statuses.is_empty() {
            sql.push(" AND ")
                .push(column)
                .push(" IN (")
                .bind_list(self.statuses.iter().map(|s| Arg::Text(s.clone())))
                .push(")");
        }
    }

    /// The index range `[prefix, upper)` of the name search, if it searches at all (a name of
    /// only punctuation and spaces does not).
    fn name_range(&self) -> Option<(String, String)> {
        let prefix = search::normalise(self.name.as_deref()?);
        let upper = search::prefix_upper_bound(&prefix)?;
        Some((prefix, upper))
    }

    fn order_clause(&self) -> String {
        let dir = if self.ascending { "ASC" } else { "DESC" };
        let nulls = if self.sort_by.not_null() {
            ""
        } else {
            " NULLS LAST"
        };
        format!(
            " ORDER BY {} {dir}{nulls}, c.id {dir}",
            self.sort_by.column()
        )
    }

    /// The page's SQL. The page's ids are found first by walking an index in sort order
    /// (narrow columns only), then only those rows are read whole (a deferred join).
    fn page_sql(&self, scope: &Scope, backend: Backend) -> (String, Vec<Arg>) {
        let order = self.order_clause();
        let mut sql = Sql::default();
        sql.push(&case_with_people_columns(backend))
            .push(" FROM (SELECT c.id FROM cases c");
        self.where_clause(scope, &mut sql);
        sql.push(&order)
            .push(" LIMIT ")
            .bind(Arg::Int(self.page_size))
            .push(" OFFSET ")
            .bind(Arg::Int(self.page * self.page_size))
            .push(
                ") page JOIN cases c ON c.id = page.id LEFT JOIN properties p ON p.case_id = c.id",
            )
            .push(&order);
        (sql.text, sql.args)
    }

    fn count_sql(&self, scope: &Scope) -> (String, Vec<Arg>) {
        let mut sql = Sql::default();
        sql.push("SELECT COUNT(*) FROM cases c");
        self.where_clause(scope, &mut sql);
        (sql.text, sql.args)
    }

    /// The count as a sum of `firm_case_counts` rows, when the filters are only what that
    /// table knows: a broker admin's firm, the type, statuses and the flag.
    fn stored_count_sql(&self, scope: &Scope) -> Option<(String, Vec<Arg>)> {
        let Scope::Firm(firm) = scope else {
            return None;
        };
        if !self.broker_user_ids.is_empty()
            || self.name_range().is_some()
            || self.assignee.is_some()
            || self.task_due.is_some()
        {
            return None;
        }
        let mut sql = Sql::default();
        sql.push(
            "SELECT CAST(COALESCE(SUM(n), 0) AS BIGINT) FROM firm_case_counts WHERE firm_id = ",
        )
        .bind(Arg::Int(*firm))
        .push(" AND case_type = ")
        .bind(Arg::Text(self.case_type.to_owned()));
        self.status_filter("status", &mut sql);
        if let Some(flag) = self.flag {
            sql.push(" AND flag = ").bind(Arg::Bool(flag));
        }
        Some((sql.text, sql.args))
    }

    /// Every matching id in list order: for a name search, whose matches are few enough to
    /// remember and too scattered to walk in sort order.
    fn matches_sql(&self, scope: &Scope) -> (String, Vec<Arg>) {
        let mut sql = Sql::default();
        sql.push("SELECT c.id FROM cases c");
        self.where_clause(scope, &mut sql);
        sql.push(&self.order_clause());
        (sql.text, sql.args)
    }

    /// The whole rows of these cases, in list order.
    fn rows_sql(&self, ids: &[i64], backend: Backend) -> (String, Vec<Arg>) {
        let mut sql = Sql::default();
        sql.push(&case_with_people_columns(backend))
            .push(" FROM cases c LEFT JOIN properties p ON p.case_id = c.id WHERE c.id IN (")
            .bind_list(ids.iter().map(|id| Arg::Int(*id)))
            .push(")")
            .push(&self.order_clause());
        (sql.text, sql.args)
    }
}

/// What earlier list queries found, each valid only at the `case_list_generation` it was read
/// at (see the migration that made it). Counting a broad filter reads every matching index
/// entry (tens of milliseconds at a million cases) while its page is a short index walk, and a
/// name search's matches are scattered over the sort order; people page through the same
/// filter, so both are worth remembering. One per server process; cheap to clone.
#[derive(Clone)]
pub struct ListMemo(Arc<quick_cache::sync::Cache<String, Remembered, RememberedWeight>>);

#[derive(Clone)]
enum Remembered {
    Count(i64),
    /// Every matching id, in list order.
    Matches(Arc<[i64]>),
}

/// Roughly the bytes an entry holds, so a few huge name searches cannot crowd out memory.
#[derive(Clone)]
struct RememberedWeight;

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
    fn key(generation: i64, sql: &str, args: &[Arg]) -> String {
        format!("{generation}\u{1f}{sql}\u{1f}{args:?}")
    }
}

impl Default for ListMemo {
    fn default() -> Self {
        Self::new(64 << 20)
    }
}

impl Db {
    /// One page of the cases `scope` may see, and how many there are in all.
    #[tracing::instrument(skip_all, fields(case_type = query.case_type, page = query.page))]
    pub async fn list_cases(
        &self,
        query: &ListQuery,
        scope: &Scope,
        memo: &ListMemo,
    ) -> Result<CaseListPage, StoreError> {
        let (rows, total_count) = if query.name_range().is_some() {
            self.name_search_page(query, scope, memo).await?
        } else {
            self.walked_page(query, scope, memo).await?
        };
        let mut legal_names = HashMap::new();
        let items = rows
            .into_iter()
            .map(|row| {
                let (row, people) = row.split();
                legal_names.extend(people.legal_names);
                CaseListItem {
                    parties: people
                        .parties
                        .into_iter()
                        .filter(|p| p.party_type == "APPLICANT")
                        .collect(),
                    admins: people.admins,
                    row,
                }
            })
            .collect();
        Ok(CaseListPage {
            items,
            legal_names,
            total_count,
        })
    }

    /// The list generation now (see the migration that made it).
    async fn list_generation(&self) -> Result<i64, StoreError> {
        let (generation,): (i64,) = on_db!(self, pool => sqlx::query_as(
            "SELECT generation FROM case_list_generation WHERE id = 1",
        )
        .fetch_one(pool)
        .await)?;
        Ok(generation)
    }

    /// The page by walking the sort order's index within the scope; the count remembered.
    async fn walked_page(
        &self,
        query: &ListQuery,
        scope: &Scope,
        memo: &ListMemo,
    ) -> Result<(Vec<CaseWithPeople>, i64), StoreError> {
        let (page_sql, page_args) = query.page_sql(scope, self.backend());
        let rows: Vec<CaseWithPeople> = on_db!(self, pool => {
            let q = sqlx::query_as(sqlx::AssertSqlSafe(page_sql));
            bind_args!(q, &page_args).fetch_all(pool).await
        })?;
        // The count is skipped when the page already shows everything from the first row.
        if query.page == 0 && (rows.len() as i64) < query.page_size {
            let n = rows.len() as i64;
            return Ok((rows, n));
        }
        // The generation read with the rows: a count remembered at it matches them.
        let generation = match rows.first() {
            Some(row) => row.list_generation,
            None => self.list_generation().await?,
        };
        let (count_sql, count_args) = query.count_sql(scope);
        let key = ListMemo::key(generation, &count_sql, &count_args);
        if let Some(Remembered::Count(n)) = memo.0.get(&key) {
            return Ok((rows, n));
        }
        let (sql, args) = query
            .stored_count_sql(scope)
            .unwrap_or((count_sql, count_args));
        let (n,): (i64,) = on_db!(self, pool => {
            let q = sqlx::query_as(sqlx::AssertSqlSafe(sql));
            bind_args!(q, &args).fetch_one(pool).await
        })?;
        memo.0.insert(key, Remembered::Count(n));
        Ok((rows, n))
    }

    /// The page as a slice of the search's remembered matches.
    async fn name_search_page(
        &self,
        query: &ListQuery,
        scope: &Scope,
        memo: &ListMemo,
    ) -> Result<(Vec<CaseWithPeople>, i64), StoreError> {
        // Read before the matches: what is remembered at this generation is then never older
        // than the rows shown with it.
        let generation = self.list_generation().await?;
        let (matches_sql, matches_args) = query.matches_sql(scope);
        let key = ListMemo::key(generation, &matches_sql, &matches_args);
        let matches = match memo.0.get(&key) {
            Some(Remembered::Matches(ids)) => ids,
            _ => {
                let ids: Vec<(i64,)> = on_db!(self, pool => {
                    let q = sqlx::query_as(sqlx::AssertSqlSafe(matches_sql));
                    bind_args!(q, &matches_args).fetch_all(pool).await
                })?;
                let ids: Arc<[i64]> = ids.into_iter().map(|(id,)| id).collect();
                memo.0.insert(key, Remembered::Matches(ids.clone()));
                ids
            }
        };
        let start = (query.page * query.page_size).min(matches.len() as i64) as usize;
        let end = (start + query.page_size as usize).min(matches.len());
        let page = &matches[start..end];
        if page.is_empty() {
            return Ok((vec![], matches.len() as i64));
        }
        let (rows_sql, rows_args) = query.rows_sql(page, self.backend());
        let rows: Vec<CaseWithPeople> = on_db!(self, pool => {
            let q = sqlx::query_as(sqlx::AssertSqlSafe(rows_sql));
            bind_args!(q, &rows_args).fetch_all(pool).await
        })?;
        Ok((rows, matches.len() as i64))
    }

    /// Per case type: how many cases `scope` sees, how many are still open, the newest id.
    #[tracing::instrument(skip_all)]
    pub async fn case_overview(
        &self,
        case_type: &'static str,
        scope: &Scope,
        closed: &[&str],
    ) -> Result<super::CaseOverview, StoreError> {
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
        Ok(super::CaseOverview {
            total_count,
            active_count,
            latest_case_id,
        })
    }
}
