//! Which git remote `--remote` names: a remote of the git repository in the
//! working directory (default `origin`), a URL, or a path. A name is read
//! from the user's own git configuration, and so is the network setup a
//! fetch from that repository would use (credential helpers, `http.*` such
//! as the header `actions/checkout` leaves for CI, `url.*.insteadOf`, ssh
//! settings), so helm's private repository reaches the remote as the
//! user's repository would. Nothing here writes anything.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

use sha2::{Digest, Sha256};

use super::git;
use crate::error::arg;
use crate::error::{Error, Kind, Result};
use crate::model::words;

/// A resolved remote.
#[derive(Clone, Debug)]
pub struct Remote {
    /// What to call it in output: the name, or the URL without credentials,
    /// or the path.
    pub label: String,
    pub(crate) fetch_url: String,
    pub(crate) push_url: String,
    /// Names helm's bookkeeping refs for this remote (a hash of the URL).
    pub(crate) key: String,
    /// Network configuration of the user's repository, for fetch and push.
    pub(crate) network: Vec<(String, String)>,
}

/// The remote `given` names, or `origin`. Only a URL or a remote's name
/// waits for the user's configuration; a path needs none of it.
pub(crate) fn resolve(given: Option<&str>, cwd: &Path, user: &UserConfig) -> Result<Remote> {
    let given = given.map(str::trim).filter(|g| !g.is_empty());
    let text = given.unwrap_or("origin");
    if is_url(text) {
        let config = user.get()?;
        return Ok(remote(
            redact(text),
            text.to_string(),
            text.to_string(),
            config.network(),
        ));
    }
    if is_path(text) {
        return from_path(text, cwd);
    }
    let config = user.get()?;
    match config.remote_url(text) {
        Some((url, push)) => {
            let url = config.absolute(&url, cwd)?;
            let push = config.absolute(&push, cwd)?;
            Ok(remote(text.to_string(), url, push, config.network()))
        }
        None if cwd.join(text).is_dir() => from_path(text, cwd),
        None => Err(Error::new(
            Kind::Config,
            match config.in_repository {
                true => format!(
                    "the git repository in {} has no remote named '{text}'",
                    cwd.display()
                ),
                false => format!(
                    "no git remote named '{text}': {} is not in a git repository",
                    cwd.display()
                ),
            },
        )
        .hint(words![
            "pass ",
            arg("remote"),
            " with a remote name, a URL or a path, e.g. ",
            arg("remote"),
            " git@github.com:owner/repo.git",
        ])),
    }
}

fn remote(
    label: String,
    fetch_url: String,
    push_url: String,
    network: Vec<(String, String)>,
) -> Remote {
    let key = Sha256::digest(fetch_url.as_bytes())
        .iter()
        .take(8)
        .map(|b| format!("{b:02x}"))
        .collect();
    Remote {
        label,
        fetch_url,
        push_url,
        key,
        network,
    }
}

fn from_path(text: &str, cwd: &Path) -> Result<Remote> {
    let path = cwd.join(text);
    let path = path.canonicalize().map_err(|err| {
        Error::io(
            format!("the remote {} cannot be read", path.display()),
            &err,
        )
        .hint(words![
            "pass ",
            arg("remote"),
            " with a remote name, a URL, or the path of a git repository",
        ])
    })?;
    let url = path.to_string_lossy().into_owned();
    Ok(remote(text.to_string(), url.clone(), url, Vec::new()))
}

/// `scheme://…`, or git's scp-like `host:path` (a colon before any slash,
/// and more than a drive letter before it).
fn is_url(text: &str) -> bool {
    if text.contains("://") {
        return true;
    }
    match (text.find(':'), text.find('/')) {
        (Some(colon), slash) => colon > 1 && slash.is_none_or(|slash| colon < slash),
        _ => false,
    }
}

fn is_path(text: &str) -> bool {
    text.starts_with('.') || text.contains('/') || text.contains('\\')
}

/// A URL as it may be shown: without a user name or password.
pub(crate) fn redact(url: &str) -> String {
    if let Some((scheme, rest)) = url.split_once("://") {
        let (authority, path) = match rest.find('/') {
            Some(cut) => rest.split_at(cut),
            None => (rest, ""),
        };
        if let Some((_, host)) = authority.rsplit_once('@') {
            return format!("{scheme}://{host}{path}");
        }
    }
    url.to_string()
}

/// The user's git configuration as git in `cwd` sees it: `(key, value)`
/// pairs, keys in lower case, the one that wins last.
pub(crate) fn user_config(cwd: &Path) -> Result<Vec<(String, String)>> {
    Ok(Config::read(cwd)?
        .entries
        .into_iter()
        .map(|(_, key, value)| (key, value))
        .collect())
}

/// The user's git configuration, read by a `git config` started at once
/// and waited for only when something needs it: a remote named or given as
/// a URL needs it to be resolved, a push or pull only when it decides to
/// sign or verify. So for a remote given as a path, its process runs beside
/// the private repository's own, not before them. Read once, for both.
pub(crate) struct UserConfig {
    cwd: PathBuf,
    state: Mutex<Reading>,
}

enum Reading {
    Started(std::process::Child),
    Read(Arc<Config>),
    Failed(Kind, String),
}

impl UserConfig {
    /// Starts reading the configuration as git in `cwd` sees it.
    pub(crate) fn start(cwd: &Path) -> Result<UserConfig> {
        Ok(UserConfig {
            cwd: cwd.to_path_buf(),
            state: Mutex::new(Reading::Started(Config::start(cwd)?)),
        })
    }

    /// The configuration, once `git config` has answered.
    fn get(&self) -> Result<Arc<Config>> {
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        let unread = Reading::Failed(Kind::Io, "your git configuration was not read".into());
        let read = match std::mem::replace(&mut *state, unread) {
            Reading::Started(child) => Config::finish(child, &self.cwd).map(Arc::new),
            Reading::Read(config) => Ok(config),
            Reading::Failed(kind, message) => Err(Error::new(kind, message)),
        };
        match read {
            Ok(config) => {
                *state = Reading::Read(config.clone());
                Ok(config)
            }
            Err(err) => {
                *state = Reading::Failed(err.kind(), err.message().to_string());
                Err(err)
            }
        }
    }

    /// `(key, value)` pairs, keys in lower case, the one that wins last.
    pub(crate) fn entries(&self) -> Result<Vec<(String, String)>> {
        Ok(self
            .get()?
            .entries
            .iter()
            .map(|(_, key, value)| (key.clone(), value.clone()))
            .collect())
    }
}

impl Drop for UserConfig {
    fn drop(&mut self) {
        let state = self.state.get_mut().unwrap_or_else(PoisonError::into_inner);
        if let Reading::Started(child) = state {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// The user's git configuration as git in `cwd` sees it, with scopes.
struct Config {
    entries: Vec<(String, String, String)>,
    in_repository: bool,
    cwd: PathBuf,
}

impl Config {
    fn read(cwd: &Path) -> Result<Config> {
        Config::finish(Config::start(cwd)?, cwd)
    }

    fn start(cwd: &Path) -> Result<std::process::Child> {
        let mut command = git::user_command(cwd);
        command.args(["config", "--includes", "--show-scope", "-z", "--list"]);
        git::spawn(command, "git config")
    }

    fn finish(child: std::process::Child, cwd: &Path) -> Result<Config> {
        let output = git::wait(child, "git config")?;
        // Outside a repository git still lists the global configuration;
        // an error here is a configuration git cannot read.
        let output = git::check(output, "reading your git configuration")
            .map_err(|err| err.hint("fix the git configuration git reports, then retry"))?;
        let text = String::from_utf8_lossy(&output.stdout);
        let mut fields = text.split('\0');
        let mut entries = Vec::new();
        while let (Some(scope), Some(pair)) = (fields.next(), fields.next()) {
            let (key, value) = pair.split_once('\n').unwrap_or((pair, ""));
            entries.push((scope.to_string(), key.to_string(), value.to_string()));
        }
        let in_repository = entries.iter().any(|(scope, _, _)| scope == "local");
        Ok(Config {
            entries,
            in_repository,
            cwd: cwd.to_path_buf(),
        })
    }

    /// The fetch and push URLs of the remote `name`, if it has one.
    fn remote_url(&self, name: &str) -> Option<(String, String)> {
        let value = |var: &str| {
            let key = format!("remote.{name}.{var}");
            self.entries
                .iter()
                .filter(|(_, k, _)| *k == key)
                .map(|(_, _, v)| v.clone())
                .next_back()
        };
        let url = value("url")?;
        let push = value("pushurl").unwrap_or_else(|| url.clone());
        Some((url, push))
    }

    /// A remote's URL as git would use it: a relative path is relative to
    /// the repository's top folder.
    fn absolute(&self, url: &str, cwd: &Path) -> Result<String> {
        if is_url(url) || Path::new(url).is_absolute() {
            return Ok(url.to_string());
        }
        let mut command = git::user_command(cwd);
        command.args(["rev-parse", "--show-toplevel"]);
        let top = git::run(command, "git rev-parse")
            .ok()
            .filter(|o| o.status.success())
            .map(|o| PathBuf::from(String::from_utf8_lossy(&o.stdout).trim()))
            .unwrap_or_else(|| self.cwd.clone());
        let path = top.join(url);
        Ok(path
            .canonicalize()
            .unwrap_or(path)
            .to_string_lossy()
            .into_owned())
    }

    /// What a fetch or push from the user's repository would use beyond the
    /// global configuration helm's git reads by itself: the repository's own
    /// network settings and those given on git's command line.
    fn network(&self) -> Vec<(String, String)> {
        self.entries
            .iter()
            .filter(|(scope, key, _)| match scope.as_str() {
                "command" => true,
                "local" | "worktree" => is_network(key),
                _ => false,
            })
            .map(|(_, key, value)| (key.clone(), value.clone()))
            .collect()
    }
}

fn is_network(key: &str) -> bool {
    let section = key.split('.').next().unwrap_or_default();
    matches!(section, "http" | "credential" | "url" | "ssh" | "protocol")
        || matches!(key, "core.sshcommand" | "core.gitproxy" | "core.askpass")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_paths_and_names_are_told_apart() {
        for url in [
            "https://github.com/o/r.git",
            "git@github.com:o/r.git",
            "ssh://git@host/r",
            "file:///srv/r.git",
        ] {
            assert!(is_url(url), "{url}");
        }
        for path in ["./remote.git", "../r", "/srv/r.git", "dir/r.git"] {
            assert!(!is_url(path) && is_path(path), "{path}");
        }
        for name in ["origin", "upstream", "c"] {
            assert!(!is_url(name) && !is_path(name), "{name}");
        }
        assert!(!is_url("C:/repo"));
    }

    #[test]
    fn credentials_never_show() {
        assert_eq!(
            redact("https://x-access-token:ghs_secret@github.com/o/r.git"),
            "https://github.com/o/r.git"
        );
        assert_eq!(redact("git@github.com:o/r.git"), "git@github.com:o/r.git");
        assert_eq!(redact("/srv/r.git"), "/srv/r.git");
    }

    #[test]
    fn only_network_settings_of_the_repository_travel() {
        let config = Config {
            entries: [
                ("global", "user.name", "x"),
                ("local", "core.bare", "false"),
                (
                    "local",
                    "http.https://github.com/.extraheader",
                    "AUTHORIZATION: basic x",
                ),
                ("local", "credential.helper", "store"),
                ("global", "credential.helper", "cache"),
                ("command", "fetch.prune", "true"),
                ("local", "remote.origin.url", "../r.git"),
            ]
            .iter()
            .map(|(s, k, v)| (s.to_string(), k.to_string(), v.to_string()))
            .collect(),
            in_repository: true,
            cwd: PathBuf::from("/"),
        };
        let keys: Vec<String> = config.network().into_iter().map(|(k, _)| k).collect();
        assert_eq!(
            keys,
            [
                "http.https://github.com/.extraheader",
                "credential.helper",
                "fetch.prune"
            ]
        );
        assert_eq!(
            config.remote_url("origin"),
            Some(("../r.git".to_string(), "../r.git".to_string()))
        );
        assert_eq!(config.remote_url("upstream"), None);
    }
}
