//! Pending steers: the one window SQLite cannot close. A steer holds its write
//! transaction while GitHub answers; if the process dies after GitHub acted
//! but before the commit, the voyage rolls back cleanly — yet the comment or
//! merge exists. A pending record, written (and synced) outside the voyage
//! before the request and updated with GitHub's answer, keeps that knowledge:
//!
//! - a retry with the same `--request-id` records the saved answer instead of
//!   acting twice, or refuses when the outcome is unknown;
//! - `voyage show` and `voyage verify` report what was left behind.
//!
//! Records live in `<home>/pending/<voyage>.<key>.json` and are removed once
//! the entry is committed or GitHub refused.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use uuid::Uuid;

use crate::error::{Error, Result};
use crate::model::entry::SteerRecord;

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Record {
    pub voyage: Uuid,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request_id: Option<String>,
    /// What was being done, e.g. "comment on issue #42 in acme/widgets".
    pub doing: String,
    pub identity: String,
    pub started_at: String,
    /// GitHub's answer, once it came.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answer: Option<SteerRecord>,
}

/// A pending record on disk, owned by the steer that wrote it.
pub struct Pending {
    path: PathBuf,
    record: Record,
}

fn dir(home: &Path) -> PathBuf {
    home.join("pending")
}

/// The file key: the request id's hash (so a retry finds it), else random.
fn key(request_id: Option<&str>) -> String {
    match request_id {
        Some(id) => super::artifact::hex(&Sha256::digest(id.as_bytes()))[..24].to_string(),
        None => Uuid::now_v7().simple().to_string(),
    }
}

impl Pending {
    /// Writes the record before the request is sent.
    pub fn begin(home: &Path, record: Record) -> Result<Pending> {
        let dir = dir(home);
        create_dir(&dir)?;
        let path = dir.join(format!(
            "{}.{}.json",
            record.voyage.hyphenated(),
            key(record.request_id.as_deref())
        ));
        let pending = Pending { path, record };
        pending.save()?;
        Ok(pending)
    }

    /// Saves GitHub's answer, so a crash before the commit loses nothing.
    /// A failure here is not fatal: the entry is about to be committed.
    pub fn answered(&mut self, answer: &SteerRecord) {
        self.record.answer = Some(answer.clone());
        let _ = self.save();
    }

    /// The entry is committed, or GitHub refused: nothing is pending.
    pub fn finish(self) {
        let _ = fs::remove_file(&self.path);
    }

    fn save(&self) -> Result<()> {
        let temp = self.path.with_extension("json.new");
        let write = || -> std::io::Result<()> {
            let mut file = private_file(&temp)?;
            file.write_all(&serde_json::to_vec_pretty(&self.record)?)?;
            file.sync_all()?;
            fs::rename(&temp, &self.path)?;
            if let Some(parent) = self.path.parent()
                && let Ok(dir) = fs::File::open(parent)
            {
                let _ = dir.sync_all();
            }
            Ok(())
        };
        write().map_err(|err| {
            let _ = fs::remove_file(&temp);
            Error::io(format!("cannot write {}", self.path.display()), &err)
                .hint("helm records a steer here before acting; check that $HELM_HOME is writable")
        })
    }

    /// Takes over an existing record (a retry that finishes an interrupted steer).
    pub fn resume(home: &Path, voyage: &Uuid, request_id: &str) -> Option<Pending> {
        let path = dir(home).join(format!(
            "{}.{}.json",
            voyage.hyphenated(),
            key(Some(request_id))
        ));
        let record: Record = serde_json::from_slice(&fs::read(&path).ok()?).ok()?;
        (record.request_id.as_deref() == Some(request_id)).then_some(Pending { path, record })
    }

    pub fn record(&self) -> &Record {
        &self.record
    }
}

/// Every pending record of a voyage, oldest first.
pub fn list(home: &Path, voyage: &Uuid) -> Vec<Record> {
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
            serde_json::from_slice(&fs::read(entry.path()).ok()?).ok()
        })
        .collect();
    records.sort_by(|a, b| a.started_at.cmp(&b.started_at));
    records
}

fn create_dir(path: &Path) -> Result<()> {
    #[cfg(unix)]
    let result = {
        use std::os::unix::fs::DirBuilderExt;
        fs::DirBuilder::new()
            .recursive(true)
            .mode(0o700)
            .create(path)
    };
    #[cfg(not(unix))]
    let result = fs::create_dir_all(path);
    result.map_err(|err| Error::io(format!("cannot create {}", path.display()), &err))
}

fn private_file(path: &Path) -> std::io::Result<fs::File> {
    let mut options = fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    options.open(path)
}
