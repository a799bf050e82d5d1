//! The demo cases of `make run`, made by running the workflows through the case service as
//! people would (a broker opens a case and sends the quote, a customer accepts, …), never by
//! writing statuses. (`threshold demo --cases N` bulk-writes cases for load tests instead.)

use serde_json::json;
use threshold_cases::{
    Caller, CaseService, CaseStart, OwnersWrite, PropertyChange, PropertyWrite, SectionChange,
};
use threshold_engine::CaseType;
use threshold_engine::conversation::Thread;
use threshold_store::Db;
use threshold_store::cases::ApplicantDetails;
use threshold_store::users::{DetailsChange, NewLegalName, NewUser, User};
use threshold_workflows::Workflows;

use crate::cases::facts::{self, KeyFactsRequest};
use crate::cases::invitations::Invitations;
use crate::cases::types::{BuyingCaseRequest, RemortgagingCaseRequest};
use crate::config::Config;

/// Who does what in the demo.
struct Cast {
    broker: Caller,
    lender: Caller,
    customer: User,
}

fn caller(user: &User, firm_id: Option<i64>) -> Caller {
    Caller::User {
        id: user.id,
        role: user.role,
        is_lender: user.is_lender,
        firm_id,
    }
}

async fn account(db: &Db, email: &str) -> anyhow::Result<User> {
    db.user_by_email(email)
        .await?
        .ok_or_else(|| anyhow::anyhow!("demo account {email} is missing"))
}

/// A demo client of the brokers: onboarded, with the current policies accepted.
async fn client(db: &Db, config: &Config, email: &str, name: &str) -> anyhow::Result<User> {
    if let Some(user) = db.user_by_email(email).await? {
        return Ok(user);
    }
    let now = chrono::Utc::now();
    let user = db
        .create_user(
            &NewUser {
                email: email.to_owned(),
                preferred_name: name.to_owned(),
                role: threshold_engine::Role::User,
                is_lender: false,
                enabled_features: vec!["BUYING".into()],
                privacy_version: Some(config.privacy_policy_version),
                terms_version: Some(config.terms_version),
                is_onboarded: true,
            },
            now,
        )
        .await?;
    // What onboarding ('About you') asks of everyone: legal name, phone, date of birth.
    let (first_name, surname) = name.split_once(' ').unwrap_or((name, name));
    let about = DetailsChange {
        preferred_name: Some(name.to_owned()),
        phone_number: Some("07700 900123".into()),
        date_of_birth: chrono::NaiveDate::from_ymd_opt(1984, 3, 14),
        legal_name: Some(NewLegalName {
            first_name: first_name.to_owned(),
            middle_names: None,
            surname: surname.to_owned(),
        }),
        onboard: true,
        audit_action: "user.about_you_saved",
        audit_fields: vec!["preferredName", "legalName", "phoneNumber", "dateOfBirth"],
    };
    Ok(db.save_details(user.id, &about, now).await?)
}

fn remortgage(
    address: &str,
    postcode: &str,
    jurisdiction: &str,
) -> anyhow::Result<RemortgagingCaseRequest> {
    Ok(serde_json::from_value(json!({
        "jurisdiction": jurisdiction,
        "isDependentOnSale": false,
        "isCompanyOwned": false,
        "isResidential": true,
        "propertyUsage": "LIVE_IN",
        "property": { "addressLine1": address, "town": "Canterbury", "county": "Kent",
                      "postcode": postcode, "tenure": "FREEHOLD", "type": "SEMI_DETACHED_HOUSE" },
        "propertyValue": 42_500_000,
        "loanAmount": 21_000_000,
        "remortgagingReason": "END_OF_CURRENT_DEAL",
        "newLender": "NATIONWIDE_BUILDING_SOCIETY",
        "currentDealEndDate": "2027-02-28",
    }))?)
}

fn purchase(address: &str, postcode: &str) -> anyhow::Result<BuyingCaseRequest> {
    Ok(serde_json::from_value(json!({
        "jurisdiction": "ENGLAND",
        "isDependentOnSale": false,
        "isCompanyOwned": false,
        "isResidential": true,
        "propertyUsage": "LIVE_IN",
        "property": { "addressLine1": address, "town": "Leeds", "postcode": postcode,
                      "tenure": "FREEHOLD", "type": "TERRACED" },
        "purchasePrice": 31_500_000,
        "depositAmount": 3_150_000,
        "lender": "HALIFAX",
        "isFirstTimeBuyer": true,
        "targetMoveInDate": "2027-04-30",
    }))?)
}

/// Opens a case as `who` for `lead`, with the engine's quote.
async fn open<R: KeyFactsRequest>(
    db: &Db,
    cases: &CaseService,
    workflows: &Workflows,
    who: &Caller,
    lead: &User,
    request: R,
) -> anyhow::Result<i64> {
    let key_facts = facts::key_facts(&request).map_err(|e| anyhow::anyhow!("{e:?}"))?;
    // A broker's firm introduced the client, as the handler records it.
    let introducer = match who {
        Caller::User { id, .. } => db.introduction_by(*id).await?,
        _ => None,
    };
    let quote = facts::quote(
        workflows,
        R::CASE_TYPE,
        &key_facts,
        &facts::QuoteFor::new_case(chrono::Utc::now().date_naive(), introducer.as_ref()),
    )
    .map_err(|e| anyhow::anyhow!("{e:?}"))?;
    let start = CaseStart {
        case_type: R::CASE_TYPE,
        ineligibility_reason: workflows.ineligibility(
            R::CASE_TYPE,
            &key_facts.eligibility(),
            false,
        ),
        facts: key_facts,
        quote,
        lead: lead.id,
        lead_names: vec![lead.preferred_name.clone()],
        lead_invited_name: Some(lead.preferred_name.clone()),
    };
    Ok(cases.create(who, start).await?.0)
}

/// Seeds the demo journeys (once: the caller checks the database has no cases).
pub async fn seed(
    db: &Db,
    cases: &CaseService,
    workflows: &Workflows,
    config: &Config,
) -> anyhow::Result<usize> {
    crate::demo_cases::demo_firm(db).await?;
    let broker = account(db, "broker@demo.threshold.test").await?;
    let lender = account(db, "lender@demo.threshold.test").await?;
    let firm = db.firm_of(broker.id).await?;
    let cast = Cast {
        broker: caller(&broker, firm),
        lender: caller(&lender, firm),
        customer: account(db, "customer@demo.threshold.test").await?,
    };
    let remortgaging = CaseType::Remortgaging;
    let invitations = Invitations { cases, db };
    let mut made = 0;

    // The demo customer has a quote waiting (the modal opens at sign-in) ...
    let id = open(
        db,
        cases,
        workflows,
        &cast.broker,
        &cast.customer,
        remortgage("14 Orchard Way", "CT2 7NZ", "ENGLAND")?,
    )
    .await?;
    invitations.send(&cast.broker, remortgaging, id).await?;
    made += 1;
    // ... and a purchase the broker is still preparing.
    open(
        db,
        cases,
        workflows,
        &cast.broker,
        &cast.customer,
        purchase("3 Mill Lane", "LS6 2AB")?,
    )
    .await?;
    made += 1;

    // A client who accepted: the application is theirs to complete, and half done (property
    // details and owners; alterations next).
    let priya = client(db, config, "priya@demo.threshold.test", "Priya Patel").await?;
    let id = accepted(
        cases,
        workflows,
        db,
        &cast,
        &priya,
        remortgage("7 Castle Street", "CT1 2QR", "ENGLAND")?,
    )
    .await?;
    fill_property_and_owners(
        cases,
        &caller(&priya, None),
        id,
        "7 Castle Street",
        "Pharmacist",
    )
    .await?;
    made += 1;

    // A client who has submitted: the firm's back office has it, waiting for their identity.
    let ola = client(db, config, "ola@demo.threshold.test", "Ola Nowak").await?;
    let id = accepted(
        cases,
        workflows,
        db,
        &cast,
        &ola,
        remortgage("31 Bridge Road", "CT1 3EE", "ENGLAND")?,
    )
    .await?;
    let ola_caller = caller(&ola, None);
    fill_property_and_owners(cases, &ola_caller, id, "31 Bridge Road", "Architect").await?;
    for write in [
        PropertyWrite::Alterations {
            has_alterations: false,
            add: None,
        },
        PropertyWrite::Loans {
            has_loans: false,
            add: None,
        },
    ] {
        let case = cases.open(&ola_caller, remortgaging, id).await?;
        cases
            .write_property(
                &ola_caller,
                &case,
                PropertyChange {
                    case_type: remortgaging,
                    write,
                },
            )
            .await?;
    }
    cases
        .transition(&ola_caller, remortgaging, id, "submit_application", None)
        .await?;
    // ... and asks the firm a question, which waits for its reply in the work queue.
    let case = cases.open(&ola_caller, remortgaging, id).await?;
    cases
        .post_message(
            &ola_caller,
            &case,
            Thread::Parties,
            "Is there anything else you need from me before the identity check?",
            &[],
            config.reply_within_working_days,
        )
        .await?;
    made += 1;

    // A first-time buyer half way through a purchase: Property and Buyer Details done, and
    // a gift from her mother waiting for the mother's answer (her invitation is in her feed).
    let jess = client(db, config, "jess@demo.threshold.test", "Jess Morgan").await?;
    let id = accepted(
        cases,
        workflows,
        db,
        &cast,
        &jess,
        purchase("12 Larch Avenue", "LS8 1QT")?,
    )
    .await?;
    let grace = fill_purchase_with_gift(db, cases, &caller(&jess, None), id).await?;
    // ... and her mother asks the firm about it, in her own thread, before she answers.
    let grace = caller(&grace, None);
    let case = cases.open_for_donor(&grace, id).await?;
    let donor = case
        .actor
        .donor_id
        .ok_or_else(|| anyhow::anyhow!("Grace is no donor of case {id}"))?;
    cases
        .post_message(
            &grace,
            &case,
            Thread::Donor(donor),
            "Will you need my bank statements for the gift, and how far back?",
            &[],
            config.reply_within_working_days,
        )
        .await?;
    made += 1;

    // A lender's invitation (no quote to accept) waiting for its client.
    let tom = client(db, config, "tom@demo.threshold.test", "Tom Okafor").await?;
    let id = open(
        db,
        cases,
        workflows,
        &cast.lender,
        &tom,
        remortgage("22 Station Road", "CT3 1AB", "ENGLAND")?,
    )
    .await?;
    invitations.send(&cast.lender, remortgaging, id).await?;
    made += 1;

    // A property in Scotland: the eligibility check rules it out.
    let sam = client(db, config, "sam@demo.threshold.test", "Sam Reid").await?;
    open(
        db,
        cases,
        workflows,
        &cast.broker,
        &sam,
        remortgage("5 Harbour View", "KY16 9AB", "SCOTLAND")?,
    )
    .await?;
    made += 1;

    // A case the broker cancelled.
    let id = open(
        db,
        cases,
        workflows,
        &cast.broker,
        &sam,
        purchase("9 Park Row", "LS1 5HD")?,
    )
    .await?;
    cases
        .transition(&cast.broker, CaseType::Buying, id, "broker_cancel", None)
        .await?;
    made += 1;

    Ok(made)
}

/// A broker's case for this client, sent to them and accepted as the invitation's 'Accept
/// Quote & Continue' does (the answer, then the quote): the case is in Customer Application.
async fn accepted<R: KeyFactsRequest>(
    cases: &CaseService,
    workflows: &Workflows,
    db: &Db,
    cast: &Cast,
    client: &User,
    request: R,
) -> anyhow::Result<i64> {
    let case_type = R::CASE_TYPE;
    let invitations = Invitations { cases, db };
    let id = open(db, cases, workflows, &cast.broker, client, request).await?;
    invitations.send(&cast.broker, case_type, id).await?;
    let me = caller(client, None);
    let quote = db
        .latest_quote(id)
        .await?
        .ok_or_else(|| anyhow::anyhow!("the demo case has no quote"))?;
    invitations
        .answer(&me, client.id, case_type, id, true)
        .await?;
    invitations
        .accept_quote(&me, client.id, case_type, id, quote.id)
        .await?;
    Ok(id)
}

/// Property Details and Owners filled in by the client, as the application's pages would.
async fn fill_property_and_owners(
    cases: &CaseService,
    me: &Caller,
    id: i64,
    street: &str,
    occupation: &str,
) -> anyhow::Result<()> {
    let remortgaging = CaseType::Remortgaging;
    let case = cases.open(me, remortgaging, id).await?;
    cases
        .write_property(
            me,
            &case,
            PropertyChange {
                case_type: remortgaging,
                write: PropertyWrite::Details {
                    land_ownership: "SOLE_OWNER".into(),
                    property_type: "SEMI_DETACHED_HOUSE".into(),
                    tenure: "FREEHOLD".into(),
                },
            },
        )
        .await?;
    let applicant_id = lead_applicant(cases, me, remortgaging, id).await?;
    let owners = [
        OwnersWrite::ApplicantDetails {
            applicant_id,
            details: ApplicantDetails {
                address_line1: street.into(),
                occupation: Some(occupation.into()),
                national_insurance_number: None,
                is_uk_resident: Some(true),
                ..ApplicantDetails::default()
            },
            // UK resident, as the quote assumed: the price is unchanged.
            requote: None,
        },
        OwnersWrite::AdultOccupants {
            has_adult_occupants: false,
            occupant: None,
        },
    ];
    for write in owners {
        let case = cases.open(me, remortgaging, id).await?;
        cases
            .write_section(me, &case, SectionChange::Owners(write))
            .await?;
    }
    Ok(())
}

/// The applicant id of the case's lead owner or buyer.
async fn lead_applicant(
    cases: &CaseService,
    me: &Caller,
    case_type: CaseType,
    id: i64,
) -> anyhow::Result<i64> {
    let case = cases.open(me, case_type, id).await?;
    Ok(case
        .loaded
        .applicants()
        .find(|p| p.is_lead)
        .ok_or_else(|| anyhow::anyhow!("demo case {id} has no lead applicant"))?
        .id)
}

/// A purchase's Property and Buyer Details filled in by the buyer, then Purchase & Financing
/// started: the deposit, a gift as a source of funds, and the donor invited to confirm it (the
/// donor, returned).
async fn fill_purchase_with_gift(
    db: &Db,
    cases: &CaseService,
    me: &Caller,
    id: i64,
) -> anyhow::Result<User> {
    let buying = CaseType::Buying;
    let case = cases.open(me, buying, id).await?;
    let details = PropertyWrite::Details {
        land_ownership: "SOLE_OWNER".into(),
        property_type: "TERRACED".into(),
        tenure: "FREEHOLD".into(),
    };
    cases
        .write_property(
            me,
            &case,
            PropertyChange {
                case_type: buying,
                write: details,
            },
        )
        .await?;
    let applicant_id = lead_applicant(cases, me, buying, id).await?;
    let case = cases.open(me, buying, id).await?;
    let buyer = OwnersWrite::ApplicantDetails {
        applicant_id,
        details: ApplicantDetails {
            address_line1: "Flat 2, 40 Hyde Park Road".into(),
            town: Some("Leeds".into()),
            postcode: Some("LS6 2AA".into()),
            occupation: Some("Teacher".into()),
            national_insurance_number: Some("QQ123456C".into()),
            is_uk_resident: Some(true),
            ..ApplicantDetails::default()
        },
        // UK resident, as the quote assumed: the price is unchanged.
        requote: None,
    };
    cases
        .write_section(me, &case, SectionChange::Owners(buyer))
        .await?;
    let gift = 2_000_000;
    for write in [
        PropertyWrite::Purchase {
            deposit_amount: 3_150_000,
            lender: None,
        },
        PropertyWrite::AddSourceOfFunds {
            source_type: "GIFTS".into(),
            amount: Some(gift),
        },
    ] {
        let case = cases.open(me, buying, id).await?;
        cases
            .write_property(
                me,
                &case,
                PropertyChange {
                    case_type: buying,
                    write,
                },
            )
            .await?;
    }
    let donor = NewUser::invited("grace@demo.threshold.test", "Grace Morgan", vec![]);
    let donor = db.create_user(&donor, chrono::Utc::now()).await?;
    let case = cases.open(me, buying, id).await?;
    let add = OwnersWrite::AddDonor {
        user_id: donor.id,
        invited_name: donor.preferred_name.clone(),
        gift_amount: gift,
    };
    cases
        .write_section(me, &case, SectionChange::Owners(add))
        .await?;
    Ok(donor)
}
