//! The statements of a list request: its filters, sort and pagination as SQL.

use super::{AssigneeFilter, ListQuery, ReplyFilter, SortBy, TaskDueFilter};
use crate::Backend;
use crate::cases::args::{Arg, Sql};
use crate::cases::people::case_with_people_columns;
use crate::cases::{Scope, search};

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
    pub(super) fn name_range(&self) -> Option<(String, String)> {
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
    pub(super) fn page_sql(&self, scope: &Scope, backend: Backend) -> (String, Vec<Arg>) {
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

    pub(super) fn count_sql(&self, scope: &Scope) -> (String, Vec<Arg>) {
        let mut sql = Sql::default();
        sql.push("SELECT COUNT(*) FROM cases c");
        self.where_clause(scope, &mut sql);
        (sql.text, sql.args)
    }

    /// The count as a sum of `firm_case_counts` rows, when the filters are only what that
    /// table knows: a broker admin's firm, the type, statuses and the flag.
    pub(super) fn stored_count_sql(&self, scope: &Scope) -> Option<(String, Vec<Arg>)> {
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
    pub(super) fn matches_sql(&self, scope: &Scope) -> (String, Vec<Arg>) {
        let mut sql = Sql::default();
        sql.push("SELECT c.id FROM cases c");
        self.where_clause(scope, &mut sql);
        sql.push(&self.order_clause());
        (sql.text, sql.args)
    }

    /// The whole rows of these cases, in list order.
    pub(super) fn rows_sql(&self, ids: &[i64], backend: Backend) -> (String, Vec<Arg>) {
        let mut sql = Sql::default();
        sql.push(&case_with_people_columns(backend))
            .push(" FROM cases c LEFT JOIN properties p ON p.case_id = c.id WHERE c.id IN (")
            .bind_list(ids.iter().map(|id| Arg::Int(*id)))
            .push(")")
            .push(&self.order_clause());
        (sql.text, sql.args)
    }
}
