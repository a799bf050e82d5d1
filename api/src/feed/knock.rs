//! The feed token (`knockToken` of GET /auth/me): `<user id>.<expiry>.<HMAC-SHA256>`, signed
//! with a key every server process shares (kept in the database), valid for a few hours. The
//! feed accepts only the token of the signed-in user (NOTIF-05).

use std::sync::Arc;

use chrono::{DateTime, Duration, Utc};
use hmac::{Hmac, Mac};
use sha2::Sha256;
use threshold_store::{Db, StoreError, UserId};
use tokio::sync::OnceCell;

const KEY_NAME: &str = "feed-token";
const LIFETIME_HOURS: i64 = 12;

/// The signing key, read from the database once per process (it never changes once made):
/// GET /auth/me and every feed call need it.
#[derive(Clone, Default)]
pub struct KnockKey(Arc<OnceCell<String>>);

impl KnockKey {
    async fn get(&self, db: &Db) -> Result<&str, StoreError> {
        self.0
            .get_or_try_init(|| db.app_secret(KEY_NAME))
            .await
            .map(String::as_str)
    }
}

fn mac(key: &str, payload: &str) -> Hmac<Sha256> {
    let mut mac = Hmac::<Sha256>::new_from_slice(key.as_bytes()).expect("any key length");
    mac.update(payload.as_bytes());
    mac
}

/// A fresh token for this user.
pub async fn issue(
    key: &KnockKey,
    db: &Db,
    user: UserId,
    now: DateTime<Utc>,
) -> Result<String, StoreError> {
    let key = key.get(db).await?;
    let payload = format!(
        "{user}.{}",
        (now + Duration::hours(LIFETIME_HOURS)).timestamp()
    );
    let signature = hex::encode(mac(key, &payload).finalize().into_bytes());
    Ok(format!("{payload}.{signature}"))
}

/// Whether `token` is this user's, unexpired and signed by us.
pub async fn verify(
    key: &KnockKey,
    db: &Db,
    token: &str,
    user: UserId,
    now: DateTime<Utc>,
) -> Result<bool, StoreError> {
    let mut parts = token.rsplitn(2, '.');
    let (Some(signature), Some(payload)) = (parts.next(), parts.next()) else {
        return Ok(false);
    };
    let Some((owner, expiry)) = payload.split_once('.') else {
        return Ok(false);
    };
    let (Ok(signature), Ok(expiry)) = (hex::decode(signature), expiry.parse::<i64>()) else {
        return Ok(false);
    };
    if owner != user.to_string() || expiry < now.timestamp() {
        return Ok(false);
    }
    let key = key.get(db).await?;
    // verify_slice compares in constant time.
    Ok(mac(key, payload).verify_slice(&signature).is_ok())
}
