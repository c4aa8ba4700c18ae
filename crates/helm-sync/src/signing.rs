//! Signed sync: every commit a push sends signed with the user's own key,
//! by git itself, and a pull that refuses what no allowed signer signed.
//!
//! helm writes a push with `git fast-import`, which cannot sign. When git is
//! configured to sign (`commit.gpgSign`, or where that is not set,
//! `user.signingKey` with `gpg.format`) or `voyage push --sign` asks, the chain it wrote is
//! written again commit by commit with `git commit-tree -S` (same tree,
//! author, committer and message; the parent is the commit signed before),
//! and the snapshot commit of the remote points at the signed tip. git
//! signs with whatever its configuration says (ssh, OpenPGP, X.509); helm
//! never sees a key.
//!
//! `voyage pull --verify-signatures` (or `helm.verifySignatures` in git's
//! configuration; the checks are in `verifying`) asks git for the signature of every commit the fetch
//! brought beyond the last sync: any that is not good by git's verdict
//! (`%G?` other than `G`: unsigned, a key not in `gpg.ssh.allowedSignersFile`,
//! expired, revoked, bad) refuses the pull as `bad-signature`, naming the
//! commit and the entry it carries, before anything is written.
//!
//! The signing settings are read from the user's git configuration as git
//! in the working directory sees it (their repository's and their global
//! ones) and given to the commands in helm's private repository on the
//! environment (`GIT_CONFIG_COUNT`), as the network settings are.

use std::collections::BTreeMap;
use std::process::{Command, Stdio};

use super::fast_import::Written;
use super::git::{self, SyncRepo};
use crate::error::{Error, Kind, Result};

/// The configuration keys (as `git config --list` writes them, lower case)
/// that say how git signs and verifies.
const KEYS: [&str; 12] = [
    "user.signingkey",
    "gpg.format",
    "gpg.program",
    "gpg.openpgp.program",
    "gpg.x509.program",
    "gpg.ssh.program",
    "gpg.ssh.allowedsignersfile",
    "gpg.ssh.defaultkeycommand",
    "gpg.ssh.revocationfile",
    "gpg.mintrustlevel",
    "commit.gpgsign",
    "helm.verifysignatures",
];

/// How this sync signs and verifies.
#[derive(Clone, Debug, Default)]
pub struct Signing {
    config: Vec<(String, String)>,
    /// Every commit a push sends is signed.
    pub sign: bool,
    /// A pull refuses commits without a good signature.
    pub verify: bool,
}

impl Signing {
    /// From the user's configuration entries (`(key, value)`, last wins).
    pub(crate) fn from_config(entries: &[(String, String)]) -> Signing {
        let config: Vec<(String, String)> = entries
            .iter()
            .filter(|(key, _)| KEYS.contains(&key.as_str()))
            .cloned()
            .collect();
        let last = |key: &str| {
            config
                .iter()
                .rev()
                .find(|(k, _)| k == key)
                .map(|(_, v)| v.as_str())
        };
        let yes = |key: &str| last(key).is_some_and(truthy);
        let keyed = last("user.signingkey").is_some_and(|k| !k.is_empty());
        // `commit.gpgSign`, where set, says it; else a key and a format do.
        let sign = match last("commit.gpgsign") {
            Some(value) => truthy(value),
            None => keyed && last("gpg.format").is_some(),
        };
        Signing {
            sign,
            verify: yes("helm.verifysignatures"),
            config,
        }
    }

    /// A command in helm's private repository with the signing settings.
    pub(crate) fn command(&self, repo: &SyncRepo) -> Command {
        let mut command = repo.command();
        command.env("GIT_CONFIG_COUNT", self.config.len().to_string());
        for (i, (key, value)) in self.config.iter().enumerate() {
            command.env(format!("GIT_CONFIG_KEY_{i}"), key);
            command.env(format!("GIT_CONFIG_VALUE_{i}"), value);
        }
        command
    }
}

impl Signing {
    /// What git's verdicts depend on, as a hash: these settings and the
    /// contents of the allowed-signers and revocation files they name
    /// (relative to `cwd`, `~/` in the home folder, as git reads them).
    pub(crate) fn trust(&self, cwd: &std::path::Path) -> String {
        use sha2::{Digest, Sha256};
        let mut hash = Sha256::new();
        for (key, value) in &self.config {
            hash.update(format!("{key}={value}\n"));
            if key == "gpg.ssh.allowedsignersfile" || key == "gpg.ssh.revocationfile" {
                let path = match value.strip_prefix("~/") {
                    Some(rest) => std::env::var_os("HOME")
                        .map(std::path::PathBuf::from)
                        .unwrap_or_default()
                        .join(rest),
                    None => cwd.join(value),
                };
                hash.update(std::fs::read(path).unwrap_or_default());
            }
        }
        hash.finalize().iter().map(|b| format!("{b:02x}")).collect()
    }
}

/// git's booleans.
fn truthy(value: &str) -> bool {
    matches!(
        value.trim().to_ascii_lowercase().as_str(),
        "true" | "yes" | "on" | "1" | ""
    )
}

/// A commit as `git cat-file commit` shows it.
struct Raw {
    tree: String,
    parents: Vec<String>,
    author: Ident,
    committer: Ident,
    message: Vec<u8>,
}

struct Ident {
    name: String,
    email: String,
    date: String,
}

fn ident(line: &str) -> Option<Ident> {
    let (name, rest) = line.split_once(" <")?;
    let (email, date) = rest.split_once("> ")?;
    Some(Ident {
        name: name.to_string(),
        email: email.to_string(),
        date: date.to_string(),
    })
}

fn read_commit(repo: &SyncRepo, oid: &str) -> Result<Raw> {
    let output = repo.run(&["cat-file", "commit", oid], "git cat-file")?;
    let bytes = output.stdout;
    let split = bytes
        .windows(2)
        .position(|w| w == b"\n\n")
        .map_or(bytes.len(), |i| i + 2);
    let header = String::from_utf8_lossy(&bytes[..split]);
    let broken = || {
        Error::new(
            Kind::Storage,
            format!("commit {oid} of helm's private repository cannot be read"),
        )
    };
    let field = |name: &str| {
        header
            .lines()
            .find_map(|l| l.strip_prefix(name).map(str::to_string))
    };
    Ok(Raw {
        tree: field("tree ").ok_or_else(broken)?,
        parents: header
            .lines()
            .filter_map(|l| l.strip_prefix("parent ").map(str::to_string))
            .collect(),
        author: field("author ")
            .and_then(|l| ident(&l))
            .ok_or_else(broken)?,
        committer: field("committer ")
            .and_then(|l| ident(&l))
            .ok_or_else(broken)?,
        message: bytes[split.min(bytes.len())..].to_vec(),
    })
}

/// `git commit-tree` of `raw` on `parents`, signed or not.
fn commit_tree(
    repo: &SyncRepo,
    signing: &Signing,
    raw: &Raw,
    parents: &[String],
    sign: bool,
) -> Result<String> {
    let mut command = signing.command(repo);
    command.args(["-c", "commit.gpgSign=false", "commit-tree", &raw.tree]);
    for parent in parents {
        command.args(["-p", parent]);
    }
    if sign {
        command.arg("-S");
    }
    command
        .env("GIT_AUTHOR_NAME", &raw.author.name)
        .env("GIT_AUTHOR_EMAIL", &raw.author.email)
        .env("GIT_AUTHOR_DATE", &raw.author.date)
        .env("GIT_COMMITTER_NAME", &raw.committer.name)
        .env("GIT_COMMITTER_EMAIL", &raw.committer.email)
        .env("GIT_COMMITTER_DATE", &raw.committer.date)
        .stdin(Stdio::piped());
    let what = if sign {
        "signing a commit with git commit-tree -S"
    } else {
        "git commit-tree"
    };
    let mut child = git::spawn(command, what)?;
    if let Some(mut stdin) = child.stdin.take() {
        use std::io::Write;
        stdin
            .write_all(&raw.message)
            .map_err(|err| Error::io(format!("{what} failed"), &err))?;
    }
    let output = git::wait(child, what)?;
    if !output.status.success() {
        return Err(Error::new(
            Kind::Config,
            format!("{what} failed: {}", git::said(&output.stderr)),
        )
        .hint(
            "check git's signing configuration (user.signingKey, gpg.format) with a signed \
             `git commit -S` in any repository; nothing was pushed",
        ));
    }
    Ok(String::from_utf8_lossy(&output.stdout).trim().to_string())
}

/// Writes the commits of `written` after `base` (the last synced remote
/// commit) again, signed, and its snapshot commit on the signed tip.
pub(crate) fn sign(
    repo: &SyncRepo,
    signing: &Signing,
    base: Option<&str>,
    written: Written,
) -> Result<Written> {
    let mut range = vec!["rev-list", "--reverse", "--topo-order", &written.remote];
    let not_base = base.map(|b| format!("^{b}"));
    if let Some(not_base) = &not_base {
        range.push(not_base);
    }
    let list = repo.text(&range, "git rev-list")?;
    let mut signed: BTreeMap<String, String> = BTreeMap::new();
    for oid in list.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let raw = read_commit(repo, oid)?;
        let parents: Vec<String> = raw
            .parents
            .iter()
            .map(|p| signed.get(p).cloned().unwrap_or_else(|| p.clone()))
            .collect();
        let new = commit_tree(repo, signing, &raw, &parents, true)?;
        signed.insert(oid.to_string(), new);
    }
    let Some(tip) = signed.get(&written.remote).cloned() else {
        return Ok(written);
    };
    let shadow = read_commit(repo, &written.shadow)?;
    let parents: Vec<String> = shadow
        .parents
        .iter()
        .map(|p| signed.get(p).cloned().unwrap_or_else(|| p.clone()))
        .collect();
    let shadow = commit_tree(repo, signing, &shadow, &parents, false)?;
    Ok(Written {
        remote: tip,
        shadow,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(pairs: &[(&str, &str)]) -> Signing {
        let pairs: Vec<(String, String)> = pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        Signing::from_config(&pairs)
    }

    #[test]
    fn git_configured_to_sign_signs() {
        let key = ("user.signingkey", "/k");
        assert!(!of(&[key]).sign, "a key alone does not say how to sign");
        assert!(of(&[key, ("gpg.format", "ssh")]).sign);
        assert!(!of(&[key, ("gpg.format", "ssh"), ("commit.gpgsign", "false")]).sign);
        assert!(of(&[("commit.gpgsign", "true")]).sign);
        assert!(!of(&[("remote.origin.url", "x"), ("gpg.format", "ssh")]).sign);
        assert!(of(&[("helm.verifysignatures", "yes")]).verify);
        assert!(
            of(&[("helm.verifysignatures", "")]).verify,
            "a bare key is true"
        );
        assert!(!of(&[("helm.verifysignatures", "off")]).verify);
        assert_eq!(of(&[("remote.origin.url", "x")]).config, Vec::new());
    }
}
