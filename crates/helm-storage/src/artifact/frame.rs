//! The compressed frame of a payload between packing and storing: in memory
//! while small, spilled to a private temporary file once it grows past
//! [`SPILL_FROM`], so compressing a big payload never holds its frame whole.
//! Storing it does, twice: SQLite builds the row in memory (see `stow`).
//!
//! The temporary file is created already unlinked (in `$TMPDIR`), so it
//! disappears when the frame is dropped or the process dies: nothing to clean
//! up after a failed write. This module opens no transaction.

use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom, Write};

use crate::error::{Error, Kind};

/// Frames up to this size stay in memory; bigger ones go to a temporary file.
pub(crate) const SPILL_FROM: usize = 4 << 20;

/// Chunk size for reading a spilled frame back.
const CHUNK: usize = 1 << 20;

/// A finished zstd frame.
#[derive(Debug)]
pub enum Frame {
    Memory(Vec<u8>),
    Spilled { file: File, len: u64 },
}

impl Frame {
    pub(crate) fn len(&self) -> u64 {
        match self {
            Frame::Memory(bytes) => bytes.len() as u64,
            Frame::Spilled { len, .. } => *len,
        }
    }

    /// Reads the frame from its start; a spilled frame is read back from its
    /// file in chunks.
    pub(crate) fn reader(&self) -> io::Result<Box<dyn Read + '_>> {
        match self {
            Frame::Memory(bytes) => Ok(Box::new(bytes.as_slice())),
            Frame::Spilled { file, .. } => {
                let mut file = file;
                file.seek(SeekFrom::Start(0))?;
                Ok(Box::new(io::BufReader::with_capacity(CHUNK, file)))
            }
        }
    }

    /// Decompresses the frame into `out`.
    pub fn decode_into(&self, out: &mut dyn Write) -> io::Result<()> {
        zstd::stream::copy_decode(self.reader()?, out)
    }

    /// The whole frame in memory: exactly [`Frame::len`] bytes, or an error
    /// (a spilled file that lost or gained bytes is not this frame).
    pub(crate) fn read_whole(&self) -> io::Result<Vec<u8>> {
        let mut data = vec![0u8; self.len() as usize];
        let mut reader = self.reader()?;
        reader.read_exact(&mut data)?;
        if reader.read(&mut [0u8])? != 0 {
            return Err(io::Error::other(format!(
                "the file holds more than the {} bytes written",
                data.len()
            )));
        }
        Ok(data)
    }
}

/// The compressor's output: a `Vec` that moves to a temporary file when it
/// would grow past [`SPILL_FROM`].
#[derive(Default)]
pub(crate) struct Sink {
    memory: Vec<u8>,
    spilled: Option<(File, u64)>,
}

impl Sink {
    pub(crate) fn finish(self) -> io::Result<Frame> {
        match self.spilled {
            None => Ok(Frame::Memory(self.memory)),
            Some((mut file, len)) => {
                file.flush()?;
                Ok(Frame::Spilled { file, len })
            }
        }
    }
}

impl Write for Sink {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.spilled.is_none() && self.memory.len() + buf.len() > SPILL_FROM {
            let mut file = tempfile::tempfile().map_err(spill_error)?;
            file.write_all(&self.memory).map_err(spill_error)?;
            self.spilled = Some((file, self.memory.len() as u64));
            self.memory = Vec::new();
        }
        match &mut self.spilled {
            Some((file, len)) => {
                file.write_all(buf).map_err(spill_error)?;
                *len += buf.len() as u64;
            }
            None => self.memory.extend_from_slice(buf),
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

fn spill_error(err: io::Error) -> io::Error {
    io::Error::new(
        err.kind(),
        format!("writing the compressed payload to a temporary file (in $TMPDIR) failed: {err}"),
    )
}

pub(crate) fn read_back_error(err: io::Error) -> Error {
    Error::new(
        Kind::Io,
        format!("reading the compressed payload back from its temporary file failed: {err}"),
    )
    .hint("check the space and health of $TMPDIR, then observe again; nothing was stored")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sink_spills_past_the_threshold_and_reads_back_whole() {
        let mut sink = Sink::default();
        let chunk: Vec<u8> = (0..=255u8).cycle().take(1 << 20).collect();
        for _ in 0..3 {
            sink.write_all(&chunk).unwrap();
        }
        assert!(sink.spilled.is_none(), "3 MiB stays in memory");
        for _ in 0..3 {
            sink.write_all(&chunk).unwrap();
        }
        let frame = sink.finish().unwrap();
        assert!(matches!(frame, Frame::Spilled { len, .. } if len == 6 << 20));
        // Read twice: each reader starts from the beginning.
        for _ in 0..2 {
            let mut back = Vec::new();
            frame.reader().unwrap().read_to_end(&mut back).unwrap();
            assert_eq!(back.len(), 6 << 20);
            assert!(back.chunks(1 << 20).all(|c| c == chunk.as_slice()));
        }
    }

    #[test]
    fn a_spilled_frame_reads_whole_only_at_its_own_length() {
        let spilled = |bytes: &[u8], len: u64| {
            let mut file = tempfile::tempfile().unwrap();
            file.write_all(bytes).unwrap();
            Frame::Spilled { file, len }
        };
        assert_eq!(spilled(b"abcd", 4).read_whole().unwrap(), b"abcd");
        assert!(spilled(b"abc", 4).read_whole().is_err(), "lost a byte");
        assert!(spilled(b"abcde", 4).read_whole().is_err(), "gained a byte");
        assert_eq!(Frame::Memory(b"xy".to_vec()).read_whole().unwrap(), b"xy");
    }
}
