//! Demo cases: a broker firm around the demo brokers, customers, and N cases spread over every
//! status of both types. Bulk multi-row inserts in batched transactions, so a million cases
//! load in minutes (the benchmark's data set too).

use std::collections::HashMap;

use chrono::{DateTime, Duration, NaiveDate, Utc};
use indicatif::{ProgressBar, ProgressStyle};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::json;
use threshold_engine::{
    BuyingStatus, CaseStatus, CaseType, RemortgagingStatus, Role, WorkflowStatus,
};
use threshold_store::audit::AuditEvent;
use threshold_store::cases::search::search_keys;
use threshold_store::cases::seed::TableRows;
use threshold_store::cases::{Arg, KeyFacts};
use threshold_store::{Db, StoreError, UserId};
use threshold_workflows::Workflows;

use crate::cases::facts;

const FIRST_NAMES: &[&str] = &[
    "Oliver", "Amelia", "George", "Isla", "Harry", "Ava", "Noah", "Mia", "Jack", "Ivy", "Leo",
    "Lily", "Arthur", "Freya", "Muhammad", "Grace", "Oscar", "Sophia", "Charlie", "Florence",
    "Jacob", "Willow", "Thomas", "Rosie", "Henry", "Evie", "Alfie", "Poppy", "Theo", "Ella",
];
const SURNAMES: &[&str] = &[
    "Smith",
    "Jones",
    "Taylor",
    "Brown",
    "Williams",
    "Wilson",
    "Johnson",
    "Davies",
    "Robinson",
    "Wright",
    "Thompson",
    "Evans",
    "Walker",
    "White",
    "Roberts",
    "Green",
    "Hall",
    "Wood",
    "Jackson",
    "Clarke",
    "Patel",
    "Khan",
    "Lewis",
    "James",
    "Phillips",
    "Mason",
    "Mitchell",
    "Rose",
    "Davis",
    "Rodriguez",
    "Cox",
    "Alexander",
    "Morgan",
    "Moore",
    "Hughes",
    "Edwards",
    "Hill",
    "Harris",
    "Scott",
    "Turner",
    "Cooper",
    "Ward",
    "Morris",
    "King",
    "Baker",
    "Harrison",
    "Martin",
    "Lee",
    "Parker",
    "Bennett",
];
const PLACES: &[(&str, &str, &str)] = &[
    ("Canterbury", "Kent", "CT1"),
    ("Leeds", "West Yorkshire", "LS6"),
    ("Bristol", "Bristol", "BS8"),
    ("Cardiff", "South Glamorgan", "CF10"),
    ("Norwich", "Norfolk", "NR2"),
    ("York", "North Yorkshire", "YO1"),
    ("Bath", "Somerset", "BA1"),
    ("Swansea", "West Glamorgan", "SA1"),
    ("Manchester", "Greater Manchester", "M20"),
    ("Brighton", "East Sussex", "BN1"),
];
const STREETS: &[&str] = &[
    "High Street",
    "Church Lane",
    "Station Road",
    "Victoria Road",
    "Mill Lane",
    "Park Avenue",
    "The Green",
    "Queens Road",
    "Kings Road",
    "Orchard Close",
];
const LENDERS: &[&str] = &[
    "NATIONWIDE_BUILDING_SOCIETY",
    "HALIFAX",
    "BARCLAYS",
    "SANTANDER",
    "HSBC",
    "NATWEST",
    "LLOYDS_BANK",
    "COVENTRY_BUILDING_SOCIETY",
];

/// Cases per transaction.
const BATCH: usize = 2_000;

/// The demo firm: its id and the brokers whose cases it holds (broker, manager, lender).
pub(crate) struct DemoFirm {
    firm: i64,
    brokers: Vec<UserId>,
}

/// Sets up the firm around the demo accounts (idempotent).
pub(crate) async fn demo_firm(db: &Db) -> anyhow::Result<DemoFirm> {
    let now = Utc::now();
    let user = |email: &'static str| async move {
        db.user_by_email(email)
            .await?
            .ok_or_else(|| anyhow::anyhow!("demo account {email} is missing"))
    };
    let broker = user("broker@demo.threshold.test").await?;
    let manager = user("manager@demo.threshold.test").await?;
    let admin = user("admin@demo.threshold.test").await?;
    let lender = user("lender@demo.threshold.test").await?;
    let firm = match db.firm_of(admin.id).await? {
        Some(firm) => firm,
        None => db.create_firm("Demo Mortgage Brokers Ltd", now).await?,
    };
    for u in [&broker, &manager, &admin, &lender] {
        db.add_firm_member(firm, u.id, now).await?;
    }
    for managed in [&broker, &lender] {
        db.add_managed_broker(manager.id, managed.id, now).await?;
    }
    Ok(DemoFirm {
        firm,
        brokers: vec![broker.id, manager.id, lender.id],
    })
}

struct Customer {
    id: UserId,
    names: Vec<String>,
}

/// Seeds `count` cases (the demo accounts must exist). Shows a progress bar when asked.
pub async fn seed_cases(
    db: &Db,
    workflows: &Workflows,
    count: u64,
    progress: bool,
) -> anyhow::Result<u64> {
    if count == 0 {
        return Ok(0);
    }
    let firm = demo_firm(db).await?;
    let start_id = db.max_case_id().await? + 1;
    let mut rng = StdRng::seed_from_u64(start_id as u64);
    let now = Utc::now();
    let bar = if progress {
        let bar = ProgressBar::new(count);
        bar.set_style(
            ProgressStyle::with_template(
                "{spinner} {msg} [{bar:40}] {pos}/{len} cases ({per_sec}, {eta} left)",
            )?
            .progress_chars("=> "),
        );
        bar.set_message("seeding");
        bar
    } else {
        ProgressBar::hidden()
    };

    // Customers: a pool the cases share (several cases per customer, as with real brokers).
    let pool = (count / 4).clamp(4, 50_000) as usize;
    let demo_customer = db.user_by_email("customer@demo.threshold.test").await?;
    let mut customers = Vec::with_capacity(pool + 1);
    let mut user_rows = vec![];
    let mut name_rows = vec![];
    for i in 0..pool {
        let first = FIRST_NAMES[rng.random_range(0..FIRST_NAMES.len())];
        let last = SURNAMES[rng.random_range(0..SURNAMES.len())];
        let id = UserId::new_random();
        let preferred = format!("{first} {last}");
        user_rows.push(vec![
            Arg::User(id),
            Arg::Text(format!("client-{start_id}-{i}@demo.threshold.test")),
            Arg::Text(preferred.clone()),
            Arg::Text(Role::User.as_str().into()),
            Arg::Text("BUYING".into()),
            Arg::Bool(false),
            Arg::Time(Some(now)),
            Arg::Time(Some(now)),
        ]);
        name_rows.push(vec![
            Arg::User(id),
            Arg::Text(first.into()),
            Arg::Text(last.into()),
            Arg::Time(Some(now)),
        ]);
        customers.push(Customer {
            id,
            names: vec![preferred],
        });
    }
    for chunk_users in user_rows.chunks(5_000).zip(name_rows.chunks(5_000)) {
        db.insert_rows(&[
            TableRows {
                table: "users",
                columns: &[
                    "id",
                    "email",
                    "preferred_name",
                    "role",
                    "enabled_features",
                    "is_onboarded",
                    "created_at",
                    "updated_at",
                ],
                rows: chunk_users.0.to_vec(),
            },
            TableRows {
                table: "legal_names",
                columns: &["user_id", "first_name", "surname", "created_at"],
                rows: chunk_users.1.to_vec(),
            },
        ])
        .await?;
    }
    if let Some(c) = demo_customer {
        // The demo customer is the client of the first cases of each type.
        customers.insert(
            0,
            Customer {
                id: c.id,
                names: vec![c.preferred_name.clone()],
            },
        );
    }

    let mut quotes: HashMap<(CaseType, i64, bool), threshold_store::cases::NewQuote> =
        HashMap::new();
    let span_minutes = (count as i64).max(1_000) * 2;
    let mut done = 0u64;
    let mut writing: Option<tokio::task::JoinHandle<Result<(), StoreError>>> = None;
    while done < count {
        let n = (count - done).min(BATCH as u64) as usize;
        let mut t = Tables::default();
        for k in 0..n {
            let i = done as usize + k;
            let id = start_id + i as i64;
            let case_type = if i.is_multiple_of(2) {
                CaseType::Remortgaging
            } else {
                CaseType::Buying
            };
            let customer = if i < 2 {
                &customers[0]
            } else {
                &customers[rng.random_range(0..customers.len())]
            };
            let broker = firm.brokers[rng.random_range(0..firm.brokers.len())];
            // Older ids are older cases, spread over the last span_minutes.
            let created =
                now - Duration::minutes(span_minutes * (count as i64 - i as i64) / count as i64);
            let updated = created + Duration::minutes(rng.random_range(0..60 * 24 * 30));
            let updated = updated.min(now);
            t.add(
                &mut rng,
                workflows,
                &mut quotes,
                Seed {
                    id,
                    case_type,
                    index: i / 2,
                    firm: firm.firm,
                    broker,
                    customer,
                    created,
                    updated,
                },
            )?;
        }
        // One batch is written while the next is made: the rows are built here while the
        // database (SQLite's own thread, or the PostgreSQL server) stores the previous ones.
        if let Some(previous) = writing.take() {
            previous.await??;
        }
        let writer = db.clone();
        let rows = t.into_rows();
        writing = Some(tokio::spawn(async move { writer.insert_rows(&rows).await }));
        done += n as u64;
        bar.set_position(done);
    }
    if let Some(last) = writing {
        last.await??;
    }
    let last_id = start_id + count as i64 - 1;
    let waiting: Vec<&str> = [CaseType::Remortgaging, CaseType::Buying]
        .into_iter()
        .flat_map(|t| workflows.transitions(t))
        .filter(|t| t.name == crate::cases::invitations::SEND)
        .map(|t| t.to)
        .collect();
    db.invite_bulk_lead_customers(start_id, last_id, &waiting)
        .await?;
    bar.set_message("analysing");
    db.after_bulk_insert().await?;
    db.record_audit(
        &AuditEvent {
            actor: None,
            action: "demo.cases_seeded",
            subject_type: "case",
            subject_id: format!("{start_id}..{last_id}"),
            detail: json!({ "count": count }),
        },
        Utc::now(),
    )
    .await?;
    bar.finish_with_message("seeded");
    Ok(count)
}

struct Seed<'a> {
    id: i64,
    case_type: CaseType,
    /// The case's position among its type: statuses cycle through it.
    index: usize,
    firm: i64,
    broker: UserId,
    customer: &'a Customer,
    created: DateTime<Utc>,
    updated: DateTime<Utc>,
}

#[derive(Default)]
struct Tables {
    cases: Vec<Vec<Arg>>,
    properties: Vec<Vec<Arg>>,
    applicants: Vec<Vec<Arg>>,
    names: Vec<Vec<Arg>>,
    admins: Vec<Vec<Arg>>,
    quotes: Vec<Vec<Arg>>,
}

const CASE_COLUMNS: &[&str] = &[
    "id",
    "case_type",
    "status",
    "firm_id",
    "created_by_user_id",
    "created_by_broker",
    "broker_reference",
    "ineligibility_reason",
    "title_documents_retrieved",
    "jurisdiction",
    "property_usage",
    "lender",
    "completion_date",
    "remortgaging_reason",
    "property_value",
    "loan_amount",
    "current_deal_end_date",
    "has_mortgage_offer",
    "mortgage_offer_uploaded_at",
    "purchase_price",
    "deposit_amount",
    "target_move_in_date",
    "terms_accepted_at",
    "has_paid_deposit",
    "deposit_paid_at",
    "ta6_uploaded_at",
    "created_at",
    "updated_at",
];

fn date_after(rng: &mut StdRng, from: DateTime<Utc>, max_days: i64) -> NaiveDate {
    (from + Duration::days(rng.random_range(1..max_days))).date_naive()
}

impl Tables {
    fn add(
        &mut self,
        rng: &mut StdRng,
        workflows: &Workflows,
        quotes: &mut HashMap<(CaseType, i64, bool), threshold_store::cases::NewQuote>,
        s: Seed<'_>,
    ) -> anyhow::Result<()> {
        let all = CaseStatus::all(s.case_type);
        // The spec's order: a status's index is its position.
        let position = s.index % all.len();
        let status = all[position].as_str();
        let (town, county, outward) = PLACES[rng.random_range(0..PLACES.len())];
        let wales = matches!(county, "South Glamorgan" | "West Glamorgan");
        let street = STREETS[rng.random_range(0..STREETS.len())];
        let number = rng.random_range(1..200);
        let postcode = format!(
            "{outward} {}{}{}",
            rng.random_range(1..10),
            (b'A' + rng.random_range(0..26u8)) as char,
            (b'A' + rng.random_range(0..26u8)) as char
        );
        let leasehold = rng.random_range(0..4) == 0;
        let facts = KeyFacts {
            jurisdiction: if status == "INELIGIBLE" {
                "SCOTLAND".into()
            } else if wales {
                "WALES".into()
            } else {
                "ENGLAND".into()
            },
            is_residential: true,
            property_usage: "LIVE_IN".into(),
            address_line1: format!("{number} {street}"),
            town: Some(town.into()),
            county: Some(county.into()),
            postcode,
            tenure: Some(if leasehold { "LEASEHOLD" } else { "FREEHOLD" }.into()),
            property_type: Some("SEMI_DETACHED_HOUSE".into()),
            lender: Some(LENDERS[rng.random_range(0..LENDERS.len())].into()),
            ..KeyFacts::default()
        };
        // A purchase at the property's value: one figure is the price either case type quotes.
        let price = rng.random_range(150..900) * 100_000;
        let facts = KeyFacts {
            property_value: Some(price),
            purchase_price: Some(price),
            ..facts
        };
        // Quotes depend on the price band and tenure only here: computed once per band.
        let band = price / 5_000_000;
        let quote = if status == "INELIGIBLE" {
            None
        } else {
            let key = (s.case_type, band, leasehold);
            if let std::collections::hash_map::Entry::Vacant(slot) = quotes.entry(key) {
                let mut f = facts.clone();
                f.jurisdiction = "ENGLAND".into();
                f.property_value = Some(band * 5_000_000 + 2_500_000);
                f.purchase_price = f.property_value;
                // The bulk cases' quotes are shared by band (benchmark data): no introducer.
                let to = facts::QuoteFor::new_case(Utc::now().date_naive(), None);
                let q = facts::quote(workflows, s.case_type, &f, &to)
                    .map_err(|e| anyhow::anyhow!("quote: {}", e.message))?;
                if let Some(q) = q {
                    slot.insert(q);
                }
            }
            quotes.get(&key).cloned()
        };
        let later = |rng: &mut StdRng, after: usize| {
            (position >= after)
                .then(|| (s.created + Duration::days(rng.random_range(1..60))).min(s.updated))
        };
        let is_rem = s.case_type == CaseType::Remortgaging;
        let completed = status == "COMPLETED";
        // Completed on a day already past: never after today, never before the case began.
        let completion_date = completed.then(|| {
            date_after(rng, s.created, 120)
                .min(s.updated.date_naive())
                .max(s.created.date_naive())
        });
        // Past identity verification (and not closed early), every owner's identity was
        // submitted and verified on the way.
        let closed = status == "CANCELLED" || status == "INELIGIBLE";
        let identity_at = if closed {
            None
        } else if is_rem {
            later(rng, RemortgagingStatus::AwaitingMortgageOffer.position())
        } else {
            later(rng, BuyingStatus::AwaitingMemorandumOfSale.position())
        };
        // No bulk case has a recorded mortgage offer: an offer is recorded only with its
        // uploaded document (issue 26.13), and these rows have no files. A remortgage past the
        // offer stage shows it pending, and the back office offers to record it.
        let (deposit_at, terms_at, ta6_at) = if is_rem || closed {
            (None, None, None)
        } else {
            (
                later(rng, BuyingStatus::IdentityVerification.position()),
                later(rng, BuyingStatus::AwaitingDeposit.position()),
                later(rng, BuyingStatus::AwaitingSearches.position()),
            )
        };
        let case_type = if is_rem { "REMORTGAGING" } else { "BUYING" };
        self.cases.push(vec![
            Arg::Int(s.id),
            Arg::Text(case_type.into()),
            Arg::Text(status.into()),
            Arg::Int(s.firm),
            Arg::User(s.broker),
            Arg::Bool(true),
            Arg::OptText(Some(format!("BR-{}", s.id))),
            Arg::OptText((status == "INELIGIBLE").then(|| "NOT_ENGLAND_OR_WALES".into())),
            Arg::Bool(is_rem),
            Arg::Text(facts.jurisdiction.clone()),
            Arg::Text(facts.property_usage.clone()),
            Arg::OptText(facts.lender.clone()),
            Arg::Date(completion_date),
            Arg::OptText(is_rem.then(|| "END_OF_CURRENT_DEAL".into())),
            Arg::OptInt(is_rem.then_some(price)),
            Arg::OptInt(is_rem.then_some(price * 6 / 10)),
            Arg::Date(is_rem.then(|| date_after(rng, s.created, 365))),
            Arg::Bool(false),
            Arg::Time(None),
            Arg::OptInt((!is_rem).then_some(price)),
            Arg::OptInt((!is_rem).then_some(price / 10)),
            Arg::Date((!is_rem).then(|| date_after(rng, s.created, 200))),
            Arg::Time(terms_at),
            Arg::Bool(deposit_at.is_some()),
            Arg::Time(deposit_at),
            Arg::Time(ta6_at),
            Arg::Time(Some(s.created)),
            Arg::Time(Some(s.updated.max(s.created))),
        ]);
        self.properties.push(vec![
            Arg::Int(s.id),
            Arg::Text(facts.address_line1.clone()),
            Arg::OptText(facts.town.clone()),
            Arg::OptText(facts.county.clone()),
            Arg::Text(facts.postcode.clone()),
            Arg::Text(facts.formatted_address()),
            Arg::Text(facts.jurisdiction.clone()),
            Arg::OptText(facts.tenure.clone()),
            Arg::OptText(facts.property_type.clone()),
            Arg::Time(Some(s.created)),
        ]);
        self.applicants.push(vec![
            Arg::Int(s.id),
            Arg::User(s.customer.id),
            Arg::Text("APPLICANT".into()),
            Arg::Bool(true),
            Arg::Time(Some(s.created)),
            // Bulk load-test cases: the customers count as having agreed.
            Arg::Time(Some(s.created)),
            Arg::Time(identity_at),
            Arg::Time(identity_at),
        ]);
        let mut keys: Vec<String> = s
            .customer
            .names
            .iter()
            .flat_map(|n| search_keys(n))
            .collect();
        keys.sort();
        keys.dedup();
        for key in keys {
            self.names.push(vec![
                Arg::Int(s.id),
                Arg::Text(case_type.into()),
                Arg::Text(key),
            ]);
        }
        self.admins.push(vec![
            Arg::Int(s.id),
            Arg::User(s.broker),
            Arg::Time(Some(s.created)),
        ]);
        if let Some(q) = quote {
            self.quotes.push(vec![
                Arg::Int(s.id),
                Arg::Int(q.total_amount),
                Arg::Int(q.deposit),
                Arg::Int(q.subtotal),
                Arg::Int(q.discount),
                Arg::Json(q.cost_breakdown.clone()),
                Arg::OptText(q.land_tax_type.clone()),
                Arg::OptInt(q.land_tax_amount),
                Arg::Time(Some(s.created)),
            ]);
        }
        Ok(())
    }

    fn into_rows(self) -> Vec<TableRows> {
        vec![
            TableRows {
                table: "cases",
                columns: CASE_COLUMNS,
                rows: self.cases,
            },
            TableRows {
                table: "properties",
                columns: &[
                    "case_id",
                    "address_line1",
                    "town",
                    "county",
                    "postcode",
                    "formatted_address",
                    "jurisdiction",
                    "tenure",
                    "property_type",
                    "updated_at",
                ],
                rows: self.properties,
            },
            TableRows {
                table: "applicants",
                columns: &[
                    "case_id",
                    "user_id",
                    "party_type",
                    "is_lead",
                    "created_at",
                    "consented_at",
                    "identity_submitted_at",
                    "identity_verified_at",
                ],
                rows: self.applicants,
            },
            TableRows {
                table: "case_search_names",
                columns: &["case_id", "case_type", "name"],
                rows: self.names,
            },
            TableRows {
                table: "case_admins",
                columns: &["case_id", "user_id", "created_at"],
                rows: self.admins,
            },
            TableRows {
                table: "quotes",
                columns: &[
                    "case_id",
                    "total_amount",
                    "deposit",
                    "subtotal",
                    "discount",
                    "cost_breakdown",
                    "land_tax_type",
                    "land_tax_amount",
                    "created_at",
                ],
                rows: self.quotes,
            },
        ]
    }
}
