//! Text a user names by path — a comment's body, an artifact's summary —
//! read from a regular file, or from stdin where the process may read it,
//! and never more than a bound. A FIFO, device, folder or socket is refused
//! at once (never waited on, never read without end), and `helm mcp` never
//! reads its own protocol stream, under any name.

use std::io::Read;
use std::path::Path;

use crate::error::{Error, Result};
use crate::observe::regular::{OpenRefusal, open_regular};

/// Whether the process's stdin is the user's to read.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Stdin {
    /// The CLI: `-` reads stdin.
    #[default]
    Ours,
    /// The CLI on a terminal (stdin and stdout): `-` reads stdin, and a
    /// required text not given is written in this editor.
    Terminal(super::editor::Editor),
    /// `helm mcp`: stdin and stdout carry the protocol, and no text may come
    /// from them, by `-` or by a path such as `/dev/stdin`.
    Protocol,
}

/// What is being read, for the errors: e.g. "the body file" and its hints.
pub struct Named<'a> {
    /// "the body file", "--summary-file".
    pub what: &'a str,
    /// What to do instead when the file cannot be used.
    pub hint: &'a str,
}

/// At most `limit` bytes of a file or of stdin, and whether there was more.
pub struct Bounded {
    pub bytes: Vec<u8>,
    pub over: bool,
    /// Where they came from: the path as given, or "stdin".
    pub from: String,
}

/// Reads `path` (relative to `cwd`; `-` is stdin when `stdin` allows it):
/// a regular file only, at most `limit` bytes plus one to tell whether there
/// was more.
pub fn read(path: &Path, cwd: &Path, stdin: Stdin, limit: u64, named: &Named) -> Result<Bounded> {
    let shown = path.display().to_string();
    if path.as_os_str() == "-" {
        if stdin == Stdin::Protocol {
            return Err(Error::usage(format!(
                "{} \"-\" (stdin) cannot be used here: the server's stdin carries the MCP protocol",
                named.what
            ))
            .hint(named.hint));
        }
        let mut bytes = Vec::new();
        std::io::stdin()
            .lock()
            .take(limit + 1)
            .read_to_end(&mut bytes)
            .map_err(|err| Error::io(format!("cannot read {} from stdin", named.what), &err))?;
        return Ok(bounded(bytes, limit, "stdin".to_string()));
    }
    let file = open_regular(&cwd.join(path)).map_err(|refusal| match refusal {
        OpenRefusal::Io(err) => Error::io(format!("cannot read {} {shown}", named.what), &err),
        OpenRefusal::NotRegular { kind, .. } => Error::usage(format!(
            "{} {shown} is {kind}, not a regular file",
            named.what
        ))
        .hint(named.hint),
        OpenRefusal::Voyage => Error::usage(format!(
            "{} {shown} is a helm voyage file, which helm reads only through SQLite",
            named.what
        ))
        .hint(named.hint),
    })?;
    if stdin == Stdin::Protocol && is_protocol_stream(&file) {
        return Err(Error::usage(format!(
            "{} {shown} is the server's own stdin or stdout, which carry the MCP protocol",
            named.what
        ))
        .hint(named.hint));
    }
    let mut bytes = Vec::new();
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(|err| Error::io(format!("cannot read {} {shown}", named.what), &err))?;
    Ok(bounded(bytes, limit, shown))
}

fn bounded(mut bytes: Vec<u8>, limit: u64, from: String) -> Bounded {
    let over = bytes.len() as u64 > limit;
    bytes.truncate(limit as usize);
    Bounded { bytes, over, from }
}

/// Whether `file` is the process's stdin or stdout (a regular file when
/// they were redirected to one): the same device and inode.
#[cfg(unix)]
fn is_protocol_stream(file: &std::fs::File) -> bool {
    let Ok(meta) = rustix::fs::fstat(file) else {
        return true;
    };
    let same = |stat: rustix::io::Result<rustix::fs::Stat>| {
        stat.is_ok_and(|stat| stat.st_dev == meta.st_dev && stat.st_ino == meta.st_ino)
    };
    same(rustix::fs::fstat(std::io::stdin())) || same(rustix::fs::fstat(std::io::stdout()))
}

#[cfg(not(unix))]
fn is_protocol_stream(_file: &std::fs::File) -> bool {
    false
}
