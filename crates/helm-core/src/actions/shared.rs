//! What several actions share: the checks of a title, a sha and an edit, and
//! what an edit's and a close's entries record ([`Edited`], [`Closed`]).

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::part::{RecordPart, first_differing, kept};
use crate::error::arg;
use crate::error::{Error, Result};
use crate::inputs::{BodySpec, Stdin};
use crate::model::words;

/// `value` trimmed; argument `name` given blank is a usage error.
pub(super) fn non_blank(value: &str, name: &'static str) -> Result<String> {
    let trimmed = value.trim();
    if trimmed.is_empty() {
        return Err(Error::usage(words![arg(name), " is empty"]));
    }
    Ok(trimmed.to_string())
}

pub(super) fn is_sha(text: &str) -> bool {
    (text.len() == 40 || text.len() == 64) && text.chars().all(|c| c.is_ascii_hexdigit())
}

/// An edit changes the title, the body or both; it cannot change nothing.
pub(super) fn edits(
    title: &Option<String>,
    body: &BodySpec,
    cwd: &Path,
    stdin: Stdin,
) -> Result<(Option<String>, Option<String>)> {
    let title = title
        .as_deref()
        .map(|t| non_blank(t, "title"))
        .transpose()?;
    let body = body.read(cwd, stdin)?;
    if title.is_none() && body.is_none() {
        return Err(Error::usage(words![
            "nothing to change: pass ",
            arg("title"),
            ", ",
            arg("body"),
            " or ",
            arg("body-file"),
        ]));
    }
    Ok((title, body))
}

/// What an edit's entry (`edit-issue`, `edit-pr`) records of its own.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, rename_all = "camelCase")]
pub(crate) struct Edited {
    /// The new title, as GitHub answered it; absent when not asked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) title: Option<String>,
    /// The new body; absent when not asked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) body: Option<String>,
}

impl RecordPart for Edited {
    fn posted(&self) -> Vec<&str> {
        [self.title.as_deref(), self.body.as_deref()]
            .into_iter()
            .flatten()
            .collect()
    }

    /// Each is there only when asked: absent on both or equal.
    fn differs(asked: &Self, recorded: &Self) -> Option<&'static str> {
        first_differing([
            ("body", asked.body == recorded.body),
            ("title", asked.title == recorded.title),
        ])
    }

    fn details(&self, lines: &mut Vec<String>) {
        if let Some(title) = &self.title {
            lines.push(format!("title: {title}"));
        }
    }

    fn body(&self) -> Option<&str> {
        self.body.as_deref()
    }
}

/// What a close's entry (`close-issue`, `close-pr`) records of its own.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, rename_all = "camelCase")]
pub(crate) struct Closed {
    /// The state afterwards, as GitHub answered (`closed`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) state: Option<String>,
    /// GitHub's reason for the state (`completed`, `not_planned`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) state_reason: Option<String>,
    /// The close reason asked for on `close-issue` (`completed`, `not-planned`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) close_reason: Option<String>,
}

impl RecordPart for Closed {
    /// Every issue's close records its reason (one without was written by
    /// an older helm); a pull request's asks none.
    fn differs(asked: &Self, recorded: &Self) -> Option<&'static str> {
        (!kept(&asked.close_reason, &recorded.close_reason)).then_some("reason")
    }

    fn details(&self, lines: &mut Vec<String>) {
        if let Some(reason) = &self.close_reason {
            lines.push(format!("reason: {reason}"));
        }
    }
}
