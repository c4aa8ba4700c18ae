//! A voyage file opened through SQLite's own VFS: the only way helm opens a
//! voyage file outside a SQLite connection (the listing's cache stamp and
//! peek, the copy `voyage import` makes).
//!
//! POSIX locks belong to a process, and closing any descriptor of a file
//! drops every lock the process holds on it. A `helm mcp` process runs calls
//! side by side, so a plain `open` and `close` of a voyage file in one call
//! would silently drop the write lock of a steer waiting on GitHub in
//! another. SQLite's unix VFS keeps one record per file (device and inode)
//! for the whole process, counts every connection's locks there, and when a
//! file is closed while any of them holds a lock it keeps the descriptor
//! open until the last lock goes. A file opened here shares that record: its
//! close can never drop a connection's lock, and its SHARED lock is counted
//! with theirs (ADR 0011).
//!
//! Only reads: the file is opened read-only as a main database, locked at
//! most SHARED, and never written. All of helm's `unsafe` for this is here.

use std::alloc::{Layout, alloc_zeroed, dealloc};
use std::ffi::{CStr, c_int};
use std::io;
use std::path::Path;
use std::ptr::NonNull;

use rusqlite::ffi;

/// A voyage file opened read-only through SQLite's default VFS.
pub(crate) struct VfsFile {
    /// The `sqlite3_file` SQLite filled in, `layout` bytes of it.
    file: NonNull<ffi::sqlite3_file>,
    layout: Layout,
    /// The name as handed to SQLite, which keeps pointing at it until the
    /// file is closed.
    _name: Box<[u8]>,
    /// Whether this file holds SQLite's SHARED lock.
    shared: bool,
}

impl VfsFile {
    /// Opens `path` for reading. A link in the last component is refused, as
    /// SQLite refuses it for a database.
    pub(crate) fn open(path: &Path) -> io::Result<VfsFile> {
        let name = sqlite_name(path)?;
        super::sqlite_settings();
        // SAFETY: `sqlite3_vfs_find` takes a null name to mean the default
        // VFS, initialising SQLite first if needed (after helm's
        // process-wide settings, made just above).
        let vfs = unsafe { ffi::sqlite3_vfs_find(std::ptr::null()) };
        if vfs.is_null() {
            return Err(io::Error::other("SQLite has no default VFS"));
        }
        // SAFETY: a registered VFS lives as long as the process (helm never
        // unregisters one); these two fields are set when it is registered.
        let (size, open) = unsafe { ((*vfs).szOsFile, (*vfs).xOpen) };
        let open = open.ok_or_else(|| io::Error::other("SQLite's VFS cannot open files"))?;
        let size = usize::try_from(size)
            .unwrap_or(0)
            .max(size_of::<ffi::sqlite3_file>());
        let layout = Layout::from_size_align(size, align_of::<u64>()).map_err(io::Error::other)?;
        // SAFETY: `layout` has a non-zero size.
        let raw = unsafe { alloc_zeroed(layout) }.cast::<ffi::sqlite3_file>();
        let file = NonNull::new(raw).ok_or_else(|| io::Error::other("out of memory"))?;
        // From here `Drop` closes (if SQLite set methods) and frees.
        let opened = VfsFile {
            file,
            layout,
            _name: name,
            shared: false,
        };
        let flags = ffi::SQLITE_OPEN_MAIN_DB | ffi::SQLITE_OPEN_READONLY;
        let mut out_flags: c_int = 0;
        // SAFETY: `file` is `szOsFile` zeroed bytes, aligned for SQLite's
        // file objects; the name is NUL-terminated twice (no URI
        // parameters) and lives in `opened` until after `xClose`. xOpen sets
        // `pMethods` (or leaves it null) whether it succeeds or not.
        let rc = unsafe {
            open(
                vfs,
                opened._name.as_ptr().cast(),
                opened.file.as_ptr(),
                flags,
                &mut out_flags,
            )
        };
        match rc {
            ffi::SQLITE_OK => Ok(opened),
            rc => Err(sqlite_error(rc, "open")),
        }
    }

    /// SQLite's I/O methods for this file; `None` if it did not open.
    fn methods(&self) -> Option<&ffi::sqlite3_io_methods> {
        // SAFETY: `file` points at the sqlite3_file this value owns; its
        // `pMethods` is null or points at SQLite's static methods table.
        unsafe { (*self.file.as_ptr()).pMethods.as_ref() }
    }

    /// Takes SQLite's SHARED lock without waiting, counted with the locks of
    /// this process's connections. `false` when a writer is committing: the
    /// caller asks SQLite, which knows how to wait. Released on drop.
    pub(crate) fn lock_shared(&mut self) -> io::Result<bool> {
        if self.shared {
            return Ok(true);
        }
        let lock = self.methods().and_then(|m| m.xLock).ok_or_else(closed)?;
        // SAFETY: an open file and one of the lock levels xLock takes.
        match unsafe { lock(self.file.as_ptr(), ffi::SQLITE_LOCK_SHARED) } {
            ffi::SQLITE_OK => {
                self.shared = true;
                Ok(true)
            }
            ffi::SQLITE_BUSY => Ok(false),
            rc => Err(sqlite_error(rc, "lock")),
        }
    }

    /// Whether any connection, in this process or another, holds the
    /// RESERVED lock (a write transaction) or more.
    #[cfg(test)]
    pub(crate) fn reserved(&self) -> io::Result<bool> {
        let check = self
            .methods()
            .and_then(|m| m.xCheckReservedLock)
            .ok_or_else(closed)?;
        let mut out: c_int = 0;
        // SAFETY: an open file, and `out` is a valid place for the answer.
        match unsafe { check(self.file.as_ptr(), &mut out) } {
            ffi::SQLITE_OK => Ok(out != 0),
            rc => Err(sqlite_error(rc, "check the locks of")),
        }
    }

    /// The file's length in bytes.
    pub(crate) fn size(&self) -> io::Result<u64> {
        let size = self
            .methods()
            .and_then(|m| m.xFileSize)
            .ok_or_else(closed)?;
        let mut out: ffi::sqlite3_int64 = 0;
        // SAFETY: an open file, and `out` is a valid place for the answer.
        match unsafe { size(self.file.as_ptr(), &mut out) } {
            ffi::SQLITE_OK => u64::try_from(out).map_err(io::Error::other),
            rc => Err(sqlite_error(rc, "measure")),
        }
    }

    /// Fills `buf` from `offset`; a file that ends first is `UnexpectedEof`.
    pub(crate) fn read_exact_at(&self, buf: &mut [u8], offset: u64) -> io::Result<()> {
        let read = self.methods().and_then(|m| m.xRead).ok_or_else(closed)?;
        // xRead takes an int count: read in chunks well inside it.
        for (i, chunk) in buf.chunks_mut(1 << 30).enumerate() {
            let at = offset + (i as u64) * (1 << 30);
            let at = ffi::sqlite3_int64::try_from(at).map_err(io::Error::other)?;
            let amount = c_int::try_from(chunk.len()).map_err(io::Error::other)?;
            // SAFETY: an open file; `chunk` is `amount` writable bytes.
            let rc = unsafe { read(self.file.as_ptr(), chunk.as_mut_ptr().cast(), amount, at) };
            match rc {
                ffi::SQLITE_OK => {}
                ffi::SQLITE_IOERR_SHORT_READ => {
                    return Err(io::Error::new(
                        io::ErrorKind::UnexpectedEof,
                        "the file ends before the bytes asked for",
                    ));
                }
                rc => return Err(sqlite_error(rc, "read")),
            }
        }
        Ok(())
    }
}

impl Drop for VfsFile {
    fn drop(&mut self) {
        if let Some(methods) = self.methods() {
            let (unlock, close) = (methods.xUnlock, methods.xClose);
            if self.shared
                && let Some(unlock) = unlock
            {
                // SAFETY: an open file holding SHARED, lowered to no lock.
                unsafe { unlock(self.file.as_ptr(), ffi::SQLITE_LOCK_NONE) };
            }
            if let Some(close) = close {
                // SAFETY: xOpen set the methods, so the file must be closed
                // exactly once; it is not used after. SQLite's unix VFS
                // defers closing the descriptor while any connection of the
                // process holds a lock on the file.
                unsafe { close(self.file.as_ptr()) };
            }
        }
        // SAFETY: allocated in `open` with this layout, freed once, after
        // SQLite is done with it.
        unsafe { dealloc(self.file.as_ptr().cast(), self.layout) };
    }
}

/// The path as SQLite takes a database name: bytes ending in two NULs (the
/// second closes an empty list of URI parameters).
fn sqlite_name(path: &Path) -> io::Result<Box<[u8]>> {
    #[cfg(unix)]
    let bytes = std::os::unix::ffi::OsStrExt::as_bytes(path.as_os_str());
    #[cfg(not(unix))]
    let bytes = path
        .to_str()
        .ok_or_else(|| io::Error::other("not a UTF-8 path"))?
        .as_bytes();
    if bytes.is_empty() || bytes.contains(&0) {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "not a file name SQLite can take",
        ));
    }
    let mut name = Vec::with_capacity(bytes.len() + 2);
    name.extend_from_slice(bytes);
    name.extend_from_slice(&[0, 0]);
    Ok(name.into_boxed_slice())
}

fn sqlite_error(rc: c_int, what: &str) -> io::Error {
    // SAFETY: sqlite3_errstr returns a static, NUL-terminated English
    // description for any result code.
    let text = unsafe { CStr::from_ptr(ffi::sqlite3_errstr(rc)) };
    io::Error::other(format!(
        "SQLite could not {what} the file: {} (code {rc})",
        text.to_string_lossy()
    ))
}

fn closed() -> io::Error {
    io::Error::other("the file is not open")
}

#[cfg(all(test, unix))]
mod tests;
