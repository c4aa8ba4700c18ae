//! Portable voyages: a consistent single-file copy of a voyage (`export`) and
//! adding such a file to a home (`import`), so a CI job can hand a voyage to
//! the next one as an artifact.
//!
//! Export copies with `VACUUM INTO`, which reads one snapshot of the voyage
//! under a shared lock: writers queue behind it (they wait, never fail) and
//! the copy never mixes two states. Import copies the file byte for byte into
//! a private temporary file beside the voyages, checks that copy (so what is
//! checked is what lands) and links it into place under its voyage id,
//! refusing an id the home already has. It reads the file through SQLite's
//! VFS under SQLite's shared lock ([`VfsFile`]), so a writer cannot change it
//! mid-copy, and closing it cannot drop the locks of this process's own
//! connections to it (ADR 0011). Nothing here prints or reads the environment.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use rusqlite::OpenFlags;
use uuid::Uuid;

use super::vfs::VfsFile;
use super::{BUSY_TIMEOUT, Home, audit, schema, voyage};
use crate::error::{Error, Kind, Result, arg, cmd};
use crate::model::Voyage;
use crate::model::words;
use crate::sql::{Sql, sql_error};

/// What [`export`] wrote.
#[derive(Debug)]
pub struct Exported {
    pub voyage: Voyage,
    pub path: PathBuf,
    pub bytes: u64,
}

/// Writes a consistent copy of the voyage at `source` to `out` (mode 0600).
/// An existing `out` is replaced only with `force`; the copy is written under
/// a temporary name beside `out` and checked before it takes that name.
pub fn export(source: &Path, out: &Path, force: bool) -> Result<Exported> {
    let name = out.file_name().ok_or_else(|| {
        Error::usage(words![
            arg("out"),
            format!(" {} does not name a file", out.display()),
        ])
        .hint(words![
            "pass a file path, e.g. ",
            arg("out"),
            " voyage.sqlite"
        ])
    })?;
    match fs::metadata(out) {
        Ok(meta) if meta.is_dir() => {
            return Err(
                Error::usage(format!("{} is a directory", out.display())).hint(words![
                    "pass a file path inside it, e.g. ",
                    arg("out"),
                    " DIR/voyage.sqlite",
                ]),
            );
        }
        Ok(_) if !force => return Err(exists(out)),
        Ok(_) if same_file(source, out) => {
            return Err(
                Error::usage(format!("{} is the voyage itself", out.display()))
                    .hint("export to another path"),
            );
        }
        _ => {}
    }
    let target = out.to_str().ok_or_else(|| {
        Error::usage(format!("{} is not a UTF-8 path", out.display()))
            .hint("choose a path SQLite can name")
    })?;
    let dir = match out.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let temp = dir.join(format!(
        ".{}.{}.helm-export",
        name.to_string_lossy(),
        Uuid::now_v7().simple()
    ));
    let temp_text = temp.to_str().ok_or_else(|| {
        Error::usage(format!("{} is not a UTF-8 path", out.display()))
            .hint("choose a path SQLite can name")
    })?;
    let conn = super::open(source).map_err(|err| prefix(err, source))?;
    create_private(&temp).map_err(|err| {
        Error::io(format!("cannot write {}", out.display()), &err)
            .hint("check that the folder exists and is writable")
    })?;
    let result = (|| {
        // One read of one snapshot; an empty file of our own making is
        // accepted as the destination, so it keeps its 0600 mode.
        conn.execute("VACUUM INTO ?1", [temp_text]).sql()?;
        drop(conn);
        sync_file(&temp)?;
        let voyage = check(&temp)?;
        place(&temp, out, force)?;
        sync_dir(&dir);
        let bytes = fs::metadata(out).map(|m| m.len()).unwrap_or(0);
        Ok(Exported {
            voyage,
            path: PathBuf::from(target),
            bytes,
        })
    })();
    if result.is_err() {
        let _ = fs::remove_file(&temp);
    }
    result
}

/// Adds the voyage file `file` to `home` under its own id and returns the
/// voyage. Refuses a file that is not a sound helm voyage this binary
/// understands, and an id the home already holds.
pub fn import(home: &Home, file: &Path) -> Result<Voyage> {
    let named = |err: Error| prefix(err, file);
    let unreadable = |err: &io::Error| {
        Error::io(format!("cannot read {}", file.display()), err).hint(words![
            "pass the path of a file written by ",
            cmd("voyage export")
        ])
    };
    // A stat opens nothing: a FIFO or a folder is refused before any open.
    let meta = fs::metadata(file).map_err(|err| unreadable(&err))?;
    if !meta.is_file() {
        return Err(
            Error::usage(format!("{} is not a file", file.display())).hint(words![
                "pass the path of a file written by ",
                cmd("voyage export")
            ]),
        );
    }
    // SQLite's VFS refuses a link, so it is given the file the path leads to.
    let real = fs::canonicalize(file).map_err(|err| unreadable(&err))?;
    let mut source = VfsFile::open(&real).map_err(|err| unreadable(&err))?;
    lock_shared(&mut source, file)?;
    let dir = home.ensure()?;
    let temp = dir.join(format!(".import-{}.sqlite.new", Uuid::now_v7().simple()));
    let result = (|| {
        let mut copy = create_private(&temp).map_err(|err| {
            Error::io(format!("cannot write in {}", dir.display()), &err)
                .hint("check that $HELM_HOME/voyages is writable")
        })?;
        copy_all(&source, &mut copy)
            .and_then(|_| copy.sync_all())
            .map_err(|err| Error::io(format!("cannot copy {}", file.display()), &err))?;
        drop(copy);
        drop(source);
        let voyage = check(&temp).map_err(named)?;
        let path = home.voyage_path(&voyage.id);
        place(&temp, &path, false).map_err(|err| match err.kind() {
            Kind::Conflict => Error::new(
                Kind::Conflict,
                format!(
                    "voyage {} is already in {}",
                    voyage.id.hyphenated(),
                    dir.display()
                ),
            )
            .hint(words![
                "it was imported or created here before; see it with ",
                cmd("voyage show").word(voyage.id.hyphenated()),
            ]),
            _ => err,
        })?;
        sync_dir(&dir);
        Ok(voyage)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&temp);
    }
    result
}

/// Takes SQLite's shared lock on the file to import, waiting (as SQLite's
/// busy handler does, up to the same timeout) while a writer commits.
fn lock_shared(source: &mut VfsFile, file: &Path) -> Result<()> {
    let start = Instant::now();
    let mut pause = Duration::from_millis(1);
    loop {
        match source.lock_shared() {
            Ok(true) => return Ok(()),
            Ok(false) if start.elapsed() < BUSY_TIMEOUT => {
                std::thread::sleep(pause);
                pause = (pause * 2).min(Duration::from_millis(100));
            }
            Ok(false) => {
                return Err(Error::new(
                    Kind::Busy,
                    format!("{} stayed locked by a writer for too long", file.display()),
                )
                .hint("retry when the program writing it has finished; nothing was imported"));
            }
            Err(err) => return Err(Error::io(format!("cannot read {}", file.display()), &err)),
        }
    }
}

/// Copies the whole of `source` into `out`, a MiB at a time.
fn copy_all(source: &VfsFile, out: &mut fs::File) -> io::Result<()> {
    let len = source.size()?;
    let mut buf = vec![0u8; 1 << 20];
    let mut at = 0u64;
    while at < len {
        let n = usize::try_from(len - at)
            .unwrap_or(usize::MAX)
            .min(buf.len());
        source.read_exact_at(&mut buf[..n], at)?;
        out.write_all(&buf[..n])?;
        at += n as u64;
    }
    Ok(())
}

/// Checks a copy this process owns: helm's schema at a version it
/// understands with nothing helm did not create, SQLite's integrity and
/// foreign key checks, every column helm reads (ids, hashes, timestamps,
/// JSON), every stowed artifact's bytes against its hash, and one voyage row
/// whose id is a UUID. Returns that voyage.
fn check(path: &Path) -> Result<Voyage> {
    let flags = OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let conn = super::connect(path, flags).sql()?;
    super::configure(&conn)?;
    schema::check(&conn)?;
    let problems = |sql: &str| -> Result<Vec<String>> {
        let mut stmt = conn.prepare(sql).sql().map_err(unsound)?;
        let rows = stmt
            .query_map([], |row| row.get::<_, Option<String>>(0))
            .sql()
            .map_err(unsound)?
            .collect::<rusqlite::Result<Vec<_>>>()
            .sql()
            .map_err(unsound)?;
        Ok(rows
            .into_iter()
            .map(Option::unwrap_or_default)
            .filter(|line| line != "ok")
            .collect())
    };
    let mut found = problems("PRAGMA integrity_check")?;
    found.extend(
        problems("SELECT \"table\" || ' row ' || rowid || ' refers to a missing ' || parent FROM pragma_foreign_key_check")?,
    );
    if let Some(first) = found.first() {
        return Err(Error::new(
            Kind::Corrupt,
            format!(
                "the voyage fails SQLite's integrity check: {first}{}",
                match found.len() {
                    1 => String::new(),
                    n => format!(" (and {} more problems)", n - 1),
                }
            ),
        )
        .hint(words![
            "export it again from its source with ",
            cmd("voyage export")
        ]));
    }
    let audit = audit::columns(&conn).map_err(unsound)?;
    if !audit.is_empty() {
        // Sound SQLite holding what helm never writes: not a helm voyage.
        return Err(Error::new(
            Kind::NotAVoyage,
            format!(
                "{}{}",
                audit.shown[..audit.shown.len().min(3)].join("; "),
                match audit.total {
                    n if n <= 3 => String::new(),
                    n => format!(" (and {} more problems)", n - 3),
                }
            ),
        )
        .hint(words![
            "nothing was imported; ",
            cmd("voyage verify"),
            " on the source lists every problem",
        ]));
    }
    // Artifacts are keyed by their content's hash and never stowed twice: a
    // payload that does not match its key would stand in for what a later
    // look sees honestly under that key, and be sealed as such.
    let mut mismatch = None;
    super::verify::for_each_stowed(&conn, |problem| {
        mismatch = problem;
        mismatch.is_none()
    })
    .map_err(unsound)?;
    if let Some(problem) = mismatch {
        return Err(Error::new(Kind::Corrupt, problem).hint(
            "nothing was imported: an artifact must be the payload its hash names; \
             export the voyage again from its source",
        ));
    }
    let ids: Vec<String> = conn
        .prepare("SELECT id FROM voyage LIMIT 2")
        .and_then(|mut stmt| {
            stmt.query_map([], |row| row.get::<_, String>(0))?
                .collect::<rusqlite::Result<_>>()
        })
        .sql()
        .map_err(unsound)?;
    let [id] = ids.as_slice() else {
        return Err(Error::new(
            Kind::NotAVoyage,
            format!(
                "a voyage file holds one voyage row; this one holds {}",
                if ids.is_empty() { "none" } else { "several" }
            ),
        ));
    };
    if Uuid::try_parse(id).is_err() {
        return Err(Error::new(
            Kind::NotAVoyage,
            format!(
                "the voyage id '{}' is not a UUID",
                id.chars().take(40).collect::<String>()
            ),
        ));
    }
    // helm keeps voyages in SQLite's rollback journal mode (ADR 0001); a copy
    // made by another tool in WAL mode is brought back to it. No-op otherwise.
    conn.query_row("PRAGMA journal_mode = DELETE", [], |_| Ok(()))
        .sql()?;
    let voyage = voyage::get(&conn)?;
    conn.close().map_err(|(_, err)| sql_error(err))?;
    Ok(voyage)
}

/// A SQLite failure while checking a file means the file is not sound.
fn unsound(err: Error) -> Error {
    match err {
        err if err.kind() == Kind::NotAVoyage => err,
        err => Error::new(
            Kind::Corrupt,
            format!("the voyage cannot be read: {}", err.message()),
        )
        .hint(words![
            "export it again from its source with ",
            cmd("voyage export")
        ]),
    }
}

/// Gives `temp` the name `path`: never over an existing file unless `replace`.
fn place(temp: &Path, path: &Path, replace: bool) -> Result<()> {
    let moved = if replace {
        fs::rename(temp, path)
    } else {
        // A hard link fails when the name is taken, so two imports (or an
        // export racing another writer of the same path) cannot clobber.
        match fs::hard_link(temp, path) {
            Ok(()) => fs::remove_file(temp),
            Err(err) if err.kind() == io::ErrorKind::AlreadyExists => return Err(exists(path)),
            // A file system without hard links: check, then rename.
            Err(_) if path.exists() => return Err(exists(path)),
            Err(_) => fs::rename(temp, path),
        }
    };
    moved.map_err(|err| Error::io(format!("cannot write {}", path.display()), &err))
}

fn exists(path: &Path) -> Error {
    Error::new(Kind::Conflict, format!("{} already exists", path.display())).hint(words![
        "pass ",
        arg("force"),
        " to replace it, or choose another path"
    ])
}

fn prefix(err: Error, file: &Path) -> Error {
    let kind = err.kind();
    let named = err.prefixed(format!("{}: ", file.display()));
    match kind {
        Kind::NotAVoyage if !named.has_hint() => named.hint(words![
            "pass a file written by ",
            cmd("voyage export"),
            "; nothing was imported"
        ]),
        _ => named,
    }
}

fn same_file(a: &Path, b: &Path) -> bool {
    match (fs::canonicalize(a), fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

#[cfg(unix)]
fn create_private(path: &Path) -> io::Result<fs::File> {
    use std::os::unix::fs::OpenOptionsExt;
    fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(path)
}

#[cfg(not(unix))]
fn create_private(path: &Path) -> io::Result<fs::File> {
    fs::File::create_new(path)
}

fn sync_file(path: &Path) -> Result<()> {
    fs::File::open(path)
        .and_then(|file| file.sync_all())
        .map_err(|err| Error::io(format!("cannot write {}", path.display()), &err))
}

/// Makes a rename durable; failure only weakens durability, so it is ignored.
fn sync_dir(dir: &Path) {
    if let Ok(handle) = fs::File::open(dir) {
        let _ = handle.sync_all();
    }
}

#[cfg(test)]
mod tests;
