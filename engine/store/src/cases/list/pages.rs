//! One page of a list, and how many cases there are in all.

use std::collections::HashMap;
use std::sync::Arc;

use super::memo::Remembered;
use super::{CaseListItem, CaseListPage, ListMemo, ListQuery};
use crate::cases::Scope;
use crate::cases::people::CaseWithPeople;
use crate::{Db, StoreError, bind_args, on_db};

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
}
