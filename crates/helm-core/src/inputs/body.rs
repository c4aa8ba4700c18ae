//! `BodySpec`: the text of a comment or description, inline, from a file,
//! or from stdin, read as UTF-8 within GitHub's length limit or refused.

use std::path::{Path, PathBuf};

use serde::Deserialize;

use super::flags::Flag;
use super::text::{self, Named, Stdin};
use crate::error::{Error, Result};
use crate::error::{Piece, arg};
use crate::model::words;

/// GitHub refuses a comment, issue or pull request body longer than this
/// many characters.
pub(crate) const GITHUB_LIMIT: usize = 65_536;

/// A character is at most four bytes of UTF-8: reading this many (and one
/// more) is enough to tell whether a body is within [`GITHUB_LIMIT`].
const MAX_BYTES: u64 = 4 * GITHUB_LIMIT as u64;

/// Text for a comment or description: inline, from a file, or from stdin.
#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct BodySpec {
    /// The text, in GitHub Markdown.
    #[serde(default)]
    pub(crate) body: Option<String>,
    /// Read the text from a file, or from stdin with `-`.
    #[serde(default)]
    // The MCP server's stdin is the protocol: its schema offers files only.
    #[schemars(
        description = "Read the text from a regular file: a path, relative to the server's working directory."
    )]
    pub(crate) body_file: Option<PathBuf>,
}

impl BodySpec {
    /// `--body TEXT` or `--body-file PATH`, where a flattened body goes in
    /// an action's flags.
    pub(crate) fn flags() -> [Flag; 2] {
        [
            Flag::option("body", "TEXT").conflicts(&["bodyFile"]),
            Flag::option("bodyFile", "PATH")
                .path()
                .help("Read the text from a file, or from stdin with `-`"),
        ]
    }

    /// The body if one was given: `body`, or the UTF-8 contents of
    /// `body_file` (relative to `cwd`; `-` is stdin where `stdin` allows).
    /// A file must be a regular file; a body over GitHub's limit is refused.
    pub(crate) fn read(&self, cwd: &Path, stdin: Stdin) -> Result<Option<String>> {
        if let Some(text) = &self.body {
            check_length(text, words!["the ", arg("body"), " text"])?;
            return Ok(Some(text.clone()));
        }
        let Some(path) = &self.body_file else {
            return Ok(None);
        };
        let hint = match stdin {
            Stdin::Ours | Stdin::Terminal(_) => {
                "pass the path of a regular file, or `-` to read the body from stdin"
            }
            Stdin::Protocol => {
                "pass the text itself as \"body\", or the path of a regular file as \"bodyFile\""
            }
        };
        let named = Named {
            what: "the body file",
            hint,
        };
        let read = text::read(path, cwd, stdin, MAX_BYTES, &named)?;
        if read.over {
            return Err(too_long(format!("the body in {}", read.from), None));
        }
        let text = String::from_utf8(read.bytes).map_err(|err| {
            Error::usage(format!(
                "the body in {} is not valid UTF-8 (first bad byte at offset {})",
                read.from,
                err.utf8_error().valid_up_to()
            ))
            .hint("GitHub takes UTF-8 text; convert the file, e.g. with iconv")
        })?;
        check_length(&text, format!("the body in {}", read.from))?;
        Ok(Some(text))
    }

    /// A body that must be present and not blank; on a terminal, one not
    /// given is written in the user's editor.
    pub(crate) fn required(&self, cwd: &Path, stdin: Stdin, what: &str) -> Result<String> {
        match self.read(cwd, stdin)? {
            None if let Stdin::Terminal(editor) = stdin => {
                let text = editor.compose(what)?;
                check_length(&text, format!("the {what} written in the editor"))?;
                Ok(text)
            }
            Some(text) if !text.trim().is_empty() => Ok(text),
            Some(_) => Err(Error::usage(format!("the {what} is empty")).hint(words![
                "GitHub refuses empty text; write something in ",
                arg("body"),
                " or ",
                arg("body-file"),
            ])),
            None => Err(
                Error::usage(format!("the {what} is missing")).hint(match stdin {
                    Stdin::Ours | Stdin::Terminal(_) => {
                        words![
                            "pass ",
                            arg("body"),
                            " TEXT or ",
                            arg("body-file"),
                            " PATH (- for stdin)"
                        ]
                    }
                    Stdin::Protocol => {
                        words!["pass ", arg("body"), " TEXT or ", arg("body-file"), " PATH"]
                    }
                }),
            ),
        }
    }
}

/// `what` names the text in the error: "the body in plan.md".
fn check_length(text: &str, what: impl Piece) -> Result<()> {
    // Only a text of more bytes than the limit can have more characters.
    if text.len() <= GITHUB_LIMIT {
        return Ok(());
    }
    match text.chars().count() {
        count if count > GITHUB_LIMIT => Err(too_long(what, Some(count))),
        _ => Ok(()),
    }
}

fn too_long(what: impl Piece, count: Option<usize>) -> Error {
    let has = match count {
        Some(count) => format!("it has {count}"),
        None => format!("it has more than {MAX_BYTES} bytes"),
    };
    Error::usage(words![
        what,
        format!(" is longer than GitHub's limit of {GITHUB_LIMIT} characters ({has})"),
    ])
    .hint("shorten it, or split it over several comments; nothing was sent to GitHub")
}

#[cfg(test)]
mod properties {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Any bytes in a body file are either taken as the exact text or
        /// refused as a usage error, never mangled and never a panic.
        #[test]
        fn body_files_are_taken_verbatim_or_refused(bytes in prop::collection::vec(any::<u8>(), 0..512)) {
            let dir = tempfile::tempdir().unwrap();
            std::fs::write(dir.path().join("body"), &bytes).unwrap();
            let args = BodySpec { body: None, body_file: Some("body".into()) };
            match (args.read(dir.path(), Stdin::Ours), std::str::from_utf8(&bytes)) {
                (Ok(Some(text)), Ok(expected)) => prop_assert_eq!(text, expected),
                (Err(err), Err(_)) => prop_assert_eq!(err.kind(), crate::error::Kind::Usage),
                (got, _) => prop_assert!(false, "unexpected {:?}", got.map_err(|e| e.to_string())),
            }
        }
    }
}
