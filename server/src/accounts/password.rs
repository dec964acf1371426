//! Password hashing with Argon2id, off the async threads (it is slow and memory-hard on purpose).
use anyhow::Context;
use argon2::{
    password_hash::{rand_core::OsRng, PasswordHash, PasswordHasher, PasswordVerifier, SaltString},
    Algorithm, Argon2, Params, Version,
};

/// Argon2id cost settings (memory in KiB, passes); one lane.
#[derive(Debug, Clone, Copy)]
pub struct HashCost {
    pub memory_kib: u32,
    pub iterations: u32,
}

impl HashCost {
    fn hasher(self) -> anyhow::Result<Argon2<'static>> {
        let params = Params::new(self.memory_kib, self.iterations, 1, None)
            .map_err(|error| anyhow::anyhow!("invalid password hash cost: {error}"))?;
        Ok(Argon2::new(Algorithm::Argon2id, Version::V0x13, params))
    }
}

/// Hashes a password into a PHC string (`$argon2id$v=19$m=…`).
pub async fn hash_password(password: String, cost: HashCost) -> anyhow::Result<String> {
    tokio::task::spawn_blocking(move || {
        let salt = SaltString::generate(&mut OsRng);
        let hash = cost
            .hasher()?
            .hash_password(password.as_bytes(), &salt)
            .map_err(|error| anyhow::anyhow!("cannot hash a password: {error}"))?;
        Ok(hash.to_string())
    })
    .await
    .context("the password hashing task failed")?
}

/// Checks a password against a stored PHC string; the cost is read from the string itself.
pub async fn verify_password(password: String, stored: String) -> anyhow::Result<bool> {
    tokio::task::spawn_blocking(move || {
        let parsed = PasswordHash::new(&stored)
            .map_err(|error| anyhow::anyhow!("unreadable password hash: {error}"))?;
        Ok(Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok())
    })
    .await
    .context("the password verification task failed")?
}

#[cfg(test)]
mod tests {
    use super::*;

    const COST: HashCost = HashCost {
        memory_kib: 19456,
        iterations: 2,
    };

    #[tokio::test]
    async fn a_hash_verifies_only_its_own_password() {
        let hash = hash_password("correct horse 42".into(), COST)
            .await
            .unwrap();
        assert!(
            hash.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
            "{hash}"
        );
        assert!(verify_password("correct horse 42".into(), hash.clone())
            .await
            .unwrap());
        assert!(!verify_password("correct horse 43".into(), hash)
            .await
            .unwrap());
    }

    #[tokio::test]
    async fn the_same_password_gets_a_new_salt_each_time() {
        let first = hash_password("same password 1".into(), COST).await.unwrap();
        let second = hash_password("same password 1".into(), COST).await.unwrap();
        assert_ne!(first, second);
    }
}
