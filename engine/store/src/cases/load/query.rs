//! Loading a case, checking it is visible, and its quotes.

use threshold_engine::enquiries::Enquiry;
use threshold_engine::tasks::TaskDone;
use threshold_engine::title_register::TitleRegisterName;
use threshold_engine::types::TransferReason;

use super::details::{CompanyRow, OfficerRow, company, details_query};
use super::{
    AcceptanceRow, AlterationRow, DocumentRow, GeneratedDocumentRow, GroundRentRow, IsaRow,
    LoadedCase, LoanRow, QuoteRow, RequiredRow, SearchRow, SourceOfFundsRow,
};
use crate::cases::args::{Arg, Sql};
use crate::cases::people::{CaseWithPeople, People, case_with_people_columns};
use crate::cases::{Relationship, Scope};
use crate::{Db, StoreError, UserId, bind_args, on_db};

impl Db {
    /// The case if `scope` may see it and it has this type; None otherwise (the API's 404).
    #[tracing::instrument(skip_all, fields(case_id))]
    pub async fn load_case(
        &self,
        case_id: i64,
        case_type: &str,
        scope: &Scope,
        user: Option<UserId>,
    ) -> Result<Option<LoadedCase>, StoreError> {
        let mut sql = Sql::default();
        sql.push(&case_with_people_columns(self.backend()))
            .push(" FROM cases c LEFT JOIN properties p ON p.case_id = c.id WHERE c.id = ")
            .bind(Arg::Int(case_id))
            .push(" AND c.case_type = ")
            .bind(Arg::Text(case_type.to_owned()));
        scope.restrict(&mut sql);
        let row: Option<CaseWithPeople> = on_db!(self, pool => {
            let q = sqlx::query_as(sqlx::AssertSqlSafe(sql.text.clone()));
            bind_args!(q, &sql.args).fetch_optional(pool).await
        })?;
        let Some(row) = row else {
            return Ok(None);
        };
        let (row, people) = row.split();
        let People {
            parties,
            legal_names,
            admins,
        } = people;
        let relationship = Relationship {
            is_party: parties
                .iter()
                .any(|p| Some(p.user_id) == user && p.party_type == "APPLICANT"),
            is_case_admin: scope.is_broker(),
        };
        let details: CaseDetails = on_db!(self, pool => {
            sqlx::query_as(sqlx::AssertSqlSafe(details_query(self.backend())))
                .bind(row.id)
                .fetch_one(pool)
                .await
        })?;
        let CaseDetails {
            quote,
            alterations,
            loans,
            isas,
            donors,
            sources,
            transfer_of_equity,
            documents,
            generated_documents,
            required,
            acceptances,
            searches,
            ground_rent,
            client_balance,
            tasks_done,
            enquiries,
            title_register_names,
            company: company_row,
            company_officers,
        } = details;
        let ids = |v: sqlx::types::Json<Vec<IdJson>>| v.0.into_iter().map(|i| i.id).collect();
        Ok(Some(LoadedCase {
            row,
            parties,
            legal_names,
            admins,
            quote: quote.map(|q| q.0),
            alterations: alterations.0,
            loans: loans.0,
            ground_rent: ground_rent.map(|g| g.0),
            isas: isas.0,
            donors: ids(donors),
            sources_of_funds: sources.0,
            transfer_of_equity: transfer_of_equity
                .map(|t| t.0.kind.as_deref().and_then(TransferReason::parse)),
            documents: documents.0,
            generated_documents: generated_documents.0,
            required: required.0,
            acceptances: acceptances.0,
            searches: searches.0,
            tasks_done: tasks_done.0,
            enquiries: enquiries.0,
            title_register_names: title_register_names.0,
            company: company(company_row.map(|c| c.0), company_officers.0),
            client_balance,
            relationship,
        }))
    }

    /// Whether `scope` may see this case of this type.
    #[tracing::instrument(skip_all, fields(case_id))]
    pub async fn can_see_case(
        &self,
        case_id: i64,
        case_type: &str,
        scope: &Scope,
    ) -> Result<bool, StoreError> {
        let mut sql = Sql::default();
        sql.push("SELECT c.id FROM cases c WHERE c.id = ")
            .bind(Arg::Int(case_id))
            .push(" AND c.case_type = ")
            .bind(Arg::Text(case_type.to_owned()));
        scope.restrict(&mut sql);
        let row: Option<(i64,)> = on_db!(self, pool => {
            let q = sqlx::query_as(sqlx::AssertSqlSafe(sql.text.clone()));
            bind_args!(q, &sql.args).fetch_optional(pool).await
        })?;
        Ok(row.is_some())
    }

    /// The latest quote of a case (the caller has checked the case is visible).
    #[tracing::instrument(skip_all, fields(case_id))]
    pub async fn latest_quote(&self, case_id: i64) -> Result<Option<QuoteRow>, StoreError> {
        self.quote_where(case_id, "").await
    }

    /// The latest quote of a case a customer accepted (a re-quote waits for acceptance after it).
    #[tracing::instrument(skip_all, fields(case_id))]
    pub async fn last_accepted_quote(&self, case_id: i64) -> Result<Option<QuoteRow>, StoreError> {
        self.quote_where(case_id, "AND accepted_at IS NOT NULL")
            .await
    }

    async fn quote_where(
        &self,
        case_id: i64,
        condition: &'static str,
    ) -> Result<Option<QuoteRow>, StoreError> {
        let sql = format!(
            "SELECT id, case_id, total_amount, deposit, subtotal, discount, cost_breakdown, \
             land_tax_type, land_tax_amount, accepted_at, created_at, terms FROM quotes \
             WHERE case_id = $1 {condition} ORDER BY id DESC LIMIT 1"
        );
        Ok(
            on_db!(self, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.clone()))
        .bind(case_id)
        .fetch_optional(pool)
        .await)?,
        )
    }
}

#[derive(sqlx::FromRow)]
struct CaseDetails {
    quote: Option<sqlx::types::Json<QuoteRow>>,
    alterations: sqlx::types::Json<Vec<AlterationRow>>,
    loans: sqlx::types::Json<Vec<LoanRow>>,
    isas: sqlx::types::Json<Vec<IsaRow>>,
    donors: sqlx::types::Json<Vec<IdJson>>,
    sources: sqlx::types::Json<Vec<SourceOfFundsRow>>,
    transfer_of_equity: Option<sqlx::types::Json<ReasonJson>>,
    documents: sqlx::types::Json<Vec<DocumentRow>>,
    generated_documents: sqlx::types::Json<Vec<GeneratedDocumentRow>>,
    required: sqlx::types::Json<Vec<RequiredRow>>,
    acceptances: sqlx::types::Json<Vec<AcceptanceRow>>,
    searches: sqlx::types::Json<Vec<SearchRow>>,
    ground_rent: Option<sqlx::types::Json<GroundRentRow>>,
    client_balance: i64,
    tasks_done: sqlx::types::Json<Vec<TaskDone>>,
    enquiries: sqlx::types::Json<Vec<Enquiry>>,
    title_register_names: sqlx::types::Json<Vec<TitleRegisterName>>,
    company: Option<sqlx::types::Json<CompanyRow>>,
    company_officers: sqlx::types::Json<Vec<OfficerRow>>,
}

#[derive(serde::Deserialize)]
struct IdJson {
    id: i64,
}

#[derive(serde::Deserialize)]
struct ReasonJson {
    kind: Option<String>,
}
