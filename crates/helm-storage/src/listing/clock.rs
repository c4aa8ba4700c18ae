//! The voyages' file system's own clock, read once before a listing stats
//! any voyage, so that a cached summary can be trusted from a stat alone
//! (ADR 0022, git's rule for a "racy" index entry).
//!
//! Every write to a file sets its ctime to the file system's clock at that
//! moment, and that clock hands out times that never go down (coarse ticks,
//! or the finer times of multigrain file systems, which are never earlier
//! than a coarse time already handed out). So if a voyage's ctime is earlier
//! than a time `since` read from the same file system before the voyage was
//! stamped and read, any later write gives it a ctime of `since` or more: a
//! different one. A ctime of `since` or later may share its tick with a
//! write still to come, and is checked the slow way.
//!
//! The time is the ctime of the cache's draft, a new file made next to the
//! cache: the listing writes its cache into it, or removes it. The clock is
//! only used where a file's time is the file system's own: on Linux, on a
//! local file system known to keep ctime, with the draft on the voyages'
//! device. Elsewhere there is no clock, and every cached summary is checked
//! against the file's header through SQLite's VFS, as before.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use super::meta::{Meta, nanos};

/// The time read before a listing stats anything, on the voyages' device.
pub(crate) struct Clock {
    since: Option<(i64, u64)>,
    draft: Option<Draft>,
}

impl Clock {
    /// Makes the draft in `cache_dir` and reads the clock from it, if the
    /// voyages folder (`voyages`, open; `None` for no clock) is on a file
    /// system whose clock can be trusted.
    /// Without a folder, nothing is made: a listing of a home with no
    /// voyages leaves no cache folder behind.
    pub(crate) fn read(cache_dir: &Path, voyages: Option<&fs::File>) -> Clock {
        let Some(voyages) = voyages else {
            return Clock {
                since: None,
                draft: None,
            };
        };
        let draft = Draft::create(cache_dir);
        let since = draft.as_ref().and_then(|draft| since(&draft.file, voyages));
        Clock { since, draft }
    }

    /// Whether this listing has a clock to stamp entries with.
    pub(crate) fn ticks(&self) -> bool {
        self.since.is_some()
    }

    /// The time to record with a stamp of a file with this `meta`: `None`
    /// when there is no clock or the file is on another device.
    pub(crate) fn since_for(&self, meta: &Meta) -> Option<i64> {
        let (since, dev) = self.since?;
        (meta.dev == dev).then_some(since)
    }

    /// Whether a stamp of `meta` taken after the clock read `since` still
    /// holds: on this clock's device, and with times safely older than
    /// `since`, so that no write after the stamp can have left them unchanged.
    pub(crate) fn trusts(&self, meta: &Meta, since: Option<i64>) -> bool {
        let (Some((_, dev)), Some(since)) = (self.since, since) else {
            return false;
        };
        meta.dev == dev && meta.ctime_ns < since && meta.mtime_ns < since
    }

    /// The draft to write the cache into (made now if it could not be before).
    pub(crate) fn take_draft(&mut self, cache_dir: &Path) -> Option<Draft> {
        self.draft.take().or_else(|| Draft::create(cache_dir))
    }
}

/// The clock's time and device, if the draft is on the voyages' device and
/// that file system keeps its own times.
#[cfg(target_os = "linux")]
fn since(draft: &fs::File, voyages: &fs::File) -> Option<(i64, u64)> {
    let kind = rustix::fs::fstatfs(voyages).ok()?.f_type;
    // The type is a signed or unsigned word by architecture; its magic is 32 bits.
    #[allow(clippy::unnecessary_cast)]
    if !LOCAL.contains(&((kind as u64) as u32)) {
        return None;
    }
    let dir = rustix::fs::fstat(voyages).ok()?;
    let made = rustix::fs::fstat(draft).ok()?;
    #[allow(clippy::useless_conversion)]
    let (dir_dev, made_dev) = (u64::from(dir.st_dev), u64::from(made.st_dev));
    if dir_dev != made_dev {
        return None;
    }
    // i64 and u32 on 64-bit targets, other widths on some others.
    #[allow(clippy::useless_conversion, clippy::unnecessary_cast)]
    let ctime = nanos(made.st_ctime as i64, made.st_ctime_nsec as i64)?;
    Some((ctime, made_dev))
}

#[cfg(not(target_os = "linux"))]
fn since(_draft: &fs::File, _voyages: &fs::File) -> Option<(i64, u64)> {
    None
}

/// File systems (their `statfs` magic) that are local and set a file's
/// ctime from the kernel's clock on every change. Network file systems are
/// left out on purpose: a stat there may answer from a cache of attributes,
/// and their times come from another machine's clock.
#[cfg(target_os = "linux")]
const LOCAL: [u32; 8] = [
    0xEF53,      // ext2, ext3, ext4
    0x5846_5342, // xfs
    0x9123_683E, // btrfs
    0x0102_1994, // tmpfs
    0xF2F5_2010, // f2fs
    0x2FC1_2FC1, // zfs
    0xCA45_1A4E, // bcachefs
    0x794C_7630, // overlayfs (times from its upper, local, layer)
];

/// A new file next to the cache, named for this process and listing, that
/// the listing's cache is written into and renamed over the cache; removed
/// unless it was.
pub(crate) struct Draft {
    path: PathBuf,
    file: fs::File,
    kept: bool,
}

/// Tells apart the drafts of listings that run side by side in `helm mcp`.
static DRAFTS: AtomicU64 = AtomicU64::new(0);

impl Draft {
    fn create(cache_dir: &Path) -> Option<Draft> {
        crate::storage::create_private_dir(cache_dir).ok()?;
        let n = DRAFTS.fetch_add(1, Ordering::Relaxed);
        let path = cache_dir.join(format!("voyage-list.json.{}.{n}", std::process::id()));
        let mut options = fs::OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            options.mode(0o600);
        }
        // A draft left by a process that died with this id and number.
        let file = match options.open(&path) {
            Err(err) if err.kind() == std::io::ErrorKind::AlreadyExists => {
                fs::remove_file(&path).ok()?;
                options.open(&path).ok()?
            }
            opened => opened.ok()?,
        };
        Some(Draft {
            path,
            file,
            kept: false,
        })
    }

    /// Writes `bytes` and renames the draft to `to`. Best effort: a cache
    /// that cannot be written is just not used.
    pub(crate) fn keep(mut self, bytes: &[u8], to: &Path) {
        if self.file.write_all(bytes).is_ok() && fs::rename(&self.path, to).is_ok() {
            self.kept = true;
        }
    }
}

impl Drop for Draft {
    fn drop(&mut self) {
        if !self.kept {
            let _ = fs::remove_file(&self.path);
        }
    }
}
