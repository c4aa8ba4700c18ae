//! Opening a regular file beneath a folder held open, never through a link
//! that leaves it, however the tree changes meanwhile. A path is checked as
//! it is opened, not before: each component is opened relative to the
//! folder handle already held, without following a link, so swapping a
//! folder for a link between two steps makes the open fail, never go astray.
//!
//! A link inside the root is still followed, one component at a time from
//! where it sits, each component checked the same way; `..` goes back up
//! the handles held and never past the root, and an absolute target counts
//! only when it names a place inside the root. On Linux, `openat2` with
//! `RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS` opens a path's folders in one
//! call when none is a link; the walk takes over where it is missing
//! (before Linux 5.6, or refused by a sandbox) and where there are links.

use std::ffi::OsStr;
use std::fs::File;
use std::io;
use std::os::fd::{AsFd, BorrowedFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

use rustix::fs::{AtFlags, FileType, Mode, OFlags};

/// Links followed in one path before it is taken for a loop (Linux's own
/// limit).
const MAX_LINKS: usize = 40;

/// A folder held open that opens stay beneath.
pub(crate) struct Root {
    dir: OwnedFd,
    /// Its canonical path, for links with an absolute target.
    path: PathBuf,
}

/// Why a path beneath the root was not opened.
#[derive(Debug)]
pub(crate) enum Refused {
    /// A link (or `..`) leads outside the root.
    Outside,
    /// A component is missing: a link to nothing, or removed meanwhile.
    Missing,
    /// More than [`MAX_LINKS`] links.
    Loop,
    /// It is not a regular file: what it is.
    NotRegular(&'static str),
    Io(io::Error),
}

/// One component opened.
enum Step {
    Folder(OwnedFd),
    File(File),
    /// A link, to follow: its target.
    Link(Vec<u8>),
}

impl Root {
    pub(crate) fn open(path: &Path) -> io::Result<Root> {
        let path = std::fs::canonicalize(path)?;
        let dir = rustix::fs::open(
            &path,
            OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC,
            Mode::empty(),
        )?;
        Ok(Root { dir, path })
    }

    /// Opens the regular file `relative` ('/'-separated) for reading.
    /// The root's canonical path.
    pub(crate) fn path(&self) -> &Path {
        &self.path
    }

    pub(crate) fn open_file(&self, relative: &str) -> Result<File, Refused> {
        #[cfg(any(target_os = "linux", target_os = "android"))]
        if let Some(opened) = self.without_links(relative) {
            return opened;
        }
        self.walk(relative.as_bytes())
    }

    /// The fast path: the folders in one `openat2` that refuses any link
    /// and any way out, then the file. `None` when the walk must decide:
    /// `openat2` is missing or met a link, or the file itself is a link.
    #[cfg(any(target_os = "linux", target_os = "android"))]
    fn without_links(&self, relative: &str) -> Option<Result<File, Refused>> {
        use rustix::fs::ResolveFlags;
        let (folders, name) = match relative.rsplit_once('/') {
            Some((folders, name)) => (Some(folders), name),
            None => (None, relative),
        };
        if name.is_empty() || name == "." || name == ".." {
            return None;
        }
        let parent = match folders {
            None => None,
            Some(folders) => Some(
                rustix::fs::openat2(
                    &self.dir,
                    folders,
                    OFlags::PATH | OFlags::DIRECTORY | OFlags::CLOEXEC,
                    Mode::empty(),
                    ResolveFlags::BENEATH | ResolveFlags::NO_SYMLINKS | ResolveFlags::NO_MAGICLINKS,
                )
                .ok()?,
            ),
        };
        let dir = parent.as_ref().map_or(self.dir.as_fd(), |fd| fd.as_fd());
        match step(dir, OsStr::new(name).as_bytes(), true) {
            Ok(Step::File(file)) => Some(Ok(file)),
            Ok(Step::Link(_) | Step::Folder(_)) => None,
            Err(refused) => Some(Err(refused)),
        }
    }

    /// Opens `relative` one component at a time from held folder handles.
    fn walk(&self, relative: &[u8]) -> Result<File, Refused> {
        // Folders below the root, innermost last; `..` pops one.
        let mut held: Vec<OwnedFd> = Vec::new();
        // Components still to open, the next one last.
        let mut todo: Vec<Vec<u8>> = Vec::new();
        push_components(&mut todo, relative);
        let mut links = 0;
        while let Some(name) = todo.pop() {
            match name.as_slice() {
                b"" | b"." => continue,
                b".." => {
                    held.pop().ok_or(Refused::Outside)?;
                    continue;
                }
                _ => {}
            }
            let dir = held.last().map_or(self.dir.as_fd(), |fd| fd.as_fd());
            let last = todo.iter().all(|rest| rest.is_empty() || rest == b".");
            match step(dir, &name, last)? {
                Step::Folder(fd) => held.push(fd),
                Step::File(file) => return Ok(file),
                Step::Link(target) => {
                    links += 1;
                    if links > MAX_LINKS {
                        return Err(Refused::Loop);
                    }
                    if target.first() == Some(&b'/') {
                        let rest = Path::new(OsStr::from_bytes(&target))
                            .strip_prefix(&self.path)
                            .map_err(|_| Refused::Outside)?;
                        held.clear();
                        push_components(&mut todo, rest.as_os_str().as_bytes());
                    } else {
                        push_components(&mut todo, &target);
                    }
                }
            }
        }
        // Nothing but `.` and `..`: a folder.
        Err(Refused::NotRegular("a directory"))
    }
}

/// Puts `path`'s components on `todo` so that the first is popped first.
fn push_components(todo: &mut Vec<Vec<u8>>, path: &[u8]) {
    todo.extend(path.split(|&b| b == b'/').rev().map(<[u8]>::to_vec));
}

/// Opens `name` in `dir` without following it: a folder (when more is to
/// come), the regular file (when it is the last), or a link to follow. The
/// type is read first, so a FIFO or device is never opened; the open
/// refuses a link swapped in meanwhile, and the handle is checked again.
fn step(dir: BorrowedFd<'_>, name: &[u8], last: bool) -> Result<Step, Refused> {
    let stat = rustix::fs::statat(dir, name, AtFlags::SYMLINK_NOFOLLOW).map_err(refused)?;
    let no_follow = OFlags::NOFOLLOW | OFlags::CLOEXEC;
    match FileType::from_raw_mode(stat.st_mode) {
        FileType::Symlink => rustix::fs::readlinkat(dir, name, Vec::new())
            .map(|target| Step::Link(target.into_bytes()))
            .map_err(refused),
        FileType::Directory if !last => rustix::fs::openat(
            dir,
            name,
            OFlags::RDONLY | OFlags::DIRECTORY | no_follow,
            Mode::empty(),
        )
        .map(Step::Folder)
        .map_err(refused),
        FileType::RegularFile if last => {
            let flags = OFlags::RDONLY | OFlags::NONBLOCK | OFlags::NOCTTY | no_follow;
            let file =
                File::from(rustix::fs::openat(dir, name, flags, Mode::empty()).map_err(refused)?);
            match rustix::fs::fstat(&file).map_err(refused)? {
                stat if FileType::from_raw_mode(stat.st_mode) == FileType::RegularFile => {
                    Ok(Step::File(file))
                }
                stat => Err(Refused::NotRegular(words(FileType::from_raw_mode(
                    stat.st_mode,
                )))),
            }
        }
        other if last => Err(Refused::NotRegular(words(other))),
        // A file where a folder should be.
        _ => Err(Refused::Missing),
    }
}

fn refused(err: rustix::io::Errno) -> Refused {
    match err {
        rustix::io::Errno::NOENT | rustix::io::Errno::NOTDIR => Refused::Missing,
        rustix::io::Errno::LOOP => Refused::Loop,
        err => Refused::Io(err.into()),
    }
}

fn words(kind: FileType) -> &'static str {
    match kind {
        FileType::Directory => "a directory",
        FileType::Fifo => "a FIFO (named pipe)",
        FileType::CharacterDevice | FileType::BlockDevice => "a device",
        FileType::Socket => "a socket",
        _ => "not a regular file",
    }
}

#[cfg(test)]
mod tests {
    use std::io::Read;
    use std::os::unix::fs::symlink;

    use super::*;

    /// root/notes/inside.md, and outside/guide.md beside the root.
    fn tree() -> (tempfile::TempDir, PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("root");
        std::fs::create_dir_all(root.join("notes")).unwrap();
        std::fs::create_dir_all(root.join("sub")).unwrap();
        std::fs::create_dir_all(dir.path().join("outside")).unwrap();
        std::fs::write(root.join("notes/inside.md"), "inside").unwrap();
        std::fs::write(dir.path().join("outside/guide.md"), "SECRET").unwrap();
        // Absolute links name the canonical root.
        let root = root.canonicalize().unwrap();
        (dir, root)
    }

    /// What both ways (the fast path where there is one, and the walk alone)
    /// make of `relative`: the content, or the refusal. They must agree.
    fn open(root: &Path, relative: &str) -> Result<String, String> {
        let root = Root::open(root).unwrap();
        let read = |opened: Result<File, Refused>| {
            opened
                .map(|mut file| {
                    let mut text = String::new();
                    file.read_to_string(&mut text).unwrap();
                    text
                })
                .map_err(|refused| format!("{refused:?}"))
        };
        let fast = read(root.open_file(relative));
        let walked = read(root.walk(relative.as_bytes()));
        assert_eq!(fast, walked, "{relative}");
        fast
    }

    #[test]
    fn a_folder_that_is_a_link_to_outside_is_refused_at_that_component() {
        let (dir, root) = tree();
        symlink(dir.path().join("outside"), root.join("docs")).unwrap();
        symlink("../../outside", root.join("sub/away")).unwrap();
        assert_eq!(open(&root, "docs/guide.md").unwrap_err(), "Outside");
        assert_eq!(open(&root, "sub/away/guide.md").unwrap_err(), "Outside");
        assert_eq!(
            open(&root, "notes/../../outside/guide.md").unwrap_err(),
            "Outside"
        );
    }

    #[test]
    fn links_that_stay_inside_are_followed_one_component_at_a_time() {
        let (_dir, root) = tree();
        symlink("../notes", root.join("sub/notes")).unwrap();
        symlink("notes/inside.md", root.join("b.md")).unwrap();
        symlink("b.md", root.join("a.md")).unwrap();
        symlink(root.join("notes"), root.join("absolute")).unwrap();
        assert_eq!(open(&root, "sub/notes/inside.md").unwrap(), "inside");
        assert_eq!(open(&root, "a.md").unwrap(), "inside");
        assert_eq!(open(&root, "absolute/inside.md").unwrap(), "inside");
        assert_eq!(open(&root, "notes/inside.md").unwrap(), "inside");
        // A link that climbs out and back in has left the root on the way.
        symlink("../root/notes/inside.md", root.join("round.md")).unwrap();
        assert_eq!(open(&root, "round.md").unwrap_err(), "Outside");
    }

    #[test]
    fn loops_dangling_links_and_odd_files_are_named() {
        let (_dir, root) = tree();
        symlink("y.md", root.join("x.md")).unwrap();
        symlink("x.md", root.join("y.md")).unwrap();
        symlink("missing.md", root.join("dangling.md")).unwrap();
        symlink("/dev/null", root.join("null.md")).unwrap();
        let status = std::process::Command::new("mkfifo")
            .arg(root.join("pipe.md"))
            .status()
            .unwrap();
        assert!(status.success());
        assert_eq!(open(&root, "x.md").unwrap_err(), "Loop");
        assert_eq!(open(&root, "dangling.md").unwrap_err(), "Missing");
        assert_eq!(open(&root, "null.md").unwrap_err(), "Outside");
        assert_eq!(
            open(&root, "pipe.md").unwrap_err(),
            "NotRegular(\"a FIFO (named pipe)\")"
        );
        assert_eq!(
            open(&root, "notes").unwrap_err(),
            "NotRegular(\"a directory\")"
        );
        assert_eq!(open(&root, "notes/inside.md/x").unwrap_err(), "Missing");
    }
}
