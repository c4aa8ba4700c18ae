//! Pending steer records: the one window SQLite cannot close. A steer holds
//! its write transaction while GitHub answers; if the process dies, or the
//! answer never arrives, after GitHub may have acted, the voyage rolls back
//! cleanly, yet the comment or merge may exist. A record written (and synced)
//! outside the voyage before the request, and updated with GitHub's answer,
//! keeps that knowledge until a retry or `helm interrupted settle` decides
//! what happened. Records live in `<home>/pending/<voyage>.<key>.json`, where
//! the key is a hash of the attempt id, so a retry with the same id finds it.

use std::fs;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use uuid::Uuid;

use crate::actions::Steer;
use crate::error::{Error, Kind, Result};
use crate::model::clock::{Began, GitHubClock};
use crate::model::entry::SteerRecord;
use crate::model::{Provenance, Repo};
use crate::storage::files::{self, Durability};

#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Record {
    pub(crate) voyage: Uuid,
    /// The `--request-id` given, or the id helm made up for this attempt
    /// (`attempt-…`), which a retry or `helm interrupted settle` names.
    #[schemars(
        description = "The `requestId` given, or the id helm made up for this attempt\n(`attempt-…`), which a retry or `interrupted` (operation settle) names."
    )]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request_id: Option<String>,
    /// What was being done, e.g. "comment on issue #42 in acme/widgets".
    pub doing: String,
    pub identity: String,
    pub started_at: String,
    /// GitHub's answer, once it came.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Option<crate::actions::RecordSchema>")]
    pub answer: Option<SteerRecord>,
    /// The rest of the request, so the attempt can be settled later exactly
    /// as it was asked (records of older helms lack them).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) request: Option<Request>,
    /// GitHub's clock as read just before the request left, to place
    /// `started_at` on it (ADR 0012).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) clock: Option<GitHubClock>,
}

/// Everything needed to record the steer later: who, why, what, where.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Request {
    pub(crate) provenance: Provenance,
    /// The repository's path: `OWNER/NAME` on GitHub; on another forge
    /// (`elsewhere`) it may be GitLab's `group/sub/project`.
    #[serde(deserialize_with = "repo_path")]
    pub(crate) repo: Repo,
    /// The forge and host of a repository not on GitHub; absent on
    /// GitHub's, whose records keep their bytes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) elsewhere: Option<Elsewhere>,
    pub(crate) steer: Steer,
    /// The caller's own `--request-id`, recorded with the entry.
    #[schemars(description = "The caller's own `requestId`, recorded with the entry.")]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) request_id: Option<String>,
}

/// Where a steer acted when not on GitHub: the forge and its host (with a
/// port where one was given).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub(crate) struct Elsewhere {
    pub(crate) forge: helm_forge::ForgeName,
    pub(crate) host: String,
}

impl Elsewhere {
    /// The place on its forge of `repo`, which a record keeps beside it.
    pub(crate) fn place(&self, repo: &Repo) -> Result<helm_forge::ForgeRepo> {
        let path = helm_forge::RepoPath::new(&repo.to_string()).map_err(|why| {
            Error::new(
                Kind::Corrupt,
                format!("a pending record's repository {why}"),
            )
        })?;
        Ok(helm_forge::ForgeRepo {
            forge: self.forge,
            host: self.host.clone(),
            repo: path,
        })
    }
}

/// A repository path as a record keeps it: `OWNER/NAME` as GitHub's always
/// read, or a path of more segments (GitLab's nested groups), kept as its
/// last segment and the groups before it; a record naming such a path
/// without a forge beside it is refused when it is used
/// ([`Request::place`]).
fn repo_path<'de, D: serde::Deserializer<'de>>(d: D) -> std::result::Result<Repo, D::Error> {
    let text = String::deserialize(d)?;
    if let Some(repo) = Repo::parse(&text) {
        return Ok(repo);
    }
    let path = helm_forge::RepoPath::new(&text).map_err(serde::de::Error::custom)?;
    let (owner, name) = path
        .as_str()
        .rsplit_once('/')
        .ok_or_else(|| serde::de::Error::custom(format!("'{text}' is not a repository")))?;
    Ok(Repo {
        owner: owner.to_string(),
        name: name.to_string(),
    })
}

impl Request {
    /// Where the steer acted: GitHub's repository, or a place on another
    /// forge. A nested path without a forge is a damaged record.
    pub(crate) fn place(&self) -> Result<Option<helm_forge::ForgeRepo>> {
        match &self.elsewhere {
            Some(elsewhere) => elsewhere.place(&self.repo).map(Some),
            None if self.repo.owner.contains('/') => Err(Error::new(
                Kind::Corrupt,
                format!(
                    "a pending record names '{}' on GitHub, which has no nested groups",
                    self.repo
                ),
            )
            .hint("discard it with `helm interrupted discard` after checking the forge")),
            None => Ok(None),
        }
    }
}

/// `place`'s repository as the core's protocol carries it: its path, the
/// groups before its last segment as the owner.
pub(crate) fn repo_of(place: &helm_forge::ForgeRepo) -> Repo {
    let path = place.repo.as_str();
    let (owner, name) = path.rsplit_once('/').unwrap_or(("", path));
    Repo {
        owner: owner.to_string(),
        name: name.to_string(),
    }
}

impl Record {
    /// The forge the attempt acted on: GitHub unless it says elsewhere.
    pub(crate) fn forge(&self) -> helm_forge::ForgeName {
        self.request
            .as_ref()
            .and_then(|r| r.elsewhere.as_ref())
            .map_or(helm_forge::ForgeName::GitHub, |e| e.forge)
    }

    /// The id a retry or `helm interrupted settle` names this attempt by.
    pub fn attempt(&self) -> &str {
        self.request_id.as_deref().unwrap_or("")
    }

    /// When the attempt began, for a look on GitHub.
    pub(crate) fn began(&self) -> Began {
        Began {
            started_at: self.started_at.clone(),
            clock: self.clock.clone(),
        }
    }

    /// Whether `other` is this same attempt's record (a retry's fresh
    /// record of the same id is not).
    pub(crate) fn same_attempt(&self, other: &Record) -> bool {
        self.request_id == other.request_id && self.started_at == other.started_at
    }
}

/// A pending record on disk, owned by the steer that wrote it.
#[derive(Debug)]
pub(crate) struct Pending {
    path: PathBuf,
    record: Record,
}

fn dir(home: &Path) -> PathBuf {
    home.join("pending")
}

fn path(home: &Path, voyage: &Uuid, attempt: &str) -> PathBuf {
    let key = crate::storage::artifact::hex(&Sha256::digest(attempt.as_bytes()));
    dir(home).join(format!("{}.{}.json", voyage.hyphenated(), &key[..24]))
}

/// A fresh attempt id for a steer given no `--request-id`.
pub(crate) fn new_attempt_id() -> String {
    format!("attempt-{}", &Uuid::now_v7().simple().to_string()[20..])
}

impl Pending {
    /// Writes the record before the request is sent.
    pub(crate) fn begin(home: &Path, record: Record) -> Result<Pending> {
        files::create_private_dir(&dir(home))?;
        let pending = Pending {
            path: path(home, &record.voyage, record.attempt()),
            record,
        };
        pending.save()?;
        Ok(pending)
    }

    /// Saves GitHub's answer, so a crash before the commit loses nothing.
    /// Returns whether it reached the disk; the caller says so if the
    /// commit fails too.
    pub(crate) fn answered(&mut self, answer: &SteerRecord) -> bool {
        self.record.answer = Some(answer.clone());
        self.save().is_ok()
    }

    /// The entry is committed, or GitHub showed that nothing happened.
    /// Removes the file only while it still holds this attempt's record, so
    /// a retry's fresh record of the same id is never lost.
    pub(crate) fn finish(self) {
        if let Ok(Some(on_disk)) = read(&self.path)
            && on_disk.same_attempt(&self.record)
        {
            let _ = fs::remove_file(&self.path);
        }
    }

    fn save(&self) -> Result<()> {
        let bytes = serde_json::to_vec_pretty(&self.record)?;
        files::write_atomic(&self.path, &bytes, Durability::Synced).map_err(|err| {
            Error::io(format!("cannot write {}", self.path.display()), &err)
                .hint("helm records a steer here before acting; check that $HELM_HOME is writable")
        })
    }

    /// Finds the record of an attempt, if one was left behind.
    pub(crate) fn find(home: &Path, voyage: &Uuid, attempt: &str) -> Result<Option<Pending>> {
        let path = path(home, voyage, attempt);
        let Some(record) = read(&path)? else {
            return Ok(None);
        };
        Ok((record.request_id.as_deref() == Some(attempt)).then_some(Pending { path, record }))
    }

    pub(crate) fn record(&self) -> &Record {
        &self.record
    }
}

/// A record holds one steer and at most GitHub's answer to it: a file
/// larger than this is not one of helm's records, and is not read whole.
const RECORD_LIMIT: u64 = 64 << 20;

fn read(path: &Path) -> Result<Option<Record>> {
    let bytes = match files::read_home_file(path, RECORD_LIMIT) {
        Ok(bytes) => bytes,
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(err) => {
            return Err(
                Error::io(format!("cannot read {}", path.display()), &err).hint(
                    "a pending record is a file helm wrote: check GitHub by hand for what it was doing, then delete that file",
                ),
            );
        }
    };
    let record = serde_json::from_slice(&bytes).map_err(|err| {
        Error::new(
            Kind::Corrupt,
            format!(
                "the pending record {} is not readable: {err}",
                path.display()
            ),
        )
        .hint("check GitHub by hand for what it was doing, then delete that file")
    })?;
    Ok(Some(record))
}

/// Every pending record of a voyage, oldest first. Unreadable files are
/// skipped here; `helm voyage verify` counts what this lists.
pub(crate) fn list(home: &Path, voyage: &Uuid) -> Vec<Record> {
    let prefix = format!("{}.", voyage.hyphenated());
    let Ok(entries) = fs::read_dir(dir(home)) else {
        return Vec::new();
    };
    let mut records: Vec<Record> = entries
        .filter_map(|entry| {
            let entry = entry.ok()?;
            let name = entry.file_name().into_string().ok()?;
            if !name.starts_with(&prefix) || !name.ends_with(".json") {
                return None;
            }
            serde_json::from_slice(&files::read_home_file(&entry.path(), RECORD_LIMIT).ok()?).ok()
        })
        .collect();
    records.sort_by(|a, b| a.started_at.cmp(&b.started_at));
    records
}

#[cfg(test)]
mod tests {
    use super::*;

    const GITHUB: &str = r#"{"provenance":{"identity":"a","role":"r","method":"m","summary":"s"},"repo":"acme/widgets","steer":{"kind":"comment","on":{"kind":"issue","number":5},"body":"b"}}"#;

    #[test]
    fn a_github_request_keeps_its_bytes_and_names_no_forge() {
        let request: Request = serde_json::from_str(GITHUB).unwrap();
        assert_eq!(request.elsewhere, None);
        assert_eq!(request.place().unwrap(), None);
        assert_eq!(serde_json::to_string(&request).unwrap(), GITHUB);
    }

    #[test]
    fn a_nested_path_reads_only_beside_its_forge() {
        let nested = GITHUB.replace("acme/widgets", "group/sub/project");
        let elsewhere = nested.replace(
            r#","steer""#,
            r#","elsewhere":{"forge":"gitlab","host":"gitlab.example.com"},"steer""#,
        );
        let request: Request = serde_json::from_str(&elsewhere).unwrap();
        let place = request.place().unwrap().expect("a place on GitLab");
        assert_eq!(place.repo.as_str(), "group/sub/project");
        assert_eq!(place.host, "gitlab.example.com");
        assert_eq!(repo_of(&place), request.repo);
        assert_eq!(serde_json::to_string(&request).unwrap(), elsewhere);
        // Without its forge, a nested path is a damaged record, not GitHub's.
        let orphan: Request = serde_json::from_str(&nested).unwrap();
        assert_eq!(orphan.place().unwrap_err().kind(), Kind::Corrupt);
        // A path no forge could hold is refused as it is read.
        let bad = GITHUB.replace("acme/widgets", "group/../project");
        assert!(serde_json::from_str::<Request>(&bad).is_err());
    }
}
