//! GET /address-lookup?postcode= and GET /address-lookup/{id}: the addresses at a UK
//! postcode, from the configured provider (Ideal Postcodes when `ADDRESS_LOOKUP_KEY` is set).
//! Without a key the browser app offers manual entry only (`addressLookup: false` in its
//! runtime config) and these calls answer 404 `address_lookup_off`.

mod ideal_postcodes;

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub use ideal_postcodes::IdealPostcodes;
use ideal_postcodes::LookupError;

use crate::app::AppState;
use crate::cases::access::require_app_role;
use crate::cases::facts::parse_postcode;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{ApiQuery, CurrentSession};

/// One delivery address, in the shape of the case's property address.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FoundAddress {
    /// The provider's id for this address (Royal Mail's delivery point number).
    pub id: String,
    pub address_line1: String,
    pub address_line2: Option<String>,
    pub town: String,
    pub county: Option<String>,
    pub postcode: String,
    /// England, Wales, Scotland or Northern Ireland, when the provider knows.
    pub country: Option<String>,
    /// The whole address on one line, for a list to choose from.
    pub formatted_address: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AddressList {
    pub addresses: Vec<FoundAddress>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LookupQuery {
    /// A UK postcode, with or without its space.
    postcode: String,
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(addresses_at_postcode))
        .routes(routes!(address_by_id))
}

#[utoipa::path(get, path = "/address-lookup", tag = "address-lookup", params(LookupQuery),
    responses(
        (status = 200, description = "The addresses at the postcode (empty when the postcode has none)", body = AddressList),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a customer or broker", body = ErrorBody),
        (status = 404, description = "Address lookup is not configured (`address_lookup_off`): enter the address by hand", body = ErrorBody),
        (status = 422, description = "Not a UK postcode", body = ErrorBody),
        (status = 502, description = "The provider could not answer (`address_lookup_failed`)", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn addresses_at_postcode(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiQuery(query): ApiQuery<LookupQuery>,
) -> ApiResult<Json<AddressList>> {
    require_app_role(&session.user)?;
    let postcode = parse_postcode(&query.postcode)
        .ok_or_else(|| ApiError::bad_field("postcode", "Enter a valid UK postcode"))?;
    let provider = provider(&state)?;
    let addresses = match provider.by_postcode(&postcode).await {
        Ok(found) => found,
        Err(LookupError::NotFound) => Vec::new(),
        Err(LookupError::Unavailable(why)) => return Err(unavailable(&why)),
    };
    Ok(Json(AddressList { addresses }))
}

#[utoipa::path(get, path = "/address-lookup/{id}", tag = "address-lookup",
    params(("id" = String, Path, description = "An address id from the postcode's list")),
    responses(
        (status = 200, description = "The address", body = FoundAddress),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a customer or broker", body = ErrorBody),
        (status = 404, description = "Unknown address, or address lookup is not configured", body = ErrorBody),
        (status = 422, description = "Not an address id", body = ErrorBody),
        (status = 502, description = "The provider could not answer (`address_lookup_failed`)", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn address_by_id(
    State(state): State<AppState>,
    session: CurrentSession,
    Path(id): Path<String>,
) -> ApiResult<Json<FoundAddress>> {
    require_app_role(&session.user)?;
    let udprn = id
        .parse::<u64>()
        .map_err(|_| ApiError::bad_field("id", "An address id is a number"))?;
    let provider = provider(&state)?;
    match provider.by_id(udprn).await {
        Ok(found) => Ok(Json(found)),
        Err(LookupError::NotFound) => Err(ApiError::not_found()),
        Err(LookupError::Unavailable(why)) => Err(unavailable(&why)),
    }
}

fn provider(state: &AppState) -> ApiResult<&IdealPostcodes> {
    state.address_lookup.as_ref().ok_or_else(|| {
        ApiError::new(
            StatusCode::NOT_FOUND,
            "address_lookup_off",
            "Address lookup is not available: please enter the address by hand.",
        )
    })
}

fn unavailable(why: &str) -> ApiError {
    tracing::warn!(reason = why, "address lookup failed");
    ApiError::new(
        StatusCode::BAD_GATEWAY,
        "address_lookup_failed",
        "We could not look up addresses just now: please enter the address by hand.",
    )
}
