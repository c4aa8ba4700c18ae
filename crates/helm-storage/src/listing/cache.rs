//! A cache of voyage summaries for `voyage list`, so listing thousands of
//! voyages does not read thousands of files.
//!
//! Each summary is keyed by what SQLite itself changes on every commit: the
//! file's size and modification time (a stat by name) and the change counter
//! in its header (bytes 24..28), read with one small read through SQLite's
//! VFS, so that closing the file cannot drop another connection's lock. Any difference, an unreadable
//! header or a cache that does not parse sends that voyage through SQLite as
//! before. Entries are keyed by the file's name and hold the id of the voyage
//! row inside. The cache is only ever a copy: `show`, `verify` and every write
//! read the voyage itself.

use std::collections::{HashMap, HashSet};
use std::fs;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::model::{Voyage, VoyageStatus};
use crate::storage::vfs::VfsFile;
use crate::storage::voyage::Summary;
use crate::storage::{VoyageFile, schema};

/// 2: entries hold the row's id (format 1 took the id from the file name).
const FORMAT: u32 = 2;

/// Far above the cache of any home (a few hundred bytes a voyage): a file
/// larger than this is not helm's cache, and is ignored unread.
const CACHE_LIMIT: u64 = 64 << 20;

/// What must be unchanged for a cached summary to hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Stamp {
    len: u64,
    mtime_ns: i128,
    counter: u32,
}

impl Stamp {
    pub(crate) fn new(len: u64, modified: std::time::SystemTime, counter: u32) -> Stamp {
        let mtime_ns = match modified.duration_since(std::time::UNIX_EPOCH) {
            Ok(after) => after.as_nanos() as i128,
            Err(before) => -(before.duration().as_nanos() as i128),
        };
        Stamp {
            len,
            mtime_ns,
            counter,
        }
    }
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Cached {
    stamp: Stamp,
    id: Uuid,
    intent: String,
    created_at: String,
    ended_at: Option<String>,
    ended_status: Option<String>,
    ended: bool,
    entries: u64,
}

#[derive(Default, Serialize, Deserialize)]
struct File {
    format: u32,
    voyages: HashMap<Uuid, Cached>,
}

pub(crate) struct Cache {
    path: PathBuf,
    file: File,
    dirty: bool,
}

impl Cache {
    pub(crate) fn load(home: &Path) -> Cache {
        let path = home.join("cache").join("voyage-list.json");
        let file = crate::storage::files::read_cache(&path, CACHE_LIMIT)
            .and_then(|bytes| serde_json::from_slice::<File>(&bytes).ok())
            .filter(|file| file.format == FORMAT)
            .unwrap_or_default();
        Cache {
            path,
            file,
            dirty: false,
        }
    }

    /// Whether the cache holds anything for this file: if not, there is no
    /// need to stamp it (a cold listing reads each file once, not twice).
    pub(crate) fn knows(&self, file: &VoyageFile) -> bool {
        self.file.voyages.contains_key(&file.id)
    }

    /// The cached summary, if the file has not changed since it was cached.
    pub(crate) fn get(&self, file: &VoyageFile, stamp: Option<Stamp>) -> Option<Summary> {
        let cached = self.file.voyages.get(&file.id)?;
        (Some(cached.stamp) == stamp).then(|| Summary {
            voyage: Voyage {
                id: cached.id,
                intent: cached.intent.clone(),
                created_at: cached.created_at.clone(),
                status: match cached.ended {
                    false => VoyageStatus::Active,
                    true => VoyageStatus::Ended {
                        ended_at: cached.ended_at.clone().unwrap_or_default(),
                        ended_status: cached.ended_status.clone(),
                    },
                },
            },
            entries: cached.entries,
        })
    }

    pub(crate) fn put(&mut self, id: Uuid, stamp: Stamp, summary: &Summary) {
        let (ended, ended_at, ended_status) = match &summary.voyage.status {
            VoyageStatus::Active => (false, None, None),
            VoyageStatus::Ended {
                ended_at,
                ended_status,
            } => (true, Some(ended_at.clone()), ended_status.clone()),
        };
        self.file.voyages.insert(
            id,
            Cached {
                stamp,
                id: summary.voyage.id,
                intent: summary.voyage.intent.clone(),
                created_at: summary.voyage.created_at.clone(),
                ended_at,
                ended_status,
                ended,
                entries: summary.entries,
            },
        );
        self.dirty = true;
    }

    /// Writes the cache back if anything changed, dropping voyages that are
    /// gone. Best effort: a cache that cannot be written is just not used.
    pub(crate) fn save(mut self, present: &HashSet<Uuid>) {
        let before = self.file.voyages.len();
        self.file.voyages.retain(|id, _| present.contains(id));
        if !self.dirty && self.file.voyages.len() == before {
            return;
        }
        self.file.format = FORMAT;
        let Some(dir) = self.path.parent() else {
            return;
        };
        if crate::storage::create_private_dir(dir).is_err() {
            return;
        }
        let temp = self
            .path
            .with_extension(format!("json.{}", std::process::id()));
        let written = serde_json::to_vec(&self.file)
            .ok()
            .is_some_and(|bytes| write_private(&temp, &bytes).is_ok());
        if !written || fs::rename(&temp, &self.path).is_err() {
            let _ = fs::remove_file(&temp);
        }
    }
}

/// The stamp of a voyage file `len` bytes long and last `modified` then,
/// whose header says it is a voyage of this version; `None` sends it through
/// SQLite, which names any problem.
pub(crate) fn stamp(file: &VfsFile, len: u64, modified: SystemTime) -> Option<Stamp> {
    let mut header = [0u8; 100];
    file.read_exact_at(&mut header, 0).ok()?;
    if &header[..16] != b"SQLite format 3\0" {
        return None;
    }
    // In WAL mode (byte 18 = 2) commits do not touch the main file's change
    // counter, so such a file is never served from the cache.
    if header[18] != 1 {
        return None;
    }
    let user_version = i32::from_be_bytes(header[60..64].try_into().ok()?);
    if i64::from(user_version) != schema::VERSION {
        return None;
    }
    Some(Stamp::new(
        len,
        modified,
        u32::from_be_bytes(header[24..28].try_into().ok()?),
    ))
}

fn write_private(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut options = fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    std::io::Write::write_all(&mut options.open(path)?, bytes)
}
