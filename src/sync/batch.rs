//! Reading objects from helm's private repository through one long-lived
//! `git cat-file`: object names in (an id, or `<commit>:<path>`), headers and
//! contents out. One process serves a whole push or pull, so a lookup costs a
//! pipe round trip, not a process.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, ChildStdout, Stdio};

use super::git::{self, Repo};
use crate::error::{Error, Kind, Result};

/// An object's header.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Info {
    pub oid: String,
    pub kind: String,
    pub size: u64,
}

/// `git cat-file --batch-command`: one question, one answer.
pub struct Batch {
    child: Child,
    stdin: Option<ChildStdin>,
    stdout: BufReader<ChildStdout>,
}

impl Batch {
    pub fn start(repo: &Repo) -> Result<Batch> {
        let mut command = repo.command();
        command
            .args(["cat-file", "--batch-command"])
            .stdin(Stdio::piped())
            .stderr(Stdio::null());
        let mut child = git::spawn(command, "git cat-file")?;
        let stdin = child.stdin.take();
        let stdout = BufReader::new(child.stdout.take().expect("stdout is piped"));
        Ok(Batch {
            child,
            stdin,
            stdout,
        })
    }

    fn ask(&mut self, command: &str, name: &str) -> Result<Option<Info>> {
        let stdin = self.stdin.as_mut().expect("a running cat-file");
        writeln!(stdin, "{command} {name}")
            .and_then(|()| stdin.flush())
            .map_err(broken)?;
        header(&mut self.stdout, name)
    }

    /// The object's header, or `None` when there is no such object.
    pub fn info(&mut self, name: &str) -> Result<Option<Info>> {
        self.ask("info", name)
    }

    /// The object's header and whole contents.
    pub fn contents(&mut self, name: &str) -> Result<Option<(Info, Vec<u8>)>> {
        let Some(info) = self.ask("contents", name)? else {
            return Ok(None);
        };
        let mut data = Vec::with_capacity(info.size as usize);
        (&mut self.stdout)
            .take(info.size)
            .read_to_end(&mut data)
            .map_err(broken)?;
        end_of_object(&mut self.stdout, &info)?;
        if data.len() as u64 != info.size {
            return Err(broken_text(
                "git cat-file stopped in the middle of an object",
            ));
        }
        Ok(Some((info, data)))
    }

    /// The object's contents handed to `each` as a reader of exactly its
    /// size, so a big payload is never held whole.
    pub fn stream<T>(
        &mut self,
        name: &str,
        each: impl FnOnce(&Info, &mut dyn Read) -> Result<T>,
    ) -> Result<Option<T>> {
        let Some(info) = self.ask("contents", name)? else {
            return Ok(None);
        };
        let value = read_object(&mut self.stdout, &info, each)?;
        Ok(Some(value))
    }
}

impl Drop for Batch {
    fn drop(&mut self) {
        drop(self.stdin.take());
        let _ = self.child.wait();
    }
}

/// Reads many objects in one `git cat-file --batch`, the names written from
/// a thread of their own while the answers are read here, and hands each to
/// `each` in order (`None` for a missing one).
pub fn read_many(
    repo: &Repo,
    names: Vec<String>,
    mut each: impl FnMut(usize, Option<(&Info, &mut dyn Read)>) -> Result<()>,
) -> Result<()> {
    if names.is_empty() {
        return Ok(());
    }
    let mut command = repo.command();
    command
        .args(["cat-file", "--batch"])
        .stdin(Stdio::piped())
        .stderr(Stdio::null());
    let mut child = git::spawn(command, "git cat-file")?;
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let mut stdout = BufReader::new(child.stdout.take().expect("stdout is piped"));
    let count = names.len();
    let shown = names.clone();
    let writer = std::thread::spawn(move || {
        let mut out = std::io::BufWriter::new(&mut stdin);
        for name in &names {
            writeln!(out, "{name}")?;
        }
        out.flush()
    });
    let mut result = Ok(());
    for (i, name) in shown.iter().enumerate().take(count) {
        let step = match header(&mut stdout, name) {
            Ok(None) => each(i, None),
            Ok(Some(info)) => read_object(&mut stdout, &info, |info, reader| {
                each(i, Some((info, reader)))
            }),
            Err(err) => Err(err),
        };
        if let Err(err) = step {
            result = Err(err);
            break;
        }
    }
    drop(stdout);
    let _ = writer.join();
    let _ = child.kill();
    let _ = child.wait();
    result
}

/// Reads one answer's header line.
fn header(stdout: &mut impl BufRead, name: &str) -> Result<Option<Info>> {
    let mut line = String::new();
    if stdout.read_line(&mut line).map_err(broken)? == 0 {
        return Err(broken_text("git cat-file ended early"));
    }
    let line = line.trim_end_matches('\n');
    if line.ends_with(" missing") || line.ends_with(" ambiguous") {
        return Ok(None);
    }
    let mut parts = line.split(' ');
    match (parts.next(), parts.next(), parts.next(), parts.next()) {
        (Some(oid), Some(kind), Some(size), None) => Ok(Some(Info {
            oid: oid.to_string(),
            kind: kind.to_string(),
            size: size
                .parse()
                .map_err(|_| broken_text(&format!("git cat-file answered {name} oddly")))?,
        })),
        _ => Err(broken_text(&format!("git cat-file answered {name} oddly"))),
    }
}

fn read_object<T>(
    stdout: &mut BufReader<ChildStdout>,
    info: &Info,
    each: impl FnOnce(&Info, &mut dyn Read) -> Result<T>,
) -> Result<T> {
    let mut limited = (&mut *stdout).take(info.size);
    let value = each(info, &mut limited);
    // Whatever `each` left unread is skipped, so the next answer lines up.
    std::io::copy(&mut limited, &mut std::io::sink()).map_err(broken)?;
    end_of_object(stdout, info)?;
    value
}

fn end_of_object(stdout: &mut impl BufRead, info: &Info) -> Result<()> {
    let mut newline = [0u8; 1];
    stdout.read_exact(&mut newline).map_err(broken)?;
    if newline != *b"\n" {
        return Err(broken_text(&format!(
            "git cat-file sent more than object {} holds",
            info.oid
        )));
    }
    Ok(())
}

fn broken(err: std::io::Error) -> Error {
    Error::io("reading helm's private git repository failed", &err)
}

fn broken_text(what: &str) -> Error {
    Error::new(
        Kind::Io,
        format!("reading helm's private git repository failed: {what}"),
    )
}
