//! `voyage list`: every voyage in the home with its summary, newest first.
//!
//! Each file is read the cheapest way that is still true: the summary cache
//! when a stat shows the file unchanged since it was cached, with times older
//! than the file system's clock read before it was cached (ADR 0022), or, for
//! a file whose times are too recent to tell, when its header's change
//! counter is unchanged too; else the file itself read
//! under SQLite's shared lock ([`peek`]), else SQLite (WAL files, journals,
//! locks, anything odd), which also names what is wrong with a file. Ids come
//! from the voyage row inside each file, never from its name, and the order
//! from each voyage's `created_at`, so a warm and a cold listing answer the
//! same. Prints nothing: what is worth a warning comes back in [`HomeListing`].
//!
//! It runs inside `helm mcp` beside calls that hold a voyage's write lock, so
//! it never opens a voyage file with a descriptor of its own: the header and
//! the peek read through SQLite's VFS ([`VfsFile`]), and everything else is a
//! stat by name, which opens nothing (ADR 0011).

mod cache;
mod clock;
mod meta;
mod peek;
use clock::Clock;
use meta::Meta;
use peek::peek;

use std::collections::HashSet;
use std::fs;
use std::path::Path;

use uuid::Uuid;

use super::vfs::VfsFile;
use super::voyage::{self, Summary};
use super::{Home, VoyageFile};
use crate::error::cmd;
use crate::error::{Error, Kind, Result};
use crate::model::words;

/// What `voyage list` shows.
#[derive(Debug)]
pub struct HomeListing {
    /// Every readable voyage, newest first by `created_at`.
    pub voyages: Vec<Summary>,
    /// Files that could not be read, with why (not yet naming the file).
    pub unreadable: Vec<(VoyageFile, Error)>,
    /// Listed all the same, but worth saying (e.g. a file named for another id).
    pub warnings: Vec<String>,
    /// How many hex digits tell every listed id apart (at least 8).
    pub id_width: usize,
}

/// Lists every voyage in `home`, refreshing the summary cache on the way.
pub fn list(home: &Home) -> Result<HomeListing> {
    list_with(home, true)
}

/// [`list`], with the file system's clock or, as where there is none,
/// without (every cached summary checked against its file's header).
fn list_with(home: &Home, clocked: bool) -> Result<HomeListing> {
    let (files, dir, clock, mut cache, metas) = std::thread::scope(|scope| {
        // Parsing the cache is a quarter of a warm listing's CPU: it runs on
        // another thread while this one reads the folder and stats the files.
        // With no cache (a cold listing) each file is read whole below,
        // stat and all, so none is stat'ed here.
        let warm = cache::exists(home.root());
        let loading = warm.then(|| scope.spawn(|| cache::Cache::load(home.root())));
        let files = home.voyage_files();
        let dir = Dir::open(&home.voyages_dir());
        // Before any file is stamped: what it reads is the floor of the
        // times a write from now on can give a file.
        let any = files.as_ref().is_ok_and(|files| !files.is_empty());
        let voyages = dir.handle().filter(|_| clocked && any);
        let clock = Clock::read(&home.root().join("cache"), voyages);
        let metas: Vec<Option<Meta>> = match (&files, warm && clock.ticks()) {
            (Ok(files), true) => files.iter().map(|file| dir.meta(&file.path)).collect(),
            _ => Vec::new(),
        };
        let cache = match loading {
            Some(loading) => loading
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
            None => cache::Cache::load(home.root()),
        };
        files.map(|files| (files, dir, clock, cache, metas))
    })?;
    let present: HashSet<Uuid> = files.iter().map(|file| file.id).collect();
    let mut read = Vec::with_capacity(files.len());
    let mut unsure = Vec::new();
    let mut metas = metas.into_iter();
    for file in files {
        let meta = metas.next().flatten();
        match meta.and_then(|meta| cache.trusted(&file, &meta, &clock)) {
            Some(summary) => read.push((file, Ok(summary))),
            None => unsure.push(file),
        }
    }
    // A few syscalls a file (open, lock, stat, read, close): two threads
    // when there are many.
    let looked: Vec<(VoyageFile, Look)> = in_parallel(unsure, 512, |file| {
        // With a clock, a cached file that failed the stat is read again,
        // and its new entry stamped with this listing's clock. Without one,
        // its header tells whether it changed, as it always did.
        let stamp = match !clock.ticks() && cache.knows(&file) {
            true => dir.stamp(&file.path),
            false => None,
        };
        if let Some(summary) = stamp.and_then(|stamp| cache.get(&file, Some(stamp))) {
            return (file, Look::Cached(summary));
        }
        let peeked = VfsFile::open(&file.path).ok().and_then(|opened| {
            peek(
                opened,
                || dir.meta(&file.path),
                || dir.has_journal(&file.path),
            )
        });
        match peeked {
            Some((stamp, summary)) => (file, Look::Peeked(stamp, summary)),
            // Stamped before SQLite reads it: a write in between only makes
            // the stamp stale, which the next listing takes as a change.
            None => {
                let stamp = stamp.or_else(|| dir.stamp(&file.path));
                (file, Look::Miss(stamp))
            }
        }
    });
    let mut misses = Vec::new();
    for (file, look) in looked {
        match look {
            Look::Cached(summary) => read.push((file, Ok(summary))),
            Look::Peeked(stamp, summary) => {
                cache.put(file.id, stamp, clock.since_for(stamp.meta()), &summary);
                read.push((file, Ok(summary)));
            }
            Look::Miss(stamp) => misses.push((stamp, file)),
        }
    }
    // SQLite mostly waits on locks and reads: a few threads help.
    let loaded = in_parallel(misses, 64, |(stamp, file)| {
        let loaded = voyage::load_summary(&file);
        (stamp, file, loaded)
    });
    for (stamp, file, loaded) in loaded {
        if let (Ok(summary), Some(stamp)) = (&loaded, stamp) {
            cache.put(file.id, stamp, clock.since_for(stamp.meta()), summary);
        }
        read.push((file, loaded));
    }
    cache.save(&present, clock);

    let mut listed = HomeListing {
        voyages: Vec::with_capacity(read.len()),
        unreadable: Vec::new(),
        warnings: Vec::new(),
        id_width: 8,
    };
    for (file, loaded) in read {
        match loaded {
            Ok(summary) if summary.voyage.id.is_nil() => listed.unreadable.push((
                file,
                Error::new(Kind::Corrupt, "its voyage row's id is not a UUID").hint(words![
                    "check the file with ",
                    cmd("voyage verify").switch("all"),
                ]),
            )),
            Ok(summary) => {
                if summary.voyage.id != file.id {
                    listed.warnings.push(format!(
                        "{} holds voyage {}, so it is listed under that id; rename the file to {}.sqlite so that commands find it by that id",
                        file.path.display(),
                        summary.voyage.id,
                        summary.voyage.id
                    ));
                }
                listed.voyages.push(summary);
            }
            Err(err) => listed.unreadable.push((file, err)),
        }
    }
    listed.voyages.sort_by_cached_key(|summary| {
        let created = summary.voyage.created_at.parse::<jiff::Timestamp>().ok();
        std::cmp::Reverse((created, summary.voyage.id))
    });
    listed.unreadable.sort_by_key(|(file, _)| file.path.clone());
    let mut ids: Vec<Uuid> = listed.voyages.iter().map(|s| s.voyage.id).collect();
    ids.extend(listed.unreadable.iter().map(|(file, _)| file.id));
    listed.id_width = unique_prefix_len(ids);
    Ok(listed)
}

/// The voyages folder, opened once: each file is looked up relative to it,
/// which spares the kernel walking the whole path for every stat. A stat
/// opens no descriptor, so it cannot drop a lock; the folder's own
/// descriptor is not a voyage file's.
struct Dir {
    #[cfg(unix)]
    handle: Option<fs::File>,
}

impl Dir {
    fn open(path: &Path) -> Dir {
        Dir {
            #[cfg(unix)]
            handle: fs::File::open(path).ok(),
        }
    }

    #[cfg(unix)]
    fn handle(&self) -> Option<&fs::File> {
        self.handle.as_ref()
    }

    #[cfg(not(unix))]
    fn handle(&self) -> Option<&fs::File> {
        None
    }

    /// The stamp of the voyage file at `path`: its stat by name, its header
    /// through SQLite's VFS.
    fn stamp(&self, path: &Path) -> Option<cache::Stamp> {
        let file = VfsFile::open(path).ok()?;
        let meta = self.meta(path)?;
        cache::stamp(&file, meta)
    }

    /// The stat of the regular file at `path`, not following a link
    /// (SQLite's VFS refuses one too).
    #[cfg(unix)]
    fn meta(&self, path: &Path) -> Option<Meta> {
        use rustix::fs::{AtFlags, FileType};
        let stat = match (&self.handle, path.file_name()) {
            (Some(dir), Some(name)) => rustix::fs::statat(dir, name, AtFlags::SYMLINK_NOFOLLOW),
            _ => rustix::fs::lstat(path),
        }
        .ok()?;
        if !FileType::from_raw_mode(stat.st_mode).is_file() {
            return None;
        }
        // Fields are i64 or u64 on 64-bit targets, narrower on some others.
        #[allow(clippy::useless_conversion, clippy::unnecessary_cast)]
        Some(Meta {
            len: u64::try_from(stat.st_size).ok()?,
            mtime_ns: meta::nanos(stat.st_mtime as i64, stat.st_mtime_nsec as i64)?,
            ctime_ns: meta::nanos(stat.st_ctime as i64, stat.st_ctime_nsec as i64)?,
            ino: stat.st_ino as u64,
            dev: stat.st_dev as u64,
        })
    }

    /// Without a clock (see [`Clock`]) only the length and the modification
    /// time count, each checked with the header's change counter.
    #[cfg(not(unix))]
    fn meta(&self, path: &Path) -> Option<Meta> {
        let meta = fs::symlink_metadata(path).ok()?;
        if !meta.is_file() {
            return None;
        }
        let mtime_ns = match meta.modified().ok()?.duration_since(std::time::UNIX_EPOCH) {
            Ok(after) => i64::try_from(after.as_nanos()).ok()?,
            Err(before) => -i64::try_from(before.duration().as_nanos()).ok()?,
        };
        Some(Meta {
            len: meta.len(),
            mtime_ns,
            ctime_ns: 0,
            ino: 0,
            dev: 0,
        })
    }

    #[cfg(unix)]
    fn has_journal(&self, path: &Path) -> bool {
        let mut journal = path.file_name().unwrap_or_default().to_owned();
        journal.push("-journal");
        match &self.handle {
            Some(dir) => rustix::fs::statat(
                dir,
                journal.as_os_str(),
                rustix::fs::AtFlags::SYMLINK_NOFOLLOW,
            )
            .is_ok(),
            None => fs::symlink_metadata(path.with_file_name(journal)).is_ok(),
        }
    }

    #[cfg(not(unix))]
    fn has_journal(&self, path: &Path) -> bool {
        let mut journal = path.file_name().unwrap_or_default().to_owned();
        journal.push("-journal");
        fs::symlink_metadata(path.with_file_name(journal)).is_ok()
    }
}

/// How a file's summary was found without SQLite, or that it was not.
enum Look {
    Cached(Summary),
    Peeked(cache::Stamp, Summary),
    Miss(Option<cache::Stamp>),
}

/// `items.map(work)` on up to as many threads as there are cores, one per
/// `per_thread` items, keeping the order.
fn in_parallel<T: Send, R: Send>(
    items: Vec<T>,
    per_thread: usize,
    work: impl Fn(T) -> R + Sync,
) -> Vec<R> {
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(items.len().div_ceil(per_thread));
    if threads <= 1 {
        return items.into_iter().map(work).collect();
    }
    let chunk = items.len().div_ceil(threads);
    let mut items = items.into_iter();
    let parts: Vec<Vec<T>> = (0..threads)
        .map(|_| items.by_ref().take(chunk).collect())
        .collect();
    let work = &work;
    std::thread::scope(|scope| {
        let handles: Vec<_> = parts
            .into_iter()
            .map(|part| scope.spawn(move || part.into_iter().map(work).collect::<Vec<_>>()))
            .collect();
        handles
            .into_iter()
            .flat_map(|handle| {
                handle
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .collect()
    })
}

/// The shortest prefix length (at least 8) that tells every id apart, so the
/// ids `voyage list` prints can be typed back. v7 ids begin with a
/// millisecond timestamp, so voyages started within a minute share 8 digits.
fn unique_prefix_len(mut ids: Vec<Uuid>) -> usize {
    ids.sort_unstable();
    // a copied file holds the same id twice; it is still one id to type
    ids.dedup();
    let longest_shared = ids
        .windows(2)
        .map(|pair| {
            let (a, b) = (pair[0].as_u128(), pair[1].as_u128());
            // hex digits in common: leading zero bits of the difference, in nibbles
            ((a ^ b).leading_zeros() / 4) as usize
        })
        .max()
        .unwrap_or(0);
    (longest_shared + 1).clamp(8, 32)
}

#[cfg(all(test, target_os = "linux"))]
mod racy_tests;
#[cfg(all(test, unix))]
mod tests;
