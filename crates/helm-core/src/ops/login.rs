//! Who a token acts as on a forge (`actor` in a steer's record, ADR 0020):
//! the login its `GET /user` names, asked once per token and server and kept
//! in `$HELM_HOME/cache/actors/`, under a hash of the two
//! (`helm_forge::viewer_key`), never the token.

use std::path::{Path, PathBuf};

use std::future::Future;

use serde::{Deserialize, Serialize};

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
    /// The cache of the token `key` names (`Repository::viewer_key`).
    pub(crate) fn new(home: &Path, key: &str) -> Logins {
        Logins {
            path: home
                .join("cache")
                .join("actors")
                .join(format!("{key}.json")),
            known: None,
        }
    }

    /// Remembers a login the forge's answer named for this token.
    pub(crate) fn learnt(&mut self, login: &str) {
        if self.known.as_deref() == Some(login) {
            return;
        }
        self.known = Some(login.to_string());
        if self.cached().as_deref() != Some(login) {
            self.store(login);
        }
    }

    /// The token's login: known, cached, else `asked` of the forge (its
    /// `GET /user`, awaited only then) and cached. `None` when the forge
    /// could not say: the steer is not failed for it, since the forge may
    /// already have acted.
    pub(crate) async fn login(
        &mut self,
        asked: impl Future<Output = Option<String>>,
    ) -> Option<String> {
        if let Some(login) = self.known.clone().or_else(|| self.cached()) {
            self.known = Some(login.clone());
            return Some(login);
        }
        let login = asked.await?;
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

/// A login as the forges spell them (letters, digits, `-`, `_`, and `.` on
/// GitLab and Forgejo; `[bot]` for GitHub's apps): anything else read from
/// a file or an answer is not one.
fn sound(login: &str) -> bool {
    let name = login.strip_suffix("[bot]").unwrap_or(login);
    !name.is_empty()
        && name.len() <= 100
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cache_is_named_by_a_hash_and_holds_only_the_login() {
        let home = tempfile::tempdir().unwrap();
        let key = |token| helm_forge::viewer_key("http://127.0.0.1:1", token);
        let mut logins = Logins::new(home.path(), &key("ghp_secret"));
        assert!(!logins.path.to_string_lossy().contains("ghp_secret"));
        logins.learnt("helm-bot");
        let again = Logins::new(home.path(), &key("ghp_secret"));
        assert_eq!(again.cached().as_deref(), Some("helm-bot"));
        let text = std::fs::read_to_string(&again.path).unwrap();
        assert_eq!(text, r#"{"login":"helm-bot"}"#);
        let other = Logins::new(home.path(), &key("ghp_other"));
        assert_eq!(other.cached(), None);
        assert!(!sound("a b") && sound("dependabot[bot]") && sound("jane.doe"));
    }
}
