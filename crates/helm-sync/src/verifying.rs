//! What git says of the signatures of a voyage's commits: the check a
//! pull makes before it writes anything (`voyage pull --verify-signatures`,
//! `helm.verifySignatures`), the story's "pushed signed by", and `voyage
//! verify --signatures`. git judges every signature against the allowed
//! signers of the user's configuration; helm only reads its verdict.

use std::collections::BTreeMap;

use super::git::{self, SyncRepo};
use super::names::File;
use super::signature::Signature;
use super::signing::Signing;
use crate::error::{Error, Kind, Result};
use crate::model::words;

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
    Ok(parse(&String::from_utf8_lossy(&output.stdout)))
}

/// `git log` records (`%x1e` before each; fields split by `%x1f`: the
/// commit, then its verdict, signer and key when asked; then the names it
/// adds) as signatures; a record without a verdict reads as `?`.
fn parse(text: &str) -> Vec<Signature> {
    text.split('\u{1e}')
        .filter(|record| !record.trim().is_empty())
        .filter_map(|record| {
            let (head, names) = record.split_once('\n').unwrap_or((record, ""));
            let mut fields = head.split('\u{1f}');
            let commit = fields.next()?.trim().to_string();
            let verdict = fields.next().and_then(|v| v.chars().next()).unwrap_or('?');
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
        .collect()
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
/// never synced here. Verdicts git gave before under the same signing
/// settings and allowed signers are remembered (`verdicts`): checking a
/// signature runs a program per commit, so only new commits pay for it.
/// OpenPGP and X.509 verdicts are not: git is asked again every time.
pub fn history(
    home: &std::path::Path,
    cwd: &std::path::Path,
    id: &uuid::Uuid,
) -> Result<Vec<Signature>> {
    if !home.join("sync.git").join("HEAD").is_file() {
        return Ok(Vec::new());
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
    let tips: Vec<&str> = refs
        .lines()
        .filter_map(|line| line.split_once(' '))
        .filter(|(_, name)| name.ends_with(&suffix))
        .map(|(oid, _)| oid)
        .collect();
    if tips.is_empty() {
        return Ok(Vec::new());
    }
    // The commits and the entries they carry, without judging anything.
    let mut command = repo.command();
    command.args([
        "log",
        "--no-renames",
        "--format=%x1e%H",
        "--name-only",
        "--diff-filter=A",
    ]);
    command.args(&tips);
    let output = git::check(git::run(command, "git log")?, "git log")?;
    let mut all = parse(&String::from_utf8_lossy(&output.stdout));
    let mut known = super::verdicts::Verdicts::load(home, id, &signing.trust(cwd));
    // What git says now, for the commits it is asked about; the memory
    // keeps only the verdicts that cannot change (`verdicts`).
    let mut fresh: BTreeMap<String, Signature> = BTreeMap::new();
    let unknown: Vec<&str> = all
        .iter()
        .filter(|s| !known.has(&s.commit))
        .map(|s| s.commit.as_str())
        .collect();
    if !unknown.is_empty() {
        let mut command = signing.command(&repo);
        command.args([
            "log",
            "--no-walk=unsorted",
            "--stdin",
            "--format=%x1e%H%x1f%G?%x1f%GS%x1f%GK",
        ]);
        let input = unknown.join("\n") + "\n";
        let judged = git::feed(command, input.into_bytes(), "git log")?;
        for signature in parse(&String::from_utf8_lossy(&judged.stdout)) {
            known.remember(&signature);
            fresh.insert(signature.commit.clone(), signature);
        }
        known.save();
    }
    for signature in &mut all {
        match fresh.get(&signature.commit) {
            Some(judged) => {
                signature.verdict = judged.verdict;
                signature.signer = judged.signer.clone();
                signature.key = judged.key.clone();
            }
            None => known.fill(signature),
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
