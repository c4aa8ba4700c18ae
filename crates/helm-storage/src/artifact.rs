//! Artifacts: payload JSON, keyed by the SHA-256 of its uncompressed bytes and
//! stored zstd-compressed, once per voyage.
//!
//! A payload is written once, through [`Packer`], which feeds the same bytes to
//! the hasher and the compressor: the JSON is never held whole in memory, and
//! a big compressed frame goes to a temporary file (see [`frame`]).

use std::io::{self, Write};

use rusqlite::{Connection, OptionalExtension, Transaction};
use sha2::{Digest, Sha256};

use crate::error::{Error, Kind, Result};

pub(crate) mod frame;
mod status;

use crate::error::cmd;
use crate::model::words;
use crate::sql::Sql;
pub use frame::Frame;
use frame::Sink;
pub use status::ArtifactStatus;
pub(crate) use status::status_of_a;

/// zstd level 3: zstd's default, a good ratio at several hundred MB/s.
const LEVEL: i32 = 3;

/// Payloads at least this large are compressed on several threads.
const PARALLEL_FROM: u64 = 8 << 20;

/// JSON in memory at least this large is hashed on a thread of its own while
/// it is compressed (on several threads too: a tree's payload is a few MB).
const APART_FROM: usize = 1 << 20;

/// zstd's job size when it compresses on several threads: small enough that
/// a payload of a few MB is shared between them (zstd's minimum is 512 KiB).
const JOB_SIZE: u32 = 1 << 20;

/// SQLite refuses blobs above 1 GB (its default `SQLITE_MAX_LENGTH`).
const MAX_STORED: usize = 1_000_000_000;

/// A payload ready to be stowed.
#[derive(Debug)]
pub struct Packed {
    /// Lowercase hex SHA-256 of the uncompressed JSON.
    pub hash: String,
    /// The zstd frame.
    pub frame: Frame,
    /// Length of the uncompressed JSON.
    pub raw_len: u64,
    /// The JSON itself when it was packed whole from memory: showing the
    /// payload then needs no decompression.
    pub json: Option<Vec<u8>>,
}

/// A `Write` sink that hashes and compresses payload JSON in one pass.
pub struct Packer {
    hasher: Sha256,
    encoder: zstd::stream::Encoder<'static, Sink>,
    raw_len: u64,
}

impl Packer {
    /// `size_hint` is a guess of the payload size, used to decide whether to
    /// compress on several threads.
    pub fn new(size_hint: u64) -> Result<Self> {
        let mut encoder =
            zstd::stream::Encoder::new(Sink::default(), LEVEL).map_err(compress_error)?;
        encoder.include_checksum(true).map_err(compress_error)?;
        if size_hint >= PARALLEL_FROM {
            let threads = threads();
            if threads > 1 {
                // Without zstd built for threads this fails; one thread is still correct.
                let _ = encoder.multithread(threads);
            }
        }
        Ok(Packer {
            hasher: Sha256::new(),
            encoder,
            raw_len: 0,
        })
    }

    /// Packs a value that is cheap to serialise in one go (its JSON is held
    /// once, so zstd knows the size up front).
    pub fn pack<T: serde::Serialize>(value: &T) -> Result<Packed> {
        Packer::pack_json(serde_json::to_vec(value)?)
    }

    /// Packs JSON already in memory, and keeps it for showing. zstd is told
    /// its exact size, so it sizes its tables to it: for the small payloads
    /// of everyday commands, setting up full-size tables costs more than
    /// compressing. Small ones are compressed in one call, with no stream
    /// buffers; big ones on several threads.
    pub fn pack_json(json: Vec<u8>) -> Result<Packed> {
        let len = json.len() as u64;
        if len >= PARALLEL_FROM {
            let mut packer = Packer::new(len)?;
            packer
                .encoder
                .set_pledged_src_size(Some(len))
                .map_err(compress_error)?;
            packer.write_all(&json).map_err(compress_error)?;
            let packed = packer.finish()?;
            return Ok(Packed {
                json: Some(json),
                ..packed
            });
        }
        let (hash, frame) = if json.len() < APART_FROM {
            (hex(&Sha256::digest(&json)), compress(&json, 1))
        } else {
            std::thread::scope(|scope| {
                let hashing = scope.spawn(|| hex(&Sha256::digest(&json)));
                let frame = compress(&json, threads());
                (hashing.join().expect("hashing does not panic"), frame)
            })
        };
        let frame = frame?;
        check_stored(frame.len() as u64)?;
        Ok(Packed {
            hash,
            frame: Frame::Memory(frame),
            raw_len: len,
            json: Some(json),
        })
    }

    pub fn finish(self) -> Result<Packed> {
        let frame = self
            .encoder
            .finish()
            .and_then(Sink::finish)
            .map_err(compress_error)?;
        check_stored(frame.len())?;
        Ok(Packed {
            hash: hex(&self.hasher.finalize()),
            frame,
            raw_len: self.raw_len,
            json: None,
        })
    }
}

/// One zstd frame of `json`, on `threads` threads when there are several.
fn compress(json: &[u8], threads: u32) -> Result<Vec<u8>> {
    use zstd::stream::raw::CParameter;
    let mut compressor = zstd::bulk::Compressor::new(LEVEL).map_err(compress_error)?;
    compressor.include_checksum(true).map_err(compress_error)?;
    if threads > 1 {
        // Without zstd built for threads this fails; one thread is still correct.
        let _ = compressor
            .set_parameter(CParameter::NbWorkers(threads))
            .and_then(|()| compressor.set_parameter(CParameter::JobSize(JOB_SIZE)));
    }
    compressor.compress(json).map_err(compress_error)
}

fn threads() -> u32 {
    std::thread::available_parallelism().map_or(1, |n| n.get().min(4) as u32)
}

/// Refuses a frame SQLite would refuse, saying so in helm's words.
fn check_stored(compressed: u64) -> Result<()> {
    if compressed > MAX_STORED as u64 {
        return Err(Error::new(
            Kind::Io,
            format!(
                "the payload is too large to store: {compressed} bytes compressed, SQLite's limit is {MAX_STORED}"
            ),
        )
        .hint("observe fewer or smaller files"));
    }
    Ok(())
}

impl Write for Packer {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let written = self.encoder.write(buf)?;
        self.hasher.update(&buf[..written]);
        self.raw_len += written as u64;
        Ok(written)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.encoder.write_all(buf)?;
        self.hasher.update(buf);
        self.raw_len += buf.len() as u64;
        Ok(())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

fn compress_error(err: io::Error) -> Error {
    Error::new(Kind::Io, format!("compressing the payload failed: {err}"))
}

pub fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(bytes.len() * 2);
    for byte in bytes {
        out.push(DIGITS[(byte >> 4) as usize] as char);
        out.push(DIGITS[(byte & 0xf) as usize] as char);
    }
    out
}

/// Stores a packed payload unless the voyage already has it. An artifact whose
/// payload was reduced or jettisoned gets its payload back. A spilled frame
/// is bound whole, once, in the same transaction.
///
/// The bytes just packed were hashed as they were packed: they are the truth
/// for their key. A frame in memory is compared with what is stowed under
/// that key and replaces it when they differ, so bytes planted under another
/// payload's hash never stand in for what was just seen. A spilled frame is
/// not: reading tens of MB back on every unchanged look is the cost the
/// status check spares, and stowed bytes only come from helm's own packing
/// or from an import, which re-hashes every one (`export_import::check`).
pub(crate) fn stow(tx: &Transaction<'_>, packed: &Packed) -> Result<()> {
    // ?3 is `stowed`: an artifact already stowed with these bytes is not
    // written again.
    const UPSERT: &str = "ON CONFLICT (hash) DO UPDATE SET data = excluded.data, status = ?3
         WHERE artifacts.status <> ?3 OR artifacts.data IS NOT excluded.data";
    match &packed.frame {
        Frame::Memory(data) => {
            tx.prepare_cached(&format!(
                "INSERT INTO artifacts (hash, data, status) VALUES (?1, ?2, ?3) {UPSERT}"
            ))
            .sql()?
            .execute((&packed.hash, data, ArtifactStatus::Stowed))
            .sql()?;
        }
        spilled @ Frame::Spilled { .. } => {
            // The status is read first, so an artifact already stowed costs
            // no read of the frame at all.
            let status: Option<ArtifactStatus> = tx
                .prepare_cached(concat!(
                    "SELECT ",
                    status_of_a!(),
                    " FROM artifacts a WHERE hash = ?1"
                ))
                .sql()?
                .query_row([&packed.hash], |row| row.get(0))
                .optional()
                .sql()?;
            let sql = match status {
                Some(ArtifactStatus::Stowed) => return Ok(()),
                Some(_) => "UPDATE artifacts SET data = ?2, status = ?3 WHERE hash = ?1",
                None => "INSERT INTO artifacts (hash, data, status) VALUES (?1, ?2, ?3)",
            };
            // SQLite builds the whole row in memory whatever helm does (seed
            // 002 puts `status` after `data`; bench/zeroblob_rss.py): two
            // copies of the frame at its peak. Binding the bytes, then
            // freeing helm's copy (SQLite keeps its own), holds that peak
            // and writes the pages once; a zeroblob filled in afterwards
            // wrote them as zeros first and then again.
            let data = spilled.read_whole().map_err(frame::read_back_error)?;
            // Not cached: a cached statement would keep the bound copy.
            let mut stmt = tx.prepare(sql).sql()?;
            stmt.raw_bind_parameter(1, &packed.hash).sql()?;
            stmt.raw_bind_parameter(2, data.as_slice()).sql()?;
            stmt.raw_bind_parameter(3, ArtifactStatus::Stowed).sql()?;
            drop(data);
            stmt.raw_execute().sql()?;
        }
    }
    Ok(())
}

/// A stored artifact, still compressed.
pub struct Stored {
    pub hash: String,
    pub data: Vec<u8>,
    pub status: ArtifactStatus,
}

/// Loads an artifact by its full hash or a unique prefix of it.
pub(crate) fn load(conn: &Connection, hash: &str) -> Result<Stored> {
    let hash = resolve(conn, hash)?;
    conn.prepare_cached("SELECT hash, data, status FROM artifacts WHERE hash = ?1")
        .sql()?
        .query_row([&hash], |row| {
            Ok(Stored {
                hash: row.get(0)?,
                data: row.get(1)?,
                status: row.get(2)?,
            })
        })
        .sql()
}

/// The full hash of the artifact named by a full hash or a unique prefix,
/// without reading its payload.
pub(crate) fn resolve(conn: &Connection, hash: &str) -> Result<String> {
    let wanted = hash.trim().to_ascii_lowercase();
    if wanted.is_empty() || wanted.len() > 64 || !wanted.chars().all(|c| c.is_ascii_hexdigit()) {
        return Err(Error::usage(format!(
            "'{}' is not an artifact hash: hashes are hexadecimal SHA-256",
            hash.trim()
        )));
    }
    let upper = format!("{wanted}g");
    let mut stmt = conn
        .prepare_cached("SELECT hash FROM artifacts WHERE hash >= ?1 AND hash < ?2 LIMIT 2")
        .sql()?;
    let mut rows: Vec<String> = stmt
        .query_map((&wanted, &upper), |row| row.get(0))
        .sql()?
        .collect::<rusqlite::Result<_>>()
        .sql()?;
    match rows.len() {
        1 => Ok(rows.remove(0)),
        0 => Err(Error::new(
            Kind::NotFound,
            format!("no artifact {wanted} in this voyage"),
        )
        .hint(words![
            cmd("voyage show"),
            " lists the artifacts of every bearing; ",
            cmd("slate list"),
            " those on the slate",
        ])),
        _ => Err(Error::new(
            Kind::Ambiguous,
            format!("artifact prefix '{wanted}' names more than one artifact"),
        )
        .hint("type more of the hash")),
    }
}

/// Whether the voyage holds an artifact with exactly this hash.
#[cfg(test)]
pub(crate) fn exists(conn: &Connection, hash: &str) -> Result<bool> {
    Ok(conn
        .prepare_cached("SELECT 1 FROM artifacts WHERE hash = ?1")
        .sql()?
        .query_row([hash], |_| Ok(()))
        .optional()
        .sql()?
        .is_some())
}

/// Decompresses an artifact into `out`, returning the SHA-256 of what was written.
pub fn unpack(data: &[u8], out: &mut dyn Write) -> io::Result<String> {
    let mut tee = HashingWriter {
        inner: out,
        hasher: Sha256::new(),
    };
    zstd::stream::copy_decode(data, &mut tee)?;
    Ok(hex(&tee.hasher.finalize()))
}

struct HashingWriter<'a> {
    inner: &'a mut dyn Write,
    hasher: Sha256,
}

impl Write for HashingWriter<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let written = self.inner.write(buf)?;
        self.hasher.update(&buf[..written]);
        Ok(written)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

#[cfg(test)]
mod tests;
