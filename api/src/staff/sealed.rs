//! Authenticator secrets at rest: sealed with AES-256-GCM (ring) under the installation's key
//! and bound to their staff member, so that a copy of the database alone gives nobody a staff
//! member's codes. The key is `SECRETS_KEY` (32 random bytes, base64), which every server
//! process of an installation shares; without it, a key file made once in the data directory
//! (`secrets.key`, readable by its owner only) serves a single machine.

use std::io::Write;
use std::path::Path;
use std::sync::Arc;

use anyhow::Context;
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use ring::aead::{AES_256_GCM, Aad, LessSafeKey, NONCE_LEN, Nonce, UnboundKey};
use ring::rand::{SecureRandom, SystemRandom};
use threshold_store::{Db, UserId, WebhookEndpointId};

use crate::config::Config;

/// What a sealed secret starts with (the scheme's version).
const PREFIX: &str = "v1:";
const KEY_FILE: &str = "secrets.key";
const KEY_LEN: usize = 32;

/// The installation's sealing key.
#[derive(Clone)]
pub struct SecretBox(Arc<LessSafeKey>);

impl std::fmt::Debug for SecretBox {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SecretBox(…)")
    }
}

impl SecretBox {
    /// `SECRETS_KEY`, or the data directory's key file (made on first use).
    pub fn from_config(config: &Config) -> anyhow::Result<Self> {
        let key = match &config.secrets_key {
            Some(text) => decode_key(text).context("SECRETS_KEY must be 32 bytes, base64")?,
            None => key_file(&config.data_dir.join(KEY_FILE))?,
        };
        Ok(Self::new(&key))
    }

    /// A key given as text (base64), e.g. the new key of a rotation.
    pub fn from_text(text: &str) -> anyhow::Result<Self> {
        Ok(Self::new(&decode_key(text)?))
    }

    /// Makes `text` the data directory's key file (a rotation on a single machine), replacing
    /// the old one in one step.
    pub fn replace_key_file(config: &Config, text: &str) -> anyhow::Result<()> {
        decode_key(text)?;
        let path = config.data_dir.join(KEY_FILE);
        let next = config.data_dir.join(format!("{KEY_FILE}.new"));
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create(true).truncate(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
        let mut file = options.open(&next)?;
        file.write_all(text.as_bytes())?;
        file.sync_all()?;
        std::fs::rename(&next, &path)?;
        Ok(())
    }

    fn new(key: &[u8; KEY_LEN]) -> Self {
        let key = UnboundKey::new(&AES_256_GCM, key).expect("a 32-byte AES-256 key");
        Self(Arc::new(LessSafeKey::new(key)))
    }

    /// `v1:` and base64 of a fresh nonce, the ciphertext and its tag; the staff member's id is
    /// the associated data, so a sealed secret copied to another account does not open.
    pub fn seal(&self, user: UserId, secret: &str) -> String {
        let mut nonce = [0u8; NONCE_LEN];
        SystemRandom::new()
            .fill(&mut nonce)
            .expect("the system's random source");
        let mut sealed = secret.as_bytes().to_vec();
        self.0
            .seal_in_place_append_tag(
                Nonce::assume_unique_for_key(nonce),
                Aad::from(user.to_string()),
                &mut sealed,
            )
            .expect("sealing a short secret");
        let mut out = nonce.to_vec();
        out.extend_from_slice(&sealed);
        format!("{PREFIX}{}", STANDARD.encode(out))
    }

    /// The secret, if `stored` was sealed by this key for this staff member.
    pub fn open(&self, user: UserId, stored: &str) -> anyhow::Result<String> {
        let bytes = stored
            .strip_prefix(PREFIX)
            .and_then(|b| STANDARD.decode(b).ok())
            .filter(|b| b.len() > NONCE_LEN)
            .context("an authenticator secret is not sealed")?;
        let (nonce, sealed) = bytes.split_at(NONCE_LEN);
        let nonce = Nonce::try_assume_unique_for_key(nonce).context("a sealed secret's nonce")?;
        let mut sealed = sealed.to_vec();
        let plain = self
            .0
            .open_in_place(nonce, Aad::from(user.to_string()), &mut sealed)
            .map_err(|_| {
                anyhow::anyhow!("an authenticator secret does not open with this key (SECRETS_KEY)")
            })?;
        Ok(String::from_utf8(plain.to_vec())?)
    }
}

/// Seals the secrets stored before sealing existed (once, at start-up).
pub async fn seal_stored_secrets(db: &Db, secrets: &SecretBox) -> anyhow::Result<usize> {
    let mut sealed = 0;
    for (user, plain) in db.staff_factor_secrets().await? {
        if plain.starts_with(PREFIX) {
            continue;
        }
        if db
            .replace_totp_secret(user, &plain, &secrets.seal(user, &plain))
            .await?
        {
            sealed += 1;
        }
    }
    Ok(sealed)
}

/// Where the installation keeps a value sealed under its key, to know the key again.
const KEY_CHECK: &str = "secrets_key_check";
const KEY_CHECK_TEXT: &str = "Threshold's secrets key";
/// The key check is sealed for nobody (the nil id is no account's).
const NOBODY: UserId = UserId(uuid::Uuid::nil());

const WRONG_KEY: &str = "SECRETS_KEY is not the key this installation's secrets are sealed with: \
     every server and worker process must share one SECRETS_KEY (or, on a single machine, the \
     data directory's secrets.key). Staff could not sign in with it.";

/// Refuses to start with a key other than the installation's (its staff could not prove their
/// second factor). The first process to start records a value sealed under its key; an
/// installation from before the check is known by its staff's sealed secrets.
pub async fn check_key(db: &Db, secrets: &SecretBox) -> anyhow::Result<()> {
    // The staff's secrets first, so that a wrong key is never recorded as the check.
    let sealed = db.staff_factor_secrets().await?;
    let opens = |(user, stored): &(UserId, String)| {
        !stored.starts_with(PREFIX) || secrets.open(*user, stored).is_ok()
    };
    anyhow::ensure!(sealed.iter().all(opens), WRONG_KEY);
    let webhooks = db.webhook_endpoint_secrets().await?;
    anyhow::ensure!(
        webhooks
            .iter()
            .all(|(id, stored)| secrets.open(webhook_owner(*id), stored).is_ok()),
        WRONG_KEY
    );
    let stored = db
        .first_stored(KEY_CHECK, &secrets.seal(NOBODY, KEY_CHECK_TEXT))
        .await?;
    anyhow::ensure!(
        secrets.open(NOBODY, &stored).ok().as_deref() == Some(KEY_CHECK_TEXT),
        WRONG_KEY
    );
    Ok(())
}

/// Re-seals every secret under `new` (one transaction): run with every process stopped, then
/// start them with the new key.
pub async fn rotate_key(db: &Db, old: &SecretBox, new: &SecretBox) -> anyhow::Result<usize> {
    check_key(db, old).await?;
    let mut resealed = vec![];
    for (user, stored) in db.staff_factor_secrets().await? {
        let plain = if stored.starts_with(PREFIX) {
            old.open(user, &stored)?
        } else {
            stored
        };
        resealed.push((user, new.seal(user, &plain)));
    }
    let mut webhooks = vec![];
    for (id, stored) in db.webhook_endpoint_secrets().await? {
        let plain = old.open(webhook_owner(id), &stored)?;
        webhooks.push((id, new.seal(webhook_owner(id), &plain)));
    }
    db.reseal_secrets(
        &resealed,
        &webhooks,
        KEY_CHECK,
        &new.seal(NOBODY, KEY_CHECK_TEXT),
    )
    .await?;
    Ok(resealed.len() + webhooks.len())
}

/// A webhook endpoint's signing secret is sealed for the endpoint (its id as the owner), so a
/// sealed value moved to another row does not open.
pub fn webhook_owner(id: WebhookEndpointId) -> UserId {
    UserId(id.0)
}

/// A fresh random key, base64 (what `SECRETS_KEY` takes).
pub fn new_key_text() -> anyhow::Result<String> {
    Ok(STANDARD.encode(random_key()?))
}

fn random_key() -> anyhow::Result<[u8; KEY_LEN]> {
    let mut key = [0u8; KEY_LEN];
    SystemRandom::new()
        .fill(&mut key)
        .map_err(|_| anyhow::anyhow!("no random source"))?;
    Ok(key)
}

fn decode_key(text: &str) -> anyhow::Result<[u8; KEY_LEN]> {
    let bytes = STANDARD.decode(text.trim())?;
    bytes
        .try_into()
        .map_err(|_| anyhow::anyhow!("not {KEY_LEN} bytes"))
}

/// Reads the key file, or makes it (random, owner-only) when there is none. Two processes
/// starting together agree: only one creates it, the other reads it.
fn key_file(path: &Path) -> anyhow::Result<[u8; KEY_LEN]> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    match options.open(path) {
        Ok(mut file) => {
            let key = random_key()?;
            file.write_all(STANDARD.encode(key).as_bytes())?;
            file.sync_all()?;
            Ok(key)
        }
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("reading {}", path.display()))?;
            decode_key(&text).with_context(|| format!("{} is not a key", path.display()))
        }
        Err(e) => Err(e).with_context(|| format!("creating {}", path.display())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn user(n: u128) -> UserId {
        UserId(uuid::Uuid::from_u128(n))
    }

    #[test]
    fn a_sealed_secret_opens_only_with_its_key_and_for_its_owner() {
        let secrets = SecretBox::new(&[7; KEY_LEN]);
        let sealed = secrets.seal(user(1), "JBSWY3DPEHPK3PXP");
        assert!(sealed.starts_with(PREFIX));
        assert!(!sealed.contains("JBSWY3DPEHPK3PXP"));
        assert_ne!(
            sealed,
            secrets.seal(user(1), "JBSWY3DPEHPK3PXP"),
            "a fresh nonce"
        );
        assert_eq!(secrets.open(user(1), &sealed).unwrap(), "JBSWY3DPEHPK3PXP");
        assert!(secrets.open(user(2), &sealed).is_err(), "another account");
        let other = SecretBox::new(&[8; KEY_LEN]);
        assert!(other.open(user(1), &sealed).is_err(), "another key");
        let mut tampered = sealed.clone();
        tampered.replace_range(10..11, if &sealed[10..11] == "A" { "B" } else { "A" });
        assert!(secrets.open(user(1), &tampered).is_err());
        assert!(
            secrets.open(user(1), "JBSWY3DPEHPK3PXP").is_err(),
            "not sealed"
        );
    }

    #[test]
    fn the_key_file_is_made_once_owner_only_and_read_after() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("data").join(KEY_FILE);
        let first = key_file(&path).unwrap();
        assert_eq!(key_file(&path).unwrap(), first);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        std::fs::write(&path, "short").unwrap();
        assert!(key_file(&path).is_err());
        assert!(decode_key(&STANDARD.encode([1u8; 31])).is_err());
    }
}
