//! Reading objects from helm's private repository: first from its files
//! (`loose::read`: a loose ref, the loose objects the last sync wrote),
//! else through one long-lived `git cat-file`: object names in (an id,
//! `<commit>:<path>` or a ref), headers and contents out. One process serves
//! a whole push or pull, so a lookup costs a pipe round trip, not a
//! process; a push starts it only when its files cannot answer.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use super::git::{self, SyncRepo};
use super::loose::read::{Local, OnDisk};
use super::object::{Info, Object};
use crate::error::{Error, Kind, Result};

/// Questions about objects: the repository's files, then `git cat-file
/// --batch-command`, one question, one answer.
pub(crate) struct Batch {
    local: Option<Local>,
    git: Option<CatFile>,
    /// The `git cat-file` to start at the first question the files cannot
    /// answer, until it is started.
    later: Option<Command>,
}

struct CatFile {
    child: Child,
    stdin: Option<ChildStdin>,
    stdout: BufReader<ChildStdout>,
}

impl Batch {
    /// Started now, so that it is ready by the time a pull reads what
    /// arrived (which is in a pack git keeps, never in loose files).
    pub(crate) fn start(repo: &SyncRepo) -> Result<Batch> {
        let mut batch = Batch::lazy(repo);
        batch.git()?;
        Ok(batch)
    }

    /// `git cat-file` started only when the files cannot answer: a push's
    /// questions are about what the last sync wrote, loose.
    pub(crate) fn lazy(repo: &SyncRepo) -> Batch {
        let mut command = repo.command();
        command
            .args(["cat-file", "--batch-command"])
            .stdin(Stdio::piped())
            .stderr(Stdio::null());
        Batch {
            local: Local::of(repo),
            git: None,
            later: Some(command),
        }
    }

    fn git(&mut self) -> Result<&mut CatFile> {
        if let Some(command) = self.later.take() {
            let mut child = git::spawn(command, "git cat-file")?;
            let stdin = child.stdin.take();
            let stdout = BufReader::new(child.stdout.take().expect("stdout is piped"));
            self.git = Some(CatFile {
                child,
                stdin,
                stdout,
            });
        }
        Ok(self.git.as_mut().expect("cat-file is started once"))
    }

    /// What the files say of `name`, when they can say.
    fn local(&self, name: &str) -> Option<Option<(Info, Vec<u8>)>> {
        match self.local.as_ref()?.read(name) {
            OnDisk::Found(info, bytes) => Some(Some((info, bytes))),
            OnDisk::Missing => Some(None),
            OnDisk::AskGit => None,
        }
    }

    fn ask(&mut self, command: &str, name: &str) -> Result<Option<Info>> {
        let git = self.git()?;
        let stdin = git.stdin.as_mut().expect("a running cat-file");
        // One write, so git wakes once per question, not once per part.
        stdin
            .write_all(format!("{command} {name}\n").as_bytes())
            .and_then(|()| stdin.flush())
            .map_err(broken)?;
        header(&mut git.stdout, name)
    }

    /// The object's header, or `None` when there is no such object.
    pub(crate) fn info(&mut self, name: &str) -> Result<Option<Info>> {
        if let Some(found) = self.local(name) {
            return Ok(found.map(|(info, _)| info));
        }
        self.ask("info", name)
    }

    /// The object's header and whole contents, when it holds at most
    /// `limit` bytes: its header is asked first, so an object over the
    /// limit is refused (`too_large`) without a byte of it read.
    pub(crate) fn contents_within(&mut self, name: &str, limit: u64) -> Result<Option<Object>> {
        match self.info(name)? {
            None => Ok(None),
            Some(info) if info.size > limit => Err(too_large(&info, limit)),
            Some(_) => self.contents(name),
        }
    }

    /// The object's header and whole contents.
    pub(crate) fn contents(&mut self, name: &str) -> Result<Option<(Info, Vec<u8>)>> {
        if let Some(found) = self.local(name) {
            return Ok(found);
        }
        let Some(info) = self.ask("contents", name)? else {
            return Ok(None);
        };
        let stdout = &mut self.git()?.stdout;
        let mut data = Vec::with_capacity(info.size as usize);
        stdout
            .take(info.size)
            .read_to_end(&mut data)
            .map_err(broken)?;
        end_of_object(stdout, &info)?;
        if data.len() as u64 != info.size {
            return Err(broken_text(
                "git cat-file stopped in the middle of an object",
            ));
        }
        Ok(Some((info, data)))
    }

    /// The object's contents handed to `each` as a reader of exactly its
    /// size, so a big payload is never held whole (always through git,
    /// which streams it).
    pub(crate) fn stream<T>(
        &mut self,
        name: &str,
        each: impl FnOnce(&Info, &mut dyn Read) -> Result<T>,
    ) -> Result<Option<T>> {
        let Some(info) = self.ask("contents", name)? else {
            return Ok(None);
        };
        let value = read_object(&mut self.git()?.stdout, &info, each)?;
        Ok(Some(value))
    }
}

impl Drop for CatFile {
    fn drop(&mut self) {
        drop(self.stdin.take());
        let _ = self.child.wait();
    }
}

/// The refusal of an object over a reader's limit, from its header alone:
/// kind `bad-remote`, since only a remote's objects are read with a limit.
pub(crate) fn too_large(info: &Info, limit: u64) -> Error {
    Error::new(
        Kind::BadRemote,
        format!(
            "object {} is a {} of {} bytes, over the {} bytes helm reads for it",
            &info.oid[..12.min(info.oid.len())],
            info.kind,
            info.size,
            limit
        ),
    )
}

/// The headers of many objects, in order (`None` for a missing one): through
/// `batch` for a few, through one `git cat-file --batch-check` for many.
pub(crate) fn infos(
    repo: &SyncRepo,
    batch: &mut Batch,
    names: &[String],
) -> Result<Vec<Option<Info>>> {
    if names.len() <= 32 {
        return names.iter().map(|name| batch.info(name)).collect();
    }
    let mut command = repo.command();
    command
        .args(["cat-file", "--batch-check"])
        .stdin(Stdio::piped())
        .stderr(Stdio::null());
    let mut child = git::spawn(command, "git cat-file")?;
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let mut stdout = BufReader::new(child.stdout.take().expect("stdout is piped"));
    let sent = names.to_vec();
    let writer = std::thread::spawn(move || {
        let mut out = std::io::BufWriter::new(&mut stdin);
        for name in &sent {
            writeln!(out, "{name}")?;
        }
        out.flush()
    });
    let answers: Result<Vec<Option<Info>>> =
        names.iter().map(|name| header(&mut stdout, name)).collect();
    drop(stdout);
    let _ = writer.join();
    let _ = child.kill();
    let _ = child.wait();
    answers
}

/// The objects named, read whole a part at a time and handed to `each` in
/// order (`None` for a missing one). Every header is looked at first: one
/// object over `limit` bytes is refused (`too_large`, given to `refuse` to
/// say what it was) before any is read, and no part holds more than
/// `budget` bytes (or one object), so what is held at once stays bounded
/// whatever the remote sent.
pub(crate) fn bounded(
    repo: &SyncRepo,
    batch: &mut Batch,
    names: Vec<String>,
    limit: u64,
    budget: u64,
    refuse: impl FnOnce(Error) -> Error,
    mut each: impl FnMut(Vec<Option<Object>>) -> Result<()>,
) -> Result<()> {
    let headers = infos(repo, batch, &names)?;
    if let Some(info) = headers.iter().flatten().find(|info| info.size > limit) {
        return Err(refuse(too_large(info, limit)));
    }
    let mut part = Vec::new();
    let mut held = 0;
    for (name, info) in names.into_iter().zip(headers) {
        let size = info.map_or(0, |info| info.size);
        if !part.is_empty() && held + size > budget {
            each(objects(repo, batch, std::mem::take(&mut part))?)?;
            held = 0;
        }
        part.push(name);
        held += size;
    }
    if !part.is_empty() {
        each(objects(repo, batch, part)?)?;
    }
    Ok(())
}

/// Reads many objects in one `git cat-file --batch`, the names written from
/// a thread of their own while the answers are read here, and hands each to
/// `each` in order (`None` for a missing one).
pub(crate) fn read_many(
    repo: &SyncRepo,
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

/// The whole contents of each object named, in order (`None` for a missing
/// one): through `batch` for a few, through one `read_many` for many. Their
/// sizes were looked at first (`bounded`).
fn objects(repo: &SyncRepo, batch: &mut Batch, names: Vec<String>) -> Result<Vec<Option<Object>>> {
    if names.len() <= 32 {
        return names.iter().map(|name| batch.contents(name)).collect();
    }
    let mut out = Vec::with_capacity(names.len());
    read_many(repo, names, |_, object| {
        out.push(match object {
            None => None,
            Some((info, reader)) => {
                let mut data = Vec::with_capacity(info.size as usize);
                reader.read_to_end(&mut data).map_err(broken)?;
                Some((info.clone(), data))
            }
        });
        Ok(())
    })?;
    Ok(out)
}
