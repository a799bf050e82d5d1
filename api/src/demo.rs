//! Demo accounts for a local run: one of each kind of user, onboarded and with the current
//! policies accepted, so `make run` is ready to sign in with. Idempotent.

use chrono::Utc;
use threshold_engine::Role;
use threshold_store::Db;
use threshold_store::users::NewUser;

use crate::config::Config;
use crate::staff::SecretBox;

/// (e-mail, preferred name, role, lender, features)
pub const DEMO_ACCOUNTS: &[(&str, &str, Role, bool, &[&str])] = &[
    (
        "customer@demo.threshold.test",
        "Casey Customer",
        Role::User,
        false,
        &["BUYING", "AI_BOT", "SOF"],
    ),
    (
        "broker@demo.threshold.test",
        "Bea Broker",
        Role::Broker,
        false,
        &["BUYING", "AI_BOT"],
    ),
    (
        "manager@demo.threshold.test",
        "Max Manager",
        Role::BrokerManager,
        false,
        &["BUYING"],
    ),
    (
        "admin@demo.threshold.test",
        "Ada Admin",
        Role::BrokerAdmin,
        false,
        &["BUYING"],
    ),
    (
        "lender@demo.threshold.test",
        "Lee Lender",
        Role::Broker,
        true,
        &["BUYING"],
    ),
    (
        "conveyancer@demo.threshold.test",
        "Connie Conveyancer",
        Role::Conveyancer,
        false,
        &[],
    ),
];

/// The demo conveyancer's authenticator secret: published, so that anyone trying the demo can
/// add it to an authenticator app or print the current code with `threshold demo-code`.
/// Only ever set on the demo account.
pub const DEMO_STAFF_TOTP_SECRET: &str = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

/// Creates the demo accounts that do not exist yet; returns how many were created.
pub async fn seed_accounts(db: &Db, config: &Config, secrets: &SecretBox) -> anyhow::Result<usize> {
    let mut created = 0;
    for (email, name, role, is_lender, features) in DEMO_ACCOUNTS {
        if db.user_by_email(email).await?.is_some() {
            continue;
        }
        db.create_user(
            &NewUser {
                email: (*email).to_owned(),
                preferred_name: (*name).to_owned(),
                role: *role,
                is_lender: *is_lender,
                enabled_features: features.iter().map(|f| (*f).to_owned()).collect(),
                privacy_version: Some(config.privacy_policy_version),
                terms_version: Some(config.terms_version),
                is_onboarded: true,
            },
            Utc::now(),
        )
        .await?;
        if role.is_staff() {
            enrol_demo_staff(db, secrets, email).await?;
        }
        created += 1;
    }
    Ok(created)
}

/// Sets up the demo staff member's authenticator with [`DEMO_STAFF_TOTP_SECRET`], confirmed.
async fn enrol_demo_staff(db: &Db, secrets: &SecretBox, email: &str) -> anyhow::Result<()> {
    let user = db
        .user_by_email(email)
        .await?
        .ok_or_else(|| anyhow::anyhow!("the demo account {email} was not created"))?;
    let now = Utc::now();
    let sealed = secrets.seal(user.id, DEMO_STAFF_TOTP_SECRET);
    db.begin_staff_enrolment(user.id, &sealed, now).await?;
    // Step 0 (1970): any code of today is newer.
    db.use_totp_step(user.id, 0, true, now).await?;
    Ok(())
}
