//! Reading `file-contents`' files whole. Text (valid UTF-8) is stored as a JSON
//! string; anything else as base64, so nothing is lost. Each file is streamed
//! into the packer, so memory stays bounded by the compressed payload.
//!
//! Payload: [`FileContentsPayload`](super::FileContentsPayload),
//! `{"files": [{"path", "size", "encoding": "utf-8"|"base64", "content"}],
//! "redacted"?: [{"at", "rule", "count"}]}`. Text and paths are scanned for
//! secrets as they stream (`secrets::Redacting`), before the packer hashes
//! them; `size` stays the file's own. Base64 content is not scanned.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{self, Read, Write};

use base64::Engine;

use crate::error::{Error, Kind, Result};
use crate::observe::Tally;
use crate::observe::local::{json, regular::open};
use crate::secrets::{self, Redacting, Redaction};
use crate::storage::artifact::{Packed, Packer};

const CHUNK: usize = 1 << 20;

/// What `file-contents` saw, for the one-line report.
#[derive(Debug)]
pub(crate) struct ReadSummary {
    pub(crate) files: usize,
    pub(crate) bytes: u64,
    pub(crate) binary: usize,
    /// The secrets replaced, where and by which rule.
    pub(crate) redacted: Vec<Redaction>,
}

/// Reads `paths`, counting bytes in `tally`: first the check pass (small
/// files are read, big ones only sized), then the pass that packs them, out
/// of their total size.
pub(crate) fn observe(paths: &[String], tally: &Tally) -> Result<(Packed, ReadSummary)> {
    let mut plans = Vec::with_capacity(paths.len());
    for path in paths {
        plans.push(inspect(path, tally)?);
    }
    pack(plans, tally)
}

/// Packs what was piped in (`-`) as one file, as a small file is packed:
/// from memory, its secrets redacted.
pub(crate) fn observe_piped(bytes: &[u8], tally: &Tally) -> Result<(Packed, ReadSummary)> {
    let size = bytes.len() as u64;
    tally.add(size);
    let plan = Plan {
        path: "-",
        size,
        text: std::str::from_utf8(bytes).is_ok(),
        checked: true,
        bytes: Some(bytes.to_vec()),
    };
    pack(vec![plan], tally)
}

/// The pass that packs the files, once more for each file not as seen.
fn pack(mut plans: Vec<Plan<'_>>, tally: &Tally) -> Result<(Packed, ReadSummary)> {
    let failed = |err: anyhow::Error| match err.downcast::<Error>() {
        Ok(err) => err,
        Err(err) => Error::new(Kind::Io, format!("reading the files failed: {err}")),
    };
    loop {
        let total: u64 = plans.iter().map(|p| p.size).sum();
        let mut report = ReadSummary {
            files: plans.len(),
            bytes: total,
            binary: plans.iter().filter(|p| !p.text).count(),
            redacted: Vec::new(),
        };
        tally.start(total);
        // Small files are already in memory: build the JSON there and let
        // zstd know its size. Anything bigger streams.
        if plans.iter().all(|p| p.bytes.is_some()) {
            let mut json = Vec::with_capacity(total as usize + 256);
            report.redacted = write_payload(&mut json, &plans, tally).map_err(failed)?;
            return Ok((Packer::pack_json(json)?, report));
        }
        let mut packer = Packer::new(total)?;
        match write_payload(&mut packer, &plans, tally) {
            Ok(redacted) => {
                report.redacted = redacted;
                return Ok((packer.finish()?, report));
            }
            // A big file was not what its length and the guess of text said
            // (binary files show it in their first bytes): measure it in a
            // pass of its own, as every file once was, and pack again.
            Err(err) => match err.downcast::<Recheck>() {
                Ok(Recheck(index)) => {
                    let path = plans[index].path;
                    plans[index] = measure(path, open(path)?, tally)?;
                }
                Err(err) => return Err(failed(err)),
            },
        }
    }
}

struct Plan<'a> {
    path: &'a str,
    size: u64,
    text: bool,
    /// Whether `size` and `text` were read from the file. A big file is
    /// taken at its stat'd length and for text, without a pass of its own,
    /// and the pass that packs it finds out: reading every big file twice
    /// cost more than reading the odd binary one twice.
    checked: bool,
    /// A small file is read once and kept, instead of read again to write it.
    bytes: Option<Vec<u8>>,
}

/// The unchecked file at this index in the plans is not UTF-8, or not its
/// stat'd length (some filesystems size their files wrongly).
#[derive(Debug)]
struct Recheck(usize);

impl std::fmt::Display for Recheck {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "file {} needs a pass of its own", self.0)
    }
}

impl std::error::Error for Recheck {}

/// Files up to this size are read once into memory.
const SMALL: u64 = 64 * 1024;

/// First pass: how big is it, and is it UTF-8 all the way through? A big
/// regular file is only sized: the pass that packs it checks its text.
fn inspect<'a>(path: &'a str, tally: &Tally) -> Result<Plan<'a>> {
    let mut file = open(path)?;
    let len = file.metadata().map(|m| m.len()).unwrap_or(u64::MAX);
    if len > SMALL && len != u64::MAX {
        return Ok(Plan {
            path,
            size: len,
            text: true,
            checked: false,
            bytes: None,
        });
    }
    if len <= SMALL {
        let mut bytes = Vec::with_capacity(len as usize);
        (&mut file)
            .take(SMALL + 1)
            .read_to_end(&mut bytes)
            .map_err(|err| Error::io(format!("cannot read {path}"), &err))?;
        if bytes.len() as u64 <= SMALL {
            tally.add(bytes.len() as u64);
            return Ok(Plan {
                path,
                size: bytes.len() as u64,
                text: std::str::from_utf8(&bytes).is_ok(),
                checked: true,
                bytes: Some(bytes),
            });
        }
        // It grew past the limit while we read: measure it as it streams.
        file = open(path)?;
    }
    measure(path, file, tally)
}

/// Reads a file through, counting its bytes and checking its UTF-8.
fn measure<'a>(path: &'a str, mut file: File, tally: &Tally) -> Result<Plan<'a>> {
    let mut buf = vec![0u8; CHUNK];
    let mut carry = 0usize;
    let mut size = 0u64;
    let mut text = true;
    loop {
        let read = file
            .read(&mut buf[carry..])
            .map_err(|err| Error::io(format!("cannot read {path}"), &err))?;
        if read == 0 {
            break;
        }
        size += read as u64;
        tally.add(read as u64);
        if !text {
            continue;
        }
        let filled = carry + read;
        carry = match std::str::from_utf8(&buf[..filled]) {
            Ok(_) => 0,
            Err(err) if err.error_len().is_none() => {
                let valid = err.valid_up_to();
                buf.copy_within(valid..filled, 0);
                filled - valid
            }
            Err(_) => {
                text = false;
                0
            }
        };
    }
    if carry > 0 {
        text = false;
    }
    Ok(Plan {
        path,
        size,
        text,
        checked: true,
        bytes: None,
    })
}

/// Second pass: stream each file into the payload, its secrets redacted;
/// returns the record, also written at the payload's end.
fn write_payload(
    out: &mut impl Write,
    plans: &[Plan<'_>],
    tally: &Tally,
) -> anyhow::Result<Vec<Redaction>> {
    let mut record = Vec::new();
    out.write_all(b"{\"files\":[")?;
    for (i, plan) in plans.iter().enumerate() {
        if i > 0 {
            out.write_all(b",")?;
        }
        out.write_all(b"{\"path\":")?;
        match secrets::redact(plan.path) {
            Some((path, counts)) => {
                json::write_str(out, &path)?;
                record.extend(secrets::lines_at(&format!("/files/{i}/path"), &counts));
            }
            None => json::write_str(out, plan.path)?,
        }
        write!(out, ",\"size\":{},\"encoding\":", plan.size)?;
        if let (Some(bytes), true) = (&plan.bytes, plan.text) {
            // A small text file, read already: escaped in one go, without
            // the megabyte buffers a big one streams through.
            out.write_all(b"\"utf-8\",\"content\":\"")?;
            let text = std::str::from_utf8(bytes).map_err(|_| changed(plan.path))?;
            let redacted = secrets::redact(text);
            let text = match &redacted {
                Some((text, counts)) => {
                    record.extend(secrets::lines_at(&format!("/files/{i}/content"), counts));
                    text.as_str()
                }
                None => text,
            };
            let mut escaped = Vec::with_capacity(text.len() + text.len() / 8);
            json::escape_into(text, &mut escaped);
            out.write_all(&escaped)?;
            out.write_all(b"\"}")?;
            continue;
        }
        let mut file: Box<dyn Read> = match &plan.bytes {
            Some(bytes) => Box::new(bytes.as_slice()),
            None => Box::new(Counted {
                inner: open(plan.path)?,
                tally,
            }),
        };
        let written = if plan.text {
            out.write_all(b"\"utf-8\",\"content\":\"")?;
            let (written, counts) = stream_text(&mut file, out, || not_as_seen(plan, i))?;
            record.extend(secrets::lines_at(&format!("/files/{i}/content"), &counts));
            written
        } else {
            out.write_all(b"\"base64\",\"content\":\"")?;
            stream_base64(&mut file, out, plan.path)?
        };
        if written != plan.size {
            return Err(not_as_seen(plan, i));
        }
        out.write_all(b"\"}")?;
    }
    out.write_all(b"]")?;
    if !record.is_empty() {
        write!(out, ",\"{}\":", secrets::KEY)?;
        serde_json::to_writer(&mut *out, &record)?;
    }
    out.write_all(b"}")?;
    Ok(record)
}

/// A file that did not read as its plan said: changed since it was
/// checked, or not yet checked at all.
fn not_as_seen(plan: &Plan<'_>, index: usize) -> anyhow::Error {
    match plan.checked {
        true => changed(plan.path).into(),
        false => Recheck(index).into(),
    }
}

fn changed(path: &str) -> Error {
    Error::new(
        Kind::Io,
        format!("{path} changed while helm was reading it"),
    )
    .hint("observe it again once it has stopped changing")
}

/// Streams UTF-8 text, redacted and escaped; returns the bytes read and the
/// secrets each rule found. `not_text` is the error for bytes that are not
/// UTF-8 (a file checked as text has changed; one taken for text is not).
fn stream_text(
    file: &mut impl Read,
    out: &mut impl Write,
    not_text: impl Fn() -> anyhow::Error,
) -> anyhow::Result<(u64, BTreeMap<&'static str, u64>)> {
    let mut buf = vec![0u8; CHUNK];
    let mut escaped = Vec::with_capacity(CHUNK + CHUNK / 8);
    let mut carry = 0usize;
    let mut total = 0u64;
    let mut redacting = Redacting::default();
    let mut emit = |text: &str| {
        escaped.clear();
        json::escape_into(text, &mut escaped);
        out.write_all(&escaped)
    };
    loop {
        let read = file.read(&mut buf[carry..])?;
        total += read as u64;
        let filled = carry + read;
        if read == 0 {
            if carry > 0 {
                return Err(not_text());
            }
            return Ok((total, redacting.finish(&mut emit)?));
        }
        let valid = match std::str::from_utf8(&buf[..filled]) {
            Ok(text) => text.len(),
            Err(err) if err.error_len().is_none() => err.valid_up_to(),
            Err(_) => return Err(not_text()),
        };
        let text = std::str::from_utf8(&buf[..valid]).expect("validated above");
        redacting.feed(text, &mut emit)?;
        buf.copy_within(valid..filled, 0);
        carry = filled - valid;
    }
}

fn stream_base64(file: &mut impl Read, out: &mut impl Write, _path: &str) -> anyhow::Result<u64> {
    // A multiple of 3 so chunks encode without padding in the middle.
    const RAW: usize = 3 << 18;
    let mut buf = vec![0u8; RAW];
    let mut encoded = vec![0u8; RAW / 3 * 4];
    let mut total = 0u64;
    loop {
        let filled = read_full(file, &mut buf)?;
        if filled == 0 {
            return Ok(total);
        }
        total += filled as u64;
        let n = base64::engine::general_purpose::STANDARD
            .encode_slice(&buf[..filled], &mut encoded)
            .map_err(io::Error::other)?;
        out.write_all(&encoded[..n])?;
        if filled < RAW {
            return Ok(total);
        }
    }
}

/// A file whose reads are counted in a [`Tally`].
struct Counted<'t> {
    inner: File,
    tally: &'t Tally,
}

impl Read for Counted<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.tally.add(n as u64);
        Ok(n)
    }
}

/// Reads until `buf` is full or the file ends.
fn read_full(file: &mut impl Read, buf: &mut [u8]) -> io::Result<usize> {
    let mut filled = 0;
    while filled < buf.len() {
        match file.read(&mut buf[filled..]) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(err) if err.kind() == io::ErrorKind::Interrupted => {}
            Err(err) => return Err(err),
        }
    }
    Ok(filled)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_big_file_not_as_its_length_said_is_measured_and_packed_again() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("big.log");
        let text = "a line of text\n".repeat(8000);
        std::fs::write(&path, &text).unwrap();
        let path = path.to_str().unwrap();
        let tally = Tally::default();
        let mut plan = inspect(path, &tally).unwrap();
        assert!(!plan.checked && plan.text && plan.size == text.len() as u64);
        // As a filesystem that sizes its files wrongly would have it.
        plan.size += 10;
        let (packed, report) = pack(vec![plan], &tally).unwrap();
        assert_eq!(report.bytes, text.len() as u64);
        let mut json = Vec::new();
        packed.frame.decode_into(&mut json).unwrap();
        let payload: serde_json::Value = serde_json::from_slice(&json).unwrap();
        assert_eq!(payload["files"][0]["size"], text.len());
        assert!(payload["files"][0]["content"] == text.as_str());

        // Checked and still not as seen: the file changed while it was read.
        let mut plan = measure(path, open(path).unwrap(), &tally).unwrap();
        plan.size += 10;
        let err = pack(vec![plan], &tally).unwrap_err();
        assert!(
            err.message()
                .to_string()
                .contains("changed while helm was reading it"),
            "{err:?}"
        );
    }
}
