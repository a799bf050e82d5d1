//! Secret tokens (sign-in links, session cookies): 256 bits from the OS random source,
//! handed out once in URL-safe base64, and only their SHA-256 hash is ever stored.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use rand::TryRngCore;
use rand::rngs::OsRng;
use sha2::{Digest, Sha256};

/// A fresh secret token: 32 bytes from the OS, URL-safe base64 (43 characters).
pub fn new_token() -> String {
    let mut bytes = [0u8; 32];
    OsRng
        .try_fill_bytes(&mut bytes)
        .expect("the operating system's random source is unavailable");
    URL_SAFE_NO_PAD.encode(bytes)
}

/// The hex SHA-256 of a token or other secret, which is what the database keeps.
pub fn hash(secret: &str) -> String {
    hex::encode(Sha256::digest(secret.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_carry_256_bits_and_differ() {
        let a = new_token();
        let b = new_token();
        assert_eq!(URL_SAFE_NO_PAD.decode(&a).unwrap().len(), 32);
        assert_ne!(a, b);
    }

    #[test]
    fn hash_is_sha256_hex() {
        assert_eq!(
            hash("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }
}
