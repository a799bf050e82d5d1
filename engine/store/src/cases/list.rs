//! The case lists of spec section 2: filters, sort and pagination, scoped in SQL.

use std::collections::HashMap;

use super::args::{Arg, Sql};
use super::load::{AdminRow, CaseRow, LegalNameRow, PartyRow, case_columns};
use super::{Scope, search};
use crate::{Db, StoreError, UserId, bind_args, on_db};

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
        if !self.statuses.is_empty() {
            sql.push(" AND c.status IN (")
                .bind_list(self.statuses.iter().map(|s| Arg::Text(s.clone())))
                .push(")");
        }
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
        if let Some(name) = &self.name {
            let prefix = search::normalise(name);
            if let Some(upper) = search::prefix_upper_bound(&prefix) {
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
        }
        scope.restrict(sql);
    }

    /// The page's SQL (for the benchmark's direct timing too). The page's ids are found
    /// first on the narrow columns, then only those rows are read whole (a deferred join),
    /// so sorting never carries every column of every matching case.
    pub fn page_sql(&self, scope: &Scope) -> (String, Vec<Arg>) {
        let dir = if self.ascending { "ASC" } else { "DESC" };
        let nulls = if self.sort_by.not_null() {
            ""
        } else {
            " NULLS LAST"
        };
        let order = format!(
            " ORDER BY {} {dir}{nulls}, c.id {dir}",
            self.sort_by.column()
        );
        let mut sql = Sql::default();
        sql.push(concat!(
            "SELECT ",
            case_columns!(),
            " FROM (SELECT c.id FROM cases c"
        ));
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

    pub fn count_sql(&self, scope: &Scope) -> (String, Vec<Arg>) {
        let mut sql = Sql::default();
        sql.push("SELECT COUNT(*) FROM cases c");
        self.where_clause(scope, &mut sql);
        (sql.text, sql.args)
    }
}

impl Db {
    /// One page of the cases `scope` may see, and how many there are in all.
    #[tracing::instrument(skip_all, fields(case_type = query.case_type, page = query.page))]
    pub async fn list_cases(
        &self,
        query: &ListQuery,
        scope: &Scope,
    ) -> Result<CaseListPage, StoreError> {
        let (page_sql, page_args) = query.page_sql(scope);
        let (count_sql, count_args) = query.count_sql(scope);
        let rows: Vec<CaseRow> = on_db!(self, pool => {
            let q = sqlx::query_as(sqlx::AssertSqlSafe(page_sql));
            bind_args!(q, &page_args).fetch_all(pool).await
        })?;
        // The count is skipped when the page already shows everything from the first row.
        let total_count = if query.page == 0 && (rows.len() as i64) < query.page_size {
            rows.len() as i64
        } else {
            let (n,): (i64,) = on_db!(self, pool => {
                let q = sqlx::query_as(sqlx::AssertSqlSafe(count_sql));
                bind_args!(q, &count_args).fetch_one(pool).await
            })?;
            n
        };
        let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
        let parties = self.parties_of(&ids).await?;
        let users: Vec<UserId> = parties
            .iter()
            .filter(|p| p.party_type == "APPLICANT")
            .map(|p| p.user_id)
            .collect();
        let legal_names = self.legal_names_of(&users).await?;
        let admins = self.admins_of(&ids).await?;
        let items = rows
            .into_iter()
            .map(|row| CaseListItem {
                parties: parties
                    .iter()
                    .filter(|p| p.case_id == row.id && p.party_type == "APPLICANT")
                    .cloned()
                    .collect(),
                admins: admins
                    .iter()
                    .filter(|a| a.case_id == row.id)
                    .cloned()
                    .collect(),
                row,
            })
            .collect();
        Ok(CaseListPage {
            items,
            legal_names,
            total_count,
        })
    }

    /// Per case type: how many cases `scope` sees, how many are still open, the newest id.
    #[tracing::instrument(skip_all)]
    pub async fn case_overview(
        &self,
        case_type: &'static str,
        scope: &Scope,
    ) -> Result<super::CaseOverview, StoreError> {
        let mut sql = Sql::default();
        sql.push(
            "SELECT COUNT(*), COALESCE(SUM(CASE WHEN c.status IN ('INELIGIBLE', 'COMPLETED', 'CANCELLED') \
             THEN 0 ELSE 1 END), 0), MAX(c.id) FROM cases c WHERE c.case_type = ",
        )
        .bind(Arg::Text(case_type.to_owned()));
        scope.restrict(&mut sql);
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
