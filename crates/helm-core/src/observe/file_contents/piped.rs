//! `file-contents -`: what a command printed, piped in
//! (`cargo test 2>&1 | helm observe file-contents -`).
//!
//! Stdin is read whole when the target is resolved, because its identity
//! is its content: the target names stdin by the SHA-256 and size of what
//! was piped (`{"kind":"file-contents","stdin":{"sha256":…,"size":…}}`),
//! so two different outputs are two observations and the same output piped
//! twice is one. The bytes ride beside the target to the look, which packs
//! and redacts them as it does a file's. A target read back from the voyage
//! has no bytes: there is nothing to look at again.

use std::io::{IsTerminal, Read};
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::error::{Error, Result};
use crate::inputs::Stdin;
use crate::model::words;
use crate::storage::artifact::hex;

/// At most this many bytes are read from stdin: the largest payload helm
/// stores, as for a file (and stdin is held in memory, being read once).
const LIMIT: u64 = 1_000_000_000;

/// Stdin as the target records it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct StdinSeen {
    /// The SHA-256 of the bytes piped in, before any redaction.
    pub sha256: String,
    /// Their length in bytes.
    pub size: u64,
}

/// The bytes piped in, carried from resolving to looking. Never part of
/// the target's identity (its [`StdinSeen`] is), so equal to any other.
#[derive(Clone, Debug, Default)]
pub(crate) struct Piped(pub(crate) Option<Arc<[u8]>>);

impl PartialEq for Piped {
    fn eq(&self, _: &Piped) -> bool {
        true
    }
}

impl Eq for Piped {}

/// Reads stdin for `file-contents -`, refusing where there is none to read.
pub(super) fn read(stdin: Stdin) -> Result<(StdinSeen, Piped)> {
    if stdin == Stdin::Protocol {
        return Err(Error::usage(
            "file-contents \"-\" (stdin) cannot be observed here: the server's stdin carries the MCP protocol",
        )
        .hint("save the output to a file and observe its path"));
    }
    let input = std::io::stdin();
    if input.is_terminal() {
        return Err(Error::usage(
            "file-contents \"-\" reads stdin, and stdin is this terminal",
        )
        .hint(words![
            "pipe a command's output into it (cargo test 2>&1 | helm observe file-contents -), \
             or give a file's path"
        ]));
    }
    let mut bytes = Vec::new();
    input
        .lock()
        .take(LIMIT + 1)
        .read_to_end(&mut bytes)
        .map_err(|err| Error::io("cannot read stdin", &err))?;
    if bytes.len() as u64 > LIMIT {
        return Err(Error::usage(format!(
            "stdin holds more than {LIMIT} bytes, the most helm stores in one observation"
        ))
        .hint("save the output to a file and observe a part of it"));
    }
    let seen = StdinSeen {
        sha256: hex(&Sha256::digest(&bytes)),
        size: bytes.len() as u64,
    };
    Ok((seen, Piped(Some(bytes.into()))))
}
