//! `git fast-import` writing a push's commits into helm's private
//! repository in one process: one commit per entry and one for the voyage's
//! own changes, each tree a whole snapshot of the voyage. Payloads are
//! streamed out of their zstd frames and checked against their hash on the
//! way, so nothing corrupt leaves this machine.

use std::io::{self, BufWriter, Read, Write};
use std::process::{ChildStdin, Stdio};

use sha2::{Digest, Sha256};

use super::Sync;
use super::git;
use super::layout;
use crate::error::{Error, Kind, Result};

/// One file operation of a commit.
pub enum Op {
    Entry(u64, Vec<u8>),
    Payload(String, Vec<u8>),
    Record(String, Option<Vec<u8>>),
    DropPayload(String),
    Voyage(Vec<u8>),
}

pub struct Commit {
    pub author: String,
    pub when: i64,
    pub message: String,
    pub ops: Vec<Op>,
}

/// Writes the commits with one `git fast-import`; returns the last one.
pub fn fast_import(
    sync: &Sync<'_>,
    scratch: &str,
    base: Option<&str>,
    commits: &[Commit],
) -> Result<String> {
    let mut command = sync.repo.command();
    command
        .args(["fast-import", "--quiet"])
        .stdin(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = git::spawn(command, "git fast-import")?;
    let stdin = child.stdin.take().expect("stdin is piped");
    let written = stream(
        BufWriter::with_capacity(256 << 10, stdin),
        scratch,
        base,
        commits,
    );
    if let Err(err) = written {
        let _ = child.kill();
        let _ = child.wait();
        return Err(err);
    }
    let output = git::check(git::wait(child, "git fast-import")?, "git fast-import")?;
    let commit = String::from_utf8_lossy(&output.stdout).trim().to_string();
    if commit.len() != 40 || !commit.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(Error::new(
            Kind::Io,
            "git fast-import did not name the commit it wrote",
        ));
    }
    Ok(commit)
}

fn stream(
    mut out: BufWriter<ChildStdin>,
    scratch: &str,
    base: Option<&str>,
    commits: &[Commit],
) -> Result<()> {
    let broken = |err: io::Error| Error::io("writing to git fast-import failed", &err);
    let now = jiff::Timestamp::now().as_second();
    writeln!(out, "feature done").map_err(broken)?;
    for (i, commit) in commits.iter().enumerate() {
        writeln!(out, "commit {scratch}\nmark :{}", i + 1).map_err(broken)?;
        writeln!(out, "author {} <> {} +0000", commit.author, commit.when).map_err(broken)?;
        writeln!(out, "committer helm <helm@localhost> {now} +0000").map_err(broken)?;
        data(&mut out, commit.message.as_bytes()).map_err(broken)?;
        if i == 0
            && let Some(base) = base
        {
            writeln!(out, "from {base}").map_err(broken)?;
        }
        for op in &commit.ops {
            match op {
                Op::Entry(number, bytes) => {
                    writeln!(out, "M 100644 inline {}", layout::entry_path(*number))
                        .map_err(broken)?;
                    data(&mut out, bytes).map_err(broken)?;
                }
                Op::Voyage(bytes) => {
                    writeln!(out, "M 100644 inline voyage.json").map_err(broken)?;
                    data(&mut out, bytes).map_err(broken)?;
                }
                Op::Record(hash, Some(bytes)) => {
                    writeln!(out, "M 100644 inline {}", layout::lifecycle_path(hash))
                        .map_err(broken)?;
                    data(&mut out, bytes).map_err(broken)?;
                }
                Op::Record(hash, None) => {
                    writeln!(out, "D {}", layout::lifecycle_path(hash)).map_err(broken)?;
                }
                Op::DropPayload(hash) => {
                    writeln!(out, "D {}", layout::artifact_path(hash)).map_err(broken)?;
                }
                Op::Payload(hash, frame) => {
                    writeln!(out, "M 100644 inline {}", layout::artifact_path(hash))
                        .map_err(broken)?;
                    payload(&mut out, hash, frame)?;
                }
            }
        }
        writeln!(out).map_err(broken)?;
    }
    writeln!(out, "get-mark :{}\ndone", commits.len()).map_err(broken)?;
    out.flush().map_err(broken)
}

fn data(out: &mut impl Write, bytes: &[u8]) -> io::Result<()> {
    writeln!(out, "data {}", bytes.len())?;
    out.write_all(bytes)?;
    writeln!(out)
}

/// A payload out of its zstd frame, its length first (from the frame's
/// header, else by decompressing once to count), checked against its hash.
fn payload(out: &mut impl Write, hash: &str, frame: &[u8]) -> Result<()> {
    let corrupt = |why: String| {
        Error::new(
            Kind::Corrupt,
            format!("artifact {hash} is damaged here: {why}"),
        )
        .hint("run `helm voyage verify` for a report; nothing was pushed")
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
