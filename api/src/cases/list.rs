//! GET /remortgaging/cases and GET /buying/cases: the lists of spec section 2. Every query
//! parameter is read leniently: an invalid value falls back to its default (LIST-13).

use axum::Json;
use axum::extract::{RawQuery, State};
use serde::Deserialize;
use strum::{EnumIter, EnumString};
use threshold_engine::{BuyingStatus, CaseStatus, CaseType, CaseView, RemortgagingStatus};
use threshold_store::UserId;
use threshold_store::cases::{
    CaseListItem, CaseListPage, LegalNameRow, ListQuery, LoadedCase, Relationship, Scope, SortBy,
};
use threshold_store::users::User;
use utoipa::ToSchema;

use super::access;
use super::types::{
    BuyingCaseList, BuyingListCase, BuyingListItem, CaseAdminBody, CaseList, LegalNameBody,
    ListParty, ListPartyUser, ListProperty, RemortgagingCaseList, RemortgagingListItem,
};
use crate::app::AppState;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::CurrentSession;

pub const DEFAULT_PAGE_SIZE: i64 = 10;
pub const MAX_PAGE_SIZE: i64 = 100;
const MAX_PAGE: i64 = 10_000_000;

#[utoipa::path(get, path = "/remortgaging/cases", tag = "cases",
    params(
        ("pageSize" = Option<i64>, Query, minimum = 1, maximum = 100, description = "Default 10"),
        ("page" = Option<i64>, Query, minimum = 0, maximum = 10000000, description = "0-based, default 0"),
        ("status" = Option<Vec<RemortgagingStatus>>, Query, description = "Statuses; repeat or comma-separate"),
        ("hasMortgageOffer" = Option<bool>, Query, description = "true or false; absent = any"),
        ("brokerUserIds" = Option<Vec<uuid::Uuid>>, Query, description = "Broker user ids; repeat or comma-separate"),
        ("sortBy" = Option<RemortgagingSortField>, Query, description = "Default CREATED_AT"),
        ("sortDirection" = Option<SortDirection>, Query, description = "Default DESC"),
        ("propertyOwnerName" = Option<String>, Query, description = "Case-insensitive prefix of any word of an owner's name"),
    ),
    responses(
        (status = 200, description = "A page of the cases you may see", body = CaseList<RemortgagingListItem>),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a customer or broker", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn list_remortgaging(
    State(state): State<AppState>,
    session: CurrentSession,
    RawQuery(raw): RawQuery,
) -> ApiResult<Json<RemortgagingCaseList>> {
    list(
        &state,
        &session,
        raw,
        CaseType::Remortgaging,
        remortgaging_item,
    )
    .await
}

#[utoipa::path(get, path = "/buying/cases", tag = "cases",
    params(
        ("pageSize" = Option<i64>, Query, minimum = 1, maximum = 100, description = "Default 10"),
        ("page" = Option<i64>, Query, minimum = 0, maximum = 10000000, description = "0-based, default 0"),
        ("status" = Option<Vec<BuyingStatus>>, Query, description = "Statuses; repeat or comma-separate"),
        ("hasPaidDeposit" = Option<bool>, Query, description = "true or false; absent = any"),
        ("brokerUserIds" = Option<Vec<uuid::Uuid>>, Query, description = "Broker user ids; repeat or comma-separate"),
        ("sortBy" = Option<BuyingSortField>, Query, description = "Default CREATED_AT"),
        ("sortDirection" = Option<SortDirection>, Query, description = "Default DESC"),
        ("buyerName" = Option<String>, Query, description = "Case-insensitive prefix of any word of a buyer's name"),
    ),
    responses(
        (status = 200, description = "A page of the cases you may see", body = CaseList<BuyingListItem>),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a customer or broker", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn list_buying(
    State(state): State<AppState>,
    session: CurrentSession,
    RawQuery(raw): RawQuery,
) -> ApiResult<Json<BuyingCaseList>> {
    list(&state, &session, raw, CaseType::Buying, buying_item).await
}

/// How one list row of a case type is shown to this user.
type ItemOf<T> = fn(&AppState, &User, &Scope, &CaseListItem, &CaseListPage) -> ApiResult<T>;

/// A page of either list: the user's scope, the query as the spec's parameters give it, one
/// statement for the rows, the engine's view per row.
async fn list<T>(
    state: &AppState,
    session: &CurrentSession,
    raw: Option<String>,
    case_type: CaseType,
    item: ItemOf<T>,
) -> ApiResult<Json<CaseList<T>>> {
    crate::extract::check_query(raw.as_deref())?;
    let scope = access::scope(state, session).await?;
    let query = parse(raw.as_deref(), case_type)?;
    let page = state
        .db
        .list_cases(&query, &scope, &state.list_memo)
        .await?;
    let cases = page
        .items
        .iter()
        .map(|row| item(state, &session.user, &scope, row, &page))
        .collect::<ApiResult<Vec<_>>>()?;
    let (total_pages, current_page) = pages(&page, &query);
    Ok(Json(CaseList {
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

/// Reads the list's query string: absent parameters take their defaults; a value that is not
/// one the document declares is a 422 naming the parameter. (LIST-13's fallback to defaults
/// is the browser's: it sends only valid values, whatever its address bar says.)
pub fn parse(raw: Option<&str>, case_type: CaseType) -> ApiResult<ListQuery> {
    let pairs: Vec<(String, String)> = url::form_urlencoded::parse(raw.unwrap_or("").as_bytes())
        .into_owned()
        .collect();
    let values = |name: &str| -> Vec<String> {
        pairs
            .iter()
            .filter(|(k, _)| k == name)
            // An empty value is a value (`hasPaidDeposit=`), and not a valid one.
            .flat_map(|(_, v)| v.split(',').map(|s| s.trim().to_owned()))
            .collect()
    };
    let first = |name: &str| values(name).into_iter().next();
    // Each parameter: absent → default; present → parsed, or the parameter is named.
    fn read<T>(
        value: Option<String>,
        name: &str,
        problem: &str,
        parse: impl FnOnce(&str) -> Option<T>,
    ) -> ApiResult<Option<T>> {
        value
            .map(|v| parse(&v).ok_or_else(|| ApiError::bad_field(name, problem)))
            .transpose()
    }
    let page_size = read(first("pageSize"), "pageSize", "must be 1 to 100", |v| {
        v.parse::<i64>()
            .ok()
            .filter(|n| (1..=MAX_PAGE_SIZE).contains(n))
    })?
    .unwrap_or(DEFAULT_PAGE_SIZE);
    // A page beyond any real list is refused as a number, not queried with a huge offset.
    let page = read(first("page"), "page", "must be 0 to 10000000", |v| {
        v.parse::<i64>().ok().filter(|n| (0..=MAX_PAGE).contains(n))
    })?
    .unwrap_or(0);
    let mut statuses = values("status")
        .into_iter()
        .map(|s| {
            CaseStatus::parse(case_type, &s)
                .is_some()
                .then_some(s)
                .ok_or_else(|| ApiError::bad_field("status", "is not a status of this case type"))
        })
        .collect::<ApiResult<Vec<String>>>()?;
    statuses.sort();
    statuses.dedup();
    let kind = ListKind::of(case_type);
    let (flag_name, name_param) = (kind.flag, kind.name);
    let flag = read(
        first(flag_name),
        flag_name,
        "must be true or false",
        |v| match v {
            "true" => Some(true),
            "false" => Some(false),
            _ => None,
        },
    )?;
    let mut broker_user_ids = values("brokerUserIds")
        .into_iter()
        .map(|v| {
            v.parse::<UserId>()
                .map_err(|_| ApiError::bad_field("brokerUserIds", "must be user ids"))
        })
        .collect::<ApiResult<Vec<UserId>>>()?;
    broker_user_ids.dedup();
    broker_user_ids.truncate(100);
    let sort_by = read(
        first("sortBy"),
        "sortBy",
        "is not a sort field of this list",
        kind.sort_field,
    )?
    .unwrap_or(SortBy::CreatedAt);
    let ascending = read(
        first("sortDirection"),
        "sortDirection",
        "must be ASC or DESC",
        named::<SortDirection>,
    )? == Some(SortDirection::Asc);
    let name = pairs
        .iter()
        .find(|(k, _)| k == name_param)
        .map(|(_, v)| v.trim().chars().take(100).collect::<String>())
        .filter(|v| !v.is_empty());
    Ok(ListQuery {
        case_type: case_type.as_str(),
        page,
        page_size,
        statuses,
        flag,
        broker_user_ids,
        sort_by,
        ascending,
        name,
        assignee: None,
        task_due: None,
        reply: None,
    })
}

/// The remortgaging list's sort fields (ENUM-04).
#[derive(Clone, Copy, Deserialize, ToSchema, EnumString, EnumIter)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[strum(serialize_all = "SCREAMING_SNAKE_CASE")]
pub enum RemortgagingSortField {
    CreatedAt,
    UpdatedAt,
    CurrentDealEndDate,
    CompletionDate,
    MortgageOfferUploadedAt,
}

/// The buying list's sort fields (ENUM-05).
#[derive(Clone, Copy, Deserialize, ToSchema, EnumString, EnumIter)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[strum(serialize_all = "SCREAMING_SNAKE_CASE")]
pub enum BuyingSortField {
    CreatedAt,
    UpdatedAt,
    TargetMoveInDate,
    TermsAcceptedAt,
    DepositPaidAt,
    Ta6UploadedAt,
    EnquiresRaisedAt,
    EnquiresRespondedAt,
}

#[derive(Clone, Copy, PartialEq, Eq, Deserialize, ToSchema, EnumString)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[strum(serialize_all = "SCREAMING_SNAKE_CASE")]
pub enum SortDirection {
    Asc,
    Desc,
}

/// One of an enum's spec names, or None (the list then uses its default).
fn named<T: std::str::FromStr>(v: &str) -> Option<T> {
    v.parse().ok()
}

/// What differs between the two lists: the spec's names for the flag and the name search,
/// and the sort fields each offers.
struct ListKind {
    /// `hasMortgageOffer` (remortgaging) or `hasPaidDeposit` (buying).
    flag: &'static str,
    /// `propertyOwnerName` or `buyerName`.
    name: &'static str,
    /// The sort field a value names, if it is one of this list's.
    sort_field: fn(&str) -> Option<SortBy>,
}

impl ListKind {
    fn of(case_type: CaseType) -> Self {
        match case_type {
            CaseType::Remortgaging => Self {
                flag: "hasMortgageOffer",
                name: "propertyOwnerName",
                sort_field: |v| named::<RemortgagingSortField>(v).map(SortBy::from),
            },
            CaseType::Buying => Self {
                flag: "hasPaidDeposit",
                name: "buyerName",
                sort_field: |v| named::<BuyingSortField>(v).map(SortBy::from),
            },
        }
    }
}

impl From<RemortgagingSortField> for SortBy {
    fn from(f: RemortgagingSortField) -> Self {
        match f {
            RemortgagingSortField::CreatedAt => SortBy::CreatedAt,
            RemortgagingSortField::UpdatedAt => SortBy::UpdatedAt,
            RemortgagingSortField::CurrentDealEndDate => SortBy::CurrentDealEndDate,
            RemortgagingSortField::CompletionDate => SortBy::CompletionDate,
            RemortgagingSortField::MortgageOfferUploadedAt => SortBy::MortgageOfferUploadedAt,
        }
    }
}

impl From<BuyingSortField> for SortBy {
    fn from(f: BuyingSortField) -> Self {
        match f {
            BuyingSortField::CreatedAt => SortBy::CreatedAt,
            BuyingSortField::UpdatedAt => SortBy::UpdatedAt,
            BuyingSortField::TargetMoveInDate => SortBy::TargetMoveInDate,
            BuyingSortField::TermsAcceptedAt => SortBy::TermsAcceptedAt,
            BuyingSortField::DepositPaidAt => SortBy::DepositPaidAt,
            BuyingSortField::Ta6UploadedAt => SortBy::Ta6UploadedAt,
            BuyingSortField::EnquiresRaisedAt => SortBy::EnquiresRaisedAt,
            BuyingSortField::EnquiresRespondedAt => SortBy::EnquiresRespondedAt,
        }
    }
}

pub(crate) fn relationship(scope: &Scope) -> Relationship {
    Relationship {
        is_party: matches!(scope, Scope::Customer(_)),
        is_case_admin: scope.is_broker(),
    }
}

pub fn admins(rows: &[threshold_store::cases::AdminRow]) -> Vec<CaseAdminBody> {
    rows.iter()
        .map(|a| CaseAdminBody {
            user_id: a.user_id.to_string(),
            role: a.role,
            preferred_name: a.preferred_name.clone(),
        })
        .collect()
}

pub fn legal_names(rows: Option<&Vec<LegalNameRow>>) -> Vec<LegalNameBody> {
    rows.map(|ns| {
        ns.iter()
            .map(|n| LegalNameBody {
                id: n.id,
                first_name: n.first_name.clone(),
                middle_names: n.middle_names.clone(),
                surname: n.surname.clone(),
                until: n.until,
            })
            .collect()
    })
    .unwrap_or_default()
}

/// The parties of a list row. A broker sees a client who has not accepted the invitation only
/// as the broker typed them (name and address, no legal names).
fn parties(item: &CaseListItem, page: &CaseListPage, scope: &Scope) -> Vec<ListParty> {
    item.parties
        .iter()
        .map(|p| {
            let typed = (scope.is_broker() && !p.consented)
                .then(|| p.invited_name.clone())
                .flatten();
            ListParty {
                user: ListPartyUser {
                    legal_names: if typed.is_some() {
                        vec![]
                    } else {
                        legal_names(page.legal_names.get(&p.user_id))
                    },
                    preferred_name: typed.unwrap_or_else(|| p.preferred_name.clone()),
                    email: p.email.clone(),
                },
            }
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

/// The engine's view of a list row for this user (chip, message, cancel).
pub(crate) fn view_of(
    state: &AppState,
    user: &User,
    rel: Relationship,
    loaded: &LoadedCase,
    case_type: CaseType,
) -> ApiResult<CaseView<CaseStatus>> {
    let snap = loaded.snapshot(case_type).ok_or_else(|| {
        ApiError::internal(format!("case {} has an unknown status", loaded.row.id))
    })?;
    Ok(state.workflows.evaluate(&snap, &access::actor(user, rel)))
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
    let view = view_of(state, user, rel, &loaded, CaseType::Remortgaging)?;
    let r = &item.row;
    Ok(RemortgagingListItem {
        id: r.id,
        created_at: r.created_at,
        updated_at: r.updated_at,
        status: view.status,
        property_owners: parties(item, page, scope),
        property: property(item),
        has_mortgage_offer: r.has_mortgage_offer,
        case_admins: admins(&item.admins),
        broker_reference: r.broker_reference.clone().filter(|_| scope.is_broker()),
        current_deal_end_date: r.current_deal_end_date,
        completion_date: r.completion_date,
        new_lender: r.lender.clone(),
        is_repaying_help_to_buy: r.is_repaying_help_to_buy,
        has_htb_redemption_letter: r.has_htb_redemption_letter,
        status_chip: view.chip,
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
    let view = view_of(state, user, rel, &loaded, CaseType::Buying)?;
    let r = &item.row;
    Ok(BuyingListItem {
        case: BuyingListCase {
            id: r.id,
            created_at: r.created_at,
            updated_at: r.updated_at,
            status: view.status,
            completion_date: r.completion_date,
            target_move_in_date: r.target_move_in_date,
            lender: r.lender.clone(),
        },
        buyers: parties(item, page, scope),
        property: property(item),
        has_paid_deposit: r.has_paid_deposit,
        case_admins: admins(&item.admins),
        broker_reference: r.broker_reference.clone().filter(|_| scope.is_broker()),
        status_chip: view.chip,
        status_message: view.message,
        can_cancel: view.can_cancel,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn absent_parameters_take_their_defaults() {
        let q = parse(None, CaseType::Remortgaging).unwrap();
        assert_eq!((q.page, q.page_size), (0, 10));
        assert_eq!(q.sort_by, SortBy::CreatedAt);
        assert!(!q.ascending);
        assert_eq!(q.flag, None);
        assert!(q.statuses.is_empty());
    }

    #[test]
    fn each_invalid_value_is_named() {
        for (query, field) in [
            ("pageSize=abc", "pageSize"),
            ("pageSize=101", "pageSize"),
            ("page=-3", "page"),
            ("sortDirection=UP", "sortDirection"),
            ("sortBy=NOPE", "sortBy"),
            ("sortBy=DEPOSIT_PAID_AT", "sortBy"),
            ("hasMortgageOffer=maybe", "hasMortgageOffer"),
            ("status=NOPE", "status"),
            ("status=AWAITING_DEPOSIT", "status"),
            ("brokerUserIds=x", "brokerUserIds"),
            ("hasMortgageOffer=", "hasMortgageOffer"),
            ("status=COMPLETED,", "status"),
        ] {
            let err = parse(Some(query), CaseType::Remortgaging).unwrap_err();
            assert_eq!(err.status, axum::http::StatusCode::UNPROCESSABLE_ENTITY);
            assert!(err.fields.contains_key(field), "{query}: {:?}", err.fields);
        }
    }

    #[test]
    fn list_05_statuses_repeat_or_comma_separate() {
        let q = parse(
            Some("status=COMPLETED,CANCELLED&status=COMPLETED"),
            CaseType::Remortgaging,
        )
        .unwrap();
        assert_eq!(q.statuses, vec!["CANCELLED", "COMPLETED"]);
    }
}
