//! `BodySpec`: the text of a comment or description, inline, from a file,
//! or from stdin, read as UTF-8 or refused.

use std::io::Read;
use std::path::{Path, PathBuf};

use clap::Args;
use serde::Deserialize;

use crate::error::{Error, Result};

/// Text for a comment or description: inline, from a file, or from stdin.
#[derive(Debug, Clone, Default, Args, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct BodySpec {
    /// The text, in GitHub Markdown.
    #[arg(long, value_name = "TEXT", conflicts_with = "body_file")]
    #[serde(default)]
    pub body: Option<String>,
    /// Read the text from a file, or from stdin with `-`.
    #[arg(long, value_name = "PATH")]
    #[serde(default)]
    pub body_file: Option<PathBuf>,
}

impl BodySpec {
    /// The body if one was given: `body`, or the UTF-8 contents of
    /// `body_file` (relative to `cwd`; `-` is stdin).
    pub fn read(&self, cwd: &Path) -> Result<Option<String>> {
        if let Some(text) = &self.body {
            return Ok(Some(text.clone()));
        }
        let Some(path) = &self.body_file else {
            return Ok(None);
        };
        let mut bytes = Vec::new();
        let from = if path.as_os_str() == "-" {
            std::io::stdin()
                .lock()
                .read_to_end(&mut bytes)
                .map_err(|err| Error::io("cannot read the body from stdin", &err))?;
            "stdin".to_string()
        } else {
            bytes = std::fs::read(cwd.join(path)).map_err(|err| {
                Error::io(format!("cannot read --body-file {}", path.display()), &err)
            })?;
            path.display().to_string()
        };
        String::from_utf8(bytes).map(Some).map_err(|err| {
            Error::usage(format!(
                "the body in {from} is not valid UTF-8 (first bad byte at offset {})",
                err.utf8_error().valid_up_to()
            ))
            .hint("GitHub takes UTF-8 text; convert the file, e.g. with iconv")
        })
    }

    /// A body that must be present and not blank.
    pub(super) fn required(&self, cwd: &Path, what: &str) -> Result<String> {
        match self.read(cwd)? {
            Some(text) if !text.trim().is_empty() => Ok(text),
            Some(_) => Err(Error::usage(format!("the {what} is empty"))
                .hint("GitHub refuses empty text; write something in --body or --body-file")),
            None => Err(Error::usage(format!("the {what} is missing"))
                .hint("pass --body TEXT or --body-file PATH (- for stdin)")),
        }
    }
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
            match (args.read(dir.path()), std::str::from_utf8(&bytes)) {
                (Ok(Some(text)), Ok(expected)) => prop_assert_eq!(text, expected),
                (Err(err), Err(_)) => prop_assert_eq!(err.kind(), crate::error::Kind::Usage),
                (got, _) => prop_assert!(false, "unexpected {:?}", got.map_err(|e| e.to_string())),
            }
        }
    }
}
