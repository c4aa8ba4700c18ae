//! One sync at a time in a home. Two syncs of one home (a `helm mcp` pulling
//! while a CLI pushes, say) would both move the refs of helm's private
//! repository: git refuses the second fetch's ref update ("cannot lock ref
//! … but expected …"), and a push could record a synced commit under a pull
//! that merged against an older one. So every push, pull and listing holds
//! an exclusive `flock` on `sync.git/helm-sync.lock` for its whole run; the
//! next one waits for it. Voyage writers never take it: this lock orders
//! syncs among themselves, and SQLite orders every write to a voyage.
//!
//! The lock file is never a voyage file, so opening and closing it cannot
//! drop SQLite's POSIX locks, and a `flock` is held per open file, so two
//! calls inside one `helm mcp` wait for each other too.

use std::fs::File;
use std::path::Path;

use crate::error::{Error, Result};

/// Held until dropped.
pub(crate) struct Lock {
    _file: File,
}

impl Lock {
    /// Waits for, then takes, the home's sync lock.
    pub(crate) fn take(repo: &Path) -> Result<Lock> {
        let path = repo.join("helm-sync.lock");
        let file = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&path)
            .map_err(|err| Error::io(format!("cannot open {}", path.display()), &err))?;
        exclusive(&file)
            .map_err(|err| Error::io(format!("cannot lock {}", path.display()), &err))?;
        Ok(Lock { _file: file })
    }
}

#[cfg(unix)]
fn exclusive(file: &File) -> std::io::Result<()> {
    use std::os::unix::io::AsRawFd;
    loop {
        // SAFETY: flock on a descriptor this function's caller owns.
        if unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX) } == 0 {
            return Ok(());
        }
        let err = std::io::Error::last_os_error();
        if err.kind() != std::io::ErrorKind::Interrupted {
            return Err(err);
        }
    }
}

#[cfg(not(unix))]
fn exclusive(file: &File) -> std::io::Result<()> {
    file.lock()
}
