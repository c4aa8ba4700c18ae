//! Private files and folders: everything helm writes outside SQLite (pending
//! steer records, the listing cache) and the temporary files voyages are
//! born in. Folders are 0700, files 0600; a file that must never be seen half
//! written is written under a temporary name and renamed into place.

use std::fs;
use std::io::{self, Read, Write};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::error::{Error, Result};

/// Creates a folder (and its parents) private to the user.
pub fn create_private_dir(path: &Path) -> Result<()> {
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
    result.map_err(|err| {
        Error::io(format!("cannot create {}", path.display()), &err)
            .hint("check that the parent folder is writable, or point HELM_HOME elsewhere")
    })
}

/// Opens a new private file; fails if the name is taken.
pub(crate) fn create_private_new(path: &Path) -> io::Result<fs::File> {
    let mut options = fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    options.open(path)
}

/// How much a [`write_atomic`] must survive.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Durability {
    /// A cache: losing it to a crash costs only time.
    BestEffort,
    /// A record a retry depends on: synced, and its folder synced.
    Synced,
}

/// Writes `bytes` to `path` privately and atomically: a reader sees the old
/// file or the new one, never a mix. The temporary name carries the process
/// id and a counter so concurrent writers, processes or the threads of one
/// `helm mcp`, never share one.
pub fn write_atomic(path: &Path, bytes: &[u8], durability: Durability) -> io::Result<()> {
    static WRITES: AtomicU64 = AtomicU64::new(0);
    let mut temp_name = path.file_name().unwrap_or_default().to_os_string();
    temp_name.push(format!(
        ".{}.{}.new",
        std::process::id(),
        WRITES.fetch_add(1, Ordering::Relaxed)
    ));
    let temp = path.with_file_name(temp_name);
    let _ = fs::remove_file(&temp);
    let written = (|| {
        let mut file = create_private_new(&temp)?;
        file.write_all(bytes)?;
        if durability == Durability::Synced {
            file.sync_all()?;
        }
        fs::rename(&temp, path)?;
        if durability == Durability::Synced
            && let Some(parent) = path.parent()
        {
            sync_dir(parent);
        }
        Ok(())
    })();
    if written.is_err() {
        let _ = fs::remove_file(&temp);
    }
    written
}

/// Makes a rename in `dir` durable; failure only weakens durability, so it
/// is ignored.
pub(crate) fn sync_dir(dir: &Path) {
    if let Ok(handle) = fs::File::open(dir) {
        let _ = handle.sync_all();
    }
}

/// Reads a file helm keeps in `$HELM_HOME` (a cache, a record), never
/// blocking and never holding more than `limit` bytes: it must be a regular
/// file, checked before it is opened (so no device is opened) and again on
/// the open handle, which is opened with `O_NONBLOCK` (a FIFO swapped in
/// between returns at once instead of waiting for a writer, for ever, with
/// whatever locks the caller holds). Anything else is an error of kind
/// `InvalidData` saying what the file is.
pub fn read_home_file(path: &Path, limit: u64) -> io::Result<Vec<u8>> {
    let refuse = |why: String| io::Error::new(io::ErrorKind::InvalidData, why);
    let check = |meta: &fs::Metadata| {
        if !meta.is_file() {
            return Err(refuse("it is not a regular file".to_string()));
        }
        if meta.len() > limit {
            return Err(refuse(format!(
                "it holds {} bytes, more than the {limit} it may",
                meta.len()
            )));
        }
        Ok(())
    };
    check(&fs::metadata(path)?)?;
    let mut options = fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY);
    }
    let file = options.open(path)?;
    let meta = file.metadata()?;
    check(&meta)?;
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(limit + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(refuse(format!(
            "it grew past the {limit} bytes it may hold"
        )));
    }
    Ok(bytes)
}

/// A cache file's bytes, through [`read_home_file`]; `None` when it is
/// missing, and also when it cannot be read, which costs only time: then a
/// warning on stderr says which file is ignored and why.
pub fn read_cache(path: &Path, limit: u64) -> Option<Vec<u8>> {
    match read_home_file(path, limit) {
        Ok(bytes) => Some(bytes),
        Err(err) if err.kind() == io::ErrorKind::NotFound => None,
        Err(err) => {
            helm_model::tell::note(&format!(
                "helm: warning: ignoring the cache file {}: {err}; delete it if it stays",
                path.display()
            ));
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atomic_writes_replace_whole_files_privately() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("record.json");
        write_atomic(&path, b"one", Durability::Synced).unwrap();
        write_atomic(&path, b"two", Durability::BestEffort).unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"two");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = fs::metadata(&path).unwrap().permissions().mode() & 0o777;
            assert_eq!(mode, 0o600);
        }
    }
}
