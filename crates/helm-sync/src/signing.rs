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
//! configuration) asks git for the signature of every commit the fetch
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
use super::names::File;
use crate::error::{Error, Kind, Result};
use crate::model::words;

/// The configuration keys (as `git config --list` writes them, lower case)
/// that say how git signs and verifies.
const KEYS: [&str; 13] = [
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
    "user.name",
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
    fn command(&self, repo: &SyncRepo) -> Command {
        let mut command = repo.command();
        command.env("GIT_CONFIG_COUNT", self.config.len().to_string());
        for (i, (key, value)) in self.config.iter().enumerate() {
            command.env(format!("GIT_CONFIG_KEY_{i}"), key);
            command.env(format!("GIT_CONFIG_VALUE_{i}"), value);
        }
        command
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

/// One commit's signature as git judges it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Signature {
    pub commit: String,
    /// git's verdict (`%G?`): `G` good, `N` none, `U` a key no allowed
    /// signer holds, `B` bad, `E` cannot be checked, `X`/`Y`/`R` expired
    /// or revoked.
    pub verdict: char,
    /// Who signed (`%GS`: the allowed signer's principal, or the OpenPGP
    /// user id), when git could tell.
    pub signer: String,
    /// The key (`%GK`).
    pub key: String,
    /// The entry the commit carries, if any.
    pub entry: Option<u64>,
}

impl Signature {
    pub fn good(&self) -> bool {
        self.verdict == 'G'
    }

    /// git's verdict in words.
    pub fn verdict_words(&self) -> &'static str {
        match self.verdict {
            'G' => "signed",
            'N' => "unsigned",
            'U' => "signed by a key that no allowed signer holds",
            'B' => "signed with a bad signature",
            'X' => "signed with an expired signature",
            'Y' => "signed by an expired key",
            'R' => "signed by a revoked key",
            _ => "signed in a way git cannot check (is gpg.ssh.allowedSignersFile set?)",
        }
    }
}

/// The signatures of the commits in `tip` not in `base` (all of `tip`'s
/// history without one), newest first.
pub(crate) fn signatures(
    repo: &SyncRepo,
    signing: &Signing,
    base: Option<&str>,
    tip: &str,
) -> Result<Vec<Signature>> {
    let mut command = signing.command(repo);
    command.args([
        "log",
        "--no-renames",
        "--format=%x1e%H%x1f%G?%x1f%GS%x1f%GK",
        "--name-only",
        "--diff-filter=A",
        tip,
    ]);
    if let Some(base) = base {
        command.arg(format!("^{base}"));
    }
    let output = git::check(git::run(command, "git log")?, "git log")?;
    let text = String::from_utf8_lossy(&output.stdout);
    Ok(text
        .split('\u{1e}')
        .filter(|record| !record.trim().is_empty())
        .filter_map(|record| {
            let (head, names) = record.split_once('\n').unwrap_or((record, ""));
            let mut fields = head.split('\u{1f}');
            let commit = fields.next()?.trim().to_string();
            let verdict = fields.next()?.chars().next().unwrap_or('E');
            let signer = crate::text::clean_line(fields.next().unwrap_or_default());
            let key = crate::text::clean_line(fields.next().unwrap_or_default());
            let entry = names
                .lines()
                .find_map(|name| match File::named(name.trim()) {
                    Some(File::Entry(n)) => Some(n),
                    _ => None,
                });
            Some(Signature {
                commit,
                verdict,
                signer,
                key,
                entry,
            })
        })
        .collect())
}

/// Refuses (`bad-signature`) the commits from `base` to `tip` unless every
/// one carries a good signature of an allowed signer.
pub(crate) fn verify(
    repo: &SyncRepo,
    signing: &Signing,
    id: &uuid::Uuid,
    base: Option<&str>,
    tip: &str,
) -> Result<()> {
    let all = signatures(repo, signing, base, tip)?;
    // The oldest bad one: what went wrong first.
    let Some(bad) = all.iter().rev().find(|s| !s.good()) else {
        return Ok(());
    };
    let carries = match bad.entry {
        Some(n) => format!("entry {n}"),
        None => "no entry (the voyage's state)".to_string(),
    };
    let others = all.iter().filter(|s| !s.good()).count() - 1;
    let also = match others {
        0 => String::new(),
        n => format!("; {n} more new commit(s) are not good either"),
    };
    Err(Error::new(
        Kind::BadSignature,
        format!(
            "voyage {id}: commit {} on the remote, carrying {carries}, is {}{}{also}",
            bad.commit,
            bad.verdict_words(),
            match bad.signer.is_empty() {
                true => String::new(),
                false => format!(" (signer {})", bad.signer),
            },
        ),
    )
    .hint(words![
        "nothing was pulled and the voyage here is as it was; ask whoever pushed it to sign \
         with a key listed in gpg.ssh.allowedSignersFile, or add their key there if you trust it",
    ]))
}

/// Every commit of voyage `id` that helm's private repository holds from
/// the remotes it synced with (the last push or pull; no network), newest
/// first, each with git's verdict on its signature under the allowed
/// signers of the git configuration `cwd` sees. Empty when the voyage was
/// never synced here.
pub fn history(
    home: &std::path::Path,
    cwd: &std::path::Path,
    id: &uuid::Uuid,
) -> Result<Vec<Signature>> {
    let mut all = Vec::new();
    if !home.join("sync.git").join("HEAD").is_file() {
        return Ok(all);
    }
    let repo = SyncRepo::open(home, cwd)?;
    let signing = Signing::from_config(&super::remote::user_config(cwd)?);
    let refs = repo.text(
        &[
            "for-each-ref",
            "--format=%(objectname) %(refname)",
            "refs/helm/remotes/",
        ],
        "git for-each-ref",
    )?;
    let suffix = format!("/{}", id.hyphenated());
    for tip in refs
        .lines()
        .filter_map(|line| line.split_once(' '))
        .filter(|(_, name)| name.ends_with(&suffix))
        .map(|(oid, _)| oid)
    {
        for signature in signatures(&repo, &signing, None, tip)? {
            if !all.iter().any(|s: &Signature| s.commit == signature.commit) {
                all.push(signature);
            }
        }
    }
    Ok(all)
}

/// Who signed each pushed entry of voyage `id` ([`history`]): entry number
/// → signature. Empty when none of its commits is signed: a voyage nobody
/// signs says nothing of signatures.
pub fn signers(
    home: &std::path::Path,
    cwd: &std::path::Path,
    id: &uuid::Uuid,
) -> Result<BTreeMap<u64, Signature>> {
    let all = history(home, cwd, id)?;
    if all.iter().all(|s| s.verdict == 'N') {
        return Ok(BTreeMap::new());
    }
    let mut found = BTreeMap::new();
    for signature in all {
        if let Some(entry) = signature.entry {
            found.entry(entry).or_insert(signature);
        }
    }
    Ok(found)
}
