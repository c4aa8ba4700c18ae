//! Opening what a look reads without being led astray: only regular files,
//! never blocking on a FIFO (it is stat'ed first and opened with
//! `O_NONBLOCK`, then checked again on the open handle), never a helm voyage
//! file (helm opens those only through SQLite: closing a descriptor of one
//! would drop the locks of a steer running beside the look in `helm mcp`,
//! ADR 0011), and, for reads confined to a project, never through a link
//! that leaves its root and never more than a cap. Never reads a file whole
//! on its own say-so.

use std::fs::{self, File, Metadata};
use std::io::{self, Read};
use std::path::{Path, PathBuf};

use crate::error::{Error, Result};
use crate::storage;

/// Opens `path` for reading if it is a regular file (links are followed: the
/// user named it). A FIFO, device, socket or directory is refused at once.
pub fn open(path: &str) -> Result<File> {
    // Targets name files with their links resolved (`target.rs`).
    if storage::names_a_voyage(Path::new(path)) {
        return Err(Error::usage(format!("{path} is a helm voyage file")).hint(
            "helm reads a voyage only through SQLite (voyage show, voyage export), \
             never as file contents; nothing was put on the slate",
        ));
    }
    let meta = fs::metadata(path).map_err(|err| open_error(path, &err))?;
    if let Some(err) = not_regular(path, &meta) {
        return Err(err);
    }
    let file = open_nonblocking(Path::new(path), false).map_err(|err| open_error(path, &err))?;
    // The name may have been swapped between the stat and the open.
    let meta = file
        .metadata()
        .map_err(|err| Error::io(format!("cannot read {path}"), &err))?;
    match not_regular(path, &meta) {
        Some(err) => Err(err),
        None => Ok(file),
    }
}

fn not_regular(path: &str, meta: &Metadata) -> Option<Error> {
    if meta.is_file() {
        return None;
    }
    if meta.is_dir() {
        return Some(
            Error::usage(format!("{path} is a directory, not a file"))
                .hint("observe it with `directory-tree` or `rust-project`"),
        );
    }
    Some(
        Error::usage(format!("{path} is {}, not a regular file", kind(meta)))
            .hint("file-contents reads regular files only; nothing was put on the slate"),
    )
}

/// What a non-regular file is, in words.
fn kind(meta: &Metadata) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let kind = meta.file_type();
        if kind.is_fifo() {
            return "a FIFO (named pipe)";
        }
        if kind.is_char_device() || kind.is_block_device() {
            return "a device";
        }
        if kind.is_socket() {
            return "a socket";
        }
    }
    if meta.is_dir() {
        "a directory"
    } else {
        "not a regular file"
    }
}

fn open_error(path: &str, err: &io::Error) -> Error {
    let error = Error::io(format!("cannot read {path}"), err);
    match err.kind() {
        io::ErrorKind::NotFound => error.hint("check the path; nothing was put on the slate"),
        io::ErrorKind::PermissionDenied => {
            error.hint("check the file's permissions; nothing was put on the slate")
        }
        _ => error,
    }
}

/// `O_NONBLOCK` so that opening a FIFO returns at once instead of waiting
/// for a writer; it changes nothing for regular files. `no_follow` refuses a
/// link in the last component.
#[cfg(unix)]
fn open_nonblocking(path: &Path, no_follow: bool) -> io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    let flags = libc::O_NONBLOCK | if no_follow { libc::O_NOFOLLOW } else { 0 };
    fs::OpenOptions::new()
        .read(true)
        .custom_flags(flags)
        .open(path)
}

#[cfg(not(unix))]
fn open_nonblocking(path: &Path, _no_follow: bool) -> io::Result<File> {
    File::open(path)
}

/// A project root, resolved once, that reads stay inside.
pub struct Confined {
    root: PathBuf,
}

/// What [`Confined::read`] got: at most the cap, and whether there was more.
pub struct Capped {
    pub bytes: Vec<u8>,
    pub truncated: bool,
}

impl Confined {
    pub fn new(root: &str) -> Result<Confined> {
        let root =
            fs::canonicalize(root).map_err(|err| Error::io(format!("cannot read {root}"), &err))?;
        Ok(Confined { root })
    }

    /// Reads at most `cap` bytes of `relative` (plus one, to know whether it
    /// was cut), following links only while they stay under the root and
    /// reading only a regular file. The error is a reason for the payload.
    pub fn read(&self, relative: &str, cap: usize) -> Result<Capped, String> {
        if relative.contains('\u{fffd}') {
            // The tree lists names that are not UTF-8 with U+FFFD: the real
            // name cannot be spelled in a JSON payload, so it is not read.
            return Err("its name is not UTF-8".to_string());
        }
        let resolved =
            fs::canonicalize(self.root.join(relative)).map_err(|err| match err.kind() {
                io::ErrorKind::NotFound => "it is a link to nothing (or was removed)".to_string(),
                _ => crate::error::io_reason(&err),
            })?;
        if !resolved.starts_with(&self.root) {
            return Err("it links outside the project".to_string());
        }
        if storage::names_a_voyage(&resolved) {
            return Err("it is a helm voyage file, read only through SQLite".to_string());
        }
        let meta = fs::metadata(&resolved).map_err(|err| crate::error::io_reason(&err))?;
        if !meta.is_file() {
            return Err(format!("it is {}", kind(&meta)));
        }
        let file =
            open_nonblocking(&resolved, true).map_err(|err| crate::error::io_reason(&err))?;
        let meta = file
            .metadata()
            .map_err(|err| crate::error::io_reason(&err))?;
        if !meta.is_file() {
            return Err(format!("it is {}", kind(&meta)));
        }
        let mut bytes = Vec::with_capacity((meta.len() as usize).min(cap + 1));
        file.take(cap as u64 + 1)
            .read_to_end(&mut bytes)
            .map_err(|err| crate::error::io_reason(&err))?;
        let truncated = bytes.len() > cap;
        bytes.truncate(cap);
        Ok(Capped { bytes, truncated })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Kind;

    /// Root reads any file, so permission errors are checked here rather than
    /// end to end.
    #[test]
    fn permission_errors_say_what_to_check() {
        let err = open_error("/x", &io::Error::from(io::ErrorKind::PermissionDenied));
        assert_eq!(err.kind(), Kind::Io);
        assert!(
            err.message()
                .starts_with("cannot read /x: permission denied"),
            "{}",
            err.message()
        );
        assert!(err.hint_text().unwrap().contains("permissions"));
    }
}
