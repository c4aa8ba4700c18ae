//! `file-contents`: files read whole. Text (valid UTF-8) is stored as a JSON
//! string, anything else as base64, so nothing is lost; the reading itself
//! (streamed into the packer, memory bounded by the compressed payload) is
//! in `read.rs`, and stdin (`-`, what a command printed) in `piped.rs`.

mod piped;
mod read;

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use self::piped::Piped;
pub use self::piped::StdinSeen;
use super::local::paths;
use super::said::TextSaid;
use super::{Counting, KindArgs, KindTarget, LocalLook, Looked, Place, Tally, Target, Way};
use crate::error::Words;
use crate::error::{Error, Result};
use crate::inputs::{Flag, Flags};
use crate::model::words;
use crate::words::{count_lines, human_bytes, plural};

/// One or more files, read whole (text as text, anything else as base64).
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FileContentsArgs {
    /// Files to read; on the command line `-` alone reads stdin (not over MCP).
    pub(crate) paths: Vec<PathBuf>,
}

impl Flags for FileContentsArgs {
    fn flags() -> Vec<Flag> {
        vec![Flag::positional("paths", "PATH").required().path()]
    }
}

/// The canonical target: absolute paths, sorted and de-duplicated; or
/// stdin, named by what was piped.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct FileContentsTarget {
    // Never empty for files, so a files target is written as it always was.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub paths: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stdin: Option<StdinSeen>,
    #[serde(skip)]
    #[schemars(skip)]
    piped: Piped,
}

/// The payload, as `read.rs` writes it (byte for byte what serde_json makes
/// of this type) and as the digest reads it.
#[derive(Debug, Serialize, Deserialize)]
pub(crate) struct FileContentsPayload {
    pub(crate) files: Vec<FileRead>,
}

/// One file as read.
#[derive(Debug, Serialize, Deserialize)]
pub(crate) struct FileRead {
    pub(crate) path: String,
    pub(crate) size: u64,
    pub(crate) encoding: Encoding,
    pub(crate) content: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum Encoding {
    #[serde(rename = "utf-8")]
    Utf8,
    #[serde(rename = "base64")]
    Base64,
}

impl FileContentsTarget {
    /// Files by their canonical paths (already absolute, sorted, unique).
    pub fn of_paths(paths: Vec<String>) -> FileContentsTarget {
        FileContentsTarget {
            paths,
            ..FileContentsTarget::default()
        }
    }
}

impl KindArgs for FileContentsArgs {
    fn canonical(&self, place: &Place) -> Result<Target> {
        if self.paths.iter().any(|path| path.as_os_str() == "-") {
            if self.paths.len() > 1 {
                return Err(Error::usage(
                    "file-contents \"-\" (stdin) is observed alone, not with other paths",
                )
                .hint("observe stdin and the files in two observations"));
            }
            let (seen, piped) = piped::read(place.stdin)?;
            return Ok(Target::from(FileContentsTarget {
                paths: Vec::new(),
                stdin: Some(seen),
                piped,
            }));
        }
        Ok(Target::from(FileContentsTarget {
            paths: paths::canonical_paths(&self.paths, place.cwd)?,
            ..FileContentsTarget::default()
        }))
    }
}

impl KindTarget for FileContentsTarget {
    fn describe(&self) -> Words {
        if let Some(seen) = &self.stdin {
            return words![format!(
                "file-contents - (stdin, {}, sha256 {})",
                human_bytes(seen.size),
                &seen.sha256[..12.min(seen.sha256.len())]
            )];
        }
        words![match self.paths.as_slice() {
            [one] => format!("file-contents {one}"),
            [first, rest @ ..] => format!("file-contents {first} (+{} more)", rest.len()),
            [] => "file-contents".to_string(),
        }]
    }

    fn way(&self) -> Way<'_> {
        Way::Local(self)
    }

    fn digest(&self, payload: &[u8]) -> Option<String> {
        let payload: FileContentsPayload = serde_json::from_slice(payload).ok()?;
        Some(digest(&payload.files))
    }

    /// Each text file, its path and content; base64 content is not text.
    fn said(&self, payload: &[u8]) -> Vec<TextSaid> {
        let Ok(payload) = serde_json::from_slice::<FileContentsPayload>(payload) else {
            return Vec::new();
        };
        payload
            .files
            .into_iter()
            .map(|file| match file.encoding {
                Encoding::Utf8 => TextSaid::local(format!("{}\n{}", file.path, file.content)),
                Encoding::Base64 => TextSaid::local(file.path),
            })
            .collect()
    }
}

impl LocalLook for FileContentsTarget {
    fn progress(&self) -> (String, Counting) {
        let label = match self.paths.as_slice() {
            [] if self.stdin.is_some() => "reading stdin".to_string(),
            [one] => format!("reading {one}"),
            many => format!("reading {} files", many.len()),
        };
        (label, Counting::Bytes)
    }

    fn look(&self, tally: &Tally) -> Result<Looked> {
        let (packed, report) = match (&self.stdin, &self.piped.0) {
            (Some(_), Some(bytes)) => read::observe_piped(bytes, tally)?,
            (Some(_), None) => {
                return Err(Error::usage(
                    "stdin was read when it was observed, and is not here to look at again",
                )
                .hint("pipe the output into helm observe file-contents - once more"));
            }
            (None, _) => read::observe(&self.paths, tally)?,
        };
        let mut summary = format!(
            "{} {}, {}",
            report.files,
            plural(report.files as u64, "file", "files"),
            human_bytes(report.bytes)
        );
        if report.binary > 0 {
            summary.push_str(&format!(", {} stored as base64", report.binary));
        }
        Ok(Looked {
            packed,
            summary,
            redacted: report.redacted,
            digest: None,
        })
    }
}

/// `120 lines`, `3 files, 80 lines, 1 binary`, `binary, 2.0 KiB`.
fn digest(files: &[FileRead]) -> String {
    let mut lines = 0;
    let mut binary = 0;
    for file in files {
        match file.encoding {
            Encoding::Utf8 => lines += count_lines(&file.content),
            Encoding::Base64 => binary += 1,
        }
    }
    let mut parts = Vec::new();
    if files.len() > 1 {
        parts.push(format!("{} files", files.len()));
    }
    if binary < files.len() {
        parts.push(format!("{lines} {}", plural(lines, "line", "lines")));
    }
    if binary > 0 {
        parts.push(match files {
            [one] => format!("binary, {}", human_bytes(one.size)),
            _ => format!("{binary} binary"),
        });
    }
    parts.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_reads_as_lines_and_anything_else_as_binary() {
        let target = FileContentsTarget {
            paths: vec!["/a".into()],
            ..FileContentsTarget::default()
        };
        let digest = |json: &str| target.digest(json.as_bytes());
        assert_eq!(
            digest(r#"{"files":[{"path":"a","size":4,"encoding":"utf-8","content":"a\nb\nc"}]}"#)
                .as_deref(),
            Some("3 lines")
        );
        assert_eq!(
            digest(r#"{"files":[{"path":"a","size":2048,"encoding":"base64","content":""}]}"#)
                .as_deref(),
            Some("binary, 2.0 KiB")
        );
        // Another kind's payload is not read as files.
        assert_eq!(
            digest(r#"{"files":[{"filename":"a","status":"added"}]}"#),
            None
        );
    }
}
