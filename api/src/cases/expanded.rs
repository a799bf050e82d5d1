//! GET /remortgaging/cases/{caseId}/expanded and /buying/case/{caseId}/expanded: the spec's
//! expanded record plus `view`, the engine's answer for this user (sections, tiles, chip,
//! message, transitions), so the SPA never re-implements a rule.

use axum::Json;
use axum::extract::State;
use chrono::Utc;
use threshold_cases::OpenCase;
use threshold_engine::snapshot::doc_types;
use threshold_engine::tasks::TaskState;
use threshold_engine::timeline::TimelineStage;
use threshold_engine::{AnySnapshot, CaseType, PartyKind, missing_fields};
use threshold_store::UserId;
use threshold_store::cases::{LoadedCase, PartyRow, parse_enum};

use super::access;
use super::expanded_body::{
    AddressBody, AfterCompletionStep, BuyingExpanded, CaseBrokerBody, CaseDocumentsBody,
    CaseHandlerBody, DepositPaymentInProgress, EnquiryBody, ExpandedCommon, ExpandedProperty,
    GeneratedDocumentBody, LoanBody, PartyBody, PartyUserBody, RemortgagingExpanded,
    UploadedDocumentBody,
};
use super::list::{admins, legal_names};
use super::quote::quote_body;
use super::types::InvitationBody;
use crate::app::AppState;
use crate::application::types::IsaBody;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{ApiPath, CurrentSession};

#[utoipa::path(get, path = "/remortgaging/cases/{caseId}/expanded", tag = "cases",
    params(("caseId" = String, Path, description = "The case id (numeric)")),
    responses(
        (status = 200, description = "The expanded remortgaging case with `view`", body = RemortgagingExpanded),
        (status = 403, description = "Not a customer or broker", body = ErrorBody),
        (status = 404, description = "Unknown case, non-numeric id, or not yours", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn remortgaging(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiPath(case_id): ApiPath<String>,
) -> ApiResult<Json<RemortgagingExpanded>> {
    let case = open(&state, &session, &case_id, CaseType::Remortgaging).await?;
    Ok(Json(
        remortgaging_body(&state, case, Reader::of(&session.user)).await?,
    ))
}

/// The expanded remortgaging case as `reader` may see it.
pub(crate) async fn remortgaging_body(
    state: &AppState,
    case: OpenCase,
    reader: Reader,
) -> ApiResult<RemortgagingExpanded> {
    let common = common(state, &case, reader).await?;
    let AnySnapshot::Remortgaging(snap) = case.snapshot else {
        return Err(ApiError::internal(
            "a remortgaging case loaded as another type",
        ));
    };
    let loaded = &case.loaded;
    let r = &loaded.row;
    let extras = crate::owners::expanded_extras(state, loaded, reader.id).await?;
    let title_register_names = crate::owners::title_register::listed(&snap);
    Ok(RemortgagingExpanded {
        common,
        has_alterations: r.has_alterations,
        has_adult_occupants: r.has_adult_occupants,
        is_company_case: r.is_company_case,
        remortgaging_reason: snap.remortgaging_reason,
        new_lender: r.lender.clone(),
        current_deal_end_date: r.current_deal_end_date,
        property_value: r.property_value,
        loan_amount: r.loan_amount,
        is_repaying_help_to_buy: r.is_repaying_help_to_buy,
        staircasing: r
            .staircasing()
            .map(|s| super::types::Staircasing::from_facts(&s)),
        has_htb_redemption_letter: r.has_htb_redemption_letter,
        has_mortgage_offer: r.has_mortgage_offer,
        alterations: snap.alterations,
        ground_rent: ground_rent(loaded),
        property_owners: parties(loaded, reader, "APPLICANT"),
        required_documents: snap.required_documents,
        transfer_of_equity: extras.transfer_of_equity,
        occupants: extras.occupants,
        title_register_names,
        company: snap.company,
        feedback_given: extras.feedback_given,
    })
}

#[utoipa::path(get, path = "/buying/case/{caseId}/expanded", tag = "cases",
    params(("caseId" = String, Path, description = "The case id (numeric)")),
    responses(
        (status = 200, description = "The expanded buying case with `view`", body = BuyingExpanded),
        (status = 403, description = "Not a customer or broker", body = ErrorBody),
        (status = 404, description = "Unknown case, non-numeric id, or not yours", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn buying(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiPath(case_id): ApiPath<String>,
) -> ApiResult<Json<BuyingExpanded>> {
    let case = open(&state, &session, &case_id, CaseType::Buying).await?;
    Ok(Json(
        buying_body(&state, case, Reader::of(&session.user)).await?,
    ))
}

/// The expanded buying case as `reader` may see it.
pub(crate) async fn buying_body(
    state: &AppState,
    case: OpenCase,
    reader: Reader,
) -> ApiResult<BuyingExpanded> {
    let common = common(state, &case, reader).await?;
    let gifts = crate::owners::donors::gifts(state, &case).await?;
    let deposit_payment = deposit_payment(state, &case, reader).await?;
    let AnySnapshot::Buying(snap) = case.snapshot else {
        return Err(ApiError::internal("a buying case loaded as another type"));
    };
    let loaded = &case.loaded;
    let r = &loaded.row;
    Ok(BuyingExpanded {
        common,
        lender: r.lender.clone(),
        deposit_amount: r.deposit_amount,
        purchase_price: r.purchase_price,
        results_in_multiple_properties: r.results_in_multiple_properties,
        is_replacing_main_residence: r.is_replacing_main_residence,
        is_first_time_buyer: r.is_first_time_buyer,
        is_new_build: r.is_new_build,
        is_shared_ownership: r.is_shared_ownership,
        buyers_uk_resident: r.buyers_uk_resident,
        is_new_lease: r.is_new_lease,
        target_move_in_date: r.target_move_in_date,
        has_paid_deposit: r.has_paid_deposit,
        buyers: parties(loaded, reader, "APPLICANT"),
        donors: parties(loaded, reader, "DONOR"),
        gifts,
        source_of_funds: crate::application::source_of_funds::bodies(state, loaded, &snap),
        isas: loaded
            .isas
            .iter()
            // Rows are written from the enum; one it cannot read is left out, not guessed.
            .filter_map(|i| {
                Some(IsaBody {
                    id: i.id,
                    isa_type: i.isa_type.parse().ok()?,
                    amount: i.amount,
                    applicant_id: i.applicant_id,
                })
            })
            .collect(),
        required_documents: snap.required_documents,
        deposit: snap.deposit,
        deposit_payment,
        searches: snap.searches,
        feedback_given: crate::feedback::given(state, r.id, reader.id).await?,
        enquiries: snap
            .enquiries
            .iter()
            .map(|e| EnquiryBody {
                question: e.question.clone(),
                raised_at: e.raised_at,
                answer: e.answer.clone(),
                answered_at: e.answered_at,
                outcome: e.outcome,
            })
            .collect(),
    })
}

/// The buyers' payment in progress: started, not paid, and payable still.
async fn deposit_payment(
    state: &AppState,
    case: &OpenCase,
    reader: Reader,
) -> ApiResult<Option<DepositPaymentInProgress>> {
    if case.snapshot.deposit_paid_at().is_some() {
        return Ok(None);
    }
    let Some(open) = state
        .db
        .open_deposit_payment(case.loaded.row.id)
        .await?
        .filter(|p| p.is_open_at(Utc::now()))
    else {
        return Ok(None);
    };
    let (Some(expires_at), payer) = (open.expires_at, open.payer_user_id) else {
        return Ok(None);
    };
    Ok(Some(DepositPaymentInProgress {
        started_at: open.created_at,
        expires_at,
        started_by: case
            .loaded
            .parties
            .iter()
            .find(|p| Some(p.user_id) == payer && p.party_type == "APPLICANT")
            .map(|p| p.id),
        started_by_you: payer == Some(reader.id),
    }))
}

/// The ground rent, when both its amount and frequency are known.
fn ground_rent(loaded: &LoadedCase) -> Option<crate::application::types::GroundRentBody> {
    let g = loaded.ground_rent.as_ref()?;
    Some(crate::application::types::GroundRentBody {
        amount: g.amount?,
        frequency: parse_enum(g.frequency.as_deref())?,
    })
}

/// Who reads an expanded case, which decides what of it they see.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Reader {
    pub id: UserId,
    pub kind: ReaderKind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ReaderKind {
    /// An owner, buyer or donor: other customers' details are withheld (ENT-12), and drafts.
    Customer,
    /// A broker: the case's brokers see every party (a client who has not accepted the
    /// invitation only as the broker typed them).
    Broker,
    /// The firm's conveyancing staff, in the back office: everything.
    Staff,
}

impl Reader {
    /// A customer or broker of the customer app.
    fn of(user: &threshold_store::users::User) -> Self {
        Reader {
            id: user.id,
            kind: if access::is_broker(user) {
                ReaderKind::Broker
            } else {
                ReaderKind::Customer
            },
        }
    }

    /// Sees the case as its brokers do (invitations, reference) or more.
    fn administers(self, loaded: &LoadedCase) -> bool {
        self.kind == ReaderKind::Staff || loaded.relationship.is_case_admin
    }
}

/// Opens the case through the case service for a customer or broker.
async fn open(
    state: &AppState,
    session: &CurrentSession,
    raw_id: &str,
    case_type: CaseType,
) -> ApiResult<OpenCase> {
    let case_id = access::parse_case_id(raw_id)?;
    let caller = access::caller(session)?;
    Ok(state.cases.open(&caller, case_type, case_id).await?)
}

/// What both case types share, as `reader` may see it.
async fn common(state: &AppState, case: &OpenCase, reader: Reader) -> ApiResult<ExpandedCommon> {
    let view = state.cases.view(case);
    let loaded = &case.loaded;
    let case_id = loaded.row.id;
    let case_type = case.case_type;
    let invitations = if reader.administers(loaded) {
        state
            .db
            .invitations_of(case_id)
            .await?
            .into_iter()
            .map(|i| InvitationBody {
                applicant_id: i.applicant_id,
                preferred_name: i.preferred_name,
                sent_at: i.sent_at,
                send_count: i.send_count,
                opened_at: i.opened_at,
                responded_at: i.responded_at,
                accepted: i.accepted,
            })
            .collect()
    } else {
        vec![]
    };
    let rules = state.workflows.rule_book(case_type);
    let r = &loaded.row;
    let p = &r.property;
    let common = ExpandedCommon {
        id: r.id,
        case_type,
        status: case.snapshot.status(),
        created_at: r.created_at,
        updated_at: r.updated_at,
        property_usage: parse_enum(r.property_usage.as_deref()),
        has_loans: r.has_loans,
        completion_date: r.completion_date,
        ineligibility_reason: parse_enum(r.ineligibility_reason.as_deref()),
        loans: loaded
            .loans
            .iter()
            .map(|l| LoanBody {
                id: l.id,
                charge_type: l.charge_type,
                lender_name: l.lender_name.clone(),
                amount: l.amount,
            })
            .collect(),
        property: ExpandedProperty {
            address_line1: p.address_line1.clone(),
            address_line2: p.address_line2.clone(),
            town: p.town.clone(),
            county: p.county.clone(),
            postcode: p.postcode.clone(),
            formatted_address: p.formatted_address.clone(),
            jurisdiction: parse_enum(r.jurisdiction.as_deref()),
            tenure: parse_enum(p.tenure.as_deref()),
            property_type: parse_enum(p.property_type.as_deref()),
            land_ownership: p.land_ownership.clone(),
        },
        quote: loaded.quote.as_ref().map(|q| quote_body(q, case_type)),
        documents: CaseDocumentsBody {
            documents: loaded
                .documents
                .iter()
                // A person's identity evidence is theirs and the firm's only; the firm's own
                // records (the workflow file's `firm_only`) the firm's alone.
                .filter(|d| {
                    reader.kind == ReaderKind::Staff
                        || !(rules.firm_only(&d.document_type)
                            || doc_types::IDENTITY.contains(&d.document_type.as_str())
                                && d.uploaded_by != Some(reader.id))
                })
                .map(|d| UploadedDocumentBody {
                    document_id: d.id,
                    document_type: d.document_type.clone(),
                    url: format!("/api/document/{}", d.id),
                })
                .collect(),
            // A draft is the firm's until issued: never the customers' (DOCS-09) or brokers'.
            generated_documents: loaded
                .generated_documents
                .iter()
                .filter(|d| !d.is_draft || reader.kind == ReaderKind::Staff)
                .map(|d| GeneratedDocumentBody {
                    document_id: d.id,
                    document_type: d.document_type.clone(),
                    is_draft: d.is_draft,
                })
                .collect(),
        },
        case_admins: admins(&loaded.admins),
        // Anyone who may open the case may reach its broker: the work contact, never more.
        broker: state
            .db
            .case_broker(case_id)
            .await?
            .map(|b| CaseBrokerBody {
                preferred_name: b.preferred_name,
                firm_name: b.firm_name,
                email: b.email,
                phone_number: b.phone_number,
            }),
        case_handler: case_handler(state, r.assignee_id).await?,
        broker_reference: if reader.administers(loaded) {
            r.broker_reference.clone()
        } else {
            None
        },
        invitations,
        timeline: timeline(state, case, &view).await?,
        offer_expires_on: state
            .db
            .mortgage_offer(case_id)
            .await?
            .map(|o| o.expires_on),
        view,
        after_completion: state
            .cases
            .tasks(case)
            .into_iter()
            .filter(|t| t.after_completion && t.state != TaskState::Ahead)
            .map(|t| AfterCompletionStep {
                done: t.state == TaskState::Done,
                label: t.label,
            })
            .collect(),
    };
    Ok(common)
}

/// The case's stages with their dates (issue 32), from its moves in the audit trail: the
/// status it was opened in at its creation, then each status it entered.
async fn timeline(
    state: &AppState,
    case: &OpenCase,
    view: &threshold_engine::CaseView<threshold_engine::CaseStatus>,
) -> ApiResult<Vec<TimelineStage<threshold_engine::CaseStatus>>> {
    let r = &case.loaded.row;
    let moves = state.db.status_moves(r.id).await?;
    let opened_in = moves
        .first()
        .map_or(view.status.as_str(), |m| m.from.as_str());
    let history: Vec<(&str, chrono::DateTime<Utc>)> = std::iter::once((opened_in, r.created_at))
        .chain(moves.iter().map(|m| (m.to.as_str(), m.at)))
        .collect();
    Ok(state.workflows.timeline(
        view.status,
        view.stage.waits_on,
        &history,
        r.completion_date,
        Utc::now().date_naive(),
    ))
}

/// The case's conveyancer by name (anyone who may open the case may know who handles it) and
/// the firm's telephone from the configuration.
async fn case_handler(state: &AppState, assignee: Option<UserId>) -> ApiResult<CaseHandlerBody> {
    let name = match assignee {
        Some(id) => state.db.user_by_id(id).await?.map(|u| u.preferred_name),
        None => None,
    };
    let config = &state.config;
    Ok(CaseHandlerBody {
        name,
        firm_name: config.firm_name.clone(),
        phone_number: config.firm_phone_number.clone(),
        opening_hours: config.firm_opening_hours.clone(),
    })
}

/// Owners, buyers or donors. Another customer's personal details are withheld from a customer
/// (`redacted`, ENT-12); brokers of the case see everyone.
fn parties(loaded: &LoadedCase, reader: Reader, party_type: &str) -> Vec<PartyBody> {
    loaded
        .parties
        .iter()
        .filter(|p| p.party_type == party_type)
        .map(|p| party(loaded, p, reader))
        .collect()
}

fn party(loaded: &LoadedCase, p: &PartyRow, reader: Reader) -> PartyBody {
    let broker = loaded.relationship.is_case_admin;
    let staff = reader.kind == ReaderKind::Staff;
    // A customer sees other customers redacted (ENT-12); a broker sees a client who has not
    // yet accepted the invitation only as the broker typed them (name and address); the
    // firm's staff, who act for every owner, see them all.
    let unconsented = broker && !p.consented && !staff;
    let redacted = !staff && (p.redacted || (!broker && p.user_id != reader.id) || unconsented);
    let shown = |v: &Option<String>| if redacted { None } else { v.clone() };
    PartyBody {
        id: p.id,
        party_type: p.party_type.clone(),
        is_lead: p.is_lead,
        redacted,
        user: PartyUserBody {
            id: p.user_id.to_string(),
            preferred_name: match (&p.invited_name, unconsented) {
                (Some(typed), true) => typed.clone(),
                _ => p.preferred_name.clone(),
            },
            legal_names: if redacted {
                vec![]
            } else {
                legal_names(loaded.legal_names.get(&p.user_id))
            },
            email: if redacted && !unconsented {
                None
            } else {
                Some(p.email.clone())
            },
            phone_number: shown(&p.phone_number),
            date_of_birth: if redacted { None } else { p.date_of_birth },
            address: AddressBody {
                line1: shown(&p.address_line1),
                line2: shown(&p.address_line2),
                town: shown(&p.address_town),
                postcode: shown(&p.address_postcode),
            },
            occupation: shown(&p.occupation),
            national_insurance_number: shown(&p.national_insurance_number),
        },
        is_uk_resident: if redacted { None } else { p.is_uk_resident },
        lives_at_property: if redacted { None } else { p.lives_at_property },
        tenancy_share: p.tenancy_share_bp.map(|bp| bp as f64 / 100.0),
        identity_submitted_at: p.identity_submitted_at,
        identity_verified_at: p.identity_verified_at,
        identity_rejection_reason: if redacted {
            None
        } else {
            p.identity_rejection_reason.clone()
        },
        missing_fields: match (redacted, p.party_type.as_str()) {
            (false, "APPLICANT") => missing_fields(&loaded.party(p), party_kind(loaded)),
            _ => vec![],
        },
        document_acceptances: loaded.party(p).document_acceptances,
    }
}

/// Buyers give more than owners (VAL-12).
fn party_kind(loaded: &LoadedCase) -> PartyKind {
    if loaded.row.case_type == CaseType::Buying.as_str() {
        PartyKind::Buyer
    } else {
        PartyKind::Owner
    }
}
