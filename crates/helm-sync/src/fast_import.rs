//! `git fast-import` writing a push in one process: the commits for the
//! remote (each holding only what it adds, on top of the last synced remote
//! commit) and the new snapshot of the remote they make (`shadow`).
//! Payloads are streamed out of their zstd frames and checked against
//! their hash on the way, so nothing corrupt leaves this machine.

use std::io::{self, BufWriter, Read, Write};
use std::process::ChildStdin;

use sha2::{Digest, Sha256};

use super::git::StartedCommand;
use super::names::File;
use super::rules::ArtifactLifecycle;
use super::shadow::tree::{self, Base, Blob, FileChange};
use crate::error::cmd;
use crate::error::{Error, Kind, Result};
use crate::model::words;

/// An artifact a commit sends: its state before (on the remote) and after
/// (here), its payload's zstd frame if the payload goes, its lifecycle file
/// if that changes.
pub(crate) struct Sent {
    pub(crate) hash: String,
    pub(crate) before: Option<ArtifactLifecycle>,
    pub(crate) after: ArtifactLifecycle,
    pub(crate) frame: Option<Vec<u8>>,
    pub(crate) record: Option<Vec<u8>>,
}

/// One remote commit.
pub(crate) struct Commit {
    pub(crate) author: String,
    pub(crate) when: i64,
    pub(crate) message: String,
    pub(crate) entry: Option<(u64, Vec<u8>)>,
    pub(crate) sent: Vec<Sent>,
    pub(crate) voyage: Vec<u8>,
}

/// What fast-import wrote: the last remote commit, and its snapshot.
pub(crate) struct Written {
    pub(crate) remote: String,
    pub(crate) shadow: String,
}

/// Writes `commits` on the branch `remote_ref` (on top of the base's remote
/// commit) and their snapshot on `shadow_ref`, through `import` (a `git
/// fast-import` started ahead; killed, having written nothing, on an error).
pub(crate) fn fast_import(
    mut import: StartedCommand,
    remote_ref: &str,
    shadow_ref: &str,
    base: Option<&Base>,
    commits: &[Commit],
) -> Result<Written> {
    let stdin = import.stdin();
    stream(
        BufWriter::with_capacity(256 << 10, stdin),
        remote_ref,
        shadow_ref,
        base,
        commits,
    )?;
    let output = import.finish()?;
    let text = String::from_utf8_lossy(&output.stdout);
    let ids: Vec<&str> = text.lines().map(str::trim).collect();
    match ids.as_slice() {
        [remote, shadow] if [remote, shadow].iter().all(|id| id.len() == 40) => Ok(Written {
            remote: remote.to_string(),
            shadow: shadow.to_string(),
        }),
        _ => Err(Error::new(
            Kind::Io,
            "git fast-import did not name the commits it wrote",
        )),
    }
}

fn stream(
    mut out: BufWriter<ChildStdin>,
    remote_ref: &str,
    shadow_ref: &str,
    base: Option<&Base>,
    commits: &[Commit],
) -> Result<()> {
    let broken = |err: io::Error| Error::io("writing to git fast-import failed", &err);
    let now = jiff::Timestamp::now().as_second();
    let mut marks = 0usize;
    let mut next = || {
        marks += 1;
        marks
    };
    let mut changes = Vec::new();
    let mut voyage_mark = 0;
    let mut entry_mark = None;
    let mut last = 0;
    writeln!(out, "feature done").map_err(broken)?;
    for (i, commit) in commits.iter().enumerate() {
        let mut files: Vec<(File, usize)> = Vec::new();
        if let Some((number, bytes)) = &commit.entry {
            let mark = next();
            blob(&mut out, mark, bytes).map_err(broken)?;
            files.push((File::Entry(*number), mark));
            entry_mark = Some((*number, mark));
        }
        for sent in &commit.sent {
            let mut payload = None;
            if let Some(frame) = &sent.frame {
                let mark = next();
                writeln!(out, "blob\nmark :{mark}").map_err(broken)?;
                write_payload(&mut out, &sent.hash, frame)?;
                files.push((File::Artifact(sent.hash.clone()), mark));
                payload = Some(Blob::Mark(mark));
            }
            if let Some(record) = &sent.record {
                let mark = next();
                blob(&mut out, mark, record).map_err(broken)?;
                files.push((File::Lifecycle(sent.hash.clone()), mark));
            }
            changes.extend(tree::artifact_changes(
                &sent.hash,
                sent.before.as_ref(),
                &sent.after,
                payload,
            ));
        }
        voyage_mark = next();
        blob(&mut out, voyage_mark, &commit.voyage).map_err(broken)?;
        files.push((File::Voyage, voyage_mark));
        last = next();
        writeln!(out, "commit {remote_ref}\nmark :{last}").map_err(broken)?;
        writeln!(out, "author {} <> {} +0000", commit.author, commit.when).map_err(broken)?;
        writeln!(out, "committer helm <helm@localhost> {now} +0000").map_err(broken)?;
        data(&mut out, commit.message.as_bytes()).map_err(broken)?;
        if i == 0
            && let Some(base) = base
        {
            writeln!(out, "from {}", base.remote).map_err(broken)?;
        }
        writeln!(out, "deleteall").map_err(broken)?;
        for (file, mark) in &files {
            writeln!(out, "M 100644 :{mark} {}", file.name()).map_err(broken)?;
        }
        writeln!(out).map_err(broken)?;
    }
    changes.push(FileChange::Put(File::Voyage, Blob::Mark(voyage_mark)));
    if let Some((number, mark)) = entry_mark {
        changes.push(FileChange::Put(File::Entry(number), Blob::Mark(mark)));
    }
    let shadow_mark = next();
    tree::commit(
        &mut out,
        shadow_ref,
        shadow_mark,
        base,
        &format!(":{last}"),
        &changes,
    )
    .map_err(broken)?;
    writeln!(out, "get-mark :{last}\nget-mark :{shadow_mark}\ndone").map_err(broken)?;
    out.flush().map_err(broken)
}

fn blob(out: &mut impl Write, mark: usize, bytes: &[u8]) -> io::Result<()> {
    writeln!(out, "blob\nmark :{mark}")?;
    data(out, bytes)
}

fn data(out: &mut impl Write, bytes: &[u8]) -> io::Result<()> {
    writeln!(out, "data {}", bytes.len())?;
    out.write_all(bytes)?;
    writeln!(out)
}

/// A payload out of its zstd frame, its length first (from the frame's
/// header, else by decompressing once to count), checked against its hash.
fn write_payload(out: &mut impl Write, hash: &str, frame: &[u8]) -> Result<()> {
    let corrupt = |why: String| {
        Error::new(
            Kind::Corrupt,
            format!("artifact {hash} is damaged here: {why}"),
        )
        .hint(words![
            "run ",
            cmd("voyage verify"),
            " for a report; nothing was pushed"
        ])
    };
    let len = match zstd::zstd_safe::get_frame_content_size(frame) {
        Ok(Some(len)) => len,
        _ => {
            let mut counter = Counter::default();
            zstd::stream::copy_decode(frame, &mut counter)
                .map_err(|err| corrupt(err.to_string()))?;
            counter.0
        }
    };
    writeln!(out, "data {len}")
        .map_err(|err| Error::io("writing to git fast-import failed", &err))?;
    let mut hashing = Hashing {
        inner: out,
        hasher: Sha256::new(),
        len: 0,
    };
    let mut decoder =
        zstd::stream::read::Decoder::new(frame).map_err(|err| corrupt(err.to_string()))?;
    io::copy(&mut (&mut decoder).take(len + 1), &mut hashing)
        .map_err(|err| corrupt(err.to_string()))?;
    let actual = crate::storage::artifact::hex(&hashing.hasher.finalize());
    if hashing.len != len || actual != hash {
        return Err(corrupt(format!("its payload hashes to {actual}")));
    }
    writeln!(hashing.inner).map_err(|err| Error::io("writing to git fast-import failed", &err))
}

#[derive(Default)]
struct Counter(u64);

impl Write for Counter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0 += buf.len() as u64;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

struct Hashing<'a, W: Write> {
    inner: &'a mut W,
    hasher: Sha256,
    len: u64,
}

impl<W: Write> Write for Hashing<'_, W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.hasher.update(&buf[..n]);
        self.len += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}
