//! Opening what helm reads without being led astray: only regular files,
//! never blocking on a FIFO (it is stat'ed first and opened with
//! `O_NONBLOCK`, then checked again on the open handle), never a helm voyage
//! file (helm opens those only through SQLite: closing a descriptor of one
//! would drop the locks of a steer running beside the read in `helm mcp`,
//! ADR 0011), and, for reads confined to a project, never through a link that leaves its root (opened
//! beneath a held handle, see `beneath`) and never more than a cap. Never
//! reads a file whole on its own say-so. Looks use it, and so do the files
//! a user names as text (bodies, summaries).

use std::fs::{self, File, Metadata};
use std::io::{self, Read};
use std::path::Path;
#[cfg(not(unix))]
use std::path::PathBuf;

use crate::error::{Error, Result};
use crate::storage;

/// Opens `path` for reading if it is a regular file (links are followed: the
/// user named it). A FIFO, device, socket or directory is refused at once.
pub(crate) fn open(path: &str) -> Result<File> {
    match open_regular(Path::new(path)) {
        Ok(file) => Ok(file),
        Err(OpenRefusal::Io(err)) => Err(open_error(path, &err)),
        Err(OpenRefusal::NotRegular { is_dir: true, .. }) => {
            Err(Error::usage(format!("{path} is a directory, not a file"))
                .hint("observe it with `directory-tree` or `rust-project`"))
        }
        Err(OpenRefusal::NotRegular { kind, .. }) => Err(Error::usage(format!(
            "{path} is {kind}, not a regular file"
        ))
        .hint("file-contents reads regular files only; nothing was put on the slate")),
        Err(OpenRefusal::Voyage) => Err(Error::usage(format!("{path} is a helm voyage file"))
            .hint(
                "helm reads a voyage only through SQLite (voyage show, voyage export), \
             never as file contents; nothing was put on the slate",
            )),
    }
}

/// Why [`open_regular`] did not open a file.
pub(crate) enum OpenRefusal {
    /// It could not be looked at or opened.
    Io(io::Error),
    /// It is not a regular file: what it is, in words.
    NotRegular { kind: &'static str, is_dir: bool },
    /// It is a helm voyage file, which only SQLite may open (ADR 0011).
    Voyage,
}

impl OpenRefusal {
    fn of(meta: &Metadata) -> OpenRefusal {
        OpenRefusal::NotRegular {
            kind: kind(meta),
            is_dir: meta.is_dir(),
        }
    }
}

/// Opens `path` if it is a regular file, without ever blocking on a FIFO or
/// opening a device: it is stat'ed first, opened with `O_NONBLOCK`, and the
/// open handle checked again (the name may have been swapped in between).
/// Links are followed: the caller's user named the path.
pub(crate) fn open_regular(path: &Path) -> std::result::Result<File, OpenRefusal> {
    if names_a_voyage(path) {
        return Err(OpenRefusal::Voyage);
    }
    let meta = fs::metadata(path).map_err(OpenRefusal::Io)?;
    if !meta.is_file() {
        return Err(OpenRefusal::of(&meta));
    }
    let file = open_nonblocking(path).map_err(OpenRefusal::Io)?;
    let meta = file.metadata().map_err(OpenRefusal::Io)?;
    if !meta.is_file() {
        return Err(OpenRefusal::of(&meta));
    }
    Ok(file)
}

/// Whether `path`, with its links resolved (which opens nothing), is one of
/// helm's voyage files.
fn names_a_voyage(path: &Path) -> bool {
    let resolved = fs::canonicalize(path);
    storage::names_a_voyage(resolved.as_deref().unwrap_or(path))
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
/// for a writer; it changes nothing for regular files.
#[cfg(unix)]
fn open_nonblocking(path: &Path) -> io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
}

#[cfg(not(unix))]
fn open_nonblocking(path: &Path) -> io::Result<File> {
    File::open(path)
}

/// A project root, held open, that reads stay inside (see `beneath`).
pub(crate) struct Confined {
    #[cfg(unix)]
    root: super::beneath::Root,
    #[cfg(not(unix))]
    root: PathBuf,
}

/// What [`Confined::read`] got: at most the cap, and whether there was more.
pub(crate) struct CappedRead {
    pub(crate) bytes: Vec<u8>,
    pub(crate) truncated: bool,
}

impl Confined {
    pub(crate) fn new(root: &str) -> Result<Confined> {
        #[cfg(unix)]
        let opened = super::beneath::Root::open(Path::new(root));
        #[cfg(not(unix))]
        let opened = fs::canonicalize(root);
        let root = opened.map_err(|err| Error::io(format!("cannot read {root}"), &err))?;
        Ok(Confined { root })
    }

    /// Reads at most `cap` bytes of `relative` (plus one, to know whether it
    /// was cut), following links only while they stay under the root and
    /// reading only a regular file. The error is a reason for the payload.
    pub(crate) fn read(&self, relative: &str, cap: usize) -> Result<CappedRead, String> {
        if relative.contains('\u{fffd}') {
            // The tree lists names that are not UTF-8 with U+FFFD: the real
            // name cannot be spelled in a JSON payload, so it is not read.
            return Err("its name is not UTF-8".to_string());
        }
        if names_a_voyage(&self.path().join(relative)) {
            return Err("it is a helm voyage file, read only through SQLite".to_string());
        }
        let file = self.open(relative)?;
        let len = file.metadata().map_or(0, |meta| meta.len());
        let mut bytes = Vec::with_capacity((len as usize).min(cap + 1));
        file.take(cap as u64 + 1)
            .read_to_end(&mut bytes)
            .map_err(|err| crate::error::io_reason(&err))?;
        let truncated = bytes.len() > cap;
        bytes.truncate(cap);
        Ok(CappedRead { bytes, truncated })
    }

    #[cfg(unix)]
    fn open(&self, relative: &str) -> Result<File, String> {
        use super::beneath::Refused;
        self.root
            .open_file(relative)
            .map_err(|refused| match refused {
                Refused::Outside => "it links outside the project".to_string(),
                Refused::Missing => "it is a link to nothing (or was removed)".to_string(),
                Refused::Loop => "it is a loop of links, or changed while it was read".to_string(),
                Refused::NotRegular(kind) => format!("it is {kind}"),
                Refused::Io(err) => crate::error::io_reason(&err),
            })
    }

    /// Without handles to open beneath, the path is checked and then opened:
    /// a folder swapped for a link in between is not caught here.
    #[cfg(not(unix))]
    fn open(&self, relative: &str) -> Result<File, String> {
        let resolved =
            fs::canonicalize(self.root.join(relative)).map_err(|err| match err.kind() {
                io::ErrorKind::NotFound => "it is a link to nothing (or was removed)".to_string(),
                _ => crate::error::io_reason(&err),
            })?;
        if !resolved.starts_with(&self.root) {
            return Err("it links outside the project".to_string());
        }
        match open_regular(&resolved) {
            Ok(file) => Ok(file),
            Err(OpenRefusal::Io(err)) => Err(crate::error::io_reason(&err)),
            Err(OpenRefusal::NotRegular { kind, .. }) => Err(format!("it is {kind}")),
            Err(OpenRefusal::Voyage) => {
                Err("it is a helm voyage file, read only through SQLite".to_string())
            }
        }
    }

    fn path(&self) -> &Path {
        #[cfg(unix)]
        return self.root.path();
        #[cfg(not(unix))]
        return &self.root;
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
                .to_string()
                .starts_with("cannot read /x: permission denied"),
            "{}",
            err.message()
        );
        assert!(err.hint_text().unwrap().contains("permissions"));
    }

    /// A folder swapped for a link to outside the root, as fast as another
    /// thread can, while reads go on: no read ever returns what is outside
    /// (issue 20 §2). Bounded iterations; nothing depends on timing.
    #[cfg(unix)]
    #[test]
    fn a_folder_swapped_for_a_link_never_leads_a_read_outside() {
        use std::sync::Arc;
        use std::sync::atomic::{AtomicBool, Ordering};

        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("root");
        let outside = dir.path().join("outside");
        fs::create_dir_all(root.join("docs")).unwrap();
        fs::create_dir_all(&outside).unwrap();
        fs::write(root.join("docs/guide.md"), "inside").unwrap();
        fs::write(outside.join("guide.md"), "SECRET").unwrap();
        let held_dir = dir.path().join("held-dir");
        let held_link = dir.path().join("held-link");
        std::os::unix::fs::symlink(&outside, &held_link).unwrap();
        let confined = Confined::new(root.to_str().unwrap()).unwrap();
        let stop = Arc::new(AtomicBool::new(false));
        let swapper = {
            let stop = Arc::clone(&stop);
            let docs = root.join("docs");
            std::thread::spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    fs::rename(&docs, &held_dir).unwrap();
                    fs::rename(&held_link, &docs).unwrap();
                    fs::rename(&docs, &held_link).unwrap();
                    fs::rename(&held_dir, &docs).unwrap();
                }
            })
        };
        let (mut inside, mut leaked) = (0, 0);
        for _ in 0..100_000 {
            match confined.read("docs/guide.md", 64) {
                Ok(read) if read.bytes == b"SECRET" => leaked += 1,
                Ok(read) if read.bytes == b"inside" => inside += 1,
                Ok(read) => panic!("read {:?}", read.bytes),
                Err(_) => {}
            }
        }
        stop.store(true, Ordering::Relaxed);
        swapper.join().unwrap();
        assert_eq!(
            leaked, 0,
            "{leaked} reads outside the root ({inside} inside)"
        );
    }
}
