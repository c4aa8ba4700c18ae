//! A cache of voyage summaries for `voyage list`, so listing thousands of
//! voyages does not read thousands of files.
//!
//! Each summary is stamped with what any change to its file changes: the
//! file's size, modification and change times, inode and device (one stat by
//! name, which opens nothing), and the change counter SQLite bumps in its
//! header (bytes 24..28) on every commit. An entry also holds the time of the
//! file system's clock read before its file was stamped ([`Clock`]): while
//! the file's times are older than that, a stat that finds them unchanged is
//! enough to trust the summary, with no open at all (ADR 0022). Otherwise,
//! or with no clock, the header is read through SQLite's VFS, so that closing
//! the file cannot drop another connection's lock (ADR 0011), and any
//! difference, an unreadable header or a cache that does not parse sends that
//! voyage to be read again. Entries are keyed by the file's name and hold the
//! id of the voyage row inside. The cache is only ever a copy: `show`,
//! `verify` and every write read the voyage itself.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::clock::Clock;
use super::meta::Meta;
use crate::model::{Voyage, VoyageStatus};
use crate::storage::vfs::VfsFile;
use crate::storage::voyage::Summary;
use crate::storage::{VoyageFile, schema};

/// 3: stamps hold the file's change time, inode and device, and entries the
/// clock they were stamped after (ADR 0022). 2: entries hold the row's id
/// (format 1 took the id from the file name). A cache of another format is
/// ignored and rewritten, so each helm lists cold once after a change.
const FORMAT: u32 = 3;

/// Far above the cache of any home (a few hundred bytes a voyage): a file
/// larger than this is not helm's cache, and is ignored unread.
const CACHE_LIMIT: u64 = 64 << 20;

/// What must be unchanged for a cached summary to hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Stamp {
    meta: Meta,
    counter: u32,
}

impl Stamp {
    pub(crate) fn new(meta: Meta, counter: u32) -> Stamp {
        Stamp { meta, counter }
    }

    pub(crate) fn meta(&self) -> &Meta {
        &self.meta
    }
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Cached {
    stamp: Stamp,
    /// The clock read before the stamp was taken, if there was one.
    since: Option<i64>,
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

/// Whether `home` has a listing cache at all: a stat, before it is read.
pub(crate) fn exists(home: &Path) -> bool {
    path(home).symlink_metadata().is_ok()
}

fn path(home: &Path) -> PathBuf {
    home.join("cache").join("voyage-list.json")
}

impl Cache {
    pub(crate) fn load(home: &Path) -> Cache {
        let path = path(home);
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

    /// The cached summary if a stat alone shows the file unchanged since it
    /// was cached: the same `meta`, and times older than the clock read
    /// before it was stamped, so no later write can have left them as they
    /// were. Opens nothing.
    pub(crate) fn trusted(&self, file: &VoyageFile, meta: &Meta, clock: &Clock) -> Option<Summary> {
        let cached = self.file.voyages.get(&file.id)?;
        (cached.stamp.meta == *meta && clock.trusts(meta, cached.since)).then(|| cached.summary())
    }

    /// The cached summary, if the file has not changed since it was cached:
    /// the same stamp, header and all.
    pub(crate) fn get(&self, file: &VoyageFile, stamp: Option<Stamp>) -> Option<Summary> {
        let cached = self.file.voyages.get(&file.id)?;
        (Some(cached.stamp) == stamp).then(|| cached.summary())
    }

    /// Caches `summary`, read after `stamp` was taken, which was taken after
    /// the clock read `since`.
    pub(crate) fn put(&mut self, id: Uuid, stamp: Stamp, since: Option<i64>, summary: &Summary) {
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
                since,
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
    /// gone, through the clock's draft. Best effort: a cache that cannot be
    /// written is just not used.
    pub(crate) fn save(mut self, present: &HashSet<Uuid>, mut clock: Clock) {
        let before = self.file.voyages.len();
        self.file.voyages.retain(|id, _| present.contains(id));
        if !self.dirty && self.file.voyages.len() == before {
            return;
        }
        self.file.format = FORMAT;
        let Some(dir) = self.path.parent() else {
            return;
        };
        let (Some(draft), Ok(bytes)) = (clock.take_draft(dir), serde_json::to_vec(&self.file))
        else {
            return;
        };
        draft.keep(&bytes, &self.path);
    }
}

impl Cached {
    fn summary(&self) -> Summary {
        Summary {
            voyage: Voyage {
                id: self.id,
                intent: self.intent.clone(),
                created_at: self.created_at.clone(),
                status: match self.ended {
                    false => VoyageStatus::Active,
                    true => VoyageStatus::Ended {
                        ended_at: self.ended_at.clone().unwrap_or_default(),
                        ended_status: self.ended_status.clone(),
                    },
                },
            },
            entries: self.entries,
        }
    }
}

/// The stamp of a voyage file whose stat gave `meta`, if its header says it
/// is a voyage of this version; `None` sends it through SQLite, which names
/// any problem.
pub(crate) fn stamp(file: &VfsFile, meta: Meta) -> Option<Stamp> {
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
        meta,
        u32::from_be_bytes(header[24..28].try_into().ok()?),
    ))
}
