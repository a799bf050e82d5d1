//! GET /remortgaging/cases and GET /buying/cases: the lists of spec section 2. Every query
//! parameter is read leniently: an invalid value falls back to its default (LIST-13).

use axum::Json;
use axum::extract::{RawQuery, State};
use threshold_engine::{BuyingStatus, CaseType, RemortgagingStatus, WorkflowStatus};
use threshold_store::UserId;
use threshold_store::cases::{
    CaseListItem, CaseListPage, LegalNameRow, ListQuery, LoadedCase, Relationship, Scope, SortBy,
};
use threshold_store::users::User;

use super::access::{self, BUYING, REMORTGAGING};
use super::types::{
    BuyingCaseList, BuyingListCase, BuyingListItem, CaseAdminBody, LegalNameBody, ListParty,
    ListPartyUser, ListProperty, RemortgagingCaseList, RemortgagingListItem, StatusChip,
};
use crate::app::AppState;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::CurrentSession;

pub const DEFAULT_PAGE_SIZE: i64 = 10;
pub const MAX_PAGE_SIZE: i64 = 100;

#[utoipa::path(get, path = "/remortgaging/cases", tag = "cases",
    params(
        ("pageSize" = Option<i64>, Query, description = "1..=100, default 10"),
        ("page" = Option<i64>, Query, description = "0-based, default 0"),
        ("status" = Option<Vec<String>>, Query, description = "Statuses; repeat or comma-separate"),
        ("hasMortgageOffer" = Option<bool>, Query, description = "true or false; absent = any"),
        ("brokerUserIds" = Option<Vec<String>>, Query, description = "Broker user ids; repeat or comma-separate"),
        ("sortBy" = Option<String>, Query, description = "CREATED_AT (default), UPDATED_AT, CURRENT_DEAL_END_DATE, COMPLETION_DATE, MORTGAGE_OFFER_UPLOADED_AT"),
        ("sortDirection" = Option<String>, Query, description = "ASC or DESC (default)"),
        ("propertyOwnerName" = Option<String>, Query, description = "Case-insensitive prefix of any word of an owner's name"),
    ),
    responses(
        (status = 200, description = "A page of the cases you may see; invalid parameters fall back to their defaults", body = RemortgagingCaseList),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a customer or broker", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn list_remortgaging(
    State(state): State<AppState>,
    session: CurrentSession,
    RawQuery(raw): RawQuery,
) -> ApiResult<Json<RemortgagingCaseList>> {
    let scope = access::scope(&state, &session).await?;
    let query = parse(raw.as_deref(), CaseType::Remortgaging);
    let page = state
        .db
        .list_cases(&query, &scope, &state.list_memo)
        .await?;
    let cases = page
        .items
        .iter()
        .map(|item| remortgaging_item(&state, &session.user, &scope, item, &page))
        .collect::<ApiResult<Vec<_>>>()?;
    let (total_pages, current_page) = pages(&page, &query);
    Ok(Json(RemortgagingCaseList {
        cases,
        total_count: page.total_count,
        total_pages,
        current_page,
    }))
}

#[utoipa::path(get, path = "/buying/cases", tag = "cases",
    params(
        ("pageSize" = Option<i64>, Query, description = "1..=100, default 10"),
        ("page" = Option<i64>, Query, description = "0-based, default 0"),
        ("status" = Option<Vec<String>>, Query, description = "Statuses; repeat or comma-separate"),
        ("hasPaidDeposit" = Option<bool>, Query, description = "true or false; absent = any"),
        ("brokerUserIds" = Option<Vec<String>>, Query, description = "Broker user ids; repeat or comma-separate"),
        ("sortBy" = Option<String>, Query, description = "CREATED_AT (default), UPDATED_AT, TARGET_MOVE_IN_DATE, TERMS_ACCEPTED_AT, DEPOSIT_PAID_AT, TA6_UPLOADED_AT, ENQUIRES_RAISED_AT, ENQUIRES_RESPONDED_AT"),
        ("sortDirection" = Option<String>, Query, description = "ASC or DESC (default)"),
        ("buyerName" = Option<String>, Query, description = "Case-insensitive prefix of any word of a buyer's name"),
    ),
    responses(
        (status = 200, description = "A page of the cases you may see; invalid parameters fall back to their defaults", body = BuyingCaseList),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a customer or broker", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn list_buying(
    State(state): State<AppState>,
    session: CurrentSession,
    RawQuery(raw): RawQuery,
) -> ApiResult<Json<BuyingCaseList>> {
    let scope = access::scope(&state, &session).await?;
    let query = parse(raw.as_deref(), CaseType::Buying);
    let page = state
        .db
        .list_cases(&query, &scope, &state.list_memo)
        .await?;
    let cases = page
        .items
        .iter()
        .map(|item| buying_item(&state, &session.user, &scope, item, &page))
        .collect::<ApiResult<Vec<_>>>()?;
    let (total_pages, current_page) = pages(&page, &query);
    Ok(Json(BuyingCaseList {
        cases,
        total_count: page.total_count,
        total_pages,
        current_page,
    }))
}

/// `totalPages = ceil(totalCount / pageSize)`; `currentPage` is the page asked for.
fn pages(page: &CaseListPage, query: &ListQuery) -> (i64, i64) {
    let total_pages = (page.total_count + query.page_size - 1) / query.page_size;
    (total_pages, query.page)
}

/// Reads the list's query string; anything invalid takes the default.
pub fn parse(raw: Option<&str>, case_type: CaseType) -> ListQuery {
    let pairs: Vec<(String, String)> = url::form_urlencoded::parse(raw.unwrap_or("").as_bytes())
        .into_owned()
        .collect();
    let values = |name: &str| -> Vec<String> {
        pairs
            .iter()
            .filter(|(k, _)| k == name)
            .flat_map(|(_, v)| v.split(',').map(|s| s.trim().to_owned()))
            .filter(|v| !v.is_empty())
            .collect()
    };
    let first = |name: &str| values(name).into_iter().next();
    let page_size = first("pageSize")
        .and_then(|v| v.parse::<i64>().ok())
        .filter(|n| (1..=MAX_PAGE_SIZE).contains(n))
        .unwrap_or(DEFAULT_PAGE_SIZE);
    // A page beyond any real list is refused as a number, not queried with a huge offset.
    let page = first("page")
        .and_then(|v| v.parse::<i64>().ok())
        .filter(|n| (0..=10_000_000).contains(n))
        .unwrap_or(0);
    let mut statuses: Vec<String> = values("status")
        .into_iter()
        .filter(|s| match case_type {
            CaseType::Remortgaging => RemortgagingStatus::parse(s).is_some(),
            CaseType::Buying => BuyingStatus::parse(s).is_some(),
        })
        .collect();
    statuses.sort();
    statuses.dedup();
    let (flag_name, name_param) = match case_type {
        CaseType::Remortgaging => ("hasMortgageOffer", "propertyOwnerName"),
        CaseType::Buying => ("hasPaidDeposit", "buyerName"),
    };
    let flag = first(flag_name).and_then(|v| match v.to_ascii_lowercase().as_str() {
        "true" => Some(true),
        "false" => Some(false),
        _ => None,
    });
    let mut broker_user_ids: Vec<UserId> = values("brokerUserIds")
        .into_iter()
        .filter_map(|v| v.parse().ok())
        .collect();
    broker_user_ids.dedup();
    broker_user_ids.truncate(100);
    let sort_by = first("sortBy")
        .and_then(|v| sort_field(case_type, &v))
        .unwrap_or(SortBy::CreatedAt);
    let ascending = first("sortDirection").is_some_and(|v| v.eq_ignore_ascii_case("ASC"));
    let name = pairs
        .iter()
        .find(|(k, _)| k == name_param)
        .map(|(_, v)| v.trim().chars().take(100).collect::<String>())
        .filter(|v| !v.is_empty());
    ListQuery {
        case_type: match case_type {
            CaseType::Remortgaging => REMORTGAGING,
            CaseType::Buying => BUYING,
        },
        page,
        page_size,
        statuses,
        flag,
        broker_user_ids,
        sort_by,
        ascending,
        name,
    }
}

/// The spec's sort fields for each type (ENUM-04, ENUM-05).
fn sort_field(case_type: CaseType, v: &str) -> Option<SortBy> {
    let both = match v {
        "CREATED_AT" => Some(SortBy::CreatedAt),
        "UPDATED_AT" => Some(SortBy::UpdatedAt),
        _ => None,
    };
    both.or(match (case_type, v) {
        (CaseType::Remortgaging, "CURRENT_DEAL_END_DATE") => Some(SortBy::CurrentDealEndDate),
        (CaseType::Remortgaging, "COMPLETION_DATE") => Some(SortBy::CompletionDate),
        (CaseType::Remortgaging, "MORTGAGE_OFFER_UPLOADED_AT") => {
            Some(SortBy::MortgageOfferUploadedAt)
        }
        (CaseType::Buying, "TARGET_MOVE_IN_DATE") => Some(SortBy::TargetMoveInDate),
        (CaseType::Buying, "TERMS_ACCEPTED_AT") => Some(SortBy::TermsAcceptedAt),
        (CaseType::Buying, "DEPOSIT_PAID_AT") => Some(SortBy::DepositPaidAt),
        (CaseType::Buying, "TA6_UPLOADED_AT") => Some(SortBy::Ta6UploadedAt),
        (CaseType::Buying, "ENQUIRES_RAISED_AT") => Some(SortBy::EnquiresRaisedAt),
        (CaseType::Buying, "ENQUIRES_RESPONDED_AT") => Some(SortBy::EnquiresRespondedAt),
        _ => None,
    })
}

fn relationship(scope: &Scope) -> Relationship {
    Relationship {
        is_party: matches!(scope, Scope::Customer(_)),
        is_case_admin: scope.is_broker(),
    }
}

pub fn chip(c: &threshold_engine::Chip) -> StatusChip {
    StatusChip {
        colour: serde_json::to_value(c.colour)
            .ok()
            .and_then(|v| v.as_str().map(str::to_owned))
            .unwrap_or_default(),
        label: c.label.clone(),
        show_warning_icon: c.show_warning_icon,
    }
}

pub fn admins(rows: &[threshold_store::cases::AdminRow]) -> Vec<CaseAdminBody> {
    rows.iter()
        .map(|a| CaseAdminBody {
            user_id: a.user_id.to_string(),
            role: a.role.clone(),
            preferred_name: a.preferred_name.clone(),
        })
        .collect()
}

pub fn legal_names(rows: Option<&Vec<LegalNameRow>>) -> Vec<LegalNameBody> {
    rows.map(|ns| {
        ns.iter()
            .map(|n| LegalNameBody {
                first_name: n.first_name.clone(),
                middle_names: n.middle_names.clone(),
                surname: n.surname.clone(),
                until: n.until,
            })
            .collect()
    })
    .unwrap_or_default()
}

fn parties(item: &CaseListItem, page: &CaseListPage) -> Vec<ListParty> {
    item.parties
        .iter()
        .map(|p| ListParty {
            user: ListPartyUser {
                preferred_name: p.preferred_name.clone(),
                email: p.email.clone(),
                legal_names: legal_names(page.legal_names.get(&p.user_id)),
            },
        })
        .collect()
}

fn property(item: &CaseListItem) -> ListProperty {
    let p = &item.row.property;
    ListProperty {
        address_line1: p.address_line1.clone(),
        county: p.county.clone(),
        postcode: p.postcode.clone(),
        formatted_address: p.formatted_address.clone(),
    }
}

fn unknown_status(id: i64) -> ApiError {
    ApiError::internal(format!("case {id} has an unknown status"))
}

fn remortgaging_item(
    state: &AppState,
    user: &User,
    scope: &Scope,
    item: &CaseListItem,
    page: &CaseListPage,
) -> ApiResult<RemortgagingListItem> {
    let rel = relationship(scope);
    let loaded = LoadedCase::from_list_item(item, &page.legal_names, rel);
    let snap = loaded
        .remortgaging_snapshot()
        .ok_or_else(|| unknown_status(item.row.id))?;
    let view = state
        .workflows
        .remortgaging
        .evaluate(&snap, &access::actor(user, rel));
    let r = &item.row;
    Ok(RemortgagingListItem {
        id: r.id,
        created_at: r.created_at,
        updated_at: r.updated_at,
        status: r.status.clone(),
        property_owners: parties(item, page),
        property: property(item),
        has_mortgage_offer: r.has_mortgage_offer,
        case_admins: admins(&item.admins),
        broker_reference: r.broker_reference.clone().filter(|_| scope.is_broker()),
        current_deal_end_date: r.current_deal_end_date,
        completion_date: r.completion_date,
        new_lender: r.lender.clone(),
        is_repaying_help_to_buy: r.is_repaying_help_to_buy,
        has_htb_redemption_letter: r.has_htb_redemption_letter,
        status_chip: chip(&view.chip),
        status_message: view.message,
        can_cancel: view.can_cancel,
    })
}

fn buying_item(
    state: &AppState,
    user: &User,
    scope: &Scope,
    item: &CaseListItem,
    page: &CaseListPage,
) -> ApiResult<BuyingListItem> {
    let rel = relationship(scope);
    let loaded = LoadedCase::from_list_item(item, &page.legal_names, rel);
    let snap = loaded
        .buying_snapshot()
        .ok_or_else(|| unknown_status(item.row.id))?;
    let view = state
        .workflows
        .buying
        .evaluate(&snap, &access::actor(user, rel));
    let r = &item.row;
    Ok(BuyingListItem {
        case: BuyingListCase {
            id: r.id,
            created_at: r.created_at,
            updated_at: r.updated_at,
            status: r.status.clone(),
            completion_date: r.completion_date,
            target_move_in_date: r.target_move_in_date,
            lender: r.lender.clone(),
        },
        buyers: parties(item, page),
        property: property(item),
        has_paid_deposit: r.has_paid_deposit,
        case_admins: admins(&item.admins),
        broker_reference: r.broker_reference.clone().filter(|_| scope.is_broker()),
        status_chip: chip(&view.chip),
        status_message: view.message,
        can_cancel: view.can_cancel,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn list_13_invalid_values_fall_back_to_defaults() {
        let q = parse(
            Some(
                "pageSize=abc&page=-3&sortDirection=UP&sortBy=NOPE&hasMortgageOffer=maybe&status=NOPE",
            ),
            CaseType::Remortgaging,
        );
        assert_eq!((q.page, q.page_size), (0, 10));
        assert_eq!(q.sort_by, SortBy::CreatedAt);
        assert!(!q.ascending);
        assert_eq!(q.flag, None);
        assert!(q.statuses.is_empty());
    }

    #[test]
    fn list_05_statuses_repeat_or_comma_separate() {
        let q = parse(
            Some("status=COMPLETED,CANCELLED&status=AWAITING_DEPOSIT"),
            CaseType::Remortgaging,
        );
        assert_eq!(q.statuses, vec!["CANCELLED", "COMPLETED"]);
    }
}
