//! Who a token acts as on GitHub (`actor` in a steer's record, ADR 0020):
//! the login from `GET /user`, asked once per token and server and kept in
//! `$HELM_HOME/cache/actors/`, under a hash of the two, never the token.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::github::client::Client;
use crate::storage::files::{self, Durability};

/// A cache file holds `{"login": …}`: anything longer is not one.
const CACHE_LIMIT: u64 = 4096;

/// The cache file of one token on one server.
pub(crate) struct Logins {
    path: PathBuf,
    /// The login once known in this process.
    known: Option<String>,
}

#[derive(Serialize, Deserialize)]
struct Cached {
    login: String,
}

impl Logins {
    /// `token` is only hashed: neither it nor its hash leaves this process
    /// but as the cache file's name.
    pub(crate) fn new(home: &Path, api_url: &str, token: &str) -> Logins {
        let mut hash = Sha256::new();
        hash.update(b"helm actor\0");
        hash.update(api_url.as_bytes());
        hash.update(b"\0");
        hash.update(token.as_bytes());
        let key: String = hash.finalize().iter().map(|b| format!("{b:02x}")).collect();
        Logins {
            path: home
                .join("cache")
                .join("actors")
                .join(format!("{key}.json")),
            known: None,
        }
    }

    /// Remembers a login GitHub's answer named for this token.
    pub(crate) fn learnt(&mut self, login: &str) {
        if self.known.as_deref() == Some(login) {
            return;
        }
        self.known = Some(login.to_string());
        if self.cached().as_deref() != Some(login) {
            self.store(login);
        }
    }

    /// The token's login: known, cached, else asked of GitHub (`GET /user`)
    /// and cached. `None` when GitHub could not say: the steer is not
    /// failed for it, since GitHub may already have acted.
    pub(crate) async fn login(&mut self, client: &Client) -> Option<String> {
        if let Some(login) = self.known.clone().or_else(|| self.cached()) {
            self.known = Some(login.clone());
            return Some(login);
        }
        let login = client.viewer().await.ok()?;
        self.learnt(&login);
        Some(login)
    }

    /// The cached login, if the file holds a sound one. Read without
    /// blocking and bounded: a steer reads it holding the voyage's write
    /// lock, after GitHub acted.
    fn cached(&self) -> Option<String> {
        let bytes = files::read_cache(&self.path, CACHE_LIMIT)?;
        let cached: Cached = serde_json::from_slice(&bytes).ok()?;
        sound(&cached.login).then_some(cached.login)
    }

    /// Best effort: a cache that cannot be written costs one request later.
    fn store(&self, login: &str) {
        if !sound(login) {
            return;
        }
        let Some(dir) = self.path.parent() else {
            return;
        };
        if files::create_private_dir(dir).is_err() {
            return;
        }
        if let Ok(bytes) = serde_json::to_vec(&Cached {
            login: login.to_string(),
        }) {
            let _ = files::write_atomic(&self.path, &bytes, Durability::BestEffort);
        }
    }
}

/// A GitHub login as GitHub spells them (letters, digits, `-`, and `[bot]`
/// for apps): anything else read from a file or an answer is not one.
fn sound(login: &str) -> bool {
    let name = login.strip_suffix("[bot]").unwrap_or(login);
    !name.is_empty()
        && name.len() <= 100
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cache_is_named_by_a_hash_and_holds_only_the_login() {
        let home = tempfile::tempdir().unwrap();
        let mut logins = Logins::new(home.path(), "http://127.0.0.1:1", "ghp_secret");
        assert!(!logins.path.to_string_lossy().contains("ghp_secret"));
        logins.learnt("helm-bot");
        let again = Logins::new(home.path(), "http://127.0.0.1:1", "ghp_secret");
        assert_eq!(again.cached().as_deref(), Some("helm-bot"));
        let text = std::fs::read_to_string(&again.path).unwrap();
        assert_eq!(text, r#"{"login":"helm-bot"}"#);
        let other = Logins::new(home.path(), "http://127.0.0.1:1", "ghp_other");
        assert_eq!(other.cached(), None);
        assert!(!sound("a b") && sound("dependabot[bot]"));
    }
}
